"""Galaxy Trucker ship notation: the one-pass reading of a well-formed ship and the
token-by-token reading (which names the first bad token) give the same ship or refusal."""

from __future__ import annotations

import pytest

from pnp.engine.errors import IllegalMove, NotationError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.notation import _SPLIT, board_name, parse_placement, parse_ship
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import generate_tiles

TILES = generate_tiles(0)


def _token_by_token(text: str) -> Ship:
    words = [w for w in _SPLIT.split(text.strip()) if w]
    name = board_name(words[0]) if words else None
    if name is None:
        raise NotationError(text, f"a ship starts with its board: {', '.join(BOARDS)}")
    return Ship.of(BOARDS[name], (parse_placement(w, TILES) for w in words[1:]))


def _read(read: object, text: str) -> tuple[str, object]:
    try:
        return "ship", read(text)  # type: ignore[operator]
    except (NotationError, IllegalMove) as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("text", [
    "", "I", "X 1@1,1", "I 1@1,1/4", "I 1@1,1/12", "I 999@1,1", "I 1@1,1 1@1,2",
    "I 1@1,1 2@1,1", "i;141@7,7;;", " II  3@6,6/3 ", "I 1@1", "I 1@1,1x", "141@7,7",
    "IIIa 5@3,3/3;6@3,4", "III 141@7,7 12@6,7/1 30@8,7/2 7@7,8",
])
def test_one_pass_reads_as_token_by_token(text: str) -> None:
    assert _read(lambda t: parse_ship(t, TILES), text) == _read(_token_by_token, text)

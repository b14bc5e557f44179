"""Wormholes notation (``events``): every kind of event round-trips, aliases are read, bad text is
a notation error."""

from __future__ import annotations

import pytest

from pnp.engine import NotationError
from pnp.games.wormholes import GAME
from pnp.games.wormholes.events import (
    Jump,
    Move,
    Place,
    Reveal,
    Roll,
    RollChoice,
    Send,
    parse_event,
)
from tests.games.wormholes_positions import at

NOTATIONS = ["O4-2", "O0-5", "place-first", "move-first", "S@e5", "A@a17", "roll:SM",
             "roll:none", "roll:A", "S3M0", "C2A5", "M4", "S:NE", "S:N", "S:0", "C:SW",
             "S*N", "A*SW", "C>e5", "M>j18", "e5=3", "h12=0"]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text: str) -> None:
    event = parse_event(text)
    assert GAME.notation(event) == text
    assert GAME.parse(GAME.notation(event)) == event


def test_notation_reads_aliases_and_normalises_suit_order() -> None:
    assert parse_event("M0S3") == Roll((("S", 3), ("M", 0)))
    assert parse_event("sNma") == Roll((("S", 0), ("M", 1)))
    assert parse_event("s:ne") == Move("S", "NE")
    assert parse_event("roll:ms") == RollChoice(("S", "M"))
    assert parse_event("E5=n") == Reveal(at("e5"), 0)
    assert parse_event(" c>E5 ") == Send("C", at("e5"))
    assert parse_event("a*sw") == Jump("A", "SW")
    assert parse_event("m@J18") == Place("M", at("j18"))
    assert GAME.parse_line("S3M0, S:N e7=2") == [Roll((("S", 3), ("M", 0))), Move("S", "N"),
                                                 Reveal(at("e7"), 2)]


@pytest.mark.parametrize("text", ["", "S6M0", "S:NNE", "X@e5", "S@k5", "S@e19", "S@e0",
                                  "O6-1", "S3S2", "roll:SS", "e5=6", "S*", "S>e", "S:1",
                                  "Q", "S3M0C1", "x" * 40])
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_event(text)


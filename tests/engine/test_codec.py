"""The state codec: every game's states round-trip, over random seeded playouts; foreign or
malformed input is refused with CodecError, never a crash or an import."""

from __future__ import annotations

import doctest
import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import pytest

from pnp.engine import CHANCE, Rng, all_games, codec, new_log
from pnp.engine.codec import CodecError, dumps, loads


def test_doctests() -> None:
    assert doctest.testmod(codec).failed == 0


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
@pytest.mark.parametrize("seeded", [True, False])
def test_states_of_random_playouts_round_trip(game_id: str, seeded: bool) -> None:
    """Decoded states equal the originals, and play on from them exactly alike."""
    game = next(g for g in all_games() if g.id == game_id)
    players = ["Ana", "Bo", "Cy", "Di"][:max(game.min_players, min(3, game.max_players))]
    for run in range(2):
        log = new_log(game_id, players, seed=100 + run,
                      options={"chance": "seeded" if seeded else "table"})
        state = game.initial_state(log.setup, log.players, log.seed)
        rng = Rng(run, f"codec-{game_id}")
        checked = 0
        for step in range(600):
            if step % 7 == 0 or game.actor(state) is None:
                back = loads(dumps(state))
                assert back == state, (game_id, step)
                assert dumps(back) == dumps(state)
                actor = game.actor(state)
                assert game.actor(back) == actor
                assert game.summary(back) == game.summary(state)
                assert game.scores(back) == game.scores(state)
                if actor not in (None, CHANCE):
                    assert game.legal(back) == game.legal(state)
                checked += 1
            actor = game.actor(state)
            if actor is None:
                break
            if actor == CHANCE:
                event = game.dealt_outcome(state) or rng.choice(game.chance_outcomes(state))
            else:
                event = rng.choice(game.playout_choices(state))
            state = game.apply(state, event)
            if step % 7 == 0:  # the same event applies to the decoded state alike
                assert game.apply(back, event) == state
        assert checked > 3


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Odd:
    items: list[int]
    table: dict[tuple[int, int], str]
    bag: set[int]
    colour: Colour
    share: Fraction


def test_every_kind_of_value_round_trips() -> None:
    value = Odd([1, 2], {(0, 1): "a", (2, 3): "b"}, {3, 1}, Colour.RED, Fraction(-7, 3))
    assert loads(dumps(value), modules=("pnp", "tests")) == value
    assert loads(dumps((1.5, True, None, "é"))) == (1.5, True, None, "é")


def test_foreign_types_are_neither_imported_nor_rebuilt() -> None:
    value = Odd([], {}, set(), Colour.RED, Fraction(1))
    with pytest.raises(CodecError, match="not one this decoder rebuilds"):
        loads(dumps(value))  # tests.* is not allowed by default
    evil = {"f": 1, "t": ["os:system"], "v": {"d": 0, "a": ["true"]}}
    with pytest.raises(CodecError):
        loads(json.dumps(evil), modules=("os",))


@pytest.mark.parametrize("text", [
    "", "[]", "nul", '{"f": 2, "t": [], "v": 1}', '{"f": 1, "t": [], "v": {"d": 0, "a": []}}',
    '{"f": 1, "t": ["pnp.engine.game:Outcome"], "v": {"d": 0, "a": [1]}}',
    '{"f": 1, "t": ["pnp.engine.game:Nope"], "v": 1}',
    '{"f": 1, "t": ["pnp.engine.game:get_game"], "v": 1}',
    '{"f": 1, "t": [], "v": {"x": [1]}}', '{"f": 1, "t": [], "v": {"q": [1, 0]}}',
    '{"f": 1, "t": [], "v": {"m": [[1]]}}', '{"f": 1, "t": [], "v": {"fs": [[1], {"l": []}]}}',
    b"\xff\xfe",
])
def test_malformed_text_is_refused(text: str | bytes) -> None:
    with pytest.raises(CodecError):
        loads(text)


def test_unencodable_values_are_named() -> None:
    with pytest.raises(CodecError, match="cannot encode a object"):
        dumps(object())

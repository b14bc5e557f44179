"""Every registered game's notation under fuzzing: any text either parses to an event or is
refused with NotationError (nothing else escapes), and every event a random playout reaches
prints to a text that parses back to the same event."""

from __future__ import annotations

import contextlib
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine import NotationError, Rng, all_games, get_game, new_log
from pnp.engine.play import random_playout

GAMES = [g.id for g in all_games()]
SEEDS = range(6)


@cache
def played_events(game_id: str) -> tuple[Any, ...]:
    """Events (decisions and chance outcomes) reached in a few seeded random playouts."""
    game = get_game(game_id)
    events: list[Any] = []
    for seed in SEEDS:
        players = [f"P{i + 1}" for i in range(game.min_players)]
        log = new_log(game_id, players, seed, {"chance": "seeded"})
        state = game.initial_state(log.setup, log.players, log.seed)
        _, played = random_playout(game, state, Rng(seed, "fuzz"), 3000)
        events.extend(played)
    return tuple(events)


@cache
def notations(game_id: str) -> tuple[str, ...]:
    game = get_game(game_id)
    return tuple(sorted({game.notation(e) for e in played_events(game_id)}))


def texts(game_id: str) -> st.SearchStrategy[str]:
    """Any text; text over the game's own alphabet; real notations, mutated."""
    real = notations(game_id)
    alphabet = sorted(set("".join(real)) | set(" ,:;=+-?.!@#/\\()[]{}0123456789\x00é😀"))
    mutated = st.tuples(st.sampled_from(real), st.integers(0, 12), st.text(alphabet, max_size=3),
                        st.integers(0, 3)).map(
        lambda t: t[0][:t[1]] + t[2] + t[0][t[1] + t[3]:])
    return st.one_of(st.text(max_size=40), st.text(alphabet, max_size=16), mutated,
                     st.sampled_from(real).map(lambda s: s * 2),
                     st.sampled_from(real).map(str.lower), st.sampled_from(real).map(str.upper))


TRIED: Counter[str] = Counter()


@pytest.mark.parametrize("game_id", GAMES)
def test_parse_accepts_or_refuses_cleanly(game_id: str, tally: Counter[str]) -> None:
    game = get_game(game_id)

    @settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    @given(texts(game_id))
    def check(text: str) -> None:
        TRIED[game_id] += 1
        try:
            event = game.parse(text)
        except NotationError as exc:
            assert str(exc).strip(), "a refusal must say what was wrong"
            return
        # Whatever parses must print, and its printed form must parse to the same event.
        assert game.parse(game.notation(event)) == event
        with contextlib.suppress(NotationError):
            game.parse_line(text)

    TRIED[game_id] = 0
    check()
    tally["fuzz: notation texts tried"] += TRIED[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_played_event_round_trips(game_id: str, tally: Counter[str]) -> None:
    game = get_game(game_id)
    events = played_events(game_id)
    assert len(events) > 20, "the playouts should reach a fair number of events"
    for event in events:
        text = game.notation(event)
        assert text and text == text.strip() and " " not in text, repr(text)
        assert game.parse(text) == event, (text, event)
    line = " ".join(game.notation(e) for e in events[:50])
    assert game.parse_line(line) == list(events[:50])
    tally["fuzz: played events round-tripped"] += len(events)

"""Every built-in game package has the same shape and the same names (docs/architecture.md,
"Adding a game"): a reader who knows one game's package finds the same parts in every other.

``record`` (its RECORD), ``events`` (the ``<XX>Event`` union, ``parse_event`` and
``format_event``, which the Game's ``parse`` and ``notation`` are), ``captions`` (``describe``),
``summary`` (the ``Summary`` TypedDict), ``drawing`` (the board, named in the record),
``sheet`` and ``rule_ids`` (``RULES``, the record's table).
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import Any, get_args

import pytest

from pnp.engine import CHANCE, all_records, get_record

BUILT_IN = [r.id for r in all_records() if type(r.game).__module__.startswith("pnp.games.")]


def part(game_id: str, name: str) -> ModuleType:
    package = type(get_record(game_id).game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{name}")


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_package_has_the_same_parts(game_id: str) -> None:
    record = get_record(game_id)
    assert part(game_id, "record").RECORD is record
    assert part(game_id, "rule_ids").RULES is record.rules
    assert callable(part(game_id, "captions").describe)
    assert "Summary" in vars(part(game_id, "summary"))
    assert record.board is not None and record.board.draw is part(game_id, "drawing").draw
    assert inspect.ismodule(part(game_id, "sheet"))


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_events_are_read_and_written_by_the_same_names(game_id: str) -> None:
    events = part(game_id, "events")
    unions = [name for name, value in vars(events).items()
              if name.endswith("Event") and len(name) == 7 and get_args(value)]
    assert len(unions) == 1 and unions[0][:2].isupper(), unions  # GEEvent, GTEvent, ...
    game = get_record(game_id).game
    players = [f"P{i + 1}" for i in range(game.min_players)]
    setup = game.new_setup(7, players, {"chance": "seeded"})
    state = game.initial_state(setup, players, 7)
    shown: list[Any] = []
    for _ in range(30):  # the first decisions and outcomes of a seeded game
        actor = game.actor(state)
        if actor is None:
            break
        now = game.chance_outcomes(state) if actor == CHANCE else game.legal(state)
        shown += now
        state = game.apply(state, game.dealt_outcome(state) if actor == CHANCE else now[0])
    assert shown
    for event in shown:
        text = events.format_event(event)
        assert text == game.notation(event) and events.parse_event(text) == game.parse(text)

"""Driving a match: resolving dealt chance outcomes, and random playouts."""

from __future__ import annotations

from typing import Any

from pnp.engine.game import CHANCE, Game
from pnp.engine.rng import Rng


def resolve_dealt(game: Game[Any, Any], state: Any) -> tuple[Any, list[Any]]:
    """Apply the outcomes the seed dealt until a decision (or the end) is awaited."""
    events = []
    while game.actor(state) == CHANCE:
        event = game.dealt_outcome(state)
        if event is None:
            break
        state = game.apply(state, event)
        events.append(event)
    return state, events


def random_playout(game: Game[Any, Any], state: Any, rng: Rng,
                   max_events: int = 10_000) -> tuple[Any, list[Any]]:
    """Play random legal decisions (and dealt or random chance) to the end."""
    events: list[Any] = []
    for _ in range(max_events):
        actor = game.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = game.dealt_outcome(state)
            if event is None:
                event = rng.choice(game.chance_outcomes(state))
        else:
            event = rng.choice(game.playout_choices(state))
        state = game.apply(state, event)
        events.append(event)
    return state, events

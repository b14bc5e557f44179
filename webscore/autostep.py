"""Steps that take no tap: what the seed dealt (on a table where the tracker deals) and the
decisions the rules force (the only legal one, such as ending a turn with nothing left to do).

The engine says which decision is forced (``Game.forced``); this module only applies it and
marks the row ``auto`` so the history shows it as automatic and an undo takes it back with the
entry before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.engine import CHANCE, Game

MAX_STEPS = 500  # a bound, not a rule: no game forces anywhere near this many steps in a row


@dataclass(frozen=True)
class Step:
    event: Any
    source: str  # "dealt" | "auto"
    actor: int | None  # the seat a forced decision was for (None for chance)
    before: Any = field(default=None, compare=False, repr=False)  # the state it applies to


def advance(game: Game[Any, Any], state: Any, *, deal: bool,
            forced: bool = True) -> tuple[Any, list[Step]]:
    """Apply dealt outcomes (when ``deal``) and forced decisions (when ``forced``) until a
    real choice, a chance node the table resolves, or the end."""
    steps: list[Step] = []
    for _ in range(MAX_STEPS):
        actor = game.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = game.dealt_outcome(state) if deal else None
            if event is None:
                break
            steps.append(Step(event, "dealt", None, state))
        else:
            event = game.forced(state) if forced else None
            if event is None:
                break
            steps.append(Step(event, "auto", actor, state))
        state = game.apply(state, event)
    return state, steps


def taken_back(sources: list[str], auto_deal: bool) -> int:
    """How many entries at the end of the history an undo takes back: the last entry a person
    made, with the automatic steps (and, on a dealing table, the dealt outcomes) after it."""
    n = len(sources)
    while n and (sources[n - 1] == "auto" or (auto_deal and sources[n - 1] == "dealt")):
        n -= 1
    return len(sources) - n + 1 if n else 0

"""The one replay loop: each event of a log read and applied in turn, as a step.

Every reader of a played game (``pnp replay``, the sheet writers, the result PDF, the tracker)
folds ``apply`` over the same steps, so a step carries what they all need: the text as logged,
the typed event, who acted and the state after it.

>>> from pnp.engine import get_game, new_log
>>> log = new_log("galaxy-express", ["Ann"], 7, {"chance": "table"})  # coins turned by hand
>>> game = get_game(log.game)
>>> start = game.initial_state(log.setup, log.players, log.seed)
>>> [(s.index, s.text, s.seat) for s in replay_steps(game, start, ["Q3", "+S1"])]
[(0, 'Q3', None), (1, '+S1', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.engine.game import CHANCE, JSON, Event, Game


class Step(NamedTuple):
    """One applied event: its index in the log, its text as logged, the typed event, the seat
    that decided it (``CHANCE`` for a chance outcome) and the state it led to.

    A named tuple (immutable, like a frozen dataclass): replay makes one per event, and a
    tuple is made in half the time."""

    index: int  # type: ignore[assignment]  # the field hides tuple.index, on purpose
    text: str
    event: Event
    actor: int | None
    state: Any

    @property
    def seat(self) -> int | None:
        """The deciding seat, or None for a chance outcome."""
        return None if self.actor == CHANCE else self.actor


def replay_steps(game: Game[Any, Any], start: Any, texts: Iterable[str]) -> Iterator[Step]:
    """Parse and apply each text from ``start``, yielding a step per event.

    Raises ``NotationError`` or ``IllegalMove`` at the first text that cannot be read or is
    illegal, after yielding every step before it (its index is the number of steps yielded).
    """
    state = start
    actor_of, apply = game.actor, game.apply
    make = tuple.__new__  # Step's own __new__ without its Python-level wrapper
    for index, text in enumerate(texts):
        event = _parse(game, text)
        actor = actor_of(state)
        state = apply(state, event)
        yield make(Step, (index, text, event, actor, state))


@lru_cache(maxsize=8192)
def _parse(game: Game[Any, Any], text: str) -> Any:
    """Logs repeat their texts (``S3E``, ``roll``, ``.``), and an event is an immutable
    value: each text is read once per process (a text that cannot be read raises again)."""
    return game.parse(text)


@dataclass(frozen=True)
class Played:
    """A played game as the sheet writers read it: who played, the seed and setup, the state
    before the first event and every step."""

    players: tuple[str, ...]
    seed: int | None
    setup: Mapping[str, JSON]
    start: Any
    steps: tuple[Step, ...] = ()

    @property
    def states(self) -> list[Any]:
        """The start and the state after each step (``states[i + 1]`` follows
        ``events[i]``)."""
        return [self.start, *(s.state for s in self.steps)]

    @property
    def events(self) -> list[Any]:
        return [s.event for s in self.steps]

    @property
    def final(self) -> Any:
        return self.steps[-1].state if self.steps else self.start


__all__ = ["Played", "Step", "replay_steps"]

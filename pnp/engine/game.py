"""The one shape every rules engine takes (the registry of games is ``pnp.engine.registry``).

A game is a stateless object; all of a match lives in an immutable state value.  Events are
of two kinds, as in OpenSpiel's chance nodes: *decisions* made by a player and checked against
the rules, and *chance outcomes* (a coin turned up, a die rolled) checked against what is
physically possible and, in seeded play, against what the seed dealt.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pnp.engine.errors import SetupError

JSON = Any  # a value json.dumps accepts


@dataclass(frozen=True)
class Event:
    """Base of every typed event.  ``CHANCE`` tells the two kinds apart."""

    CHANCE: ClassVar[bool] = False


@dataclass(frozen=True)
class Decision(Event):
    CHANCE: ClassVar[bool] = False


@dataclass(frozen=True)
class Chance(Event):
    CHANCE: ClassVar[bool] = True


CHANCE = -1
"""The actor at a chance node (``Game.actor`` returns it)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended."""

    winners: tuple[int, ...]
    result: str  # e.g. "win", "lost in space", "conceded"
    detail: str = ""


S = TypeVar("S")
E = TypeVar("E", bound=Event)


class Game(ABC, Generic[S, E]):
    """A game's rules.  Pure: no I/O, no clocks, no global randomness."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    credits: ClassVar[str]  # the original designers, named in kits and on the tracker
    blurb: ClassVar[str] = ""
    deal_seed_option: ClassVar[bool] = False
    """Whether ``new_setup`` takes the option ``deal_seed`` (pnp.engine.deal): hidden chance
    from a secret seed, the public setup still from the printed one."""

    # -- setting up -----------------------------------------------------------------------
    @abstractmethod
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        """A JSON setup.  With a seed it may include the hidden deal (seeded play)."""

    @abstractmethod
    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> S:
        """The state before the first event; raises SetupError on a malformed setup."""

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        """A few lines a person reads to lay out the table (`pnp setup`)."""
        import json

        return json.dumps(dict(setup), indent=1)

    def seat_roles(self, setup: Mapping[str, JSON], players: Sequence[str]) -> tuple[str, ...]:
        """The colour or faction each seat plays ("" where the game gives seats none): what
        play loggers (BoardGameGeek, BG Stats) record per player."""
        return tuple("" for _ in players)

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        names = tuple(str(p).strip() for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            noun = "player" if self.max_players == 1 else "players"
            raise SetupError(f"{self.title} takes {span} {noun}, got {len(names)}")
        if any(not n for n in names):
            raise SetupError("every player needs a non-empty name")
        return names

    # -- whose input is awaited -------------------------------------------------------------
    @abstractmethod
    def actor(self, state: S) -> int | None:
        """The seat to decide, ``CHANCE`` at a chance node, ``None`` when finished."""

    @abstractmethod
    def legal(self, state: S) -> list[E]:
        """Every legal decision (empty at chance nodes and when finished)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[E]:
        """Every physically possible outcome at a chance node (empty elsewhere)."""

    @abstractmethod
    def dealt_outcome(self, state: S) -> E | None:
        """The outcome the seed dealt at this chance node, or None in table play."""

    def forced(self, state: S) -> E | None:
        """The decision the rules leave no alternative to (the tracker applies it by itself),
        or None when the player has a real choice.  A concession does not count as one."""
        legal = [e for e in self.legal(state) if not self.concedes(e)]
        return legal[0] if len(legal) == 1 else None

    def concedes(self, event: E) -> bool:
        """Whether this decision gives the whole game up (pages ask before logging it)."""
        return False

    def confirm(self, state: S, event: E) -> str | None:
        """A question to ask before logging an entry a stray tap must not make (conceding,
        giving a round up), or None for an ordinary entry."""
        return f"{self.describe(state, event)}?" if self.concedes(event) else None

    def describe(self, state: S, event: E) -> str:
        """A caption in plain words for one legal event here (a button's text)."""
        return self.notation(event)

    def playout_choices(self, state: S) -> list[E]:
        """Decisions a random playout picks from (legal() less resignations)."""
        return self.legal(state)

    # -- the rules ------------------------------------------------------------------------
    @abstractmethod
    def apply(self, state: S, event: E) -> S:
        """The next state; raises IllegalMove naming the rule."""

    def is_legal(self, state: S, event: E) -> bool:
        from pnp.engine.errors import IllegalMove

        try:
            self.apply(state, event)
        except IllegalMove:
            return False
        return True

    # -- notation -------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> E:
        """One event from its notation; raises NotationError."""

    @abstractmethod
    def notation(self, event: E) -> str:
        """The canonical text of an event (parse(notation(e)) == e)."""

    def parse_line(self, text: str) -> list[E]:
        """Several events separated by white space or commas (a typed turn)."""
        return [self.parse(tok) for tok in text.replace(",", " ").split()]

    # -- results --------------------------------------------------------------------------
    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Each seat's score now (final once the match is over)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or None while it goes on."""

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    @abstractmethod
    def summary(self, state: S) -> dict[str, JSON]:
        """A JSON picture of the public state, for `pnp replay` and the tracker."""

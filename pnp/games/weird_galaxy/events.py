"""Weird Galaxy events (decisions and dice) and their compact notation.

One token per event so a whole turn can be typed on one line: ``NE P:S*b3 pick end``.
See docs/notation/weird-galaxy.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.engine.errors import NotationError
from pnp.engine.game import Chance, Decision
from pnp.games.weird_galaxy.data import DIRECTIONS, RANKS, SUITS

MAX_TOKEN = 32


@dataclass(frozen=True, order=True)
class Tile:
    """A grid tile named by its suit letter and rank value (0 null .. 5)."""

    suit: str
    rank: int

    @property
    def name(self) -> str:
        return f"{self.suit}{RANKS[self.rank]}"


@dataclass(frozen=True)
class Target:
    """What Phredd spits on: a player's starship (``station`` None) or the station on a tile."""

    suit: str
    station: Tile | None = None

    @property
    def name(self) -> str:
        return self.station.name if self.station else self.suit


# -- decisions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(Decision):
    direction: str


@dataclass(frozen=True)
class MovePhredd(Decision):
    direction: str
    target: Target | None = None


@dataclass(frozen=True)
class RollMission(Decision):
    pass


@dataclass(frozen=True)
class Shoo(Decision):
    pass


@dataclass(frozen=True)
class Jump(Decision):
    pass


@dataclass(frozen=True)
class Build(Decision):
    pass


@dataclass(frozen=True)
class InstallShield(Decision):
    station: Tile


@dataclass(frozen=True)
class Repaint(Decision):
    station: Tile | None = None  # None: the own starship


@dataclass(frozen=True)
class PickUp(Decision):
    pass


@dataclass(frozen=True)
class Deliver(Decision):
    mission: int


@dataclass(frozen=True)
class Abandon(Decision):
    source: Tile


@dataclass(frozen=True)
class EndTurn(Decision):
    pass


# -- chance ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Chance):
    suit: str


@dataclass(frozen=True)
class Roll(Chance):
    rank: int


WGEvent = (Move | MovePhredd | RollMission | Shoo | Jump | Build | InstallShield | Repaint
         | PickUp | Deliver | Abandon | EndTurn | Draw | Roll)

_WORDS: dict[str, WGEvent] = {
    "mission": RollMission(), "shoo": Shoo(), "jump": Jump(), "build": Build(),
    "paint": Repaint(), "pick": PickUp(), "end": EndTurn(),
}


def format_event(event: WGEvent) -> str:
    """The canonical token of an event."""
    match event:
        case Move(direction=d):
            return d
        case MovePhredd(direction=d, target=t):
            return f"P:{d}" + (f"*{t.name}" if t else "")
        case InstallShield(station=s):
            return f"shield:{s.name}"
        case Repaint(station=s) if s is not None:
            return f"paint:{s.name}"
        case Deliver(mission=n):
            return f"deliver:{n}"
        case Abandon(source=s):
            return f"abandon:{s.name}"
        case Draw(suit=s):
            return f"draw:{s}"
        case Roll(rank=r):
            return f"roll:{RANKS[r]}"
    for word, ev in _WORDS.items():
        if ev == event:
            return word
    raise TypeError(f"not a Weird Galaxy event: {event!r}")


def _rank(text: str, token: str) -> int:
    if len(text) == 1:
        up = text.upper()
        if up in RANKS:
            return RANKS.index(up)
        if up in "01":
            return int(up)
    raise NotationError(token, f"{text!r} is not a rank (N, A, 2, 3, 4 or 5)")


def _suit(text: str, token: str) -> str:
    low = text.lower()
    if len(low) != 1 or low not in SUITS:
        raise NotationError(token, f"{text!r} is not a suit letter (a-h)")
    return low


def _tile(text: str, token: str) -> Tile:
    if len(text) != 2:
        raise NotationError(token, f"{text!r} is not a tile (suit letter + rank, e.g. b3)")
    return Tile(_suit(text[0], token), _rank(text[1], token))


def _direction(text: str, token: str) -> str:
    up = text.upper()
    if up not in DIRECTIONS:
        raise NotationError(token, f"{text!r} is not a direction ({', '.join(DIRECTIONS)})")
    return up


def parse_event(text: str) -> WGEvent:
    """One event from its token; raises NotationError."""
    token = text.strip()
    if not token:
        raise NotationError(text, "empty event")
    if len(token) > MAX_TOKEN:
        raise NotationError(token[:MAX_TOKEN] + "...", "too long for an event")
    if not token.isascii():
        raise NotationError(token, "events are written in plain ASCII letters and digits")
    low = token.lower()
    if low in _WORDS:
        return _WORDS[low]
    if token.upper() in DIRECTIONS:
        return Move(token.upper())
    head, sep, arg = low.partition(":")
    if not sep:
        raise NotationError(token, "unknown event; expected a direction (N, NE, ...), "
                                   "P:<dir>, mission, shoo, jump, build, shield:<tile>, "
                                   "paint[:<tile>], pick, deliver:<n>, abandon:<tile>, end, "
                                   "draw:<suit> or roll:<rank>")
    if head == "p":
        where, star, what = arg.partition("*")
        direction = _direction(where, token)
        if not star:
            return MovePhredd(direction)
        if len(what) == 1:
            return MovePhredd(direction, Target(_suit(what, token)))
        tile = _tile(what, token)
        return MovePhredd(direction, Target(tile.suit, tile))
    if head == "shield":
        return InstallShield(_tile(arg, token))
    if head == "paint":
        return Repaint(_tile(arg, token))
    if head == "abandon":
        return Abandon(_tile(arg, token))
    if head == "deliver":
        if not (arg.isascii() and arg.isdigit()) or arg.startswith("0") or len(arg) > 5:
            raise NotationError(token, "a mission number is a whole number from 1")
        return Deliver(int(arg))
    if head == "draw":
        return Draw(_suit(arg, token))
    if head == "roll":
        return Roll(_rank(arg, token))
    raise NotationError(token, f"unknown event kind {head!r}")

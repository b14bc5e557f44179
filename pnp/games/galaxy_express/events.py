"""Galaxy Express events and their notation (see docs/notation/galaxy-express.md).

Decisions: ``@b3`` start on the planet at b3; ``S3E`` play Sun 3 and slide east (``M2`` when
the speed ends at 0 and the ship stays); ``?c4`` scan the planet at c4; ``D`` deliver; ``R``
refuel; ``.`` end the turn; ``X`` concede.
Chance outcomes: ``c4=5`` the planet at c4 is number 5; ``Q3`` the delivery queue now shows 3;
``+S2`` a Sun 2 is turned face up.  Ranks are digits 0-5 (null = 0, ace = 1; ``N`` and ``A`` are
read too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pnp.engine import Chance, Decision, NotationError
from pnp.games.galaxy_express.board import cell_name, parse_cell

Suit = Literal["S", "M"]
SUIT_NAMES: dict[str, str] = {"S": "Sun", "M": "Moon"}


@dataclass(frozen=True)
class Start(Decision):
    cell: int


@dataclass(frozen=True)
class Play(Decision):
    suit: Suit
    value: int
    direction: str | None = None


@dataclass(frozen=True)
class Scan(Decision):
    cell: int


@dataclass(frozen=True)
class Deliver(Decision):
    pass


@dataclass(frozen=True)
class Refuel(Decision):
    pass


@dataclass(frozen=True)
class EndTurn(Decision):
    pass


@dataclass(frozen=True)
class Concede(Decision):
    pass


@dataclass(frozen=True)
class PlanetRevealed(Chance):
    cell: int
    number: int


@dataclass(frozen=True)
class QueueRevealed(Chance):
    number: int


@dataclass(frozen=True)
class CoinRevealed(Chance):
    suit: Suit
    value: int


GEEvent = (Start | Play | Scan | Deliver | Refuel | EndTurn | Concede | PlanetRevealed
           | QueueRevealed | CoinRevealed)

_RANK = r"([0-5NnAa])"
_PLAY = re.compile(r"([SsMm])" + _RANK + r"([NnEeSsWw])?")
_CELL = r"([a-hA-H][1-6])"
_START = re.compile("@" + _CELL)
_SCAN = re.compile(r"\?" + _CELL)
_PLANET = re.compile(_CELL + "=" + _RANK)
_SCAN_REVEAL = re.compile(r"\?" + _CELL + "=" + _RANK)
_QUEUE = re.compile(r"[Qq]" + _RANK)
_COIN = re.compile(r"\+([SsMm])" + _RANK)
_WORDS: dict[str, GEEvent] = {
    "d": Deliver(), "deliver": Deliver(), "r": Refuel(), "refuel": Refuel(),
    ".": EndTurn(), "end": EndTurn(), "x": Concede(), "concede": Concede()}


def rank_value(text: str) -> int:
    t = text.upper()
    return {"N": 0, "A": 1}[t] if t in ("N", "A") else int(t)


def _cell(text: str) -> int:
    cell = parse_cell(text)
    assert cell is not None  # the pattern admits only chart cells
    return cell


def _suit(text: str) -> Suit:
    return "S" if text.upper() == "S" else "M"


def parse_event(text: str) -> GEEvent:
    t = text.strip()
    if not t:
        raise NotationError(text, "empty event")
    word = _WORDS.get(t.lower())
    if word is not None:
        return word
    if m := _PLAY.fullmatch(t):
        direction = m.group(3).upper() if m.group(3) else None
        return Play(_suit(m.group(1)), rank_value(m.group(2)), direction)
    if m := _START.fullmatch(t):
        return Start(_cell(m.group(1)))
    if m := _SCAN.fullmatch(t):
        return Scan(_cell(m.group(1)))
    if m := _PLANET.fullmatch(t):
        return PlanetRevealed(_cell(m.group(1)), rank_value(m.group(2)))
    if m := _QUEUE.fullmatch(t):
        return QueueRevealed(rank_value(m.group(1)))
    if m := _COIN.fullmatch(t):
        return CoinRevealed(_suit(m.group(1)), rank_value(m.group(2)))
    if m := _SCAN_REVEAL.fullmatch(t):
        cell = m.group(1).lower()
        raise NotationError(text, f"'?{cell}={m.group(2)}' is a typed turn's shorthand for two "
                                  f"events; one event at a time (a log's entries) is "
                                  f"'?{cell}' then '{cell}={m.group(2)}'")
    raise NotationError(text, "expected a coin and direction (S3E, M2), @cell, ?cell, "
                              "D, R, ., X, or a revealed value (c4=5, Q3, +S2)")


def parse_turn(text: str) -> list[GEEvent]:
    """A typed line of events; ``?c4=5`` stands for the scan and its revealed number."""
    events: list[GEEvent] = []
    for token in text.replace(",", " ").split():
        if m := _SCAN_REVEAL.fullmatch(token):
            cell = _cell(m.group(1))
            events += [Scan(cell), PlanetRevealed(cell, rank_value(m.group(2)))]
        else:
            events.append(parse_event(token))
    return events


def format_event(event: GEEvent) -> str:
    match event:
        case Start(cell):
            return f"@{cell_name(cell)}"
        case Play(suit, value, direction):
            return f"{suit}{value}{direction or ''}"
        case Scan(cell):
            return f"?{cell_name(cell)}"
        case Deliver():
            return "D"
        case Refuel():
            return "R"
        case EndTurn():
            return "."
        case Concede():
            return "X"
        case PlanetRevealed(cell, number):
            return f"{cell_name(cell)}={number}"
        case QueueRevealed(number):
            return f"Q{number}"
        case CoinRevealed(suit, value):
            return f"+{suit}{value}"
    raise TypeError(f"not a Galaxy Express event: {event!r}")


def format_turn(events: list[GEEvent]) -> str:
    """The printer for parse_turn: joins a scan with its revealed number."""
    out: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(e, Scan) and isinstance(nxt, PlanetRevealed) and nxt.cell == e.cell:
            out.append(f"?{cell_name(e.cell)}={nxt.number}")
            i += 2
            continue
        out.append(format_event(e))
        i += 1
    return " ".join(out)


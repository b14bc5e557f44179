"""Wormholes events and their notation (docs/notation/wormholes.md).

Chance outcomes: ``O4-2`` opening roll (OrthogonAliens 4, DiagonAliens 2); ``S3M0`` a turn's
roll, one suit letter and face per die rolled; ``e5=3`` the wormhole at e5 shows 3 when flipped.
Decisions: ``place-first`` / ``move-first`` (the high roller's choice); ``S@e5`` place a Sun
coin on e5; ``roll:SM`` which ships roll (two-ship variant only); ``S:NE`` move the Sun ship
its die north-east, in its owner's compass; ``S:0`` use a null die on a wormhole (``S:N`` is
north, so a null move is always ``0``); ``S*N`` jump the Sun ship north; ``C>e5`` send the
Crown ship to e5.  Faces are digits 0-5 (null = 0, ace = 1); ``n`` and ``a`` are read too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.engine import Chance, Decision, NotationError
from pnp.games.wormholes.board import DIRECTIONS, SUITS, Cell, Suit, cell_name, parse_cell


@dataclass(frozen=True)
class OpeningRoll(Chance):
    orthogon: int
    diagon: int


@dataclass(frozen=True)
class ChooseFirst(Decision):
    place: bool  # True: the high roller places first (and the other player moves first)


@dataclass(frozen=True)
class Place(Decision):
    suit: Suit
    cell: Cell
    value: int | None = None  # WH-18: the placer may name the coin's value (S3@e5)


@dataclass(frozen=True)
class RollChoice(Decision):
    ships: tuple[Suit, ...]  # WH-6: the ships that roll this turn, in suit order


@dataclass(frozen=True)
class Roll(Chance):
    dice: tuple[tuple[Suit, int], ...]  # (suit, face) in suit order


@dataclass(frozen=True)
class Move(Decision):
    ship: Suit
    direction: str | None  # compass name in the owner's compass; None: a null die used in place


@dataclass(frozen=True)
class Jump(Decision):
    ship: Suit
    direction: str


@dataclass(frozen=True)
class Send(Decision):
    ship: Suit  # the opponent's ship being sent
    cell: Cell


@dataclass(frozen=True)
class Reveal(Chance):
    cell: Cell
    value: int


WHEvent = OpeningRoll | ChooseFirst | Place | RollChoice | Roll | Move | Jump | Send | Reveal

_FACE = r"([0-5nNaA])"
_SUIT = r"([SMCAsmca])"
_DIR = "(" + "|".join(sorted(DIRECTIONS, key=len, reverse=True)) + ")"
_CELL = r"([a-jA-J](?:1[0-8]|[1-9]))"
_OPENING = re.compile(r"[Oo]" + _FACE + "-" + _FACE)
_PLACE = re.compile(_SUIT + r"([0-5nNaA])?@" + _CELL)
_ROLL_CHOICE = re.compile(r"roll:(none|[SMCAsmca]{1,2})", re.IGNORECASE)
_ROLL = re.compile(r"(?:[SMCAsmca][0-5nNaA]){1,2}")
_MOVE = re.compile(_SUIT + ":" + r"(0|" + _DIR[1:-1] + ")", re.IGNORECASE)
_JUMP = re.compile(_SUIT + r"\*" + _DIR, re.IGNORECASE)
_SEND = re.compile(_SUIT + ">" + _CELL)
_REVEAL = re.compile(_CELL + "=" + _FACE)
_WORDS: dict[str, WHEvent] = {"place-first": ChooseFirst(True), "move-first": ChooseFirst(False)}


def face_value(text: str) -> int:
    t = text.upper()
    return {"N": 0, "A": 1}[t] if t in ("N", "A") else int(t)


def _suit(text: str) -> Suit:
    return SUITS[SUITS.index(text.upper())]


def _cell(text: str) -> Cell:
    cell = parse_cell(text)
    if cell is None:  # pragma: no cover - the patterns admit only bounding-box cells
        raise NotationError(text, "not a cell name")
    return cell


def _in_suit_order(suits: list[Suit], text: str) -> tuple[Suit, ...]:
    if len(set(suits)) != len(suits):
        raise NotationError(text, "a suit appears twice")
    return tuple(sorted(suits, key=SUITS.index))


def parse_event(text: str) -> WHEvent:
    t = text.strip()
    if not t:
        raise NotationError(text, "empty event")
    if len(t) > 16:
        raise NotationError(text, "too long to be an event")
    word = _WORDS.get(t.lower())
    if word is not None:
        return word
    if m := _OPENING.fullmatch(t):
        return OpeningRoll(face_value(m.group(1)), face_value(m.group(2)))
    if m := _PLACE.fullmatch(t):
        value = face_value(m.group(2)) if m.group(2) else None
        return Place(_suit(m.group(1)), _cell(m.group(3)), value)
    if m := _ROLL_CHOICE.fullmatch(t):
        body = m.group(1)
        ships = [] if body.lower() == "none" else [_suit(c) for c in body]
        return RollChoice(_in_suit_order(ships, text))
    if _ROLL.fullmatch(t):
        pairs = [(_suit(t[i]), face_value(t[i + 1])) for i in range(0, len(t), 2)]
        order = _in_suit_order([s for s, _ in pairs], text)
        faces = dict(pairs)
        return Roll(tuple((s, faces[s]) for s in order))
    if m := _MOVE.fullmatch(t):
        d = m.group(2).upper()
        return Move(_suit(m.group(1)), None if d == "0" else d)
    if m := _JUMP.fullmatch(t):
        return Jump(_suit(m.group(1)), m.group(2).upper())
    if m := _SEND.fullmatch(t):
        return Send(_suit(m.group(1)), _cell(m.group(2)))
    if m := _REVEAL.fullmatch(t):
        return Reveal(_cell(m.group(1)), face_value(m.group(2)))
    raise NotationError(text, "expected an opening roll (O4-2), place-first or move-first, "
                              "a placement (S@e5), a roll (S3M0), roll:SM, a move (S:NE or "
                              "S:0), a jump (S*N), a send (C>e5) or a revealed value (e5=3)")


def format_event(event: WHEvent) -> str:
    match event:
        case OpeningRoll(o, d):
            return f"O{o}-{d}"
        case ChooseFirst(place):
            return "place-first" if place else "move-first"
        case Place(suit, cell, value):
            return f"{suit}{'' if value is None else value}@{cell_name(cell)}"
        case RollChoice(ships):
            return "roll:" + ("".join(ships) or "none")
        case Roll(dice):
            return "".join(f"{s}{v}" for s, v in dice)
        case Move(ship, direction):
            return f"{ship}:{direction or 0}"
        case Jump(ship, direction):
            return f"{ship}*{direction}"
        case Send(ship, cell):
            return f"{ship}>{cell_name(cell)}"
        case Reveal(cell, value):
            return f"{cell_name(cell)}={value}"
    raise TypeError(f"not a Wormholes event: {event!r}")

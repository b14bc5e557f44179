"""Spatial Delivery events and their notation (docs/notation/spatial-delivery.md).

Decisions: ``+P`` take the face-up pink card; ``B:EA1A2-A1A2B2:R.PM`` explore along the
corners listed and build at the last one, paying the cards listed; ``T:A1A2B2-E:R.R`` travel,
one listed stop per step; ``D:GD>B3`` deliver a card to the world at B3 (``!`` at the end also
uses its Barter, Enterprise or Initiative power); ``A:YE`` card action; ``.`` end the turn;
``pass``.  Chance: ``B3=G`` the tile laid at B3 (``S`` for Space); ``^PD`` a card turned up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.engine import Chance, Decision, NotationError
from pnp.games.spatial_delivery.board import (
    corner_name,
    hex_name,
    location_name,
    parse_corner,
    parse_hex,
    parse_location,
)
from pnp.games.spatial_delivery.cards import COLOURS, TILE_KINDS, is_card


@dataclass(frozen=True)
class Take(Decision):
    """Take the face-up card of one goods type (a market pick, or a Barter)."""

    colour: str


@dataclass(frozen=True)
class Build(Decision):
    """Explore and Build: the route's corners from the ship's location to the new station."""

    path: tuple[int, ...]
    pay: tuple[str, ...]


@dataclass(frozen=True)
class Travel(Decision):
    """One stop per step (corners, or EARTH)."""

    stops: tuple[int, ...]
    pay: tuple[str, ...]


@dataclass(frozen=True)
class Deliver(Decision):
    card: str
    world: int
    use: bool = False  # use the card's Barter / Enterprise / Initiative upon delivery


@dataclass(frozen=True)
class CardAction(Decision):
    card: str


@dataclass(frozen=True)
class EndTurn(Decision):
    pass


@dataclass(frozen=True)
class Pass(Decision):
    pass


@dataclass(frozen=True)
class TileLaid(Chance):
    hex: int
    kind: str  # a goods colour (a Settled World buying it) or "S" (Space)


@dataclass(frozen=True)
class Flip(Chance):
    """The top card of a goods deck is turned face up into the market."""

    card: str


SDEvent = Take | Build | Travel | Deliver | CardAction | EndTurn | Pass | TileLaid | Flip

_CARD = r"(?:R|[YBPG][FOSDMTBEI])"
_CARDS = rf"((?:{_CARD}(?:\.{_CARD})*)?)"
_TAKE = re.compile(r"\+([YBPG])")
_BUILD = re.compile(r"B:([A-Z0-9-]+):" + _CARDS)
_TRAVEL = re.compile(r"T:([A-Z0-9-]+):" + _CARDS)
_DELIVER = re.compile(r"D:(" + _CARD + r")>([A-Z0-9]+)(!?)")
_ACTION = re.compile(r"A:(" + _CARD + ")")
_TILE = re.compile(r"([ABC][0-9]{1,2})=([YBPGS])")
_FLIP = re.compile(r"\^(" + _CARD + ")")
EXPECTED = ("expected +Y, B:corner-corner-...:cards, T:stop-...:cards, D:card>hex[!], "
            "A:card, '.', pass, hex=kind (B3=G, B3=S) or ^card (^PD)")


def _cards(text: str, whole: str) -> tuple[str, ...]:
    if not text:
        return ()
    cards = tuple(text.split("."))
    for c in cards:
        if not is_card(c) or c[0] not in "R" + COLOURS:
            raise NotationError(whole, f"{c!r} is not a card (R, or colour YBPG + power)")
    return cards


def _corners(text: str, whole: str, earth: bool) -> tuple[int, ...]:
    out = []
    for part in text.split("-"):
        c = parse_location(part) if earth else parse_corner(part)
        if c is None:
            raise NotationError(whole, f"{part!r} is not a corner where three hexes meet"
                                       + (" (or E for Earth)" if earth else ""))
        out.append(c)
    return tuple(out)


def parse_event(text: str) -> SDEvent:
    t = text.strip()
    if not t:
        raise NotationError(text, "empty event")
    low = t.lower()
    if low in (".", "end"):
        return EndTurn()
    if low in ("pass", "p"):
        return Pass()
    u = t.upper()
    head = u[:2]  # each pattern starts with its own mark: try only the one it can match
    if head[:1] == "+":
        if m := _TAKE.fullmatch(u):
            return Take(m.group(1))
    elif head == "B:":
        if m := _BUILD.fullmatch(u):
            return Build(_corners(m.group(1), text, False), _cards(m.group(2), text))
    elif head == "T:":
        if m := _TRAVEL.fullmatch(u):
            return Travel(_corners(m.group(1), text, True), _cards(m.group(2), text))
    elif head == "D:":
        if m := _DELIVER.fullmatch(u):
            world = parse_hex(m.group(2))
            if world is None:
                raise NotationError(text, f"{m.group(2)!r} is not a hex (A1-A6, B1-B12, "
                                          "C1-C18)")
            return Deliver(m.group(1), world, m.group(3) == "!")
    elif head == "A:":
        if m := _ACTION.fullmatch(u):
            return CardAction(m.group(1))
    elif head[:1] == "^":
        if m := _FLIP.fullmatch(u):
            if m.group(1) == "R":
                raise NotationError(text, "Rocket Fuel cards are never turned up from a deck")
            return Flip(m.group(1))
    elif m := _TILE.fullmatch(u):
        hx = parse_hex(m.group(1))
        if hx is None:
            raise NotationError(text, f"{m.group(1)!r} is not a hex (A1-A6, B1-B12, C1-C18)")
        return TileLaid(hx, m.group(2))
    raise NotationError(text, EXPECTED)


def format_event(event: SDEvent) -> str:
    match event:
        case Take(colour):
            return f"+{colour}"
        case Build(path, pay):
            return f"B:{'-'.join(corner_name(c) for c in path)}:{'.'.join(pay)}"
        case Travel(stops, pay):
            return f"T:{'-'.join(location_name(c) for c in stops)}:{'.'.join(pay)}"
        case Deliver(card, world, use):
            return f"D:{card}>{hex_name(world)}{'!' if use else ''}"
        case CardAction(card):
            return f"A:{card}"
        case EndTurn():
            return "."
        case Pass():
            return "pass"
        case TileLaid(hx, kind):
            assert kind in TILE_KINDS
            return f"{hex_name(hx)}={kind}"
        case Flip(card):
            return f"^{card}"
    raise TypeError(f"not a Spatial Delivery event: {event!r}")

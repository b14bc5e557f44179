"""Spatial Delivery entries in plain words, for the tracker's buttons and history.

Cards are named as printed (``Science Distant Market``), places by their hex or station corner
names, the route by where it ends and how many cards it costs."""

from __future__ import annotations

from pnp.games.spatial_delivery.board import corner_name, hex_name, location_name
from pnp.games.spatial_delivery.cards import COLOUR_NAMES, FUEL, POWERS
from pnp.games.spatial_delivery.events import (
    Build,
    CardAction,
    Deliver,
    EndTurn,
    Flip,
    Pass,
    SDEvent,
    Take,
    TileLaid,
    Travel,
)


def card_words(code: str) -> str:
    """``GD`` -> ``Science Distant Market``; ``R`` -> ``Rocket Fuel``."""
    if code == FUEL:
        return "Rocket Fuel"
    colour = COLOUR_NAMES.get(code[:1], code[:1]).split(" ")[0]
    return f"{colour} {POWERS.get(code[1:2], code[1:2])}"


def _paid(cards: tuple[str, ...]) -> str:
    if not cards:
        return "free"
    fuel = sum(1 for c in cards if c == FUEL)
    others = [card_words(c) for c in cards if c != FUEL]
    parts = ([f"{fuel} fuel"] if fuel else []) + others
    return "pay " + ", ".join(parts)


def describe(state: object, event: SDEvent) -> str:
    """A caption for one event (Spatial Delivery's words need nothing from the state).

    >>> from pnp.engine import get_game
    >>> g = get_game("spatial-delivery")
    >>> describe(None, g.parse("D:GD>B3")), describe(None, g.parse("+P"))
    ('deliver Science Distant Market to B3', 'take the face-up Robotics card')
    """
    match event:
        case Take(colour=colour):
            return f"take the face-up {card_words(colour + 'F').split(' ')[0]} card"
        case Build(path=path, pay=pay):
            steps = len(path) - 1
            via = (" via " + ", ".join(location_name(c) for c in path[1:-1])) \
                if len(path) > 2 else ""
            return (f"build a station at {corner_name(path[-1])}{via}"
                    + (f" ({steps} segment{'s' if steps != 1 else ''})" if steps > 0 else "")
                    + f", {_paid(pay)}")
        case Travel(stops=stops, pay=pay):
            via = (" via " + ", ".join(location_name(s) for s in stops[:-1])) \
                if len(stops) > 1 else ""
            return f"travel to {location_name(stops[-1])}{via}, {_paid(pay)}"
        case Deliver(card=card, world=world, use=use):
            return f"deliver {card_words(card)} to {hex_name(world)}" + (
                " and use its power" if use else "")
        case CardAction(card=card):
            return f"use {card_words(card)}"
        case EndTurn():
            return "end the turn"
        case Pass():
            return "pass (out for the round)"
        case TileLaid(hex=h, kind=kind):
            return f"{hex_name(h)} is " + ("empty space" if kind == "S" else
                                           f"a world buying {card_words(kind + 'F').split(' ')[0]}")
        case Flip(card=card):
            return f"{card_words(card)} turns up"
    return str(event)

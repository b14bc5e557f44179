"""Galaxy Trucker flight entries in plain words, for the tracker's buttons and history.

Tiles are named by their printed id (``#36``), goods by colour, cards by their title; a ship
entered whole is named by its number tile and its size."""

from __future__ import annotations

from collections import Counter

from pnp.engine import PnpError
from pnp.games.galaxy_trucker.cards import card as card_named
from pnp.games.galaxy_trucker.events import (
    Aliens,
    Cargo,
    Defend,
    Drop,
    Enter,
    Fix,
    Flip,
    Go,
    GTEvent,
    Keep,
    Land,
    Lose,
    No,
    Power,
    Quit,
    Roll,
    Take,
    Yes,
)

GOODS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
ALIENS = {"P": "purple", "B": "brown"}


def tiles(ids: tuple[int, ...]) -> str:
    """``(12, 12, 30)`` -> ``#12 ×2, #30``."""
    counts = Counter(ids)
    return ", ".join(f"#{t}" + (f" ×{n}" if n > 1 else "") for t, n in counts.items())


def _goods(letters: str) -> str:
    counts = Counter(letters)
    return " ".join(f"{n} {GOODS.get(g, g)}" for g, n in counts.items())


def describe(state: object, event: GTEvent) -> str:
    """A caption for one event (Galaxy Trucker's words need nothing more than the event).

    >>> from pnp.engine import get_game
    >>> g = get_game("galaxy-trucker")
    >>> describe(None, g.parse("pow:36,37@74,74")), describe(None, g.parse("quit"))
    ('power #36, #37 with batteries #74 ×2', 'give up this round')
    """
    match event:
        case Enter(number=number, ship=ship, aside=aside):
            n = ship.count("@")
            lost = f", {len(aside)} set aside" if aside else ""
            return f"enter the ship ({n} tiles{lost}), take number {number}"
        case Fix(removed=removed):
            return f"repair: remove {tiles(removed)}" if removed else "repair: remove nothing"
        case Aliens(aliens=aliens):
            if not aliens:
                return "humans only, no aliens"
            return ", ".join(f"{ALIENS.get(kind, kind)} alien in #{cabin}"
                             for cabin, kind in aliens)
        case Go():
            return "fly on"
        case Quit():
            return "give up this round"
        case Power(doubles=doubles, batteries=batteries):
            if not doubles:
                return "no batteries"
            return f"power {tiles(doubles)} with batteries {tiles(batteries)}"
        case Land(row=row):
            return f"land on planet {row}"
        case Yes(cabins=cabins):
            return f"accept, crew from {tiles(cabins)}" if cabins else "accept"
        case No():
            return "decline"
        case Cargo(holds=holds):
            if not holds:
                return "keep no goods"
            return "load " + ", ".join(f"#{t}: {_goods(g)}" for t, g in holds)
        case Lose(cabins=cabins):
            return f"crew off {tiles(cabins)}"
        case Drop(tiles=ids):
            return "give up, in order, from " + ", ".join(f"#{t}" for t in ids)
        case Defend(tile=tile, battery=battery):
            return f"stop it with #{tile}" + (f" (battery #{battery})" if battery else "")
        case Take():
            return "take the hit"
        case Keep(tile=tile):
            return f"keep the part with #{tile}"
        case Flip(card=card_id):
            try:
                return f"card {card_id}: {card_named(card_id).title}"
            except (PnpError, KeyError, ValueError):
                return f"card {card_id}"
        case Roll(total=total):
            return f"dice roll {total}"
    return str(event)


def tiles_named(event: GTEvent) -> tuple[int, ...]:
    """The tiles of the deciding ship an entry names, the one to tap first (a piece to keep,
    a cannon or shield to stop a shot with, a cabin for an alien or to take crew from, a
    hold to load, a double cannon or engine to power, a tile to remove or give up from):
    where a board lets a person tap it.  Entries about no tile name none.

    >>> from pnp.engine import get_game
    >>> g = get_game("galaxy-trucker")
    >>> tiles_named(g.parse("pow:36,37@74,74")), tiles_named(g.parse("go"))
    ((36, 37), ())
    """
    match event:
        case Keep(tile=tile) | Defend(tile=tile):
            return (tile,)
        case Aliens(aliens=aliens):
            return tuple(cabin for cabin, _ in aliens)
        case Cargo(holds=holds):
            return tuple(tile for tile, _ in holds)
        case Power(doubles=doubles):
            return tuple(doubles)
        case Lose(cabins=ids) | Yes(cabins=ids) | Drop(tiles=ids) | Fix(removed=ids):
            return tuple(ids)
    return ()

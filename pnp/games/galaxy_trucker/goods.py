"""Goods in cargo holds: loading, the best arrangement, and losing the most valuable first.

A container holds one block; red (hazardous) blocks go only in special holds' containers
(GT-F18).  Cargo is ``((hold tile, letters), ...)`` by tile, letters most valuable first.
"""

from __future__ import annotations

from collections import Counter

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.cards import GOODS_VALUE, GOODS_WORDS
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import Kind

Holds = tuple[tuple[int, str], ...]


def by_value(goods: str) -> str:
    return "".join(sorted(goods, key=lambda g: -GOODS_VALUE[g]))


def value(goods: str) -> int:
    return sum(GOODS_VALUE[g] for g in goods)


def holds_of(ship: Ship) -> dict[int, tuple[int, bool]]:
    """Hold tile -> (containers, special)."""
    return {p.id: (p.tile.capacity, p.kind is Kind.SPECIAL_CARGO)
            for p in ship.of_kind(Kind.CARGO, Kind.SPECIAL_CARGO)}


def best(ship: Ship, goods: str) -> Holds:
    """The most valuable arrangement of ``goods``: red into special holds first, then the rest
    into ordinary holds before the special holds' free containers."""
    holds = holds_of(ship)
    room = {t: cap for t, (cap, _) in holds.items()}
    out: dict[int, str] = {t: "" for t in holds}
    specials = sorted(t for t, (_, sp) in holds.items() if sp)
    ordinary = sorted(t for t, (_, sp) in holds.items() if not sp)
    for g in by_value(goods):
        for t in (specials if g == "R" else ordinary + specials):
            if room[t]:
                out[t] += g
                room[t] -= 1
                break
    return tuple((t, by_value(g)) for t, g in sorted(out.items()) if g)


def check_load(ship: Ship, held: str, offered: str, holds: Holds) -> None:
    """Refuse an arrangement that does not fit or holds goods the player does not have."""
    where = holds_of(ship)
    names = ", ".join(f"#{t} ({cap}{' special' if sp else ''})"
                      for t, (cap, sp) in sorted(where.items())) or "none"
    for tile, goods in holds:
        if tile not in where:
            raise IllegalMove("GT-F18", f"#{tile} is not a cargo hold of this ship; holds: "
                              f"{names}")
        cap, special = where[tile]
        if len(goods) > cap:
            raise IllegalMove("GT-F18", f"hold #{tile} has {cap} container(s), one block each; "
                              f"{goods} does not fit")
        if "R" in goods and not special:
            raise IllegalMove("GT-F18", f"red goods go only in special holds; #{tile} is an "
                              f"ordinary hold (holds: {names})")
    have = Counter(held + offered)
    want = Counter("".join(g for _, g in holds))
    extra = want - have
    if extra:
        raise IllegalMove("GT-F18", f"{''.join(sorted(extra.elements()))} is more than the goods "
                          f"held ({held or 'none'}) plus the goods offered ({offered or 'none'})")


def lose(holds: Holds, count: int) -> tuple[Holds, int]:
    """Give up the ``count`` most valuable blocks (lowest hold id first among equals,
    GT-FR3); returns the cargo left and how many blocks were still owed."""
    cargo = {t: g for t, g in holds}
    for _ in range(count):
        present = [(GOODS_VALUE[g], -t, g) for t, gs in cargo.items() for g in gs]
        if not present:
            return _clean(cargo), count
        _, neg, g = max(present)
        tile = -neg
        cargo[tile] = cargo[tile].replace(g, "", 1)
        count -= 1
    return _clean(cargo), 0


def _clean(cargo: dict[int, str]) -> Holds:
    return tuple((t, g) for t, g in sorted(cargo.items()) if g)


def words(goods: str) -> str:
    if not goods:
        return "no goods"
    counts = Counter(goods)
    return ", ".join(f"{n} {GOODS_WORDS[g]}" for g, n in sorted(
        counts.items(), key=lambda x: -GOODS_VALUE[x[0]]))

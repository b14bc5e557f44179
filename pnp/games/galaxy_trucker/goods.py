"""Goods in cargo holds: loading, the best arrangement, and losing the most valuable first.

A container holds one block; red (hazardous) blocks go only in special holds' containers
(GT-F18).  Cargo is ``((hold tile, letters), ...)`` by tile, letters most valuable first.
"""

from __future__ import annotations

from collections import Counter

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.cards import GOODS_VALUE, GOODS_WORDS
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import MIX, Kind

Holds = tuple[tuple[int, str], ...]

BANK: dict[str, int] = {
    # GT-G8 ruling: the bank holds the goods the kit prints (kit ruling GT-K1): one red block
    # per reinforced container of the tile set (so red never runs short) and 16 of each other
    # colour.  A card offering goods the bank no longer has gives only what is left.
    "R": sum(cap * n for kind, cap, n in MIX if kind is Kind.SPECIAL_CARGO),
    "Y": 16, "G": 16, "B": 16,
}


def from_bank(offered: str, held: str) -> str:
    """The goods of ``offered`` the bank can still give while ``held`` are on ships.

    >>> from_bank("YYG", "Y" * 15)
    'YG'
    """
    left = {g: n - held.count(g) for g, n in BANK.items()}  # four letters: no Counter
    out = []
    for g in offered:
        if left.get(g, 0) > 0:
            out.append(g)
            left[g] -= 1
    return "".join(out)


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

    def names() -> str:  # the ship's holds, written only for a refusal
        return ", ".join(f"#{t} ({cap}{' special' if sp else ''})"
                         for t, (cap, sp) in sorted(where.items())) or "none"

    for tile, goods in holds:
        if tile not in where:
            raise IllegalMove("GT-F18", f"#{tile} is not a cargo hold of this ship; holds: "
                              f"{names()}")
        cap, special = where[tile]
        if len(goods) > cap:
            raise IllegalMove("GT-F18", f"hold #{tile} has {cap} container(s), one block each; "
                              f"{goods} does not fit")
        if "R" in goods and not special:
            raise IllegalMove("GT-F18", f"red goods go only in special holds; #{tile} is an "
                              f"ordinary hold (holds: {names()})")
    have = held + offered
    want = "".join([g for _, g in holds])
    if any(want.count(g) > have.count(g) for g in set(want)):  # (a Counter only to refuse)
        extra = Counter(want) - Counter(have)
        raise IllegalMove("GT-F18", f"{''.join(sorted(extra.elements()))} is more than the goods "
                          f"held ({held or 'none'}) plus the goods offered ({offered or 'none'})")


Batteries = tuple[tuple[int, int], ...]


def owed(holds: Holds, batteries: Batteries, count: int) -> int:
    """How many blocks and tokens a loss of ``count`` really takes (no more than there are)."""
    return min(count, sum(len(g) for _, g in holds) + sum(n for _, n in batteries))


def candidates(holds: Holds, batteries: Batteries) -> tuple[int, ...]:
    """Tiles the next lost block or token may come from: holds with a block of the most
    valuable colour on board, or (no goods left) batteries with a token (GT-F19)."""
    present = [g for _, gs in holds for g in gs]
    if present:
        top = max(present, key=lambda g: GOODS_VALUE[g])
        return tuple(t for t, gs in holds if top in gs)
    return tuple(t for t, n in batteries if n > 0)


def _take(holds: Holds, batteries: Batteries, tile: int) -> tuple[Holds, Batteries]:
    present = [g for _, gs in holds for g in gs]
    if present:
        top = max(present, key=lambda g: GOODS_VALUE[g])
        cargo = {t: (gs.replace(top, "", 1) if t == tile else gs) for t, gs in holds}
        return _clean(cargo), batteries
    return holds, tuple((t, n - 1 if t == tile else n) for t, n in batteries)


def drop(holds: Holds, batteries: Batteries, tiles: tuple[int, ...],
         count: int) -> tuple[Holds, Batteries]:
    """Give up ``count`` goods, the most valuable first, then battery tokens, each from the
    tile the player names (GT-F19); refused when a named tile may not give the next one."""
    need = owed(holds, batteries, count)
    if len(tiles) != need:
        raise IllegalMove("GT-F19", f"name {need} tile(s), one per block or token lost (named "
                          f"{len(tiles)})")
    for tile in tiles:
        able = candidates(holds, batteries)
        if tile not in able:
            what = "the most valuable goods" if any(g for _, g in holds) else "battery tokens"
            raise IllegalMove("GT-F19", f"#{tile} cannot give the next loss: {what} go first, "
                              f"from {', '.join(f'#{t}' for t in able)}",
                              [f"#{t}" for t in able])
        holds, batteries = _take(holds, batteries, tile)
    return holds, batteries


def drop_plans(holds: Holds, batteries: Batteries, count: int) -> list[tuple[int, ...]]:
    """Two canonical ways to take a loss: lowest tile first, highest tile first (one when
    they agree: then the player has nothing to choose)."""
    plans = []
    for pick in (min, max):
        h, b, out = holds, batteries, []
        for _ in range(owed(holds, batteries, count)):
            tile = pick(candidates(h, b))
            out.append(tile)
            h, b = _take(h, b, tile)
        plans.append(tuple(out))
    return list(dict.fromkeys(plans))


def has_choice(holds: Holds, batteries: Batteries, count: int) -> bool:
    """Whether some step of the loss could come from more than one tile."""
    h, b = holds, batteries
    for _ in range(owed(holds, batteries, count)):
        able = candidates(h, b)
        if len(able) > 1:
            return True
        h, b = _take(h, b, able[0])
    return False


def _clean(cargo: dict[int, str]) -> Holds:
    return tuple((t, g) for t, g in sorted(cargo.items()) if g)


def words(goods: str) -> str:
    if not goods:
        return "no goods"
    counts = Counter(goods)
    return ", ".join(f"{n} {GOODS_WORDS[g]}" for g, n in sorted(
        counts.items(), key=lambda x: -GOODS_VALUE[x[0]]))

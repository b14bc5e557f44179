"""What a mission costs and whether a named payment covers it (SD-6, SD-7, SD-T5).

Fuel (segments, steps): any card pays 1, a Fast Burn pays 2.  A station: one goods card per
adjacent Settled World, all matching, except that one may be any goods card when two or three
worlds touch it.  A payment must be exact: no card in it may be left over (SD-T5).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from pnp.games.spatial_delivery.cards import FUEL, card_text, colour_of, fuel_value, is_goods


def fuel_problem(cards: tuple[str, ...], need: int, what: str) -> str | None:
    """None when the cards pay exactly ``need`` segments or steps."""
    have = sum(fuel_value(c) for c in cards)
    if have < need:
        return (f"{need} {what} need {need} card(s) of fuel (a Fast Burn counts 2); "
                f"the payment covers {have}")
    for c in set(cards):
        if have - fuel_value(c) >= need:
            return (f"{need} {what} are paid without the {card_text(c)}: pay exactly, "
                    "leave it out")
    return None


def station_problem(cards: tuple[str, ...], world_colours: list[str]) -> str | None:
    """None when the goods cards pay for a station touching worlds of these colours."""
    k = len(world_colours)
    if len(cards) != k:
        return f"the station touches {k} Settled World(s) and needs {k} goods card(s)"
    if any(not is_goods(c) for c in cards):
        return "a station is paid with goods cards, not Rocket Fuel"
    have = Counter(colour_of(c) for c in cards)
    want = Counter(world_colours)
    matches = sum(min(n, have[col]) for col, n in want.items())
    allowed = k - 1 if k >= 2 else k
    if matches < allowed:
        wanted = "+".join(sorted(world_colours))
        return (f"the worlds want {wanted}; {'all' if k == 1 else f'at least {allowed}'} of "
                f"the goods cards must match, only {matches} do")
    return None


def build_problem(cards: tuple[str, ...], segments: int,
                  world_colours: list[str]) -> str | None:
    """None when the cards split into an exact fuel part and a station part."""
    k = len(world_colours)
    if len(cards) < k:
        return (f"the route needs {segments} new segment(s) and the station {k} goods card(s); "
                f"only {len(cards)} card(s) were paid")
    first: str | None = None
    tried: set[tuple[str, ...]] = set()
    for idx in combinations(range(len(cards)), k):
        station = tuple(sorted(cards[i] for i in idx))
        if station in tried:
            continue
        tried.add(station)
        fuel = tuple(c for i, c in enumerate(cards) if i not in idx)
        problem = station_problem(station, world_colours) or fuel_problem(
            fuel, segments, "new segment(s)")
        if problem is None:
            return None
        first = first or problem
    return (f"no way to split the payment into {segments} new segment(s) and a station for "
            f"{'+'.join(sorted(world_colours))}: {first}")


def cheapest_build(hand: tuple[str, ...], segments: int,
                   world_colours: list[str]) -> tuple[str, ...] | None:
    """One exact payment from a hand (legal()'s canonical choice), or None."""
    left = list(hand)
    station: list[str] = []
    for col in sorted(world_colours):
        match = next((c for c in left if colour_of(c) == col and c[1] != "F"), None)
        match = match or next((c for c in left if colour_of(c) == col), None)
        if match is not None:
            left.remove(match)
            station.append(match)
    missing = len(world_colours) - len(station)
    if missing > 1 or (missing == 1 and len(world_colours) == 1):
        return None
    if missing == 1:
        spare = next((c for c in left if is_goods(c) and c[1] != "F"), None)
        spare = spare or next((c for c in left if is_goods(c)), None)
        if spare is None:
            return None
        left.remove(spare)
        station.append(spare)
    fuel = cheapest_fuel(tuple(left), segments)
    if fuel is None:
        return None
    return tuple(sorted(station + list(fuel)))


def cheapest_fuel(hand: tuple[str, ...], need: int) -> tuple[str, ...] | None:
    """Rocket Fuel first, then Fast Burns, then other goods; trimmed to be exact."""
    ranked = sorted(hand, key=lambda c: (0 if c == FUEL else 1 if c[1] == "F" else 2, c))
    chosen: list[str] = []
    for c in ranked:
        if sum(fuel_value(x) for x in chosen) >= need:
            break
        chosen.append(c)
    if sum(fuel_value(x) for x in chosen) < need:
        return None
    for c in sorted(set(chosen), key=fuel_value):  # drop what turned out superfluous
        while c in chosen and sum(fuel_value(x) for x in chosen) - fuel_value(c) >= need:
            chosen.remove(c)
    return tuple(sorted(chosen)) if fuel_problem(tuple(chosen), need, "x") is None else None

"""What a mission costs and whether a named payment covers it (SD-6, SD-7, SD-T5).

Fuel (segments, steps): any card pays 1, a Fast Burn pays 2.  A station: one goods card per
adjacent Settled World, all matching, except that one may be any goods card when two or three
worlds touch it.  A payment must be exact: no card in it may be left over (SD-G5).
Problems come back as ``(rule, message)``.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from pnp.games.spatial_delivery.cards import FUEL, card_text, colour_of, fuel_value, is_goods

Problem = tuple[str, str]


def fuel_problem(cards: tuple[str, ...], need: int, what: str, rule: str) -> Problem | None:
    """None when the cards pay exactly ``need`` segments or steps."""
    have = sum(fuel_value(c) for c in cards)
    if have < need:
        return (rule, f"unpaid: {need} {what} need {need} card(s) of fuel (a Fast Burn "
                      f"counts 2); the payment covers {have}")
    for c in sorted(set(cards)):
        if have - fuel_value(c) >= need:
            return ("SD-G5", f"{need} {what} are paid without the {card_text(c)}: pay "
                             "exactly, leave it out")
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
                  world_colours: list[str]) -> Problem | None:
    """None when the cards split into an exact fuel part and a station part.

    The reason given is the closest miss: the best-matching station part when no split pays
    the station, else the route's shortfall, else SD-G5 when every good split overpays.
    """
    if _build_pays(cards, segments, tuple(sorted(world_colours))):
        return None  # the common case, decided without wording every miss
    k = len(world_colours)
    goods = [i for i, c in enumerate(cards) if is_goods(c)]
    if len(goods) < k:
        return ("SD-6", f"unpaid: the station touches {k} Settled World(s) and needs {k} "
                        f"goods card(s); the payment has {len(goods)}")
    want = Counter(world_colours)
    best_miss: tuple[int, str] | None = None
    shortfall: Problem | None = None
    overpaid: Problem | None = None
    tried: set[tuple[str, ...]] = set()
    for idx in combinations(goods, k):
        station = tuple(sorted(cards[i] for i in idx))
        if station in tried:
            continue
        tried.add(station)
        wrong = station_problem(station, world_colours)
        if wrong is not None:
            have = Counter(colour_of(c) for c in station)
            matches = sum(min(n, have[col]) for col, n in want.items())
            if best_miss is None or matches > best_miss[0]:
                best_miss = (matches, wrong)
            continue
        fuel = tuple(c for i, c in enumerate(cards) if i not in idx)
        problem = fuel_problem(fuel, segments, "new segment(s)", "SD-6")
        if problem is None:
            return None
        if problem[0] == "SD-G5":
            overpaid = overpaid or problem
        else:
            shortfall = shortfall or problem
    if overpaid is not None:
        return overpaid
    if shortfall is not None:
        return shortfall
    assert best_miss is not None
    return ("SD-6", f"unpaid station: {best_miss[1]}")


@lru_cache(maxsize=4096)
def _build_pays(cards: tuple[str, ...], segments: int, world_colours: tuple[str, ...]) -> bool:
    """Whether some split of the cards pays the station (``station_problem``) and exactly the
    segments (``fuel_problem``): ``build_problem`` is None exactly when this holds."""
    k = len(world_colours)
    allowed = k - 1 if k >= 2 else k
    goods = [i for i, c in enumerate(cards) if c != FUEL]
    for idx in combinations(goods, k):
        left = list(world_colours)
        matches = 0
        for i in idx:
            colour = cards[i][0]
            if colour in left:
                left.remove(colour)
                matches += 1
        if matches < allowed:
            continue
        values = [fuel_value(c) for i, c in enumerate(cards) if i not in idx]
        have = sum(values)
        if have >= segments and all(have - v < segments for v in values):
            return True
    return False


def cheapest_build(hand: tuple[str, ...], segments: int,
                   world_colours: list[str]) -> tuple[str, ...] | None:
    """One exact payment from a hand (legal()'s canonical choice), or None."""
    return cheapest_build_sorted(hand, segments, tuple(sorted(world_colours)))


@lru_cache(maxsize=4096)
def cheapest_build_sorted(hand: tuple[str, ...], segments: int,
                          world_colours: tuple[str, ...]) -> tuple[str, ...] | None:
    """``cheapest_build`` with the colours sorted.  Memoised: the legal list asks it for
    every station site with the same hand, and the sites differ only in a few colour sets
    and route lengths."""
    left = list(hand)
    station: list[str] = []
    for col in world_colours:  # a card's first letter is its colour (R, fuel, matches none)
        match = None  # the first card of the colour that is no Fast Burn, else the first
        for c in left:
            if c[0] == col:
                if c[1] != "F":
                    match = c
                    break
                match = match or c
        if match is not None:
            left.remove(match)
            station.append(match)
    missing = len(world_colours) - len(station)
    if missing > 1 or (missing == 1 and len(world_colours) == 1):
        return None
    if missing == 1:
        spare = None  # the first goods card that is no Fast Burn, else the first
        for c in left:
            if c != FUEL:
                if c[1] != "F":
                    spare = c
                    break
                spare = spare or c
        if spare is None:
            return None
        left.remove(spare)
        station.append(spare)
    fuel = cheapest_fuel(tuple(left), segments)
    if fuel is None:
        return None
    return tuple(sorted(station + list(fuel)))


@lru_cache(maxsize=4096)
def cheapest_fuel(hand: tuple[str, ...], need: int) -> tuple[str, ...] | None:
    """Rocket Fuel first, then Fast Burns, then other goods; trimmed to be exact.

    Worked out by counting rather than by trial: all the Rocket Fuel that is needed, then
    the Fast Burns that cover the rest, and the other goods only when the Fast Burns run
    out.  A Fast Burn that overshoots by one leaves out one Rocket Fuel; left without any,
    the Fast Burns still pay exactly (none can be left out).  The hand is sorted, as every
    hand is, so each kind comes in code order.  Memoised: the legal list asks it for every
    travel and route with the same hand."""
    fuel = hand.count(FUEL)
    if fuel >= need:
        return (FUEL,) * need
    rest = need - fuel
    burns = [c for c in hand if c[1:] == "F"]
    k = (rest + 1) // 2  # the Fast Burns that cover the rest
    if k <= len(burns):
        chosen = burns[:k]
        if rest % 2 and fuel:  # the last Fast Burn overshoots: one Rocket Fuel less
            fuel -= 1
    else:
        rest -= 2 * len(burns)
        others = [c for c in hand if c != FUEL and c[1:] != "F"]
        if rest > len(others):
            return None
        chosen = burns + others[:rest]
    chosen += [FUEL] * fuel
    chosen.sort()
    return tuple(chosen)


"""Exact lost-in-space detection (GE-9).

The ship is lost when no sequence of the coins still unspent, played in any order with any
direction, brings it to speed 0 on a planet.  The search walks layers of "coins played so far":
a node is (suns left, moons left, speed) and carries the *set* of cells the ship may be on, so
the whole 48 x 11 x 2^6 x 2^6 space is covered with at most 11 * 4096 nodes.
"""

from __future__ import annotations

from itertools import combinations

from pnp.games.galaxy_express.board import CELLS, spread

MAX_SPEED = 10


def _values(mask: int) -> list[int]:
    return [v for v in range(6) if mask >> v & 1]


_VALUES = tuple(tuple(_values(mask)) for mask in range(64))  # the search's look-up table


def coins_to_stop(ship: int, speed: int, suns: frozenset[int], moons: frozenset[int],
                  targets: int) -> int | None:
    """The fewest coins (at least one) that bring the ship to speed 0 on a target cell."""
    frontier: dict[tuple[int, int, int], int] = {
        (sum(1 << v for v in suns), sum(1 << v for v in moons), speed): 1 << ship}
    played = 0
    while frontier:
        played += 1
        nxt: dict[tuple[int, int, int], int] = {}
        for (sm, mm, sp), cells in frontier.items():
            steps = [(sm & ~(1 << v), mm, min(MAX_SPEED, sp + v)) for v in _VALUES[sm]]
            steps += [(sm, mm & ~(1 << v), max(0, sp - v)) for v in _VALUES[mm]]
            for node in steps:
                new_speed = node[2]
                if new_speed == 0:
                    if cells & targets:
                        return played
                    moved = cells
                else:
                    moved = spread(cells, new_speed)
                nxt[node] = nxt.get(node, 0) | moved
        frontier = nxt
    return None


def can_reach_planet(ship: int, speed: int, suns: frozenset[int], moons: frozenset[int],
                     planets: int) -> bool:
    """GE-9: True when some non-empty sequence of the coins ends at speed 0 on a planet.

    The same layers as :func:`coins_to_stop`, looking one coin ahead: a node whose cells
    touch a planet stops there with one more coin when a moon left is at least its speed
    (``moons >> speed``) or, at speed 0, a sun 0 is left; so the answer is known while the
    layer before it is built (run every turn, this search was most of a replay's cost).
    The first layer starts from the ship's one cell, so its slides are read from a table."""
    sm0, mm0 = _MASK[suns], _MASK[moons]
    if 1 << ship & planets and (mm0 >> speed or (not speed and sm0 & 1)):
        return True
    reach = _FROM[ship]
    frontier: dict[tuple[int, int, int], int] = {}
    for v in _VALUES[sm0]:
        new_speed = speed + v if speed + v < MAX_SPEED else MAX_SPEED
        moved = reach[new_speed]
        node = (sm0 & ~(1 << v), mm0, new_speed)
        if moved & planets and (mm0 >> new_speed or (not new_speed and node[0] & 1)):
            return True
        frontier[node] = frontier.get(node, 0) | moved
    for v in _VALUES[mm0]:
        new_speed = speed - v if speed > v else 0
        rest = mm0 & ~(1 << v)
        moved = reach[new_speed]
        if moved & planets and (rest >> new_speed or (not new_speed and sm0 & 1)):
            return True
        node = (sm0, rest, new_speed)
        frontier[node] = frontier.get(node, 0) | moved
    while frontier:
        nxt: dict[tuple[int, int, int], int] = {}
        for (sm, mm, sp), cells in frontier.items():
            for v in _VALUES[sm]:
                new_speed = min(MAX_SPEED, sp + v)
                moved = spread(cells, new_speed) if new_speed else cells
                node = (sm & ~(1 << v), mm, new_speed)
                if moved & planets and (mm >> new_speed or (not new_speed and node[0] & 1)):
                    return True
                nxt[node] = nxt.get(node, 0) | moved
            for v in _VALUES[mm]:
                new_speed = sp - v if sp > v else 0
                rest = mm & ~(1 << v)
                moved = spread(cells, new_speed) if new_speed else cells
                if moved & planets and (rest >> new_speed or (not new_speed and sm & 1)):
                    return True
                node = (sm, rest, new_speed)
                nxt[node] = nxt.get(node, 0) | moved
        frontier = nxt
    return False


_MASK: dict[frozenset[int], int] = {
    frozenset(values): sum(1 << v for v in values)
    for k in range(7) for values in combinations(range(6), k)}
"""A set of coin values -> its bit mask (the search's node keys)."""
_FROM = tuple(tuple(spread(1 << cell, d) if d else 1 << cell for d in range(MAX_SPEED + 1))
              for cell in range(CELLS))
"""Cell -> speed -> the cells one slide at that speed reaches from it (``spread``)."""

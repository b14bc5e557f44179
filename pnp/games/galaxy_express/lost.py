"""Exact lost-in-space detection (GE-9).

The ship is lost when no sequence of the coins still unspent, played in any order with any
direction, brings it to speed 0 on a planet.  The search walks layers of "coins played so far":
a node is (suns left, moons left, speed) and carries the *set* of cells the ship may be on, so
the whole 48 x 11 x 2^6 x 2^6 space is covered with at most 11 * 4096 nodes.
"""

from __future__ import annotations

from pnp.games.galaxy_express.board import spread

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
    """GE-9: True when some non-empty sequence of the coins ends at speed 0 on a planet."""
    return coins_to_stop(ship, speed, suns, moons, planets) is not None

"""Routes on the laid galaxy: station sites (SD-1), explore routes (SD-6) and travel (SD-7).

Pure functions of a State.  A route is a list of corners; consecutive corners share a border
that does not touch Earth.  Problems come back as ``(rule, message)`` for the engine to raise.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import pairwise

from pnp.games.spatial_delivery.board import (
    CORNER_SEGMENTS,
    CORNERS,
    EARTH,
    EARTH_CORNERS,
    EARTH_HEX,
    SEGMENT_BY_CORNERS,
    corner_name,
    other_end,
)
from pnp.games.spatial_delivery.cards import COLOUR_SET
from pnp.games.spatial_delivery.state import State, laid_corners

Problem = tuple[str, str]


def corner_laid(state: State, corner: int) -> bool:
    return corner in state.laid_corners


def worlds_at(state: State, corner: int) -> list[int]:
    """The Settled World hexes around a corner."""
    tiles = state.tiles
    return [h for h in CORNERS[corner] if tiles[h] in COLOUR_SET]


def site_problem(state: State, corner: int) -> Problem | None:
    """SD-1: three laid hexes, not Earth, at least one Settled World, no station yet."""
    if EARTH_HEX in CORNERS[corner]:
        return ("SD-1", f"{corner_name(corner)} touches Earth; no station may stand next to "
                        "Earth")
    if not corner_laid(state, corner):
        return ("SD-1", f"{corner_name(corner)} is at the edge of the galaxy (ring 3 is not "
                        "laid yet)")
    if not worlds_at(state, corner):
        return ("SD-1", f"no Settled World touches {corner_name(corner)}")
    if state.station_at(corner) is not None:
        return ("SD-T4", f"a station already stands at {corner_name(corner)}")
    return None


@lru_cache(maxsize=1024)
def _sites(tiles: tuple[str | None, ...], stations: frozenset[int]) -> frozenset[int]:
    """The corners where a station may go (``site_problem`` is None), per board and
    stations: the legal list asks for every corner a route reaches."""
    laid = laid_corners(tiles)
    return frozenset(c for c in laid if EARTH_HEX not in CORNERS[c] and c not in stations
                     and any(tiles[h] in COLOUR_SET for h in CORNERS[c]))


def start_corners(state: State, location: int) -> frozenset[int]:
    return start_corners_of(location)


def start_corners_of(location: int) -> frozenset[int]:
    return EARTH_CORNERS if location == EARTH else frozenset({location})


def route_problem(state: State, location: int, path: tuple[int, ...]) -> Problem | None:
    """SD-6: from the ship's location, along borders, through no Earth and no station."""
    if len(path) < 2:
        return ("SD-6", "a route lists at least two corners: where the ship is and the new "
                        "station's corner")
    if path[0] not in start_corners(state, location):
        where = "Earth (one of its corners E..)" if location == EARTH else corner_name(location)
        return ("SD-6", f"the route must begin where the ship is: {where}, not "
                        f"{corner_name(path[0])}")
    if len(set(path)) != len(path):
        return ("SD-6", "the route visits a corner twice")
    for a, b in pairwise(path):
        seg = _SEGMENT_BETWEEN.get((a, b))
        if seg is None:
            kind = ("runs along Earth's edge" if EARTH_HEX in set(CORNERS[a]) & set(CORNERS[b])
                    else "are not joined by one border")
            return ("SD-6", f"{corner_name(a)} and {corner_name(b)} {kind}")
        if not (corner_laid(state, a) and corner_laid(state, b)):
            return ("SD-1", f"{corner_name(a)}-{corner_name(b)} is outside the laid galaxy")
    for c in path[1:-1]:  # an Earth corner at the end is the site's problem (SD-1)
        if c in EARTH_CORNERS:
            return ("SD-6", f"the route passes through Earth at {corner_name(c)}")
    for c in path[1:-1]:
        if state.station_at(c) is not None:
            return ("SD-6", f"the route passes through the station at {corner_name(c)}")
    if not new_segments(state, path):
        return ("SD-6", "every border of this route already has a segment: an explore must "
                        "build at least one new segment")
    return None


def path_segments(path: tuple[int, ...]) -> list[int]:
    return [_SEGMENT_BETWEEN[pair] for pair in pairwise(path)]


def _between() -> dict[tuple[int, int], int]:
    """The border between two corners, by the pair in either order (no frozenset a step)."""
    out = {}
    for corners, s in SEGMENT_BY_CORNERS.items():
        a, b = sorted(corners)
        out[(a, b)] = out[(b, a)] = s
    return out


_SEGMENT_BETWEEN = _between()


def new_segments(state: State, path: tuple[int, ...]) -> list[int]:
    return [s for s in path_segments(path) if s not in state.segments]


def step_stops(state: State, location: int) -> list[int]:
    """SD-7: the stations (and Earth) one step away along built segments."""
    return list(stops_from(state.segments, state.station_corners, location))


@lru_cache(maxsize=4096)
def stops_from(segments: frozenset[int], stations: frozenset[int],
                location: int) -> tuple[int, ...]:
    """``step_stops`` per trade network (segments and stations): travel offers ask it for
    every stop one step away, and the network changes only when a station is built."""
    stops: set[int] = set()
    starts = start_corners_of(location)
    seen = set(starts)
    queue = deque(starts)
    while queue:
        c = queue.popleft()
        for seg in CORNER_SEGMENTS[c]:
            if seg not in segments:
                continue
            n = other_end(seg, c)
            if n in seen:
                continue
            seen.add(n)
            if n in EARTH_CORNERS:
                stops.add(EARTH)
            elif n in stations:
                stops.add(n)
            else:
                queue.append(n)
    stops.discard(location)
    return tuple(sorted(stops))


def costed_routes(state: State, location: int,
                  limit: int) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For each station site, one route with the fewest new segments (at most ``limit``),
    as (new segments, route).

    A 0-1 search over corners: existing segments cost nothing, new ones one (so it counts
    a route's new segments as it goes).  Ties break on corner numbers, so the result is
    deterministic.  This is the finite subset of routes that legal() offers; apply() accepts
    any route that route_problem() accepts.  With no fuel (``limit`` 0) no explore builds
    a segment, so none is offered.
    """
    if limit < 1:
        return {}
    stations = state.station_corners
    built = state.segments
    steps = state.usable_steps
    cost_of: dict[int, int] = {}
    path_of: dict[int, tuple[int, ...]] = {}
    frontier: deque[tuple[int, tuple[int, ...]]] = deque()
    for c in sorted(start_corners_of(location)):
        cost_of[c] = 0
        path_of[c] = (c,)
        frontier.append((0, (c,)))
    pop, first, last = frontier.popleft, frontier.appendleft, frontier.append
    while frontier:
        cost, path = pop()
        c = path[-1]
        if cost_of[c] < cost:
            continue
        if len(path) > 1 and (c in stations or c in EARTH_CORNERS):
            continue  # cannot pass on
        for seg, n in steps[c]:
            if n in path:
                continue
            if seg in built:
                if n not in cost_of or cost_of[n] > cost:
                    cost_of[n] = cost
                    path_of[n] = longer = (*path, n)
                    first((cost, longer))
            elif cost < limit and (n not in cost_of or cost_of[n] > cost + 1):
                cost_of[n] = cost + 1
                path_of[n] = longer = (*path, n)
                last((cost + 1, longer))
    out = {}
    for c in sorted(_sites(state.tiles, stations).intersection(cost_of)):
        cost = cost_of[c]
        if cost > 0:  # found by the search: a route by construction (SD-6; the property
            out[c] = (cost, path_of[c])  # tests check every offer against route_problem)
            continue
        # reached on old segments only: end with one new border instead
        path = ()
        for seg, n in steps[c]:
            if (seg not in built and n in cost_of and c not in path_of[n]
                    and (len(path_of[n]) == 1 or n not in stations)):
                path = (*path_of[n], c)
                cost = cost_of[n] + 1
                break
        if path and route_problem(state, location, path) is None:
            out[c] = (cost, path)
    return out

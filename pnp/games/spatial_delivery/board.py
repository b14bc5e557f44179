"""SD-1 galaxy geometry as data: hexes, borders (route segments) and three-hex corners (sites).

Hexes use axial coordinates (q, r) with Earth at (0, 0); ring k holds the hexes at distance k.
Names: ``E`` for Earth, then ring letter and 1-based index: ``A1``-``A6`` (ring 1),
``B1``-``B12`` (ring 2), ``C1``-``C18`` (ring 3).  Each ring starts at ``k * (-1, +1)`` and runs
through the six directions in order, so A1 is (-1, 1), A2 (0, 1), B1 (-2, 2), B2 (-1, 2), ...

A corner is named by its three hexes in that order, run together (``EA1A2``, ``A1B1B2``); a
border by its two hexes with a bar (``A1|A2``).  Geometry is computed once at import and is
the same for every game: which hexes are *laid* (ring 3 comes later) is state, not geometry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EARTH_HEX = 0
EARTH = -1
"""A ship's location at Earth (any of Earth's six corners)."""
RADIUS = 3
RING_LETTERS = "ABC"
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _ring(k: int) -> list[tuple[int, int]]:
    q, r = -k, k  # k steps along direction 4
    out = []
    for dq, dr in DIRECTIONS:
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


AXIAL: tuple[tuple[int, int], ...] = ((0, 0), *[h for k in (1, 2, 3) for h in _ring(k)])
HEX_COUNT = len(AXIAL)  # 37
INDEX: dict[tuple[int, int], int] = {a: i for i, a in enumerate(AXIAL)}
RING: tuple[int, ...] = tuple(max(abs(q), abs(r), abs(q + r)) for q, r in AXIAL)
HEX_NAMES: tuple[str, ...] = ("E", *[
    f"{RING_LETTERS[k - 1]}{i + 1}" for k in (1, 2, 3) for i in range(len(_ring(k)))])
HEX_BY_NAME: dict[str, int] = {n: i for i, n in enumerate(HEX_NAMES)}
RING_HEXES: dict[int, tuple[int, ...]] = {
    k: tuple(i for i in range(HEX_COUNT) if RING[i] == k) for k in range(RADIUS + 1)}


def neighbours(h: int) -> tuple[int, ...]:
    q, r = AXIAL[h]
    return tuple(INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in INDEX)


def _triples() -> list[tuple[int, ...]]:
    """Every corner where three board hexes meet, hexes sorted by index."""
    found: set[tuple[int, ...]] = set()
    for (q, r) in AXIAL:
        for i in range(6):
            a = DIRECTIONS[i]
            b = DIRECTIONS[(i + 1) % 6]
            trio = ((q, r), (q + a[0], r + a[1]), (q + b[0], r + b[1]))
            if all(t in INDEX for t in trio):
                found.add(tuple(sorted(INDEX[t] for t in trio)))
    return sorted(found)


CORNERS: tuple[tuple[int, ...], ...] = tuple(_triples())  # 54, each three hex ids
CORNER_COUNT = len(CORNERS)
CORNER_NAMES: tuple[str, ...] = tuple("".join(HEX_NAMES[h] for h in c) for c in CORNERS)
CORNER_BY_HEXES: dict[frozenset[int], int] = {frozenset(c): i for i, c in enumerate(CORNERS)}
CORNER_BY_NAME: dict[str, int] = {n: i for i, n in enumerate(CORNER_NAMES)}
EARTH_CORNERS: frozenset[int] = frozenset(
    i for i, c in enumerate(CORNERS) if EARTH_HEX in c)


def _borders() -> list[tuple[int, int]]:
    return sorted({(min(h, n), max(h, n)) for h in range(HEX_COUNT) for n in neighbours(h)})


BORDERS: tuple[tuple[int, int], ...] = tuple(_borders())  # 90 hex pairs


@dataclass(frozen=True)
class Segment:
    """A border that can carry a trade route segment: two hexes, joining two corners."""

    hexes: tuple[int, int]
    corners: tuple[int, int]


def _segments() -> list[Segment]:
    """SD-6: routes run on borders that do not touch Earth, from corner to corner.

    A border between two ring-3 hexes ends at the galaxy's rim (two hexes meet there), where
    no station can stand and no route can go on, so it can never be part of a route.
    """
    out = []
    for a, b in BORDERS:
        if EARTH_HEX in (a, b):
            continue
        ends = sorted(CORNER_BY_HEXES[frozenset((a, b, c))] for c in set(neighbours(a))
                      & set(neighbours(b)))
        if len(ends) == 2:
            out.append(Segment((a, b), (ends[0], ends[1])))
    return out


SEGMENTS: tuple[Segment, ...] = tuple(_segments())
SEGMENT_BY_CORNERS: dict[frozenset[int], int] = {
    frozenset(s.corners): i for i, s in enumerate(SEGMENTS)}
CORNER_SEGMENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, s in enumerate(SEGMENTS) if c in s.corners) for c in range(CORNER_COUNT))


def other_end(segment: int, corner: int) -> int:
    a, b = SEGMENTS[segment].corners
    return b if corner == a else a


def corner_rings(corner: int) -> tuple[int, ...]:
    return tuple(RING[h] for h in CORNERS[corner])


def hex_name(h: int) -> str:
    return HEX_NAMES[h]


def corner_name(c: int) -> str:
    return CORNER_NAMES[c]


def location_name(loc: int) -> str:
    return "E" if loc == EARTH else CORNER_NAMES[loc]


def segment_name(s: int) -> str:
    a, b = SEGMENTS[s].hexes
    return f"{HEX_NAMES[a]}|{HEX_NAMES[b]}"


_HEX_RE = re.compile(r"E|[ABC][0-9]{1,2}")


def parse_hex(text: str) -> int | None:
    return HEX_BY_NAME.get(text.strip().upper())


def parse_corner(text: str) -> int | None:
    """A corner from its three hexes in any order (``A2A1E`` reads as ``EA1A2``)."""
    found = CORNER_BY_NAME.get(text)  # as written by ``corner_name``: most texts
    if found is not None:
        return found
    t = text.strip().upper()
    parts = _HEX_RE.findall(t)
    if "".join(parts) != t or len(parts) != 3:
        return None
    ids = [HEX_BY_NAME.get(p) for p in parts]
    if any(i is None for i in ids) or len(set(ids)) != 3:
        return None
    return CORNER_BY_HEXES.get(frozenset(i for i in ids if i is not None))


def parse_location(text: str) -> int | None:
    if text.strip().upper() == "E":
        return EARTH
    return parse_corner(text)

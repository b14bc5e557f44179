"""Adding tiles while building: where a tile may go, a seeded random builder, and the typical
ships the legal list offers.

The text lets a player put a tile down wrongly (the spot check deals with it), so nothing here
refuses a placement; ``placement_problems`` says what a placement would break, which a tracker
can show as a warning and the random builder uses to build only legal ships.  ``fits_at`` is
the fast local test both builders use, on the tiles' precomputed connector tables.
"""

from __future__ import annotations

import heapq
from collections.abc import Container, Mapping, Sequence
from functools import cache
from operator import attrgetter

from pnp.engine.rng import Rng
from pnp.games.galaxy_trucker.boards import Board, Cell
from pnp.games.galaxy_trucker.check import Violation, check
from pnp.games.galaxy_trucker.ship import Placement, Ship, place
from pnp.games.galaxy_trucker.sides import DELTAS, SIDES, Side
from pnp.games.galaxy_trucker.tiles import (
    BARREL,
    EXHAUST,
    FIT_ANY,
    FIT_LOW,
    Connector,
    Kind,
    Tile,
    TileSet,
    joins,
)


def open_squares(ship: Ship) -> tuple[Cell, ...]:
    """Empty valid squares next to a placed tile: where the next tile may go."""
    out: set[Cell] = set()
    for p in ship:
        for side in SIDES:
            cell = p.neighbour(side)
            if cell in ship.board.cells and cell not in ship.by_cell:
                out.add(cell)
    return tuple(sorted(out))


def placement_problems(ship: Ship, placement: Placement) -> list[Violation]:
    """The mistakes this placement would add to the ship (empty: a good placement)."""
    before = {(v.rule, v.tile, v.side, v.other) for v in check(ship)}
    after = check(ship.adding(placement))
    return [v for v in after if (v.rule, v.tile, v.side, v.other) not in before]


def holds(ship: Ship, placement: Placement) -> bool:
    """At least one connector of the new tile joins the ship."""
    for side in SIDES:
        q = ship.at(placement.neighbour(side))
        if q is not None and joins(placement.connector(side), q.connector(side.opposite)):
            return True
    return False


def fits_cleanly(ship: Ship, placement: Placement) -> bool:
    """Fast local test: the placement holds, and adds no mistake next to it.

    Equivalent to ``holds(...) and not placement_problems(...)`` on a legal ship (a property
    test checks that), but looks only at the new tile and its four neighbours.
    """
    return fits_at(ship.by_cell, ship.board.cells, placement)


_SMOOTH = Connector.SMOOTH


def fits_at(cells: Mapping[Cell, Placement], board: Container[Cell], p: Placement) -> bool:
    """:func:`fits_cleanly` on a square -> placement map, with the connector tables."""
    return _fits(cells, board, p.tile, p.row, p.col, p.rotation % 4)


def _fits(cells: Mapping[Cell, Placement], board: Container[Cell], tile: Tile, row: int,
          col: int, rotation: int) -> bool:
    if (row, col) not in board or (row, col) in cells:
        return False
    faces = tile.faces[rotation]
    held = False
    for side in range(4):
        dr, dc = DELTAS[side]
        q = cells.get((row + dr, col + dc))
        if q is None:
            continue
        back = (side + 2) % 4
        a, b = faces[side], q.faces[back]
        if a is _SMOOTH or b is _SMOOTH:
            if a is not b:
                return False
        elif a is b or a is Connector.UNIVERSAL or b is Connector.UNIVERSAL:
            held = True
        else:
            return False
        if q.exhaust == back or q.barrel == back:
            return False  # p would sit behind q's exhaust or in front of q's barrel
    kind = tile.kind
    if kind is Kind.ENGINE or kind is Kind.DOUBLE_ENGINE:
        if (EXHAUST + rotation) % 4 != Side.S:
            return False
        dr, dc = DELTAS[Side.S]
        if (row + dr, col + dc) in cells:
            return False
    elif kind is Kind.CANNON or kind is Kind.DOUBLE_CANNON:
        dr, dc = DELTAS[(BARREL + rotation) % 4]
        if (row + dr, col + dc) in cells:
            return False
    return held


def start_ship(board: Board, pilot: Tile) -> Ship:
    if pilot.kind is not Kind.PILOT:
        raise ValueError(f"#{pilot.id} is not a pilot cabin")
    return Ship.of(board, [Placement(pilot, *board.start)])


def random_ship(tiles: TileSet, board: Board, rng: Rng, attempts: int = 400,
                pilot: int = 141) -> Ship:
    """A legal ship grown from the pilot cabin by ``attempts`` random tries.

    Each try draws an unused warehouse tile, a free square beside the ship and a rotation, and
    keeps the tile only when it adds no mistake: always legal, different for every seed.
    """
    ship = start_ship(board, tiles[pilot])
    pool = [t for t in tiles.warehouse]
    rng.shuffle(pool)
    squares = open_squares(ship)
    for _ in range(attempts):
        if not squares or not pool:
            break
        tile = pool[-1]
        row, col = rng.choice(squares)
        candidate = Placement(tile, row, col, rng.below(4))
        if fits_cleanly(ship, candidate):
            ship = ship.adding(candidate)
            pool.pop()
            squares = open_squares(ship)
        else:
            pool.insert(rng.below(len(pool)), pool.pop())
    return ship


# -- typical ships: what the legal list offers at "enter a ship" ----------------------------

_TYPICAL_KINDS = (
    (Kind.ENGINE, Kind.CANNON, Kind.CABIN, Kind.BATTERY, Kind.CARGO, Kind.SHIELD,
     Kind.DOUBLE_ENGINE, Kind.DOUBLE_CANNON, Kind.SPECIAL_CARGO, Kind.LIFE_BROWN,
     Kind.LIFE_PURPLE, Kind.STRUCTURAL),
    (Kind.CABIN, Kind.CARGO, Kind.ENGINE, Kind.BATTERY, Kind.CANNON, Kind.SPECIAL_CARGO,
     Kind.SHIELD, Kind.DOUBLE_CANNON, Kind.DOUBLE_ENGINE, Kind.STRUCTURAL, Kind.LIFE_PURPLE,
     Kind.LIFE_BROWN),
)
"""Two mixes a typical ship is grown from: one a fighter (engines and cannons first), one a
trader (cabins and holds first)."""

TRIES_PER_SQUARE = 12


@cache
def style_order(tile_seed: int, style: int) -> tuple[Tile, ...]:
    """The seed's warehouse dealt round-robin by kind in the style's kind order (lowest ids
    first)."""
    from pnp.games.galaxy_trucker.state import tiles_of

    tiles = tiles_of(tile_seed)
    by_kind: dict[Kind, list[Tile]] = {}  # kinds hash by identity (no enum ``.value``)
    for t in sorted(tiles.warehouse, key=_tile_id):
        by_kind.setdefault(t.kind, []).append(t)
    piles = [by_kind.get(k, []) for k in _TYPICAL_KINDS[style % len(_TYPICAL_KINDS)]]
    out: list[Tile] = []
    for depth in range(max(len(v) for v in by_kind.values())):
        out += [pile[depth] for pile in piles if depth < len(pile)]
    return tuple(out)


_tile_id = attrgetter("id")


def typical_ship(board: Board, pilot: Tile, order: Sequence[Tile]) -> Ship:
    """A legal ship grown from the pilot cabin without trial and error.

    The open squares are filled nearest the cabin first; each takes the first tile of ``order``
    (at most :data:`TRIES_PER_SQUARE` tried) that fits there cleanly in some rotation (the
    :func:`fits_at` test, against the connectors the square's neighbours show it, worked out
    once per square), so the ship is legal by construction.  It costs a few hundred table
    look-ups, where sampling ships cost thousands of trial placements.
    """
    sr, sc = board.start
    placed = [place(pilot, sr, sc)]
    # squares as numbers (``_key``); what each placed tile shows its neighbours
    # (``Tile.demands`` for its rotation)
    start = _key(sr, sc)
    shows: dict[int, tuple[int, ...]] = {start: pilot.demands[0]}
    pool = list(order)
    frontier: list[tuple[int, int]] = []
    seen = {start}
    near = _near(board)
    push, pop = heapq.heappush, heapq.heappop
    for item in near[start]:
        seen.add(item[1])
        push(frontier, item)
    while frontier and pool:
        _, square = pop(frontier)
        # what the square demands of a tile's faces (bit fields, ``Tile.fit_codes``): none
        # when a neighbour's exhaust or barrel points at it, or no neighbour shows it a
        # connector (``_demand``, written out with the neighbours' faces kept)
        need = 0
        held = False
        for step, shift, back in _SIDE_STEPS:
            faces = shows.get(square + step)
            if faces is None:
                need |= FIT_ANY << shift
                continue
            face = faces[back]
            if not face:
                break
            if face != 1:
                held = True
            need |= face << shift
        else:
            if not held:
                continue
            fit = _first_fit(pool, need)
            if fit is None:
                continue
            i, rotation = fit
            tile = pool.pop(i)
            placed.append(place(tile, *divmod(square, _ROW), rotation))
            shows[square] = tile.demands[rotation]
            for item in near[square]:
                if item[1] not in seen:
                    seen.add(item[1])
                    push(frontier, item)
    return Ship.of(board, placed)


_ROW = 16  # a square (row, column) as one number: row * 16 + column (columns are below 16)


def _key(row: int, col: int) -> int:
    return row * _ROW + col


@cache
def _near(board: Board) -> dict[int, tuple[tuple[int, int], ...]]:
    """Each square's neighbours on the board (N, E, S, W), with their distance from the
    start square (a typical ship grows nearest the pilot cabin first), squares as numbers
    (``_key``: ordered as (row, column) is)."""
    sr, sc = board.start
    return {_key(row, col): tuple((abs(r - sr) + abs(c - sc), _key(r, c))
                                  for dr, dc in DELTAS for r, c in ((row + dr, col + dc),)
                                  if (r, c) in board.cells)
            for row, col in board.cells | {board.start}}


# per side (N, E, S, W): the step to the neighbour's number, the side's 5-bit field, the
# opposite side
_SIDE_STEPS = tuple((dr * _ROW + dc, 5 * side, (side + 2) % 4)
                    for side, (dr, dc) in enumerate(DELTAS))


def _first_fit(pool: Sequence[Tile], need: int) -> tuple[int, int] | None:
    """(pool index, rotation) of the first tile that fits cleanly against ``need``."""
    for i, tile in enumerate(pool[:TRIES_PER_SQUARE]):
        for rotation, code in tile.fit_codes:
            x = code & need  # ``fit(code, need)`` written out: the builder's inner loop
            if (x | x >> 1 | x >> 2 | x >> 3 | x >> 4) & FIT_LOW == FIT_LOW:
                return i, rotation
    return None



"""Adding tiles while building: where a tile may go, and a seeded random builder.

The text lets a player put a tile down wrongly (the spot check deals with it), so nothing here
refuses a placement; ``placement_problems`` says what a placement would break, which a tracker
can show as a warning and the random builder uses to build only legal ships.
"""

from __future__ import annotations

from pnp.engine.rng import Rng
from pnp.games.galaxy_trucker.boards import Board, Cell
from pnp.games.galaxy_trucker.check import Violation, check
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, TileSet, joins


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
    p = placement
    if p.cell not in ship.board.cells or p.cell in ship.by_cell:
        return False
    held = False
    for side in SIDES:
        q = ship.at(p.neighbour(side))
        if q is None:
            continue
        a, b = p.connector(side), q.connector(side.opposite)
        if joins(a, b):
            held = True
        elif not (a is Connector.SMOOTH and b is Connector.SMOOTH):
            return False
        if q.exhaust is side.opposite or q.barrel is side.opposite:
            return False  # p would sit behind q's exhaust or in front of q's barrel
    if p.exhaust is not None and (p.exhaust is not Side.S
                                  or ship.at(p.neighbour(p.exhaust)) is not None):
        return False
    if p.barrel is not None and ship.at(p.neighbour(p.barrel)) is not None:
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

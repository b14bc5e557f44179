"""Ships for the Galaxy Trucker ship tests: tiles by hand, placed around a pilot cabin."""

from __future__ import annotations

from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.check import check
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Kind, Tile, generate_tiles, sides_from

PILOT = generate_tiles(0)[141]


def t(tile_id: int, kind: Kind, sides: str, capacity: int = 0) -> Tile:
    return Tile(tile_id, kind, sides_from(sides), capacity)


def put(tile_id: int, kind: Kind, sides: str, row: int, col: int, rot: int = 0,
        capacity: int = 0) -> Placement:
    return Placement(t(tile_id, kind, sides, capacity), row, col, rot)


def ship(*placements: Placement, board: str = "I") -> Ship:
    return Ship.of(BOARDS[board], [Placement(PILOT, 7, 7), *placements])


def rules(s: Ship) -> list[tuple[str, int, Side | None, int | None]]:
    return [(v.rule, v.tile, v.side, v.other) for v in check(s)]


S = Kind.STRUCTURAL

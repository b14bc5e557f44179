"""Galaxy Trucker, part 1: the component tiles, ship boards and the ship rules library.

The flight (rounds, cards, the registered ``galaxy-trucker`` Game) is part 2 and builds on
these modules: tiles (GT-1/GT-2 tile sets from a seed), boards (GT-3), ship (placed tiles,
exposed connectors, capacities), check (spot check and repairs), crew, strength, hits
(GT-4 and the H rules) and notation.
"""

from pnp.games.galaxy_trucker.boards import BOARDS, Board, board
from pnp.games.galaxy_trucker.check import (
    Repair,
    Violation,
    check,
    find_repairs,
    repair,
    repair_options,
)
from pnp.games.galaxy_trucker.hits import Impact, Threat, impact, keep_piece, resolve
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, TileSet, generate_tiles

__all__ = [
    "BOARDS", "Board", "Connector", "Impact", "Kind", "Placement", "Repair", "Ship", "Side",
    "Threat", "Tile", "TileSet", "Violation", "board", "check", "find_repairs", "generate_tiles",
    "impact", "keep_piece", "repair", "repair_options", "resolve",
]

"""Galaxy Trucker: the component tiles, ship boards, the ship rules library and the flight.

Part 2, the flight (rounds, adventure cards, the registered ``galaxy-trucker`` Game), is
``game.py`` with cards, events, state, rounds, goods and flight; it builds on part 1's
modules: tiles (GT-1/GT-2 tile sets from a seed), boards (GT-3), ship (placed tiles, exposed
connectors, capacities), check (spot check and repairs), crew, strength, hits
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
from pnp.games.galaxy_trucker.game import GalaxyTrucker
from pnp.games.galaxy_trucker.hits import Impact, Threat, impact, keep_piece, resolve
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, TileSet, generate_tiles

GAME = GalaxyTrucker()

__all__ = [
    "BOARDS", "GAME", "Board", "Connector", "GalaxyTrucker", "Impact", "Kind", "Placement",
    "Repair", "Ship", "Side",
    "Threat", "Tile", "TileSet", "Violation", "board", "check", "find_repairs", "generate_tiles",
    "impact", "keep_piece", "repair", "repair_options", "resolve",
]

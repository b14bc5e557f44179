"""Galaxy Trucker: the component tiles, ship boards, the ship rules library and the flight.

Part 2, the flight (rounds, adventure cards, the registered ``galaxy-trucker`` Game), is
``game.py`` (the run loop) with its handler tables (answers, adventures, offers, flow),
cards, events, state, rounds, goods and flight; it builds on part 1's
modules: tiles (GT-1/GT-2 tile sets from a seed), boards (GT-3), ship (placed tiles, exposed
connectors, capacities), check (spot check and repairs), crew, strength, hits
(GT-4 and the H rules) and notation.
"""

from pnp.games.galaxy_trucker import buildtimer, ship_drawing, shipcheck, summary
from pnp.games.galaxy_trucker.boards import BOARDS, Board, board
from pnp.games.galaxy_trucker.build import holds, placement_problems
from pnp.games.galaxy_trucker.captions import tiles_named
from pnp.games.galaxy_trucker.cards import card
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
from pnp.games.galaxy_trucker.notation import format_ship, parse_ship, placed_cells
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.state import LOOP, tiles_of
from pnp.games.galaxy_trucker.tiles import (
    PILOT_IDS,
    Connector,
    Kind,
    Tile,
    TileSet,
    generate_tiles,
)

GAME = GalaxyTrucker()

__all__ = [
    "BOARDS", "GAME", "LOOP", "PILOT_IDS", "SIDES", "Board", "Connector", "GalaxyTrucker",
    "Impact", "Kind", "Placement", "Repair", "Ship", "Side", "Threat", "Tile", "TileSet",
    "Violation", "board", "buildtimer", "card", "check", "find_repairs", "format_ship",
    "generate_tiles", "holds", "impact", "keep_piece", "parse_ship", "placed_cells",
    "placement_problems", "repair", "repair_options", "resolve", "ship_drawing", "shipcheck",
    "summary", "tiles_named", "tiles_of",
]

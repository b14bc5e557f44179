"""Page order and the PDF of the Galaxy Express kit."""

from __future__ import annotations

from pathlib import Path

from pnp.engine import get_game
from pnp.render.art import Look
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext
from pnp.render.document import Page, scaled, write_kit
from pnp.render.galaxy_express.art import GAME_ID
from pnp.render.galaxy_express.rules import rules_page_1, rules_page_2
from pnp.render.galaxy_express.setup import setup_page
from pnp.render.galaxy_express.sheet import record_fields, record_pages
from pnp.render.geometry import paper_size, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions
from pnp.render.parts import pieces_and_parts
from pnp.render.piecepack import Piece, coin, die, pawn, roll_table, tile
from pnp.render.suits import ARMS, CLASSIC, CROWNS, MOONS, RANKS, SUNS


# -- pieces -------------------------------------------------------------------------------------
def pieces() -> dict[str, list[Piece]]:
    """Exactly what the game uses from one piecepack.

    Tiles: the Sun and Moon aces (discard spots) and twelve for the chart; we print the six
    Crowns and six Arms tiles for the chart, whose faces stay hidden.  All 24 coins, all four
    dice, one pawn.
    """
    tiles = [tile(SUNS, "ace"), tile(MOONS, "ace")]
    tiles += [tile(s, r) for s in (CROWNS, ARMS) for r in RANKS]
    return {
        "tile": tiles,
        "coin": [coin(s, r) for s in CLASSIC for r in RANKS],
        "die": [die(s) for s in CLASSIC],
        "pawn": [pawn(SUNS)],
        "card": [roll_table(CLASSIC)],
    }


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the record sheet."""
    game = get_game(GAME_ID)
    setup = game.new_setup(options.seed, ["Player 1"], {"chance": "table"})
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    pages = [rules_page_1(look, design), rules_page_2(look, design),
             setup_page(setup, options, look, design)]
    if design != size:
        pages = [scaled(p, size) for p in pages]
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    record = record_pages(options, look)  # A5 has a layout of its own (two pages)
    if duplex and len(record) == 2:  # the record's two pages on one sheet
        from pnp.render.components import blank_back

        pages.append(blank_back(size, "Galaxy Express"))
    record_index = len(pages)
    pages += record
    if duplex and len(pages) % 2:
        from pnp.render.components import blank_back

        pages.append(blank_back(size, "Galaxy Express"))
    ctx = SheetContext("Galaxy Express", options)
    notes = ("The twelve chart tiles are the Crowns and Arms tiles; lay them grid side up. The "
             "Sun and Moon ace tiles hold spent coins.",)
    sheets, parts = pieces_and_parts(ctx, pieces(), "Galaxy Express - pieces",
                                     ("From one piecepack. Dice: two for speed, two to count "
                                      "refuels. One pawn is your starship.",), notes)
    pages += sheets + calibration_pages(options)
    pages, shift = with_guide("Galaxy Express", options, pages, parts=parts)
    return pages, record_index + shift


def galaxy_express_kit(options: KitOptions) -> list[Path]:
    pages, record_index = kit_pages(options)
    fields = record_fields(options, pages[record_index].size, record_index)
    return write_kit(options, GAME_ID, "Galaxy Express", pages, fields)

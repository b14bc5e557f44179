"""Page order and the PDF of the Wormholes kit."""

from __future__ import annotations

from pathlib import Path

from pnp.render.art import Look
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext, blank_back, piece_sheets
from pnp.render.document import Page, scaled, write_kit
from pnp.render.geometry import paper_size, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions
from pnp.render.parts import pieces_and_parts
from pnp.render.piecepack import Piece, roll_table, suit_set
from pnp.render.suits import CLASSIC
from pnp.render.wormholes.art import GAME_ID, TITLE
from pnp.render.wormholes.board import board_page
from pnp.render.wormholes.maps import map_pages
from pnp.render.wormholes.rules import rules_page_1, rules_page_2
from pnp.render.wormholes.sheet import record_fields, record_page
from pnp.render.wormholes.sheet_a5 import SIZE as A5_SIZE
from pnp.render.wormholes.sheet_a5 import part_fields, part_pages
from pnp.render.wormholes.sheet_layout import RECORD_PAGES


# -- pieces and the whole kit ----------------------------------------------------------------
def pieces() -> dict[str, list[Piece]]:
    """One whole piecepack; the game uses 23 of its tiles (grid side up) and everything else.

    Printing all 24 tiles keeps the set complete for other games; the parts list says which
    pieces Wormholes uses.
    """
    groups = suit_set(CLASSIC)
    groups["card"] = [roll_table(CLASSIC)]
    return groups


PARTS_LINES = (
    "Wormholes uses: 23 tiles grid side up for the galaxy (any one stays out), all 24 coins "
    "as wormholes, the 4 dice and the 4 pawns as starships (Suns and Moons: OrthogonAliens; "
    "Crowns and Arms: DiagonAliens).",
    "No tiles? The map sheets earlier in this kit carry the galaxy at full size: then leave "
    "out the tile sheets.",
)


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the first record page."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    text_pages = [rules_page_1(look, design), rules_page_2(look, design),
                  board_page(look, design, options.seed)]
    if duplex:
        text_pages.append(blank_back(size, "Wormholes - board sheet"))
    record_index = len(text_pages)
    if design == size:
        text_pages += [record_page(options, look, design, page) for page in range(RECORD_PAGES)]
    if duplex and RECORD_PAGES % 2:  # the map sheets start on a front (two record pages: one
        # sheet, the continuation page on the back of the front)
        text_pages.append(blank_back(size, "Wormholes - game record"))
    if design != size:  # A5: the text pages shrunk, the record in A5 parts (``sheet_a5``)
        text_pages = [scaled(p, size) for p in text_pages] + a5_record(options, look, duplex)
    pages = text_pages + map_pages(options, look)
    ctx = SheetContext(TITLE, options)
    groups = pieces()
    # the tiles are an alternative to the map sheets: on sheets of their own, to leave out
    tiles = {"tile": groups.pop("tile")}
    sheets, parts = pieces_and_parts(ctx, groups, "Wormholes - pieces", PARTS_LINES,
                                     everything=[*tiles["tile"], *(p for ps in groups.values()
                                                                   for p in ps)])
    pages += piece_sheets(ctx, tiles["tile"], "tiles") + sheets + calibration_pages(options)
    notes = GUIDE_NOTES if design == size else (*GUIDE_NOTES[:2], A5_RECORD_NOTE)
    pages, shift = with_guide(TITLE, options, pages, notes, parts=parts)
    return pages, record_index + shift


GUIDE_NOTES = (
    "The galaxy: the map sheets print it at full size (cut and glue them into one map); or lay "
    "23 piecepack tiles grid side up (the tile sheets): print one of the two.",
    "The board sheet is a small quick-start map of this seed: handy, not needed.",
    "The record: its front page holds 30 turns. A longer game continues on the continuation "
    "page (\"game record, continued\"), 46 turns a copy: print that one page again as often "
    "as the game needs and write each copy's number (2, 3, ...) in its Page boxes.",
)


def a5_record(options: KitOptions, look: Look, duplex: bool) -> list[Page]:
    """The A5 record parts, landscape; printed double-sided, the continuation's three parts
    start a sheet of their own (a blank back after the front's three and after theirs)."""
    pages = part_pages(options, look)
    if not duplex:
        return pages
    blank = blank_back(A5_SIZE, "Wormholes - game record")
    return [*pages[:3], blank, *pages[3:], blank]


A5_RECORD_NOTE = (
    "The record, on A5 turned landscape: the front page's 30 turns in three parts. A longer "
    "game continues on the three continuation parts, 46 turns a set: print the set as often "
    "as the game needs and write its number (2, 3, ...) in the Page boxes of all three.")


def wormholes_kit(options: KitOptions) -> list[Path]:
    pages, record_index = kit_pages(options)
    if pages[record_index].size == A5_SIZE:
        duplex = not options.gutter_fold and options.duplex in ("long", "short")
        fields = part_fields(options, record_index, (2, 5) if duplex else ())
    else:
        fields = record_fields(options, pages[record_index].size, record_index)
    return write_kit(options, GAME_ID, TITLE, pages, fields)

"""Page order and the PDF of the Weird Galaxy kit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from pnp.games.weird_galaxy.data import CAPACITY, MAX_SHIELDS, STATIONS
from pnp.render.art import Look
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext, blank_back, piece_sheets
from pnp.render.document import Page, fit_transform, scaled, write_kit
from pnp.render.forms import FormField
from pnp.render.geometry import paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions
from pnp.render.parts import parts_header
from pnp.render.piecepack import Piece, suit_set
from pnp.render.readable import scaled_rect
from pnp.render.suits import ALL_SUITS, RANKS
from pnp.render.weird_galaxy.art import GAME_ID, PLAYER_COLOURS, SHORT, TITLE
from pnp.render.weird_galaxy.board import board_page
from pnp.render.weird_galaxy.components import card_piece, counters, phredd_piece
from pnp.render.weird_galaxy.ledger_a5 import PAGES as A5_LEDGER_PAGES
from pnp.render.weird_galaxy.ledger_a5 import ledger_page_a5, ledger_sheet_a5
from pnp.render.weird_galaxy.rules import rules_page_1, rules_page_2
from pnp.render.weird_galaxy.sheet import LEDGER_PAGES, ledger_page, ledger_sheet
from pnp.render.weird_galaxy.worksheet import (
    WORKSHEET_VERSION,
    is_a5,
    worksheet_pages,
    worksheet_sheet,
)
from pnp.render.weird_galaxy.worksheet import pages_on as ws_pages_on

# -- pieces and the kit ----------------------------------------------------------------------------
LOAD_RANKS = RANKS[:CAPACITY]


def piecepack_pieces() -> dict[str, list[Piece]]:
    """From the 8-suit piecepack: all 48 tiles, all 8 dice, a pawn per suit (any suit can be
    seated), and per suit only the coins that mark loads (CAPACITY of them)."""
    full = suit_set(ALL_SUITS)
    keep = {f"{s.name} {r} coin" for s in ALL_SUITS for r in LOAD_RANKS}
    return {"tile": full["tile"], "coin": [p for p in full["coin"] if p.label in keep],
            "die": full["die"], "pawn": full["pawn"]}


def pieces() -> dict[str, list[Piece]]:
    """Everything cut out for this game, grouped by kind."""
    return {**piecepack_pieces(), "counter": counters(), "standee": [phredd_piece()],
            "refcard": [card_piece() for _ in range(5)]}


def parts_lines() -> tuple[str, ...]:
    colours = ", ".join(f"{name} ({shape})" for name, _, shape in PLAYER_COLOURS)
    return (
        f"{len(PLAYER_COLOURS) * (STATIONS + MAX_SHIELDS)} counters (5/8 in): {STATIONS} "
        f"stations and {MAX_SHIELDS} spit shields in each of {colours}.",
        "1 Phredd standee; 5 player reference cards.",
        f"From the 8-suit piecepack: every tile and die; a pawn per suit; {CAPACITY} coins "
        "per suit (load markers). Other coins are not used.",
    )


PART_NOTES = (
    "Tiles: one-sided here (the galaxy's tiles are never turned over); print them on card.",
    "Counters: print on card stock, cut the circles. Stations show 'spat' on the "
    "back: flip one when Phredd disables it. A shield counter sits on its station.",
    "Phredd: fold like a pawn standee, the two figures back to back.",
    "Reference cards: cut out, one per player.",
    "Dice: this game needs all eight, told apart by suit (drawing one picks the suit), so "
    "the roll table of other kits cannot stand in for them here.",
)


def kit_pages(options: KitOptions) -> tuple[list[Page], dict[str, int]]:
    """Every page in print order, and the page index of each fillable sheet."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    pages = [rules_page_1(look, design), rules_page_2(look, design),
             board_page(options, look, design)]
    ledgers = [ledger_page(options, look, design, k) for k in range(LEDGER_PAGES)]
    if design != size:
        pages = [scaled(p, size) for p in pages]
        ledgers = [scaled(p, size) for p in ledgers]
    if is_a5(size):  # the ledger's own A5 layout: a page a player
        ledgers = [ledger_page_a5(options, look, k) for k in range(A5_LEDGER_PAGES)]
    forms = {"worksheet": len(pages)}
    pages += worksheet_pages(options, look)  # A5 has a layout of its own (two pages)
    for k, ledger in enumerate(ledgers):
        forms[f"ledger{k}"] = len(pages)
        pages.append(ledger)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    if duplex and len(pages) % 2:
        pages.append(blank_back(size, SHORT))
    ctx = SheetContext(SHORT, options)
    groups = pieces()
    # the galaxy's tiles lie face up all game: their backs (four pages) are not printed
    groups["tile"] = [replace(p, back=None) for p in groups["tile"]]
    everything = [p for ps in groups.values() for p in ps]
    width = printable_area(size).w
    parts = parts_header(f"{SHORT} - pieces", everything, width, parts_lines(), PART_NOTES)
    pages += piece_sheets(ctx, everything, "pieces")  # every piece shares the sheets
    pages += calibration_pages(options)
    pages, shift = with_guide(TITLE, options, pages, parts=parts)
    return pages, {name: index + shift for name, index in forms.items()}


def form_fields(options: KitOptions, pages: Sequence[Page], forms: Mapping[str, int]
                ) -> list[FormField]:
    """The worksheet's and the ledger's fields, placed on the printed (maybe shrunk) pages."""
    design = text_sheet_size(options.paper)
    size = paper_size(options.paper)
    out: list[FormField] = []
    sheets = [(forms["worksheet"] + k, size, worksheet_sheet(size, WORKSHEET_VERSION, k))
              for k in range(ws_pages_on(size))]  # the worksheet is never shrunk
    sheets += ([(forms[f"ledger{k}"], size, ledger_sheet_a5(k)) for k in range(A5_LEDGER_PAGES)]
               if is_a5(size) else [(forms[f"ledger{k}"], design, ledger_sheet(design, k))
                                    for k in range(LEDGER_PAGES)])
    for index, drawn, sheet in sheets:
        s, dx, dy = fit_transform(drawn, pages[index].size)
        for f in sheet.fields:
            name = f.name
            value = str(options.seed) if name == "seed" else ""
            big = name in ("seed", "total_paid") or name.endswith(("_name", "_start"))
            out.append(FormField(name, index, scaled_rect(f.rect, s, dx, dy), value,
                                 (10 if big else 8) * min(s, 1.0),
                                 align=0 if f.kind == "text" else 1))
    return out


def weird_galaxy_kit(options: KitOptions) -> list[Path]:
    pages, forms = kit_pages(options)
    return write_kit(options, GAME_ID, TITLE, pages, form_fields(options, pages, forms))

"""Page order and the PDF of the Spatial Delivery kit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.cards import FUEL_CARDS
from pnp.games.spatial_delivery.sheet import MAX_PLAYERS
from pnp.render.art import INK, Look, paragraph
from pnp.render.calibration import calibration_pages
from pnp.render.components import (
    HeaderFn,
    SheetContext,
    blank_back,
    piece_sheets,
    two_sided_sheets,
)
from pnp.render.document import Page, scaled, write_kit
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import mm, paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions
from pnp.render.parts import ruled_header
from pnp.render.piecepack import Piece
from pnp.render.spatial_delivery.aids import board_pieces
from pnp.render.spatial_delivery.art import (
    GAME_ID,
    PLAYERS,
    SCORE_TOKENS,
    TITLE,
)
from pnp.render.spatial_delivery.cards import cards
from pnp.render.spatial_delivery.rules import rules_page_1, rules_page_2
from pnp.render.spatial_delivery.setup import map_page, ring3_page, setup_page
from pnp.render.spatial_delivery.sheet import score_fields, score_pages
from pnp.render.spatial_delivery.tiles import hex_tiles
from pnp.render.spatial_delivery.tokens import segments, stations, tokens

# -- the component sheets' parts list -------------------------------------------------------------
PART_GROUPS: tuple[tuple[str, str], ...] = (
    ("tile", "hex tiles: Earth, 16 space, 20 worlds"),
    ("card", f"cards: 60 goods, {FUEL_CARDS} Rocket Fuel"),
    ("token", "1/2 in tokens: score, 1st, ships, ..."),
    ("station", "trade stations, 9 per colour"),
    ("segment", "route segments, neutral: one per border"),
    ("board", "round track, turn order card"),
    ("aid", "player aids"),
)


def _parts_header(width: float, counts: dict[str, int]) -> tuple[HeaderFn, float]:
    notes = (
        "Print the sheets with backs double-sided (see the print note at the foot of each "
        "sheet). Hex tiles: cut along the thin hex outline; the crop marks give the two "
        "straight sides. Cards: cut on the crop marks; sleeve them if you like.",
        "Tokens: a 1/2 in (12.7 mm) punch or scissors. Spaceships show the ship upright on one "
        "side and lying down (passed) on the other. Stations come in the five player "
        "colours: " + ", ".join(n for n, _ in PLAYERS) + "; route segments are grey, since "
        "a route belongs to nobody.",
        f"Score tokens: {', '.join(f'{n} x {v}' for v, n in SCORE_TOKENS)}; the supply is "
        "unlimited, so make change or use paper if you run short.",
    )

    def layout(c: Canvas | None, x: float, top: float, w: float) -> float:
        if c is not None:
            c.setFillColor(INK)
            c.setFont(BOLD, 13)
            c.drawString(x, top - mm(5), "Spatial Delivery - pieces")
        y = top - mm(11)
        col = w * 0.4
        lines = [f"{counts.get(kind, 0):>3}  {text}" for kind, text in PART_GROUPS]
        size = min(8.2, 8.2 * col / max(text_width(t, REGULAR, 8.2) for t in lines))
        for line in lines:  # set smaller where the column is narrow (A5), not into the notes
            if c is not None:
                c.setFont(REGULAR, size)
                c.drawString(x, y, line)
            y -= mm(4)
        left = y
        y = top - mm(8)
        for text in notes:
            y = paragraph(c, text, x + col + mm(4), y, w - col - mm(4), REGULAR, 7.6,
                          leading=9.2) - mm(1.2)
        return min(left, y) - mm(1)

    return ruled_header(layout, width)


def pieces() -> dict[str, list[Piece]]:
    return {"board": board_pieces(), "tile": hex_tiles(), "card": cards(), "token": tokens(),
            "station": stations(), "segment": segments()}


def parts_list(options: KitOptions) -> tuple[HeaderFn, float]:
    """The parts list and how to make them, for the print guide."""
    counts = {k: len(v) for k, v in pieces().items()}
    counts["board"] = 2
    counts["aid"] = MAX_PLAYERS
    return _parts_header(printable_area(paper_size(options.paper)).w, counts)


def component_pages(options: KitOptions) -> list[Page]:
    """The pieces: boards, aids, tokens, stations and segments share their sheets; the hex
    tiles (an alternative to the one-piece map) and the butted cards have sheets of their
    own."""
    ctx = SheetContext(TITLE, options)
    groups = pieces()
    shared = [*groups["board"], *groups["token"], *groups["station"], *groups["segment"]]
    pages = piece_sheets(ctx, shared, "pieces")
    pages += piece_sheets(ctx, groups["tile"], "hex tiles")
    pages += two_sided_sheets(ctx, groups["card"], "cards", butt=True)
    return pages


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the score sheet."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    text_pages: list[Callable[[], Page]] = [
        lambda: rules_page_1(look, design), lambda: rules_page_2(look, design),
        lambda: setup_page(options, look, design), lambda: ring3_page(options, look, design),
        lambda: map_page(options, look, design)]
    made = [make() for make in text_pages]
    if design != size:
        made = [scaled(p, size) for p in made]
    rules1, rules2, setup, ring3, one_piece = made
    scores = score_pages(options, look)  # A5 has a layout of its own (three pages)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    # printed double-sided, the ring 3 page gets a blank back (it is folded shut) and the
    # score sheet its round-by-round page (one sheet handed round the table)
    pages = [rules1, rules2, setup, one_piece, ring3]
    if duplex:
        pages.append(blank_back(size, TITLE))
    score_index = len(pages)
    pages += scores
    if duplex and len(scores) % 2:
        pages.append(blank_back(size, TITLE))
    pages += component_pages(options)
    pages += calibration_pages(options)
    pages, shift = with_guide(TITLE, options, pages, GUIDE_NOTES, parts=parts_list(options))
    return pages, score_index + shift


GUIDE_NOTES = (
    "The galaxy: the one-piece map (the map page) or the hex tiles (card): print one of the "
    "two. The setup sheet shows where every tile goes either way.",
    "The ring 3 page is folded shut until round 3: print it one-sided.",
)


def spatial_delivery_kit(options: KitOptions) -> list[Path]:
    pages, score_index = kit_pages(options)
    fields = score_fields(options, pages[score_index].size, score_index)
    return write_kit(options, GAME_ID, TITLE, pages, fields)

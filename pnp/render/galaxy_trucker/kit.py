"""Page order and the PDF of the Galaxy Trucker kit.

Rules reference (2 pages), a fillable score sheet per player and the flight board (one-sided,
each with a blank back in duplex modes), the bank pieces with the parts list (one-sided), tiles
and credit coins (fronts and mirrored backs), the 60 adventure cards (butted, nine an A4 sheet,
backs by level), then the ship boards.  One PDF: the form fields of the score sheets are added
after it is written.  Boards come last: in duplex modes two
whole boards share a sheet (I backs II, III backs IIIa), unless a board had to be cut into parts
(small paper), when each part gets a blank back so cutting one never cuts another.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.games.galaxy_trucker.sheet import SEATS
from pnp.games.galaxy_trucker.tiles import generate_tiles
from pnp.render.art import Look
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext, blank_back, piece_sheets, two_sided_sheets
from pnp.render.document import Page, scaled, write_pdf
from pnp.render.galaxy_trucker.boards import board_pages
from pnp.render.galaxy_trucker.cards import card_pieces
from pnp.render.galaxy_trucker.flight_board import flight_board_page
from pnp.render.galaxy_trucker.flight_rules import rules_page_2
from pnp.render.galaxy_trucker.rules import rules_page_1
from pnp.render.galaxy_trucker.score import score_fields, score_page
from pnp.render.galaxy_trucker.tiles import tile_pieces
from pnp.render.galaxy_trucker.tokens import COUNTS, CREDIT_VALUES, bank_pieces, credit_pieces
from pnp.render.geometry import paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions, kit_file, table_url
from pnp.render.parts import parts_header

GAME_ID = "galaxy-trucker"
TITLE = "Galaxy Trucker"


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "table": the printed cards are turned at the table."""
    return table_url(options, GAME_ID, "table")


def kit_path(options: KitOptions) -> Path:
    return kit_file(options, GAME_ID)



def parts_lines(seed: int) -> tuple[str, ...]:
    coins = sum(n for _, n in CREDIT_VALUES)
    values = ", ".join(f"{n} x {v}" for v, n in CREDIT_VALUES)
    return (
        f"144 tiles of 25 mm for seed {seed}: ids 1-140 (the pile) and 141-144 (pilot cabins "
        "in blue, red, green, yellow). 16 ship boards: I, II, III and IIIa in each colour.",
        f"Bank: {COUNTS['human']} humans, {COUNTS['brown alien']} brown and "
        f"{COUNTS['purple alien']} purple aliens (11 mm), {COUNTS['battery']} battery tokens "
        f"and {COUNTS['red'] + COUNTS['yellow'] + COUNTS['green'] + COUNTS['blue']} goods "
        f"(8 mm), number tiles 1-4 (20 mm), {COUNTS['marker']} ship markers (14 mm, two "
        f"per colour: one on the flight board, one for the planet landed on). {coins} credit "
        f"coins (20 mm): {values}.",
        "60 adventure cards (20 each of levels I, II, III; the 8 test-flight cards carry a "
        "star), the flight board, 4 score sheets.",
    )


NOTES = (
    "Tiles and credits: print double-sided on card, cut on the crop marks. The tile backs "
    "are all alike and show the seed: never mix tiles of two seeds.",
    "Bank pieces: glue the sheet onto thin card, then cut; any spare cubes, beads or coins "
    "can stand in for them.",
    "Cards: they touch on the sheet; cut the shared lines first. Boards: print at 100%; each "
    "square takes one tile. Double-sided, boards I and II share "
    "a sheet, as do III and IIIa. On small paper a board comes in parts (one-sided): cut "
    "each part on its dashed edge and lay it on the grey strip of the part before, matching "
    "the triangles.",
)


def score_stride(options: KitOptions) -> int:
    """Pages from one player's score sheet to the next (a blank back between when duplex)."""
    return 2 if _duplex(options) else 1


def _duplex(options: KitOptions) -> bool:
    return not options.gutter_fold and options.duplex in ("long", "short")


SCORE_FIRST = 2  # the first score sheet's page: right after the two rules pages


def kit_pages(options: KitOptions) -> list[Page]:
    """Every page in print order: rules, the score sheets, the flight board, bank pieces,
    tiles, credits, adventure cards, then the ship boards."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    url = tracker_url(options)
    text = [rules_page_1(look, design, options.seed),
            rules_page_2(look, design, options.seed, url)]
    if design != size:
        text = [scaled(p, size) for p in text]
    # the score sheets have an A5 layout of their own
    text += [score_page(seat, options.seed, url, look, size) for seat in range(1, SEATS + 1)]
    duplex = _duplex(options)
    pages = text[:SCORE_FIRST]
    # one-sided sheets (score sheets go round the table; the board lies flat): blank backs
    # keep the double-sided pairs in step
    for page in [*text[SCORE_FIRST:], flight_board_page(options.paper, look)]:
        pages.append(page)
        if duplex:
            pages.append(blank_back(page.size, page.label))
    ctx = SheetContext(TITLE, options)
    parts = parts_header(f"{TITLE} - parts", [], printable_area(size).w,
                         parts_lines(options.seed), NOTES)
    # tiles, credits and bank pieces share their sheets (the parts list is in the guide)
    pages += piece_sheets(ctx, [*tile_pieces(generate_tiles(options.seed)), *credit_pieces(),
                                *bank_pieces()], "tiles, credits and bank pieces")
    pages += two_sided_sheets(ctx, card_pieces(), "adventure cards", butt=True)
    boards, split = board_pages(options.paper, look)
    for page in boards:
        pages.append(page)
        if duplex and split:
            pages.append(blank_back(page.size, page.label))
    pages += calibration_pages(options)
    return with_guide(TITLE, options, pages, parts=parts)[0]


def score_first(options: KitOptions, pages: Sequence[Page] | None = None) -> int:
    """The page index of the first score sheet: after the print guide and the rules (found
    among ``pages`` when given: an A5 guide printed one-sided takes two pages, its parts
    list on the second)."""
    if pages is not None:
        return next(i for i, p in enumerate(pages) if p.label == f"{TITLE} - score sheet, "
                    "player 1")
    return SCORE_FIRST + (2 if _duplex(options) else 1)


def galaxy_trucker_kit(options: KitOptions) -> list[Path]:
    pages = kit_pages(options)
    path = kit_path(options)
    first = score_first(options, pages)
    write_pdf(path, pages, f"{TITLE} - seed {options.seed}", options.progress,
              score_fields(options.paper, options.seed, pages[first].size, first,
                           score_stride(options)), duplex=options.print_mode,
              cut_file=options.cut_file)
    return [path]


__all__ = [
    "GAME_ID",
    "SCORE_FIRST",
    "galaxy_trucker_kit",
    "kit_pages",
    "kit_path",
    "score_first",
    "score_stride",
    "tracker_url",
]

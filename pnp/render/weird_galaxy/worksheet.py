"""The Trade Missions worksheet: one row per mission rolled; its form fields are the ones
pnp.games.weird_galaxy.sheet checks.  A readable sheet (``worksheet_sheet``): corner markers,
the larger sheet QR, a tick box for each suit letter (a-h, as printed on the tiles) and a rank
box (0-5: N is 0, A is 1) for each mission's source and destination tile, then combs for the
distance, the payoff and what was paid.

A5 has its own layout (not the A4 design shrunk, whose text came out at 3.5 pt): two pages,
missions 1-20 with the seed and how to write a tile (``worksheet1.a5``), then missions 21-40
with the total paid out and the payoff ladder (``worksheet2.a5``), rows 5.9 mm as on A4."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy import sheet as wg_sheet
from pnp.games.weird_galaxy.data import SIZE
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, Look, paragraph, tint
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.readable import draw_field, sheet_page
from pnp.render.weird_galaxy.art import ACCENT, CREDIT, SHORT, _heading, tracker_url
from pnp.render.weird_galaxy.sheet import (
    BOTTOM,
    HEAD_H,
    LEDGER_PAGES,
    NUM_W,
    _sheet,
    _table,
    ledger_sheet,
)
from pnp.sheetread.layout import QR_LARGE, SheetLayout, paper_name

WORKSHEET_VERSION = 3
"""Version 3 (printed now) has a distance column (2 digits) before the payoff: the players
write the city-block distance they count anyway, which ties a row's tiles to its numbers
far tighter than the payoff (half of it) alone.  Version 2 prints (no distance) are still
read; version 1 had the tiles as handwriting and is refused with "print the sheet again"
(``pnp.sheetread.layout.sheet_layout``)."""
WORKSHEET_VERSIONS = (2, 3)

WS_COLUMNS = (("source", "Source tile", 46.5), ("dest", "Destination tile", 46.5),
              ("dist", "Distance", 14.0), ("payoff", "Payoff", 10.5), ("paid", "Paid ($)", 13.0))
A5_WIDTHS = {"source": 44.25, "dest": 44.25, "dist": 12.0, "payoff": 9.0, "paid": 12.0}
"""A5's columns (mm): the full width of the page, a tile's eight letters still fitting."""
A5_NUM_W = mm(6)
A5_SPLIT = wg_sheet.ROWS // 2
HINTS = {"source": "tick the suit, write the rank", "dest": "another suit",
         "dist": "steps apart", "payoff": "half, up", "paid": "when done"}


def is_a5(size: tuple[float, float]) -> bool:
    return paper_name(size) == "a5"


def pages_on(size: tuple[float, float]) -> int:
    """How many pages the worksheet takes: 1, or 2 on A5."""
    return 2 if is_a5(size) else 1


def page_rows(size: tuple[float, float], page: int = 0) -> range:
    """The missions page ``page`` of the worksheet holds."""
    if not is_a5(size):
        return range(1, wg_sheet.ROWS + 1)
    return range(1, A5_SPLIT + 1) if page == 0 else range(A5_SPLIT + 1, wg_sheet.ROWS + 1)


def ws_columns(version: int) -> tuple[tuple[str, str, float], ...]:
    """The worksheet's columns (key, head, width in mm): version 2 has no distance."""
    return tuple(col for col in WS_COLUMNS if version >= 3 or col[0] != "dist")


def table_top(size: tuple[float, float]) -> float:
    """Where the table starts: on A5, under the sheet QR (the table is full width)."""
    return printable_area(size).y2 - mm(27 if is_a5(size) else 19)


def worksheet_layout(size: tuple[float, float], version: int = WORKSHEET_VERSION,
                     page: int = 0) -> dict[str, Rect]:
    """Every field rectangle of the worksheet page (``page`` of the A5 one; design
    coordinates), by field name."""
    area = printable_area(size)
    top = table_top(size)
    bottom = area.y + BOTTOM
    rows = page_rows(size, page)
    a5 = is_a5(size)
    row_h = mm(5.9) if a5 else (top - HEAD_H - bottom) / wg_sheet.ROWS
    fields: dict[str, Rect] = {}
    x = area.x
    for k, n in enumerate(rows, start=1):
        y = top - HEAD_H - k * row_h
        x = area.x + (A5_NUM_W if a5 else NUM_W)
        for key, _, width in ws_columns(version):
            w = mm(A5_WIDTHS[key] if a5 else width)
            fields[f"m{n}_{key}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    if a5:
        low = top - HEAD_H - len(rows) * row_h
        if page == 0:
            fields["seed"] = Rect(area.x + mm(14), area.y2 - mm(24.5), mm(30), mm(7))
        else:
            fields["total_paid"] = Rect(area.x + mm(28), low - mm(12), mm(20), mm(8))
        return fields
    px = x + mm(5)
    pw = area.x2 - px
    fields["seed"] = Rect(px + mm(12), top - mm(13), pw - mm(12), mm(7))
    fields["total_paid"] = Rect(px + pw - mm(20), top - mm(29), mm(20), mm(8))
    return fields


@lru_cache(maxsize=8)
def worksheet_sheet(size: tuple[float, float], version: int = WORKSHEET_VERSION,
                    page: int = 0) -> SheetLayout:
    a5 = is_a5(size)
    return _sheet(size, f"worksheet{page + 1}" if a5 else "worksheet",
                  worksheet_layout(size, version, page), page == 0,
                  "Weird Galaxy Trade Missions worksheet" + (f", page {page + 1}" if a5
                                                             else ""), version, QR_LARGE)


def a5_layouts() -> list[SheetLayout]:
    """The worksheet's two A5 pages (version 3: A5 has never printed another)."""
    a5 = paper_size("a5")
    return [worksheet_sheet(a5, WORKSHEET_VERSION, page) for page in range(pages_on(a5))]


def sheet_layouts() -> list[SheetLayout]:
    """The worksheet and every ledger page, on A4 and Letter, and on A5 the worksheet's two
    pages and the ledger's page a player (``ledger_a5``; an A5 print of before, the A4
    ledger shrunk, names its A4 layout)."""
    from pnp.render.weird_galaxy.ledger_a5 import a5_ledger_layouts

    out = []
    for paper in ("a4", "letter"):
        size = paper_size(paper)
        out += [*(worksheet_sheet(size, v) for v in WORKSHEET_VERSIONS),
                *(ledger_sheet(size, k, v) for v in (1, 2) for k in range(LEDGER_PAGES))]
    return [*out, *a5_layouts(), *a5_ledger_layouts()]


def worksheet_pages(options: KitOptions, look: Look) -> list[Page]:
    """The worksheet's pages for the kit's paper: the A4 or Letter design, or A5's two."""
    size = paper_size(options.paper)
    if is_a5(size):
        return [_a5_page(options, look, size, page) for page in range(pages_on(size))]
    return [worksheet_page(options, look, size)]


def _rows_table(c: Canvas, sheet: SheetLayout, fields: dict[str, Rect], rows: range,
                top: float, left: float, look: Look) -> None:
    cols = [k for k, _, _ in ws_columns(sheet.version)]
    right = fields[f"m{rows.start}_{cols[-1]}"].x2 + 1
    _table(c, left, top, right, fields, "m{n}_{c}", cols, len(rows),
           {k: head for k, head, _ in WS_COLUMNS}, HINTS, look,
           number_w=fields[f"m{rows.start}_{cols[0]}"].x - 1 - left, start=rows.start)
    for n in rows:
        for key in cols:
            draw_field(c, sheet.field(f"m{n}_{key}"), look, ACCENT)


TILES = ("Tick the tile's suit letter (a Suns, b Moons, c Crowns, d Arms, e Spring, f Summer, "
         "g Autumn, h Winter) and write its rank: 0 for null (N), 1 for ace (A), 2-5. The tile "
         "f4 is f ticked and 4; aN is a and 0.")
DISTANCE = ("Count the steps from source to destination along rows and columns (no diagonals; "
            "the black hole counts as a tile) and write it as the distance; the payoff is "
            "half of it, rounded up (distance, then $):")


def worksheet_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = worksheet_layout(size)
    sheet = worksheet_sheet(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        _rows_table(c, sheet, fields, page_rows(size), table_top(size), area.x, look)
        seed = fields["seed"]
        px = seed.x - mm(12)
        pw = area.x2 - px
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(px, seed.y + mm(2), "Seed")
        draw_field(c, sheet.field("seed"), look, ACCENT)
        total = fields["total_paid"]
        c.setFont(BOLD, 9)
        c.setFillColor(INK)
        c.drawString(px, total.y + mm(2.6), "Total paid out")
        draw_field(c, sheet.field("total_paid"), look, ACCENT, thick=True)
        y = total.y - mm(4)
        y = _heading(c, px, y, "Tiles", ts.SUBHEADING)
        y = paragraph(c, TILES, px, y, pw, REGULAR, 7.5) - mm(3)
        y = _heading(c, px, y, "Payoffs", ts.SUBHEADING)
        y = paragraph(c, DISTANCE, px, y, pw, REGULAR, 7.5) - mm(1.5)
        y = _payoff_ladder(c, px, y, pw, look) - mm(3)
        y = _heading(c, px, y, "Completing", ts.SUBHEADING)
        paragraph(c, "Only the player who delivers is paid; write the amount in the last "
                  "column and add it to your ledger's earned column. The worksheet's total "
                  "and the players' earnings must agree.", px, y, pw, REGULAR, 7.5)
        qr = min(pw - mm(4), mm(32))
        qr_block(c, url, px + (pw - qr) / 2, area.y + BOTTOM + mm(10), qr, left=px,
                 right=px + pw)

    return sheet_page(size, sheet, options.seed, f"{SHORT} - Trade Missions worksheet",
                      "One line per mission rolled, numbered as rolled (deliver:n in the tracker)."
                      " Type into the PDF or write by hand.",
                      ACCENT, CREDIT, draw)


def _a5_page(options: KitOptions, look: Look, size: tuple[float, float], page: int) -> Page:
    """Page ``page`` of the A5 worksheet: 20 missions, then how to write a tile (page 1) or
    the total and the payoff ladder (page 2)."""
    area = printable_area(size)
    fields = worksheet_layout(size, WORKSHEET_VERSION, page)
    sheet = worksheet_sheet(size, WORKSHEET_VERSION, page)
    rows = page_rows(size, page)

    def draw(c: Canvas) -> None:
        top = table_top(size)
        _rows_table(c, sheet, fields, rows, top, area.x, look)
        low = fields[f"m{rows[-1]}_source"].y - 1
        c.setFillColor(INK)
        if page == 0:
            seed = fields["seed"]
            c.setFont(BOLD, 10)
            c.drawString(area.x, seed.y + mm(2), "Seed")
            draw_field(c, sheet.field("seed"), look, ACCENT)
            y = paragraph(c, TILES, area.x, low - mm(3), area.w, REGULAR, 7.5)
            paragraph(c, DISTANCE.replace(" (distance, then $):", "; the ladder is over the "
                                          "page."), area.x, y - mm(1), area.w, REGULAR, 7.5)
            return
        total = fields["total_paid"]
        c.setFont(BOLD, 9)
        c.drawString(area.x, total.y + mm(2.6), "Total paid out")
        draw_field(c, sheet.field("total_paid"), look, ACCENT, thick=True)
        c.setFillColor(GREY)
        paragraph(c, "the payoffs of the completed missions", area.x, total.y - mm(1),
                  mm(50), REGULAR, 6.5)
        lx = area.x + mm(56)
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawString(lx, low - mm(3.5), "Payoff: half the distance, rounded up")
        _payoff_ladder(c, lx, low - mm(4.5), area.x2 - lx, look)

    span = f"missions {rows.start}-{rows.stop - 1}"
    sub = (f"{span.capitalize()}, numbered as rolled (deliver:n in the tracker)." if page == 0
           else f"{span.capitalize()}, then the total paid out.")
    return sheet_page(size, sheet, options.seed, f"{SHORT} - Trade Missions", sub, ACCENT,
                      CREDIT, draw, f"{SHORT} - Trade Missions worksheet, {span}")


def _payoff_ladder(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    longest = 2 * (SIZE - 1)
    per_row = 6
    cell = w / per_row
    y = top
    for start in range(1, longest + 1, per_row):
        for k in range(per_row):
            d = start + k
            if d > longest:
                break
            cx = x + (k + 0.5) * cell
            if not look.low_ink:
                c.setFillColor(tint(ACCENT, 0.08))
                c.rect(x + k * cell + 0.5, y - mm(8.5), cell - 1, mm(8.5), stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(REGULAR, 6.5)
            c.drawCentredString(cx, y - mm(3), str(d))
            c.setFillColor(INK)
            c.setFont(BOLD, 8.5)
            c.drawCentredString(cx, y - mm(7.3), f"${(d + 1) // 2}")
        y -= mm(9.5)
    return y

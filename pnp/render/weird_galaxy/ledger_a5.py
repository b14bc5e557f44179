"""The Space Bucks ledger laid out for A5 (the A4 design shrunk printed its text at 3.5 pt):
a page per player (``ledger1.a5`` ... ``ledger5.a5``), the 36 rows in two halves side by
side (rows 1-18, then 19-36), rows 5.6 mm high, comb boxes 4.45 x 4.9 mm, the totals across
the page's width under them; the last page carries the tracker's code (19 mm), as the A4
ledger's last page does.  The field names are the A4 ledger's, so the same checker
(pnp.games.weird_galaxy.ledger) reads a page of either paper."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy import ledger as wg_ledger
from pnp.games.weird_galaxy.data import FEE
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, LIGHT, WHITE, Look, hex_color, paragraph, tint
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.options import KitOptions
from pnp.render.qr import draw_qr
from pnp.render.readable import draw_field, sheet_page
from pnp.render.weird_galaxy.art import (
    ACCENT,
    CREDIT,
    PLAYER_COLOURS,
    SHORT,
    tracker_url,
)
from pnp.render.weird_galaxy.sheet import _sheet, player_badge
from pnp.sheetread.layout import QR_LARGE, SheetLayout

A5_LEDGER_VERSION = 1
"""A5 has printed no other ledger of its own (before, the A4 pages shrunk: read as A4)."""
PAGES = wg_ledger.PLAYERS
HALF = wg_ledger.ROWS // 2
ROW_H = mm(5.6)
HEAD_H = mm(9)
GAP = mm(4)
COL_W = mm(9.6)
"""A two-digit column: two 4.45 mm boxes."""
HEADS = {"turn": ("Turn", ""), "earned": ("Earned", "+ paid"), "fees_in": ("Fees", "+ in"),
         "fees_out": ("Fees", "- out"), "spent": ("Spent", "- bank"),
         "balance": ("Balance", "= new")}
TRACKER_QR = mm(19)
"""The last page's tracker code: what fits under the totals, clear of the corner marker."""
TOTAL_HEADS = {"earned": "earned", "fees_in": "fees in", "fees_out": "fees out",
               "spent": "spent", "balance": "final balance"}
HEAD_PT = 6.0
HINT_PT = 5.5
LEGEND = ("One row per turn in which your Space Bucks moved; rows 19-36 go on in the right "
          "half. New balance = the balance above + earned + fees in - fees out - spent, never "
          f"below 0. A fee is {FEE} to the station's owner; a spit shield, an abandoned load or "
          "a station is spent. At the end, add up each column in the totals.")


def _top(size: tuple[float, float]) -> float:
    """Under the 24 mm sheet QR."""
    return printable_area(size).y2 - mm(27)


def _col_w(col: str, half_w: float) -> float:
    return half_w - (len(wg_ledger.COLUMNS) - 1) * COL_W if col == "balance" else COL_W


def ledger_layout_a5(page: int) -> dict[str, Rect]:
    """The field rectangles of A5 ledger page ``page`` (player ``page + 1``), by name."""
    size = paper_size("a5")
    area = printable_area(size)
    p = page + 1
    top = _top(size)
    fields = {f"p{p}_name": Rect(area.x + mm(14), top - mm(7), mm(56), mm(7)),
              f"p{p}_start": Rect(area.x2 - mm(15), top - mm(6.8), mm(15), mm(6.6))}
    table = top - mm(10)
    half_w = (area.w - GAP) / 2
    for n in range(1, wg_ledger.ROWS + 1):
        half, k = divmod(n - 1, HALF)
        x = area.x + half * (half_w + GAP)
        y = table - HEAD_H - (k + 1) * ROW_H
        for col in wg_ledger.COLUMNS:
            w = _col_w(col, half_w)
            fields[wg_ledger.row_field(p, n, col)] = Rect(x + 1, y + 1, w - 2, ROW_H - 2)
            x += w
    y = table - HEAD_H - HALF * ROW_H - mm(3.5) - mm(7)
    label = mm(20)
    w = (area.w - label) / len(wg_ledger.TOTALS)
    for k, col in enumerate(wg_ledger.TOTALS):
        fields[f"p{p}_{col}"] = Rect(area.x + label + k * w + mm(2), y, w - mm(4), mm(7))
    return fields


@lru_cache(maxsize=8)
def ledger_sheet_a5(page: int) -> SheetLayout:
    return _sheet(paper_size("a5"), f"ledger{page + 1}", ledger_layout_a5(page), False,
                  f"Weird Galaxy Space Bucks ledger, player {page + 1}", A5_LEDGER_VERSION,
                  QR_LARGE)


def a5_ledger_layouts() -> list[SheetLayout]:
    return [ledger_sheet_a5(page) for page in range(PAGES)]


def ledger_page_a5(options: KitOptions, look: Look, page: int) -> Page:
    """Player ``page + 1``'s A5 ledger page (the last one with the tracker's code)."""
    size = paper_size("a5")
    area = printable_area(size)
    fields = ledger_layout_a5(page)
    sheet = ledger_sheet_a5(page)
    p = page + 1
    colour_name = PLAYER_COLOURS[page][0]

    def draw(c: Canvas) -> None:
        player_badge(c, fields, sheet, p, area.x + mm(3.2), (3, 1.4, 4.3), look,
                     f"name ({colour_name} counters)")
        start = fields[f"p{p}_start"]
        c.setFillColor(INK)
        c.setFont(BOLD, 7)
        c.drawRightString(start.x - mm(1.5), start.y + mm(3.3), "Brought forward")
        c.setFillColor(GREY)
        c.setFont(REGULAR, 5.5)
        c.drawRightString(start.x - mm(1.5), start.y + mm(0.9), "0 to begin")
        draw_field(c, sheet.field(f"p{p}_start"), look, ACCENT)
        table = _top(size) - mm(10)
        half_w = (area.w - GAP) / 2
        for half in range(2):
            _half(c, sheet, p, area.x + half * (half_w + GAP), table, half_w, half, look)
        _totals(c, sheet, p, area, look)
        low = fields[f"p{p}_earned"].y - mm(1.5)
        c.setFillColor(GREY)
        last = page == PAGES - 1
        paragraph(c, LEGEND + (" Scan the code to log this game in the tracker." if last
                               else ""), area.x, low, area.w - TRACKER_QR - mm(3), REGULAR, 6, 7)
        if last:
            draw_qr(c, tracker_url(options), area.x2 - TRACKER_QR, low + mm(0.5) - TRACKER_QR,
                    TRACKER_QR)

    return sheet_page(size, sheet, options.seed, f"{SHORT} - Space Bucks ledger",
                      f"Player {p}: a row per turn your Space Bucks moved.", ACCENT, CREDIT,
                      draw, f"{SHORT} - Space Bucks ledger, player {p}")


def _half(c: Canvas, sheet: SheetLayout, p: int, x0: float, top: float, w: float, half: int,
          look: Look) -> None:
    """Rows ``18 * half + 1`` on: the head, the stripes, the rules and the combs."""
    first = half * HALF + 1
    rows = range(first, first + HALF)
    bottom = top - HEAD_H - HALF * ROW_H
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x0, top - HEAD_H, w, HEAD_H, stroke=0, fill=1)
    head_ink = WHITE if not look.low_ink else INK
    x = x0
    xs = [x0]
    for col in wg_ledger.COLUMNS:
        cw = _col_w(col, w)
        head, hint = HEADS[col]
        c.setFillColor(head_ink)
        c.setFont(BOLD, HEAD_PT)
        c.drawCentredString(x + cw / 2, top - mm(3.3), head)
        c.setFont(REGULAR, HINT_PT)
        c.drawCentredString(x + cw / 2, top - mm(6.6), hint or f"{first}-{first + HALF - 1}")
        x += cw
        xs.append(x)
    for k, _ in enumerate(rows):
        y = top - HEAD_H - (k + 1) * ROW_H
        if not look.low_ink and k % 2 == 1:
            c.setFillColor(tint(ACCENT, 0.07))
            c.rect(x0, y, w, ROW_H, stroke=0, fill=1)
    c.setStrokeColor(LIGHT if look.low_ink else hex_color("#c3b8d9"))
    c.setLineWidth(ts.GRID)
    for k in range(HALF + 1):
        c.line(x0, top - HEAD_H - k * ROW_H, x0 + w, top - HEAD_H - k * ROW_H)
    # no inner column rules: a comb fills its column, and a rule 0.35 mm from its wall read as
    # ink in the photos (15 % of the fields asked); the combs' own walls part the columns
    del xs
    c.setStrokeColor(ACCENT)
    c.setLineWidth(ts.GRID_STRONG)
    c.rect(x0, bottom, w, top - bottom, stroke=1, fill=0)
    for n in rows:
        for col in wg_ledger.COLUMNS:
            draw_field(c, sheet.field(wg_ledger.row_field(p, n, col)), look, ACCENT,
                       thick=col == "balance")


def _totals(c: Canvas, sheet: SheetLayout, p: int, area: Rect, look: Look) -> None:
    """The totals row: each column added up, across the page."""
    first = sheet.field(f"p{p}_earned").rect
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawString(area.x, first.y + mm(3.2), "Totals")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5.5)
    c.drawString(area.x, first.y + mm(0.8), "rows 1-36")
    for col in wg_ledger.TOTALS:
        f = sheet.field(f"p{p}_{col}")
        label = TOTAL_HEADS[col]
        c.setFillColor(INK)
        c.setFont(REGULAR, HINT_PT)
        if text_width(label, REGULAR, HINT_PT) > f.rect.w + mm(3):
            raise ValueError(f"total head {label!r} does not fit")
        c.drawCentredString(f.rect.cx, f.rect.y2 + mm(0.9), label)
        draw_field(c, f, look, ACCENT, thick=col == "balance")

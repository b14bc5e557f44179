"""The two fillable sheets: the worksheet (one row per action) and the Space Bucks ledger; their
form fields are the ones pnp.games.weird_galaxy.ledger checks.  Every page is a readable sheet
(``worksheet_sheet``, ``ledger_sheet``): corner markers, the sheet QR, a comb for every amount
and turn number; player names are handwriting.  The worksheet (layout version 2) has a tick
box for each suit letter (a-h, as printed on the tiles) and a rank box (0-5: N is 0, A is 1)
for each mission's source and destination tile, so a photo of it is read, not retyped, and its
sheet QR is the larger one (``QR_LARGE``): the panel below the title band leaves room."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy import ledger as wg_ledger
from pnp.games.weird_galaxy.data import ABANDON_FORFEIT, FEE, SHIELD_COST, SIZE, STATION_COSTS
from pnp.render import typescale as ts
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    WHITE,
    Look,
    fit_centred,
    hex_color,
    paint,
    paragraph,
    tint,
)
from pnp.render.document import Page
from pnp.render.fonts import BOLD, CONDENSED_BOLD, REGULAR
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.readable import draw_field, sheet_page
from pnp.render.weird_galaxy.art import (
    ACCENT,
    CREDIT,
    GAME_ID,
    PLAYER_COLOURS,
    SHORT,
    _heading,
    player_mark,
    tracker_url,
)
from pnp.sheetread.layout import (
    MARKER_SIZE,
    QR_LARGE,
    QR_SIZE,
    FieldBox,
    SheetLayout,
    band_qr,
    choice,
    corner_markers,
    paper_name,
    place,
)

LAYOUT_VERSION = 1
LEDGER_VERSION = 2
"""The ledger's version 2 (printed now): the 24 mm sheet QR, the blocks 7 mm lower; version 1
prints (17 mm) are still read."""
BOTTOM = MARKER_SIZE + mm(3)  # the tables end clear of the bottom markers

# -- the Trade Missions worksheet ----------------------------------------------------------------
PAYOFF_DIGITS = "".join(str(d) for d in range(1, (2 * (SIZE - 1) + 1) // 2 + 1))
"""A payoff is 1 to 6 (tiles of two suits are 1 to 12 apart): version 3's payoff comb
reads no other digit."""


NUM_W = mm(7)
HEAD_H = mm(9)
SUIT_LETTERS = tuple("abcdefgh")
RANK_DIGITS = "012345"
TILE_BOX = mm(2.6)
TILE_LABEL = mm(1.7)
TILE_GAP = mm(0.55)
TILE_DIGIT_W = mm(4.4)


DIGITS = {"dist": 2, "payoff": 1, "paid": 2, "total_paid": 3, "turn": 2, "earned": 2, "fees_in": 2,
          "fees_out": 2, "spent": 2, "balance": 3, "start": 3}
TOTAL_DIGITS = 3
_LONGEST_FIRST = tuple(sorted(DIGITS, key=len, reverse=True))  # (a name's ending, see _kind)


def _kind(name: str) -> tuple[str, int]:
    """A comb of how many digits, or free text (tile and player names)."""
    if name in DIGITS:
        return "digits", DIGITS[name]
    head, _, rest = name.partition("_")
    if head[0] == "p" and head[1:].isdigit() and rest in wg_ledger.TOTALS:
        return "digits", TOTAL_DIGITS  # a ledger's totals row
    for key in _LONGEST_FIRST:
        if name.endswith("_" + key):
            return "digits", DIGITS[key]
    return "text", 0


def tile_field(name: str, cell: Rect) -> FieldBox:
    """A mission's tile on the worksheet: its suit letter ticked, its rank written."""
    return choice(name, cell, SUIT_LETTERS, 1, box=TILE_BOX, label=TILE_LABEL, gap=TILE_GAP,
                  width=TILE_DIGIT_W, alphabet=RANK_DIGITS)


def _sheet(size: tuple[float, float], layout: str, cells: Mapping[str, Rect],
           seed: bool, title: str, version: int = LAYOUT_VERSION,
           qr: float = QR_SIZE) -> SheetLayout:
    fields = []
    for name, cell in cells.items():
        if name.endswith(("_source", "_dest")):
            fields.append(tile_field(name, cell))
            continue
        kind, digits = _kind(name)
        if layout.startswith("worksheet") and version >= 3 and name.endswith("_payoff"):
            fields.append(place(name, cell, kind, digits, alphabet=PAYOFF_DIGITS))
            continue
        fields.append(place(name, cell, kind, digits))
    return SheetLayout(GAME_ID, f"{layout}.{paper_name(size)}", version, size,
                       corner_markers(size), band_qr(size, qr), tuple(fields),
                       seed_field="seed" if seed else None, title=title)


@lru_cache(maxsize=16)
def ledger_sheet(size: tuple[float, float], page: int,
                 version: int = LEDGER_VERSION) -> SheetLayout:
    return _sheet(size, f"ledger{page + 1}", ledger_layout(size, page, version), False,
                  f"Weird Galaxy Space Bucks ledger, page {page + 1}", version,
                  QR_SIZE if version < 2 else QR_LARGE)


def _table(c: Canvas, x0: float, top: float, right: float, fields: Mapping[str, Rect],
           pattern: str, cols: Sequence[str], rows: int, heads: Mapping[str, str],
           hints: Mapping[str, str], look: Look, number_w: float = NUM_W,
           number_head: str = "#", start: int = 1) -> None:
    """A ruled table over form fields named ``pattern`` (with {n} and {c}), ``rows`` of
    them from row ``start``."""
    first = fields[pattern.format(n=start, c=cols[0])]
    row_h = first.h + 2
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x0, top - HEAD_H, right - x0, HEAD_H, stroke=0, fill=1)
    c.setFillColor(WHITE if not look.low_ink else INK)
    fit_centred(c, number_head, BOLD, 7.5, x0 + number_w / 2, top - mm(5.2), number_w - 1)
    for col in cols:
        r = fields[pattern.format(n=start, c=col)]
        fit_centred(c, heads[col], BOLD, 7.5, r.cx, top - mm(4.4), r.w)
        fit_centred(c, hints.get(col, ""), REGULAR, 5.5, r.cx, top - mm(7.6), r.w)
    for n in range(start, start + rows):
        y = fields[pattern.format(n=n, c=cols[0])].y - 1
        if not look.low_ink and n % 2 == 0:
            c.setFillColor(tint(ACCENT, 0.07))
            c.rect(x0, y, right - x0, row_h, stroke=0, fill=1)
        if number_head == "#":
            c.setFillColor(GREY)
            c.setFont(CONDENSED_BOLD, 7)
            c.drawCentredString(x0 + number_w / 2, y + row_h / 2 - 2.5, str(n))
    c.setStrokeColor(LIGHT if look.low_ink else hex_color("#c3b8d9"))
    c.setLineWidth(ts.GRID)
    bottom = fields[pattern.format(n=start + rows - 1, c=cols[0])].y - 1
    for n in range(rows + 1):
        y = top - HEAD_H - n * row_h
        c.line(x0, y, right, y)
    xs = [x0] + [fields[pattern.format(n=start, c=col)].x - 1 for col in cols] + [right]
    for x in xs:
        c.line(x, bottom, x, top - HEAD_H)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(ts.GRID_STRONG)
    c.rect(x0, bottom, right - x0, top - bottom, stroke=1, fill=0)


# -- the Space Bucks ledger ----------------------------------------------------------------------

LEDGER_HEADS = {"turn": "Turn", "earned": "Earned", "fees_in": "Fees in",
                "fees_out": "Fees out", "spent": "Spent", "balance": "Balance"}
LEDGER_HINTS = {"turn": "", "earned": "+ payoffs", "fees_in": "+ from players",
                "fees_out": "- to players", "spent": "- bank", "balance": "= new total"}
PER_PAGE = 2
LEDGER_PAGES = (wg_ledger.PLAYERS + PER_PAGE - 1) // PER_PAGE


def ledger_players(page: int) -> list[int]:
    """Player numbers (from 1) on ledger page ``page`` (from 0)."""
    first = page * PER_PAGE + 1
    return list(range(first, min(first + PER_PAGE, wg_ledger.PLAYERS + 1)))


def _block_rect(size: tuple[float, float], slot: int, version: int = LEDGER_VERSION) -> Rect:
    area = printable_area(size)
    w = (area.w - mm(6)) / PER_PAGE
    top = area.y2 - mm(19 if version < 2 else 26)  # version 2: below the 24 mm QR
    return Rect(area.x + slot * (w + mm(6)), area.y + BOTTOM, w, top - area.y - BOTTOM)


def ledger_layout(size: tuple[float, float], page: int,
                  version: int = LEDGER_VERSION) -> dict[str, Rect]:
    """The field rectangles of ledger page ``page`` (design coordinates), by field name."""
    fields: dict[str, Rect] = {}
    for slot, p in enumerate(ledger_players(page)):
        box = _block_rect(size, slot, version)
        head = mm(17)
        total_h = mm(9)
        turn_w = mm(10)
        col_w = (box.w - turn_w) / (len(wg_ledger.COLUMNS) - 1)
        fields[f"p{p}_name"] = Rect(box.x + mm(22), box.y2 - mm(7.5), box.w - mm(22), mm(7))
        fields[f"p{p}_start"] = Rect(box.x2 - col_w + 1, box.y2 - mm(15.5), col_w - 2, mm(6.5))
        rows_top = box.y2 - head - HEAD_H
        row_h = (rows_top - box.y - total_h) / wg_ledger.ROWS
        for n in range(1, wg_ledger.ROWS + 1):
            y = rows_top - n * row_h
            x = box.x
            for col in wg_ledger.COLUMNS:
                w = turn_w if col == "turn" else col_w
                fields[wg_ledger.row_field(p, n, col)] = Rect(x + 1, y + 1, w - 2, row_h - 2)
                x += w
        x = box.x + turn_w
        for col in wg_ledger.TOTALS:
            fields[f"p{p}_{col}"] = Rect(x + 1, box.y + 1, col_w - 2, total_h - mm(1.5))
            x += col_w
    return fields


def ledger_page(options: KitOptions, look: Look, size: tuple[float, float], page: int
                 ) -> Page:
    fields = ledger_layout(size, page)
    sheet = ledger_sheet(size, page)
    players = ledger_players(page)
    url = tracker_url(options)
    label = f"{SHORT} - Space Bucks ledger {page + 1}/{LEDGER_PAGES}"
    who = (f"players {players[0]} and {players[-1]}" if len(players) > 1
           else f"player {players[0]}")

    def draw(c: Canvas) -> None:
        for slot, p in enumerate(players):
            _ledger_block(c, fields, sheet, p, _block_rect(size, slot), look)
        if len(players) < PER_PAGE:
            _ledger_panel(c, _block_rect(size, len(players)), url, look)

    return sheet_page(size, sheet, options.seed, f"{SHORT} - Space Bucks ledger ({who})",
                      "One row per turn in which your Space Bucks moved. New balance = the row "
                      "above + earned + fees in - fees out - spent.",
                      ACCENT, CREDIT, draw, label)


def player_badge(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, p: int, x: float,
                 sizes: tuple[float, float, float], look: Look, caption: str) -> None:
    """A ledger's player badge: the counters' colour disc centred at ``x`` with the player's
    mark, "P<n>", and the name field with ``caption`` over it (``sizes``: disc radius, mark
    size and the gap from the disc's centre to "P<n>", in mm; A4 and A5 differ)."""
    colour, shape = PLAYER_COLOURS[p - 1][1:]
    name_r = fields[f"p{p}_name"]
    radius, mark, gap = sizes
    st, fl = paint(c, look, colour)
    c.circle(x, name_r.cy, mm(radius), stroke=st, fill=fl)
    player_mark(c, shape, x, name_r.cy, mm(mark), colour if look.low_ink else WHITE)
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(x + mm(gap), name_r.y + mm(2.2), f"P{p}")
    draw_field(c, sheet.field(f"p{p}_name"), look, ACCENT)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5.5)
    c.drawString(name_r.x + mm(1), name_r.y2 + mm(0.8), caption)


def _ledger_block(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, p: int, box: Rect,
                  look: Look) -> None:
    name = PLAYER_COLOURS[p - 1][0]
    player_badge(c, fields, sheet, p, box.x + mm(3.5), (3.2, 1.5, 4.5), look,
                 f"name and suit ({name} counters)")
    start = fields[f"p{p}_start"]
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawRightString(start.x - mm(2), start.y + mm(2), "Balance brought forward (0 to begin)")
    draw_field(c, sheet.field(f"p{p}_start"), look, ACCENT)
    top = box.y2 - mm(17)
    cols = list(wg_ledger.COLUMNS[1:])
    right = fields[wg_ledger.row_field(p, 1, "balance")].x2 + 1
    _table(c, box.x, top, right, fields, f"p{p}_r{{n}}_{{c}}", cols, wg_ledger.ROWS,
           LEDGER_HEADS, LEDGER_HINTS, look, number_w=mm(10), number_head="Turn")
    # the turn column holds fields too: draw its boxes' rules (the table ruled them already)
    bottom_row = fields[wg_ledger.row_field(p, wg_ledger.ROWS, "turn")]
    tot_y = fields[f"p{p}_balance"]
    c.setFillColor(INK)
    fit_centred(c, "Totals", BOLD, 7, box.x + mm(5), tot_y.y + tot_y.h / 2 - 2.5, mm(9.5))
    for n in range(1, wg_ledger.ROWS + 1):
        for col in wg_ledger.COLUMNS:
            draw_field(c, sheet.field(wg_ledger.row_field(p, n, col)), look, ACCENT)
    for col in wg_ledger.TOTALS:
        draw_field(c, sheet.field(f"p{p}_{col}"), look, ACCENT, thick=col == "balance")
    del bottom_row


def _ledger_panel(c: Canvas, box: Rect, url: str, look: Look) -> None:
    y = _heading(c, box.x, box.y2, "Keeping the ledger", ts.SUBHEADING)
    tips = (
        "Write a row whenever your Space Bucks change: a delivery (earned), a fee another "
        "ship paid you (fees in), a fee you paid (fees out), a station, a spit shield or an "
        "abandoned load (spent).",
        "Put the turn number first; several rows may share a turn. The balance can never "
        "drop below 0: you cannot buy, or fly onto a station tile, without the money.",
        "When a block is full, start a new sheet and copy the last balance into 'brought "
        "forward'.",
        "At the end, add up each column in the totals row. The checker recomputes every "
        "balance, every total, checks that the fees paid equal the fees received across "
        "all players, and that the players' earnings match the worksheet.",
    )
    for text in tips:
        c.setFillColor(ACCENT)
        c.circle(box.x + mm(1.2), y - 3.2, mm(0.8), stroke=0, fill=1)
        c.setFillColor(INK)
        y = paragraph(c, text, box.x + mm(4), y, box.w - mm(4), REGULAR, 8.5) - mm(2)
    y -= mm(2)
    y = _heading(c, box.x, y, "Where Space Bucks go", ts.SUBHEADING)
    rows = ((f"+{FEE}", "fee from each other ship on your station tiles"),
            (f"-{FEE}", "fee for each other player's station tile you enter"),
            (f"-{SHIELD_COST}", "a spit shield"),
            (f"-{ABANDON_FORFEIT}", "an abandoned load"),
            ("-" + "/".join(str(v) for v in STATION_COSTS[1:]),
             "stations ace .. black hole"))
    for amount, text in rows:
        c.setFont(BOLD, 8.5)
        c.setFillColor(INK)
        c.drawString(box.x, y - 8.5, amount)
        y = paragraph(c, text, box.x + mm(24), y, box.w - mm(24), REGULAR, 8.5) - mm(1)
    qr = mm(32)
    qr_block(c, url, box.x + (box.w - qr) / 2, box.y + mm(14), qr, left=box.x, right=box.x2)
    del look

"""The fillable record sheet: one row per turn, the result panel and the QR code; its form
fields are the ones pnp.games.wormholes.sheet checks."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes import sheet as wh_sheet
from pnp.games.wormholes.board import SIDE_NAMES, SIDE_SUITS
from pnp.render.art import GREY, INK, WHITE, Look, hex_color, page_title, paragraph
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, CONDENSED_BOLD, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, printable_area, text_sheet_size
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.wormholes.art import (
    ACCENT,
    SPACE_TINT,
    SUIT_ART,
    _fit_centred,
    _footer,
    draw_coin,
    tracker_url,
)

# -- record sheet ----------------------------------------------------------------------------
FIRST_PAGE_ROWS = 30
PANEL = mm(57)
HEAD = mm(11)
FOOT = mm(11)
TURN_W = 8.0
COLUMN_WIDTHS: dict[str, float] = {"side": 8.0, "dice": 15.0, "ship": 7.5, "from": 10.0,
                                   "to": 10.0, "value": 8.5, "jump": 10.0, "send": 15.0}
COLUMN_HEADS = {"side": "Side", "dice": "Dice", "ship": "Ship", "from": "From", "to": "To",
                "value": "Value", "jump": "Jump to", "send": "Sent to"}
COLUMN_HINTS = {"side": "O / D", "dice": "S3 M1", "ship": "S M C A", "from": "cell",
                "to": "by die", "value": "0-5", "jump": "cell", "send": "cell(>cell)"}
LEGEND = ("Side O or D. Dice: suit and face (S3 M1, null = 0). Value: what the wormhole showed "
          "(0 = black hole). Jump to: where it threw the ship. Sent to: where you sent an "
          "enemy ship you landed on (e5, or e5>e9 if it then jumped).")


def page_rows(page: int) -> range:
    """The turn numbers printed on record page 0 and 1."""
    if page == 0:
        return range(1, FIRST_PAGE_ROWS + 1)
    return range(FIRST_PAGE_ROWS + 1, wh_sheet.ROWS + 1)


def sheet_columns() -> list[str]:
    cols = ["side", "dice"]
    for k in wh_sheet.SLOTS:
        cols += [f"{c}{k}" for c in wh_sheet.MOVE_COLUMNS]
    return cols


def column_width(col: str) -> float:
    return COLUMN_WIDTHS[col.rstrip("12")]


def record_layout(size: tuple[float, float], page: int) -> dict[str, Rect]:
    """The rectangle of every form field on record page 0 or 1, by field name."""
    area = printable_area(size)
    top = area.y2 - (mm(19) if page == 0 else mm(11))
    fields: dict[str, Rect] = {}
    if page == 0:
        fields.update(_panel_layout(area, top))
        top -= PANEL
    cols = sheet_columns()
    natural = TURN_W + sum(column_width(c) for c in cols)
    scale = area.w / mm(natural)
    rows = page_rows(page)
    row_h = (top - HEAD - area.y - FOOT) / len(rows)
    for i, n in enumerate(rows):
        y = top - HEAD - (i + 1) * row_h
        x = area.x + mm(TURN_W) * scale
        for col in cols:
            w = mm(column_width(col)) * scale
            fields[f"t{n}_{col}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    return fields


QR_SIZE = mm(34)


def _panel_layout(area: Rect, top: float) -> dict[str, Rect]:
    right = area.x2 - QR_SIZE - mm(6)
    label = mm(48)
    h = mm(6.2)
    out = {"orthogon": Rect(area.x + label, top - mm(8), right - area.x - label, h),
           "diagon": Rect(area.x + label, top - mm(15.5), right - area.x - label, h)}
    y = top - mm(23)
    out["seed"] = Rect(area.x + mm(11), y, mm(34), h)
    out["winner"] = Rect(area.x + mm(64), y, mm(40), h)
    out["turns"] = Rect(right - mm(16), y, mm(16), h)
    lab = mm(24)
    fw = (right - area.x - lab) / wh_sheet.COINS_PER_SUIT
    y = top - mm(30)
    for suit in ("S", "M", "C", "A"):
        y -= mm(6.2)
        for k in range(wh_sheet.COINS_PER_SUIT):
            out[f"wh_{suit}{k + 1}"] = Rect(area.x + lab + k * fw + 1, y + 0.6, fw - 2,
                                            mm(6.2) - 1.2)
    return out


def record_page(options: KitOptions, look: Look, size: tuple[float, float], page: int
                 ) -> Page:
    area = printable_area(size)
    fields = record_layout(size, page)
    url = tracker_url(options)
    rows = page_rows(page)

    def draw(c: Canvas) -> None:
        if page == 0:
            page_title(c, area, "Wormholes - game record", "Fill it in by hand, or type into the "
                       "PDF and check it with 'pnp check-sheet' or the tracker.", ACCENT)
            _record_panel(c, fields, area, url, look)
        else:
            c.setFillColor(ACCENT)
            c.setFont(BOLD, 13)
            c.drawString(area.x, area.y2 - mm(5), "Wormholes - game record (continued)")
            c.setFillColor(GREY)
            c.setFont(REGULAR, 8.5)
            c.drawRightString(area.x2, area.y2 - mm(5), f"turns {rows.start}-{rows.stop - 1}")
        first = fields[f"t{rows.start}_side"]
        top = first.y2 + 1 + HEAD
        _table(c, fields, area.x, top, rows, look)
        c.setFillColor(GREY)
        paragraph(c, LEGEND, area.x, area.y + FOOT - mm(1.5), area.w, REGULAR, 6.3,
                  leading=7.4)
        _footer(c, area)

    return Page(size, draw, f"Wormholes - game record {page + 1}/2")


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.1 if thick else 0.6)
    c.setFillColor(WHITE)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)


def _record_panel(c: Canvas, fields: Mapping[str, Rect], area: Rect, url: str, look: Look
                  ) -> None:
    for name, seat in (("orthogon", 0), ("diagon", 1)):
        r = fields[name]
        s1, s2 = SIDE_SUITS[seat]
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(area.x, r.y + mm(1.8), f"{SIDE_NAMES[seat]}")
        c.setFillColor(GREY)
        c.setFont(REGULAR, 7)
        c.drawString(area.x + text_width(SIDE_NAMES[seat], BOLD, 9) + mm(1.5), r.y + mm(1.8),
                     f"({SUIT_ART[s1].name}, {SUIT_ART[s2].name})")
        _field_box(c, r, look)
    for name, text in (("seed", "Seed"), ("winner", "Winner"), ("turns", "Turns")):
        r = fields[name]
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawRightString(r.x - mm(1.5), r.y + mm(1.8), text)
        _field_box(c, r, look, thick=name == "winner")
    first = fields["wh_S1"]
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 9)
    c.drawString(area.x, first.y2 + mm(2.2), "Wormholes placed")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    c.drawString(area.x + text_width("Wormholes placed", BOLD, 9) + mm(2), first.y2 + mm(2.2),
                 "the cell of each coin, as it goes down (any order within a suit)")
    for suit in ("S", "M", "C", "A"):
        r = fields[f"wh_{suit}1"]
        rr = mm(2.3)
        draw_coin(c, suit, area.x + rr, r.cy, rr, look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8)
        c.drawString(area.x + 2 * rr + mm(1.5), r.cy - 2.8, SUIT_ART[suit].name)
        for k in range(wh_sheet.COINS_PER_SUIT):
            _field_box(c, fields[f"wh_{suit}{k + 1}"], look)
    qx = area.x2 - QR_SIZE
    qy = fields["orthogon"].y2 - QR_SIZE + mm(2)
    qr_block(c, url, qx, qy, QR_SIZE, left=qx - mm(3), right=area.x2)


def _table(c: Canvas, fields: Mapping[str, Rect], x: float, top: float, rows: range,
           look: Look) -> None:
    cols = sheet_columns()
    first_row = rows.start
    last_row = rows.stop - 1
    right = fields[f"t{first_row}_{cols[-1]}"].x2 + 1
    row_h = fields[f"t{first_row}_side"].h + 2
    bottom = fields[f"t{last_row}_side"].y - 1
    turn_x2 = fields[f"t{first_row}_side"].x - 1
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x, top - HEAD, right - x, HEAD, stroke=0, fill=1)
    head_ink = WHITE if not look.low_ink else INK
    c.setFillColor(head_ink)
    _fit_centred(c, "Turn", BOLD, 7.5, (x + turn_x2) / 2, top - mm(7.5), turn_x2 - x)
    for k in wh_sheet.SLOTS:
        a = fields[f"t{first_row}_ship{k}"].x - 1
        b = fields[f"t{first_row}_send{k}"].x2 + 1
        c.setFillColor(head_ink)
        _fit_centred(c, f"Ship move {k}", BOLD, 7.5, (a + b) / 2, top - mm(3.4), b - a)
        c.setStrokeColor(head_ink)
        c.setLineWidth(0.5)
        c.line(a + mm(1), top - mm(4.6), b - mm(1), top - mm(4.6))
    for col in cols:
        r = fields[f"t{first_row}_{col}"]
        base = col.rstrip("12")
        c.setFillColor(head_ink)
        _fit_centred(c, COLUMN_HEADS[base], BOLD, 7.2, r.cx, top - mm(7.6), r.w + 1)
        _fit_centred(c, COLUMN_HINTS[base], REGULAR, 5.2, r.cx, top - mm(10.2), r.w + 1.5)
    for i, n in enumerate(rows):
        y = fields[f"t{n}_side"].y - 1
        if not look.low_ink and i % 2 == 1:
            c.setFillColor(SPACE_TINT)
            c.rect(x, y, right - x, row_h, stroke=0, fill=1)
        c.setFillColor(GREY)
        c.setFont(CONDENSED_BOLD, 7.2)
        c.drawCentredString((x + turn_x2) / 2, y + row_h / 2 - 2.5, str(n))
    c.setStrokeColor(hex_color("#c3bfd9"))
    c.setLineWidth(0.35)
    for i in range(len(rows) + 1):
        y = top - HEAD - i * row_h
        c.line(x, y, right, y)
    xs = [turn_x2] + [fields[f"t{first_row}_{col}"].x - 1 for col in cols[1:]]
    for xx in xs:
        c.line(xx, bottom, xx, top - HEAD)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.0)
    for k in wh_sheet.SLOTS:  # a heavier line before each move's group
        xx = fields[f"t{first_row}_ship{k}"].x - 1
        c.line(xx, bottom, xx, top)
    c.rect(x, bottom, right - x, top - bottom, stroke=1, fill=0)


def record_fields(options: KitOptions, size: tuple[float, float], first_page: int
                  ) -> list[FormField]:
    """The form fields of both record pages (pages first_page and first_page + 1)."""
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for page in (0, 1):
        for name, designed in record_layout(design, page).items():
            rect = Rect(dx + designed.x * s, dy + designed.y * s, designed.w * s,
                        designed.h * s)
            value = str(options.seed) if name == "seed" else ""
            big = not name.startswith("t") or name == "turns"
            left = name in ("orthogon", "diagon", "winner") or "_send" in name
            out.append(FormField(name, first_page + page, rect, value,
                                 (9 if big else 7.5) * min(s, 1.0), align=0 if left else 1))
    return out

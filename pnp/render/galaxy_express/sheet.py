"""The fillable record sheet: one row per turn and the result panel; its form fields are the
ones pnp.games.galaxy_express.sheet checks.  A readable sheet (``record_sheet``): corner
markers, the sheet QR, combs for the speeds and the score lines, tick boxes for deliveries and
refuels; coins, directions, scans and the rating are handwriting."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.render import typescale as ts
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    Look,
    fit_centred,
    hex_color,
    paragraph,
)
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, CONDENSED_BOLD, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.galaxy_express.art import (
    ACCENT,
    CREDIT,
    rating_table,
    tracker_url,
)
from pnp.render.geometry import Rect, mm, paper_size, printable_area, text_sheet_size
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.readable import draw_field, scaled_rect, sheet_page
from pnp.sheetread.layout import (
    MARKER_SIZE,
    QR_LARGE,
    FieldBox,
    SheetLayout,
    band_qr,
    choice,
    corner_markers,
    paper_name,
    place,
)

TURN_ROWS = 40
TURN_COLUMNS = ("coin", "speed", "dir", "scans", "deliver", "refuel")


# -- record sheet -----------------------------------------------------------------------------

COLUMN_HEADS = {"coin": "Coin", "speed": "Speed", "dir": "Dir", "scans": "Scans",
                "deliver": "Deliver", "refuel": "Refuel"}
COLUMN_HINTS = {"coin": "tick S or M, 0-5", "speed": "0-10", "dir": "tick one",
                "scans": "planets seen", "deliver": "x", "refuel": "x"}
PANEL_MIN = mm(46)
COLUMN_WIDTHS = {"coin": 19.0, "speed": 13.0, "dir": 28.0, "scans": 18.0, "deliver": 12.0,
                 "refuel": 12.0}


def record_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """The rectangle of every form field on the record sheet, by field name."""
    area = printable_area(size)
    top = area.y2 - mm(19)
    turn_w = mm(9)
    natural = sum(mm(w) for w in COLUMN_WIDTHS.values())
    scale = min(1.0, (area.w - PANEL_MIN - mm(8) - turn_w) / natural)  # narrow paper (A5)
    table_w = turn_w + natural * scale
    head_h = mm(9)
    bottom = area.y + MARKER_SIZE + mm(3)  # clear of the bottom markers
    row_h = (top - head_h - bottom) / TURN_ROWS
    fields: dict[str, Rect] = {}
    for n in range(1, TURN_ROWS + 1):
        y = top - head_h - n * row_h
        x = area.x + turn_w
        for col in TURN_COLUMNS:
            w = mm(COLUMN_WIDTHS[col]) * scale
            fields[f"t{n}_{col}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    px = area.x + table_w + mm(8)
    pw = area.x2 - px
    # the panel starts below the larger sheet QR (QR_LARGE reaches 5 mm under the title band)
    fields["seed"] = Rect(px + mm(14), top - mm(13), pw - mm(14), mm(7))
    y = top - mm(29)
    box_w = min(mm(20), pw * 0.3)
    for name in ("deliveries", "refuels", "coins_left", "score"):
        fields[name] = Rect(px + pw - box_w, y - mm(7.5), box_w, mm(7.5))
        y -= mm(10)
    fields["rating"] = Rect(px, y - mm(20), pw, mm(8))
    return fields


LAYOUT_VERSION = 2
"""Version 2: the larger sheet QR (version 1's 17 mm code is read as an old print)."""
KINDS: dict[str, tuple[str, int, bool]] = {
    "speed": ("digits", 2, False), "deliver": ("tick", 0, False), "refuel": ("tick", 0, False),
    "deliveries": ("digits", 2, False), "refuels": ("digits", 2, False),
    "coins_left": ("digits", 2, False), "score": ("digits", 3, True)}


CHOICES: dict[str, tuple[tuple[str, ...], int]] = {"coin": (("S", "M"), 1),
                                                   "dir": (("N", "E", "S", "W"), 0)}


@lru_cache(maxsize=4)
def record_sheet(size: tuple[float, float]) -> SheetLayout:
    """The record sheet as drawn and as a reader cuts it out."""
    fields: list[FieldBox] = []
    for name, cell in record_layout(size).items():
        column = name.split("_", 1)[-1]
        if name[0] == "t" and column in CHOICES:
            options, digits = CHOICES[column]
            fields.append(choice(name, cell, options, digits))
            continue
        kind, digits, signed = KINDS.get(name.rsplit("_", 1)[-1] if name.startswith("t")
                                         and name[1].isdigit() else name, ("text", 0, False))
        fields.append(place(name, cell, kind, digits, signed))
    return SheetLayout("galaxy-express", f"record.{paper_name(size)}", LAYOUT_VERSION, size,
                       corner_markers(size), band_qr(size, QR_LARGE), tuple(fields),
                       seed_field="seed",
                       title="Galaxy Express flight record")


def sheet_layouts() -> list[SheetLayout]:
    """The record sheet on A4 and Letter (A5 shrinks A4)."""
    return [record_sheet(paper_size(p)) for p in ("a4", "letter")]


def record_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = record_layout(size)
    sheet = record_sheet(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        top = area.y2 - mm(19)
        first = fields["t1_coin"]
        row_h = first.h + 2
        head_h = mm(9)
        table_x = area.x
        table_right = fields["t1_refuel"].x2 + 1
        # header
        if not look.low_ink:
            c.setFillColor(ACCENT)
            c.rect(table_x, top - head_h, table_right - table_x, head_h, stroke=0, fill=1)
        c.setFillColor(hex_color("#ffffff") if not look.low_ink else INK)
        c.setFont(BOLD, 8)
        c.drawCentredString(table_x + mm(4.5), top - mm(5.2), "Turn")
        for col in TURN_COLUMNS:
            r = fields[f"t1_{col}"]
            fit_centred(c, COLUMN_HEADS[col], BOLD, 8, r.cx, top - mm(4.4), r.w)
            fit_centred(c, COLUMN_HINTS[col], REGULAR, 5.5, r.cx, top - mm(7.6), r.w)
        # rows
        for n in range(1, TURN_ROWS + 1):
            y = fields[f"t{n}_coin"].y - 1
            if not look.low_ink and n % 2 == 0:
                c.setFillColor(hex_color("#eef1f8"))
                c.rect(table_x, y, table_right - table_x, row_h, stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(CONDENSED_BOLD, 7.5)
            c.drawCentredString(table_x + mm(4.5), y + row_h / 2 - 2.6, str(n))
        c.setStrokeColor(LIGHT if look.low_ink else hex_color("#b8c1d6"))
        c.setLineWidth(ts.GRID)
        bottom = fields[f"t{TURN_ROWS}_coin"].y - 1
        for n in range(TURN_ROWS + 1):
            y = top - head_h - n * row_h
            c.line(table_x, y, table_right, y)
        xs = [table_x] + [fields[f"t1_{col}"].x - 1 for col in TURN_COLUMNS] + [table_right]
        for x in xs:
            c.line(x, bottom, x, top - head_h)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(ts.GRID_STRONG)
        c.rect(table_x, bottom, table_right - table_x, top - bottom, stroke=1, fill=0)
        for n in range(1, TURN_ROWS + 1):
            for col in ("coin", "speed", "dir", "deliver", "refuel"):
                draw_field(c, sheet.field(f"t{n}_{col}"), look, ACCENT)
        _record_panel(c, fields, sheet, look, url, options.seed, area)

    return sheet_page(size, sheet, options.seed, "Galaxy Express - flight record",
                      "One row per turn, one digit a box; by hand or typed into the PDF. Check it "
                      "with 'pnp check-sheet', the tracker or a photo.",
                      ACCENT, CREDIT, draw)


def _record_panel(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, look: Look,
                  url: str, seed: int, area: Rect) -> None:
    from pnp.games.galaxy_express.scoring import POINTS_PER_DELIVERY, POINTS_PER_REFUEL

    seed_box = fields["seed"]
    px = seed_box.x - mm(14)
    pw = area.x2 - px
    c.setFillColor(INK)
    c.setFont(BOLD, 10)
    c.drawString(px, seed_box.y + mm(2), "Seed")
    draw_field(c, sheet.field("seed"), look, ACCENT)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 12)
    c.drawString(px, seed_box.y - mm(8), "Score")
    labels = {"deliveries": f"Deliveries  x {POINTS_PER_DELIVERY}",
              "refuels": f"Refuels  x {POINTS_PER_REFUEL}",
              "coins_left": "Coins not spent  x 1", "score": "Score"}
    for name, label in labels.items():
        r = fields[name]
        c.setFillColor(INK)
        font = BOLD if name == "score" else REGULAR
        size = 9.0
        while text_width(label, font, size) > r.x - px - mm(1.5) and size > 5.5:
            size -= 0.25
        c.setFont(font, size)
        c.drawString(px, r.y + mm(2.4), label)
        draw_field(c, sheet.field(name), look, ACCENT, thick=name == "score")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    formula = (f"Score = {POINTS_PER_DELIVERY} x deliveries {POINTS_PER_REFUEL} x refuels "
               "+ coins not spent")
    paragraph(c, formula, px, fields["score"].y - mm(1.5), pw, REGULAR, 7)
    rating = fields["rating"]
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(px, rating.y2 + mm(1.5), "Rating")
    draw_field(c, sheet.field("rating"), look, ACCENT)
    y = rating_table(c, px, rating.y - mm(3), pw, look)
    c.setFillColor(GREY)
    y = paragraph(c, "Coins not spent: every Sun and Moon not played since your last refuel, "
                  "face up or still stacked.", px, y - mm(3), pw, REGULAR, 7)
    qr = min(pw, mm(32))
    qy = area.y + MARKER_SIZE + mm(10)  # its caption and address clear of the markers
    qr_block(c, url, px + (pw - qr) / 2, qy, qr, left=px, right=px + pw)
    del seed


def record_fields(options: KitOptions, size: tuple[float, float], page_index: int
                  ) -> list[FormField]:
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for f in record_sheet(design).fields:
        name = f.name
        rect = scaled_rect(f.rect, s, dx, dy)
        value = str(options.seed) if name == "seed" else ""
        big = name in ("seed", "deliveries", "refuels", "coins_left", "score", "rating")
        out.append(FormField(name, page_index, rect, value, (10 if big else 8) * min(s, 1.0),
                             align=0 if name in ("rating", "seed") or name.endswith("_scans")
                             else 1))
    return out

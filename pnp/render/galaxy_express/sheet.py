"""The fillable record sheet: one row per turn and the result panel; its form fields are the
ones pnp.games.galaxy_express.sheet checks.  A readable sheet (``record_sheet``): corner
markers, the sheet QR, combs for the speeds and the score lines, tick boxes for deliveries and
refuels, the coin and the direction ticked; scans and the rating are handwriting.

A5 has its own layout (not the A4 design shrunk, whose text came out at 3.9 pt): two pages,
turns 1-24 with the seed (``record1.a5``), then turns 25-40 with the score under them
(``record2.a5``), rows 5.9 mm high as on A4."""

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
from pnp.render.qr import draw_qr, qr_block
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


A5_SPLIT = 24
"""On A5 the first page holds turns 1 to this one, the second the rest and the score."""


def is_a5(size: tuple[float, float]) -> bool:
    return paper_name(size) == "a5"


def pages_on(size: tuple[float, float]) -> int:
    """How many pages the record takes: 1, or 2 on A5."""
    return 2 if is_a5(size) else 1


def page_turns(size: tuple[float, float], page: int = 0) -> range:
    """The turns page ``page`` of the record holds."""
    if not is_a5(size):
        return range(1, TURN_ROWS + 1)
    return range(1, A5_SPLIT + 1) if page == 0 else range(A5_SPLIT + 1, TURN_ROWS + 1)


def table_top(size: tuple[float, float]) -> float:
    """Where the turn table starts: on A5, under the sheet QR (the table is full width)."""
    area = printable_area(size)
    return area.y2 - mm(27 if is_a5(size) else 19)


def record_layout(size: tuple[float, float], page: int = 0) -> dict[str, Rect]:
    """The rectangle of every form field on the record sheet (page ``page`` on A5), by
    field name."""
    area = printable_area(size)
    top = table_top(size)
    turn_w = mm(9)
    natural = sum(mm(w) for w in COLUMN_WIDTHS.values())
    head_h = mm(9)
    bottom = area.y + MARKER_SIZE + mm(3)  # clear of the bottom markers
    turns = page_turns(size, page)
    if is_a5(size):  # full width, the panel under the table (page 2) or none
        scale = (area.w - turn_w) / natural
        row_h = (top - head_h - bottom) / A5_SPLIT
    else:
        scale = min(1.0, (area.w - PANEL_MIN - mm(8) - turn_w) / natural)
        row_h = (top - head_h - bottom) / TURN_ROWS
    fields: dict[str, Rect] = {}
    for k, n in enumerate(turns, start=1):
        y = top - head_h - k * row_h
        x = area.x + turn_w
        for col in TURN_COLUMNS:
            w = mm(COLUMN_WIDTHS[col]) * scale
            fields[f"t{n}_{col}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    if is_a5(size):
        if page == 0:
            fields["seed"] = Rect(area.x + mm(14), area.y2 - mm(24.5), mm(30), mm(7))
        else:
            fields.update(_a5_panel(area, top - head_h - len(turns) * row_h - mm(4)))
        return fields
    px = area.x + turn_w + natural * scale + mm(8)
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


def _a5_panel(area: Rect, top: float) -> dict[str, Rect]:
    """The score lines under the A5 record's second table: the four combs down the left
    half, the rating on the right."""
    half = (area.w - mm(6)) / 2
    box_w = mm(20)
    fields: dict[str, Rect] = {}
    y = top - mm(6)
    pitch = min(mm(10), (y - area.y - MARKER_SIZE - mm(3)) / 4)
    for name in ("deliveries", "refuels", "coins_left", "score"):
        fields[name] = Rect(area.x + half - box_w, y - mm(7.5), box_w, mm(7.5))
        y -= pitch
    fields["rating"] = Rect(area.x2 - half, top - mm(13.5), half, mm(8))
    return fields


LAYOUT_VERSION = 2
"""Version 2: the larger sheet QR (version 1's 17 mm code is read as an old print)."""
KINDS: dict[str, tuple[str, int, bool]] = {
    "speed": ("digits", 2, False), "deliver": ("tick", 0, False), "refuel": ("tick", 0, False),
    "deliveries": ("digits", 2, False), "refuels": ("digits", 2, False),
    "coins_left": ("digits", 2, False), "score": ("digits", 3, True)}


CHOICES: dict[str, tuple[tuple[str, ...], int]] = {"coin": (("S", "M"), 1),
                                                   "dir": (("N", "E", "S", "W"), 0)}


@lru_cache(maxsize=8)
def record_sheet(size: tuple[float, float], page: int = 0) -> SheetLayout:
    """The record sheet (page ``page`` of the A5 one) as drawn and as a reader cuts it out."""
    fields: list[FieldBox] = []
    for name, cell in record_layout(size, page).items():
        column = name.split("_", 1)[-1]
        if name[0] == "t" and column in CHOICES:
            options, digits = CHOICES[column]
            fields.append(choice(name, cell, options, digits))
            continue
        kind, digits, signed = KINDS.get(name.rsplit("_", 1)[-1] if name.startswith("t")
                                         and name[1].isdigit() else name, ("text", 0, False))
        fields.append(place(name, cell, kind, digits, signed))
    paper = paper_name(size)
    layout = f"record{page + 1}.a5" if is_a5(size) else f"record.{paper}"
    title = "Galaxy Express flight record" + (f", page {page + 1}" if is_a5(size) else "")
    return SheetLayout("galaxy-express", layout, LAYOUT_VERSION, size,
                       corner_markers(size), band_qr(size, QR_LARGE), tuple(fields),
                       seed_field="seed" if page == 0 else None, title=title)


def sheet_layouts() -> list[SheetLayout]:
    """The record sheet on A4 and Letter, and its two A5 pages (version 2: A5 has never
    printed another)."""
    a5 = paper_size("a5")
    return [*(record_sheet(paper_size(p)) for p in ("a4", "letter")),
            *(record_sheet(a5, page) for page in range(pages_on(a5)))]


def record_page(options: KitOptions, look: Look, size: tuple[float, float],
                page: int = 0) -> Page:
    """The record sheet (page ``page`` of the A5 one)."""
    area = printable_area(size)
    fields = record_layout(size, page)
    sheet = record_sheet(size, page)
    turns = page_turns(size, page)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        top = table_top(size)
        first = fields[f"t{turns.start}_coin"]
        row_h = first.h + 2
        head_h = mm(9)
        table_x = area.x
        table_right = fields[f"t{turns.start}_refuel"].x2 + 1
        # header
        if not look.low_ink:
            c.setFillColor(ACCENT)
            c.rect(table_x, top - head_h, table_right - table_x, head_h, stroke=0, fill=1)
        c.setFillColor(hex_color("#ffffff") if not look.low_ink else INK)
        c.setFont(BOLD, 8)
        c.drawCentredString(table_x + mm(4.5), top - mm(5.2), "Turn")
        for col in TURN_COLUMNS:
            r = fields[f"t{turns.start}_{col}"]
            fit_centred(c, COLUMN_HEADS[col], BOLD, 8, r.cx, top - mm(4.4), r.w)
            fit_centred(c, COLUMN_HINTS[col], REGULAR, 5.5, r.cx, top - mm(7.6), r.w)
        # rows
        for n in turns:
            y = fields[f"t{n}_coin"].y - 1
            if not look.low_ink and n % 2 == 0:
                c.setFillColor(hex_color("#eef1f8"))
                c.rect(table_x, y, table_right - table_x, row_h, stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(CONDENSED_BOLD, 7.5)
            c.drawCentredString(table_x + mm(4.5), y + row_h / 2 - 2.6, str(n))
        c.setStrokeColor(LIGHT if look.low_ink else hex_color("#b8c1d6"))
        c.setLineWidth(ts.GRID)
        bottom = fields[f"t{turns[-1]}_coin"].y - 1
        for k in range(len(turns) + 1):
            y = top - head_h - k * row_h
            c.line(table_x, y, table_right, y)
        xs = [table_x] + [fields[f"t{turns.start}_{col}"].x - 1 for col in TURN_COLUMNS]
        for x in [*xs, table_right]:
            c.line(x, bottom, x, top - head_h)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(ts.GRID_STRONG)
        c.rect(table_x, bottom, table_right - table_x, top - bottom, stroke=1, fill=0)
        for n in turns:
            for col in ("coin", "speed", "dir", "deliver", "refuel"):
                draw_field(c, sheet.field(f"t{n}_{col}"), look, ACCENT)
        if not is_a5(size):
            _record_panel(c, fields, sheet, look, url, options.seed, area)
        elif page == 0:
            seed = fields["seed"]
            c.setFillColor(INK)
            c.setFont(BOLD, 10)
            c.drawString(area.x, seed.y + mm(2), "Seed")
            draw_field(c, sheet.field("seed"), look, ACCENT)
        else:
            _a5_score(c, fields, sheet, look, area, url)

    if not is_a5(size):
        return sheet_page(size, sheet, options.seed, "Galaxy Express - flight record",
                          "One row per turn, one digit a box; by hand or typed into the PDF. "
                          "Check it with 'pnp check-sheet', the tracker or a photo.",
                          ACCENT, CREDIT, draw)
    span = f"turns {turns.start}-{turns.stop - 1}"
    return sheet_page(size, sheet, options.seed, "Galaxy Express - flight record",
                      f"{span.capitalize()}: one row per turn, one digit a box." +
                      (" Go on over the page." if page == 0 else " Then the score."),
                      ACCENT, CREDIT, draw, f"Galaxy Express - flight record, {span}")


def record_pages(options: KitOptions, look: Look) -> list[Page]:
    """The record's pages for the kit's paper: the A4 or Letter design (an A5 kit used to
    shrink it), or A5's own two pages."""
    size = paper_size(options.paper)
    if is_a5(size):
        return [record_page(options, look, size, page) for page in range(pages_on(size))]
    return [record_page(options, look, size)]


_SCORE_LABELS = {"deliveries": "Deliveries  x {d}", "refuels": "Refuels  x {r}",
                 "coins_left": "Coins not spent  x 1", "score": "Score"}


def _a5_score(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, look: Look,
              area: Rect, url: str) -> None:
    """The A5 record's score, under its second table: the four lines, then the rating and
    the tracker's code."""
    from pnp.games.galaxy_express.scoring import POINTS_PER_DELIVERY, POINTS_PER_REFUEL

    first = fields["deliveries"]
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(area.x, first.y2 + mm(1.5), "Score")
    for name, label in _SCORE_LABELS.items():
        r = fields[name]
        text = label.format(d=POINTS_PER_DELIVERY, r=POINTS_PER_REFUEL)
        c.setFillColor(INK)
        font = BOLD if name == "score" else REGULAR
        size = 9.0
        while text_width(text, font, size) > r.x - area.x - mm(1.5) and size > 5.5:
            size -= 0.25
        c.setFont(font, size)
        c.drawString(area.x, r.y + mm(2.4), text)
        draw_field(c, sheet.field(name), look, ACCENT, thick=name == "score")
    rating = fields["rating"]
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(rating.x, rating.y2 + mm(1.5), "Rating")
    draw_field(c, sheet.field("rating"), look, ACCENT)
    c.setFillColor(GREY)
    qr = mm(17)
    paragraph(c, f"Score = {POINTS_PER_DELIVERY} x deliveries {POINTS_PER_REFUEL:+d} x "
              "refuels + coins not spent (every Sun and Moon not played since your last "
              "refuel). The rating for the score is in the rules; the code opens this game in "
              "the tracker.", rating.x,
              rating.y - mm(2), rating.w - qr - mm(3), REGULAR, 7)
    draw_qr(c, url, rating.x2 - qr, rating.y - mm(2) - qr, qr)


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
    """The record's form fields, on page ``page_index`` (and the next, on A5)."""
    design = size if is_a5(size) else text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for page in range(pages_on(design)):
        for f in record_sheet(design, page).fields:
            name = f.name
            rect = scaled_rect(f.rect, s, dx, dy)
            value = str(options.seed) if name == "seed" else ""
            big = name in ("seed", "deliveries", "refuels", "coins_left", "score", "rating")
            out.append(FormField(name, page_index + page, rect, value,
                                 (10 if big else 8) * min(s, 1.0),
                                 align=0 if name in ("rating", "seed") or
                                 name.endswith("_scans") else 1))
    return out

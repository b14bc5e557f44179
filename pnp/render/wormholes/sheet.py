"""The fillable record sheet drawn: one row per turn, the result panel and the QR code; its
form fields are the ones pnp.games.wormholes.sheet checks (where each sits, and the layout a
photo is read by: ``pnp.render.wormholes.sheet_layout``).

Two page designs: the front (turns 1-30, the players, the wormholes placed and the result) and
a continuation page of 46 turns, printed as often as a long game needs, with a comb where the
player writes its page number (page N holds turns 46N-61 to 46N-16).  Each is a readable
sheet: corner markers, the sheet QR (the continuation's names its own layout and the kit's
seed), and fields a photo reads.  ``filled_record_pages`` draws a played game's record on as
many pages as it fills.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes import sheet as wh_sheet
from pnp.games.wormholes.board import SIDE_NAMES, SIDE_SUITS
from pnp.render import typescale as ts
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    fit_centred,
    footer,
    hex_color,
    page_title,
    paragraph,
)
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, CONDENSED_BOLD, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, printable_area, text_sheet_size
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.readable import draw_field, draw_frame, scaled_rect
from pnp.render.wormholes.art import (
    ACCENT,
    CREDIT,
    SPACE_TINT,
    SUIT_ART,
    draw_coin,
    tracker_url,
)
from pnp.render.wormholes.sheet_layout import (
    FOOT,
    HEAD,
    PAGE_LABEL_W,
    QR_SIZE,
    RECORD_PAGES,
    page_rows,
    record_layout,
    record_sheet,
    row_prefix,
    sheet_columns,
)
from pnp.sheetread.layout import SheetLayout, footer_area, title_area

COLUMN_HEADS = {"side": "Side", "dice": "Dice", "ship": "Ship", "from": "From", "to": "To",
                "value": "Value", "jump": "Jump to", "send": "Sent to", "back": "Sent back"}
COLUMN_HINTS = {"side": "O / D", "dice": "S3 M1", "ship": "S M C A", "from": "cell",
                "to": "by die", "value": "0-5", "jump": "cell", "send": "cell(>cell)",
                "back": "cell"}
COLUMN_HINTS_V2 = {**COLUMN_HINTS, "side": "tick one", "dice": "S M / C A", "ship": "tick one",
                   "to": "col row", "jump": "col row", "send": "by hand", "back": "by hand"}
"""Version 2's hints; the notes are the only handwriting in a row: "by hand" says a photo
does not read them (the tracker asks what a written one says)."""
COLUMN_DIGITS = "a1 b2 c3 d4 e5 f6 g7 h8 i9 j0"
LEGEND = ("Side O or D. Dice: suit and face (S3 M1, null = 0; - if no ship rolled). Value: what "
          "the wormhole showed (0 = black hole). Jump to: where it threw the ship. Sent to: "
          "where you sent an enemy ship you landed on (e5, or e5>e9 if it then jumped). Sent "
          "back: where your ship went when that ship jumped onto it (c10; M c10 for the other "
          "ship).")
LEGEND_V2 = ("Cells in digits: the column's digit (" + COLUMN_DIGITS + "), then the row: e13 "
             "is 5 13, j2 is 0 2. Dice: the faces in suit order (Sun Moon, Crown Arm; null 0); "
             "one face if one ship rolled. Value 0 = black hole. Sent to: where you sent an "
             "enemy ship you landed on (e5>e9 if it jumped on); sent back: where your ship "
             "went when that ship jumped onto it (M c10: the other ship).")


def record_page(options: KitOptions, look: Look, size: tuple[float, float], page: int,
                values: Mapping[str, str] | None = None) -> Page:
    """Record page design ``page`` (0 the front, 1 the continuation page), blank or with
    ``values`` written in its boxes (the fields of that page, as ``split_pages`` gives them)."""
    area = printable_area(size)
    fields = record_layout(size, page)
    sheet = record_sheet(size, page)
    url = tracker_url(options)
    rows = page_rows(page)
    head = title_area(size, sheet.qr)
    foot = footer_area(size)
    prefix = row_prefix(page)

    def draw(c: Canvas) -> None:
        draw_frame(c, sheet, options.seed)
        if page == 0:
            page_title(c, head, "Wormholes - game record", "By hand or typed into the PDF; "
                       "from turn 31 on, numbered continuation pages. Check it with 'pnp "
                       "check-sheet', the tracker or a photo.", ACCENT)
            _record_panel(c, fields, sheet, area, url, look)
        else:
            _continuation_title(c, sheet, head, look)
        first = fields[f"{prefix}{rows.start}_side"]
        top = first.y2 + 1 + HEAD
        _table(c, fields, sheet, area.x, top, rows, look, prefix)
        c.setFillColor(GREY)
        paragraph(c, LEGEND if sheet.version < 2 else LEGEND_V2, foot.x,
                  area.y + FOOT - mm(0.5), foot.w, REGULAR, 6 if sheet.version < 2 else 5.6,
                  leading=6.8 if sheet.version < 2 else 6.2)
        footer(c, foot, CREDIT)
        if values:
            _write_values(c, sheet, values)

    number = (values or {}).get(wh_sheet.PAGE_FIELD, "")
    label = ("Wormholes - game record, page 1" if page == 0 else
             f"Wormholes - game record, page {number}" if number else
             "Wormholes - game record, continuation page (print as often as needed)")
    return Page(size, draw, label)


def _continuation_title(c: Canvas, sheet: SheetLayout, head: Rect, look: Look) -> None:
    """The title, which turns each page number holds, and the page-number comb."""
    comb = sheet.field(wh_sheet.PAGE_FIELD)
    room = Rect(head.x, head.y, comb.rect.x - PAGE_LABEL_W - head.x, head.h)
    turns = ", ".join(f"{p}: turns {wh_sheet.page_turns(p).start}-"
                      f"{wh_sheet.page_turns(p).stop - 1}" for p in (2, 3))
    page_title(c, room, "Wormholes - game record, continued",
               f"Print as often as needed; number each copy. Page {turns}, N: 46N-61 on.",
               ACCENT)
    c.setFillColor(INK)
    c.setFont(BOLD, 11)
    c.drawRightString(comb.rect.x - mm(1.5), comb.rect.y + mm(1.6), "Page")
    draw_field(c, comb, look, ACCENT, thick=True)


def _write_values(c: Canvas, sheet: SheetLayout, values: Mapping[str, str]) -> None:
    """A filled record: each value typed in its field (a comb's digits one a box)."""
    c.setFillColor(INK)
    values = sheet.on_paper(values)
    for f in sheet.fields:
        text = str(values.get(f.name, "")).strip()
        if not text:
            continue
        if f.kind == "choice" and text in f.options:
            box = f.option_boxes[f.options.index(text)]
            fit_centred(c, "X", BOLD, 7, box.cx, box.y + box.h * 0.18, box.w + 1)
        elif f.kind == "tick":
            fit_centred(c, "X", BOLD, 9, f.rect.cx, f.rect.y + f.rect.h * 0.22, f.rect.w)
        elif f.kind == "digits" and len(text) <= len(f.boxes):
            # from the left, as a pen writes them (version 1 typed numbers to the right)
            start = 0 if sheet.version >= 2 else len(f.boxes) - len(text)
            for box, ch in zip(f.boxes[start:start + len(text)], text, strict=True):
                fit_centred(c, ch, BOLD, 9, box.cx, box.y + box.h * 0.25, box.w)
        else:
            size = min(8.0, f.rect.h * 0.62)
            fit_centred(c, text, REGULAR, size, f.rect.cx, f.rect.y + (f.rect.h - size) / 2
                        + size * 0.2, f.rect.w - 1)


def filled_record_pages(options: KitOptions, fields: Mapping[str, str],
                        size: tuple[float, float]) -> list[Page]:
    """A played game's record drawn on the printed pages, as many continuation pages as the
    game fills (``fields`` by turn number, as ``fields_from_play`` writes them)."""
    look = Look(low_ink=options.ink == "low")
    pages = wh_sheet.split_pages(fields)
    return [record_page(options, look, size, 0 if k == 0 else 1, page)
            for k, page in enumerate(pages)]


def _record_panel(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, area: Rect,
                  url: str, look: Look) -> None:
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
        draw_field(c, sheet.field(name), look, ACCENT)
    for name, label in (("seed", "Seed"), ("winner", "Winner"), ("two_ships", "Two ships"),
                        ("turns", "Turns")):
        r = sheet.field(name).rect
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawRightString(r.x - mm(1.5), r.y + mm(1.8), label)
        draw_field(c, sheet.field(name), look, ACCENT, thick=name == "winner")
    first = fields["wh_S1"]
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 9)
    c.drawString(area.x, first.y2 + mm(2.2), "Wormholes placed")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    c.drawString(area.x + text_width("Wormholes placed", BOLD, 9) + mm(2), first.y2 + mm(2.2),
                 "the cell of each coin, as it goes down (any order within a suit)" if
                 sheet.version < 2 else "each coin's cell as it goes down, in digits (e13 = "
                 "5 13; any order within a suit)")
    for suit in ("S", "M", "C", "A"):
        r = fields[f"wh_{suit}1"]
        rr = mm(2.3)
        draw_coin(c, suit, area.x + rr, r.cy, rr, look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8)
        c.drawString(area.x + 2 * rr + mm(1.5), r.cy - 2.8, SUIT_ART[suit].name)
        for k in range(wh_sheet.COINS_PER_SUIT):
            draw_field(c, sheet.field(f"wh_{suit}{k + 1}"), look, ACCENT)
    qx = area.x2 - QR_SIZE
    qy = fields["orthogon"].y2 - QR_SIZE + mm(2 if sheet.version < 2 else -4.5)  # below the 24 mm
    qr_block(c, url, qx, qy, QR_SIZE, left=qx - mm(3), right=area.x2)


def _table(c: Canvas, fields: Mapping[str, Rect], sheet: SheetLayout, x: float, top: float,
           rows: range, look: Look, prefix: str) -> None:
    cols = sheet_columns(sheet.version)
    hints = COLUMN_HINTS if sheet.version < 2 else COLUMN_HINTS_V2
    first_row = rows.start
    last_row = rows.stop - 1
    right = fields[f"{prefix}{first_row}_{cols[-1]}"].x2 + 1
    row_h = fields[f"{prefix}{first_row}_side"].y - fields[f"{prefix}{first_row + 1}_side"].y
    inset = (row_h - fields[f"{prefix}{first_row}_side"].h) / 2
    bottom = fields[f"{prefix}{last_row}_side"].y - inset
    turn_x2 = fields[f"{prefix}{first_row}_side"].x - 1
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x, top - HEAD, right - x, HEAD, stroke=0, fill=1)
    head_ink = WHITE if not look.low_ink else INK
    c.setFillColor(head_ink)
    fit_centred(c, "Turn" if prefix == "t" else "Row", BOLD, 7.5, (x + turn_x2) / 2,
                top - mm(7.5), turn_x2 - x)
    for k in wh_sheet.SLOTS:
        a = fields[f"{prefix}{first_row}_ship{k}"].x - 1
        b = fields[f"{prefix}{first_row}_back{k}"].x2 + 1
        c.setFillColor(head_ink)
        fit_centred(c, f"Ship move {k}", BOLD, 7.5, (a + b) / 2, top - mm(3.4), b - a)
        c.setStrokeColor(head_ink)
        c.setLineWidth(ts.GRID)
        c.line(a + mm(1), top - mm(4.6), b - mm(1), top - mm(4.6))
    for col in cols:
        r = fields[f"{prefix}{first_row}_{col}"]
        base = col.rstrip("12")
        c.setFillColor(head_ink)
        fit_centred(c, COLUMN_HEADS[base], BOLD, 7.2, r.cx, top - mm(7.6), r.w + 1)
        fit_centred(c, hints[base], REGULAR, 5.2, r.cx, top - mm(10.2), r.w + 1.5)
    for i, n in enumerate(rows):
        y = fields[f"{prefix}{n}_side"].y - inset
        if not look.low_ink and i % 2 == 1:
            c.setFillColor(SPACE_TINT)
            c.rect(x, y, right - x, row_h, stroke=0, fill=1)
        c.setFillColor(GREY)
        c.setFont(CONDENSED_BOLD, 7.2)
        c.drawCentredString((x + turn_x2) / 2, y + row_h / 2 - 2.5, str(n))
    c.setStrokeColor(hex_color("#c3bfd9"))
    c.setLineWidth(ts.GRID)
    for i in range(len(rows) + 1):
        y = top - HEAD - i * row_h
        c.line(x, y, right, y)
    xs = [turn_x2] + [fields[f"{prefix}{first_row}_{col}"].x - 1 for col in cols[1:]]
    for xx in xs:
        c.line(xx, bottom, xx, top - HEAD)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(ts.GRID_STRONG)
    for k in wh_sheet.SLOTS:  # a heavier line before each move's group
        xx = fields[f"{prefix}{first_row}_ship{k}"].x - 1
        c.line(xx, bottom, xx, top)
    c.rect(x, bottom, right - x, top - bottom, stroke=1, fill=0)
    for n in rows:  # the combs and tick boxes (the wormhole values; on version 2 all but notes)
        for col in cols:
            f = sheet.field(f"{prefix}{n}_{col}")
            if f.kind != "text":
                draw_field(c, f, look, ACCENT)


def record_fields(options: KitOptions, size: tuple[float, float], first_page: int
                  ) -> list[FormField]:
    """The form fields of the record pages (from page first_page on)."""
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for page in range(RECORD_PAGES):
        for f in record_sheet(design, page).fields:
            name = f.name
            rect = scaled_rect(f.rect, s, dx, dy)
            value = str(options.seed) if name == "seed" else ""
            big = not (name[:1] in "tr" and name[1:2].isdigit())
            left = name in ("orthogon", "diagon", "winner") or "_send" in name
            out.append(FormField(name, first_page + page, rect, value,
                                 (9 if big else 7.5) * min(s, 1.0), align=0 if left else 1))
    return out

"""The fillable record sheet: one row per turn, the result panel and the QR code; its form
fields are the ones pnp.games.wormholes.sheet checks.

Two page designs: the front (turns 1-30, the players, the wormholes placed and the result) and
a continuation page of 46 turns, printed as often as a long game needs, with a comb where the
player writes its page number (page N holds turns 46N-61 to 46N-16).  Each is a readable
sheet (``record_sheet``): corner markers, the sheet QR (the continuation's names its own layout
and the kit's seed), and fields a photo reads.  Layout version 2 (printed now) has no
handwriting in the turn rows: the side and the ship are ticked (O / D; S M C A), the dice are
two digits (the side's ships in suit order), every cell is a comb of digits (the column's digit,
a1 b2 ... i9 j0, then the row: e13 is 5 13), the wormhole values, the turn count and the page
number are combs; only the players' names and the rare "sent to" / "sent back" notes are
written.  The "from" column is gone (the checker follows the ships), and the sheet QR is 24 mm
(on the Letter continuation page from its version 3: its version 2 kept the 17 mm code).
Version 1 (cells, dice, sides and ships handwritten, a 17 mm QR) stays registered so old prints
are still read.  ``filled_record_pages`` draws a played game's record on as many pages as it
fills.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes import sheet as wh_sheet
from pnp.games.wormholes.board import SIDE_NAMES, SIDE_SUITS, SUITS
from pnp.games.wormholes.sheet.marks import on_paper
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
from pnp.render.geometry import Rect, mm, paper_size, printable_area, text_sheet_size
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
from pnp.sheetread.layout import (
    DIGIT_H,
    DIGIT_W,
    DIGITS,
    QR_LARGE,
    FieldBox,
    SheetLayout,
    band_qr,
    choice,
    comb,
    corner_markers,
    footer_area,
    paper_name,
    place,
    title_area,
)
from pnp.sheetread.layout import QR_SIZE as SHEET_QR

# -- record sheet ----------------------------------------------------------------------------
FIRST_PAGE_ROWS = wh_sheet.FRONT_ROWS
PAGE_ROWS = wh_sheet.PAGE_ROWS  # on each continuation page
RECORD_PAGES = 2
"""The page designs: the front (0) and the continuation page (1)."""
LAYOUT_IDS = ("record1", "record-more")
LAYOUT_VERSION = 2
"""The design printed now (its turn rows); every version in ``VERSIONS`` is read from a photo."""
VERSIONS = (1, 2)
LETTER_MORE_VERSION = 3
"""The Letter continuation page printed now: version 2's rows under a 24 mm QR (its version 2
kept the 17 mm code, whose photos were refused most often)."""
PANEL = mm(57)
HEAD = mm(11)
FOOT = mm(12)
TURN_W = 8.0
COLUMN_WIDTHS: dict[str, float] = {"side": 7.2, "dice": 13.0, "ship": 7.2, "from": 9.5,
                                   "to": 9.5, "value": 8.0, "jump": 9.5, "send": 13.0,
                                   "back": 10.5}
"""Version 1's columns (mm before scaling to the page's width)."""
COLUMN_WIDTHS_V2: dict[str, float] = {"side": 12.5, "dice": 10.5, "ship": 24.0, "to": 14.0,
                                      "value": 6.5, "jump": 14.0, "send": 10.5, "back": 11.0}
"""Version 2's: every cell a comb of three digits, the side and ship ticked, no "from"."""
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
SIDES = ("O", "D")


def page_rows(page: int) -> range:
    """The row numbers printed on record page design 0 (the front: turns 1-30) or 1 (a
    continuation page: rows 1-46, whose turns its page number says)."""
    return range(1, (FIRST_PAGE_ROWS if page == 0 else PAGE_ROWS) + 1)


def row_prefix(page: int) -> str:
    """Turn rows are ``t{n}_`` on the front, ``r{i}_`` on a continuation page."""
    return "t" if page == 0 else "r"


def sheet_columns(version: int = 1) -> list[str]:
    """A turn row's columns on the paper of ``version`` (2 has no "from")."""
    moves = [c for c in wh_sheet.MOVE_COLUMNS if version < 2 or c != "from"]
    cols = ["side", "dice"]
    for k in wh_sheet.SLOTS:
        cols += [f"{c}{k}" for c in moves]
    return cols


def column_width(col: str, version: int = 1) -> float:
    return (COLUMN_WIDTHS if version < 2 else COLUMN_WIDTHS_V2)[col.rstrip("12")]


def versions(size: tuple[float, float], page: int) -> tuple[int, ...]:
    """The versions of a page design a photo may show, oldest first (the last is printed now):
    the Letter continuation page has a third, version 2 with the 24 mm QR."""
    return (*VERSIONS, LETTER_MORE_VERSION) if _letter_more(size, page) else VERSIONS


def printed_version(size: tuple[float, float], page: int) -> int:
    return versions(size, page)[-1]


def _letter_more(size: tuple[float, float], page: int) -> bool:
    return bool(page) and paper_name(size) == "letter"


def _qr_side(size: tuple[float, float], page: int, version: int) -> float:
    """The sheet QR's side: 24 mm from version 2 on (the Letter continuation page's version 2
    kept 17 mm: its 46 rows are 4.6 mm under the larger code, not 4.7; version 3 takes it)."""
    if version < 2 or (version == 2 and _letter_more(size, page)):
        return SHEET_QR
    return QR_LARGE


def _top(size: tuple[float, float], page: int, version: int) -> float:
    """Where the page's body starts: on a continuation page with the 24 mm QR, below it (the
    front page's panel leaves room for it beside the players' names)."""
    below = page and _qr_side(size, page, version) > SHEET_QR
    return printable_area(size).y2 - (mm(26) if below else mm(19))


def record_layout(size: tuple[float, float], page: int,
                  version: int | None = None) -> dict[str, Rect]:
    """The cell of every form field on record page design 0 or 1, by field name (of the
    version printed now unless ``version`` says)."""
    version = printed_version(size, page) if version is None else version
    area = printable_area(size)
    top = _top(size, page, version)
    fields: dict[str, Rect] = {}
    if page == 0:
        fields.update(_panel_layout(area, top))
        top -= PANEL
    else:
        fields[wh_sheet.PAGE_FIELD] = _page_comb_cell(size, _qr_side(size, page, version))
    prefix = row_prefix(page)
    cols = sheet_columns(version)
    natural = TURN_W + sum(column_width(c, version) for c in cols)
    scale = area.w / mm(natural)
    rows = page_rows(page)
    row_h = (top - HEAD - area.y - FOOT) / len(rows)
    # the Letter continuation page under the 24 mm QR: rows of 4.57 mm, so its cells are set
    # closer (0.4 mm apart, not 0.7) to stay 4.1 mm high
    inset = 0.6 if _letter_more(size, page) and version >= LETTER_MORE_VERSION else 1.0
    for i, n in enumerate(rows):
        y = top - HEAD - (i + 1) * row_h
        x = area.x + mm(TURN_W) * scale
        for col in cols:
            w = mm(column_width(col, version)) * scale
            fields[f"{prefix}{n}_{col}"] = Rect(x + 1, y + inset, w - 2, row_h - 2 * inset)
            x += w
    return fields


QR_SIZE = mm(34)
KINDS: dict[str, tuple[str, int]] = {"turns": ("digits", 3), "two_ships": ("tick", 0),
                                     wh_sheet.PAGE_FIELD: ("digits", 2)}
PAGE_LABEL_W = mm(16)  # the "Page" label and a gap before the title
VALUES = "012345"
"""A wormhole's value is 0 (a black hole) to 5 (WH-5); so is a die's face."""


def _page_comb_cell(size: tuple[float, float], qr_side: float) -> Rect:
    """The page-number comb's cell: at the right of the title band, left of the QR."""
    qr = band_qr(size, qr_side)
    w = 2 * DIGIT_W
    return Rect(qr.x - mm(3) - w, printable_area(size).y2 - mm(10.5), w, DIGIT_H)


def _field_v1(name: str, cell: Rect) -> FieldBox:
    kind, digits = ("digits", 1) if "_value" in name else KINDS.get(name, ("text", 0))
    return place(name, cell, kind, digits, alphabet=VALUES if "_value" in name else DIGITS)


def _field_v2(name: str, cell: Rect) -> FieldBox:
    """Version 2: ticks and digits wherever a photo can read them."""
    column = name.rpartition("_")[2].rstrip("12") if name[:1] in "tr" else name
    small = {"label": mm(2.0), "gap": mm(0.5)}  # the usual 3.2 mm tick boxes, set close
    if column in ("side", "winner"):
        return choice(name, cell, SIDES, **small)  # type: ignore[arg-type]
    if column == "ship" and name[:1] in "tr":
        return choice(name, cell, SUITS, **small)  # type: ignore[arg-type]
    if column == "dice" and name[:1] in "tr":
        return comb(name, cell, 2, alphabet=VALUES)
    if (column in ("to", "jump") and name[:1] in "tr") or name.startswith("wh_"):
        return comb(name, cell, 3)
    return _field_v1(name, cell)


@lru_cache(maxsize=8)
def record_sheet(size: tuple[float, float], page: int,
                 version: int | None = None) -> SheetLayout:
    """Record page ``page`` as drawn and as a reader cuts it out (``version``, when not the
    one printed now: an old print, read but no longer drawn)."""
    version = printed_version(size, page) if version is None else version
    make = _field_v1 if version < 2 else _field_v2
    fields = [make(name, cell) for name, cell in record_layout(size, page, version).items()]
    title = ("Wormholes record sheet, page 1" if page == 0 else
             "Wormholes record sheet, continuation page (numbered by hand)")
    qr = band_qr(size, _qr_side(size, page, version))
    spelling = on_paper if version >= 2 else None
    return SheetLayout(wh_sheet.GAME_ID, f"{LAYOUT_IDS[page]}.{paper_name(size)}",
                       version, size, corner_markers(size), qr, tuple(fields),
                       seed_field="seed", title=title, spelling=spelling)


def sheet_layouts() -> list[SheetLayout]:
    """Every record page design, on A4 and Letter (A5 shrinks A4)."""
    return [record_sheet(paper_size(p), page, v) for p in ("a4", "letter")
            for page in range(RECORD_PAGES) for v in versions(paper_size(p), page)]


def _panel_layout(area: Rect, top: float) -> dict[str, Rect]:
    right = area.x2 - QR_SIZE - mm(6)
    label = mm(48)
    h = mm(6.2)
    out = {"orthogon": Rect(area.x + label, top - mm(8), right - area.x - label, h),
           "diagon": Rect(area.x + label, top - mm(15.5), right - area.x - label, h)}
    y = top - mm(23)
    out["seed"] = Rect(area.x + mm(11), y, mm(30), h)
    out["winner"] = Rect(area.x + mm(56), y, mm(29), h)
    out["two_ships"] = Rect(area.x + mm(108), y, mm(6.2), h)
    out["turns"] = Rect(right - mm(18), y, mm(18), h)
    lab = mm(24)
    fw = (right - area.x - lab) / wh_sheet.COINS_PER_SUIT
    y = top - mm(30)
    for suit in ("S", "M", "C", "A"):
        y -= mm(6.2)
        for k in range(wh_sheet.COINS_PER_SUIT):
            out[f"wh_{suit}{k + 1}"] = Rect(area.x + lab + k * fw + 1, y + 0.6, fw - 2,
                                            mm(6.2) - 1.2)
    return out


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

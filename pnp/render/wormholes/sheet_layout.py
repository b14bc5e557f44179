"""Where the Wormholes record sheet's fields sit: the page designs (the front and the
continuation page), their versions, and the ``SheetLayout`` a photo is read by
(``record_sheet``); ``pnp.render.wormholes.sheet`` draws them.

Layout version 2 (printed now) has no handwriting in the turn rows: the side and the ship are
ticked (O / D; S M C A), the dice are two digits (the side's ships in suit order), every cell is
a comb of digits (the column's digit, a1 b2 ... i9 j0, then the row: e13 is 5 13), the wormhole
values, the turn count and the page number are combs; only the players' names and the rare
"sent to" / "sent back" notes are written.  The "from" column is gone (the checker follows the
ships), and the sheet QR is 24 mm (on the Letter continuation page from its version 3: its
version 2 kept the 17 mm code).  Version 1 (cells, dice, sides and ships handwritten, a 17 mm
QR) stays registered so old prints are still read.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.games.wormholes import sheet as wh_sheet
from pnp.games.wormholes.board import SUITS
from pnp.games.wormholes.sheet.marks import on_paper
from pnp.render.geometry import Rect, mm, paper_size, printable_area
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
    paper_name,
    place,
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
    rows = page_rows(page)
    row_h = (top - HEAD - area.y - FOOT) / len(rows)
    # the Letter continuation page under the 24 mm QR: rows of 4.57 mm, so its cells are set
    # closer (0.4 mm apart, not 0.7) to stay 4.1 mm high
    inset = 0.6 if _letter_more(size, page) and version >= LETTER_MORE_VERSION else 1.0
    fields.update(turn_rows(area, top, rows, row_h, row_prefix(page), version, inset))
    return fields


def turn_rows(area: Rect, top: float, rows: range, row_h: float, prefix: str, version: int,
              inset: float = 1.0) -> dict[str, Rect]:
    """The cells of turn rows ``rows`` (``prefix`` "t" or "r") under the table's head at
    ``top``, the row's columns scaled to the area's width, ``row_h`` apart."""
    cols = sheet_columns(version)
    natural = TURN_W + sum(column_width(c, version) for c in cols)
    scale = area.w / mm(natural)
    fields: dict[str, Rect] = {}
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
    """Every record page design, on A4 and Letter (A5 prints them in parts:
    ``sheet_a5.sheet_layouts`` adds those)."""
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

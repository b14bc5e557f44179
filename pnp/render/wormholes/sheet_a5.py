"""The Wormholes record laid out for A5: each A4 page in parts, on A5 turned landscape.

A5 landscape is 190 mm wide inside its margins, as wide as A4 portrait, so a turn row keeps
the A4 row's columns and comb boxes at full size (the A4 page shrunk to A5 printed its hints
at 3.7 pt and its boxes at 71 %).  The front page's 30 turns take three parts: the players,
the wormholes placed, the result and turns 1-4 (``record1-1.a5``), then turns 5-17 and 18-30
(``record1-2.a5``, ``record1-3.a5``), rows 6 mm apart.  The continuation page's 46 rows take
three (``record-more-1.a5`` rows 1-16, ``-2`` rows 17-31, ``-3`` rows 32-46, rows 4.9 mm apart
as on A4), each with the page comb: a player prints the three as often as the game needs and
writes the page number on each.  Every part is a readable sheet of its own (markers, the 24 mm
sheet QR naming the part and the kit's seed); the field names are the A4 page's, so a reader
merges a page's parts (``SheetLayout.part``, ``pnp.sheetread.parts``) and the same checker
reads them.  Version 2, the A4 record's comb design (A5 never printed version 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes import sheet as wh_sheet
from pnp.render.art import GREY, INK, Look, footer, page_title, paragraph
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.options import KitOptions
from pnp.render.readable import draw_field, draw_frame
from pnp.render.wormholes.art import ACCENT, CREDIT, tracker_url
from pnp.render.wormholes.sheet import (
    LEGEND_V2,
    _record_panel,
    _table,
    _write_values,
)
from pnp.render.wormholes.sheet_layout import (
    FOOT,
    HEAD,
    LAYOUT_IDS,
    LAYOUT_VERSION,
    PAGE_LABEL_W,
    PANEL,
    _field_v2,
    _page_comb_cell,
    _panel_layout,
    row_prefix,
    turn_rows,
)
from pnp.sheetread.layout import QR_LARGE, SheetLayout, band_qr, corner_markers, footer_area
from pnp.sheetread.layout import title_area as _title_area

SIZE = paper_size("a5", landscape=True)
FRONT_PARTS = (range(1, 5), range(5, 18), range(18, 31))
"""The front page's turns, part by part (the first part under the players and wormholes)."""
MORE_PARTS = (range(1, 17), range(17, 32), range(32, 47))
"""The continuation page's rows, part by part."""
PARTS: tuple[tuple[int, int, range], ...] = (
    *((0, k, rows) for k, rows in enumerate(FRONT_PARTS, start=1)),
    *((1, k, rows) for k, rows in enumerate(MORE_PARTS, start=1)))
"""(A4 page design, part number from 1, its rows), in print order."""
ROW_H = (mm(6.0), mm(4.9))
"""Row pitch on the front's parts and on the continuation's."""


def part_id(index: int) -> str:
    page, k, _rows = PARTS[index]
    return f"{LAYOUT_IDS[page]}-{k}.a5"


def _top(page: int, k: int) -> float:
    """Where the part's body starts: beside the sheet QR on the front's first part (its
    panel leaves room), under it on every other part."""
    return printable_area(SIZE).y2 - mm(19 if (page, k) == (0, 1) else 26)


def part_layout(index: int) -> dict[str, Rect]:
    """The cell of every form field on A5 part ``index`` (of ``PARTS``), by field name."""
    page, k, rows = PARTS[index]
    area = printable_area(SIZE)
    top = _top(page, k)
    fields: dict[str, Rect] = {}
    if (page, k) == (0, 1):
        fields.update(_panel_layout(area, top))
        top -= PANEL
    elif page == 1:
        fields[wh_sheet.PAGE_FIELD] = _page_comb_cell(SIZE, QR_LARGE)
    fields.update(turn_rows(area, top, rows, ROW_H[page], row_prefix(page), LAYOUT_VERSION))
    return fields


@lru_cache(maxsize=8)
def part_sheet(index: int) -> SheetLayout:
    """A5 part ``index`` as drawn and as a reader cuts it out."""
    from pnp.games.wormholes.sheet.marks import on_paper

    page, k, rows = PARTS[index]
    fields = tuple(_field_v2(name, cell) for name, cell in part_layout(index).items())
    whole = "page 1" if page == 0 else "continuation page"
    return SheetLayout(wh_sheet.GAME_ID, part_id(index), LAYOUT_VERSION, SIZE,
                       corner_markers(SIZE), band_qr(SIZE, QR_LARGE), fields,
                       seed_field="seed",
                       title=f"Wormholes record sheet, {whole}, part {k} of {_count(page)} "
                             f"({'turns' if page == 0 else 'rows'} {rows.start}-{rows.stop - 1})",
                       spelling=on_paper, part=(f"{LAYOUT_IDS[page]}.a5", k, _count(page)))


def _count(page: int) -> int:
    return len(FRONT_PARTS if page == 0 else MORE_PARTS)


def part_layouts() -> list[SheetLayout]:
    return [part_sheet(i) for i in range(len(PARTS))]


def sheet_layouts() -> list[SheetLayout]:
    """Every record page design a photo may show: A4 and Letter, then the A5 parts."""
    from pnp.render.wormholes.sheet_layout import sheet_layouts as whole_pages

    return [*whole_pages(), *part_layouts()]


def _subtitle(page: int, k: int, rows: range) -> str:
    if (page, k) == (0, 1):
        return ("Part 1 of 3: the players, the wormholes, the result and turns 1-4; turns "
                "5-30 on parts 2 and 3. Photograph every part to check it.")
    if page == 0:
        return (f"Part {k} of 3: turns {rows.start}-{rows.stop - 1}. From turn 31 on, the "
                "continuation parts.")
    two, three = wh_sheet.page_turns(2), wh_sheet.page_turns(3)
    return (f"Part {k} of 3, rows {rows.start}-{rows.stop - 1}: print the 3 parts as often as "
            f"needed, and number each. Page 2: turns {two.start}-{two.stop - 1}, 3: "
            f"{three.start}-{three.stop - 1}.")


def part_page(options: KitOptions, look: Look, index: int,
              values: Mapping[str, str] | None = None) -> Page:
    """A5 part ``index``, blank or with ``values`` written in its boxes."""
    page, k, rows = PARTS[index]
    area = printable_area(SIZE)
    fields = part_layout(index)
    sheet = part_sheet(index)
    head = _title_area(SIZE, sheet.qr)
    prefix = row_prefix(page)

    def draw(c: Canvas) -> None:
        draw_frame(c, sheet, options.seed)
        title = ("Wormholes - game record" if page == 0 else
                 "Wormholes - game record, continued")
        room = head
        if page == 1:
            comb = sheet.field(wh_sheet.PAGE_FIELD)
            room = Rect(head.x, head.y, comb.rect.x - PAGE_LABEL_W - head.x, head.h)
            c.setFillColor(INK)
            c.setFont(BOLD, 11)
            c.drawRightString(comb.rect.x - mm(1.5), comb.rect.y + mm(1.6), "Page")
            draw_field(c, comb, look, ACCENT, thick=True)
        page_title(c, room, title, _subtitle(page, k, rows), ACCENT)
        if (page, k) == (0, 1):
            _record_panel(c, fields, sheet, area, tracker_url(options), look)
        first = fields[f"{prefix}{rows.start}_side"]
        _table(c, fields, sheet, area.x, first.y2 + 1 + HEAD, rows, look, prefix)
        foot = footer_area(SIZE)
        c.setFillColor(GREY)
        paragraph(c, LEGEND_V2, foot.x, area.y + FOOT - mm(0.5), foot.w, REGULAR, 5.6,
                  leading=6.2)
        footer(c, foot, CREDIT)
        if values:
            _write_values(c, sheet, values)

    whole = ("page 1 (three parts)" if page == 0 else
             "continuation page (three parts, print as often as needed)")
    # " k/3": the print guide and the bookmarks take the three parts as one section
    return Page(SIZE, draw, f"Wormholes - game record, {whole} {k}/{_count(page)}")


def part_pages(options: KitOptions, look: Look) -> list[Page]:
    return [part_page(options, look, i) for i in range(len(PARTS))]


def part_fields(options: KitOptions, first_page: int, blanks: tuple[int, ...] = ()
                ) -> list[FormField]:
    """The form fields of the A5 parts, the first on page ``first_page`` (``blanks``: the
    parts after which the kit puts a blank back).  A form field is placed once: the page
    number is typed on the continuation's first part (the other two draw its comb only)."""
    out = []
    at = first_page
    placed: set[str] = set()
    for index in range(len(PARTS)):
        for f in part_sheet(index).fields:
            name = f.name
            if name in placed:
                continue
            placed.add(name)
            value = str(options.seed) if name == "seed" else ""
            big = not (name[:1] in "tr" and name[1:2].isdigit())
            left = name in ("orthogon", "diagon", "winner") or "_send" in name
            out.append(FormField(name, at, f.rect, value, 9 if big else 7.5,
                                 align=0 if left else 1))
        at += 2 if index in blanks else 1
    return out


def part_values(fields: Mapping[str, str], index: int) -> dict[str, str]:
    """What A5 part ``index`` holds of one A4 page's values (``split_pages`` gives them)."""
    names = set(part_sheet(index).field_names())
    return {k: v for k, v in fields.items() if k in names}

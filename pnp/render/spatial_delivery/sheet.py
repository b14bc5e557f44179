"""The fillable score sheet; its form fields are the ones pnp.games.spatial_delivery.sheet
checks.  Two pages (the back of one sheet when printed double-sided): the totals, and each
round's points by cause, which lets the checker confirm every round.  All are readable
sheets (``score_sheet``): corner markers, the sheet QR, a comb for every number.

A5 has its own layout (not the A4 design shrunk, whose text came out at 3.9-4.1 pt): the
totals page with rows 6.2 mm high, and the rounds by cause on two pages, rounds 1-5 (a game
of the usual length) and rounds 6-9 (``score2.a5``, ``score3.a5``)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS
from pnp.games.spatial_delivery.sheet import (
    COLOUR_FIELDS,
    GAME_ID,
    MAX_PLAYERS,
    PART_LABELS,
    PARTS,
    ROUND_ROWS,
    field_names,
)
from pnp.render.art import GREY, INK, Look, hex_color, paint, tint
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, paper_size, printable_area, text_sheet_size
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.readable import draw_field, scaled_rect, sheet_page
from pnp.render.spatial_delivery.art import (
    ACCENT,
    CREDIT,
    GOODS_RGB,
    GOODS_WORD,
    _para,
    bonus_table,
    tracker_url,
)
from pnp.sheetread.layout import (
    MARKER_SIZE,
    QR_LARGE,
    SheetLayout,
    band_qr,
    corner_markers,
    paper_name,
    place,
)

# -- the score sheet ---------------------------------------------------------------------------
ROW_LABELS: tuple[tuple[str, str], ...] = (
    ("name", "Player"),
    *[(f"r{n}", f"Round {n}") for n in range(1, ROUND_ROWS + 1)],
    *[(f"fd_{c}", f"1st tokens: {GOODS_WORD[c.upper()]}") for c in COLOUR_FIELDS],
    ("bonus", "End bonus"),
    ("stations", "Stations built"),
    ("total", "Total"),
)


A5_SPLIT = DEFAULT_ROUNDS
"""On A5 the rounds by cause take two pages: rounds 1 to this one, then the rest."""


def is_a5(size: tuple[float, float]) -> bool:
    return paper_name(size) == "a5"


def pages_on(size: tuple[float, float]) -> int:
    """How many pages the score sheet takes: 2, or 3 on A5."""
    return 3 if is_a5(size) else 2


def page_rounds(size: tuple[float, float], page: int) -> range:
    """The rounds a round-by-round page (1, or 1 and 2 on A5) holds."""
    if not is_a5(size):
        return range(1, ROUND_ROWS + 1)
    return range(1, A5_SPLIT + 1) if page == 1 else range(A5_SPLIT + 1, ROUND_ROWS + 1)


def score_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """The rectangle of every form field on the score sheet, by field name."""
    area = printable_area(size)
    top = area.y2 - mm(30)
    label_w = mm(38)
    col_w = (area.w - label_w) / MAX_PLAYERS
    row_h = mm(6.2) if is_a5(size) else mm(7.6)
    fields: dict[str, Rect] = {}
    for k, (key, _) in enumerate(ROW_LABELS):
        gap = mm(3) if key in ("fd_y", "bonus") else 0.0
        top -= gap
        y = top - (k + 1) * row_h
        for i in range(MAX_PLAYERS):
            x = area.x + label_w + i * col_w
            fields[f"p{i + 1}_{key}"] = Rect(x + 1.5, y + 1.5, col_w - 3, row_h - 3)
    fields["seed"] = Rect(area.x + mm(14), area.y2 - mm(27), mm(24), mm(7))
    fields["rounds"] = Rect(area.x + mm(66), area.y2 - mm(27), mm(12), mm(7))
    last = min(r.y for r in fields.values())
    fields["winner"] = Rect(area.x + mm(20), last - mm(10 if is_a5(size) else 12),
                            area.w * 0.55 - mm(20), mm(8))
    return fields


def parts_layout(size: tuple[float, float], version: int, page: int = 1) -> dict[str, Rect]:
    """The cells of a round-by-round page: a line per round and cause, a column per player (on
    version 2, 6 mm lower: the player heads keep clear of the larger sheet QR); on A5 page 1
    holds rounds 1-5 and page 2 the rest, their lines at most 7.6 mm apart."""
    area = printable_area(size)
    top = area.y2 - mm(19) - mm(8) - (mm(6) if version >= 2 else 0.0)
    bottom = area.y + MARKER_SIZE + mm(3)
    label_w = mm(38)
    col_w = (area.w - label_w) / MAX_PLAYERS
    gap = mm(1.2)
    rounds = page_rounds(size, page)
    # A5's rounds 6-9 leave room under their lines for the tracker's code
    most = mm(6.4) if is_a5(size) and page == 2 else mm(7.6)
    row_h = min(most, (top - bottom - gap * (len(rounds) - 1)) / (len(rounds) * len(PARTS)))
    fields: dict[str, Rect] = {}
    y = top
    for n in rounds:
        for part in PARTS:
            y -= row_h
            for i in range(MAX_PLAYERS):
                x = area.x + label_w + i * col_w
                fields[f"p{i + 1}_r{n}_{part}"] = Rect(x + 1.5, y + 1.5, col_w - 3, row_h - 3)
        y -= gap
    return fields


LAYOUT_VERSION = 2
"""Version 2 (printed now): the 24 mm sheet QR (``QR_LARGE``), the back's table 6 mm lower;
version 1 prints (17 mm) are still read."""
VERSIONS = (1, 2)
DIGITS = {"rounds": 1, "bonus": 2, "stations": 1, "total": 3}


def _digits(name: str) -> int:
    key = name.split("_", 1)[-1]
    if key.startswith("fd_"):
        return 1
    if key[0] == "r" and key[1:].split("_")[0].isdigit():
        return 2
    return DIGITS.get(key, 0)


@lru_cache(maxsize=16)
def score_sheet(size: tuple[float, float], page: int,
                version: int = LAYOUT_VERSION) -> SheetLayout:
    """Page 0 (totals) or 1 (round by round; on A5 also 2, the rounds after the fifth) as
    drawn and as a reader cuts it out."""
    cells = score_layout(size) if page == 0 else parts_layout(size, version, page)
    fields = []
    for name, cell in cells.items():
        digits = _digits(name)
        fields.append(place(name, cell, "digits" if digits else "text", digits))
    qr = band_qr(size) if version < 2 else band_qr(size, QR_LARGE)
    return SheetLayout(GAME_ID, f"score{page + 1}.{paper_name(size)}", version, size,
                       corner_markers(size), qr, tuple(fields),
                       seed_field="seed" if page == 0 else None,
                       title=f"Spatial Delivery score sheet, page {page + 1}")


def sheet_layouts() -> list[SheetLayout]:
    """Both score pages on A4 and Letter, and the three A5 pages (version 2: A5 has never
    printed another)."""
    a5 = paper_size("a5")
    return [*(score_sheet(paper_size(p), page, v) for v in VERSIONS for p in ("a4", "letter")
              for page in (0, 1)),
            *(score_sheet(a5, page, LAYOUT_VERSION) for page in range(pages_on(a5)))]


def score_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = score_layout(size)
    sheet = score_sheet(size, 0)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        c.drawString(area.x, fields["seed"].y + mm(2.2), "Seed")
        c.drawString(fields["seed"].x2 + mm(4), fields["rounds"].y + mm(2.2), "Rounds")
        for name in ("seed", "rounds"):
            draw_field(c, sheet.field(name), look, ACCENT)
        label_x = area.x
        for k, (key, label) in enumerate(ROW_LABELS):
            first = fields[f"p1_{key}"]
            row = Rect(area.x, first.y - 1.5, area.w, first.h + 3)
            num = key[1:]
            shaded = (key.startswith("r") and num.isascii() and num.isdigit()
                      and int(num) > DEFAULT_ROUNDS)
            if not look.low_ink and (k % 2 == 0 or key == "total"):
                c.setFillColor(hex_color("#eef1f8") if key != "total" else
                               tint(ACCENT, 0.2))
                c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
            c.setFillColor(GREY if shaded else INK)
            font = BOLD if key in ("name", "total", "bonus") else REGULAR
            c.setFont(font, 8.6)
            c.drawString(label_x + mm(1.5), row.y + row.h / 2 - 3, label)
            if key.startswith("fd_"):
                colour = GOODS_RGB[key[3:].upper()]
                s, f = paint(c, look, colour, solid=True)
                c.circle(label_x + mm(35.5), row.y + row.h / 2, mm(1.6), stroke=s, fill=f)
            if shaded:
                c.setFont(REGULAR, 5.5)
                c.drawString(label_x + mm(19), row.y + row.h / 2 - 2, "if agreed")
            for i in range(MAX_PLAYERS):
                draw_field(c, sheet.field(f"p{i + 1}_{key}"), look, ACCENT,
                           thick=key == "total")
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        w = fields["winner"]
        c.drawString(area.x, w.y + mm(2.4), "Winner")
        draw_field(c, sheet.field("winner"), look, ACCENT, thick=True)
        # bonus table, scoring notes and QR under the grid
        y = w.y - mm(5)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 10)
        c.drawString(area.x, y - 10, "First Delivery bonus (per colour)")
        y = bonus_table(c, area.x, y - mm(5), area.w * 0.55)
        if is_a5(size):  # no room for the notes and the tracker's code: the rules have them
            c.setFillColor(INK)
            _para(c, "End bonus = the colours' bonuses added up. Total = all rounds + end "
                  "bonus.", area.x, y - mm(0.5), area.w, 7)
            return
        text_w = area.w * 0.6
        y = _para(c, "End bonus = the bonus for each colour added up (4 yellow and 1 blue: 10 + "
                  "1 = 11). Total = all rounds + end bonus. Ties: most First Delivery tokens, "
                  "then most stations built; still equal: a shared win.", area.x, y - mm(1),
                  text_w, 7.6)
        _para(c, "Check it: scan the code, or run 'pnp check-sheet' on the saved PDF. The "
              "checker recomputes the bonuses, totals and the winner, and each round from the "
              "back.", area.x, y, text_w, 7.6)
        qr = mm(30)
        qr_block(c, url, area.x2 - qr - mm(4), w.y - mm(4) - qr, qr, left=area.x,
                 right=area.x2)

    subtitle = ("Market share per round, then First Delivery tokens; one digit a box."
                if is_a5(size) else "Each player's market share per round, then the First "
                "Delivery tokens held; one digit a box. The back breaks each round down.")
    return sheet_page(size, sheet, options.seed, "Spatial Delivery - score sheet", subtitle,
                      ACCENT, CREDIT, draw)


def parts_page(options: KitOptions, look: Look, size: tuple[float, float],
               page: int = 1) -> Page:
    """The back: each round's points by cause, so the checker can confirm every round (on
    A5, ``page`` 1 holds rounds 1-5 and 2 the rest)."""
    area = printable_area(size)
    sheet = score_sheet(size, page)
    cells = parts_layout(size, LAYOUT_VERSION, page)
    rounds = page_rounds(size, page)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        first = cells[f"p1_r{rounds.start}_built"]
        c.setFillColor(INK)
        c.setFont(BOLD, 8.6)
        for i in range(MAX_PLAYERS):
            c.drawCentredString(cells[f"p{i + 1}_r{rounds.start}_built"].cx,
                                first.y2 + mm(2.5), f"Player {i + 1}")
        for n in rounds:
            for k, part in enumerate(PARTS):
                cell = cells[f"p1_r{n}_{part}"]
                row = Rect(area.x, cell.y - 1.5, area.w, cell.h + 3)
                if not look.low_ink and n % 2:
                    c.setFillColor(hex_color("#eef1f8"))
                    c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
                if k == 0:
                    c.setFillColor(GREY if n > DEFAULT_ROUNDS else INK)
                    c.setFont(BOLD, 8.4)
                    c.drawString(area.x + mm(1.5), row.y + row.h / 2 - 3, f"Round {n}")
                c.setFillColor(GREY if n > DEFAULT_ROUNDS else INK)
                c.setFont(REGULAR, 7.6)
                c.drawString(area.x + mm(17), row.y + row.h / 2 - 2.7, PART_LABELS[part])
                for i in range(MAX_PLAYERS):
                    draw_field(c, sheet.field(f"p{i + 1}_r{n}_{part}"), look, ACCENT)
        if is_a5(size) and page == 2:  # the front had no room for the tracker's code
            low = min(r.y for r in cells.values())
            c.setFillColor(INK)
            _para(c, "Check it: scan the code for the tracker, or run 'pnp check-sheet' on the "
                  "saved PDF: it recomputes the bonuses, the totals, the winner and each round.",
                  area.x, low - mm(5), area.w * 0.55, 7)
            qr = mm(20)
            qr_block(c, url, area.x2 - qr - mm(14), low - mm(4) - qr, qr, left=area.x + mm(70),
                     right=area.x2 - MARKER_SIZE - mm(2))

    if not is_a5(size):
        return sheet_page(size, sheet, options.seed, "Spatial Delivery - round by round",
                          "Each round's points by cause; they add up to the round's line on the "
                          "front. Fees: 1 for each delivery another player made at your station.",
                          ACCENT, CREDIT, draw, "Spatial Delivery - score sheet, round by round")
    span = f"rounds {rounds.start}-{rounds.stop - 1}"
    return sheet_page(size, sheet, options.seed, f"Spatial Delivery - {span}",
                      "Points by cause; they add up to the round's line on the front." if
                      page == 1 else "For a longer game, if agreed: as the rounds before.",
                      ACCENT, CREDIT, draw, f"Spatial Delivery - score sheet, {span}")


def score_pages(options: KitOptions, look: Look) -> list[Page]:
    """The score sheet's pages for the kit's paper: A4 or Letter as designed, A5 on its own
    layout (three pages)."""
    size = paper_size(options.paper)
    if is_a5(size):
        return [score_page(options, look, size), parts_page(options, look, size, 1),
                parts_page(options, look, size, 2)]
    return [score_page(options, look, size), parts_page(options, look, size)]


def score_fields(options: KitOptions, size: tuple[float, float], page_index: int
                 ) -> list[FormField]:
    design = size if is_a5(size) else text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for page in range(pages_on(design)):
        for f in score_sheet(design, page).fields:
            name = f.name
            rect = scaled_rect(f.rect, s, dx, dy)
            value = str(options.seed) if name == "seed" else ""
            value = str(DEFAULT_ROUNDS) if name == "rounds" else value
            out.append(FormField(name, page_index + page, rect, value, 9 * min(s, 1.0),
                                 align=0 if f.kind == "text" else 1))
    assert sorted(f.name for f in out) == sorted(field_names())
    return out


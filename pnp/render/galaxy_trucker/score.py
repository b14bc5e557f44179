"""The score sheets: one fillable page per player, a column per round (1, 2, 3, 3a) and a line
per step of the end-of-round pay (GT-6), then the game total.

Field names are exactly those ``pnp.games.galaxy_trucker.sheet`` reads (``p<seat>_r<round>_
<line>``); the seed field sits on the first player's page only (a form field name is one
field), the other pages print the seed.  Each page carries the tracker QR.

A5 has its own layout (not the A4 design shrunk, whose text came out at 3.9 pt): the same
page per player (``p1.a5`` ... ``p4.a5``), the labels in a narrower column with short hints,
rows 6.9 mm high, the sheet QR in the title band, the tracker's code (15.5 mm) at the bottom
between the table and the credit line, right of the corner marker.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.cards import GOODS_VALUE
from pnp.games.galaxy_trucker.sheet import (
    GAME_ID,
    LINES,
    ROUNDS,
    SEATS,
    field_names,
    round_key,
)
from pnp.games.galaxy_trucker.state import BEST_LOOKING, REWARDS, ROUND_BOARD
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, Look, footer, hex_color, paint, paragraph, tint
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.galaxy_trucker.card_icons import cube
from pnp.render.galaxy_trucker.rules import ACCENT, CREDIT
from pnp.render.galaxy_trucker.tile_icons import PILOT_COLOURS as PILOT_INKS
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.qr import draw_qr
from pnp.render.readable import draw_field, draw_frame, scaled_rect
from pnp.sheetread.layout import (
    MARKER_SIZE,
    QR_LARGE,
    QR_SIZE,
    FieldBox,
    SheetLayout,
    band_qr,
    comb,
    corner_markers,
    footer_area,
    paper_name,
    text,
    tick,
)

LABELS: dict[str, tuple[str, str]] = {
    # line: (what to write, how it is worked out)
    "place": ("Finish place", "1 = the leader when the last card is done"),
    "gaveup": ("Gave up", "x if you left the flight: no place"),
    "cards": ("Cards that paid you", "their ids (I-13 II-7 ...); 'flaw' for each flaw fixed"),
    "flight": ("Credits won in flight", "what those cards paid, less 1 per flaw"),
    "finish": ("Finish reward", "by place: see the column head"),
    "exposed": ("Your exposed connectors", "count each open connector once"),
    "fewest": ("Fewest of all finishers", "the lowest count at the table"),
    "looks": ("Best-looking bonus", "if yours is the fewest (ties all paid)"),
    "red": ("Red goods sold", "worth 4 each; blocks aboard at the end"),
    "yellow": ("Yellow goods sold", ""),
    "green": ("Green goods sold", ""),
    "blue": ("Blue goods sold", ""),
    "goods": ("Goods income", "4 / 3 / 2 / 1 each; half (round up) if gave up"),
    "lost": ("Components lost", "the discard pile, spot check included"),
    "loss": ("Loss", "1 each, at most the board's cap"),
    "round": ("Round result", "flight + finish + bonus + goods - loss"),
    "credits": ("Credits after the round", "last total + result, never below 0"),
}
GROUP_GAP = {"cards": mm(2), "exposed": mm(2), "red": mm(2), "lost": mm(2), "round": mm(2)}
BOLD_LINES = ("round", "credits")


def _top(area: Rect, version: int, a5: bool = False) -> float:
    """Where the table starts: on version 2, 6 mm lower, under the larger sheet QR (on A5,
    under the name line: the QR is in the title band)."""
    if a5:
        return area.y2 - mm(28)
    return area.y2 - mm(36 if version < 2 else 42)


def is_a5(size: tuple[float, float]) -> bool:
    return paper_name(size) == "a5"


A5_LABEL_W = mm(44)
A5_HEADS = mm(12)
A5_FOOT = MARKER_SIZE + mm(14)
"""What the A5 page keeps under its table: the game total over the bottom markers."""
A5_HINTS: dict[str, str] = {
    "place": "1 = the leader at the end", "gaveup": "x if you left the flight",
    "cards": "card ids; 'flaw' per flaw fixed", "flight": "what they paid, -1 a flaw",
    "finish": "by place: see the column head", "exposed": "open connectors, once each",
    "fewest": "the lowest count at the table", "looks": "if yours is the fewest",
    "goods": "half (round up) if gave up", "lost": "discard pile + spot check",
    "loss": "1 each, at most the cap", "round": "flight+finish+bonus+goods-loss",
    "credits": "last total + result, min 0"}


LAYOUT_VERSION = 2
"""Version 2 (printed now): the sheet QR is 24 mm (``QR_LARGE``), the table 6 mm lower;
version 1 (17 mm) prints are still read."""
VERSIONS = (1, 2)
DIGITS: dict[str, tuple[int, bool]] = {
    # line: (digits, may be negative); the other lines are ticks (gaveup) or text (cards)
    "place": (1, False), "flight": (2, True), "finish": (2, False), "exposed": (2, False),
    "fewest": (2, False), "looks": (2, False), "red": (2, False), "yellow": (2, False),
    "green": (2, False), "blue": (2, False), "goods": (2, False), "lost": (2, False),
    "loss": (2, False), "round": (3, True), "credits": (3, False)}


def _cells(size: tuple[float, float], seat: int, version: int) -> dict[str, Rect]:
    """The cell each field of player ``seat``'s page sits in, by name."""
    area = printable_area(size)
    a5 = is_a5(size)
    label_w = A5_LABEL_W if a5 else mm(70)
    col_w = (area.w - label_w) / len(ROUNDS)
    pad = mm(1.5) if a5 else mm(2)
    gaps = sum(GROUP_GAP.values())
    # version 2's lower table keeps clear of the tracker code on Letter with rows 0.4 mm lower
    row_h = ((_top(area, version, True) - A5_HEADS - gaps - area.y - A5_FOOT) / len(LINES)
             if a5 else mm(8.2 if version >= 2 and paper_name(size) == "letter" else 8.6))
    y = _top(area, version, a5) - (A5_HEADS if a5 else mm(11))  # below the column heads
    fields: dict[str, Rect] = {}
    for line in LINES:
        y -= GROUP_GAP.get(line, 0.0) + row_h
        for k, rnd in enumerate(ROUNDS):
            x = area.x + label_w + k * col_w
            fields[f"p{seat}_{round_key(rnd)}_{line}"] = Rect(x + pad, y + mm(1), col_w - 2 * pad,
                                                              row_h - mm(2))
    if a5:
        fields[f"p{seat}_total"] = Rect(area.x + label_w + 3 * col_w + pad, y - mm(11),
                                        col_w - 2 * pad, mm(8))
        fields[f"p{seat}_name"] = Rect(area.x + mm(13), area.y2 - mm(25.5), mm(44), mm(7.5))
        if seat == 1:
            fields["seed"] = Rect(area.x + mm(69), area.y2 - mm(25.5), mm(20), mm(7.5))
        return fields
    fields[f"p{seat}_total"] = Rect(area.x + label_w + 3 * col_w + mm(2), y - mm(13),
                                    col_w - mm(4), mm(9))
    fields[f"p{seat}_name"] = Rect(area.x + mm(18), area.y2 - mm(27), mm(80), mm(8))
    if seat == 1:
        fields["seed"] = Rect(area.x + mm(116), area.y2 - mm(27), mm(24), mm(8))
    return fields


@lru_cache(maxsize=32)
def score_sheet(size: tuple[float, float], seat: int,
                version: int = LAYOUT_VERSION) -> SheetLayout:
    """Player ``seat``'s page as the reader sees it (and as it is drawn): markers, the sheet
    QR under the top right marker, a comb per number, a tick box for "gave up"."""
    area = printable_area(size)
    boxes: list[FieldBox] = []
    for name, cell in _cells(size, seat, version).items():
        line = name.rsplit("_", 1)[-1]
        if name.endswith("_total"):
            boxes.append(comb(name, cell, 3, width=mm(6.5), height=mm(8)))
        elif line in DIGITS:
            digits, signed = DIGITS[line]
            boxes.append(comb(name, cell, digits, signed))
        elif line == "gaveup":
            boxes.append(tick(name, cell))
        else:
            boxes.append(text(name, cell))
    side = QR_SIZE if version < 2 else QR_LARGE
    qr = (band_qr(size, QR_LARGE) if is_a5(size) else
          Rect(area.x2 - side, area.y2 - mm(16) - side, side, side))
    return SheetLayout(GAME_ID, f"p{seat}.{paper_name(size)}", version, size,
                       corner_markers(size), qr, tuple(boxes),
                       seed_field="seed" if seat == 1 else None,
                       title=f"Galaxy Trucker score sheet, player {seat}")


def score_layout(size: tuple[float, float], seat: int) -> dict[str, Rect]:
    """Every form field of player ``seat``'s page, by name (the widget rectangles)."""
    return {f.name: f.rect for f in score_sheet(size, seat).fields}


def sheet_layouts() -> list[SheetLayout]:
    """Every score page design: four players on A4 and on Letter, and on A5 (version 2: A5
    has never printed another)."""
    return [*(score_sheet(paper_size(p), seat, v) for v in VERSIONS for p in ("a4", "letter")
              for seat in range(1, SEATS + 1)),
            *(score_sheet(paper_size("a5"), seat) for seat in range(1, SEATS + 1))]


def _head(rnd: str) -> tuple[str, str, str]:
    board = BOARDS[ROUND_BOARD[rnd]]
    cap = "no cap" if board.max_penalty is None else f"loss cap {board.max_penalty}"
    rewards = "-".join(str(v) for v in REWARDS[rnd])
    return (f"Round {rnd}", f"ships {board.name}, places {rewards}",
            f"best-looking +{BEST_LOOKING[rnd]}, {cap}")


def score_page(seat: int, seed: int, url: str, look: Look, size: tuple[float, float]) -> Page:
    if is_a5(size):
        return _a5_page(seat, seed, url, look, size)
    area = printable_area(size)
    sheet = score_sheet(size, seat)
    fields = score_layout(size, seat)
    inset = MARKER_SIZE + mm(3)  # the header stays clear of the corner markers
    colour = tuple(PILOT_INKS)[seat - 1]
    ink = PILOT_INKS[colour]
    title = f"Galaxy Trucker - score sheet, player {seat}"

    def draw(c: Canvas) -> None:
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 16)
        c.drawString(area.x + inset, area.y2 - mm(7), "Galaxy Trucker - score sheet")
        draw_frame(c, sheet, seed)
        st, fl = paint(c, look, ink, solid=True)
        c.circle(area.x2 - inset - mm(4), area.y2 - mm(4.5), mm(4), stroke=st, fill=fl)
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawRightString(area.x2 - inset - mm(10), area.y2 - mm(6),
                          f"player {seat} ({colour} pilot cabin)")
        c.setFillColor(GREY)
        c.setFont(REGULAR, 8)
        c.drawString(area.x + inset, area.y2 - mm(12.5),
                     "One page per player. Fill a column after each round: one digit a box, "
                     "a minus in its own box.")
        c.setStrokeColor(ACCENT)
        c.setLineWidth(ts.TITLE_RULE)
        c.line(area.x, area.y2 - mm(15), sheet.qr.x - mm(2), area.y2 - mm(15))
        name = fields[f"p{seat}_name"]
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(area.x, name.y + mm(2.5), "Name")
        draw_field(c, sheet.field(f"p{seat}_name"), look, ACCENT)
        c.setFillColor(INK)
        c.drawString(name.x2 + mm(6), name.y + mm(2.5), "Seed")
        if "seed" in fields:
            draw_field(c, sheet.field("seed"), look, ACCENT)
        else:
            c.setFont(REGULAR, 10)
            c.drawString(name.x2 + mm(18), name.y + mm(2.5), f"{seed} (see player 1's page)")
        label_w = mm(70)
        col_w = (area.w - label_w) / len(ROUNDS)
        top = _top(area, sheet.version)
        for k, rnd in enumerate(ROUNDS):
            x = area.x + label_w + k * col_w
            head, *notes = _head(rnd)
            c.setFillColor(INK)
            c.setFont(BOLD, 10)
            c.drawCentredString(x + col_w / 2, top - mm(3), head)
            c.setFillColor(GREY)
            for j, note in enumerate(notes):
                size_ = 6.5
                while text_width(note, REGULAR, size_) > col_w - mm(2) and size_ > 4.5:
                    size_ -= 0.25
                c.setFont(REGULAR, size_)
                c.drawCentredString(x + col_w / 2, top - mm(6.8) - j * mm(2.9), note)
        cells = _cells(size, seat, sheet.version)
        _draw_lines(c, sheet, seat, cells, area, look, _A4_TYPE)
        _draw_total(c, sheet, seat, fields[f"p{seat}_total"], look, _A4_TYPE)
        qr = mm(30)
        qy = area.y + mm(14)
        draw_qr(c, url, area.x, qy, qr)
        c.setFillColor(INK)
        y = paragraph(c, "Check it: scan the code to open this game in the tracker, or run "
                      "'pnp check-sheet' on the saved PDF. Each line is worked out again from "
                      "your counts: the finish reward from the place, the bonus from the "
                      "exposed connectors, the goods price, the capped loss, and the credits "
                      "carried from round to round.", area.x + qr + mm(4), qy + qr - mm(1),
                      area.w - qr - mm(4), REGULAR, 8)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6.5)
        c.drawString(area.x + qr + mm(4), y - mm(3), url)
        paragraph(c, CREDIT, area.x + inset, area.y + mm(6), area.w - 2 * inset, REGULAR,
                  6.5, 8)

    return Page(size, draw, title)


GOODS_COLOURS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}


class _Type(NamedTuple):
    """The sizes of one pay line's label and of the game total: A4/Letter and A5 differ."""

    hints: dict[str, str]
    pad: float
    cube_dy: float
    cube: float
    cube_step: float
    label_pt: float
    label_dy: float
    hint_pt: float
    hint_dy: float
    total_pt: float
    total_dx: float
    total_dy: float
    note_pt: float


_A4_TYPE = _Type({line: how for line, (_, how) in LABELS.items()}, mm(1.5), mm(2), mm(4),
                 mm(5.5), 8.6, mm(0.4), 6, mm(2.6), 11, mm(4), mm(5), 7)
_A5_TYPE = _Type(A5_HINTS, mm(1), mm(1.6), mm(3.2), mm(4.2), 7.5, mm(0.3), 5.5, mm(2.2),
                 9, mm(3), mm(4), 5.5)


def _draw_lines(c: Canvas, sheet: SheetLayout, seat: int, cells: Mapping[str, Rect],
                area: Rect, look: Look, kind: _Type) -> None:
    """Every pay line of a seat's table, every other one (and the bold ones) tinted."""
    for i, line in enumerate(LINES):
        cell = cells[f"p{seat}_r1_{line}"]
        row = Rect(area.x, cell.y - mm(1), area.w, cell.h + mm(2))
        if not look.low_ink and (i % 2 == 0 or line in BOLD_LINES):
            c.setFillColor(tint(ACCENT, 0.18) if line in BOLD_LINES else hex_color("#f4f1ee"))
            c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
        _draw_line(c, sheet, seat, line, area, row, look, kind)


def _draw_line(c: Canvas, sheet: SheetLayout, seat: int, line: str, area: Rect, row: Rect,
               look: Look, t: _Type) -> None:
    """One pay line: its label and hint (a goods line with its cube), then a field a round."""
    how = t.hints.get(line, "")
    tx = area.x + t.pad
    if line in GOODS_COLOURS:
        cube(c, GOODS_COLOURS[line], tx, row.cy - t.cube_dy, t.cube, look)
        tx += t.cube_step
        how = how or f"worth {GOODS_VALUE[GOODS_COLOURS[line]]} each"
    c.setFillColor(INK)
    c.setFont(BOLD if line in BOLD_LINES else REGULAR, t.label_pt)
    c.drawString(tx, row.cy + t.label_dy, LABELS[line][0])
    c.setFillColor(GREY)
    c.setFont(REGULAR, t.hint_pt)
    c.drawString(tx, row.cy - t.hint_dy, how)
    for rnd in ROUNDS:
        draw_field(c, sheet.field(f"p{seat}_{round_key(rnd)}_{line}"), look, ACCENT,
                   thick=line in BOLD_LINES)


def _draw_total(c: Canvas, sheet: SheetLayout, seat: int, total: Rect, look: Look,
                t: _Type) -> None:
    c.setFillColor(INK)
    c.setFont(BOLD, t.total_pt)
    c.drawRightString(total.x - t.total_dx, total.y + t.total_dy,
                      "Game total: credits at the end")
    c.setFillColor(GREY)
    c.setFont(REGULAR, t.note_pt)
    c.drawRightString(total.x - t.total_dx, total.y + mm(1),
                      "the last round's credits; 1 or more and you win")
    draw_field(c, sheet.field(f"p{seat}_total"), look, ACCENT, thick=True)


A5_TRACKER_QR = mm(15.5)
"""The A5 page's tracker code: what fits between the table and the credit line (0.34 mm a
module for a kit's new-table address; the A4 page's is 30 mm)."""


def _a5_tracker(c: Canvas, url: str, area: Rect, table_bottom: float) -> None:
    """The tracker's code at the bottom left, right of the corner marker, with its caption."""
    x = area.x + MARKER_SIZE + mm(2)
    y = table_bottom - mm(0.8) - A5_TRACKER_QR
    draw_qr(c, url, x, y, A5_TRACKER_QR)
    tx = x + A5_TRACKER_QR + mm(1)
    c.setFillColor(INK)
    c.setFont(BOLD, 6.5)
    c.drawString(tx, y + A5_TRACKER_QR - mm(4.5), "Log this game")
    c.drawString(tx, y + A5_TRACKER_QR - mm(7.3), "in the tracker")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5.5)
    c.drawString(tx, y + A5_TRACKER_QR - mm(10), "scan with a phone")


def _a5_page(seat: int, seed: int, url: str, look: Look, size: tuple[float, float]) -> Page:
    """Player ``seat``'s A5 page: the A4 page's table with its labels narrower and its hints
    short, the sheet QR in the title band, the tracker's code under the table."""
    area = printable_area(size)
    sheet = score_sheet(size, seat)
    fields = score_layout(size, seat)
    inset = MARKER_SIZE + mm(3)
    colour = tuple(PILOT_INKS)[seat - 1]
    right = sheet.qr.x - mm(2)

    def draw(c: Canvas) -> None:
        draw_frame(c, sheet, seed)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 13)
        c.drawString(area.x + inset, area.y2 - mm(6), "Galaxy Trucker - score sheet")
        st, fl = paint(c, look, PILOT_INKS[colour], solid=True)
        c.circle(area.x + inset + mm(2), area.y2 - mm(10.2), mm(1.8), stroke=st, fill=fl)
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(area.x + inset + mm(5), area.y2 - mm(11.2), f"Player {seat} ({colour} "
                     "pilot cabin)")
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6.5)
        c.drawString(area.x + inset, area.y2 - mm(14.8), "One column a round; one digit a "
                     "box, a minus in its own.")
        c.setStrokeColor(ACCENT)
        c.setLineWidth(ts.TITLE_RULE)
        c.line(area.x + inset, area.y2 - mm(16.3), right, area.y2 - mm(16.3))
        name = fields[f"p{seat}_name"]
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(area.x, name.y + mm(2.4), "Name")
        draw_field(c, sheet.field(f"p{seat}_name"), look, ACCENT)
        c.drawString(name.x2 + mm(2), name.y + mm(2.4), "Seed")
        if "seed" in fields:
            draw_field(c, sheet.field("seed"), look, ACCENT)
        else:
            c.setFont(REGULAR, 9)
            c.drawString(name.x2 + mm(12), name.y + mm(2.4), str(seed))
        col_w = (area.w - A5_LABEL_W) / len(ROUNDS)
        top = _top(area, sheet.version, True)
        for k, rnd in enumerate(ROUNDS):
            x = area.x + A5_LABEL_W + k * col_w
            board = BOARDS[ROUND_BOARD[rnd]]
            cap = "no cap" if board.max_penalty is None else f"cap {board.max_penalty}"
            c.setFillColor(INK)
            c.setFont(BOLD, 9)
            c.drawCentredString(x + col_w / 2, top - mm(3), f"Round {rnd}")
            c.setFillColor(GREY)
            notes = (f"ships {board.name}", "places " + "-".join(str(v) for v in REWARDS[rnd]),
                     f"looks +{BEST_LOOKING[rnd]}, {cap}")
            for j, note in enumerate(notes):
                c.setFont(REGULAR, 5.5)
                c.drawCentredString(x + col_w / 2, top - mm(6) - j * mm(2.2), note)
        cells = _cells(size, seat, sheet.version)
        _draw_lines(c, sheet, seat, cells, area, look, _A5_TYPE)
        _draw_total(c, sheet, seat, fields[f"p{seat}_total"], look, _A5_TYPE)
        _a5_tracker(c, url, area, cells[f"p{seat}_r1_{LINES[-1]}"].y - mm(1))
        footer(c, footer_area(size), CREDIT)

    return Page(size, draw, f"Galaxy Trucker - score sheet, player {seat}")


def score_fields(paper: str, seed: int, size: tuple[float, float], first_page: int,
                 stride: int) -> list[FormField]:
    """The form fields of the four pages (page ``first_page + stride * (seat - 1)``), placed
    on the printed sheet (A5 on its own layout)."""
    design = paper_size(paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for seat in range(1, SEATS + 1):
        page = first_page + stride * (seat - 1)
        for f in score_sheet(design, seat).fields:
            rect = scaled_rect(f.rect, s, dx, dy)
            value = str(seed) if f.name == "seed" else ""
            out.append(FormField(f.name, page, rect, value, 9 * min(s, 1.0),
                                 align=0 if f.kind == "text" else 1))
    assert sorted(f.name for f in out) == sorted(field_names())
    return out


__all__ = ["score_fields", "score_layout", "score_page", "score_sheet", "sheet_layouts"]

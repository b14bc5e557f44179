"""Butted cards: the text strips, cut marks, outer bleed and registration targets of a sheet of
cards printed edge to edge (nine poker cards an A4 sheet)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from pnp.render.fonts import BOLD, REGULAR, register_fonts, text_width
from pnp.render.geometry import Rect, mm
from pnp.render.impose import BUTT_MARK_LENGTH, BUTT_MARK_MIN, BUTT_MARK_OFFSET, SheetPlan
from pnp.render.marks import Segment, crop_marks, registration_points
from pnp.render.options import KitOptions


class Context(Protocol):
    """What the strips need of a component sheet (``components.SheetContext``)."""

    @property
    def options(self) -> KitOptions: ...

    @property
    def bleed(self) -> float: ...

    def how_to_print(self) -> str: ...


@dataclass(frozen=True)
class Label:
    """One line of sheet text: its baseline starts at (x, y) and reads along ``angle``."""

    text: str
    font: str
    size: float
    x: float
    y: float
    angle: int  # 0: left to right; 90: bottom to top (along a side margin)

    def box(self) -> Rect:
        asc, desc = getAscentDescent(self.font, self.size)  # desc is negative
        w = text_width(self.text, self.font, self.size)
        if self.angle == 90:  # ascenders point to -x once turned
            return Rect(self.x - asc, self.y, asc - desc, w)
        return Rect(self.x, self.y + desc, w, asc - desc)

    def draw(self, c: Canvas) -> None:
        c.saveState()
        c.setFont(self.font, self.size)
        c.translate(self.x, self.y)
        if self.angle:
            c.rotate(self.angle)
        c.drawString(0, 0, self.text)
        c.restoreState()

MIN_TEXT = 5.0  # points: the smallest sheet text shrunk to fit

def butted_note(ctx: Context) -> str:
    """How to cut a butted sheet (said on the sheet itself; docs/printing.md says why)."""
    return "cards touch: cut shared lines mark to mark first, outer edges last"


def outer_clip(rect: Rect, cards: Sequence[Rect], bleed: float,
               fold: tuple[str, float] | None = None) -> Rect:
    """Where a butted card's art may go: its cut rectangle, run out by ``bleed`` on each side
    no other of the ``cards`` shares (a shared edge stays exact: the neighbour starts there),
    and on a side facing a gutter fold no further than the fold line."""
    eps = mm(0.01)
    x, y, x2, y2 = rect.x, rect.y, rect.x2, rect.y2
    touching: set[str] = set()  # the sides another card shares
    for r in cards:
        if r == rect:
            continue
        rx, ry, rx2, ry2 = r.x, r.y, r.x2, r.y2
        if min(ry2, y2) - max(ry, y) > eps:  # across from each other in y
            if abs(rx2 - x) < eps:
                touching.add("left")
            if abs(rx - x2) < eps:
                touching.add("right")
        if min(rx2, x2) - max(rx, x) > eps:
            if abs(ry2 - y) < eps:
                touching.add("below")
            if abs(ry - y2) < eps:
                touching.add("above")

    def out(side: str, edge: float) -> float:
        if side in touching:
            return 0.0
        if fold is not None and (fold[0] == "x") == (side in ("left", "right")):
            return min(bleed, abs(edge - fold[1]))  # the far side: bleed; the near: to it
        return bleed

    left, right = out("left", rect.x), out("right", rect.x2)
    below, above = out("below", rect.y), out("above", rect.y2)
    return Rect(rect.x - left, rect.y - below, rect.w + left + right, rect.h + below + above)


def butted_labels(plan: SheetPlan, title: str, note: str, hint: str) -> list[Label]:
    """Title, print note and cutting hint in the strips the butted plan keeps free.

    Top and bottom: the title over the block's left half, note and hint under its two halves.
    Along the sides: title up the left strip, note and hint up the right strip's two halves.
    Where the marks reach into the strips (A4 and Letter portrait, once the block bleeds), the
    text goes between them: over and under the first and last column (or beside the top and
    bottom row).  The middle of each edge stays free for registration targets.  Text too long
    for its span runs on to the paper's margin, then is set smaller.
    """
    register_fonts()
    first, second = plan.text_strips()
    block = plan.block()
    turned = plan.butt == "left-right"
    thick = first.w if turned else first.h
    if plan.strips_clear():
        lo, hi = (block.y, block.y2) if turned else (block.x, block.x2)
        edge_lo, edge_hi = (first.y, first.y2) if turned else (first.x, first.x2)
        mid, gap = (lo + hi) / 2, mm(4)
        spans = [(edge_lo, mid - gap, lo), (edge_lo, mid - gap, lo), (mid + gap, edge_hi, hi)]
    elif turned:  # between the crop marks of the rows: top row, top row, bottom row
        lines = sorted({r.y for r in plan.cut_rects()} | {r.y2 for r in plan.cut_rects()})
        pad = BUTT_MARK_OFFSET + mm(1)
        top = (lines[-2] + pad, min(lines[-1] - pad, first.y2))
        bottom = (max(lines[0] + pad, first.y), lines[1] - pad)
        spans = [(*top, top[0]), (*top, top[0]), (*bottom, bottom[1])]
    else:  # between the crop marks of the columns: left, left, right column
        lines = sorted({r.x for r in plan.cut_rects()} | {r.x2 for r in plan.cut_rects()})
        pad = BUTT_MARK_OFFSET + mm(1)
        left = (max(lines[0] + pad, first.x), lines[1] - pad)
        right = (lines[-2] + pad, min(lines[-1] - pad, first.x2))
        spans = [(*left, left[0]), (*left, left[0]), (*right, right[1])]
    labels = []
    for (text, font, size, strip, at_end), (a, b, align) in zip(
            ((title, BOLD, 8.0, first, False), (note, REGULAR, 6.5, second, False),
             (hint, REGULAR, 6.5, second, True)), spans, strict=True):
        asc, desc = getAscentDescent(font, 1.0)
        size = min(size, thick / (asc - desc))
        w = text_width(text, font, size)
        z = max(MIN_TEXT, min(size, size * (b - a) / w))
        w = w * z / size
        asc, desc = getAscentDescent(font, z)
        # aligned with the block's (or row's) edge; pushed out when longer than its span
        start = max(a, align - w) if at_end else min(align, b - w)
        if turned:  # baseline parallel to the strip, ascenders towards the paper's inside
            across = strip.x + (strip.w - (asc - desc)) / 2 + asc
            labels.append(Label(text, font, z, across, start, 90))
        else:
            across = strip.y + (strip.h - (asc - desc)) / 2 - desc
            labels.append(Label(text, font, z, start, across, 0))
    return labels

def _segment_box(s: Segment, pad: float) -> Rect:
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1)).expand(pad)

def butted_marks(plan: SheetPlan, back: bool) -> list[Segment]:
    """Crop marks of a butted sheet: only outside the block and its bleed, clear of the text
    strips.  (A page asks three times: its targets keep clear of both sides' marks, then it
    draws its own; within a kit build they are worked out once, see ``crop_marks``.)"""
    rects = [r for r in (s.back if back else s.front for s in plan.slots) if r is not None]
    return crop_marks(rects, plan.bleed, plan.mark_limit(), offset=BUTT_MARK_OFFSET,
                      length=BUTT_MARK_LENGTH, min_length=BUTT_MARK_MIN)

def butted_targets(ctx: Context, plan: SheetPlan, title: str) -> list[tuple[float, float]]:
    """Registration targets of a butted sheet where there is room (A4: top and bottom;
    Letter: the sides), clear of both sides' cards, marks and text so each has its partner
    behind it."""
    long_title = title.replace("(backs)", "(fronts)")
    pad = mm(0.5)
    taken = [r.expand(plan.bleed + BUTT_MARK_OFFSET) for s in plan.slots
             for r in (s.front, s.back) if r is not None]
    if ctx.options.crop_marks:
        taken += [_segment_box(seg, pad) for b in (False, True) for seg in butted_marks(plan, b)]
    taken += [lb.box().expand(pad)
              for lb in butted_labels(plan, long_title, ctx.how_to_print(), butted_note(ctx))]
    return registration_points(plan.margin_area(), plan.size, taken)

"""How much paper a kit takes: its pages, the sheets that go through the printer, and how
full each sheet of pieces is.

A sheet's *fill* is the share of its usable area (inside the 10 mm margin, less the 5 mm
title and note bands) that pieces take, each counted with the paper it needs to be cut out:
its cut rectangle plus a 2 mm border (half the narrowest gutter), overlapping borders counted
once.  A sheet with no room for one more piece reads 85-100 %; a sheet holding two tiles reads
10 %.  docs/printing.md has the table for every kit (``tests/render/test_paper.py`` writes it
and checks it stays current).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.render.document import Page, section_of
from pnp.render.geometry import Rect, printable_area
from pnp.render.impose import BAND
from pnp.render.layout import record_pages
from pnp.render.pack import BORDER


@dataclass(frozen=True)
class SheetFill:
    page: int  # 1-based page number of the sheet's front
    section: str  # the part of the kit (pieces, cards...): the last sheet of each may be emptier
    fill: float  # 0-1


@dataclass(frozen=True)
class PaperReport:
    pages: int
    sheets: int  # sheets of paper: two pages a sheet when printed double-sided
    fills: tuple[SheetFill, ...]

    def lowest(self) -> float:
        return min((f.fill for f in self.fills), default=1.0)

    def problems(self, full: float = 0.6, least: float = 0.3) -> list[str]:
        """Sheets under ``least``, and sheets under ``full`` that are not the last of their
        part of the kit."""
        out = []
        for k, f in enumerate(self.fills):
            last = k + 1 == len(self.fills) or self.fills[k + 1].section != f.section
            if f.fill < least or (f.fill < full and not last):
                out.append(f"page {f.page} ({f.section}) is {f.fill:.0%} full")
        return out


def union_area(rects: Sequence[Rect], clip: Rect) -> float:
    """Area of the union of ``rects`` inside ``clip`` (coordinate compression: exact)."""
    boxes = []
    for r in rects:
        x1, y1 = max(r.x, clip.x), max(r.y, clip.y)
        x2, y2 = min(r.x2, clip.x2), min(r.y2, clip.y2)
        if x2 > x1 and y2 > y1:
            boxes.append((x1, y1, x2, y2))
    xs = sorted({v for b in boxes for v in (b[0], b[2])})
    total = 0.0
    for xa, xb in itertools.pairwise(xs):
        spans = sorted((b[1], b[3]) for b in boxes if b[0] <= xa and b[2] >= xb)
        covered, top = 0.0, float("-inf")
        for lo, hi in spans:
            if hi > top:
                covered += hi - max(lo, top)
                top = hi
        total += covered * (xb - xa)
    return total


def paper_report(pages: Sequence[Page], double_sided: bool) -> PaperReport:
    """Pages, sheets and the fill of every sheet of pieces (fronts only; a gutter-fold page
    counts both halves)."""
    fills = []
    for number, (page, record) in enumerate(zip(pages, record_pages(pages), strict=True), 1):
        if not record.pieces or page.label.endswith("(backs)"):
            continue
        a = printable_area(page.size)
        usable = Rect(a.x, a.y + BAND, a.w, a.h - 2 * BAND)
        taken = union_area([p.trim.expand(BORDER) for p in record.pieces], usable)
        fills.append(SheetFill(number, section_of(page.label), taken / (usable.w * usable.h)))
    sheets = (len(pages) + 1) // 2 if double_sided else len(pages)
    return PaperReport(len(pages), sheets, tuple(fills))


__all__ = ["PaperReport", "SheetFill", "paper_report", "union_area"]

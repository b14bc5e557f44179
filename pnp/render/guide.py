"""The print guide: the first page of every kit, and the sections its bookmarks name.

A 50-page kit mixes paper and card-stock pages, one- and two-sided ones, and alternatives (a
map on sheets or on tiles).  The guide says, before anything is printed, which page ranges go
on which stock, how to set the printer (100 %, the flip), and what to leave out.  Sections are
read from the page labels (``Galaxy Express - tiles, sheet 2 of 3 (backs)`` is in ``tiles``),
so every kit gets its contents and its PDF bookmarks from the pages it already has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, LIGHT, Look, fit_left, hex_color, paragraph
from pnp.render.calibration import CALIBRATION_LABEL, draw_cross, draw_scales
from pnp.render.document import Page, measure, section_of
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.options import KitOptions

ACCENT = hex_color("#2a4d7a")
GUIDE_LABEL = "print guide"


@dataclass(frozen=True)
class Section:
    name: str
    first: int  # 1-based page numbers, inclusive
    last: int
    stock: str  # "paper" or "card"
    sides: int  # 2: fronts and backs


def sections(pages: Sequence[Page], offset: int = 0) -> list[Section]:
    """Consecutive pages of one part, with their page range, stock and sides."""
    out: list[Section] = []
    for k, page in enumerate(pages, offset + 1):
        blank = page.label.endswith("(blank back)") or not page.label
        name = section_of(page.label)
        sides = 2 if page.label.endswith(("(fronts)", "(backs)")) else 1
        if out and (blank or out[-1].name == name):
            prev = out[-1]
            out[-1] = Section(prev.name, prev.first, k, prev.stock, max(prev.sides, sides))
            continue
        out.append(Section(name, k, k, page.stock, sides))
    return out


def _ranges(numbers: Sequence[tuple[int, int]]) -> str:
    merged: list[list[int]] = []
    for a, b in sorted(numbers):
        if merged and a <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in merged)


def _how(options: KitOptions, secs: Sequence[Section]) -> list[str]:
    """The printer settings and the assembly that go with the chosen layout."""
    if options.gutter_fold:
        return ["Print every page one-sided. Component sheets carry fronts on one half and "
                "backs on the other: fold each on the dashed fold line, glue the halves "
                "together, then cut."]
    if options.duplex == "none":
        return ["Print every page one-sided. Each sheet of backs follows its sheet of "
                "fronts: glue it behind that sheet, turned over left to right like a page of "
                "a book, lining the registration targets up against a window, then cut."]
    edge = "long" if options.duplex == "long" else "short"
    cal = next((f"the calibration sheet (pages {s.first}-{s.last})" for s in secs
                if s.name.startswith("Duplex calibration")), "this first sheet (see below)")
    return [f"Print the whole file double-sided, flip on the {edge} edge. One-sided pages are "
            "followed by a blank page so every back lands behind its front.",
            f"Before printing everything, print {cal} double-sided and hold it to a light: "
            "it says which back-side offset or flip your printer needs. Every sheet with "
            "backs carries registration targets to check against."]


Parts = tuple[Callable[[Canvas, Rect, Look], None], float]
"""A parts list and its assembly notes (``parts.parts_header``): the drawing and its height."""

CROSS_ROOM = mm(48)
"""Height kept at the foot of the guide for the calibration cross and its arrow."""


def _guide_body(c: Canvas, title: str, options: KitOptions, secs: Sequence[Section],
                total: int, notes: Sequence[str]) -> float:
    """The guide's text and contents; returns where they end (y)."""
    area = printable_area(paper_size(options.paper))
    c.setFillColor(ACCENT)
    fit_left(c, f"{title}: print guide", BOLD, 18, area.x, area.y2 - mm(7), area.w)
    c.setFillColor(GREY)
    fit_left(c, f"{total} pages, {options.paper.upper()} paper, seed {options.seed}. Read this "
             "page before printing.", REGULAR, 8.5, area.x, area.y2 - mm(12.5), area.w)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.line(area.x, area.y2 - mm(15), area.x2, area.y2 - mm(15))
    y = area.y2 - mm(21)
    c.setFillColor(INK)
    y = _block(c, "In the print dialog", [
        "Print at 100 % (\"Actual size\"). Never \"Fit to page\" or \"Shrink oversized "
        "pages\": the pieces are drawn at their real size and the backs must land behind "
        "their fronts.", *_how(options, secs)], area.x, y, area.w)
    paper = [(s.first, s.last) for s in secs if s.stock == "paper"]
    card = [(s.first, s.last) for s in secs if s.stock == "card"]
    stock = []
    if paper:
        stock.append(f"Paper (80-100 g/m2): pages {_ranges(paper)}.")
    if card:
        stock.append(f"Card stock (160-250 g/m2): pages {_ranges(card)}. No card? Print "
                     "on paper and glue it onto thin card after printing both sides.")
    y = _block(c, "Which paper", stock, area.x, y, area.w)
    if notes:
        y = _block(c, "Choose", list(notes), area.x, y, area.w)
    return _contents(c, secs, area.x, y - mm(1), area.w)


def guide_page(title: str, options: KitOptions, pages: list[Page],
               notes: Sequence[str] = (), parts: Parts | None = None,
               cross: bool = False) -> Page:
    """The first page.  ``pages`` is the kit's final page list (this page included), read
    when the page is drawn, so the page numbers are the printed ones.  ``parts`` goes under
    the contents; ``cross`` puts the duplex calibration cross at its foot (see
    calibration.py: its scales are on the back of this page)."""
    size = paper_size(options.paper)
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = _guide_body(c, title, options, sections(pages), len(pages), notes)
        if parts is not None:
            draw_parts, height = parts
            draw_parts(c, Rect(area.x, y - mm(4) - height, area.w, height), Look())
        if cross:
            draw_cross(c, size)

    return Page(size, draw, f"{title} - {GUIDE_LABEL}")


def parts_page(title: str, options: KitOptions, parts: Parts | None, scales: bool) -> Page:
    """The back of the guide (or the page after it): the parts list, and the calibration
    scales behind the guide's cross."""
    size = paper_size(options.paper)
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        if parts is not None:
            draw_parts, height = parts
            top = area.y2 - (CROSS_ROOM if scales and options.duplex == "short" else 0.0)
            draw_parts(c, Rect(area.x, top - height, area.w, height), Look())
        if scales:
            draw_scales(c, size, options.duplex)

    label = f"{title} - {GUIDE_LABEL}"
    return Page(size, draw, label if parts is not None or scales else f"{label} (blank back)")


def _block(c: Canvas, head: str, items: Sequence[str], x: float, top: float, w: float
           ) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(x, top - 11, head)
    y = top - mm(6)
    c.setFillColor(INK)
    for text in items:
        c.setFont(BOLD, 9)
        c.drawString(x, y - 9, "-")
        y = paragraph(c, text, x + mm(4), y, w - mm(4), REGULAR, 9) - mm(1.2)
    return y - mm(2)


def _contents(c: Canvas, secs: Sequence[Section], x: float, top: float, w: float) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(x, top - 11, "Contents")
    y = top - mm(7)
    cols = (("pages", 0.0), ("part", mm(22)), ("stock", w - mm(48)), ("sides", w - mm(24)))
    c.setFillColor(GREY)
    c.setFont(BOLD, 8)
    for name, dx in cols:
        c.drawString(x + dx, y - 8, name)
    y -= mm(4.5)
    row = mm(4.6)
    size = 9.0
    if len(secs) * row > y - mm(15):  # many parts: tighter rows
        row, size = mm(3.9), 8.0
    for k, s in enumerate(secs):
        if k % 2 == 0:
            c.setFillColor(hex_color("#eef2f8"))
            c.rect(x - mm(1), y - row + mm(0.6), w + mm(2), row, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(REGULAR, size)
        pages = f"{s.first}" if s.first == s.last else f"{s.first}-{s.last}"
        c.drawString(x, y - size, pages)
        name = s.name[0].upper() + s.name[1:]
        room = cols[2][1] - cols[1][1] - mm(3)
        while text_width(name, REGULAR, size) > room and len(name) > 4:
            name = name[:-2] + "\u2026"
        c.drawString(x + cols[1][1], y - size, name)
        c.drawString(x + cols[2][1], y - size, s.stock)
        c.drawString(x + cols[3][1], y - size, "two" if s.sides == 2 else "one")
        y -= row
    c.setStrokeColor(LIGHT)
    c.setLineWidth(0.5)
    c.line(x, y, x + w, y)
    return y


def with_guide(title: str, options: KitOptions, pages: list[Page],
               notes: Sequence[str] = (), parts: Parts | None = None
               ) -> tuple[list[Page], int]:
    """The kit's pages with the guide in front, and how many pages that put in front, so
    callers can shift their page indices.

    The guide takes the kit's parts list (``parts``) under its contents when there is room,
    else on the page after it.  Printed double-sided, the guide's back is that page (or
    blank), and the duplex calibration sheet (``calibration_pages``, passed at the end of
    ``pages``) folds into this sheet: its cross at the foot of the guide, its scales behind
    it, so the guide, the parts list and the calibration take one sheet instead of three."""
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    calibration = [p for p in pages if p.label.startswith(CALIBRATION_LABEL)]
    rest = [p for p in pages if not p.label.startswith(CALIBRATION_LABEL)]
    size = paper_size(options.paper)
    area = printable_area(size)
    out: list[Page] = []

    def free(parts_in: bool, cross: bool, extra: list[Page]) -> float:
        probe = guide_page(title, options, [], notes)
        secs = sections([probe, *([probe] if duplex or not parts_in else []), *rest, *extra])
        end = measure(size, lambda c: _guide_body(c, title, options, secs, 0, notes))
        need = (parts[1] + mm(4) if parts is not None and parts_in else 0.0) + (
            CROSS_ROOM if cross else 0.0)
        return end - area.y - need

    cross = duplex and bool(calibration) and free(False, True, []) >= 0
    parts_in = parts is not None and free(True, cross, [] if cross else calibration) >= 0
    guide = guide_page(title, options, out, notes, parts if parts_in else None, cross)
    front = [guide]
    if duplex or (parts is not None and not parts_in):
        front.append(parts_page(title, options, None if parts_in else parts, cross))
    out.extend([*front, *rest, *([] if cross else calibration)])
    return out, len(front)


__all__ = ["GUIDE_LABEL", "Parts", "Section", "guide_page", "parts_page", "section_of", "sections",
           "with_guide"]

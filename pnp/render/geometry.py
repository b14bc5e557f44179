"""Units, paper sizes and rectangles: the shared vocabulary of every printed page.

All lengths are PDF points (1/72 in); ``mm`` and ``inch`` convert from the units people measure
pieces in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.engine import PnpError

MM = 72.0 / 25.4
INCH = 72.0


def mm(value: float) -> float:
    return value * MM


def inch(value: float) -> float:
    return value * INCH


PAPER_SIZES: dict[str, tuple[float, float]] = {
    # ISO 216 sizes are defined in millimetres; Letter in inches.
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
    "a5": (148 * MM, 210 * MM),
}

MARGIN = 10 * MM
"""Distance from the paper edge that nothing (not even a crop mark) enters; home printers
cannot reach the last 3-6 mm of a sheet."""

BUTT_MARGIN = 5 * MM
"""The narrower margin of butted card sheets (cards touching, 3 x 3 on A4 and Letter): the least
that home printers reach, and what lets three 88 mm cards stand on Letter's 279.4 mm."""


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    try:
        w, h = PAPER_SIZES[paper]
    except KeyError:
        raise PnpError(
            f"unknown paper {paper!r}; choose one of {', '.join(sorted(PAPER_SIZES))}"
        ) from None
    return (h, w) if landscape else (w, h)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle, origin at its lower-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def expand(self, d: float) -> Rect:
        return self.inset(-d)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.x2 <= self.x2 + tol and other.y2 <= self.y2 + tol)

    def overlaps(self, other: Rect) -> bool:
        return (self.x < other.x2 and other.x < self.x2
                and self.y < other.y2 and other.y < self.y2)

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.x2, other.x2) - x, max(self.y2, other.y2) - y)

    def box(self) -> tuple[float, float, float, float]:
        """As a PDF box array [x1 y1 x2 y2]."""
        return (self.x, self.y, self.x2, self.y2)


def union_all(rects: Sequence[Rect]) -> Rect:
    """``rects[0].union(rects[1]).union(rects[2])...``, the same floats, without making the
    rectangles in between (a kit takes the union of every sheet's pieces, page after page).

    >>> union_all([Rect(0, 0, 1, 1), Rect(2, 3, 1, 1), Rect(-1, 1, 1, 1)])
    Rect(x=-1, y=0, w=4, h=4)
    """
    first = rects[0]
    x, y, w, h = first.x, first.y, first.w, first.h
    for r in rects[1:]:
        ox, oy = r.x, r.y
        # Rect.union: min / max keep their first argument on a tie, as these do
        nx = ox if ox < x else x
        ny = oy if oy < y else y
        ax2, bx2 = x + w, ox + r.w
        ay2, by2 = y + h, oy + r.h
        w = (bx2 if bx2 > ax2 else ax2) - nx
        h = (by2 if by2 > ay2 else ay2) - ny
        x, y = nx, ny
    return Rect(x, y, w, h)


def printable_area(size: tuple[float, float], margin: float = MARGIN) -> Rect:
    return Rect(margin, margin, size[0] - 2 * margin, size[1] - 2 * margin)


def text_sheet_size(paper: str) -> tuple[float, float]:
    """The sheet text pages are designed on: A5 reuses the A4 design, shrunk to fit."""
    return paper_size("a4" if paper == "a5" else paper)

"""A playing area larger than the paper, printed at true size on several sheets.

Two kits do it: the Wormholes galaxy map (``wormholes/maps.py``: windows of a sparse grid,
bands of rows cut into runs of columns) and the Galaxy Trucker ship boards
(``galaxy_trucker/boards.py``: parts along the rows or the columns).  What they share is
here, written once: how many cells a sheet holds, how a run of rows or columns is cut into
runs that fit, and how a join is marked.  A join is a glue strip on one piece (tinted,
outlined, with a tick where each grid line of the piece laid on it must fall) and a cut
edge on that other piece (a red dashed line, the instruction outside the piece).

>>> from pnp.render.geometry import inch
>>> cells_across(mm(190), inch(1), reserved=mm(12))
7
>>> split_runs(range(1, 8), 3)
[(1, 2, 3), (4, 5, 6), (7,)]
>>> fewest_runs(range(1, 12), 4)
[(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, Look, hex_color
from pnp.render.fonts import REGULAR
from pnp.render.geometry import Rect, mm

Side = Literal["top", "bottom", "left", "right"]

GLUE_TINT = hex_color("#f3efe0")
CUT_RED = hex_color("#c0392b")
TICK = mm(4)  # a tick's length at each edge of a glue strip, at the most


def cells_across(length: float, cell: float, reserved: float = 0.0) -> int:
    """How many whole cells fit along ``length`` once ``reserved`` (a glue strip, the
    numbers) is taken off."""
    return int((length - reserved) // cell)


def split_runs(values: Sequence[int], parts: int) -> list[tuple[int, ...]]:
    """``values`` (rows or columns, in order) cut into ``parts`` runs, each as long as the
    first, the last taking what is left (fewer runs when the lengths do not allow
    ``parts``: four into three gives two runs of two)."""
    size = math.ceil(len(values) / parts)
    return [tuple(values[k:k + size]) for k in range(0, len(values), size)]


def fewest_runs(values: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """The fewest runs of at most ``most`` values each, as even as ``split_runs`` makes
    them."""
    return split_runs(values, -(-len(values) // most))


def _horizontal(side: Side) -> bool:
    return side in ("top", "bottom")


def glue_strip(c: Canvas, strip: Rect, side: Side, ticks: Sequence[float], label: str,
               look: Look, accent: Color) -> None:
    """The strip along ``side`` of a piece that the next piece is laid on: tinted (not in low
    ink), a dashed outline, a tick at both long edges where each of the next piece's grid
    lines falls (``ticks``: x positions on a top or bottom strip, y positions on a left or
    right one, in the kit's ``accent``) and the label along its middle."""
    across = strip.h if _horizontal(side) else strip.w
    tick = min(TICK, across / 3)
    size = min(7.0, across / mm(1) * 0.75)
    c.saveState()
    if not look.low_ink:
        c.setFillColor(GLUE_TINT)
        c.rect(strip.x, strip.y, strip.w, strip.h, stroke=0, fill=1)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.rect(strip.x, strip.y, strip.w, strip.h, stroke=1, fill=0)
    c.setDash()
    c.setStrokeColor(accent)
    c.setLineWidth(0.8)
    if _horizontal(side):
        for px in ticks:
            c.line(px, strip.y, px, strip.y + tick)
            c.line(px, strip.y2 - tick, px, strip.y2)
        c.setFillColor(INK)
        c.setFont(REGULAR, size)
        c.drawCentredString(strip.cx, strip.cy - size * 5 / 14, label)
    else:
        for py in ticks:
            c.line(strip.x, py, strip.x + tick, py)
            c.line(strip.x2 - tick, py, strip.x2, py)
        c.translate(strip.cx, strip.cy)
        c.rotate(90)
        c.setFillColor(INK)
        c.setFont(REGULAR, size)
        c.drawCentredString(0, -size * 5 / 14, label)
    c.restoreState()


def cut_edge(c: Canvas, x1: float, y1: float, x2: float, y2: float, side: Side,
             label: str) -> None:
    """The edge along ``side`` of a piece that is cut and laid on its neighbour's glue
    strip: a red dashed line from (x1, y1) to (x2, y2) (left to right, or bottom to top)
    and the instruction, after a pair of scissors, just outside the piece."""
    c.saveState()
    c.setStrokeColor(CUT_RED)
    c.setLineWidth(0.6)
    c.setDash(5, 2)
    c.line(x1, y1, x2, y2)
    c.setFillColor(CUT_RED)
    c.setFont(REGULAR, 6)
    text = "\u2702 " + label
    if side == "bottom":
        c.drawString(x1 + mm(1), y1 - mm(3), text)
    elif side == "top":
        c.drawString(x1 + mm(1), y1 + mm(1.5), text)
    else:
        c.translate(x1 - mm(1.2) if side == "left" else x1 + mm(3.4), y1 + mm(1))
        c.rotate(90)
        c.drawString(0, 0, text)
    c.restoreState()


__all__ = ["CUT_RED", "GLUE_TINT", "Side", "cells_across", "cut_edge", "fewest_runs",
           "glue_strip", "split_runs"]

"""Fold-and-glue standees: base, the figure, the figure upside down, base (piecepack pawns,
Weird Galaxy's Phredd)."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, Look, hex_color
from pnp.render.fonts import REGULAR


def fold_standee(c: Canvas, w: float, h: float, bleed: float, look: Look, base: float, fig: float,
                 colour: Color, figure: Callable[[Canvas, float, float, Look], None], *,
                 turned_label: bool = True) -> None:
    """A fold-and-glue standee ``w`` by ``h``: base, the figure, the figure upside down (its other
    side, so both stand upright when folded back to back), base; dashed fold lines, and
    "base" on both ends (the far one turned, unless ``turned_label`` is False).  ``figure(c,
    w, fig, look)`` draws one side from its feet up."""
    if not look.low_ink:
        c.setFillColor(colour)
        c.rect(-bleed, base, w + 2 * bleed, 2 * fig, stroke=0, fill=1)
        c.setFillColor(hex_color("#e4e4e4"))
        c.rect(-bleed, -bleed, w + 2 * bleed, base + bleed, stroke=0, fill=1)
        c.rect(-bleed, base + 2 * fig, w + 2 * bleed, base + bleed, stroke=0, fill=1)
    c.saveState()
    c.translate(0, base)
    figure(c, w, fig, look)
    c.restoreState()
    c.saveState()
    c.translate(w, base + 2 * fig)
    c.rotate(180)
    figure(c, w, fig, look)
    c.restoreState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.setDash(1.5, 1.5)
    for y in (base, base + fig, base + 2 * fig):
        c.line(0, y, w, y)
    c.setDash()
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5)
    c.drawCentredString(w / 2, base / 2 - 1.5, "base")
    if not turned_label:
        c.drawCentredString(w / 2, h - base / 2 - 1.5, "base")
        return
    c.saveState()
    c.translate(w / 2, h - base / 2)
    c.rotate(180)
    c.drawCentredString(0, -1.5, "base")
    c.restoreState()

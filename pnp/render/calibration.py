"""The duplex calibration sheet: one sheet, printed double-sided, that tells which flip and
which back-side offset a printer needs.

The front carries a cross at the centre of the sheet and an arrow "this way up".  The back
carries, behind that cross, two millimetre scales crossing at the sheet's centre, and the
same arrow.  Held against a light, the front's cross shows on the back's scales: the reading
is the shift to set in the printer's back-side (duplex) offset.  If the back's arrow points
the other way from the front's, the flip edge is wrong.  The back is drawn mirrored like every
back in the kit, so both sides' centres meet whatever the flip.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, hex_color, paragraph, polygon
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import mm, paper_size, printable_area
from pnp.render.options import KitOptions

RED = hex_color("#c0392b")
SCALE_MM = 10  # the scales read +-10 mm


def _arrow(c: Canvas, cx: float, y: float, side: str) -> None:
    c.setFillColor(INK)
    polygon(c, [(cx, y + mm(14)), (cx - mm(6), y + mm(5)), (cx + mm(6), y + mm(5))], 0, 1)
    c.rect(cx - mm(2), y - mm(4), mm(4), mm(9), stroke=0, fill=1)
    c.setFont(BOLD, 11)
    c.drawCentredString(cx, y - mm(10), f"{side}: this way up")


def _front(options: KitOptions) -> Page:
    size = paper_size(options.paper)
    area = printable_area(size)
    cx, cy = size[0] / 2, size[1] / 2

    def draw(c: Canvas) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        c.drawString(area.x, area.y2 - mm(7), "Duplex calibration (front)")
        c.setFillColor(INK)
        paragraph(c, "Print this sheet and the next page double-sided, at 100 %, with the "
                  "flip you chose for the kit. Hold it against a light, back side towards "
                  "you. The red cross of this side shows through on the back's scales: read "
                  "how many millimetres it sits right or left, up or down, of the scales' "
                  "centre, and enter that as your printer's back-side offset (most drivers "
                  "call it duplex or second-side alignment). If the arrow on the back points "
                  "the other way from this one, switch between flipping on the long and the "
                  "short edge.", area.x, area.y2 - mm(12), area.w, REGULAR, 9.5)
        c.setStrokeColor(RED)
        c.setLineWidth(0.8)
        c.line(cx - mm(15), cy, cx + mm(15), cy)
        c.line(cx, cy - mm(15), cx, cy + mm(15))
        c.circle(cx, cy, mm(3), stroke=1, fill=0)
        _arrow(c, cx, area.y + mm(40), "front")

    return Page(size, draw, "Duplex calibration sheet (fronts)")


def _back(options: KitOptions) -> Page:
    size = paper_size(options.paper)
    area = printable_area(size)
    cx, cy = size[0] / 2, size[1] / 2

    def draw(c: Canvas) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        c.drawString(area.x, area.y2 - mm(7), "Duplex calibration (back)")
        c.setStrokeColor(INK)
        c.setFont(REGULAR, 6)
        for k in range(-SCALE_MM, SCALE_MM + 1):
            tick = mm(2.5) if k % 5 == 0 else mm(1.2)
            c.setLineWidth(0.4 if k % 5 else 0.7)
            c.line(cx + mm(k), cy - tick, cx + mm(k), cy + tick)
            c.line(cx - tick, cy + mm(k), cx + tick, cy + mm(k))
            if k % 5 == 0 and k:
                c.setFillColor(GREY)
                c.drawCentredString(cx + mm(k), cy - mm(8.5), f"{k:+d}")
                c.drawString(cx + mm(4), cy + mm(k) - 2, f"{k:+d}")
        c.setLineWidth(0.4)
        c.line(cx - mm(SCALE_MM), cy, cx + mm(SCALE_MM), cy)
        c.line(cx, cy - mm(SCALE_MM), cx, cy + mm(SCALE_MM))
        c.setFillColor(INK)
        paragraph(c, "Millimetres, read from this side: + is right and up.",
                  area.x, cy - mm(SCALE_MM + 10), area.w, REGULAR, 9)
        _arrow(c, cx, area.y + mm(40), "back")

    return Page(size, draw, "Duplex calibration sheet (backs)")


def calibration_pages(options: KitOptions) -> list[Page]:
    """The two sides of the calibration sheet (printed double-sided only)."""
    if options.gutter_fold or options.duplex not in ("long", "short"):
        return []
    return [_front(options), _back(options)]


__all__ = ["calibration_pages"]

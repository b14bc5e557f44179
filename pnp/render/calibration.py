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

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, LIGHT, hex_color, paragraph, polygon
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.options import KitOptions

RED = hex_color("#c0392b")
SCALE_MM = 10  # the scales read +-10 mm
CALIBRATION_LABEL = "Duplex calibration sheet"


def _arrow(c: Canvas, cx: float, y: float, side: str) -> None:
    c.setFillColor(INK)
    polygon(c, [(cx, y + mm(14)), (cx - mm(6), y + mm(5)), (cx + mm(6), y + mm(5))], 0, 1)
    c.rect(cx - mm(2), y - mm(4), mm(4), mm(9), stroke=0, fill=1)
    c.setFont(BOLD, 11)
    c.drawCentredString(cx, y - mm(10), f"{side}: this way up")


def _cross(c: Canvas, cx: float, cy: float, arm: float) -> None:
    """The front's red cross, its arms ``arm`` long, a ring at its centre."""
    c.setStrokeColor(RED)
    c.setLineWidth(0.8)
    c.line(cx - arm, cy, cx + arm, cy)
    c.line(cx, cy - arm, cx, cy + arm)
    c.circle(cx, cy, mm(3), stroke=1, fill=0)


def _scales(c: Canvas, cx: float, cy: float) -> None:
    """The back's two millimetre scales crossing at (cx, cy), numbered every 5 mm; leaves the
    fill colour ink (the sheet's back and the guide's folded-in back both draw them)."""
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


def _side(options: KitOptions, side: str, body: Callable[[Canvas, Rect, float, float], None]
          ) -> Page:
    """One side of the sheet: its title, then ``body(c, area, cx, cy)`` around the centre."""
    size = paper_size(options.paper)
    area = printable_area(size)
    cx, cy = size[0] / 2, size[1] / 2

    def draw(c: Canvas) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        c.drawString(area.x, area.y2 - mm(7), f"Duplex calibration ({side})")
        body(c, area, cx, cy)
        _arrow(c, cx, area.y + mm(40), side)

    return Page(size, draw, f"{CALIBRATION_LABEL} ({side}s)")


def _front_body(c: Canvas, area: Rect, cx: float, cy: float) -> None:
    c.setFillColor(INK)
    paragraph(c, "Print this sheet and the next page double-sided, at 100 %, with the "
              "flip you chose for the kit. Hold it against a light, back side towards "
              "you. The red cross of this side shows through on the back's scales: read "
              "how many millimetres it sits right or left, up or down, of the scales' "
              "centre, and enter that as your printer's back-side offset (most drivers "
              "call it duplex or second-side alignment). If the arrow on the back points "
              "the other way from this one, switch between flipping on the long and the "
              "short edge.", area.x, area.y2 - mm(12), area.w, REGULAR, 9.5)
    _cross(c, cx, cy, mm(15))


def _back_body(c: Canvas, area: Rect, cx: float, cy: float) -> None:
    _scales(c, cx, cy)
    paragraph(c, "Millimetres, read from this side: + is right and up.",
              area.x, cy - mm(SCALE_MM + 10), area.w, REGULAR, 9)


def cross_point(size: tuple[float, float]) -> tuple[float, float]:
    """Where the print guide's foot puts its calibration cross."""
    area = printable_area(size)
    return area.x + area.w * 0.7, area.y + mm(19)


def _small_arrow(c: Canvas, x: float, y: float, side: str) -> None:
    c.setFillColor(INK)
    polygon(c, [(x, y + mm(9)), (x - mm(3.5), y + mm(3.5)), (x + mm(3.5), y + mm(3.5))], 0, 1)
    c.rect(x - mm(1.2), y - mm(2), mm(2.4), mm(5.5), stroke=0, fill=1)
    c.setFont(BOLD, 7)
    c.drawCentredString(x, y - mm(5.5), f"{side}: this way up")


def draw_cross(c: Canvas, size: tuple[float, float]) -> None:
    """The front of the calibration folded into the print guide: a heading, how to read it,
    the red cross and an arrow, in the guide's last 48 mm."""
    area = printable_area(size)
    cx, cy = cross_point(size)
    top = area.y + mm(46)
    c.setStrokeColor(LIGHT)
    c.setLineWidth(0.5)
    c.line(area.x, top + mm(2), area.x2, top + mm(2))
    c.setFillColor(INK)
    c.setFont(BOLD, 11)
    c.drawString(area.x, top - mm(3), "Duplex calibration")
    paragraph(c, "Print this first sheet double-sided, at 100 %, with the flip you chose. "
              "Hold it against a light, back towards you: the red cross shows through on "
              "the scales printed behind it. Read how many millimetres it sits right or "
              "left, up or down, of their centre and set that as the printer's back-side "
              "(duplex) offset. If the cross is nowhere near the scales, or the arrows "
              "point different ways, switch between flipping on the long and short edge.",
              area.x, top - mm(6), cx - area.x - mm(18), REGULAR, 8)
    _cross(c, cx, cy, mm(12))
    _small_arrow(c, area.x2 - mm(14), cy - mm(3), "front")


def scales_point(size: tuple[float, float], duplex: str) -> tuple[float, float]:
    """Where the cross lands on the back of the sheet, printed with this flip."""
    cx, cy = cross_point(size)
    if duplex == "short":
        return cx, size[1] - cy
    return size[0] - cx, cy


def draw_scales(c: Canvas, size: tuple[float, float], duplex: str) -> None:
    """The back of the folded-in calibration: millimetre scales behind the guide's cross."""
    cx, cy = scales_point(size, duplex)
    _scales(c, cx, cy)
    c.setFont(REGULAR, 7)
    c.drawCentredString(cx, cy - mm(SCALE_MM + 5), "mm, read from this side: + is right and up")
    arrow_x = cx + mm(SCALE_MM + 16) if cx < size[0] / 2 else cx - mm(SCALE_MM + 16)
    _small_arrow(c, arrow_x, cy - mm(3), "back")


def calibration_pages(options: KitOptions) -> list[Page]:
    """The two sides of the calibration sheet (printed double-sided only)."""
    if options.gutter_fold or options.duplex not in ("long", "short"):
        return []
    return [_side(options, "front", _front_body), _side(options, "back", _back_body)]


__all__ = ["CALIBRATION_LABEL", "calibration_pages", "cross_point", "draw_cross", "draw_scales",
           "scales_point"]

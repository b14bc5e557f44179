"""Drawing helpers shared by every printed piece: colours, the low-ink look, shapes, text.

``Look`` carries the one styling choice a user makes (full colour or low ink).  In low ink,
large areas are left white and shapes are outlined in their colour instead of filled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render import typescale as ts
from pnp.render.buildmemo import remembered
from pnp.render.document import Page
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR, glyph_widths, text_width
from pnp.render.geometry import MM, Rect, printable_area

Point = tuple[float, float]


def hex_color(code: str) -> Color:
    code = code.lstrip("#")
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return Color(r, g, b)


def tint(color: Color, amount: float) -> Color:
    """Mix ``amount`` of the colour with white (0 = white, 1 = the colour)."""
    return Color(1 - (1 - color.red) * amount, 1 - (1 - color.green) * amount,
                 1 - (1 - color.blue) * amount)


WHITE = Color(1, 1, 1)
BLACK = Color(0, 0, 0)
INK = hex_color("#1d1d1f")
GREY = hex_color("#7a7a7a")
LIGHT = hex_color("#d6d6d6")
SPACE = hex_color("#18213a")  # the dark blue of tile backs
PAPER = hex_color("#f6f1e4")  # the neutral cream of coin rank sides


@dataclass(frozen=True)
class Look:
    low_ink: bool = False
    line: float = 0.8  # outline width in low ink, points


def paint(c: Canvas, look: Look, color: Color, *, solid: bool = False) -> tuple[int, int]:
    """Set colours for a shape; returns (stroke, fill) flags for drawPath.

    ``solid`` shapes stay filled in low ink too (small marks where an outline would vanish).
    """
    if look.low_ink and not solid:
        c.setStrokeColor(color)
        c.setLineWidth(look.line)
        c.setLineJoin(1)
        return 1, 0
    c.setFillColor(color)
    return 0, 1


def polygon(c: Canvas, pts: Sequence[Point], stroke: int, fill: int) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=stroke, fill=fill)


def circle_points(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 24
                  ) -> list[Point]:
    """Points along an arc from angle a0 to a1 (radians), both ends included."""
    return [(cx + r * math.cos(a0 + (a1 - a0) * k / n), cy + r * math.sin(a0 + (a1 - a0) * k / n))
            for k in range(n + 1)]


CAP = 0.73  # DejaVu Sans cap/figure height as a share of the font size


def centred_text(c: Canvas, text: str, cx: float, cy: float, height: float, font: str = BOLD,
                 max_width: float | None = None) -> None:
    """Draw ``text`` with its figures ``height`` tall, centred on (cx, cy)."""
    size = height / CAP
    if max_width is not None:
        w = text_width(text, font, size)
        if w > max_width:
            size *= max_width / w
    c.setFont(font, size)
    c.drawCentredString(cx, cy - size * CAP / 2, text)


MIN_PRINTED_PT = ts.SMALLEST  # the smallest text a kit prints (the layout check enforces it)


def printed_scale(c: Canvas) -> float:
    """How much the canvas's current transform enlarges (or shrinks) what is drawn."""
    x0, y0 = c.absolutePosition(0, 0)
    x1, y1 = c.absolutePosition(1, 0)
    return math.hypot(x1 - x0, y1 - y0)


def legible_text(c: Canvas, text: str, cx: float, cy: float, height: float, font: str = BOLD,
                 max_width: float | None = None) -> None:
    """:func:`centred_text` for labels of art that is also drawn shrunk (a board or tile in a
    rules diagram): left out where it would print under 5 pt, since the diagram shows the
    shape and the real piece carries the word."""
    size = height / CAP
    if max_width is not None:
        size = min(size, size * max_width / max(text_width(text, font, size), 1e-9))
    if size * printed_scale(c) >= MIN_PRINTED_PT - 1e-6:
        centred_text(c, text, cx, cy, height, font, max_width)


def outlined_text(c: Canvas, text: str, cx: float, cy: float, height: float, color: Color,
                  look: Look, font: str = BOLD) -> None:
    """Centred text, filled in full colour, outlined (text render mode 1) in low ink."""
    size = height / CAP
    c.saveState()  # the text render mode outlives the text object: keep it local
    t = c.beginText()
    t.setFont(font, size)
    w = text_width(text, font, size)
    t.setTextOrigin(cx - w / 2, cy - size * CAP / 2)
    if look.low_ink:
        c.setStrokeColor(color)
        c.setLineWidth(max(0.4, size / 40))
        t.setTextRenderMode(1)
    else:
        c.setFillColor(color)
        t.setTextRenderMode(0)
    t.textOut(text)
    c.drawText(t)
    c.restoreState()


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap by measured width.  (Within a kit build a text wrapped before is not
    wrapped again: the guide and the rules measure their text, then draw it.)"""
    return list(remembered(("wrap", text, font, size, width),
                           lambda: _wrap(text, font, size, width)))


def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """:func:`wrap`.  A line's width is its glyphs' widths summed (exactly) times the size, so
    a trial line is the line so far plus a space and one word, not measured all over again;
    the comparison is the very one ``text_width(trial, ...) > width`` makes."""
    known = glyph_widths(font)
    lines: list[str] = []
    if known is None:  # not a bundled face: measure each trial line
        for para in text.split("\n"):
            line = ""
            for word in para.split():
                trial = f"{line} {word}" if line else word
                if line and text_width(trial, font, size) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return tuple(lines)
    widths, missing = known
    get = widths.get
    space = get(32, missing)
    for para in text.split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            word_w = sum(map(get, map(ord, word), repeat(missing)))
            if not line:
                line, line_w = word, word_w
            elif (line_w + space + word_w) * 0.001 * size > width:
                lines.append(line)
                line, line_w = word, word_w
            else:
                line, line_w = f"{line} {word}", line_w + space + word_w
        lines.append(line)
    return tuple(lines)


def paragraph(c: Canvas | None, text: str, x: float, top: float, width: float, font: str,
              size: float, leading: float | None = None) -> float:
    """Wrapped text from ``top`` down; returns the y below the last line.

    With ``c`` None nothing is drawn: the call only measures.
    """
    lead = leading or size * 1.3
    if c is not None:
        c.setFont(font, size)
    y = top - size
    for line in wrap(text, font, size, width):
        if c is not None:
            c.drawString(x, y, line)
        y -= lead
    return y + lead - size * 0.3


def fitted_size(text: str, font: str, size: float, width: float, smallest: float = 4) -> float:
    """``size``, less a quarter point at a time (not under ``smallest``) until ``text`` fits
    ``width``."""
    while text_width(text, font, size) > width and size > smallest:
        size -= 0.25
    return size


def fit_left(c: Canvas, text: str, font: str, size: float, x: float, y: float,
             width: float) -> None:
    """``text`` from ``x``, shrunk to fit ``width`` (:func:`fitted_size`)."""
    c.setFont(font, fitted_size(text, font, size, width))
    c.drawString(x, y, text)


def fit_centred(c: Canvas, text: str, font: str, size: float, cx: float, y: float,
                width: float) -> None:
    """:func:`fit_left`, centred on ``cx``."""
    c.setFont(font, fitted_size(text, font, size, width))
    c.drawCentredString(cx, y, text)


def footer(c: Canvas, area: Rect, text: str, size: float = ts.FOOTER) -> None:
    """A text page's credit line, small and grey along the bottom of the printable area (shrunk
    to its width, never under 5 pt, then wrapped upwards if still too long)."""
    size = fitted_size(text, REGULAR, size, area.w, MIN_PRINTED_PT)
    c.setFillColor(GREY)
    c.setFont(REGULAR, size)
    for k, line in enumerate(reversed(wrap(text, REGULAR, size, area.w))):
        c.drawString(area.x, area.y + MM + k * size * 1.2, line)


def heading(c: Canvas, x: float, y: float, text: str, accent: Color,
            size: float = ts.HEADING) -> float:
    """A bold heading in the kit's accent under ``y`` (``ts.HEADING``, or ``ts.SUBHEADING`` /
    ``ts.CARD_HEADING``); returns where the text below starts, ``ts.HEADING_GAP`` under it."""
    c.setFillColor(accent)
    c.setFont(BOLD, size)
    c.drawString(x, y - size, text)
    c.setFillColor(INK)
    return y - size - ts.HEADING_GAP


def divider(c: Canvas, area: Rect, y: float) -> None:
    """A thin light rule across a text page at ``y``, between its sections."""
    c.setStrokeColor(LIGHT)
    c.setLineWidth(ts.DIVIDER)
    c.line(area.x, y, area.x2, y)


def page_title(c: Canvas, area: Rect, title: str, subtitle: str, accent: Color, *,
               below: float = ts.TITLE_BELOW) -> float:
    """A text page's heading: the title (shrunk to the width), a grey subtitle (shrunk too)
    and an accent rule.  Returns where the body starts, ``below`` under the top."""
    c.setFillColor(accent)
    size = ts.TITLE
    while text_width(title, BOLD, size) > area.w and size > 8:
        size -= 0.5
    c.setFont(BOLD, size)
    c.drawString(area.x, area.y2 - 7 * MM, title)
    c.setFillColor(GREY)
    c.setFont(REGULAR, fitted_size(subtitle, REGULAR, ts.SUBTITLE, area.w))
    c.drawString(area.x, area.y2 - 12 * MM, subtitle)
    c.setStrokeColor(accent)
    c.setLineWidth(ts.TITLE_RULE)
    c.line(area.x, area.y2 - 14.5 * MM, area.x2, area.y2 - 14.5 * MM)
    return area.y2 - below


def rules_opening(c: Canvas, area: Rect, title: str, subtitle: str, intro: str,
                  accent: Color) -> float:
    """A rules page's opening, the same in every kit: its title and an intro paragraph in
    italics (``ts.INTRO``); returns where the page's columns start."""
    y = page_title(c, area, title, subtitle, accent)
    c.setFillColor(INK)
    return paragraph(c, intro, area.x, y, area.w, OBLIQUE, ts.INTRO) - ts.INTRO_GAP


def labelled_items(c: Canvas, items: Sequence[tuple[str, str]], x: float, top: float,
                   width: float, size: float, label: float, gap: float = 1.8 * MM) -> float:
    """Paragraphs each after a bold label in a column of its own (``label`` wide): a rules
    page's "what you need", a card's costs; returns the y below them."""
    y = top
    for head, text in items:
        c.setFillColor(INK)
        c.setFont(BOLD, size)
        c.drawString(x, y - size, head)
        y = paragraph(c, text, x + label, y, width - label, REGULAR, size) - gap
    return y


def rules_page(size: tuple[float, float], title: str, subtitle: str, intro: str, accent: Color,
               credit: str, columns: Callable[[Canvas, float], None], label: str) -> Page:
    """A kit's first rules page: ``rules_opening``, then ``columns(c, y)`` from where the
    opening ends, then the credit line (``footer``)."""
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        columns(c, rules_opening(c, area, title, subtitle, intro, accent))
        footer(c, area, credit)

    return Page(size, draw, label)


def numbered_steps(c: Canvas, items: Sequence[str], x: float, top: float, width: float,
                   size: float, gap: float, *, color: Color | None = None,
                   numbered: bool = True) -> float:
    """Numbered (or dashed) paragraphs with hanging numbers; returns the y below them."""
    y = top
    for k, text in enumerate(items):
        if color is not None:
            c.setFillColor(color)
        c.setFont(BOLD, size)
        c.drawString(x, y - size, f"{k + 1}." if numbered else "-")
        y = paragraph(c, text, x + 5 * MM, y, width - 5 * MM, REGULAR, size) - gap
    return y

"""The Galaxy Express kit's id and tracker address, and its drawing: the star chart, coin
marks, the ship, the rating table and the page helpers the kit's pages share."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import INK, Look, heading, hex_color, wrap
from pnp.render.fonts import BOLD, OBLIQUE
from pnp.render.geometry import mm
from pnp.render.options import KitOptions, table_url
from pnp.render.suits import Suit, draw_symbol

GAME_ID = "galaxy-express"
COLS, ROWS = 8, 6
ACCENT = hex_color("#1f3b73")


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "tracker": the setup sheet says the tracker deals."""
    return table_url(options, GAME_ID, "tracker")


def cell_xy(name: str) -> tuple[int, int]:
    """'b3' -> (1, 2): column from the left, row from the bottom, both from 0."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


# -- shared drawing ------------------------------------------------------------------------



CREDIT = ("Galaxy Express: a game by Matt Worden (2003), for the piecepack system (public domain). "
          "Summary, layout and art: pnp-space.")


def draw_chart(c: Canvas, x: float, y: float, cell: float, look: Look, *,
               labels: bool = True) -> None:
    """The 8 x 6 star chart: cells, tile edges every two cells, coordinates a-h and 1-6."""
    w, h = COLS * cell, ROWS * cell
    if not look.low_ink:
        c.setFillColor(hex_color("#eef1f8"))
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColor(hex_color("#9aa6c2"))
    c.setLineWidth(0.4)
    for i in range(1, COLS):
        c.line(x + i * cell, y, x + i * cell, y + h)
    for j in range(1, ROWS):
        c.line(x, y + j * cell, x + w, y + j * cell)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.3)
    for i in range(0, COLS + 1, 2):
        c.line(x + i * cell, y, x + i * cell, y + h)
    for j in range(0, ROWS + 1, 2):
        c.line(x, y + j * cell, x + w, y + j * cell)
    if labels:
        c.setFillColor(INK)
        size = min(9.0, cell * 0.38)
        c.setFont(BOLD, size)
        for i in range(COLS):
            c.drawCentredString(x + (i + 0.5) * cell, y - size - 2, chr(ord("a") + i))
            c.drawCentredString(x + (i + 0.5) * cell, y + h + 3, chr(ord("a") + i))
        for j in range(ROWS):
            c.drawRightString(x - 4, y + (j + 0.5) * cell - size * 0.36, str(j + 1))
            c.drawString(x + w + 4, y + (j + 0.5) * cell - size * 0.36, str(j + 1))


def coin_mark(c: Canvas, suit: Suit, cx: float, cy: float, r: float, look: Look) -> None:
    if look.low_ink:
        c.setStrokeColor(suit.color)
        c.setLineWidth(1)
        c.circle(cx, cy, r, stroke=1, fill=0)
        draw_symbol(c, suit, cx, cy, r * 0.62, look)
    else:
        c.setFillColor(suit.color)
        c.circle(cx, cy, r, stroke=0, fill=1)
        draw_symbol(c, suit, cx, cy, r * 0.62, look, hex_color("#ffffff"))


def draw_ship(c: Canvas, cx: float, cy: float, s: float, look: Look) -> None:
    """A small rocket, our mark for the starship."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(hex_color("#f2b134") if not look.low_ink else hex_color("#ffffff"))
    c.setLineWidth(0.8)
    p = c.beginPath()
    p.moveTo(cx, cy + s)
    p.curveTo(cx + s * 0.45, cy + s * 0.55, cx + s * 0.38, cy - s * 0.3,
              cx + s * 0.28, cy - s * 0.5)
    p.lineTo(cx + s * 0.55, cy - s * 0.85)
    p.lineTo(cx - s * 0.55, cy - s * 0.85)
    p.lineTo(cx - s * 0.28, cy - s * 0.5)
    p.curveTo(cx - s * 0.38, cy - s * 0.3, cx - s * 0.45, cy + s * 0.55, cx, cy + s)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(ACCENT)
    c.circle(cx, cy + s * 0.2, s * 0.16, stroke=0, fill=1)
    c.restoreState()


def _ratings() -> tuple[tuple[int, str], ...]:
    from pnp.games.galaxy_express.scoring import RATINGS

    return RATINGS


def rating_table(c: Canvas, x: float, y: float, w: float, look: Look) -> float:
    ratings = _ratings()
    size = 8.5
    text_w = w - mm(17)
    for k, (floor, text) in enumerate(ratings):
        if k == 0:
            span = f"{floor}+"
        elif k == len(ratings) - 1:
            span = f"< {ratings[k - 1][0]}"
        else:
            span = f"{floor}-{ratings[k - 1][0] - 1}"
        lines = wrap(text, OBLIQUE, size, text_w)
        row = mm(2.2) + size * 1.2 * len(lines)
        if not look.low_ink and k % 2 == 0:
            c.setFillColor(hex_color("#eef1f8"))
            c.rect(x, y - row, w, row, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, size)
        c.drawString(x + mm(1.5), y - mm(1.1) - size, span)
        c.setFont(OBLIQUE, size)
        for i, line in enumerate(lines):
            c.drawString(x + mm(16), y - mm(1.1) - size - i * size * 1.2, line)
        y -= row
    return y


def _heading(c: Canvas, x: float, y: float, text: str) -> float:
    """A heading in the kit's accent (``typescale.HEADING``)."""
    return heading(c, x, y, text, ACCENT)

"""The goods and fuel cards, faces and backs."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.cards import FUEL, FUEL_CARDS, POWERS, all_goods
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    WHITE,
    Look,
    centred_text,
    hex_color,
    paint,
    paragraph,
    tint,
)
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece
from pnp.render.spatial_delivery.art import (
    ACTION_WORDS,
    ACTIONS,
    CARD_H,
    CARD_W,
    GOODS_RGB,
    GOODS_WORD,
    POWER_TEXT,
    POWER_TIMING,
    draw_action_icon,
    draw_planet,
    draw_power_mark,
    draw_rocket,
)
from pnp.render.stamps import stamped


# -- pieces: cards ----------------------------------------------------------------------------
def _card_frame(c: Canvas, w: float, h: float, bleed: float, look: Look, colour: Color
                ) -> None:
    if not look.low_ink:
        c.setFillColor(WHITE)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(colour)
        c.rect(-bleed, -bleed, mm(12) + bleed, h + 2 * bleed, stroke=0, fill=1)
    else:
        c.setStrokeColor(colour)
        c.setLineWidth(1)
        c.line(mm(12), mm(3), mm(12), h - mm(3))
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.4)
        c.roundRect(mm(0.8), mm(0.8), w - mm(1.6), h - mm(1.6), mm(3), stroke=1, fill=0)


def goods_card(code: str) -> Art:
    colour_letter, power = code[0], code[1]
    colour = GOODS_RGB[colour_letter]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _card_frame(c, w, h, bleed, look, colour)
        col = mm(12)
        strip_ink = WHITE if not look.low_ink else colour
        # index column: goods type, power mark, the four timing marks
        c.setFillColor(strip_ink)
        centred_text(c, colour_letter, col / 2, h - mm(7), mm(4.2), BOLD)
        c.saveState()
        c.translate(col / 2 + mm(1), h - mm(13))
        c.rotate(-90)
        c.setFont(BOLD, 6.5)
        c.drawString(0, 0, GOODS_WORD[colour_letter].upper())
        c.restoreState()
        draw_power_mark(c, power, col / 2, h - mm(36), mm(4.2), colour, look)
        for k, action in enumerate(ACTIONS):
            y = h - mm(47) - k * mm(8.5)
            allowed = action in POWER_TIMING[power]
            if not look.low_ink:
                c.setFillColor(WHITE if allowed else tint(colour, 0.55))
                c.circle(col / 2, y, mm(3.2), stroke=0, fill=1)
            icon = INK if allowed else (hex_color("#b8b8b8") if look.low_ink else colour)
            draw_action_icon(c, action, col / 2, y, mm(3.8), icon)
        # main field: the good, the power's name and what it does
        x0, x1 = col + mm(3), w - mm(3)
        c.setFillColor(INK)
        c.setFont(BOLD, 10.5)
        c.drawString(x0, h - mm(8), GOODS_WORD[colour_letter])
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6.5)
        c.drawString(x0, h - mm(11.5), "goods for a " + GOODS_WORD[colour_letter].lower()
                     + " world")
        draw_planet(c, (x0 + x1) / 2, h - mm(27), mm(8), colour, look)
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(x0, h - mm(44), POWERS[power])
        c.setFont(OBLIQUE, 6.5)
        c.setFillColor(GREY)
        c.drawString(x0, h - mm(48), "use: " + " or ".join(ACTION_WORDS[a]
                                                           for a in POWER_TIMING[power]))
        c.setFillColor(INK)
        paragraph(c, POWER_TEXT[power], x0, h - mm(50), x1 - x0, REGULAR, 7.4)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6)
        c.drawRightString(x1, mm(3.5), f"tracker: {code}")
        c.drawString(x0, mm(3.5), "delivered: discard to its pile")
    return draw


def _back_ground(c: Canvas, w: float, h: float, bleed: float, look: Look, colour: Color,
                 inner: float) -> None:
    """A card back's ground: the colour to the bleed and a lighter panel (``tint(colour,
    inner)``); in low ink, only the panel's outline."""
    if not look.low_ink:
        c.setFillColor(colour)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(tint(colour, inner))
        c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=0, fill=1)
    else:
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=1, fill=0)


def goods_back(colour_letter: str) -> Art:
    colour = GOODS_RGB[colour_letter]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _back_ground(c, w, h, bleed, look, colour, 0.35)
        draw_planet(c, w / 2, h / 2 + mm(6), mm(11), colour, look)
        c.setFillColor(INK)
        centred_text(c, GOODS_WORD[colour_letter].upper(), w / 2, h / 2 - mm(16), mm(3.6),
                     BOLD)
        centred_text(c, "GOODS", w / 2, h / 2 - mm(23), mm(2.4), REGULAR)
    return draw


def fuel_card(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    red = hex_color("#c8421e")
    _card_frame(c, w, h, bleed, look, red)
    col = mm(12)
    c.setFillColor(WHITE if not look.low_ink else red)
    centred_text(c, "R", col / 2, h - mm(7), mm(4.2), BOLD)
    for k, action in enumerate(("explore", "travel")):
        y = h - mm(20) - k * mm(8.5)
        if not look.low_ink:
            c.setFillColor(WHITE)
            c.circle(col / 2, y, mm(3.2), stroke=0, fill=1)
        draw_action_icon(c, action, col / 2, y, mm(3.8), INK)
    x0, x1 = col + mm(3), w - mm(3)
    c.setFillColor(INK)
    c.setFont(BOLD, 10.5)
    c.drawString(x0, h - mm(8), "Rocket Fuel")
    draw_rocket(c, (x0 + x1) / 2, h - mm(30), mm(24), red, look)
    _flame(c, (x0 + x1) / 2, h - mm(44), mm(6), look)
    c.setFillColor(INK)
    paragraph(c, "Pays for one new route segment when you explore, or one step when you "
              "travel. Spent fuel goes back to the Fuel Depot, face up.", x0, h - mm(53),
              x1 - x0, REGULAR, 7.4)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6)
    c.drawRightString(x1, mm(3.5), f"tracker: {FUEL}")


def _flame(c: Canvas, cx: float, cy: float, s: float, look: Look) -> None:
    stroke, fill = paint(c, look, hex_color("#f5a623"))
    p = c.beginPath()
    p.moveTo(cx - s * 0.5, cy + s * 0.5)
    p.curveTo(cx - s * 0.4, cy - s * 0.2, cx - s * 0.1, cy - s * 0.4, cx, cy - s)
    p.curveTo(cx + s * 0.1, cy - s * 0.4, cx + s * 0.4, cy - s * 0.2, cx + s * 0.5,
              cy + s * 0.5)
    p.close()
    c.drawPath(p, stroke=stroke, fill=fill)


def fuel_back(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    red = hex_color("#c8421e")
    _back_ground(c, w, h, bleed, look, red, 0.3)
    draw_rocket(c, w / 2, h / 2 + mm(8), mm(26), red, look)
    _flame(c, w / 2, h / 2 - mm(7), mm(6), look)
    c.setFillColor(INK)
    centred_text(c, "ROCKET FUEL", w / 2, h / 2 - mm(22), mm(3.2), BOLD)


def cards() -> list[Piece]:
    """The 60 goods cards (SD-3, from the engine's decks) and the 30 Rocket Fuel cards."""
    backs = {k: stamped(goods_back(k)) for k in GOODS_RGB}  # recurring art: stamped
    out = [Piece("card", f"{GOODS_WORD[code[0]]} {POWERS[code[1]]} card", CARD_W, CARD_H,
                 goods_card(code), backs[code[0]]) for code in all_goods()]
    fuel, back = stamped(fuel_card), stamped(fuel_back)
    out += [Piece("card", "Rocket Fuel card", CARD_W, CARD_H, fuel, back)
            for _ in range(FUEL_CARDS)]
    return out

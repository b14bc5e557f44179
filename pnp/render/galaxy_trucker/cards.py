"""The 60 adventure cards of GT-7, drawn from the engine's card data (``cards.py``), and their
backs by level.

Poker size, printed butted nine to a sheet.  Every parameter is an icon with its number or
letter beside it, so the card reads at a glance and in greyscale: meteors (small, large) and
shots (light, heavy) each in a box around a small ship with the side they come from; goods as
lettered cubes; crew figures; credit coins; a calendar for the flight days lost.  The lower
left corner carries the test-flight mark on the eight marked cards; the foot carries the
tracker's notation (``card:II-7``), the event a table logs when the card is turned up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.cards import GOODS_WORDS, Card, Line, all_cards
from pnp.games.galaxy_trucker.events import Flip, format_event
from pnp.games.galaxy_trucker.hits import Threat
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    centred_text,
    hex_color,
    paint,
    paragraph,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.galaxy_trucker.tiles import TILE, icon_cabin, icon_cannon
from pnp.render.galaxy_trucker.tiles import icon_engine as tile_engine
from pnp.render.galaxy_trucker.tokens import GOODS
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece

CARD_W, CARD_H = mm(63), mm(88)  # poker size
LEVEL_NAMES = {1: "I", 2: "II", 3: "III"}
LEVEL_INK = {1: hex_color("#1f7a8c"), 2: hex_color("#c0661c"), 3: hex_color("#6b3fa0")}
METEOR = hex_color("#8a6a4f")
LIGHT_SHOT = hex_color("#e0a100")
HEAVY_SHOT = hex_color("#c62828")
COIN = hex_color("#d9a400")
HULL = hex_color("#5d6b82")
BAND_H = mm(11)
FOOT_H = mm(9)
PAD = mm(3.5)

SAY: dict[str, str] = {
    # our own one-line summaries of what each kind of card does
    "open": "Leader first, each ship flies ahead as many days as its engine strength. "
            "Strength 0: give up.",
    "planets": "Leader first, land on a free planet or fly by. Those who land load its "
               "goods, then lose the days (last ship first).",
    "ship": "The first ship to accept gives up that crew, takes the credits and loses the "
            "days.",
    "station": "The first ship with at least that much crew may dock: load the goods and lose "
               "the days. Nobody leaves.",
    "meteors": "Every ship faces each meteor in turn; the leader rolls the line.",
    "smugglers": "Leader first, compare cannon strength. Beat them: take the goods and lose "
                 "the days (or decline). Lose: give up your most valuable goods.",
    "slavers": "Leader first, compare cannon strength. Beat them: take the credits and lose "
               "the days (or decline). Lose: give up crew.",
    "pirates": "Leader first, compare cannon strength. Beat them: take the credits and lose "
               "the days (or decline). All who lose face the same shots.",
    "combat": "Line by line, the weakest ship pays (a tie: the one further ahead).",
    "stardust": "Each ship loses 1 flight day per exposed connector (last ship first).",
    "epidemic": "Each occupied cabin joined to another occupied cabin loses one figure.",
    "sabotage": "The ship with the fewest crew (tie: the one ahead) rolls a square, up to "
                "three tries; a component hit there is lost.",
}
CRITERION_WORDS = {"crew": "fewest crew", "engines": "weakest engines",
                   "cannons": "weakest cannons"}


def notation(card: Card) -> str:
    """What a table logs when this card is turned up."""
    return format_event(Flip(card.id))


# -- icons ----------------------------------------------------------------------------------

def _label(c: Canvas, text: str, cx: float, y: float, size: float = 6.5, font: str = BOLD,
           colour: Color = INK) -> None:
    c.setFillColor(colour)
    c.setFont(font, size)
    c.drawCentredString(cx, y, text)


def meteor(c: Canvas, cx: float, cy: float, r: float, look: Look) -> None:
    """A lumpy rock; large meteors are drawn with a larger ``r``."""
    st, fl = paint(c, look, METEOR, solid=True)
    bumps = (1.0, 0.86, 0.98, 0.82, 1.0, 0.9, 0.95, 0.84)
    pts = [(cx + r * k * math.cos(2 * math.pi * i / len(bumps)),
            cy + r * k * math.sin(2 * math.pi * i / len(bumps))) for i, k in enumerate(bumps)]
    polygon(c, pts, st, fl)
    c.setFillColor(tint(METEOR, 0.45) if not look.low_ink else METEOR)
    c.circle(cx - r * 0.3, cy + r * 0.25, r * 0.22, stroke=0, fill=1)


def shot(c: Canvas, cx: float, cy: float, length: float, heavy: bool, look: Look) -> None:
    """A bolt of fire pointing up (callers rotate): thin and yellow, or thick and red."""
    colour = HEAVY_SHOT if heavy else LIGHT_SHOT
    half = length * (0.24 if heavy else 0.13)
    st, fl = paint(c, look, colour, solid=True)
    polygon(c, [(cx, cy + length / 2), (cx + half, cy), (cx, cy - length / 2),
                (cx - half, cy)], st, fl)


def threat_icon(c: Canvas, threat: Threat, cx: float, cy: float, s: float, look: Look) -> None:
    """Meteor or shot ``s`` across, centred on (cx, cy), heading down (towards the ship)."""
    if threat.size == "S":
        meteor(c, cx, cy, s * 0.26, look)
    elif threat.size == "L":
        meteor(c, cx, cy, s * 0.46, look)
    else:
        shot(c, cx, cy, s, threat.size == "H", look)


def mini_ship(c: Canvas, cx: float, cy: float, s: float, look: Look) -> None:
    """A ship seen from above, nose up, ``s`` tall: what a threat box is drawn around."""
    st, fl = paint(c, look, HULL, solid=True)
    w = s * 0.62
    polygon(c, [(cx, cy + s / 2), (cx + w / 2, cy + s * 0.1), (cx + w / 2, cy - s / 2),
                (cx - w / 2, cy - s / 2), (cx - w / 2, cy + s * 0.1)], st, fl)


TURN = {"F": 0, "R": -90, "B": 180, "L": 90}  # degrees that bring "from the top" to the side


def threat_box(c: Canvas, threat: Threat, x: float, y: float, s: float, look: Look) -> None:
    """A box ``s`` wide: the ship in the middle, the threat on its side with an arrow in, and
    the threat's code under it."""
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.roundRect(x, y, s, s, mm(1.2), stroke=1, fill=0)
    cx, cy = x + s / 2, y + s / 2
    mini_ship(c, cx, cy, s * 0.34, look)
    c.saveState()
    c.translate(cx, cy)
    c.rotate(TURN[threat.direction])
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.7)
    c.line(0, s * 0.25, 0, s * 0.21)
    polygon(c, [(0, s * 0.185), (-s * 0.05, s * 0.235), (s * 0.05, s * 0.235)], 0, 1)
    threat_icon(c, threat, 0, s * 0.355, s * 0.27, look)
    c.restoreState()
    _label(c, str(threat), cx, y - mm(2.6), 6.2 if s > mm(10) else 5.6)


def threat_row(c: Canvas, threats: Sequence[Threat], left: float, right: float, top: float,
               look: Look, s: float = mm(12.5)) -> float:
    """Threat boxes in rows (as many as fit), in the card's order; returns the y below."""
    gap = mm(1.5)
    per = max(1, int((right - left + gap) // (s + gap)))
    rows = [threats[i:i + per] for i in range(0, len(threats), per)]
    if len(rows) > 1:  # even rows: 7 threats as 4 + 3, not 6 + 1
        per = -(-len(threats) // len(rows))
        rows = [threats[i:i + per] for i in range(0, len(threats), per)]
    y = top
    for row in rows:
        width = len(row) * s + (len(row) - 1) * gap
        x = (left + right - width) / 2
        for k, t in enumerate(row):
            threat_box(c, t, x + k * (s + gap), y - s, s, look)
        y -= s + mm(4.2)
    return y


def cube(c: Canvas, letter: str, x: float, y: float, s: float, look: Look) -> None:
    """A goods block with its letter (R, Y, G, B) so greyscale prints still tell them apart."""
    ink, _ = GOODS[GOODS_WORDS[letter]]
    st, fl = paint(c, look, ink, solid=not look.low_ink)
    c.setLineWidth(0.8)
    c.setStrokeColor(ink)
    c.rect(x, y, s, s, stroke=1 if look.low_ink else st, fill=fl)
    c.setFillColor(INK if (letter == "Y" or look.low_ink) else WHITE)
    centred_text(c, letter, x + s / 2, y + s / 2, s * 0.5, BOLD)


def cubes(c: Canvas, goods: str, x: float, y: float, s: float, look: Look) -> float:
    """A row of cubes from x; returns the x after it."""
    for letter in goods:
        cube(c, letter, x, y, s, look)
        x += s + mm(0.8)
    return x


def figure(c: Canvas, cx: float, base: float, s: float, look: Look) -> None:
    """A crew figure, ``s`` tall."""
    st, fl = paint(c, look, HULL, solid=True)
    c.circle(cx, base + s * 0.76, s * 0.2, stroke=st, fill=fl)
    p = c.beginPath()
    p.moveTo(cx - s * 0.3, base)
    p.curveTo(cx - s * 0.32, base + s * 0.52, cx + s * 0.32, base + s * 0.52, cx + s * 0.3, base)
    p.close()
    c.drawPath(p, stroke=st, fill=fl)


def coin(c: Canvas, value: int, cx: float, cy: float, r: float, look: Look) -> None:
    """A cosmic credit with its value."""
    c.setStrokeColor(hex_color("#9c7700"))
    c.setLineWidth(0.8)
    c.setFillColor(COIN if not look.low_ink else WHITE)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(INK)
    centred_text(c, str(value), cx, cy, r * 0.95, BOLD, max_width=r * 1.5)


def calendar(c: Canvas, days: int, x: float, y: float, s: float, look: Look) -> None:
    """Flight days lost: a calendar page with -N on it, ``s`` wide."""
    h = s * 0.9
    c.setStrokeColor(INK)
    c.setLineWidth(0.7)
    c.setFillColor(WHITE)
    c.rect(x, y, s, h, stroke=1, fill=1)
    st, fl = paint(c, look, hex_color("#c0392b"), solid=True)
    c.rect(x, y + h * 0.72, s, h * 0.28, stroke=st, fill=fl)
    c.setFillColor(INK)
    for dx in (0.3, 0.7):
        c.rect(x + s * dx - 0.6, y + h * 0.88, 1.2, h * 0.22, stroke=0, fill=1)
    centred_text(c, f"-{days}", x + s / 2, y + h * 0.36, h * 0.38, BOLD)


def scaled_tile_icon(c: Canvas, draw: str, cx: float, cy: float, s: float, look: Look) -> None:
    """The kit's tile icon (engine, cannon or cabin) shrunk to ``s`` across."""
    c.saveState()
    c.translate(cx - s / 2, cy - s / 2)
    c.scale(s / TILE, s / TILE)
    if draw == "engines":
        tile_engine(c, TILE, look, False)
    elif draw == "cannons":
        icon_cannon(c, TILE, look, False)
    else:
        icon_cabin(c, TILE, look)
    c.restoreState()


def strength_badge(c: Canvas, strength: int, x: float, y: float, look: Look) -> float:
    """A cannon icon and the enemy's strength; returns the x after it."""
    scaled_tile_icon(c, "cannons", x + mm(4), y + mm(3.5), mm(9), look)
    c.setFillColor(INK)
    c.setFont(BOLD, 14)
    c.drawString(x + mm(9), y + mm(1.2), str(strength))
    c.setFont(REGULAR, 6)
    c.setFillColor(GREY)
    c.drawString(x + mm(9) + text_width(str(strength), BOLD, 14) + mm(1), y + mm(1.6),
                 "cannon strength")
    return x


# -- the card faces -------------------------------------------------------------------------

def _frame(c: Canvas, card: Card, w: float, h: float, look: Look, bleed: float = 0.0) -> None:
    ink = LEVEL_INK[card.level]
    if look.low_ink:
        c.setStrokeColor(ink)
        c.setLineWidth(1.0)
        c.roundRect(mm(1.2), mm(1.2), w - mm(2.4), h - mm(2.4), mm(2.5), stroke=1, fill=0)
        c.line(mm(1.2), h - BAND_H, w - mm(1.2), h - BAND_H)
        title_ink = ink
    else:
        b = bleed  # colour runs into the bleed (spaced layouts); butted cards have none
        c.setFillColor(WHITE)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        c.setFillColor(ink)
        c.rect(-b, h - BAND_H, w + 2 * b, BAND_H + b, stroke=0, fill=1)
        c.setFillColor(tint(ink, 0.12))
        c.rect(-b, -b, w + 2 * b, FOOT_H + b, stroke=0, fill=1)
        title_ink = WHITE
    c.setFillColor(title_ink)
    size = 11.0
    while text_width(card.title, BOLD, size) > w - mm(20) and size > 7:
        size -= 0.5
    c.setFont(BOLD, size)
    c.drawString(PAD, h - BAND_H + mm(3.6), card.title)
    c.setFont(BOLD, 9)
    c.drawRightString(w - PAD, h - BAND_H + mm(3.8), card.id)
    # the foot: test-flight mark, the tracker's notation, the days lost
    if card.marked:
        test_mark(c, PAD + mm(2.6), mm(4.5), mm(2.6), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 5.5)
        c.drawString(PAD + mm(6), mm(5), "test flight")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6)
    c.drawCentredString(w / 2, mm(2.6), notation(card))  # 10 mm from a butted Letter edge
    if card.days:
        calendar(c, card.days, w - PAD - mm(7), mm(1.3), mm(7), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 5.5)
        c.drawRightString(w - PAD - mm(8), mm(5), "flight days")


def test_mark(c: Canvas, cx: float, cy: float, r: float, look: Look) -> None:
    """The test-flight mark: a five-pointed star in a ring."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.setFillColor(WHITE)
    c.circle(cx, cy, r, stroke=1, fill=1)
    pts = []
    for k in range(10):
        rr = r * (0.82 if k % 2 == 0 else 0.36)
        a = math.pi / 2 + k * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    st, fl = paint(c, look, INK, solid=True)
    polygon(c, pts, st, fl)


def _say(c: Canvas, card: Card, w: float, top: float) -> float:
    c.setFillColor(GREY)
    return paragraph(c, SAY[card.kind], PAD, top, w - 2 * PAD, REGULAR, 6.8, 8.0)


def _planets(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top
    s = mm(5.2)
    for k, row in enumerate(card.planets):
        y -= mm(8.6)
        cx = PAD + mm(3.4)
        st, fl = paint(c, look, hex_color("#4f7cac"), solid=True)
        c.circle(cx, y + s / 2, mm(3.2), stroke=st, fill=fl)
        c.setFillColor(WHITE if not look.low_ink else INK)
        centred_text(c, str(k + 1), cx, y + s / 2, mm(2.4), BOLD)
        cubes(c, row, PAD + mm(8.5), y, s, look)
    return y - mm(3)


def _reward_row(c: Canvas, label: str, y: float, w: float) -> float:
    c.setFillColor(INK)
    c.setFont(BOLD, 7)
    c.drawString(PAD, y, label)
    return y


def _crew_count(c: Canvas, n: int, x: float, y: float, look: Look) -> float:
    """A figure and "N crew"; returns x after."""
    figure(c, x + mm(2.5), y, mm(6), look)
    c.setFillColor(INK)
    c.setFont(BOLD, 13)
    c.drawString(x + mm(6), y + mm(0.8), str(n))
    x += mm(6) + text_width(str(n), BOLD, 13) + mm(1)
    c.setFont(REGULAR, 6.5)
    c.drawString(x, y + mm(1.2), "crew")
    return x + text_width("crew", REGULAR, 6.5) + mm(2)


def _ship_card(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    """Crew -> credits or goods, enlarged as far as the row fits the card."""
    y = top - mm(18)
    crew = mm(14.5) + text_width(str(card.crew), BOLD, 13) + mm(6)  # as _crew_count + arrow
    wide = crew + (mm(18.5) if card.kind == "ship" else len(card.goods) * mm(6))
    k = min(1.3, (w - 2 * PAD) / wide)
    c.saveState()
    c.translate(PAD * (1 - k), y * (1 - k))  # (PAD, y) stays put
    c.scale(k, k)
    _ship_row(c, card, y, look)
    c.restoreState()
    return y - mm(5)


def _ship_row(c: Canvas, card: Card, y: float, look: Look) -> None:
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    verb = "give up" if card.kind == "ship" else "needs at least"
    c.drawString(PAD, y + mm(8.5), verb)
    x = _crew_count(c, card.crew, PAD, y, look)
    c.setFillColor(INK)
    c.setFont(BOLD, 12)
    c.drawString(x, y + mm(1), "\u2192")
    x += mm(6)
    if card.kind == "ship":
        coin(c, card.credits, x + mm(4), y + mm(3), mm(4), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(9), y + mm(1.2), "credits")
    else:
        cubes(c, card.goods, x, y, mm(5.2), look)


def _enemy(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top - mm(11)
    strength_badge(c, card.strength, PAD, y, look)
    y -= mm(9)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(PAD, y + mm(2), "win:")
    x = PAD + mm(9)
    if card.kind == "smugglers":
        cubes(c, card.goods, x, y, mm(5.2), look)
    else:
        coin(c, card.credits, x + mm(4), y + mm(2.8), mm(4), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(9.5), y + mm(1.6), "credits")
    y -= mm(9)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(PAD, y + mm(2), "lose:")
    if card.kind == "smugglers":
        c.setFont(BOLD, 13)
        c.drawString(x, y + mm(1), str(card.loss))
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(4.5), y + mm(1.5), "most valuable goods")
        y -= mm(4)
    elif card.kind == "slavers":
        _crew_count(c, card.loss, x, y, look)
        y -= mm(4)
    else:
        y = threat_row(c, card.threats, PAD, w - PAD, y - mm(1), look, mm(10.5)) + mm(2)
    return y


def _penalty(c: Canvas, line: Line, x: float, y: float, w: float, look: Look) -> float:
    """One combat-zone penalty with its top at y; returns the y below it."""
    if line.penalty == "shots":
        return threat_row(c, line.threats, PAD, w - PAD, y, look, mm(8)) + mm(1.5)
    base = y - mm(6)
    if line.penalty == "days":
        calendar(c, line.amount, x, base, mm(6.5), look)
        word = "flight days"
    elif line.penalty == "crew":
        figure(c, x + mm(3), base, mm(6), look)
        word = "crew"
    else:
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.setFillColor(WHITE)
        c.rect(x + mm(0.5), base, mm(5.5), mm(5.5), stroke=1, fill=1)
        c.setFillColor(INK)
        centred_text(c, "?", x + mm(3.25), base + mm(2.75), mm(2.8), BOLD)
        word = "goods, most valuable first"
    c.setFillColor(INK)
    c.setFont(BOLD, 12)
    c.drawString(x + mm(8.5), base + mm(1.2), f"-{line.amount}")
    c.setFont(REGULAR, 6.5)
    c.drawString(x + mm(8.5) + text_width(f"-{line.amount}", BOLD, 12) + mm(1.5),
                 base + mm(1.6), word)
    return base - mm(2.5)


def criterion_icon(c: Canvas, criterion: str, cx: float, cy: float, look: Look) -> None:
    if criterion == "crew":
        figure(c, cx, cy - mm(2.6), mm(5.4), look)
    else:
        scaled_tile_icon(c, criterion, cx, cy, mm(8), look)


def _combat(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top
    for k, line in enumerate(card.lines):
        if k:
            c.setStrokeColor(tint(GREY, 0.5))
            c.setLineWidth(0.4)
            c.line(PAD, y + mm(1), w - PAD, y + mm(1))
        criterion_icon(c, line.criterion, PAD + mm(3), y - mm(3.2), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawString(PAD + mm(8), y - mm(4.2), f"{CRITERION_WORDS[line.criterion]} pays")
        y = _penalty(c, line, PAD + mm(8), y - mm(6.2), w, look)
    return y


def _simple(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    cy = top - mm(16)
    if card.kind == "open":
        scaled_tile_icon(c, "engines", w / 2 - mm(12), cy + mm(1), mm(22), look)
        st, fl = paint(c, look, LEVEL_INK[card.level], solid=True)
        polygon(c, [(w / 2, cy + mm(2.5)), (w / 2 + mm(12), cy + mm(2.5)),
                    (w / 2 + mm(12), cy + mm(6)), (w / 2 + mm(20), cy),
                    (w / 2 + mm(12), cy - mm(6)),
                    (w / 2 + mm(12), cy - mm(2.5)), (w / 2, cy - mm(2.5))], st, fl)
        c.setFillColor(INK)
        c.setFont(BOLD, 7)
        c.drawCentredString(w / 2, cy - mm(13), "days ahead = engine strength")
    elif card.kind == "stardust":
        for k in range(7):
            a = k * 2.3
            r = mm(2 + 1.6 * k)
            st, fl = paint(c, look, hex_color("#9aa6bd"), solid=True)
            c.circle(w / 2 + r * math.cos(a), cy + r * math.sin(a) * 0.6, mm(0.9 + 0.2 * k),
                     stroke=st, fill=fl)
    elif card.kind == "epidemic":
        for dx in (-mm(7), mm(7)):
            scaled_tile_icon(c, "crew", w / 2 + dx, cy, mm(16), look)
        c.setStrokeColor(hex_color("#2f9e44"))
        c.setLineWidth(1.4)
        c.line(w / 2 - mm(1.5), cy, w / 2 + mm(1.5), cy)
    else:  # sabotage
        st, fl = paint(c, look, hex_color("#c0392b"), solid=True)
        c.circle(w / 2, cy, mm(6), stroke=st, fill=fl)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.line(w / 2 + mm(4), cy + mm(4), w / 2 + mm(8), cy + mm(9))
        c.setFillColor(WHITE if not look.low_ink else INK)
        centred_text(c, "2d6", w / 2, cy, mm(3), BOLD)
    caption = {"stardust": "-1 day per exposed connector",
               "epidemic": "joined occupied cabins: -1 figure each",
               "sabotage": "fewest crew: up to 3 rolls for a square"}.get(card.kind)
    if caption:
        c.setFillColor(INK)
        c.setFont(BOLD, 7)
        c.drawCentredString(w / 2, cy - mm(13), caption)
    return cy - mm(14)


def card_front(card: Card) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _frame(c, card, w, h, look, bleed)
        top = h - BAND_H - mm(2)
        k = card.kind
        if k == "planets":
            y = _planets(c, card, w, top, look)
        elif k in ("ship", "station"):
            y = _ship_card(c, card, w, top, look)
        elif k == "meteors":
            y = threat_row(c, card.threats, PAD, w - PAD, top - mm(3), look)
        elif k in ("smugglers", "slavers", "pirates"):
            y = _enemy(c, card, w, top, look)
        elif k == "combat":
            y = _combat(c, card, w, top, look)
        else:
            y = _simple(c, card, w, top, look)
        _say(c, card, w, min(y, FOOT_H + mm(16)) if k != "combat" else FOOT_H + mm(10.5))
    return draw


def card_back(level: int) -> Art:
    ink = LEVEL_INK[level]
    name = LEVEL_NAMES[level]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if look.low_ink:
            c.setStrokeColor(ink)
            c.setLineWidth(1.4)
            c.roundRect(mm(3), mm(3), w - mm(6), h - mm(6), mm(3), stroke=1, fill=0)
        else:
            c.setFillColor(ink)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(tint(ink, 0.75))
            c.roundRect(mm(3), mm(3), w - mm(6), h - mm(6), mm(3), stroke=0, fill=1)
            c.setFillColor(WHITE)
            for k in range(24):  # a fixed scatter of stars
                x = mm(5) + (k * 37 % 53) / 53 * (w - mm(10))
                y = mm(5) + (k * 61 % 83) / 83 * (h - mm(10))
                if abs(x - w / 2) < mm(16) and h / 2 - mm(21) < y < h / 2 + mm(13):
                    continue  # no star on the level and its words
                c.circle(x, y, 0.5 + (k % 3) * 0.35, stroke=0, fill=1)
        c.setFillColor(WHITE if not look.low_ink else ink)
        centred_text(c, name, w / 2, h / 2 + mm(4), mm(16), BOLD)
        centred_text(c, "ADVENTURE", w / 2, h / 2 - mm(13), mm(3.2), BOLD)
        centred_text(c, f"level {name}", w / 2, h / 2 - mm(19), mm(2.4), REGULAR)
        c.setStrokeColor(WHITE if not look.low_ink else ink)
        c.setLineWidth(1)
        r = mm(22)
        pts = [(w / 2 + r * math.cos(a / 20 * math.pi), h / 2 + mm(4) + r * 0.5 * math.sin(
            a / 20 * math.pi)) for a in range(41)]
        p = c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        c.drawPath(p, stroke=1, fill=0)
    return draw


def card_pieces() -> list[Piece]:
    """One piece per GT-7 card, in the engine's order (I-1 .. III-20)."""
    backs = {lvl: card_back(lvl) for lvl in LEVEL_NAMES}
    return [Piece("card", f"adventure card {card.id}", CARD_W, CARD_H, card_front(card),
                  backs[card.level]) for card in all_cards().values()]


__all__ = ["CARD_H", "CARD_W", "card_back", "card_front", "card_pieces", "notation"]

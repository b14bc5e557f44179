"""The adventure cards' icons: meteors, shots and their directions, goods cubes, crew, credits,
flight days, tile icons, strength badges, penalty criteria and the test-flight star."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.cards import GOODS_WORDS
from pnp.games.galaxy_trucker.hits import Threat
from pnp.render.art import GREY, INK, WHITE, Look, centred_text, hex_color, paint, polygon, tint
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.galaxy_trucker.tile_icons import icon_cabin, icon_cannon
from pnp.render.galaxy_trucker.tile_icons import icon_engine as tile_engine
from pnp.render.galaxy_trucker.tiles import TILE
from pnp.render.galaxy_trucker.tokens import GOODS
from pnp.render.geometry import mm
from pnp.render.stamps import stamp

METEOR = hex_color("#8a6a4f")
LIGHT_SHOT = hex_color("#e0a100")
HEAVY_SHOT = hex_color("#c62828")
COIN = hex_color("#d9a400")
HULL = hex_color("#5d6b82")


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
    the threat's code under it (the box stamped: a deck repeats a few threats)."""
    c.saveState()
    c.translate(x, y)
    stamp(c, ("gt-threat", threat, s, look), (-s, -s, 2 * s, 2 * s),
          partial(_threat_in_box, threat=threat, s=s, look=look))
    c.restoreState()
    _label(c, str(threat), x + s / 2, y - mm(2.6), 6.2 if s > mm(10) else 5.6)


def _threat_in_box(c: Canvas, threat: Threat, s: float, look: Look) -> None:
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.roundRect(0, 0, s, s, mm(1.2), stroke=1, fill=0)
    cx, cy = s / 2, s / 2
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
    """A goods block with its letter (R, Y, G, B) so greyscale prints still tell them apart
    (stamped: the same few blocks on many cards)."""
    c.saveState()
    c.translate(x, y)
    stamp(c, ("gt-cube", letter, s, look), (-s, -s, 2 * s, 2 * s),
          partial(_cube_at_origin, letter=letter, s=s, look=look))
    c.restoreState()


def _cube_at_origin(c: Canvas, letter: str, s: float, look: Look) -> None:
    ink, _ = GOODS[GOODS_WORDS[letter]]
    st, fl = paint(c, look, ink, solid=not look.low_ink)
    c.setLineWidth(0.8)
    c.setStrokeColor(ink)
    c.rect(0, 0, s, s, stroke=1 if look.low_ink else st, fill=fl)
    c.setFillColor(INK if (letter == "Y" or look.low_ink) else WHITE)
    centred_text(c, letter, s / 2, s / 2, s * 0.5, BOLD)

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

def criterion_icon(c: Canvas, criterion: str, cx: float, cy: float, look: Look) -> None:
    if criterion == "crew":
        figure(c, cx, cy - mm(2.6), mm(5.4), look)
    else:
        scaled_tile_icon(c, criterion, cx, cy, mm(8), look)

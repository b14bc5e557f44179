"""The eight piecepack suits and their symbols, drawn as vector shapes by our own code.

The classic four (Suns, Moons, Crowns, Arms) and the Seasons set for eight-suit games.  Every
symbol is a distinct silhouette so the suits stay apart in greyscale and in low ink; colours are
dark enough that white marks on them read when printed in black and white.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import Look, Point, circle_points, hex_color, paint, polygon
from pnp.render.stamps import stamp

RANKS = ("null", "ace", "2", "3", "4", "5")
"""Piecepack ranks, low to high (null = 0, ace = 1)."""


@dataclass(frozen=True)
class Suit:
    key: str  # one-letter code used in notation: S M C A / P U T W
    name: str
    color: Color


# Chosen by search within each suit's hue family (tests/render/test_suits.py holds them to it):
# any two suits differ by ΔE76 >= 33 (was 12), >= 13.9 under simulated protanopia,
# deuteranopia and tritanopia (was 4), and by >= 4.4 in lightness L* (was 0.1), so a greyscale
# print keeps them apart together with their symbols.  All dark enough for white marks.
SUNS = Suit("S", "Suns", hex_color("#f33b57"))
MOONS = Suit("M", "Moons", hex_color("#27262e"))
CROWNS = Suit("C", "Crowns", hex_color("#015325"))
ARMS = Suit("A", "Arms", hex_color("#534e95"))
SPRING = Suit("P", "Spring", hex_color("#726f32"))
SUMMER = Suit("U", "Summer", hex_color("#b46413"))
AUTUMN = Suit("T", "Autumn", hex_color("#671708"))
WINTER = Suit("W", "Winter", hex_color("#056a87"))

CLASSIC = (SUNS, MOONS, CROWNS, ARMS)
SEASONS = (SPRING, SUMMER, AUTUMN, WINTER)
ALL_SUITS = CLASSIC + SEASONS

SymbolFn = Callable[[Canvas, float, float, float, Color, Look], None]


def _sun(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    s, f = paint(c, look, col)
    c.circle(cx, cy, r * 0.5, stroke=s, fill=f)
    for k in range(8):
        a = math.pi / 2 + k * math.pi / 4
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        b1 = (cx + r * 0.62 * math.cos(a - 0.25), cy + r * 0.62 * math.sin(a - 0.25))
        b2 = (cx + r * 0.62 * math.cos(a + 0.25), cy + r * 0.62 * math.sin(a + 0.25))
        polygon(c, [tip, b1, b2], s, f)


def _moon(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    big, small, d = 0.95, 0.8, 0.5
    x = (d * d + big * big - small * small) / (2 * d)
    y = math.sqrt(big * big - x * x)
    phi = math.atan2(y, x)
    psi = math.atan2(y, x - d)
    tilt = -0.35
    pts = circle_points(0, 0, big, phi, 2 * math.pi - phi, 40)
    pts += circle_points(d, 0, small, 2 * math.pi - psi, psi, 40)
    ct, st = math.cos(tilt), math.sin(tilt)
    s, f = paint(c, look, col)
    polygon(c, [(cx + r * (px * ct - py * st) + r * 0.1, cy + r * (px * st + py * ct))
                for px, py in pts], s, f)


def _crown(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    u = [(-0.85, -0.62), (0.85, -0.62), (0.85, -0.32), (0.95, 0.48), (0.45, 0.02),
         (0.0, 0.72), (-0.45, 0.02), (-0.95, 0.48), (-0.85, -0.32)]
    s, f = paint(c, look, col)
    polygon(c, [(cx + r * x, cy + r * y) for x, y in u], s, f)
    for tx, ty in ((-0.95, 0.48), (0.0, 0.72), (0.95, 0.48)):
        c.circle(cx + r * tx, cy + r * (ty + 0.13), r * 0.12, stroke=s, fill=f)


def _arms(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    """A heater shield."""
    pts: list[Point] = [(-0.75, 0.8), (0.75, 0.8), (0.75, 0.1)]
    # the lower sides curve to a point
    for k in range(1, 12):
        t = k / 12
        pts.append((0.75 * math.cos(t * math.pi / 2), 0.1 - 0.9 * math.sin(t * math.pi / 2)))
    pts.append((0.0, -0.8))
    for k in range(11, 0, -1):
        t = k / 12
        pts.append((-0.75 * math.cos(t * math.pi / 2), 0.1 - 0.9 * math.sin(t * math.pi / 2)))
    pts.append((-0.75, 0.1))
    s, f = paint(c, look, col)
    polygon(c, [(cx + r * x, cy + r * y) for x, y in pts], s, f)


def _leaf(cx: float, cy: float, length: float, width: float, angle: float) -> list[Point]:
    """A pointed leaf from (cx, cy) along ``angle``."""
    pts = []
    for k in range(0, 21):
        t = k / 20
        pts.append((t * length, width * math.sin(math.pi * t) * (1 - 0.3 * t)))
    for k in range(19, 0, -1):
        t = k / 20
        pts.append((t * length, -width * math.sin(math.pi * t) * (1 - 0.3 * t)))
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def _spring(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    """A sprout: a stem and two leaves."""
    s, f = paint(c, look, col)
    polygon(c, [(cx - r * 0.09, cy - r * 0.85), (cx + r * 0.09, cy - r * 0.85),
                (cx + r * 0.07, cy + r * 0.05), (cx - r * 0.07, cy + r * 0.05)], s, f)
    polygon(c, _leaf(cx, cy, r * 0.95, r * 0.33, math.radians(35)), s, f)
    polygon(c, _leaf(cx, cy - r * 0.05, r * 0.85, r * 0.3, math.radians(150)), s, f)
    c.ellipse(cx - r * 0.55, cy - r * 0.95, cx + r * 0.55, cy - r * 0.75, stroke=s, fill=f)


def _summer(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    """A tulip: a three-pointed cup on a stem."""
    u = [(-0.6, 0.75), (-0.3, 0.35), (0.0, 0.8), (0.3, 0.35), (0.6, 0.75), (0.6, 0.15)]
    for k in range(1, 10):
        a = -k * math.pi / 10
        u.append((0.6 * math.cos(a), 0.15 + 0.55 * math.sin(a)))
    u.append((-0.6, 0.15))
    s, f = paint(c, look, col)
    polygon(c, [(cx + r * x, cy + r * y) for x, y in u], s, f)
    polygon(c, [(cx - r * 0.08, cy - r * 0.38), (cx + r * 0.08, cy - r * 0.38),
                (cx + r * 0.08, cy - r * 0.95), (cx - r * 0.08, cy - r * 0.95)], s, f)
    polygon(c, _leaf(cx + r * 0.05, cy - r * 0.75, r * 0.6, r * 0.18, math.radians(30)), s, f)


def _autumn(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    """An acorn: a cap with a stalk over a nut."""
    s, f = paint(c, look, col)
    nut = []
    for k in range(0, 31):
        a = math.pi + k * math.pi / 30
        nut.append((0.55 * math.cos(a), 0.1 + 0.85 * math.sin(a)))
    polygon(c, [(cx + r * x, cy + r * y) for x, y in nut], s, f)
    cap = [(-0.75, 0.1), (0.75, 0.1)]
    for k in range(1, 20):
        a = k * math.pi / 20
        cap.append((0.75 * math.cos(a), 0.1 + 0.55 * math.sin(a)))
    polygon(c, [(cx + r * x, cy + r * y) for x, y in cap], s, f)
    polygon(c, [(cx - r * 0.07, cy + r * 0.62), (cx + r * 0.07, cy + r * 0.62),
                (cx + r * 0.2, cy + r * 0.95), (cx + r * 0.06, cy + r * 0.95)], s, f)


def _winter(c: Canvas, cx: float, cy: float, r: float, col: Color, look: Look) -> None:
    """A six-armed snowflake, drawn as thick strokes."""
    c.setStrokeColor(col)
    c.setLineCap(1)
    c.setLineWidth(max(0.6, r * (0.08 if look.low_ink else 0.16)))
    p = c.beginPath()
    for k in range(6):
        a = math.pi / 2 + k * math.pi / 3
        ex, ey = cx + r * 0.95 * math.cos(a), cy + r * 0.95 * math.sin(a)
        p.moveTo(cx, cy)
        p.lineTo(ex, ey)
        bx, by = cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)
        for side in (-1, 1):
            b = a + side * math.pi / 4
            p.moveTo(bx, by)
            p.lineTo(bx + r * 0.3 * math.cos(b), by + r * 0.3 * math.sin(b))
    c.drawPath(p, stroke=1, fill=0)


SYMBOLS: dict[str, SymbolFn] = {
    "S": _sun, "M": _moon, "C": _crown, "A": _arms,
    "P": _spring, "U": _summer, "T": _autumn, "W": _winter,
}


def draw_symbol(c: Canvas, suit: Suit, cx: float, cy: float, r: float, look: Look,
                color: Color | None = None) -> None:
    """The suit's symbol inside a circle of radius ``r`` around (cx, cy) (stamped: drawn once
    per PDF for each suit, size, colour and look)."""
    ink = color if color is not None else suit.color
    c.saveState()
    c.translate(cx, cy)
    stamp(c, ("suit-symbol", suit.key, r, ink, look), (-2 * r, -2 * r, 2 * r, 2 * r),
          lambda c: SYMBOLS[suit.key](c, 0.0, 0.0, r, ink, look))
    c.restoreState()


def suit_by_key(key: str) -> Suit:
    for s in ALL_SUITS:
        if s.key == key:
            return s
    raise KeyError(key)

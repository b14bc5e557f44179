"""The tiles' colours and function icons: cabins and pilots, engines, cannons, batteries, shields,
cargo holds, structural parts and life support."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.tiles import Kind, Tile
from pnp.render.art import (
    GREY,
    WHITE,
    Look,
    centred_text,
    hex_color,
    legible_text,
    paint,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD
from pnp.render.geometry import mm

PIPE_INK = hex_color("#2b303b")
BORE = hex_color("#626b7d")
PANEL = hex_color("#e8ecf2")
HULL = hex_color("#8c97aa")
ENGINE = hex_color("#d9822b")
CANNON = hex_color("#b8323a")
BATTERY = hex_color("#2f9e44")
SHIELD = hex_color("#1c8f8a")
CARGO = hex_color("#3867a8")
SPECIAL = hex_color("#c62828")
CABIN = hex_color("#5a6f91")
BROWN = hex_color("#8a5a2b")
PURPLE = hex_color("#7b3fa0")
PILOT_COLOURS: dict[str, Color] = {
    "blue": hex_color("#2c5fb3"), "red": hex_color("#c0392b"),
    "green": hex_color("#2e8b3e"), "yellow": hex_color("#e0b000"),
}

def _capsule(c: Canvas, x: float, y: float, w: float, h: float, color: Color, look: Look,
             r: float | None = None) -> None:
    st, fl = paint(c, look, color)
    c.roundRect(x, y, w, h, r if r is not None else min(w, h) * 0.3, stroke=st, fill=fl)

def _figure(c: Canvas, cx: float, cy: float, s: float, color: Color, look: Look) -> None:
    """A crew member: head and shoulders, ``s`` tall, feet at cy."""
    st, fl = paint(c, look, color, solid=True)
    c.circle(cx, cy + s * 0.72, s * 0.22, stroke=st, fill=fl)
    p = c.beginPath()
    p.moveTo(cx - s * 0.34, cy)
    p.curveTo(cx - s * 0.34, cy + s * 0.42, cx + s * 0.34, cy + s * 0.42, cx + s * 0.34, cy)
    p.close()
    c.drawPath(p, stroke=st, fill=fl)

def icon_cabin(c: Canvas, w: float, look: Look, color: Color = CABIN) -> None:
    cx = cy = w / 2
    bw, bh = mm(10.5), mm(8.0)
    c.setLineWidth(0.9)
    if look.low_ink:
        c.setStrokeColor(color)
        c.roundRect(cx - bw / 2, cy - bh / 2, bw, bh, mm(2.4), stroke=1, fill=0)
    else:
        c.setFillColor(tint(color, 0.25))
        c.setStrokeColor(color)
        c.roundRect(cx - bw / 2, cy - bh / 2, bw, bh, mm(2.4), stroke=1, fill=1)
    for dx in (-mm(2.3), mm(2.3)):
        _figure(c, cx + dx, cy - bh / 2 + mm(0.6), mm(5.2), color, look)

def icon_pilot(c: Canvas, w: float, look: Look, colour: str) -> None:
    col = PILOT_COLOURS[colour]
    st, fl = paint(c, look, col)
    c.setLineWidth(1.2)
    c.circle(w / 2, w / 2, mm(6.0), stroke=st or 1, fill=fl)
    c.setStrokeColor(col)
    c.setFillColor(WHITE)
    c.circle(w / 2, w / 2, mm(4.9), stroke=0, fill=0 if look.low_ink else 1)
    icon_cabin(c, w, look, col)

def _nozzle(c: Canvas, cx: float, top: float, w: float, look: Look) -> None:
    """An engine bell from ``top`` down to the S edge, with exhaust flames inside it."""
    half_top, half_bottom = mm(1.4), mm(2.4)
    st, fl = paint(c, look, PIPE_INK, solid=True)
    polygon(c, [(cx - half_top, top), (cx + half_top, top), (cx + half_bottom, 0),
                (cx - half_bottom, 0)], st, fl)
    flame = hex_color("#f6c343")
    st, fl = paint(c, look, flame)
    polygon(c, [(cx - half_bottom * 0.62, 0), (cx, top - mm(1.2)),
                (cx + half_bottom * 0.62, 0)], st, fl)

def icon_engine(c: Canvas, w: float, look: Look, double: bool) -> None:
    cx = w / 2
    body_w = mm(11) if double else mm(7.5)
    body_y = w / 2 - mm(1.6)
    st, fl = paint(c, look, ENGINE)
    c.setLineWidth(0.9)
    c.roundRect(cx - body_w / 2, body_y, body_w, mm(6.2), mm(1.6), stroke=st, fill=fl)
    for dx in ((-mm(2.6), mm(2.6)) if double else (0.0,)):
        _nozzle(c, cx + dx, body_y + mm(0.2), w, look)
    c.setFillColor(ENGINE if look.low_ink else WHITE)
    mark = "2x" if double else ""
    if mark:
        centred_text(c, mark, cx, body_y + mm(3.4), mm(2.2), BOLD)

def icon_cannon(c: Canvas, w: float, look: Look, double: bool) -> None:
    cx = w / 2
    base_y = w / 2 - mm(2.0)
    st, fl = paint(c, look, CANNON)
    c.setLineWidth(0.9)
    c.roundRect(cx - mm(5.4 if double else 4.2), base_y - mm(2.4),
                mm(10.8 if double else 8.4), mm(4.2), mm(1.2), stroke=st, fill=fl)
    c.circle(cx, base_y + mm(1.4), mm(3.6 if double else 3.0), stroke=st, fill=fl)
    for dx in ((-mm(1.9), mm(1.9)) if double else (0.0,)):
        st2, fl2 = paint(c, look, PIPE_INK, solid=True)
        c.rect(cx + dx - mm(0.9), base_y + mm(3.0), mm(1.8), w - base_y - mm(3.0),
               stroke=st2, fill=fl2)
        c.rect(cx + dx - mm(1.25), w - mm(2.0), mm(2.5), mm(2.0), stroke=st2, fill=fl2)
    if double:
        c.setFillColor(CANNON if look.low_ink else WHITE)
        legible_text(c, "2x", cx, base_y - mm(0.3), mm(2.0), BOLD)

def icon_battery(c: Canvas, w: float, look: Look, cells: int) -> None:
    cw, ch, gap = mm(2.6), mm(8.0), mm(0.8)
    total = cells * cw + (cells - 1) * gap
    x0 = w / 2 - total / 2
    y0 = w / 2 - ch / 2 - mm(0.3)
    c.setLineWidth(0.9)
    for k in range(cells):
        x = x0 + k * (cw + gap)
        st, fl = paint(c, look, BATTERY)
        c.roundRect(x, y0, cw, ch, mm(0.8), stroke=st, fill=fl)
        c.rect(x + cw * 0.3, y0 + ch, cw * 0.4, mm(0.8), stroke=st, fill=fl)
        c.setFillColor(BATTERY if look.low_ink else WHITE)
        legible_text(c, "+", x + cw / 2, y0 + ch * 0.72, mm(1.6), BOLD)

def icon_shield(c: Canvas, w: float, look: Look) -> None:
    """The generator and three arcs over the quarter it guards (printed N and E)."""
    cx = cy = w / 2
    c.saveState()
    c.setStrokeColor(SHIELD)
    c.setLineCap(1)
    for k, r in enumerate((mm(3.2), mm(4.4), mm(5.6))):
        c.setLineWidth(1.6 - 0.3 * k)
        p = c.beginPath()
        p.arc(cx - r, cy - r, cx + r, cy + r, startAng=-4, extent=98)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
    st, fl = paint(c, look, SHIELD, solid=True)
    c.circle(cx - mm(0.8), cy - mm(0.8), mm(1.9), stroke=st, fill=fl)

CONTAINER = mm(4.6)
"""Side of a cargo container box: small enough to keep CONNECTOR_GAP from every connector."""
CONNECTOR_GAP = mm(1.2)


def container_spots(w: float, n: int) -> list[tuple[float, float]]:
    """Centres of the ``n`` (1-3) container boxes on a cargo tile ``w`` wide."""
    if n == 1:
        return [(w / 2, w / 2)]
    if n == 2:
        return [(w / 2 - mm(2.6), w / 2), (w / 2 + mm(2.6), w / 2)]
    return [(w / 2 - mm(2.6), w / 2 - mm(2.5)), (w / 2 + mm(2.6), w / 2 - mm(2.5)),
            (w / 2, w / 2 + mm(2.5))]


def _containers(c: Canvas, w: float, look: Look, n: int, color: Color, special: bool) -> None:
    s = CONTAINER
    for x, y in container_spots(w, n):
        c.setLineWidth(1.6 if special else 1.0)
        c.setStrokeColor(color)
        c.setFillColor(WHITE)
        c.rect(x - s / 2, y - s / 2, s, s, stroke=1, fill=0 if look.low_ink else 1)
        if special:  # hazard corners: reinforced containers
            st, fl = paint(c, look, color, solid=True)
            for fx, fy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                polygon(c, [(x + fx * s / 2, y + fy * s / 2),
                            (x + fx * s / 2 - fx * mm(1.5), y + fy * s / 2),
                            (x + fx * s / 2, y + fy * s / 2 - fy * mm(1.5))], st, fl)

def icon_structural(c: Canvas, w: float, look: Look) -> None:
    s = mm(9)
    x, y = w / 2 - s / 2, w / 2 - s / 2
    c.saveState()
    c.setStrokeColor(HULL if not look.low_ink else GREY)
    c.setLineWidth(1.4)
    c.rect(x, y, s, s, stroke=1, fill=0)
    c.setLineWidth(0.9)
    c.line(x, y, x + s, y + s)
    c.line(x, y + s, x + s, y)
    c.line(x + s / 2, y, x + s / 2, y + s)
    c.line(x, y + s / 2, x + s, y + s / 2)
    c.restoreState()

def icon_life(c: Canvas, w: float, look: Look, color: Color, letter: str) -> None:
    """Life support: a dome over a tank with vapour rings, lettered B or P for greyscale."""
    cx, cy = w / 2, w / 2 - mm(1.0)
    st, fl = paint(c, look, color)
    c.setLineWidth(0.9)
    c.roundRect(cx - mm(5), cy - mm(3.6), mm(10), mm(3.2), mm(0.8), stroke=st, fill=fl)
    p = c.beginPath()
    p.moveTo(cx - mm(4), cy - mm(0.4))
    p.arcTo(cx - mm(4), cy - mm(4.4), cx + mm(4), cy + mm(3.6), startAng=180, extent=-180)
    p.close()
    c.drawPath(p, stroke=st, fill=fl)
    c.setStrokeColor(color)
    c.setLineWidth(0.6)
    for k in range(3):
        r = mm(4.8) + k * mm(1.1)
        arc = c.beginPath()
        arc.arc(cx - r, cy - mm(0.4) - r, cx + r, cy - mm(0.4) + r, startAng=50, extent=80)
        c.drawPath(arc, stroke=1, fill=0)
    c.setFillColor(color if look.low_ink else WHITE)
    centred_text(c, letter, cx, cy + mm(1.2), mm(2.4), BOLD)

def draw_icon(c: Canvas, tile: Tile, w: float, look: Look) -> None:
    k = tile.kind
    if k is Kind.PILOT:
        icon_pilot(c, w, look, tile.colour or "blue")
    elif k is Kind.CABIN:
        icon_cabin(c, w, look)
    elif k.is_engine:
        icon_engine(c, w, look, k.is_double)
    elif k.is_cannon:
        icon_cannon(c, w, look, k.is_double)
    elif k is Kind.BATTERY:
        icon_battery(c, w, look, tile.capacity)
    elif k is Kind.SHIELD:
        icon_shield(c, w, look)
    elif k is Kind.CARGO:
        _containers(c, w, look, tile.capacity, CARGO, special=False)
    elif k is Kind.SPECIAL_CARGO:
        _containers(c, w, look, tile.capacity, SPECIAL, special=True)
    elif k is Kind.STRUCTURAL:
        icon_structural(c, w, look)
    elif k is Kind.LIFE_BROWN:
        icon_life(c, w, look, BROWN, "B")
    else:
        icon_life(c, w, look, PURPLE, "P")

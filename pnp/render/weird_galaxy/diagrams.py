"""The rules reference's diagrams: the moves, a trade mission's payoff and the station chain."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy.data import (
    ACTION_COSTS,
    POS_OF,
    SIZE,
    STATION_COSTS,
    STATIONS,
    TILE_AT,
    payoff,
)
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    fit_centred,
    hex_color,
    paragraph,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import Rect, mm
from pnp.render.weird_galaxy.art import (
    ACCENT,
    PLAYER_COLOURS,
    SPIT,
    cell_origin,
    draw_board,
    mini_tile,
    phredd_head,
    rank_of,
    rank_short,
    starship,
    station_disc,
    suit_of,
)


def moves_diagram(c: Canvas, box: Rect, look: Look) -> None:
    """Two 3 x 3 patches: where a starship can fly, and where Phredd can spit."""
    s = min(box.w / 3.4, (box.h - mm(30)) / 6.6)
    x = box.x + (box.w - 3 * s) / 2
    y = box.y2 - mm(2) - 3 * s
    grid = hex_color("#9b8fb8")

    def patch(px: float, py: float, shade: bool) -> None:
        for i in range(3):
            for j in range(3):
                if shade:
                    c.setFillColor(tint(SPIT, 0.35))
                    c.rect(px + i * s, py + j * s, s, s, stroke=0, fill=0 if look.low_ink else 1)
                c.setStrokeColor(grid)
                c.setLineWidth(0.6)
                c.rect(px + i * s, py + j * s, s, s, stroke=1, fill=0)

    patch(x, y, False)
    starship(c, x + 1.5 * s, y + 1.5 * s, s * 0.3, look)
    c.setStrokeColor(ACCENT)
    c.setFillColor(ACCENT)
    c.setLineWidth(1.1)
    for k in range(8):
        a = k * math.pi / 4
        dx, dy = math.cos(a), math.sin(a)
        if k % 2:
            dx, dy = dx * math.sqrt(2), dy * math.sqrt(2)
        x1, y1 = x + 1.5 * s + dx * s * 0.42, y + 1.5 * s + dy * s * 0.42
        x2, y2 = x + 1.5 * s + dx * s * 0.82, y + 1.5 * s + dy * s * 0.82
        c.line(x1, y1, x2, y2)
        ux, uy = (x2 - x1), (y2 - y1)
        n = math.hypot(ux, uy)
        ux, uy = ux / n, uy / n
        h = s * 0.12
        polygon(c, [(x2 + ux * h, y2 + uy * h), (x2 - uy * h * 0.7, y2 + ux * h * 0.7),
                    (x2 + uy * h * 0.7, y2 - ux * h * 0.7)], 0, 1)
    c.setFillColor(INK)
    ty = paragraph(c, f"Fly: one tile in any of the 8 directions, {ACTION_COSTS['move']} "
                   "point each.", box.x, y - mm(2), box.w, REGULAR, 8) - mm(3)
    py = ty - 3 * s
    patch(x, py, True)
    phredd_head(c, x + 1.5 * s, py + 1.5 * s, s * 0.32, look)
    starship(c, x + 2.5 * s, py + 2.5 * s, s * 0.22, look)
    c.setFillColor(INK)
    paragraph(c, "Phredd spits on one target on his own tile or one of the 8 around it: the "
              "ship in the corner is in range.", box.x, py - mm(2), box.w, REGULAR, 8)

def payoff_diagram(c: Canvas, bx: float, top: float, bw: float, look: Look) -> float:
    """The text's example on our grid: 4 of Suns to 4 of Summer, 2 columns + 4 rows = 3."""
    src, dst = POS_OF[("a", 4)], POS_OF[("f", 4)]
    s = min(bw / SIZE, mm(11.5))
    x = bx + (bw - SIZE * s) / 2
    y = top - mm(1) - SIZE * s
    draw_board(c, x, y, s, look, names=True, labels=False, faded=True)
    red = hex_color("#c0392b")
    for pos in (src, dst):
        ox, oy = cell_origin(pos, x, y, s)
        c.setFillColor(WHITE)  # the board's name for the cell goes under the tile
        c.rect(ox, oy, s, s, stroke=0, fill=1)
        mini_tile(c, suit_of(TILE_AT[pos][0]), rank_of(TILE_AT[pos][1]), ox, oy, s, look)
    sx, sy = cell_origin(src, x, y, s)
    dx, dy = cell_origin(dst, x, y, s)
    # the route runs low and to the right in the cells it crosses, clear of their names
    lane_y, lane_x = sy + s * 0.16, dx + s * 0.84
    c.setStrokeColor(red)
    c.setLineWidth(1.4)
    c.setDash(2.5, 1.6)
    c.line(sx + s, lane_y, lane_x, lane_y)
    c.line(lane_x, lane_y, lane_x, dy + s * 1.2)
    c.setDash()
    c.setFillColor(red)
    polygon(c, [(lane_x, dy + s), (lane_x - s * 0.1, dy + s * 1.2),
                (lane_x + s * 0.1, dy + s * 1.2)], 0, 1)
    distance = abs(src[0] - dst[0]) + abs(src[1] - dst[1])
    c.setFillColor(INK)
    text = (f"From the 4 of Suns to the 4 of Summer: {abs(src[1] - dst[1])} columns + "
            f"{abs(src[0] - dst[0])} rows = {distance} tiles. Half, rounded up: a payoff of "
            f"{payoff(src, dst)} Space Bucks.")
    return paragraph(c, text, bx, y - mm(2), bw, REGULAR, 8.5)

def station_chain(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """Home world, ace .. 5, black hole, each with its cost: the order stations go up in."""
    n = STATIONS
    step = w / n
    r = min(mm(5.5), step * 0.28)
    cy = top - r - mm(1)
    colour = PLAYER_COLOURS[0][1]
    for k in range(n):
        cx = x + (k + 0.5) * step
        if k:
            c.setStrokeColor(GREY)
            c.setLineWidth(0.8)
            c.line(cx - step + r + mm(1), cy, cx - r - mm(1.5), cy)
            c.setFillColor(GREY)
            polygon(c, [(cx - r - mm(0.6), cy), (cx - r - mm(1.8), cy + mm(0.8)),
                        (cx - r - mm(1.8), cy - mm(0.8))], 0, 1)
        station_disc(c, cx, cy, r, colour, look, k)
        c.setFillColor(INK)
        where = "black hole" if k == n - 1 else f"{rank_short(k)} tile"
        if k == 0:
            where = "home (null)"
        cost = {0: "free", 1: "1 Space Buck"}.get(STATION_COSTS[k],
                                                   f"{STATION_COSTS[k]} Space Bucks")
        fit_centred(c, where, BOLD, 7.5, cx, cy - r - mm(3.4), step - mm(1))
        fit_centred(c, cost, REGULAR, 7.5, cx, cy - r - mm(6.6), step - mm(1))
    return cy - r - mm(8)

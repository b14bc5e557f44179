"""The Spatial Delivery kit's id, colours and tracker address, and its drawing: hexes, planets,
the galaxy, action icons and power marks, and the page helpers the kit's pages share."""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.board import AXIAL, HEX_COUNT, HEX_NAMES, RING
from pnp.games.spatial_delivery.cards import (
    COLOUR_NAMES,
    COLOURS,
    DELIVERY_BONUS,
    FIRST_BONUS,
    SPACE,
)
from pnp.games.spatial_delivery.rules import tile_deal
from pnp.render import typescale as ts
from pnp.render.art import (
    CAP,
    GREY,
    INK,
    MIN_PRINTED_PT,
    WHITE,
    Look,
    centred_text,
    heading,
    hex_color,
    labelled_items,
    legible_text,
    paint,
    paragraph,
    polygon,
    printed_scale,
    tint,
)
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import mm
from pnp.render.options import KitOptions, table_url

GAME_ID = "spatial-delivery"
TITLE = "Spatial Delivery"
ACCENT = hex_color("#243b6b")
SQ3 = math.sqrt(3)
TILE_R = mm(22)  # hex tile circumradius: 38 mm across the flats
CARD_W, CARD_H = mm(63), mm(88)  # poker size
TOKEN = mm(12.7)  # 1/2 in: two fit side by side on a world of the one-piece map (27 mm)
STATION = mm(11)
SEGMENT_W, SEGMENT_H = mm(18), mm(5)
SCORE_TOKENS: tuple[tuple[int, int], ...] = ((1, 40), (2, 20), (3, 20), (5, 16))
SEGMENT_GREY = hex_color("#8f9bb0")
"""Route segments are neutral: routes belong to nobody (the rules text: "In actual play, Trade
Routes ... are not in player colors"); anyone's segment is part of anyone's route (SD-6)."""
GOODS_RGB: dict[str, Color] = {"Y": hex_color("#e9b824"), "B": hex_color("#2f7fd8"),
                               "P": hex_color("#e2559a"), "G": hex_color("#2ea35a")}
GOODS_WORD: dict[str, str] = {c: COLOUR_NAMES[c].split(" ")[0] for c in COLOURS}
PLAYERS: tuple[tuple[str, Color], ...] = (
    ("Red", hex_color("#d62828")), ("Violet", hex_color("#7b3fc4")),
    ("Orange", hex_color("#f28c1b")), ("White", hex_color("#f4f4f4")),
    ("Brown", hex_color("#7a4e2d")))
EARTH_BLUE = hex_color("#2a6fc9")
CREDIT = ("Spatial Delivery: a game by Rick Holzgrafe, developed by Helen Holzgrafe (Semicolon "
          "LLC, 2008/2017). Summary, layout and art: pnp-space.")


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "tracker": the sheet lets the tracker deal first."""
    return table_url(options, GAME_ID, "tracker")


# -- hex geometry and the galaxy map ----------------------------------------------------------

def hex_centre(h: int, r: float) -> tuple[float, float]:
    """Offset of hex ``h`` from Earth's centre, y up (pointy-top hexes, A1 lower left)."""
    q, s = AXIAL[h]
    return r * SQ3 * (q + s / 2), -1.5 * r * s


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(30 + 60 * k)),
             cy + r * math.sin(math.radians(30 + 60 * k))) for k in range(6)]


def galaxy_size(r: float) -> tuple[float, float]:
    return 7 * SQ3 * r, 11 * r


def draw_planet(c: Canvas, cx: float, cy: float, r: float, colour: Color, look: Look) -> None:
    stroke, fill = paint(c, look, colour)
    c.circle(cx, cy, r, stroke=stroke, fill=fill)
    c.saveState()
    c.setStrokeColor(colour if look.low_ink else tint(colour, 0.55))
    c.setLineWidth(max(0.6, r * 0.09))
    p = c.beginPath()
    p.ellipse(cx - r * 1.55, cy - r * 0.32, r * 3.1, r * 0.64)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def draw_earth(c: Canvas, cx: float, cy: float, r: float, look: Look) -> None:
    stroke, fill = paint(c, look, EARTH_BLUE)
    c.circle(cx, cy, r, stroke=stroke, fill=fill)
    land = hex_color("#5cb85c")
    c.saveState()
    p = c.beginPath()
    p.circle(cx, cy, r)
    c.clipPath(p, stroke=0, fill=0)
    s, f = paint(c, look, land)
    for dx, dy, rr in ((-0.35, 0.25, 0.42), (0.4, -0.3, 0.35), (0.25, 0.55, 0.18)):
        c.circle(cx + dx * r, cy + dy * r, rr * r, stroke=s, fill=f)
    c.restoreState()


def draw_stars(c: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    c.setFillColor(colour)
    # clear of the space's name (top), the goods letter (top) and the words (below centre)
    for dx, dy, k in ((-0.45, 0.2, 1.0), (0.4, 0.3, 0.7), (0.1, -0.45, 0.9), (-0.2, -0.1, 0.5),
                      (0.5, -0.15, 0.6), (-0.6, -0.3, 0.5)):
        c.circle(cx + dx * r, cy + dy * r, max(0.5, r * 0.035 * k), stroke=0, fill=1)


def _hex_words(c: Canvas, words: tuple[str, str], cx: float, cy: float, height: float,
               width: float) -> None:
    """A space's words in its lower half, or only its letter where the words would print
    under 5 pt (the small maps of the rules and the ring 3 sheet)."""
    long, short = words
    size = min(height / CAP, height / CAP * width / text_width(long, BOLD, height / CAP))
    if size * printed_scale(c) < MIN_PRINTED_PT:
        centred_text(c, short, cx, cy, max(height, MIN_PRINTED_PT * CAP / printed_scale(c)),
                     BOLD)
    else:
        centred_text(c, long, cx, cy, height, BOLD, width)


def draw_map_hex(c: Canvas, kind: str | None, name: str, cx: float, cy: float, r: float,
                 look: Look, *, note: str = "") -> None:
    """One map space: a tile's face (kind E, S or a goods letter) or an empty labelled space."""
    pts = hex_points(cx, cy, r * 0.985)
    if kind is None:
        c.saveState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.6)
        c.setDash(2, 2)
        polygon(c, pts, 1, 0)
        c.restoreState()
        c.setFillColor(GREY)
        centred_text(c, name, cx, cy + r * 0.1, r * 0.22, BOLD)
        if note:
            # a little under 5 pt is set at 5 pt; far under (the rules' small map) left out
            height = r * 0.1
            if height / CAP * printed_scale(c) > 4:
                height = max(height, MIN_PRINTED_PT * CAP / printed_scale(c))
            legible_text(c, note, cx, cy - r * 0.28, height, REGULAR, r * 1.4)
        return
    bg = hex_color("#eef2fa") if kind == SPACE else WHITE
    if not look.low_ink:
        c.setFillColor(bg if kind != SPACE else hex_color("#dfe5f2"))
        polygon(c, pts, 0, 1)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.8)
    polygon(c, pts, 1, 0)
    if kind == "E":
        draw_earth(c, cx, cy, r * 0.42, look)
        c.setFillColor(INK)
        _hex_words(c, ("E  Earth", "E"), cx, cy - r * 0.6, r * 0.13, r * 1.2)
        return
    if kind == SPACE:
        draw_stars(c, cx, cy, r, GREY)
        c.setFillColor(GREY)
        legible_text(c, "space", cx, cy - r * 0.2, r * 0.11, REGULAR)
    else:
        colour = GOODS_RGB[kind]
        draw_planet(c, cx, cy - r * 0.05, r * 0.3, colour, look)
        c.setFillColor(INK)
        _hex_words(c, (f"{GOODS_WORD[kind]} ({kind})", kind), cx, cy - r * 0.5, r * 0.12,
                   r * 1.45)
    c.setFillColor(INK)
    centred_text(c, name, cx, cy + r * 0.58, r * 0.17, BOLD)


def draw_galaxy(c: Canvas, cx: float, cy: float, r: float, kinds: Sequence[str | None],
                look: Look, notes: dict[int, str] | None = None) -> None:
    """The whole 37-space galaxy around Earth at (cx, cy); None kinds are empty spaces."""
    for h in range(HEX_COUNT):
        dx, dy = hex_centre(h, r)
        draw_map_hex(c, kinds[h], HEX_NAMES[h], cx + dx, cy + dy, r, look,
                     note=(notes or {}).get(h, ""))


def seed_layout(seed: int, rings: Sequence[int]) -> list[str | None]:
    """The engine's seeded tile deal, with the hexes of other rings left empty."""
    deal = tile_deal(seed)
    return [deal[h] if RING[h] in (0, *rings) else None for h in range(HEX_COUNT)]


# -- shared page furniture --------------------------------------------------------------------



def _para(c: Canvas, text: str, x: float, y: float, w: float, size: float = 8.8,
          font: str = REGULAR) -> float:
    c.setFillColor(INK)
    return paragraph(c, text, x, y, w, font, size) - mm(1.4)


def _bullets(c: Canvas, items: Sequence[tuple[str, str]], x: float, y: float, w: float,
             size: float = 8.6, label_w: float = mm(24)) -> float:
    return labelled_items(c, items, x, y, w, size, label_w, mm(1.2))


# -- action icons and power marks (cards, player aid, rules) ---------------------------------

ACTIONS = ("explore", "travel", "deliver", "card")
ACTION_WORDS = {"explore": "explore & build", "travel": "travel", "deliver": "deliver",
                "card": "card action"}
POWER_TIMING: dict[str, tuple[str, ...]] = {
    "F": ("explore", "travel"), "O": ("deliver",), "S": ("deliver",), "D": ("deliver",),
    "M": ("deliver",), "T": ("deliver",), "B": ("deliver", "card"), "E": ("deliver", "card"),
    "I": ("deliver", "card")}
POWER_MARK = {"F": "x2", "O": "?", "S": "0", "D": "+2", "M": "+2", "T": "+2", "B": "+1",
              "E": "2T", "I": "1st"}
POWER_TEXT: dict[str, str] = {
    "F": "Spent as fuel, this card pays for two route segments or two travel steps instead of "
         "one.",
    "O": "May go to a world of any goods type. Off-type deliveries never take the First "
         "Delivery token.",
    "S": "May go to a world whose score token is already gone: take a token of that ring's "
         "value from the supply.",
    "D": f"+{DELIVERY_BONUS['D']} when delivered to the outermost ring laid so far (ring 2 in "
         "rounds 1-2, ring 3 after).",
    "M": f"+{DELIVERY_BONUS['M']} when delivered from one of your own stations.",
    "T": f"+{DELIVERY_BONUS['T']} when delivered from a station of another player.",
    "B": "Take one more face-up card from the Goods Market, on delivery or as your card action.",
    "E": "Play a whole extra Trade Journey turn right after this one, on delivery or as your "
         "card action.",
    "I": "Put your spare player token on the first free space of the Next Turn track (already "
         "there: +1 point instead). On delivery or as your card action.",
}


POWER_SHORT: dict[str, str] = {
    "F": "as fuel: 2 segments or 2 steps", "O": "any world type (off-type: no 1st)",
    "S": "even where the token is gone", "D": "+2 in the outermost ring laid",
    "M": "+2 from your own station", "T": "+2 from another's station",
    "B": "take one more market card", "E": "play another whole turn",
    "I": "spare token to Next Turn (or +1)"}


def draw_action_icon(c: Canvas, action: str, cx: float, cy: float, s: float, colour: Color
                     ) -> None:
    """Our four action marks: a flag on a route, an arrow, a parcel, a star."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(max(0.5, s * 0.12))
    c.setLineCap(1)
    c.setLineJoin(1)
    if action == "explore":
        c.line(cx - s * 0.45, cy - s * 0.4, cx + s * 0.05, cy - s * 0.4)
        c.line(cx + s * 0.05, cy - s * 0.4, cx + s * 0.05, cy + s * 0.45)
        polygon(c, [(cx + s * 0.05, cy + s * 0.45), (cx + s * 0.5, cy + s * 0.28),
                    (cx + s * 0.05, cy + s * 0.1)], 0, 1)
    elif action == "travel":
        c.line(cx - s * 0.45, cy, cx + s * 0.2, cy)
        polygon(c, [(cx + s * 0.48, cy), (cx + s * 0.12, cy + s * 0.3),
                    (cx + s * 0.12, cy - s * 0.3)], 0, 1)
    elif action == "deliver":
        c.rect(cx - s * 0.4, cy - s * 0.38, s * 0.8, s * 0.62, stroke=1, fill=0)
        c.line(cx - s * 0.4, cy + s * 0.24, cx, cy + s * 0.45)
        c.line(cx, cy + s * 0.45, cx + s * 0.4, cy + s * 0.24)
        c.line(cx, cy - s * 0.38, cx, cy + s * 0.24)
    else:
        pts = []
        for k in range(10):
            rad = s * (0.48 if k % 2 == 0 else 0.2)
            a = math.radians(90 + 36 * k)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        polygon(c, pts, 0, 1)
    c.restoreState()


def draw_power_mark(c: Canvas, power: str, cx: float, cy: float, r: float, colour: Color,
                    look: Look) -> None:
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.6, r * 0.1))
    c.setFillColor(WHITE)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(INK)
    centred_text(c, POWER_MARK[power], cx, cy, r * 0.62, BOLD, r * 1.6)
    del look


def draw_rocket(c: Canvas, cx: float, cy: float, s: float, body: Color, look: Look,
            angle: float = 0.0) -> None:
    """Our spaceship: a finned rocket, ``s`` tall, centred at (cx, cy)."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.5, s * 0.04))
    c.setFillColor(body if not look.low_ink else WHITE)
    p = c.beginPath()
    p.moveTo(0, s * 0.5)
    p.curveTo(s * 0.2, s * 0.3, s * 0.18, -s * 0.1, s * 0.13, -s * 0.25)
    p.lineTo(s * 0.28, -s * 0.45)
    p.lineTo(-s * 0.28, -s * 0.45)
    p.lineTo(-s * 0.13, -s * 0.25)
    p.curveTo(-s * 0.18, -s * 0.1, -s * 0.2, s * 0.3, 0, s * 0.5)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(hex_color("#9fd3ff"))
    c.circle(0, s * 0.12, s * 0.08, stroke=1, fill=1)
    c.restoreState()


def bonus_table(c: Canvas, x: float, y: float, w: float) -> float:
    n = len(FIRST_BONUS) - 1
    cell = min(mm(14), (w - mm(24)) / n)
    row = mm(6)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.6)
    for k, (label, values) in enumerate((("tokens", [str(i) for i in range(1, n + 1)]),
                                         ("bonus", [str(FIRST_BONUS[i])
                                                    for i in range(1, n + 1)]))):
        yy = y - (k + 1) * row
        c.setFillColor(INK)
        c.setFont(BOLD, 8)
        c.drawString(x, yy + mm(1.8), label)
        for i, v in enumerate(values):
            c.rect(x + mm(22) + i * cell, yy, cell, row, stroke=1, fill=0)
            c.setFont(BOLD if k else REGULAR, 8.5)
            c.drawCentredString(x + mm(22) + i * cell + cell / 2, yy + mm(1.8), v)
    return y - 2 * row - mm(1)


def _heading(c: Canvas, x: float, y: float, text: str, size: float = ts.HEADING) -> float:
    """A heading in the kit's accent, a size of the one scale (``typescale``)."""
    return heading(c, x, y, text, ACCENT, size)

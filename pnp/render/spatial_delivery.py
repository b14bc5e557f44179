"""The Spatial Delivery kit: rules reference, seeded setup sheets, fillable score sheet, pieces.

Spatial Delivery is Rick Holzgrafe's trading game (development Helen Holzgrafe, Semicolon LLC,
2008/2017).  Tiles and cards come from the engine's data (``pnp.games.spatial_delivery.cards``
and ``board``); the setup sheets are drawn from the engine's seeded tile deal, so the tracker
opened from the QR code lays out the same galaxy.  Every hex is labelled with the name the
tracker's notation uses (E, A1-A6, B1-B12, C1-C18).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.board import AXIAL, HEX_COUNT, HEX_NAMES, RING, RING_HEXES
from pnp.games.spatial_delivery.cards import (
    COLOUR_NAMES,
    COLOURS,
    DELIVERY_BONUS,
    FIRST_BONUS,
    FUEL,
    FUEL_CARDS,
    POWERS,
    SCORE_TOKEN_BY_RING,
    SPACE,
    STATIONS_PER_PLAYER,
    all_goods,
)
from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS, tile_deal
from pnp.games.spatial_delivery.sheet import (
    COLOUR_FIELDS,
    MAX_PLAYERS,
    ROUND_ROWS,
    field_names,
)
from pnp.render.art import (
    CAP,
    GREY,
    INK,
    LIGHT,
    MIN_PRINTED_PT,
    WHITE,
    Look,
    centred_text,
    hex_color,
    legible_text,
    page_title,
    paint,
    paragraph,
    polygon,
    printed_scale,
    tint,
)
from pnp.render.art import SPACE as NIGHT
from pnp.render.calibration import calibration_pages
from pnp.render.components import (
    HeaderFn,
    SheetContext,
    blank_back,
    one_sided_sheets,
    two_sided_sheets,
)
from pnp.render.document import Page, fit_transform, scaled, write_pdf
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.marks import draw_fold_line
from pnp.render.options import KitOptions, table_url
from pnp.render.piecepack import Art, Piece
from pnp.render.qr import qr_block

GAME_ID = "spatial-delivery"
TITLE = "Spatial Delivery"
ACCENT = hex_color("#243b6b")
SQ3 = math.sqrt(3)
TILE_R = mm(22)  # hex tile circumradius: 38 mm across the flats
CARD_W, CARD_H = mm(63), mm(88)  # poker size
TOKEN = mm(16)
STATION = mm(11)
SEGMENT_W, SEGMENT_H = mm(18), mm(5)
SCORE_TOKENS: tuple[tuple[int, int], ...] = ((1, 40), (2, 20), (3, 20), (5, 16))
SEGMENTS_PER_COLOUR = 15  # SD-G12: segments are unlimited; 15 each covers a busy game
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


def kit_path(options: KitOptions) -> Path:
    return options.out / f"{GAME_ID}-seed{options.seed}-{options.paper}.pdf"


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


def _planet(c: Canvas, cx: float, cy: float, r: float, colour: Color, look: Look) -> None:
    stroke, fill = paint(c, look, colour)
    c.circle(cx, cy, r, stroke=stroke, fill=fill)
    c.saveState()
    c.setStrokeColor(colour if look.low_ink else tint(colour, 0.55))
    c.setLineWidth(max(0.6, r * 0.09))
    p = c.beginPath()
    p.ellipse(cx - r * 1.55, cy - r * 0.32, r * 3.1, r * 0.64)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _earth(c: Canvas, cx: float, cy: float, r: float, look: Look) -> None:
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


def _stars(c: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
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
        _earth(c, cx, cy, r * 0.42, look)
        c.setFillColor(INK)
        _hex_words(c, ("E  Earth", "E"), cx, cy - r * 0.6, r * 0.13, r * 1.2)
        return
    if kind == SPACE:
        _stars(c, cx, cy, r, GREY)
        c.setFillColor(GREY)
        legible_text(c, "space", cx, cy - r * 0.2, r * 0.11, REGULAR)
    else:
        colour = GOODS_RGB[kind]
        _planet(c, cx, cy - r * 0.05, r * 0.3, colour, look)
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



def _footer(c: Canvas, area: Rect) -> None:
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(area.x, area.y + mm(1), CREDIT)


def _heading(c: Canvas, x: float, y: float, text: str, size: float = 11.5) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, size)
    c.drawString(x, y - size, text)
    c.setFillColor(INK)
    return y - size - mm(2)


def _para(c: Canvas, text: str, x: float, y: float, w: float, size: float = 8.8,
          font: str = REGULAR) -> float:
    c.setFillColor(INK)
    return paragraph(c, text, x, y, w, font, size) - mm(1.4)


def _bullets(c: Canvas, items: Sequence[tuple[str, str]], x: float, y: float, w: float,
             size: float = 8.6, label_w: float = mm(24)) -> float:
    for head, body in items:
        c.setFillColor(INK)
        c.setFont(BOLD, size)
        c.drawString(x, y - size, head)
        y = paragraph(c, body, x + label_w, y, w - label_w, REGULAR, size) - mm(1.2)
    return y


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


def _rocket(c: Canvas, cx: float, cy: float, s: float, body: Color, look: Look,
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


# -- pieces: hex tiles ------------------------------------------------------------------------

def _hex_art(kind: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        cx, cy, r = w / 2, h / 2, h / 2
        pts = hex_points(cx, cy, r + bleed * 1.16)
        if not look.low_ink:
            c.setFillColor(NIGHT)
            polygon(c, pts, 0, 1)
        star = hex_color("#c9d3ee") if not look.low_ink else GREY
        text_colour = WHITE if not look.low_ink else INK
        if kind == "E":
            _earth(c, cx, cy, r * 0.45, look)
            c.setFillColor(text_colour)
            centred_text(c, "EARTH", cx, cy - r * 0.66, r * 0.12, BOLD)
        elif kind == SPACE:
            _stars(c, cx, cy, r, star)
            _stars(c, cx + r * 0.15, cy - r * 0.2, r * 0.6, star)
        else:
            _stars(c, cx, cy, r, star)
            colour = GOODS_RGB[kind]
            _planet(c, cx, cy + r * 0.02, r * 0.3, colour, look)
            c.setFillColor(text_colour)
            centred_text(c, GOODS_WORD[kind].upper(), cx, cy - r * 0.58, r * 0.11, BOLD, r)
            c.setFillColor(colour)
            centred_text(c, kind, cx, cy + r * 0.6, r * 0.14, BOLD)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        polygon(c, hex_points(cx, cy, r), 1, 0)  # the cut line
    return draw


def _hex_back(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    cx, cy, r = w / 2, h / 2, h / 2
    if not look.low_ink:
        c.setFillColor(hex_color("#2a2f4a"))
        polygon(c, hex_points(cx, cy, r + bleed * 1.16), 0, 1)
    ring = hex_color("#8f9bc7") if not look.low_ink else GREY
    c.setStrokeColor(ring)
    c.setLineWidth(0.8)
    for k in (0.25, 0.45, 0.65):
        polygon(c, hex_points(cx, cy, r * k), 1, 0)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    polygon(c, hex_points(cx, cy, r), 1, 0)


def hex_tiles() -> list[Piece]:
    """Earth plus the 36 galaxy tiles of SD-1, from the engine's tile pool."""
    from pnp.games.spatial_delivery.cards import TILE_POOL

    kinds = ["E", *[k for k in (*COLOURS, SPACE) for _ in range(TILE_POOL[k])]]
    words = {"E": "Earth tile", SPACE: "space tile",
             **{k: f"{GOODS_WORD[k]} world tile" for k in COLOURS}}
    return [Piece("tile", words[k], SQ3 * TILE_R, 2 * TILE_R, _hex_art(k), _hex_back)
            for k in kinds]


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
        _planet(c, (x0 + x1) / 2, h - mm(27), mm(8), colour, look)
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


def goods_back(colour_letter: str) -> Art:
    colour = GOODS_RGB[colour_letter]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if not look.low_ink:
            c.setFillColor(colour)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(tint(colour, 0.35))
            c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=0, fill=1)
        else:
            c.setStrokeColor(colour)
            c.setLineWidth(1.2)
            c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=1, fill=0)
        _planet(c, w / 2, h / 2 + mm(6), mm(11), colour, look)
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
    _rocket(c, (x0 + x1) / 2, h - mm(30), mm(24), red, look)
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
    if not look.low_ink:
        c.setFillColor(red)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(tint(red, 0.3))
        c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=0, fill=1)
    else:
        c.setStrokeColor(red)
        c.setLineWidth(1.2)
        c.roundRect(mm(4), mm(4), w - mm(8), h - mm(8), mm(3), stroke=1, fill=0)
    _rocket(c, w / 2, h / 2 + mm(8), mm(26), red, look)
    _flame(c, w / 2, h / 2 - mm(7), mm(6), look)
    c.setFillColor(INK)
    centred_text(c, "ROCKET FUEL", w / 2, h / 2 - mm(22), mm(3.2), BOLD)


def cards() -> list[Piece]:
    """The 60 goods cards (SD-3, from the engine's decks) and the 30 Rocket Fuel cards."""
    out = [Piece("card", f"{GOODS_WORD[code[0]]} {POWERS[code[1]]} card", CARD_W, CARD_H,
                 goods_card(code), goods_back(code[0])) for code in all_goods()]
    out += [Piece("card", "Rocket Fuel card", CARD_W, CARD_H, fuel_card, fuel_back)
            for _ in range(FUEL_CARDS)]
    return out


# -- pieces: tokens ---------------------------------------------------------------------------

def _disc(c: Canvas, w: float, bleed: float, look: Look, colour: Color) -> None:
    r = w / 2
    if look.low_ink:
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.circle(r, r, r - 0.8, stroke=1, fill=0)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.3)
        c.circle(r, r, r, stroke=1, fill=0)
    else:
        c.setFillColor(colour)
        c.circle(r, r, r + bleed, stroke=0, fill=1)


def _ink_on(colour: Color) -> Color:
    light = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.6
    return INK if light else WHITE


def score_token(value: int) -> Art:
    gold = hex_color("#d9a521")

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, gold)
        c.setFillColor(INK)
        centred_text(c, str(value), w / 2, h / 2 + mm(0.8), h * 0.36, BOLD)
        c.setFont(REGULAR, 5)
        c.drawCentredString(w / 2, h * 0.2, "market share")
    return draw


def first_token(colour_letter: str) -> Art:
    colour = GOODS_RGB[colour_letter]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, colour)
        c.setFillColor(_ink_on(colour) if not look.low_ink else INK)
        centred_text(c, "1st", w / 2, h / 2 + mm(1.2), h * 0.28, BOLD)
        centred_text(c, GOODS_WORD[colour_letter], w / 2, h * 0.22, h * 0.09, BOLD, w * 0.8)
    return draw


def ship_token(player: int, passed: bool) -> Art:
    colour = PLAYERS[player][1]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, hex_color("#1b2238"))
        c.setStrokeColor(colour)
        c.setLineWidth(1.4)
        c.circle(w / 2, h / 2, w / 2 - mm(1), stroke=1, fill=0)
        _rocket(c, w / 2, h / 2 + (0 if not passed else mm(1)), h * 0.62, colour, look,
                -90 if passed else 0)
        if passed:
            c.setFillColor(WHITE if not look.low_ink else INK)
            centred_text(c, "passed", w / 2, h * 0.2, h * 0.082, BOLD)
    return draw


def player_token(player: int) -> Art:
    name, colour = PLAYERS[player]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, colour)
        c.setStrokeColor(_ink_on(colour) if not look.low_ink else colour)
        c.setLineWidth(1)
        c.circle(w / 2, h / 2, w * 0.3, stroke=1, fill=0)
        c.setFillColor(_ink_on(colour) if not look.low_ink else INK)
        centred_text(c, name[0], w / 2, h / 2, h * 0.25, BOLD)
    return draw


def round_marker(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    _disc(c, w, bleed, look, hex_color("#c9d3ee"))
    c.setFillColor(INK)
    centred_text(c, "ROUND", w / 2, h / 2, h * 0.13, BOLD)


def station_token(player: int) -> Art:
    colour = PLAYERS[player][1]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        stroke, fill = paint(c, look, colour)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=stroke, fill=fill)
        ink = _ink_on(colour) if not look.low_ink else INK
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        c.setLineWidth(0.7)
        c.arc(w * 0.22, h * 0.3, w * 0.78, h * 0.86, 0, 180)  # a dome
        c.line(w * 0.16, h * 0.58, w * 0.84, h * 0.58)
        c.line(w * 0.3, h * 0.58, w * 0.3, h * 0.22)
        c.line(w * 0.7, h * 0.58, w * 0.7, h * 0.22)
        if look.low_ink:
            c.setStrokeColor(LIGHT)
            c.setLineWidth(0.3)
            c.rect(0, 0, w, h, stroke=1, fill=0)
    return draw


def segment_token(player: int) -> Art:
    colour = PLAYERS[player][1]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        stroke, fill = paint(c, look, colour)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=stroke, fill=fill)
        c.setStrokeColor(_ink_on(colour) if not look.low_ink else colour)
        c.setLineWidth(0.5)
        c.setDash(1.5, 1.5)
        c.line(mm(1.5), h / 2, w - mm(1.5), h / 2)
        c.setDash()
    return draw


def tokens() -> list[Piece]:
    """Score tokens, First Delivery tokens, ships, player tokens and the round marker (16 mm)."""
    out = [Piece("token", f"score token {v}", TOKEN, TOKEN, score_token(v), score_token(v),
                 round=True) for v, n in SCORE_TOKENS for _ in range(n)]
    out += [Piece("token", f"{GOODS_WORD[k]} First Delivery token", TOKEN, TOKEN,
                  first_token(k), first_token(k), round=True) for k in COLOURS for _ in range(5)]
    for p in range(MAX_PLAYERS):
        out.append(Piece("token", f"{PLAYERS[p][0]} spaceship", TOKEN, TOKEN,
                         ship_token(p, False), ship_token(p, True), round=True))
        out += [Piece("token", f"{PLAYERS[p][0]} player token", TOKEN, TOKEN, player_token(p),
                      player_token(p), round=True) for _ in range(2)]
    out.append(Piece("token", "round marker", TOKEN, TOKEN, round_marker, round_marker,
                     round=True))
    return out


def stations() -> list[Piece]:
    return [Piece("station", f"{PLAYERS[p][0]} trade station", STATION, STATION,
                  station_token(p), station_token(p))
            for p in range(MAX_PLAYERS) for _ in range(STATIONS_PER_PLAYER)]


def segments() -> list[Piece]:
    return [Piece("segment", f"{PLAYERS[p][0]} route segment", SEGMENT_W, SEGMENT_H,
                  segment_token(p), segment_token(p))
            for p in range(MAX_PLAYERS) for _ in range(SEGMENTS_PER_COLOUR)]


# -- one-sided boards: round track, turn order card, player aids ------------------------------

def _track_boxes(c: Canvas, x: float, y: float, n: int, box: float, labels: Sequence[str],
                 dashed_from: int | None = None) -> None:
    for k in range(n):
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1)
        if dashed_from is not None and k >= dashed_from:
            c.setDash(2, 2)
        c.rect(x + k * (box + mm(2)), y, box, box, stroke=1, fill=0)
        c.setDash()
        c.setFillColor(INK if dashed_from is None or k < dashed_from else GREY)
        centred_text(c, labels[k], x + k * (box + mm(2)) + box / 2, y + box / 2, box * 0.3,
                     BOLD, box * 0.9)


def round_track(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), h - mm(7), "Round track")
    box = mm(10)
    x0 = mm(4)
    _track_boxes(c, x0, h - mm(26), ROUND_ROWS, box, [str(n) for n in range(1, ROUND_ROWS + 1)],
                 DEFAULT_ROUNDS)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(x0, h - mm(30), f"Rounds 6-{ROUND_ROWS} only if you agreed to play longer.")
    gx = x0 + 2 * (box + mm(2)) - mm(1)
    c.setStrokeColor(hex_color("#c8421e"))
    c.setLineWidth(1.6)
    c.line(gx, h - mm(28), gx, h - mm(9))
    c.setFillColor(hex_color("#c8421e"))
    c.setFont(BOLD, 6.5)
    c.drawString(gx + mm(1), h - mm(9.5), "lay ring 3 here")
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), mm(17), "This Turn")
    _track_boxes(c, mm(30), mm(6), MAX_PLAYERS, mm(14), ["1st", "2nd", "3rd", "4th", "5th"])
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(mm(4), mm(11), "player tokens")
    c.drawString(mm(4), mm(7.5), "in turn order")


def turn_order_card(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), h - mm(7), "Next Turn")
    box = mm(13)
    _track_boxes(c, mm(4), mm(9), MAX_PLAYERS, box, ["1st", "2nd", "3rd", "4th", "5th"])
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.3)
    c.drawString(mm(4), mm(4.5), "Initiative: spare token on the first free space. At the "
                 "end of the round this")
    c.drawString(mm(4), mm(1.8), "order goes first; everyone else follows in their old order.")


def player_aid(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    x, iw = mm(4), w - mm(8)
    y = _heading(c, x, h - mm(3), "Spatial Delivery - player aid", 10)
    y = _para(c, "A round: Goods Market (2 fuel each, then 4 picks each in turn order), Trade "
              "Journey (turns until all pass), Return to Earth.", x, y, iw, 6.8)
    y = _heading(c, x, y, "Your turn, in this order (each at most once)", 8.2)
    for action, text in (
            ("explore", "Explore & build: new segments from your ship to a new station."),
            ("travel", "Or travel: 1 card per step to the next station along the routes."),
            ("deliver", "Deliver one good at a world next to your station."),
            ("card", "Card action: discard a card for its power. No action at all = pass.")):
        draw_action_icon(c, action, x + mm(2), y - mm(1.5), mm(3.2), INK)
        y = paragraph(c, text, x + mm(6), y, iw - mm(6), REGULAR, 6.8) - mm(0.5)
    y = _heading(c, x, y - mm(0.5), "Costs and points", 8.2)
    y = _para(c, "Explore: 1 card per new segment + 1 matching goods card per world next to the "
              "station (one may be off-type if 2-3 worlds). Station: +1, and +1 per world next "
              "to it. Delivery: the world's score token (ring 1: 1, 2: 2, 3: 3) and its First "
              "Delivery token; the station's owner +1 if it is not yours.", x, y, iw, 6.6)
    y = _heading(c, x, y, "Powers", 8.2)
    for power in POWERS:
        draw_power_mark(c, power, x + mm(2.1), y - mm(1.9), mm(2.1), ACCENT, look)
        c.setFillColor(INK)
        c.setFont(BOLD, 6.3)
        c.drawString(x + mm(5.2), y - mm(2.7), POWERS[power])
        c.setFont(REGULAR, 6.3)
        c.drawString(x + mm(30), y - mm(2.7), POWER_SHORT[power])
        y -= mm(4.5)
    c.setFillColor(INK)
    c.setFont(BOLD, 6.8)
    c.drawString(x, y - mm(3), "End bonus per colour of First Delivery tokens")
    bonus = "   ".join(f"{n} token{'s' if n > 1 else ''}: {FIRST_BONUS[n]}"
                       for n in range(1, len(FIRST_BONUS)))
    c.setFont(REGULAR, 6.6)
    c.drawString(x, y - mm(6.3), bonus)


def board_pieces() -> list[Piece]:
    out = [Piece("board", "round track board", mm(114), mm(58), round_track),
           Piece("board", "turn order card", mm(90), mm(36), turn_order_card)]
    out += [Piece("aid", "player aid", mm(86), mm(122), player_aid) for _ in range(MAX_PLAYERS)]
    return out


# -- text pages: rules reference ---------------------------------------------------------------

def _rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Spatial Delivery", "Rules reference 1/2 - 3 to 5 players, about "
                       "90 minutes. Trade from Earth to the settled worlds for market share.",
                       ACCENT)
        col = (area.w - mm(8)) / 2
        x2 = area.x + col + mm(8)
        top = y
        y = _heading(c, area.x, y, "The idea")
        y = _para(c, "Earth sits in the middle of a galaxy of hex tiles. Each round you pick "
                  "up goods on Earth, blaze trade routes along the borders between hexes, build "
                  "stations where three hexes meet and deliver goods to the worlds next to "
                  "them. Points are market share; after the last round (five, unless you "
                  "agree otherwise) the most market share wins.", area.x, y, col)
        y = _heading(c, area.x, y - mm(1), "A round")
        y = _bullets(c, (
            ("1 Market", "Everyone takes 2 Rocket Fuel cards. Then, in turn order, take one "
                         "face-up goods card at a time until each player has 4 new ones. "
                         "Turn up the next card of that pile at once (reshuffle its discards "
                         "when the pile is empty). Hands have no limit."),
            ("2 Journey", "In turn order, play turns (next page) until every player has "
                          "passed."),
            ("3 Return", "Ships go back to Earth. Worlds that lost their score token get a "
                         "new one. Move the round marker. Players on the Next Turn track go "
                         "first next round, in that order; the others follow in their old "
                         "order."),
        ), area.x, y, col, 8.6, mm(17))
        y = _heading(c, area.x, y - mm(1), "Setting up")
        steps = (
            "Earth in the middle; shuffle the other 36 hexes face down and lay 18 as rings "
            "1 and 2 (or use the setup sheet for your seed). Keep the other 18 face down: "
            "they become ring 3 after round 2.",
            "Sort the goods cards into four piles by type, shuffle each and turn the top card "
            "of each face up: that is the Goods Market. Fuel cards form the Fuel Depot.",
            "On every world: a First Delivery token of its colour and a score token (1 in "
            "ring 1, 2 in ring 2, 3 in ring 3).",
            "Each player: a spaceship on Earth, 9 stations, 2 player tokens (one on the "
            "This Turn track in turn order), a player aid.",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.6)
            c.drawString(area.x, y - 8.6, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(4), y, col - mm(4), REGULAR, 8.6) - mm(1.2)
        left_bottom = y
        # right column: the galaxy diagram
        y = _heading(c, x2, top, "The galaxy and its names")
        r = col / (7 * SQ3)
        gh = galaxy_size(r)[1]
        cy = y - gh / 2 - mm(1)
        kinds: list[str | None] = [None] * HEX_COUNT
        kinds[0] = "E"
        for h in RING_HEXES[1]:
            kinds[h] = None
        draw_galaxy(c, x2 + col / 2, cy, r, kinds, look,
                    {h: f"ring {RING[h]}" for h in range(1, HEX_COUNT)})
        y = cy - gh / 2 - mm(3)
        y = _para(c, "Every space has a name, used on the setup sheet and in the tracker: E "
                  "for Earth, A1-A6 (ring 1), B1-B12 (ring 2), C1-C18 (ring 3). A corner is "
                  "named by its three hexes (A1B1B2), a border by its two (A1|B2).", x2, y,
                  col, 8.2)
        y = min(y, left_bottom) - mm(2)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        _explore_diagram(c, Rect(area.x, area.y + mm(7), area.w, y - mm(3) - area.y - mm(7)),
                         look)
        _footer(c, area)

    return Page(size, draw, "Spatial Delivery - rules reference 1/2")


EXAMPLE_TILES = {"A1": "P", "A2": "S", "A3": "Y", "A4": "G", "A5": "S", "A6": "B",
                 "B1": "G", "B2": "B", "B3": "S", "B12": "S", "B11": "Y", "B4": "P"}
EXAMPLE_ROUTE = ("EA1A2", "A1A2B2", "A1B1B2")


def _corner_xy(name: str, ox: float, oy: float, r: float) -> tuple[float, float]:
    from pnp.games.spatial_delivery.board import CORNER_BY_NAME, CORNERS

    hexes = CORNERS[CORNER_BY_NAME[name]]
    pts = [hex_centre(h, r) for h in hexes]
    return ox + sum(p[0] for p in pts) / 3, oy + sum(p[1] for p in pts) / 3


def _explore_diagram(c: Canvas, box: Rect, look: Look) -> None:
    """A worked exploration: two new segments from Earth to a station beside three worlds."""
    _heading(c, box.x, box.y2, "Explore and build, an example")
    r = min((box.h - mm(12)) / 7.2, box.w * 0.45 / (5 * SQ3))
    ox = box.x + r * SQ3 * 2.6
    oy = box.y2 - mm(9) - r * 3.3
    from pnp.games.spatial_delivery.board import HEX_BY_NAME

    for name, kind in (("E", "E"), *EXAMPLE_TILES.items()):
        h = HEX_BY_NAME[name]
        dx, dy = hex_centre(h, r)
        draw_map_hex(c, kind, name, ox + dx, oy + dy, r, look)
    pts = [_corner_xy(n, ox, oy, r) for n in EXAMPLE_ROUTE]
    c.setStrokeColor(PLAYERS[0][1])
    c.setLineWidth(3.2)
    c.setLineCap(1)
    for a, b in itertools.pairwise(pts):
        c.line(a[0], a[1], b[0], b[1])
    sx, sy = pts[-1]
    c.setFillColor(PLAYERS[0][1])
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(sx - mm(2), sy - mm(2), mm(4), mm(4), stroke=1, fill=1)
    _rocket(c, pts[0][0] - mm(2.5), pts[0][1] + mm(1), mm(5), PLAYERS[0][1], look)
    tx = box.x + box.w * 0.5
    tw = box.x2 - tx
    y = box.y2 - mm(8)
    texts = (
        "Red's ship is on Earth. Red blazes a route from Earth's corner EA1A2 along the "
        "borders A1|A2 and A1|B2 and builds a station at the corner A1B1B2.",
        "Segments: 2 new, so 2 cards (fuel, or any card). Station: it touches three worlds "
        "(pink A1, green B1, blue B2), so three goods cards, one per world; with two or more "
        "worlds one of them may be of another type. Red pays R, R, Robotics, Science and "
        "Culture (instead of Medicine).",
        "Red scores 1 for the station and 1 per world beside it: 4. The ship moves to the new "
        "station, where Red may deliver at once.",
        "Routes may reuse built segments for free (anyone's), must add at least one new one, "
        "and may not pass Earth or a station. No station next to Earth, at the rim or beside "
        "no world; one station per corner, one segment per border.",
    )
    for t in texts:
        y = _para(c, t, tx, y, tw, 8.4)


def _rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Spatial Delivery", "Rules reference 2/2 - a Trade Journey turn, "
                       "card powers, the end", ACCENT)
        col = (area.w - mm(8)) / 2
        x2 = area.x + col + mm(8)
        top = y
        y = _heading(c, area.x, y, "A turn: up to three actions, in order")
        items = (
            ("explore", "1 Trade mission: explore and build (page 1) OR travel. Travel moves "
                        "your ship along built routes; one step ends at the next station "
                        "(anyone's) or Earth and costs one card. Take as many steps as you "
                        "pay for."),
            ("deliver", "2 Deliver one good: your ship is at a station next to a world of "
                        "the card's type that still has its score token. Take the score "
                        "token, and the First Delivery token if it is there. If the station "
                        "is not yours its owner scores 1. Discard the card."),
            ("card", "3 Card action: discard one goods card to use a power marked with the "
                     "star (Barter, Enterprise, Initiative). It is always the last thing you "
                     "do."),
        )
        for action, text in items:
            draw_action_icon(c, action, area.x + mm(2.5), y - mm(2), mm(4.2), ACCENT)
            y = _para(c, text, area.x + mm(7), y, col - mm(7), 8.6)
        y = _para(c, "Skip all three and you have passed: lay your ship on its side (turn "
                  "the ship token over); you play no more turns this round. Spent goods go "
                  "face up to their type's discard pile, spent fuel back to the depot.",
                  area.x, y - mm(1), col, 8.6)
        y = _heading(c, area.x, y - mm(1), "Card anatomy")
        cw = CARD_W * 5 / 6  # its smallest words (6 pt) print at 5 pt
        ch = cw * CARD_H / CARD_W
        c.saveState()
        c.translate(area.x, y - ch)
        c.scale(cw / CARD_W, ch / CARD_H)
        goods_card("BD")(c, CARD_W, CARD_H, 0.0, look)
        c.restoreState()
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.5)
        c.rect(area.x, y - ch, cw, ch, stroke=1, fill=0)
        lx = area.x + cw + mm(4)
        ly = y - mm(1)
        for head, text in (
                ("Type", "the world it sells to (letter and colour)"),
                ("Power", "its mark in the circle"),
                ("When", "the four action marks: black = the power works then, faded = "
                         "not. Explore, travel, deliver, card action."),
                ("Code", "what you type in the tracker")):
            c.setFont(BOLD, 8)
            c.setFillColor(INK)
            c.drawString(lx, ly - 8, head)
            ly = paragraph(c, text, lx + mm(11), ly, col - cw - mm(15), REGULAR, 8) - mm(1)
        y = min(ly, y - ch) - mm(3)
        y = _heading(c, area.x, y, "The end")
        y = _para(c, "After the last round each player scores a bonus for each colour of First "
                  "Delivery tokens held:", area.x, y, col, 8.6)
        y = _bonus_table(c, area.x, y, col) - mm(2)
        y = _para(c, "Most market share wins. Ties: the most First Delivery tokens, then the "
                  "most stations built.", area.x, y, col, 8.6)
        # right column: powers
        y = _heading(c, x2, top, "Card powers")
        for power, name in POWERS.items():
            draw_power_mark(c, power, x2 + mm(3.2), y - mm(3), mm(3.1), ACCENT, look)
            c.setFillColor(INK)
            c.setFont(BOLD, 8.6)
            c.drawString(x2 + mm(8), y - 8.6, name)
            c.setFont(OBLIQUE, 7)
            c.setFillColor(GREY)
            c.drawRightString(x2 + col, y - 8.6, " / ".join(ACTION_WORDS[a]
                                                           for a in POWER_TIMING[power]))
            y = paragraph(c, POWER_TEXT[power], x2 + mm(8), y - mm(4), col - mm(8), REGULAR,
                          8.2) - mm(2)
        y = _heading(c, x2, y - mm(1), "Ring 3 and the round track")
        y = _para(c, "After round 2, lay the 18 face-down tiles as ring 3 (the folded page of "
                  "the setup sheet shows where), with First Delivery tokens and score tokens "
                  "of 3 on its worlds. From round 3 on, Distant Market pays for ring 3.",
                  x2, y, col, 8.4)
        y = _heading(c, x2, y - mm(1), "Logging in the tracker")
        _para(c, "Scan the QR code on the setup sheet. Type moves in the tracker's notation "
              "(the tracker lists the legal entries), for example B:EA1A2-A1A2B2-A1B1B2:"
              "R.R.PM.GS.YT to explore, D:BB>B2 to deliver. The score sheet is checked by the "
              "tracker or 'pnp check-sheet'.", x2, y, col, 8.4)
        _footer(c, area)

    return Page(size, draw, "Spatial Delivery - rules reference 2/2")


def _bonus_table(c: Canvas, x: float, y: float, w: float) -> float:
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


# -- text pages: setup, ring 3, one-piece map ----------------------------------------------------

def _setup_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    url = tracker_url(options)
    kinds = seed_layout(options.seed, (1, 2))

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Spatial Delivery - setup for seed {options.seed}",
                       "Rings 1 and 2 as the seed deals them; the tracker lays out the same galaxy "
                       "from this seed.", ACCENT)
        r = mm(12.5)
        gh = galaxy_size(r)[1]
        cx, cy = area.cx, y - gh / 2 - mm(2)
        notes = {h: "ring 3: later" for h in RING_HEXES[3]}
        draw_galaxy(c, cx, cy, r, kinds, look, notes)
        y = cy - gh / 2 - mm(5)
        qr = mm(32)
        tw = area.w - qr - mm(8)
        words = {SPACE: "space", **{k: f"{GOODS_WORD[k]} world" for k in COLOURS}}
        lines = [f"Ring {k}: " + ", ".join(f"{HEX_NAMES[h]} {words[str(kinds[h])]}"
                                          for h in RING_HEXES[k]) for k in (1, 2)]
        for line in lines:
            y = _para(c, line, area.x, y, tw, 7.6)
        steps = (
            "Cut the hex tiles (or use the one-piece map). Earth in the middle, then lay each "
            "ring 1 and ring 2 tile on its named space as shown. The ring 3 tiles stay face "
            "down: the folded page tells where they go after round 2.",
            "Each world gets a First Delivery token of its colour and a score token: 1 in "
            f"ring 1, {SCORE_TOKEN_BY_RING[2]} in ring 2.",
            "Four goods piles by type, shuffled, top card face up; the fuel cards face up "
            "beside them. Round marker on round 1.",
            "Turn order is the order you enter the players in the tracker; player tokens on "
            "the This Turn track in that order, ships on Earth.",
            "In the tracker, either let it deal (it lays these same tiles and names each card "
            "to turn up: take that card from its pile) or have the table reveal (type the tiles "
            "as you laid them, A1=P and so on, then each card you turn up).",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.4)
            c.setFillColor(INK)
            c.drawString(area.x, y - 8.4, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(4), y, tw - mm(4), REGULAR, 8.4) - mm(1)
        qr_block(c, url, area.x2 - qr, cy - gh / 2 - mm(4) - qr, qr, left=area.x,
                 right=area.x2)
        _footer(c, area)

    return Page(size, draw, f"Spatial Delivery - setup, seed {options.seed}")


def _ring3_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    kinds = seed_layout(options.seed, (1, 2, 3))
    mid = size[1] / 2

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Ring 3 for seed {options.seed} - keep folded",
                       "Fold this sheet in half on the dashed line, printed side in, before the "
                       "game. Open it only when round 2 is over.", ACCENT)
        c.setFillColor(hex_color("#c8421e"))
        centred_text(c, "DO NOT OPEN BEFORE THE END OF ROUND 2", area.cx, (y + mid) / 2 + mm(8),
                     mm(5), BOLD, area.w)
        c.setFillColor(INK)
        centred_text(c, "Ring 3 of the galaxy is still unexplored.", area.cx,
                     (y + mid) / 2 - mm(3), mm(2.8), REGULAR, area.w)
        _rocket(c, area.cx, (y + mid) / 2 - mm(22), mm(20), PLAYERS[2][1], look)
        draw_fold_line(c, "y", mid, size, area)
        # lower half: the whole galaxy, ring 3 revealed
        r = min((mid - area.y - mm(26)) / 11, area.w * 0.62 / (7 * SQ3))
        gw, gh = galaxy_size(r)
        top = mid - mm(8)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 11)
        c.drawString(area.x, top - 11, "After round 2: lay ring 3")
        cx = area.x + gw / 2
        cy = top - mm(6) - gh / 2
        draw_galaxy(c, cx, cy, r, kinds, look)
        tx = area.x + gw + mm(6)
        tw = area.x2 - tx
        words = {SPACE: "space", **{k: f"{GOODS_WORD[k]} world" for k in COLOURS}}
        yy = top - mm(7)
        for h in RING_HEXES[3]:
            c.setFillColor(INK)
            c.setFont(BOLD, 8)
            c.drawString(tx, yy - 8, HEX_NAMES[h])
            c.setFont(REGULAR, 8)
            c.drawString(tx + mm(9), yy - 8, words[str(kinds[h])])
            yy -= mm(3.9)
        yy = _para(c, "Worlds in ring 3 get a First Delivery token of their colour and a score "
                   f"token of {SCORE_TOKEN_BY_RING[3]}. The tracker asks for these tiles after "
                   "round 2 (in seeded play it lays them itself).", tx, yy - mm(2), tw, 7.6)
        _footer(c, area)

    return Page(size, draw, f"Spatial Delivery - ring 3, seed {options.seed}")


def _map_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    kinds = seed_layout(options.seed, (1, 2))

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Spatial Delivery - one-piece map, seed {options.seed}",
                       "Instead of cutting the 37 hex tiles: play on this sheet. Tokens, stations "
                       "and segments go on it as on the tiles.", ACCENT)
        r = min(area.w / (7 * SQ3), (y - area.y - mm(30)) / 11)
        gh = galaxy_size(r)[1]
        cx, cy = area.cx, y - gh / 2 - mm(1)
        draw_galaxy(c, cx, cy, r, kinds, look,
                    {h: "after round 2" for h in RING_HEXES[3]})
        y = cy - gh / 2 - mm(4)
        y = _para(c, "Ring 3 is left blank: after round 2 open the folded ring 3 page and "
                  "write each C space's goods letter (Y, B, P, G) or 'space' into it with a "
                  "pencil, then put a First Delivery token of its colour and a score token of "
                  f"{SCORE_TOKEN_BY_RING[3]} on each new world. The map's spaces are smaller "
                  "than the hex tiles: route segments may overhang a border a little.",
                  area.x, y, area.w, 8.6)
        _footer(c, area)

    return Page(size, draw, f"Spatial Delivery - map, seed {options.seed}")


# -- the score sheet ---------------------------------------------------------------------------

ROW_LABELS: tuple[tuple[str, str], ...] = (
    ("name", "Player"),
    *[(f"r{n}", f"Round {n}") for n in range(1, ROUND_ROWS + 1)],
    *[(f"fd_{c}", f"1st tokens: {GOODS_WORD[c.upper()]}") for c in COLOUR_FIELDS],
    ("bonus", "End bonus"),
    ("stations", "Stations built"),
    ("total", "Total"),
)


def score_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """The rectangle of every form field on the score sheet, by field name."""
    area = printable_area(size)
    top = area.y2 - mm(30)
    label_w = mm(38)
    col_w = (area.w - label_w) / MAX_PLAYERS
    row_h = mm(7.6)
    fields: dict[str, Rect] = {}
    for k, (key, _) in enumerate(ROW_LABELS):
        gap = mm(3) if key in ("fd_y", "bonus") else 0.0
        top -= gap
        y = top - (k + 1) * row_h
        for i in range(MAX_PLAYERS):
            x = area.x + label_w + i * col_w
            fields[f"p{i + 1}_{key}"] = Rect(x + 1.5, y + 1.5, col_w - 3, row_h - 3)
    fields["seed"] = Rect(area.x + mm(14), area.y2 - mm(27), mm(24), mm(7))
    fields["rounds"] = Rect(area.x + mm(66), area.y2 - mm(27), mm(12), mm(7))
    last = min(r.y for r in fields.values())
    fields["winner"] = Rect(area.x + mm(20), last - mm(12), area.w * 0.55 - mm(20), mm(8))
    return fields


def _score_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = score_layout(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        page_title(c, area, "Spatial Delivery - score sheet",
                   "Write each player's market share per round, and at the end the First Delivery "
                   "tokens held. Fill it by hand, or type into the PDF.", ACCENT)
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        c.drawString(area.x, fields["seed"].y + mm(2.2), "Seed")
        c.drawString(fields["seed"].x2 + mm(4), fields["rounds"].y + mm(2.2), "Rounds")
        for name in ("seed", "rounds"):
            _field_box(c, fields[name], look)
        label_x = area.x
        for k, (key, label) in enumerate(ROW_LABELS):
            first = fields[f"p1_{key}"]
            row = Rect(area.x, first.y - 1.5, area.w, first.h + 3)
            num = key[1:]
            shaded = (key.startswith("r") and num.isascii() and num.isdigit()
                      and int(num) > DEFAULT_ROUNDS)
            if not look.low_ink and (k % 2 == 0 or key == "total"):
                c.setFillColor(hex_color("#eef1f8") if key != "total" else
                               tint(ACCENT, 0.2))
                c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
            c.setFillColor(GREY if shaded else INK)
            font = BOLD if key in ("name", "total", "bonus") else REGULAR
            c.setFont(font, 8.6)
            c.drawString(label_x + mm(1.5), row.y + row.h / 2 - 3, label)
            if key.startswith("fd_"):
                colour = GOODS_RGB[key[3:].upper()]
                s, f = paint(c, look, colour, solid=True)
                c.circle(label_x + mm(35.5), row.y + row.h / 2, mm(1.6), stroke=s, fill=f)
            if shaded:
                c.setFont(REGULAR, 5.5)
                c.drawString(label_x + mm(19), row.y + row.h / 2 - 2, "if agreed")
            for i in range(MAX_PLAYERS):
                _field_box(c, fields[f"p{i + 1}_{key}"], look, thick=key == "total")
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        w = fields["winner"]
        c.drawString(area.x, w.y + mm(2.4), "Winner")
        _field_box(c, w, look, thick=True)
        # bonus table, scoring notes and QR under the grid
        y = w.y - mm(5)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 10)
        c.drawString(area.x, y - 10, "First Delivery bonus (per colour)")
        y = _bonus_table(c, area.x, y - mm(5), area.w * 0.55)
        text_w = area.w * 0.6
        y = _para(c, "End bonus = the bonus for each colour added up (4 yellow and 1 blue: 10 + "
                  "1 = 11). Total = all rounds + end bonus. Ties: most First Delivery tokens, "
                  "then most stations built; still equal: a shared win.", area.x, y - mm(1),
                  text_w, 7.6)
        _para(c, "Check it: scan the code, or run 'pnp check-sheet' on the saved PDF. The "
              "checker recomputes the bonuses, totals and the winner.", area.x, y, text_w, 7.6)
        qr = mm(30)
        qr_block(c, url, area.x2 - qr - mm(4), w.y - mm(4) - qr, qr, left=area.x,
                 right=area.x2)
        _footer(c, area)

    return Page(size, draw, "Spatial Delivery - score sheet")


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2 if thick else 0.5)
    c.setFillColor(WHITE)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)



def score_fields(options: KitOptions, size: tuple[float, float], page_index: int
                 ) -> list[FormField]:
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for name, designed in score_layout(design).items():
        rect = Rect(dx + designed.x * s, dy + designed.y * s, designed.w * s, designed.h * s)
        value = str(options.seed) if name == "seed" else ""
        value = str(DEFAULT_ROUNDS) if name == "rounds" else value
        left = name in ("winner", "seed") or name.endswith("_name")
        out.append(FormField(name, page_index, rect, value, 9 * min(s, 1.0),
                             align=0 if left else 1))
    assert sorted(f.name for f in out) == sorted(field_names())
    return out


# -- the component sheets' parts list -------------------------------------------------------------

PART_GROUPS: tuple[tuple[str, str], ...] = (
    ("tile", "hex tiles: Earth, 16 space, 20 worlds"),
    ("card", f"cards: 60 goods, {FUEL_CARDS} Rocket Fuel"),
    ("token", "16 mm tokens: score, 1st, ships, ..."),
    ("station", "trade stations, 9 per colour"),
    ("segment", f"route segments, {SEGMENTS_PER_COLOUR} per colour"),
    ("board", "round track, turn order card"),
    ("aid", "player aids"),
)


def _parts_header(width: float, counts: dict[str, int]) -> tuple[HeaderFn, float]:
    notes = (
        "Print the sheets with backs double-sided (see the print note at the foot of each "
        "sheet). Hex tiles: cut along the thin hex outline; the crop marks give the two "
        "straight sides. Cards: cut on the crop marks; sleeve them if you like.",
        "Tokens: a 5/8 in (16 mm) punch or scissors. Spaceships show the ship upright on one "
        "side and lying down (passed) on the other. Stations and segments come in the five "
        "player colours: " + ", ".join(n for n, _ in PLAYERS) + ".",
        f"Score tokens: {', '.join(f'{n} x {v}' for v, n in SCORE_TOKENS)}; the supply is "
        "unlimited, so make change or use paper if you run short.",
    )

    def layout(c: Canvas | None, x: float, top: float, w: float) -> float:
        if c is not None:
            c.setFillColor(INK)
            c.setFont(BOLD, 13)
            c.drawString(x, top - mm(5), "Spatial Delivery - pieces")
        y = top - mm(11)
        col = w * 0.4
        for kind, text in PART_GROUPS:
            if c is not None:
                c.setFont(REGULAR, 8.2)
                c.drawString(x, y, f"{counts.get(kind, 0):>3}  {text}")
            y -= mm(4)
        left = y
        y = top - mm(8)
        for text in notes:
            y = paragraph(c, text, x + col + mm(4), y, w - col - mm(4), REGULAR, 7.6,
                          leading=9.2) - mm(1.2)
        return min(left, y) - mm(1)

    height = -layout(None, 0.0, 0.0, width) + mm(2)

    def draw(c: Canvas, box: Rect, look: Look) -> None:
        bottom = layout(c, box.x, box.y2, box.w)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        c.line(box.x, bottom, box.x2, bottom)
    return draw, height


def pieces() -> dict[str, list[Piece]]:
    return {"board": board_pieces(), "tile": hex_tiles(), "card": cards(), "token": tokens(),
            "station": stations(), "segment": segments()}


def component_pages(options: KitOptions) -> list[Page]:
    ctx = SheetContext(TITLE, options)
    groups = pieces()
    counts = {k: len(v) for k, v in groups.items()}
    counts["board"] = 2
    counts["aid"] = MAX_PLAYERS
    width = printable_area(paper_size(options.paper)).w
    header, height = _parts_header(width, counts)
    boards = [p for p in groups["board"] if p.kind == "board"]
    aids = [p for p in groups["board"] if p.kind == "aid"]
    pages = one_sided_sheets(ctx, boards, "round track and turn order card", header, height)
    pages += one_sided_sheets(ctx, aids, "player aids")
    for kind, name in (("tile", "hex tiles"), ("card", "cards"), ("token", "tokens"),
                       ("station", "stations"), ("segment", "route segments")):
        pages += two_sided_sheets(ctx, groups[kind], name, butt=kind == "card")
    return pages


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the score sheet."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    text_pages: list[Callable[[], Page]] = [
        lambda: _rules_page_1(look, design), lambda: _rules_page_2(look, design),
        lambda: _setup_page(options, look, design), lambda: _ring3_page(options, look, design),
        lambda: _score_page(options, look, design), lambda: _map_page(options, look, design)]
    made = [make() for make in text_pages]
    if design != size:
        made = [scaled(p, size) for p in made]
    rules1, rules2, setup, ring3, score, one_piece = made
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    # printed double-sided, the ring 3 page and the score sheet get blank backs: one is
    # folded shut, the other handed round the table
    pages = [rules1, rules2, setup, one_piece, ring3]
    if duplex:
        pages.append(blank_back(size, TITLE))
    score_index = len(pages)
    pages.append(score)
    if duplex:
        pages.append(blank_back(size, TITLE))
    pages += component_pages(options)
    pages += calibration_pages(options)
    pages, shift = with_guide(TITLE, options, pages, GUIDE_NOTES)
    return pages, score_index + shift


GUIDE_NOTES = (
    "The galaxy: the one-piece map (the map page) or the hex tiles (card): print one of the "
    "two. The setup sheet shows where every tile goes either way.",
    "The ring 3 page is folded shut until round 3: print it one-sided.",
)


def spatial_delivery_kit(options: KitOptions) -> list[Path]:
    pages, score_index = kit_pages(options)
    path = kit_path(options)
    write_pdf(path, pages, f"Spatial Delivery - seed {options.seed}", options.progress,
              score_fields(options, pages[score_index].size, score_index),
              duplex=options.print_mode,
              cut_file=options.cut_file)
    return [path]


__all__: Sequence[str] = ["kit_pages", "score_layout", "spatial_delivery_kit", "tracker_url"]

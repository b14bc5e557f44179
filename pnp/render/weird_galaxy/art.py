"""The Weird Galaxy kit's id, colours and tracker address, and its drawing: tiles, the black
hole, the board, the starship, Phredd's head, station marks and the page helpers the kit's
pages share."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy.data import HOLE, SIZE, STATIONS, SUIT_NAMES, TILE_AT, Pos, tile_name
from pnp.render import typescale as ts
from pnp.render.art import (
    INK,
    WHITE,
    Look,
    centred_text,
    heading,
    hex_color,
    paint,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD, CONDENSED_BOLD
from pnp.render.geometry import inch
from pnp.render.options import KitOptions, table_url
from pnp.render.piecepack import draw_rank
from pnp.render.suits import ALL_SUITS, RANKS, Suit, draw_symbol

GAME_ID = "weird-galaxy"
TITLE = "It's a Weird, Weird Galaxy!"
SHORT = "Weird Galaxy"
ACCENT = hex_color("#4a2c7a")
SPIT = hex_color("#7cb342")
PHREDD = hex_color("#8e5bb5")
HOLE_INK = hex_color("#141022")

CREDIT = ("It's a Weird, Weird Galaxy!: a game by Jim Adams and Amy Enge (2004), for the "
          "piecepack system (public domain). Summary, layout and art: pnp-space. Tile suits "
          "and action costs: our rulings WG-2 and WG-3.")

PLAYER_COLOURS: tuple[tuple[str, Color, str], ...] = (
    ("Gold", hex_color("#a87600"), "circle"),
    ("Green", hex_color("#0b7a5c"), "square"),
    ("Rose", hex_color("#b0184f"), "triangle"),
    ("Sky", hex_color("#0d6aa8"), "diamond"),
    ("Purple", hex_color("#6a1b9a"), "star"),
)
"""The five counter colours (the tracker's seat colours, darkened so white marks read) and a
shape per colour so the sets stay apart in black and white."""

COUNTER = inch(0.625)


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "table": the kit's dice are rolled at the table."""
    return table_url(options, GAME_ID, "table")


def suit_of(letter: str) -> Suit:
    """The printed suit for an engine suit letter, matched by name (data.SUIT_NAMES)."""
    name = SUIT_NAMES[letter]
    for suit in ALL_SUITS:
        if suit.name == name:
            return suit
    raise KeyError(letter)


def rank_of(value: int) -> str:
    return RANKS[value]


def rank_short(value: int) -> str:
    return {0: "null", 1: "ace"}.get(value, str(value))


def coord(pos: Pos) -> str:
    """Row and column as printed on the board sheet, both counted from 1 (row 1 at the top)."""
    return f"{pos[0] + 1},{pos[1] + 1}"


# -- shared drawing ------------------------------------------------------------------------



def mini_tile(c: Canvas, suit: Suit, rank: str, x: float, y: float, s: float, look: Look,
              name: str = "") -> None:
    """A tile face shrunk to a board cell: suit tint, symbol, rank, and the engine's name."""
    inset = s * 0.05
    if not look.low_ink:
        c.setFillColor(tint(suit.color, 0.16))
        c.roundRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.08, stroke=0,
                    fill=1)
    c.setStrokeColor(suit.color)
    c.setLineWidth(0.8)
    c.roundRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.08, stroke=1, fill=0)
    draw_symbol(c, suit, x + s * 0.24, y + s * 0.76, s * 0.13, look)
    draw_rank(c, rank, x + s * 0.55, y + s * 0.45, s * 0.36, suit.color, look)
    if name:
        c.setFillColor(INK)
        c.setFont(CONDENSED_BOLD, max(4.0, s * 0.14))
        c.drawRightString(x + s - inset * 2.2, y + s - inset * 2 - s * 0.14, name)


def black_hole(c: Canvas, cx: float, cy: float, r: float, look: Look) -> None:
    """The centre of the galaxy: a dark disc with a swirl, outlined in low ink."""
    c.saveState()
    if look.low_ink:
        c.setStrokeColor(HOLE_INK)
        c.setLineWidth(1)
        c.circle(cx, cy, r, stroke=1, fill=0)
        swirl = INK
    else:
        c.setFillColor(HOLE_INK)
        c.circle(cx, cy, r, stroke=0, fill=1)
        swirl = hex_color("#b39ddb")
    c.setStrokeColor(swirl)
    c.setLineWidth(max(0.5, r * 0.05))
    for k in range(3):
        p = c.beginPath()
        a0 = k * 2 * math.pi / 3
        for i in range(25):
            t = i / 24
            a = a0 + t * 2.4
            rr = r * (0.88 - 0.7 * t)
            pt = (cx + rr * math.cos(a), cy + rr * math.sin(a))
            if i == 0:
                p.moveTo(*pt)
            else:
                p.lineTo(*pt)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def cell_origin(pos: Pos, x: float, y: float, s: float) -> tuple[float, float]:
    """Lower-left corner of a grid cell; row 0 is the top row."""
    return x + pos[1] * s, y + (SIZE - 1 - pos[0]) * s


def draw_board(c: Canvas, x: float, y: float, s: float, look: Look, *, names: bool = True,
               labels: bool = True, faded: bool = False) -> None:
    """The 7 x 7 galaxy as laid out (WG-2), with row and column numbers round the edge."""
    for pos, (letter, value) in sorted(TILE_AT.items()):
        cx, cy = cell_origin(pos, x, y, s)
        suit = suit_of(letter)
        if faded:
            c.setStrokeColor(tint(suit.color, 0.5))
            c.setFillColor(tint(suit.color, 0.1))
            c.setLineWidth(0.5)
            c.rect(cx + 0.5, cy + 0.5, s - 1, s - 1, stroke=1, fill=0 if look.low_ink else 1)
            c.setFillColor(tint(suit.color, 0.75))
            c.setFont(CONDENSED_BOLD, s * 0.26)
            c.drawCentredString(cx + s / 2, cy + s * 0.38, tile_name(pos))
        else:
            mini_tile(c, suit, rank_of(value), cx, cy, s, look,
                      tile_name(pos) if names else "")
    hx, hy = cell_origin(HOLE, x, y, s)
    black_hole(c, hx + s / 2, hy + s / 2, s * 0.42, look)
    if labels:
        c.setFillColor(INK)
        size = min(9.0, s * 0.3)
        c.setFont(BOLD, size)
        for i in range(SIZE):
            c.drawCentredString(x + (i + 0.5) * s, y + SIZE * s + 3, str(i + 1))
            c.drawCentredString(x + (i + 0.5) * s, y - size - 2, str(i + 1))
            c.drawRightString(x - 4, y + (SIZE - 1 - i + 0.5) * s - size * 0.36, str(i + 1))
            c.drawString(x + SIZE * s + 4, y + (SIZE - 1 - i + 0.5) * s - size * 0.36,
                         str(i + 1))


def starship(c: Canvas, cx: float, cy: float, s: float, look: Look,
             color: Color | None = None) -> None:
    """A small saucer-and-fin starship, our mark for a player's pawn."""
    col = color or hex_color("#e0a21b")
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.7)
    c.setFillColor(WHITE if look.low_ink else col)
    c.ellipse(cx - s, cy - s * 0.32, cx + s, cy + s * 0.22, stroke=1, fill=1)
    c.setFillColor(WHITE if look.low_ink else tint(col, 0.45))
    p = c.beginPath()
    p.arc(cx - s * 0.5, cy - s * 0.1, cx + s * 0.5, cy + s * 0.85, 0, 180)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def phredd_head(c: Canvas, cx: float, cy: float, s: float, look: Look) -> None:
    """A small Phredd mark for diagrams: his head with antennae, eyes and a drop of spit."""
    c.saveState()
    st, fl = paint(c, look, PHREDD)
    c.setStrokeColor(PHREDD)
    c.setLineWidth(max(0.6, s * 0.09))
    c.line(cx - s * 0.3, cy + s * 0.45, cx - s * 0.5, cy + s * 0.95)
    c.line(cx + s * 0.3, cy + s * 0.45, cx + s * 0.5, cy + s * 0.95)
    c.setFillColor(PHREDD)
    c.circle(cx - s * 0.5, cy + s * 0.95, s * 0.12, stroke=0, fill=1)
    c.circle(cx + s * 0.5, cy + s * 0.95, s * 0.12, stroke=0, fill=1)
    st, fl = paint(c, look, PHREDD)
    c.ellipse(cx - s * 0.7, cy - s * 0.55, cx + s * 0.7, cy + s * 0.6, stroke=st, fill=fl)
    c.setFillColor(WHITE)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for dx in (-0.28, 0.28):
        c.circle(cx + dx * s, cy + s * 0.12, s * 0.2, stroke=1, fill=1)
    c.setFillColor(INK)
    for dx in (-0.24, 0.32):
        c.circle(cx + dx * s, cy + s * 0.1, s * 0.08, stroke=0, fill=1)
    c.setFillColor(SPIT)
    _drop(c, cx + s * 0.85, cy - s * 0.45, s * 0.22)
    c.restoreState()


def _drop(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A spit drop: a circle with a point up and to the left."""
    p = c.beginPath()
    p.moveTo(cx - r * 1.6, cy + r * 1.6)
    p.lineTo(cx - r * 0.5, cy + r * 0.87)
    p.arcTo(cx - r, cy - r, cx + r, cy + r, 120, 270)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


# -- counters, Phredd, cards --------------------------------------------------------------------

def station_label(index: int) -> str:
    return "hole" if index == STATIONS - 1 else {0: "home", 1: "A"}.get(index, str(index))


def station_icon(c: Canvas, cx: float, cy: float, r: float, color: Color,
                  angle: float = 0.0) -> None:
    """A ring station with two solar wings, in ``color``, turned by ``angle`` degrees."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(max(0.5, r * 0.14))
    c.circle(0, 0, r * 0.42, stroke=1, fill=0)
    c.circle(0, 0, r * 0.13, stroke=0, fill=1)
    c.setLineWidth(max(0.3, r * 0.07))
    c.line(-r * 0.42, 0, -r * 0.62, 0)
    c.line(r * 0.42, 0, r * 0.62, 0)
    for side in (-1, 1):
        c.rect(side * r * 0.62 if side > 0 else -r * 0.98, -r * 0.2, r * 0.36, r * 0.4,
               stroke=0, fill=1)
    c.restoreState()


def player_mark(c: Canvas, shape: str, cx: float, cy: float, r: float, color: Color) -> None:
    """The small shape that tells the five colours apart without colour."""
    c.saveState()
    c.setFillColor(color)
    if shape == "circle":
        c.circle(cx, cy, r, stroke=0, fill=1)
    elif shape == "square":
        c.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, stroke=0, fill=1)
    elif shape == "triangle":
        polygon(c, [(cx, cy + r), (cx + r * 0.95, cy - r * 0.7), (cx - r * 0.95, cy - r * 0.7)],
                0, 1)
    elif shape == "diamond":
        polygon(c, [(cx, cy + r), (cx + r * 0.8, cy), (cx, cy - r), (cx - r * 0.8, cy)], 0, 1)
    else:
        pts = []
        for k in range(10):
            a = math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        polygon(c, pts, 0, 1)
    c.restoreState()


def station_disc(c: Canvas, cx: float, cy: float, r: float, colour: Color, look: Look,
                  index: int) -> None:
    st, fl = paint(c, look, colour)
    c.circle(cx, cy, r, stroke=st, fill=fl)
    mark = colour if look.low_ink else WHITE
    station_icon(c, cx, cy + r * 0.22, r * 0.78, mark)
    c.setFillColor(mark)
    centred_text(c, station_label(index), cx, cy - r * 0.5, r * 0.3, BOLD, r * 1.1)


def _heading(c: Canvas, x: float, y: float, text: str, size: float = ts.HEADING) -> float:
    """A heading in the kit's accent, a size of the one scale (``typescale``)."""
    return heading(c, x, y, text, ACCENT, size)



"""The printable piecepack: tiles, coins, dice, pawns, drawn by our own code.

Sizes follow the piecepack standard: 2 in tiles (face: suit and rank; back: the 2x2 grid that
forms board cells), 3/4 in coins (suit side, rank side), 1/2 in dice as fold-and-glue nets (faces
null, ace, 2-5 in the suit's colour) with a flat roll table as an alternative, and pawns as
fold-up standees.  The piecepack system is public domain; this art is ours.

Every piece is a :class:`Piece`: its cut size and functions that draw each side with the origin
at the lower-left corner of the cut line, filling ``bleed`` points past it where the art has a
background.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from pnp.engine import Rng
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    PAPER,
    SPACE,
    WHITE,
    Look,
    centred_text,
    circle_points,
    hex_color,
    outlined_text,
    paint,
    polygon,
    tint,
)
from pnp.render.fonts import REGULAR, text_width
from pnp.render.geometry import inch, mm
from pnp.render.stamps import stamped
from pnp.render.standee import fold_standee
from pnp.render.suits import CLASSIC, RANKS, SEASONS, Suit, draw_symbol

Art = Callable[[Canvas, float, float, float, Look], None]
"""Draws one side: (canvas, width, height, bleed, look), origin at the cut's lower-left."""

TILE = inch(2)
COIN = inch(0.75)
DIE = inch(0.5)
GLUE_TAB = mm(3)
PAWN_W = inch(0.75)
PAWN_BASE = mm(12)
PAWN_FIGURE = mm(28)
CARD_W, CARD_H = inch(2.5), inch(3.5)


@dataclass(frozen=True)
class Piece:
    kind: str  # tile | coin | die | pawn | card
    label: str  # what the parts list calls it, e.g. "Suns ace tile"
    width: float
    height: float
    front: Art
    back: Art | None = None
    round: bool = False  # cut as a circle inscribed in the rectangle
    crop_marks: bool = True  # False for shapes that carry their own cut outline (die nets)


def rank_label(rank: str) -> str:
    return {"null": "null", "ace": "ace"}.get(rank, rank)


def draw_rank(c: Canvas, rank: str, cx: float, cy: float, height: float, color: object,
              look: Look) -> None:
    """Null as an open ring (the piecepack's blank-ish mark), ace as "A", 2-5 as numerals."""
    from reportlab.lib.colors import Color

    assert isinstance(color, Color)
    if rank == "null":
        ring = c.beginPath()
        ring.circle(cx, cy, height * 0.39)
        ring.circle(cx, cy, height * 0.25)
        if look.low_ink:
            c.setStrokeColor(color)
            c.setLineWidth(max(0.4, height / 40))
            c.drawPath(ring, stroke=1, fill=0)
        else:
            c.setFillColor(color)
            c.drawPath(ring, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
        return
    text = "A" if rank == "ace" else rank
    outlined_text(c, text, cx, cy, height, color, look)


# -- tiles -------------------------------------------------------------------------------------

def tile_face(suit: Suit, rank: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if not look.low_ink:
            c.setFillColor(tint(suit.color, 0.13))
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColor(suit.color)
        c.setLineWidth(0.9)
        inset = mm(2.5)
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, mm(2), stroke=1, fill=0)
        draw_rank(c, rank, w / 2, h / 2, h * 0.42, suit.color, look)
        r = w * 0.095
        draw_symbol(c, suit, w * 0.2, h * 0.8, r, look)
        c.saveState()
        c.translate(w, h)
        c.rotate(180)
        draw_symbol(c, suit, w * 0.2, h * 0.8, r, look)
        c.restoreState()
    return draw


_STARS: list[tuple[float, float, float]] = []


def _stars() -> list[tuple[float, float, float]]:
    """A fixed scatter of stars (fractions of the tile and a size), the same on every back."""
    if not _STARS:
        rng = Rng(2003, "tile-back-stars")
        for _ in range(22):
            _STARS.append((rng.below(1000) / 1000, rng.below(1000) / 1000,
                           0.25 + rng.below(100) / 140))
    return _STARS


def tile_back(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    """The 2x2 grid: four rounded cells, so adjacent tiles read as one board."""
    line = hex_color("#8fa6d0")
    if not look.low_ink:
        c.setFillColor(SPACE)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(hex_color("#c9d4ee"))
        for fx, fy, s in _stars():
            c.circle(fx * w, fy * h, s, stroke=0, fill=1)
    else:
        line = GREY
    c.setStrokeColor(line)
    c.setLineWidth(0.9)
    gap = mm(1.2)
    for i in range(2):
        for j in range(2):
            c.roundRect(i * w / 2 + gap, j * h / 2 + gap, w / 2 - 2 * gap, h / 2 - 2 * gap,
                        mm(1.5), stroke=1, fill=0)


TILE_BACK = stamped(tile_back)  # every tile's back: drawn once per PDF (stamps.py)


def tile(suit: Suit, rank: str) -> Piece:
    return Piece("tile", f"{suit.name} {rank_label(rank)} tile", TILE, TILE,
                 tile_face(suit, rank), TILE_BACK)


# -- coins -------------------------------------------------------------------------------------

def round_face(c: Canvas, w: float, bleed: float, look: Look, fill: Color) -> None:
    """A round piece's ground: filled out to the bleed, or in low ink only its grey cut guide."""
    if look.low_ink:
        c.setStrokeColor(GREY)
        c.setLineWidth(0.3)
        c.circle(w / 2, w / 2, w / 2, stroke=1, fill=0)  # the cut guide of a round piece
    else:
        c.setFillColor(fill)
        c.circle(w / 2, w / 2, w / 2 + bleed, stroke=0, fill=1)


def coin_suit_side(suit: Suit) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, suit.color)
        color = suit.color if look.low_ink else WHITE
        draw_symbol(c, suit, w / 2, h / 2, w * 0.3, look, color)
    return draw


def coin_rank_side(rank: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, PAPER)
        c.setStrokeColor(LIGHT if look.low_ink else hex_color("#b9b1a0"))
        c.setLineWidth(0.5)
        c.circle(w / 2, h / 2, w / 2 - mm(1.3), stroke=1, fill=0)
        draw_rank(c, rank, w / 2, h / 2, h * 0.42, INK, look)
    return draw


def coin(suit: Suit, rank: str) -> Piece:
    return Piece("coin", f"{suit.name} {rank_label(rank)} coin", COIN, COIN,
                 stamped(coin_suit_side(suit), ("pp-coin-suit", suit.key)),
                 stamped(coin_rank_side(rank), ("pp-coin-rank", rank)), round=True)


# -- dice --------------------------------------------------------------------------------------

# The cross net: four faces in a row, one above and one below the second.  Opposite faces:
# null-5, ace-4, 2-3.
_NET_FACES: dict[str, tuple[int, int]] = {
    "null": (0, 1), "ace": (1, 1), "5": (2, 1), "4": (3, 1), "2": (1, 2), "3": (1, 0),
}
# Glue tabs: (face, side) - each closes one of the seven open edges of the folded cube.
_NET_TABS = (("2", "L"), ("2", "R"), ("3", "L"), ("3", "R"), ("4", "T"), ("4", "B"),
             ("4", "R"))


def _edge(col: int, row: int, side: str, f: float) -> tuple[float, float, float, float]:
    x, y = col * f, row * f
    return {"L": (x, y, x, y + f), "R": (x + f, y, x + f, y + f),
            "B": (x, y, x + f, y), "T": (x, y + f, x + f, y + f)}[side]


def die_net(suit: Suit) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        f = DIE
        cells = set(_NET_FACES.values())
        # tabs first, under the faces
        c.setLineWidth(0.4)
        for face, side in _NET_TABS:
            col, row = _NET_FACES[face]
            x1, y1, x2, y2 = _edge(col, row, side, f)
            out = {"L": (-1, 0), "R": (1, 0), "B": (0, -1), "T": (0, 1)}[side]
            ax, ay = (x2 - x1, y2 - y1)
            n = math.hypot(ax, ay)
            ux, uy = ax / n, ay / n
            d = GLUE_TAB
            pts = [(x1, y1), (x1 + out[0] * d + ux * d, y1 + out[1] * d + uy * d),
                   (x2 + out[0] * d - ux * d, y2 + out[1] * d - uy * d), (x2, y2)]
            if not look.low_ink:
                c.setFillColor(hex_color("#e4e4e4"))
                polygon(c, pts, 0, 1)
            c.setStrokeColor(INK)
            c.setDash()
            p = c.beginPath()
            p.moveTo(*pts[0])
            for pt in pts[1:]:
                p.lineTo(*pt)
            c.drawPath(p, stroke=1, fill=0)
            c.setFillColor(GREY)
            c.setFont(REGULAR, 5)
            mx, my = (pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2
            c.saveState()
            c.translate((mx + (x1 + x2) / 2) / 2, (my + (y1 + y2) / 2) / 2)
            c.rotate(math.degrees(math.atan2(uy, ux)))
            c.drawCentredString(0, -1.4, "glue")
            c.restoreState()
        for rank, (col, row) in _NET_FACES.items():
            x, y = col * f, row * f
            if not look.low_ink:
                c.setFillColor(suit.color)
                c.rect(x, y, f, f, stroke=0, fill=1)
            color = suit.color if look.low_ink else WHITE
            draw_rank(c, rank, x + f / 2 + f * 0.06, y + f / 2 - f * 0.06, f * 0.46, color,
                      look)
            # every face shows its suit too: a die drawn from a bag picks a suit by itself
            draw_symbol(c, suit, x + f * 0.18, y + f * 0.82, f * 0.13, look, color)
        # cut outline: face edges not shared with another face or a tab
        tabbed = {(_NET_FACES[face], side) for face, side in _NET_TABS}
        nb = {"L": (-1, 0), "R": (1, 0), "B": (0, -1), "T": (0, 1)}
        cut = c.beginPath()
        fold = c.beginPath()
        for col, row in cells:
            for side, (dx, dy) in nb.items():
                x1, y1, x2, y2 = _edge(col, row, side, f)
                shared = (col + dx, row + dy) in cells
                if shared and side in ("L", "B"):
                    continue  # each shared edge once
                target = fold if shared or ((col, row), side) in tabbed else cut
                target.moveTo(x1, y1)
                target.lineTo(x2, y2)
        c.setStrokeColor(INK)
        c.setLineWidth(0.4)
        c.drawPath(cut, stroke=1, fill=0)
        c.setStrokeColor(GREY if look.low_ink else WHITE)
        c.setDash(1.5, 1.5)
        c.drawPath(fold, stroke=1, fill=0)
        c.setDash()
    return draw


def die(suit: Suit) -> Piece:
    return Piece("die", f"{suit.name} die (net)", 4 * DIE + GLUE_TAB, 3 * DIE, die_net(suit),
                 crop_marks=False)


def roll_table(suits: Sequence[Suit]) -> Piece:
    """A card that turns an ordinary six-sided die into a piecepack die."""
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if not look.low_ink:
            c.setFillColor(hex_color("#f3f3f3"))
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(INK)
        centred_text(c, "Roll table", w / 2, h - mm(7), mm(3.6))
        c.setFont(REGULAR, 6.5)
        c.drawCentredString(w / 2, h - mm(12.5), "No piecepack dice? Roll an ordinary d6")
        c.drawCentredString(w / 2, h - mm(15.5), "and read the piecepack face here.")
        top = h - mm(21)
        row_h = (top - mm(7)) / 6
        for k, rank in enumerate(RANKS):
            y = top - (k + 0.5) * row_h
            c.setFillColor(INK)
            centred_text(c, str(k + 1), mm(10), y, row_h * 0.45)
            c.setStrokeColor(GREY)
            c.setLineWidth(0.5)
            c.line(mm(15), y, mm(20), y)
            draw_rank(c, rank, mm(25), y, row_h * 0.5, INK, look)
            c.setFillColor(INK)
            c.setFont(REGULAR, 7)
            if rank in ("null", "ace"):
                c.drawString(mm(31), y - 2.5, f"{rank} ({RANKS.index(rank)})")
        c.setFont(REGULAR, 6)
        c.setFillColor(GREY)
        names = ", ".join(s.name for s in suits)
        caption = f"Suit: use the die's colour ({names})."
        if text_width(caption, REGULAR, 6) <= w - mm(6):
            c.drawCentredString(w / 2, mm(4), caption)
        else:  # eight suit names do not fit one line of the card
            c.drawCentredString(w / 2, mm(5.5), "Suit: use the die's colour")
            c.drawCentredString(w / 2, mm(2.8), f"({names}).")
    return Piece("card", "roll table card", CARD_W, CARD_H, draw)


# -- pawns -------------------------------------------------------------------------------------

def _pawn_figure(c: Canvas, suit: Suit, w: float, h: float, look: Look) -> None:
    """A classic pawn silhouette with the suit's symbol on its body, in a w x h box."""
    cx = w / 2
    s, f = paint(c, look, suit.color)
    r = w * 0.2
    sink = 0.6  # how far the head's centre sits above the collar, in radii
    a0 = math.asin(-sink)
    head = circle_points(cx, h * 0.7 + sink * r, r, a0, math.pi - a0, 36)
    outline = [(cx - w * 0.36, h * 0.06), (cx + w * 0.36, h * 0.06), (cx + w * 0.36, h * 0.14),
               (cx + w * 0.22, h * 0.2), (cx + w * 0.12, h * 0.62), (cx + w * 0.24, h * 0.66),
               (cx + w * 0.24, h * 0.7), *head, (cx - w * 0.24, h * 0.7),
               (cx - w * 0.24, h * 0.66), (cx - w * 0.12, h * 0.62), (cx - w * 0.22, h * 0.2),
               (cx - w * 0.36, h * 0.14)]
    polygon(c, outline, s, f)
    color = suit.color if look.low_ink else WHITE
    draw_symbol(c, suit, cx, h * 0.33, w * 0.17, look, color)


def pawn_standee(suit: Suit) -> Art:
    def side(c: Canvas, w: float, fig: float, look: Look) -> None:
        _pawn_figure(c, suit, w, fig, look)

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        fold_standee(c, w, h, bleed, look, PAWN_BASE, PAWN_FIGURE, tint(suit.color, 0.15), side)
    return draw


def pawn(suit: Suit) -> Piece:
    return Piece("pawn", f"{suit.name} pawn (standee)", PAWN_W, 2 * PAWN_BASE + 2 * PAWN_FIGURE,
                 pawn_standee(suit))


# -- sets --------------------------------------------------------------------------------------

def suit_set(suits: Sequence[Suit]) -> dict[str, list[Piece]]:
    """Every piece of a piecepack with these suits, grouped by kind."""
    return {
        "tile": [tile(s, r) for s in suits for r in RANKS],
        "coin": [coin(s, r) for s in suits for r in RANKS],
        "die": [die(s) for s in suits],
        "pawn": [pawn(s) for s in suits],
    }


def full_piecepack() -> dict[str, list[Piece]]:
    return suit_set(CLASSIC)


def seasons_expansion() -> dict[str, list[Piece]]:
    return suit_set(SEASONS)


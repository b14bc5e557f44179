"""The bank and the launch order: number tiles, crew, battery tokens, goods, cosmic credits.

The rules text gives no counts for these, so the kit prints enough to fill every ship at once
(kit ruling GT-K1, documented in :data:`COUNTS`): a figure pair for every cabin of the tile set,
one token per battery cell, one red good per reinforced container and 16 of each other colour,
one alien of each colour per player (GT-C4).  Pieces small enough to sit on a 25 mm tile: crew
11 mm, batteries and goods 8 mm; goods carry their colour's letter so greyscale prints still
tell them apart.  Credits are coins with the value on one side and a common back, so a stack
kept face down hides its total.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.tiles import MIX, PILOT_COLOURS, Kind
from pnp.render.art import INK, PAPER, WHITE, Look, centred_text, hex_color, paint, tint
from pnp.render.fonts import BOLD
from pnp.render.galaxy_trucker.tile_icons import BATTERY, BROWN, PURPLE, SPECIAL
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece, round_face
from pnp.render.stamps import stamped

CREW = mm(11)
SMALL = mm(8)
NUMBER = mm(20)
CREDIT = mm(20)
MARKER = mm(14)  # a flight-board marker fits the board's 18 mm spaces

HUMAN = hex_color("#8d949e")
GOODS: dict[str, tuple[Color, int]] = {
    # colour: (ink, value in credits when sold, GT-6)
    "red": (SPECIAL, 4), "yellow": (hex_color("#f2c40f"), 3), "green": (hex_color("#43a047"), 2),
    "blue": (hex_color("#1e6fd0"), 1),
}
CREDIT_VALUES: tuple[tuple[int, int], ...] = ((1, 24), (2, 14), (5, 14), (10, 12), (50, 6))
"""(value, how many coins): 70 coins, 542 credits in all."""


def _capacity(kinds: tuple[Kind, ...]) -> int:
    return sum(cap * n for kind, cap, n in MIX if kind in kinds)


def _count(kind: Kind) -> int:
    return sum(n for k, _, n in MIX if k is kind)


CABINS = _count(Kind.CABIN) + len(PILOT_COLOURS)
COUNTS: dict[str, int] = {
    "human": 2 * CABINS,  # every cabin full of humans: 2 x (16 + 4 pilot cabins)
    "brown alien": len(PILOT_COLOURS),  # one per ship (GT-C4)
    "purple alien": len(PILOT_COLOURS),
    "battery": _capacity((Kind.BATTERY,)),  # one per E-cell: 9 x 2 + 6 x 3
    "red": _capacity((Kind.SPECIAL_CARGO,)),  # red only in reinforced containers: 6 + 3 x 2
    "yellow": 16, "green": 16, "blue": 16,
    "number": len(PILOT_COLOURS),  # number tiles 1-4
    # two ship markers per colour: one on the flight board (GT-5), one set in front of the
    # player that marks the planet landed on (rules: "Take the two space ship markers")
    "marker": 2 * len(PILOT_COLOURS),
}


def _person(c: Canvas, cx: float, base: float, s: float, color: Color, look: Look) -> None:
    st, fl = paint(c, look, color, solid=True)
    c.circle(cx, base + s * 0.74, s * 0.2, stroke=st, fill=fl)
    p = c.beginPath()
    p.moveTo(cx - s * 0.3, base)
    p.curveTo(cx - s * 0.32, base + s * 0.5, cx + s * 0.32, base + s * 0.5, cx + s * 0.3, base)
    p.close()
    c.drawPath(p, stroke=st, fill=fl)


def human_art(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    round_face(c, w, bleed, look, HUMAN)
    _person(c, w / 2, h * 0.16, h * 0.72, HUMAN if look.low_ink else WHITE, look)


def alien_art(colour: Color, letter: str) -> Art:
    """A one-eyed blob with antennae, lettered B or P so the colours survive greyscale."""

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, colour)
        ink = colour if look.low_ink else WHITE
        st, fl = paint(c, look, ink, solid=True)
        c.setStrokeColor(ink)
        c.setLineWidth(0.7)
        c.line(w * 0.42, h * 0.62, w * 0.32, h * 0.84)
        c.line(w * 0.58, h * 0.62, w * 0.68, h * 0.84)
        c.circle(w * 0.32, h * 0.84, w * 0.05, stroke=st, fill=fl)
        c.circle(w * 0.68, h * 0.84, w * 0.05, stroke=st, fill=fl)
        c.ellipse(w * 0.28, h * 0.16, w * 0.72, h * 0.68, stroke=st, fill=fl)
        c.setFillColor(colour if not look.low_ink else WHITE)
        centred_text(c, letter, w / 2, h * 0.4, h * 0.22, BOLD)

    return draw


def battery_art(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    round_face(c, w, bleed, look, BATTERY)
    c.setFillColor(BATTERY if look.low_ink else WHITE)
    bolt = [(0.56, 0.86), (0.3, 0.46), (0.48, 0.46), (0.42, 0.14), (0.7, 0.56), (0.52, 0.56)]
    p = c.beginPath()
    p.moveTo(bolt[0][0] * w, bolt[0][1] * h)
    for x, y in bolt[1:]:
        p.lineTo(x * w, y * h)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def good_art(colour: str) -> Art:
    ink, _ = GOODS[colour]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if look.low_ink:
            c.setStrokeColor(ink)
            c.setLineWidth(0.8)
            c.rect(mm(0.4), mm(0.4), w - mm(0.8), h - mm(0.8), stroke=1, fill=0)
        else:
            c.setFillColor(ink)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(tint(ink, 0.55))
            c.rect(w * 0.08, h * 0.76, w * 0.18, h * 0.16, stroke=0, fill=1)  # a lit corner
        dark = colour in ("yellow",)
        c.setFillColor(INK if (dark or look.low_ink) else WHITE)
        centred_text(c, colour[0].upper(), w / 2, h / 2, h * 0.45, BOLD)

    return draw


def number_art(n: int) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if not look.low_ink:
            c.setFillColor(PAPER)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColor(INK)
        c.setLineWidth(1.0)
        c.roundRect(mm(1.2), mm(1.2), w - mm(2.4), h - mm(2.4), mm(1.5), stroke=1, fill=0)
        c.setFillColor(INK)
        centred_text(c, str(n), w / 2, h * 0.56, h * 0.45, BOLD)
        centred_text(c, "launch order", w / 2, h * 0.17, h * 0.07, BOLD, w * 0.8)

    return draw


def marker_art(colour: str) -> Art:
    """A ship seen from above in the player's colour, lettered for greyscale prints."""
    from pnp.render.galaxy_trucker.tile_icons import PILOT_COLOURS as INKS

    ink = INKS[colour]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, ink)
        body = ink if look.low_ink else WHITE
        st, fl = paint(c, look, body, solid=True)
        p = c.beginPath()
        p.moveTo(w * 0.5, h * 0.88)
        p.curveTo(w * 0.68, h * 0.7, w * 0.68, h * 0.45, w * 0.64, h * 0.3)
        p.lineTo(w * 0.78, h * 0.18)
        p.lineTo(w * 0.22, h * 0.18)
        p.lineTo(w * 0.36, h * 0.3)
        p.curveTo(w * 0.32, h * 0.45, w * 0.32, h * 0.7, w * 0.5, h * 0.88)
        p.close()
        c.drawPath(p, stroke=st, fill=fl)
        c.setFillColor(WHITE if not look.low_ink else INK)
        if not look.low_ink:
            c.setFillColor(ink)
        centred_text(c, colour[0].upper(), w / 2, h * 0.5, h * 0.2, BOLD)

    return draw


def credit_front(value: int) -> Art:
    gold = hex_color("#d4a017")

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, tint(gold, 0.55) if value < 10 else gold)
        c.setStrokeColor(INK if look.low_ink else hex_color("#7a5a00"))
        c.setLineWidth(0.6)
        c.circle(w / 2, h / 2, w / 2 - mm(1.3), stroke=1, fill=0)
        c.setFillColor(INK)
        centred_text(c, str(value), w / 2, h * 0.54, h * (0.34 if value < 10 else 0.3), BOLD,
                     w * 0.7)
        centred_text(c, "credits" if value > 1 else "credit", w / 2, h * 0.24, h * 0.08, BOLD,
                     w * 0.6)

    return draw


def credit_back(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    """One back for every value: a stack kept face down shows nothing."""
    round_face(c, w, bleed, look, hex_color("#7a5a00"))
    ink = INK if look.low_ink else hex_color("#f3d37a")
    c.setStrokeColor(ink)
    c.setLineWidth(0.7)
    c.circle(w / 2, h / 2, w / 2 - mm(1.3), stroke=1, fill=0)
    c.setFillColor(ink)
    centred_text(c, "CC", w / 2, h / 2, h * 0.3, BOLD)


def bank_pieces() -> list[Piece]:
    """The one-sided bank pieces, in COUNTS order (number tiles first).  Art that recurs is
    stamped (drawn once per PDF, see stamps.py)."""
    out = [Piece("gt-number", f"number tile {n}", NUMBER, NUMBER, number_art(n))
           for n in range(1, COUNTS["number"] + 1)]
    per_colour = COUNTS["marker"] // len(PILOT_COLOURS)
    for colour in PILOT_COLOURS:
        art = stamped(marker_art(colour))
        out += [Piece("gt-marker", f"{colour} ship marker", MARKER, MARKER, art, round=True)
                for _ in range(per_colour)]
    out += [Piece("gt-crew", "human", CREW, CREW, stamped(human_art), round=True)
            ] * COUNTS["human"]
    for name, colour, letter in (("brown alien", BROWN, "B"), ("purple alien", PURPLE, "P")):
        out += [Piece("gt-crew", name, CREW, CREW, stamped(alien_art(colour, letter)),
                      round=True)] * COUNTS[name]
    out += [Piece("gt-battery", "battery token", SMALL, SMALL, stamped(battery_art),
                  round=True)] * COUNTS["battery"]
    for colour in GOODS:
        out += [Piece("gt-good", f"{colour} good", SMALL, SMALL, stamped(good_art(colour)))
                ] * COUNTS[colour]
    return out


def credit_pieces() -> list[Piece]:
    back = stamped(credit_back)
    return [Piece("gt-credit", f"{v} credit coin", CREDIT, CREDIT, art, back, round=True)
            for v, n in CREDIT_VALUES for art in [stamped(credit_front(v))] for _ in range(n)]


__all__ = ["COUNTS", "CREDIT_VALUES", "GOODS", "bank_pieces", "credit_pieces"]

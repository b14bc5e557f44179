"""The pieces printed for Weird Galaxy: station counters and shields, the Phredd standee and
the player reference card."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    CAPACITY,
    FEE,
    MAX_SHIELDS,
    POINTS_PER_TURN,
    SHIELD_COST,
    STATION_COSTS,
    STATIONS,
)
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    centred_text,
    fit_left,
    labelled_items,
    paint,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece, round_face
from pnp.render.stamps import stamped
from pnp.render.standee import fold_standee
from pnp.render.weird_galaxy.art import (
    ACCENT,
    COUNTER,
    PHREDD,
    PLAYER_COLOURS,
    SPIT,
    TITLE,
    player_mark,
    station_icon,
    station_label,
)
from pnp.render.weird_galaxy.rules import action_table

CARD_W, CARD_H = mm(84), mm(118)
PHREDD_W, PHREDD_BASE, PHREDD_FIG = mm(34), mm(12), mm(38)


def station_front(colour: Color, shape: str, index: int) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, colour)
        mark = colour if look.low_ink else WHITE
        station_icon(c, w / 2, h * 0.58, w * 0.36, mark)
        c.setFillColor(mark)
        centred_text(c, station_label(index), w / 2, h * 0.26, h * 0.15, BOLD, w * 0.5)
        player_mark(c, shape, w / 2, h * 0.87, w * 0.07, mark)
    return draw


def station_back(colour: Color, shape: str, index: int) -> Art:
    """The disabled side: the station knocked sideways and splashed with spit."""
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, tint(colour, 0.45))
        mark = colour if look.low_ink else INK
        station_icon(c, w / 2, h * 0.6, w * 0.3, mark, angle=-70)  # wings clear the label
        c.setFillColor(SPIT)
        for fx, fy, fr in ((0.32, 0.7, 0.07), (0.62, 0.44, 0.09), (0.7, 0.68, 0.05),
                           (0.42, 0.42, 0.045)):
            c.circle(fx * w, fy * h, fr * w, stroke=0, fill=1)
        c.setFillColor(mark)
        centred_text(c, station_label(index), w / 2, h * 0.2, h * 0.13, BOLD, w * 0.5)
        player_mark(c, shape, w / 2, h * 0.87, w * 0.07, mark)
    return draw


def shield_art(colour: Color, shape: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        round_face(c, w, bleed, look, colour)
        mark = colour if look.low_ink else WHITE
        c.saveState()
        c.setStrokeColor(mark)
        c.setLineWidth(max(0.6, w * 0.05))
        p = c.beginPath()
        p.arc(w * 0.2, h * 0.3, w * 0.8, h * 0.9, 0, 180)
        c.drawPath(p, stroke=1, fill=0)
        c.line(w * 0.16, h * 0.6, w * 0.84, h * 0.6)
        c.setLineWidth(max(0.3, w * 0.02))
        for k in (0.35, 0.5, 0.65):
            c.line(w * k, h * 0.6, w * (0.5 + (k - 0.5) * 0.6), h * 0.86)
        c.restoreState()
        c.setFillColor(mark)
        centred_text(c, "shield", w / 2, h * 0.32, h * 0.11, BOLD, w * 0.6)
        player_mark(c, shape, w / 2, h * 0.14, w * 0.07, mark)
    return draw


def counters() -> list[Piece]:
    """12 per colour (WG-7): stations home .. black hole (disabled on the back), 5 shields."""
    out = []
    for name, colour, shape in PLAYER_COLOURS:
        for k in range(STATIONS):
            out.append(Piece("counter", f"{name} station {station_label(k)} counter", COUNTER,
                             COUNTER, station_front(colour, shape, k),
                             station_back(colour, shape, k), round=True))
        art = stamped(shield_art(colour, shape))  # five alike: drawn once per PDF
        for _ in range(MAX_SHIELDS):
            out.append(Piece("counter", f"{name} spit shield counter", COUNTER, COUNTER, art,
                             art, round=True))
    return out


def _phredd_figure(c: Canvas, w: float, h: float, look: Look) -> None:
    """Phredd: a long-necked, two-humped space camel with antennae, mid-spit."""
    st, fl = paint(c, look, PHREDD)
    # legs
    for lx in (0.22, 0.36, 0.56, 0.7):
        polygon(c, [(w * lx, h * 0.13), (w * (lx + 0.08), h * 0.13), (w * (lx + 0.07), h * 0.36),
                    (w * (lx + 0.01), h * 0.36)], st, fl)
    # body with two humps
    p = c.beginPath()
    p.moveTo(w * 0.16, h * 0.3)
    p.curveTo(w * 0.1, h * 0.45, w * 0.2, h * 0.52, w * 0.3, h * 0.5)
    p.curveTo(w * 0.32, h * 0.68, w * 0.46, h * 0.68, w * 0.48, h * 0.52)
    p.curveTo(w * 0.5, h * 0.66, w * 0.64, h * 0.66, w * 0.66, h * 0.5)
    p.curveTo(w * 0.74, h * 0.5, w * 0.8, h * 0.42, w * 0.8, h * 0.34)
    p.curveTo(w * 0.7, h * 0.26, w * 0.3, h * 0.24, w * 0.16, h * 0.3)
    p.close()
    c.drawPath(p, stroke=st, fill=fl)
    # neck and head
    polygon(c, [(w * 0.72, h * 0.42), (w * 0.8, h * 0.36), (w * 0.86, h * 0.7),
                (w * 0.78, h * 0.72)], st, fl)
    c.ellipse(w * 0.66, h * 0.68, w * 0.94, h * 0.82, stroke=st, fill=fl)
    # spots
    c.setFillColor(SPIT if not look.low_ink else WHITE)
    for sx, sy, sr in ((0.38, 0.48, 0.035), (0.56, 0.5, 0.03), (0.3, 0.38, 0.025),
                       (0.64, 0.4, 0.028)):
        c.circle(w * sx, h * sy, w * sr, stroke=1 if look.low_ink else 0, fill=1)
    # antennae
    c.setStrokeColor(PHREDD)
    c.setLineWidth(max(0.6, w * 0.018))
    c.line(w * 0.76, h * 0.8, w * 0.7, h * 0.92)
    c.line(w * 0.84, h * 0.81, w * 0.88, h * 0.93)
    c.setFillColor(PHREDD)
    c.circle(w * 0.7, h * 0.925, w * 0.025, stroke=0, fill=1)
    c.circle(w * 0.88, h * 0.935, w * 0.025, stroke=0, fill=1)
    # eye and a grin
    c.setFillColor(WHITE)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.circle(w * 0.8, h * 0.76, w * 0.045, stroke=1, fill=1)
    c.setFillColor(INK)
    c.circle(w * 0.815, h * 0.758, w * 0.02, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.line(w * 0.87, h * 0.71, w * 0.93, h * 0.72)
    # spit: kept a clear 2.5 % of the width inside the cut (it used to cross the edge)
    c.setFillColor(SPIT)
    for sx, sy, sr in ((0.955, 0.66, 0.02), (0.905, 0.6, 0.016), (0.95, 0.55, 0.013)):
        c.circle(w * sx, h * sy, w * sr, stroke=0, fill=1)
    # tail
    c.setStrokeColor(PHREDD)
    c.setLineWidth(max(0.6, w * 0.02))
    c.line(w * 0.15, h * 0.38, w * 0.07, h * 0.3)
    c.setFillColor(INK)
    c.setFont(BOLD, max(5.0, w * 0.09))
    c.drawCentredString(w * 0.5, h * 0.03, "PHREDD")


def phredd_standee(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    """Base, Phredd, Phredd upside down (his other side), base: fold and glue like a pawn."""
    fold_standee(c, w, h, bleed, look, PHREDD_BASE, PHREDD_FIG, tint(PHREDD, 0.14), _phredd_figure,
                 turned_label=False)


def phredd_piece() -> Piece:
    return Piece("standee", "Phredd standee", PHREDD_W, 2 * PHREDD_BASE + 2 * PHREDD_FIG,
                 phredd_standee)


def reference_card(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    """A player's crib: the actions and their costs, the prices, the payoff rule."""
    if not look.low_ink:
        c.setFillColor(tint(ACCENT, 0.06))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    pad = mm(4)
    c.setFillColor(ACCENT)
    fit_left(c, TITLE, BOLD, 9.5, pad, h - pad - 8, w - 2 * pad)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(pad, h - pad - mm(7.5), f"{POINTS_PER_TURN} action points a turn")
    c.setFont(REGULAR, 6.5)
    c.setFillColor(GREY)
    c.drawRightString(w - pad, h - pad - mm(7.5), "unused points are lost")
    y = action_table(c, pad, h - pad - mm(9.5), w - 2 * pad, 6.8, look, short=True) - mm(2)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 7.5)
    c.drawString(pad, y - 7.5, "Space Bucks")
    y -= mm(4)
    costs = ", ".join(f"{'ace' if k == 1 else station_label(k)}: {v}"
                      for k, v in enumerate(STATION_COSTS) if k) + " (home: free)"
    rows = (("Stations", costs),
            ("Shield", f"{SHIELD_COST} (at most {MAX_SHIELDS})"),
            ("Fee", f"{FEE} to the owner per station tile entered or stayed on, once a turn"),
            ("Abandon", f"{ABANDON_FORFEIT} to the bank"),
            ("Payoff", "half of rows + columns apart, rounded up"),
            ("Loads", f"at most {CAPACITY} aboard; a coin marks each source"))
    y = labelled_items(c, rows, pad, y, w - 2 * pad, 6.8, mm(13), mm(0.6))
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5)
    c.drawString(pad, mm(3), "Jim Adams & Amy Enge (2004) - card by pnp-space")


def card_piece() -> Piece:
    return Piece("refcard", "player reference card", CARD_W, CARD_H, reference_card)

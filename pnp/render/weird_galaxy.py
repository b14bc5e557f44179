"""The It's a Weird, Weird Galaxy! kit: rules reference, board layout, the two fillable sheets,
player reference cards, counters, the Phredd standee and the 8-suit piecepack.

Weird Galaxy is Jim Adams and Amy Enge's piecepack game (2004).  The tile grid, the suit names
and every cost printed here come from the engine's data module (rulings WG-2 and WG-3
reconstruct what the rules text lost), so a later ruling changes the kit with the engine.  The
worksheet's form fields are the worksheet checker's; the Space Bucks ledger's are the ledger
checker's (pnp.games.weird_galaxy.ledger).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.engine import get_game
from pnp.games.weird_galaxy import ledger as wg_ledger
from pnp.games.weird_galaxy import sheet as wg_sheet
from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    ACTION_COSTS,
    CAPACITY,
    FEE,
    HOLE,
    MAX_SHIELDS,
    POINTS_PER_TURN,
    POS_OF,
    SHIELD_COST,
    SIZE,
    STATION_COSTS,
    STATIONS,
    SUIT_NAMES,
    SUITS,
    TILE_AT,
    Pos,
    payoff,
    tile_name,
)
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    WHITE,
    Look,
    centred_text,
    hex_color,
    numbered_steps,
    page_title,
    paint,
    paragraph,
    polygon,
    tint,
    wrap,
)
from pnp.render.calibration import calibration_pages
from pnp.render.components import (
    SheetContext,
    blank_back,
    one_sided_sheets,
    two_sided_sheets,
)
from pnp.render.document import Page, fit_transform, measure, scaled, write_pdf
from pnp.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, inch, mm, paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions, table_url
from pnp.render.parts import parts_header
from pnp.render.piecepack import Art, Piece, draw_rank, suit_set
from pnp.render.qr import qr_block
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
CARD_W, CARD_H = mm(84), mm(118)
PHREDD_W, PHREDD_BASE, PHREDD_FIG = mm(34), mm(12), mm(38)


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "table": the kit's dice are rolled at the table."""
    return table_url(options, GAME_ID, "table")


def kit_path(options: KitOptions) -> Path:
    return options.out / f"{GAME_ID}-seed{options.seed}-{options.paper}.pdf"


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



def _footer(c: Canvas, area: Rect) -> None:
    c.setFillColor(GREY)
    _fit_left(c, CREDIT, REGULAR, 6.5, area.x, area.y + mm(1), area.w)


def _fit_left(c: Canvas, text: str, font: str, size: float, x: float, y: float,
              width: float) -> None:
    while text_width(text, font, size) > width and size > 4:
        size -= 0.25
    c.setFont(font, size)
    c.drawString(x, y, text)


def _fit_centred(c: Canvas, text: str, font: str, size: float, cx: float, y: float,
                 width: float) -> None:
    while text_width(text, font, size) > width and size > 4:
        size -= 0.25
    c.setFont(font, size)
    c.drawCentredString(cx, y, text)


def _heading(c: Canvas, x: float, y: float, text: str, size: float = 12) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, size)
    c.drawString(x, y - size, text)
    c.setFillColor(INK)
    return y - size - mm(2)


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2 if thick else 0.6)
    c.setFillColor(WHITE)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)


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


# -- rules reference -------------------------------------------------------------------------

ACTION_TEXT: Mapping[str, tuple[str, str]] = {
    "move": ("Fly", "Move your starship one tile, straight or diagonally. Entering a tile "
                    f"with another player's station costs {FEE} Space Buck to its owner, once "
                    "per tile each turn."),
    "phredd": ("Move Phredd", "Move Phredd one tile the same way; afterwards he may spit once."),
    "mission": ("New mission", "Roll a trade mission: draw a die and roll it (the source), "
                               "keep it out, draw and roll a second (the destination)."),
    "shoo": ("Shoo Phredd", "If he is within one tile of your ship or one of your stations: "
                            "draw and roll a die and he hyperjumps there."),
    "build": ("Build", "Pay for and place your next station."),
    "shield": ("Spit shield", f"Pay {SHIELD_COST} Space Bucks: a working station of yours "
                              "becomes immune to spit."),
    "paint": ("Repaint", "Put your spat-on starship or station back in working order."),
    "jump": ("Hyperjump", "Draw and roll a die and fly straight to that tile (never onto "
                          "another player's station: roll again)."),
    "pick": ("Pick up", "On a mission's source tile: load the goods and mark it with a coin."),
    "deliver": ("Deliver", "On the destination tile with its goods aboard: collect the payoff."),
    "abandon": ("Abandon", f"On your turn, dump a load for {ABANDON_FORFEIT} Space Buck to the "
                           "bank."),
    "end": ("End turn", "Points you did not use are lost."),
}
"""Our wording for each action of data.ACTION_COSTS (the costs themselves come from there)."""

CARD_TEXT: Mapping[str, str] = {
    "move": f"1 tile, 8 directions; entering a station tile: {FEE} to its owner",
    "phredd": "1 tile, then he may spit once",
    "mission": "draw and roll 2 dice: source, then destination",
    "shoo": "when he is within 1 tile of your ship or a station",
    "build": "your next station, paid for",
    "shield": f"{SHIELD_COST} Space Bucks: a station immune to spit",
    "paint": "fix your spat-on ship or station",
    "jump": "draw and roll 1 die, fly there",
    "pick": "on a source tile; leave a coin there",
    "deliver": "on the destination: collect the payoff",
    "abandon": f"{ABANDON_FORFEIT} Space Buck to the bank",
    "end": "unused points are lost",
}
"""The same, cut down for the player reference card."""


def _cost_text(action: str) -> str:
    cost = ACTION_COSTS[action]
    return "free" if cost == 0 else str(cost)


def _action_table(c: Canvas | None, x: float, top: float, w: float, size: float,
                  look: Look, short: bool = False) -> float:
    """Every action with its cost, most expensive last; returns the y below it."""
    y = top
    name_w = max(text_width(head, BOLD, size) for head, _ in ACTION_TEXT.values()) + mm(2)
    badge = size * 1.5
    order = sorted(ACTION_COSTS, key=lambda a: (ACTION_COSTS[a] == 0, ACTION_COSTS[a]))
    for k, action in enumerate(order):
        head, text = ACTION_TEXT[action]
        if short:
            text = CARD_TEXT[action]
        lines = wrap(text, REGULAR, size, w - badge - name_w - mm(3))
        row_h = max(badge, len(lines) * size * 1.22) + size * 0.45
        if c is not None:
            if not look.low_ink and k % 2 == 0:
                c.setFillColor(tint(ACCENT, 0.07))
                c.rect(x, y - row_h, w, row_h, stroke=0, fill=1)
            cost = _cost_text(action)
            cy = y - size * 0.22 - badge / 2
            if cost == "free":
                c.setFillColor(GREY)
                _fit_centred(c, "free", BOLD, size * 0.8, x + badge / 2 + mm(0.5),
                             cy - size * 0.28, badge + mm(1))
            else:
                st, fl = paint(c, look, ACCENT, solid=False)
                c.circle(x + badge / 2 + mm(0.5), cy, badge / 2, stroke=st, fill=fl)
                c.setFillColor(ACCENT if look.low_ink else WHITE)
                centred_text(c, cost, x + badge / 2 + mm(0.5), cy, badge * 0.5)
            c.setFillColor(INK)
            c.setFont(BOLD, size)
            c.drawString(x + badge + mm(2), y - size * 0.22 - size, head)
            c.setFont(REGULAR, size)
            for i, line in enumerate(lines):
                c.drawString(x + badge + mm(2) + name_w, y - size * 0.22 - size - i * size * 1.22,
                             line)
        y -= row_h
    return y


def _rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 10.0

    def draw(c: Canvas) -> None:
        y = page_title(c, area, TITLE, "Rules reference 1/2 - a trading race to the black hole for "
                       "2 to 5 players, one 8-suit piecepack, 45 to 60 minutes", ACCENT)
        c.setFillColor(INK)
        y = paragraph(c, "Every home world wants the glory of the first space station at the "
                      "centre of the galaxy. Fly trade missions for Space Bucks, build a chain "
                      "of stations from your home world to the black hole, and keep out of "
                      "reach of Phredd, the giant space camel who spits on everything. Whoever "
                      "builds a station in the black hole first wins.", area.x, y, area.w,
                      OBLIQUE, 10) - mm(4)
        col = (area.w - mm(8)) / 2
        top = y
        y = _heading(c, area.x, y, "What you need")
        items = (
            ("Tiles", "all 48 of the eight suits (the classic four and the Seasons)."),
            ("Dice", "all eight, in a cloth bag: drawing a die picks a suit, rolling it "
                     "a rank, so together they name one tile."),
            ("Pawns", "one starship per player; the Phredd standee."),
            ("Coins", f"{CAPACITY} of your suit: they mark where your loads came from."),
            ("Counters", f"{STATIONS + MAX_SHIELDS} in your colour: {STATIONS} stations and "
                         f"{MAX_SHIELDS} spit shields."),
            ("Paper", "the Trade Missions worksheet and the Space Bucks ledger."),
        )
        label = mm(21)
        for head, text in items:
            c.setFont(BOLD, body)
            c.drawString(area.x, y - body, head)
            y = paragraph(c, text, area.x + label, y, col - label, REGULAR, body) - mm(1.2)
        left = y
        x2 = area.x + col + mm(8)
        y = _heading(c, x2, top, "Setting up")
        steps = (
            "Lay the tiles face up in a 7 x 7 square with the centre left empty: the black "
            "hole. The board sheet shows which tile goes where.",
            "Each player takes a suit. Your home world is that suit's null tile: put your "
            "starship and your home station counter there.",
            "Keep your other counters and your coins in front of you. Everyone starts with "
            "no Space Bucks.",
            "Phredd starts in the black hole. The dice go into the bag. Choose who starts "
            "(a seeded game names the first player); play goes round the table.",
        )
        y = numbered_steps(c, steps, x2, y, col, body, mm(1.2))
        y = min(y, left) - mm(3)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        y -= mm(3)
        y = _heading(c, area.x, y, f"Your turn: {POINTS_PER_TURN} action points")
        c.setFillColor(INK)
        y = paragraph(c, f"Spend up to {POINTS_PER_TURN} points on the actions below, in any "
                      "order and as often as you can pay. Unused points are lost; points "
                      "cannot be given away.", area.x, y, area.w, REGULAR, body) - mm(2)
        table_w = area.w * 0.64
        bottom = _action_table(c, area.x, y, table_w, 9.6, look)
        _moves_diagram(c, Rect(area.x + table_w + mm(6), bottom, area.w - table_w - mm(6),
                               y - bottom), look)
        _footer(c, area)

    return Page(size, draw, f"{SHORT} - rules reference 1/2")


def _moves_diagram(c: Canvas, box: Rect, look: Look) -> None:
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


def _rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def lay(c: Canvas, body: float) -> float:
        y = page_title(c, area, TITLE, "Rules reference 2/2 - trade missions, stations, Phredd, "
                       "winning, keeping the sheets", ACCENT)
        col = area.w * 0.54
        top = y
        y = _heading(c, area.x, y, "Trade missions")
        paras = (
            "Rolling a mission names two tiles of different suits: the source has goods, the "
            "destination wants them. Write it on the next worksheet line with its payoff. Any "
            "player may fly any open mission, whoever rolled it; each one pays only once.",
            "On the source tile, pick up a load and leave one of your coins there. On the "
            "destination, with that load aboard, deliver: take your coin back and collect "
            "the payoff from the bank. Picking up and delivering cost no points. A starship "
            f"holds {CAPACITY} loads at a time.",
            "A tile makes one kind of goods: a load from it serves every open mission from "
            "that tile, even one rolled after you picked it up. When someone else completes "
            "the mission your load was for, the load is lost at no cost.",
        )
        for text in paras:
            y = paragraph(c, text, area.x, y, col, REGULAR, body) - mm(1.6)
        y = min(y, _payoff_diagram(c, area.x + col + mm(7), top, area.w - col - mm(7), look))
        y -= mm(2)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        y -= mm(3)
        y = _heading(c, area.x, y, "Stations, shields and fees")
        y = paragraph(c, "Stations go up in order, each on your suit's tile of the next rank, "
                      "the last one in the black hole. Each costs more than the one before. "
                      "You may build only while all your stations work, even where other "
                      "ships or Phredd sit.", area.x, y, area.w, REGULAR, body) - mm(1)
        y = _station_chain(c, area.x, y, area.w, look) - mm(2)
        y = paragraph(c, f"A spit shield ({SHIELD_COST} Space Bucks, at most {MAX_SHIELDS}) "
                      "makes a working station immune to spit: set a second counter on it. "
                      f"Any ship that enters, or stays on, a tile with another player's "
                      f"station pays its owner {FEE} Space Buck, once per tile each turn; you "
                      "cannot fly in without the money.", area.x, y, area.w, REGULAR,
                      body) - mm(3)
        half = (area.w - mm(8)) / 2
        top = y
        y = _heading(c, area.x, y, "Phredd")
        y = paragraph(c, "A spit disables a starship or a station: lay it on its side. A "
                      "disabled ship cannot fly, jump, pick up or deliver; a disabled station "
                      "still collects fees but stops you building. Repaint to fix it. Anyone "
                      "may shoo Phredd, even with everything disabled; he may land anywhere, "
                      "the black hole too.", area.x, y, half, REGULAR, body) - mm(2)
        left = y
        x2 = area.x + half + mm(8)
        y = _heading(c, x2, top, "Winning")
        y = paragraph(c, f"Build your station in the black hole (it costs {STATION_COSTS[-1]}"
                      " and needs all your other stations working) and the game ends at "
                      "once: you win, even with a disabled ship.", x2, y, half, REGULAR,
                      body) - mm(3)
        y = _heading(c, x2, y, "Keeping the sheets")
        y = paragraph(c, "Worksheet: one line per mission rolled; write the Space Bucks in "
                      "the last column when it is completed. Ledger: one block per player, "
                      "one row per turn in which your Space Bucks moved; the new balance is "
                      "the old one plus earnings and fees received, minus fees paid and "
                      "spending. The tracker (QR code) or 'pnp check-sheet' recomputes it "
                      "all.", x2, y, half, REGULAR, body)
        y = _heading(c, area.x, left, "Good to know")
        for tip in TIPS:
            c.setFont(BOLD, body)
            c.drawString(area.x, y - body, "-")
            y = paragraph(c, tip, area.x + mm(4), y, half - mm(4), REGULAR, body) - mm(1.2)
        return y

    body = 10.2  # as large as fits above the footer (Letter is 17.6 mm shorter than A4)
    while body > 8 and measure(size, functools.partial(lay, body=body)) < area.y + mm(5):
        body -= 0.2

    def draw(c: Canvas) -> None:
        lay(c, body)
        _footer(c, area)

    return Page(size, draw, f"{SHORT} - rules reference 2/2")


TIPS = (
    "Balances are public unless your table agrees otherwise; the ledger makes them easy "
    "to follow.",
    "Without spit shields a leader can be kept under spit for ever: shield the stations "
    "you need most.",
    "A mission that starts where your ship already is, and ends far away, is the best "
    "kind.",
    "Phredd near a rival is usually near you too: look a move ahead before moving him.",
)
"""Advice in our own words, drawn from the designers' notes."""


def _payoff_diagram(c: Canvas, bx: float, top: float, bw: float, look: Look) -> float:
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


def _station_chain(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
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
        _station_disc(c, cx, cy, r, colour, look, k)
        c.setFillColor(INK)
        where = "black hole" if k == n - 1 else f"{rank_short(k)} tile"
        if k == 0:
            where = "home (null)"
        cost = {0: "free", 1: "1 Space Buck"}.get(STATION_COSTS[k],
                                                   f"{STATION_COSTS[k]} Space Bucks")
        _fit_centred(c, where, BOLD, 7.5, cx, cy - r - mm(3.4), step - mm(1))
        _fit_centred(c, cost, REGULAR, 7.5, cx, cy - r - mm(6.6), step - mm(1))
    return cy - r - mm(8)


# -- counters, Phredd, cards --------------------------------------------------------------------

def station_label(index: int) -> str:
    return "hole" if index == STATIONS - 1 else {0: "home", 1: "A"}.get(index, str(index))


def _station_icon(c: Canvas, cx: float, cy: float, r: float, color: Color,
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


def _player_mark(c: Canvas, shape: str, cx: float, cy: float, r: float, color: Color) -> None:
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


def _station_disc(c: Canvas, cx: float, cy: float, r: float, colour: Color, look: Look,
                  index: int) -> None:
    st, fl = paint(c, look, colour)
    c.circle(cx, cy, r, stroke=st, fill=fl)
    mark = colour if look.low_ink else WHITE
    _station_icon(c, cx, cy + r * 0.22, r * 0.78, mark)
    c.setFillColor(mark)
    centred_text(c, station_label(index), cx, cy - r * 0.5, r * 0.3, BOLD, r * 1.1)


def _counter_edge(c: Canvas, w: float, bleed: float, look: Look, fill: Color) -> None:
    if look.low_ink:
        c.setStrokeColor(GREY)
        c.setLineWidth(0.3)
        c.circle(w / 2, w / 2, w / 2, stroke=1, fill=0)
    else:
        c.setFillColor(fill)
        c.circle(w / 2, w / 2, w / 2 + bleed, stroke=0, fill=1)


def station_front(colour: Color, shape: str, index: int) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _counter_edge(c, w, bleed, look, colour)
        mark = colour if look.low_ink else WHITE
        _station_icon(c, w / 2, h * 0.58, w * 0.36, mark)
        c.setFillColor(mark)
        centred_text(c, station_label(index), w / 2, h * 0.26, h * 0.15, BOLD, w * 0.5)
        _player_mark(c, shape, w / 2, h * 0.87, w * 0.07, mark)
    return draw


def station_back(colour: Color, shape: str, index: int) -> Art:
    """The disabled side: the station knocked sideways and splashed with spit."""
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _counter_edge(c, w, bleed, look, tint(colour, 0.45))
        mark = colour if look.low_ink else INK
        _station_icon(c, w / 2, h * 0.6, w * 0.3, mark, angle=-70)  # wings clear the label
        c.setFillColor(SPIT)
        for fx, fy, fr in ((0.32, 0.7, 0.07), (0.62, 0.44, 0.09), (0.7, 0.68, 0.05),
                           (0.42, 0.42, 0.045)):
            c.circle(fx * w, fy * h, fr * w, stroke=0, fill=1)
        c.setFillColor(mark)
        centred_text(c, station_label(index), w / 2, h * 0.2, h * 0.13, BOLD, w * 0.5)
        _player_mark(c, shape, w / 2, h * 0.87, w * 0.07, mark)
    return draw


def shield_art(colour: Color, shape: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _counter_edge(c, w, bleed, look, colour)
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
        _player_mark(c, shape, w / 2, h * 0.14, w * 0.07, mark)
    return draw


def counters() -> list[Piece]:
    """12 per colour (WG-7): stations home .. black hole (disabled on the back), 5 shields."""
    out = []
    for name, colour, shape in PLAYER_COLOURS:
        for k in range(STATIONS):
            out.append(Piece("counter", f"{name} station {station_label(k)} counter", COUNTER,
                             COUNTER, station_front(colour, shape, k),
                             station_back(colour, shape, k), round=True))
        for _ in range(MAX_SHIELDS):
            art = shield_art(colour, shape)
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
    # spit
    c.setFillColor(SPIT)
    for k, (sx, sy) in enumerate(((0.97, 0.7), (0.9, 0.62), (0.95, 0.56))):
        c.circle(w * sx, h * sy, w * (0.03 - k * 0.006), stroke=0, fill=1)
    # tail
    c.setStrokeColor(PHREDD)
    c.setLineWidth(max(0.6, w * 0.02))
    c.line(w * 0.15, h * 0.38, w * 0.07, h * 0.3)
    c.setFillColor(INK)
    c.setFont(BOLD, max(5.0, w * 0.09))
    c.drawCentredString(w * 0.5, h * 0.03, "PHREDD")


def phredd_standee(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    """Base, Phredd, Phredd upside down (his other side), base: fold and glue like a pawn."""
    b, fig = PHREDD_BASE, PHREDD_FIG
    if not look.low_ink:
        c.setFillColor(tint(PHREDD, 0.14))
        c.rect(-bleed, b, w + 2 * bleed, 2 * fig, stroke=0, fill=1)
        c.setFillColor(hex_color("#e4e4e4"))
        c.rect(-bleed, -bleed, w + 2 * bleed, b + bleed, stroke=0, fill=1)
        c.rect(-bleed, b + 2 * fig, w + 2 * bleed, b + bleed, stroke=0, fill=1)
    c.saveState()
    c.translate(0, b)
    _phredd_figure(c, w, fig, look)
    c.restoreState()
    c.saveState()
    c.translate(w, b + 2 * fig)
    c.rotate(180)  # folded back to back, both sides stand upright
    _phredd_figure(c, w, fig, look)
    c.restoreState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.setDash(1.5, 1.5)
    for y in (b, b + fig, b + 2 * fig):
        c.line(0, y, w, y)
    c.setDash()
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5)
    c.drawCentredString(w / 2, b / 2 - 1.5, "base")
    c.drawCentredString(w / 2, h - b / 2 - 1.5, "base")


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
    _fit_left(c, TITLE, BOLD, 9.5, pad, h - pad - 8, w - 2 * pad)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(pad, h - pad - mm(7.5), f"{POINTS_PER_TURN} action points a turn")
    c.setFont(REGULAR, 6.5)
    c.setFillColor(GREY)
    c.drawRightString(w - pad, h - pad - mm(7.5), "unused points are lost")
    y = _action_table(c, pad, h - pad - mm(9.5), w - 2 * pad, 6.8, look, short=True) - mm(2)
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
    for head, text in rows:
        c.setFillColor(INK)
        c.setFont(BOLD, 6.8)
        c.drawString(pad, y - 6.8, head)
        y = paragraph(c, text, pad + mm(13), y, w - 2 * pad - mm(13), REGULAR, 6.8) - mm(0.6)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5)
    c.drawString(pad, mm(3), "Jim Adams & Amy Enge (2004) - card by pnp-space")


def card_piece() -> Piece:
    return Piece("refcard", "player reference card", CARD_W, CARD_H, reference_card)


# -- board layout sheet ---------------------------------------------------------------------------

def seat_table(seed: int) -> list[tuple[int, list[str], int]]:
    """(players, suit letters in seat order, first seat) as the engine sets up this seed."""
    game = get_game(GAME_ID)
    out = []
    for n in range(game.min_players, game.max_players + 1):
        setup = game.new_setup(seed, [f"Player {k + 1}" for k in range(n)], {"chance": "table"})
        suits = setup["suits"]
        first = setup["first"]
        assert isinstance(suits, list) and isinstance(first, int)
        out.append((n, [str(s) for s in suits], first))
    return out


def _board_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    url = tracker_url(options)
    seats = seat_table(options.seed)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"{SHORT} - board layout, seed {options.seed}",
                       "Which tile goes where: suit and rank on each cell, row and column numbers "
                       "round the edge (north is up).", ACCENT)
        s = min((area.w - mm(18)) / SIZE, (y - area.y - mm(100)) / SIZE, mm(24))
        bx = area.x + (area.w - SIZE * s) / 2
        by = y - mm(8) - SIZE * s
        draw_board(c, bx, by, s, look)
        c.setFillColor(ACCENT)
        centred_text(c, "N", bx + SIZE * s / 2, y - mm(1.2), mm(2.6))
        c.setFillColor(INK)
        c.setFont(REGULAR, 7)
        c.drawString(bx - mm(8), y - mm(2), "row")
        c.drawRightString(bx + SIZE * s + mm(8), y - mm(2), "column")
        y = by - mm(9)
        _suit_table(c, area.x, y, area.w * 0.62, look)
        qr = mm(30)
        x2 = area.x + area.w * 0.62 + mm(6)
        w2 = area.x2 - x2
        yy = _heading(c, x2, y, f"This seed ({options.seed})", 10)
        c.setFillColor(INK)
        yy = paragraph(c, "The tracker sets up a table from the QR code the same way: seats "
                       "in the usual suits, the first player drawn from the seed.", x2, yy, w2,
                       REGULAR, 7.5) - mm(1.5)
        for n, suits, first in seats:
            names = ", ".join(SUIT_NAMES[s] for s in suits)
            c.setFont(BOLD, 7.5)
            c.drawString(x2, yy - 7.5, f"{n} players")
            text = f"{names}; {SUIT_NAMES[suits[first]]} starts"
            yy = paragraph(c, text, x2 + mm(17), yy, w2 - mm(17), REGULAR, 7.5) - mm(0.8)
        # the code fills the room the seating lines leave (their length depends on the seed)
        qr = max(mm(18), min(qr, yy - mm(2) - (area.y + mm(13))))
        qr_block(c, url, x2 + (w2 - qr) / 2, area.y + mm(13), qr, left=x2, right=area.x2)
        _footer(c, area)

    return Page(size, draw, f"{SHORT} - board layout, seed {options.seed}")


def _suit_table(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """Per suit: where each rank lies (row,column) and the home world; one line a suit."""
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 10)
    c.drawString(x, top - 10, "Tiles by suit (row,column)")
    y = top - mm(6)
    first = mm(26)
    cw = (w - first) / 6
    c.setFillColor(GREY)
    c.setFont(BOLD, 7)
    for k in range(6):
        c.drawCentredString(x + first + (k + 0.5) * cw, y - 7, rank_short(k))
    y -= mm(4)
    row_h = mm(6.2)
    for i, letter in enumerate(SUITS):
        suit = suit_of(letter)
        if not look.low_ink and i % 2 == 0:
            c.setFillColor(tint(suit.color, 0.1))
            c.rect(x, y - row_h, w, row_h, stroke=0, fill=1)
        draw_symbol(c, suit, x + mm(3), y - row_h / 2, mm(2.2), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 8)
        c.drawString(x + mm(6.5), y - row_h / 2 - 2.8, f"{letter}  {suit.name}")
        for k in range(6):
            pos = POS_OF[(letter, k)]
            cx = x + first + (k + 0.5) * cw
            c.setFont(BOLD if k == 0 else REGULAR, 8)
            c.drawCentredString(cx, y - row_h / 2 - 2.8, coord(pos))
        y -= row_h
    c.setFillColor(GREY)
    y = paragraph(c, f"Null tiles are the home worlds. The black hole is {coord(HOLE)}. "
                  "Tiles are named suit letter + rank (aN, e5) in the tracker and on the "
                  "worksheet; 'a4' and '4 of Suns' both work.", x, y - mm(1.5), w, REGULAR, 7)
    return y


# -- the Trade Missions worksheet ----------------------------------------------------------------

WS_COLUMNS = (("source", "Source tile", 36.0), ("dest", "Destination tile", 36.0),
              ("payoff", "Payoff", 18.0), ("paid", "Completed ($)", 22.0))
NUM_W = mm(8)
HEAD_H = mm(9)


def worksheet_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """Every field rectangle of the worksheet page (design coordinates), by field name."""
    area = printable_area(size)
    top = area.y2 - mm(19)
    bottom = area.y + mm(6)
    row_h = (top - HEAD_H - bottom) / wg_sheet.ROWS
    fields: dict[str, Rect] = {}
    for n in range(1, wg_sheet.ROWS + 1):
        y = top - HEAD_H - n * row_h
        x = area.x + NUM_W
        for key, _, width in WS_COLUMNS:
            fields[f"m{n}_{key}"] = Rect(x + 1, y + 1, mm(width) - 2, row_h - 2)
            x += mm(width)
    px = x + mm(8)
    pw = area.x2 - px
    fields["seed"] = Rect(px + mm(12), top - mm(8), pw - mm(12), mm(7))
    fields["total_paid"] = Rect(px + pw - mm(20), top - mm(24), mm(20), mm(8))
    return fields


def _worksheet_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = worksheet_layout(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        page_title(c, area, f"{SHORT} - Trade Missions worksheet",
                   "One line per mission rolled, numbered as rolled (deliver:n in the tracker). "
                   "Type into the PDF or write by hand.", ACCENT)
        top = area.y2 - mm(19)
        cols = [k for k, _, _ in WS_COLUMNS]
        right = fields[f"m1_{cols[-1]}"].x2 + 1
        _table(c, area.x, top, right, fields, "m{n}_{c}", cols, wg_sheet.ROWS,
               {k: head for k, head, _ in WS_COLUMNS},
               {"source": "e.g. a4 or 4 of Suns", "dest": "another suit", "payoff": "$",
                "paid": "$ when done"}, look)
        seed = fields["seed"]
        px = seed.x - mm(12)
        pw = area.x2 - px
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(px, seed.y + mm(2), "Seed")
        _field_box(c, seed, look)
        total = fields["total_paid"]
        c.setFont(BOLD, 9)
        c.setFillColor(INK)
        c.drawString(px, total.y + mm(2.6), "Total paid out")
        _field_box(c, total, look, thick=True)
        y = total.y - mm(4)
        y = _heading(c, px, y, "Payoffs", 10)
        y = paragraph(c, "Count the tiles between source and destination along rows and "
                      "columns (no diagonals; the black hole counts as a tile), halve it and "
                      "round up:", px, y, pw, REGULAR, 7.5) - mm(1.5)
        y = _payoff_ladder(c, px, y, pw, look) - mm(3)
        y = _heading(c, px, y, "Completing", 10)
        paragraph(c, "Only the player who delivers is paid; write the amount in the last "
                  "column and add it to your ledger's earned column. The worksheet's total "
                  "and the players' earnings must agree.", px, y, pw, REGULAR, 7.5)
        qr = min(pw - mm(4), mm(32))
        qr_block(c, url, px + (pw - qr) / 2, area.y + mm(14), qr, left=px, right=px + pw)
        _footer(c, area)

    return Page(size, draw, f"{SHORT} - Trade Missions worksheet")


def _payoff_ladder(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    longest = 2 * (SIZE - 1)
    per_row = 6
    cell = w / per_row
    y = top
    for start in range(1, longest + 1, per_row):
        for k in range(per_row):
            d = start + k
            if d > longest:
                break
            cx = x + (k + 0.5) * cell
            if not look.low_ink:
                c.setFillColor(tint(ACCENT, 0.08))
                c.rect(x + k * cell + 0.5, y - mm(8.5), cell - 1, mm(8.5), stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(REGULAR, 6.5)
            c.drawCentredString(cx, y - mm(3), f"{d} tiles")
            c.setFillColor(INK)
            c.setFont(BOLD, 8.5)
            c.drawCentredString(cx, y - mm(7.3), f"${(d + 1) // 2}")
        y -= mm(9.5)
    return y


def _table(c: Canvas, x0: float, top: float, right: float, fields: Mapping[str, Rect],
           pattern: str, cols: Sequence[str], rows: int, heads: Mapping[str, str],
           hints: Mapping[str, str], look: Look, number_w: float = NUM_W,
           number_head: str = "#") -> None:
    """A ruled table over form fields named ``pattern`` (with {n} and {c})."""
    first = fields[pattern.format(n=1, c=cols[0])]
    row_h = first.h + 2
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x0, top - HEAD_H, right - x0, HEAD_H, stroke=0, fill=1)
    c.setFillColor(WHITE if not look.low_ink else INK)
    _fit_centred(c, number_head, BOLD, 7.5, x0 + number_w / 2, top - mm(5.2), number_w - 1)
    for col in cols:
        r = fields[pattern.format(n=1, c=col)]
        _fit_centred(c, heads[col], BOLD, 7.5, r.cx, top - mm(4.4), r.w)
        _fit_centred(c, hints.get(col, ""), REGULAR, 5.5, r.cx, top - mm(7.6), r.w)
    for n in range(1, rows + 1):
        y = fields[pattern.format(n=n, c=cols[0])].y - 1
        if not look.low_ink and n % 2 == 0:
            c.setFillColor(tint(ACCENT, 0.07))
            c.rect(x0, y, right - x0, row_h, stroke=0, fill=1)
        if number_head == "#":
            c.setFillColor(GREY)
            c.setFont(CONDENSED_BOLD, 7)
            c.drawCentredString(x0 + number_w / 2, y + row_h / 2 - 2.5, str(n))
    c.setStrokeColor(LIGHT if look.low_ink else hex_color("#c3b8d9"))
    c.setLineWidth(0.4)
    bottom = fields[pattern.format(n=rows, c=cols[0])].y - 1
    for n in range(rows + 1):
        y = top - HEAD_H - n * row_h
        c.line(x0, y, right, y)
    xs = [x0] + [fields[pattern.format(n=1, c=col)].x - 1 for col in cols] + [right]
    for x in xs:
        c.line(x, bottom, x, top - HEAD_H)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1)
    c.rect(x0, bottom, right - x0, top - bottom, stroke=1, fill=0)


# -- the Space Bucks ledger ----------------------------------------------------------------------

LEDGER_HEADS = {"turn": "Turn", "earned": "Earned", "fees_in": "Fees in",
                "fees_out": "Fees out", "spent": "Spent", "balance": "Balance"}
LEDGER_HINTS = {"turn": "", "earned": "+ payoffs", "fees_in": "+ from players",
                "fees_out": "- to players", "spent": "- bank", "balance": "= new total"}
PER_PAGE = 2
LEDGER_PAGES = (wg_ledger.PLAYERS + PER_PAGE - 1) // PER_PAGE


def ledger_players(page: int) -> list[int]:
    """Player numbers (from 1) on ledger page ``page`` (from 0)."""
    first = page * PER_PAGE + 1
    return list(range(first, min(first + PER_PAGE, wg_ledger.PLAYERS + 1)))


def _block_rect(size: tuple[float, float], slot: int) -> Rect:
    area = printable_area(size)
    w = (area.w - mm(6)) / PER_PAGE
    top = area.y2 - mm(19)
    return Rect(area.x + slot * (w + mm(6)), area.y + mm(6), w, top - area.y - mm(6))


def ledger_layout(size: tuple[float, float], page: int) -> dict[str, Rect]:
    """The field rectangles of ledger page ``page`` (design coordinates), by field name."""
    fields: dict[str, Rect] = {}
    for slot, p in enumerate(ledger_players(page)):
        box = _block_rect(size, slot)
        head = mm(17)
        total_h = mm(9)
        turn_w = mm(10)
        col_w = (box.w - turn_w) / (len(wg_ledger.COLUMNS) - 1)
        fields[f"p{p}_name"] = Rect(box.x + mm(22), box.y2 - mm(7.5), box.w - mm(22), mm(7))
        fields[f"p{p}_start"] = Rect(box.x2 - col_w + 1, box.y2 - mm(15.5), col_w - 2, mm(6.5))
        rows_top = box.y2 - head - HEAD_H
        row_h = (rows_top - box.y - total_h) / wg_ledger.ROWS
        for n in range(1, wg_ledger.ROWS + 1):
            y = rows_top - n * row_h
            x = box.x
            for col in wg_ledger.COLUMNS:
                w = turn_w if col == "turn" else col_w
                fields[wg_ledger.row_field(p, n, col)] = Rect(x + 1, y + 1, w - 2, row_h - 2)
                x += w
        x = box.x + turn_w
        for col in wg_ledger.TOTALS:
            fields[f"p{p}_{col}"] = Rect(x + 1, box.y + 1, col_w - 2, total_h - mm(1.5))
            x += col_w
    return fields


def _ledger_page(options: KitOptions, look: Look, size: tuple[float, float], page: int
                 ) -> Page:
    area = printable_area(size)
    fields = ledger_layout(size, page)
    players = ledger_players(page)
    url = tracker_url(options)
    label = f"{SHORT} - Space Bucks ledger {page + 1}/{LEDGER_PAGES}"

    def draw(c: Canvas) -> None:
        who = (f"players {players[0]} and {players[-1]}" if len(players) > 1
               else f"player {players[0]}")
        page_title(c, area, f"{SHORT} - Space Bucks ledger ({who})",
                   "One row per turn in which your Space Bucks moved. New balance = the row above "
                   "+ earned + fees in - fees out - spent.", ACCENT)
        for slot, p in enumerate(players):
            _ledger_block(c, fields, p, _block_rect(size, slot), look)
        if len(players) < PER_PAGE:
            _ledger_panel(c, _block_rect(size, len(players)), url, look)
        _footer(c, area)

    return Page(size, draw, label)


def _ledger_block(c: Canvas, fields: Mapping[str, Rect], p: int, box: Rect, look: Look) -> None:
    name, colour, shape = PLAYER_COLOURS[p - 1]
    name_r = fields[f"p{p}_name"]
    st, fl = paint(c, look, colour)
    c.circle(box.x + mm(3.5), name_r.cy, mm(3.2), stroke=st, fill=fl)
    _player_mark(c, shape, box.x + mm(3.5), name_r.cy, mm(1.5),
                 colour if look.low_ink else WHITE)
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(box.x + mm(8), name_r.y + mm(2.2), f"P{p}")
    _field_box(c, name_r, look)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5.5)
    c.drawString(name_r.x + mm(1), name_r.y2 + mm(0.8), f"name and suit ({name} counters)")
    start = fields[f"p{p}_start"]
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawRightString(start.x - mm(2), start.y + mm(2), "Balance brought forward (0 to begin)")
    _field_box(c, start, look)
    top = box.y2 - mm(17)
    cols = list(wg_ledger.COLUMNS[1:])
    right = fields[wg_ledger.row_field(p, 1, "balance")].x2 + 1
    _table(c, box.x, top, right, fields, f"p{p}_r{{n}}_{{c}}", cols, wg_ledger.ROWS,
           LEDGER_HEADS, LEDGER_HINTS, look, number_w=mm(10), number_head="Turn")
    # the turn column holds fields too: draw its boxes' rules (the table ruled them already)
    bottom_row = fields[wg_ledger.row_field(p, wg_ledger.ROWS, "turn")]
    tot_y = fields[f"p{p}_balance"]
    c.setFillColor(INK)
    _fit_centred(c, "Totals", BOLD, 7, box.x + mm(5), tot_y.y + tot_y.h / 2 - 2.5, mm(9.5))
    for col in wg_ledger.TOTALS:
        _field_box(c, fields[f"p{p}_{col}"], look, thick=col == "balance")
    del bottom_row


def _ledger_panel(c: Canvas, box: Rect, url: str, look: Look) -> None:
    y = _heading(c, box.x, box.y2, "Keeping the ledger", 11)
    tips = (
        "Write a row whenever your Space Bucks change: a delivery (earned), a fee another "
        "ship paid you (fees in), a fee you paid (fees out), a station, a spit shield or an "
        "abandoned load (spent).",
        "Put the turn number first; several rows may share a turn. The balance can never "
        "drop below 0: you cannot buy, or fly onto a station tile, without the money.",
        "When a block is full, start a new sheet and copy the last balance into 'brought "
        "forward'.",
        "At the end, add up each column in the totals row. The checker recomputes every "
        "balance, every total, checks that the fees paid equal the fees received across "
        "all players, and that the players' earnings match the worksheet.",
    )
    for text in tips:
        c.setFillColor(ACCENT)
        c.circle(box.x + mm(1.2), y - 3.2, mm(0.8), stroke=0, fill=1)
        c.setFillColor(INK)
        y = paragraph(c, text, box.x + mm(4), y, box.w - mm(4), REGULAR, 8.5) - mm(2)
    y -= mm(2)
    y = _heading(c, box.x, y, "Where Space Bucks go", 11)
    rows = ((f"+{FEE}", "fee from each other ship on your station tiles"),
            (f"-{FEE}", "fee for each other player's station tile you enter"),
            (f"-{SHIELD_COST}", "a spit shield"),
            (f"-{ABANDON_FORFEIT}", "an abandoned load"),
            ("-" + "/".join(str(v) for v in STATION_COSTS[1:]),
             "stations ace .. black hole"))
    for amount, text in rows:
        c.setFont(BOLD, 8.5)
        c.setFillColor(INK)
        c.drawString(box.x, y - 8.5, amount)
        y = paragraph(c, text, box.x + mm(24), y, box.w - mm(24), REGULAR, 8.5) - mm(1)
    qr = mm(32)
    qr_block(c, url, box.x + (box.w - qr) / 2, box.y + mm(14), qr, left=box.x, right=box.x2)
    del look


# -- pieces and the kit ----------------------------------------------------------------------------

LOAD_RANKS = RANKS[:CAPACITY]


def piecepack_pieces() -> dict[str, list[Piece]]:
    """From the 8-suit piecepack: all 48 tiles, all 8 dice, a pawn per suit (any suit can be
    seated), and per suit only the coins that mark loads (CAPACITY of them)."""
    full = suit_set(ALL_SUITS)
    keep = {f"{s.name} {r} coin" for s in ALL_SUITS for r in LOAD_RANKS}
    return {"tile": full["tile"], "coin": [p for p in full["coin"] if p.label in keep],
            "die": full["die"], "pawn": full["pawn"]}


def pieces() -> dict[str, list[Piece]]:
    """Everything cut out for this game, grouped by kind."""
    return {**piecepack_pieces(), "counter": counters(), "standee": [phredd_piece()],
            "refcard": [card_piece() for _ in range(5)]}


def parts_lines() -> tuple[str, ...]:
    colours = ", ".join(f"{name} ({shape})" for name, _, shape in PLAYER_COLOURS)
    return (
        f"{len(PLAYER_COLOURS) * (STATIONS + MAX_SHIELDS)} counters (5/8 in): {STATIONS} "
        f"stations and {MAX_SHIELDS} spit shields in each of {colours}.",
        "1 Phredd standee; 5 player reference cards.",
        f"From the 8-suit piecepack: every tile and die; a pawn per suit; {CAPACITY} coins "
        "per suit (load markers). Other coins are not used.",
    )


PART_NOTES = (
    "Counters: print on card stock, cut the circles. Stations show 'spat' on the "
    "back: flip one when Phredd disables it. A shield counter sits on its station.",
    "Phredd: fold like a pawn standee, the two figures back to back.",
    "Reference cards: cut out, one per player.",
    "Dice: this game needs all eight, told apart by suit (drawing one picks the suit), so "
    "the roll table of other kits cannot stand in for them here.",
)


def kit_pages(options: KitOptions) -> tuple[list[Page], dict[str, int]]:
    """Every page in print order, and the page index of each fillable sheet."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    pages = [_rules_page_1(look, design), _rules_page_2(look, design),
             _board_page(options, look, design), _worksheet_page(options, look, design)]
    forms = {"worksheet": 3}
    for k in range(LEDGER_PAGES):
        forms[f"ledger{k}"] = len(pages)
        pages.append(_ledger_page(options, look, design, k))
    if design != size:
        pages = [scaled(p, size) for p in pages]
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    if duplex and len(pages) % 2:
        pages.append(blank_back(size, SHORT))
    ctx = SheetContext(SHORT, options)
    groups = pieces()
    everything = [p for ps in groups.values() for p in ps]
    width = printable_area(size).w
    header, height = parts_header(f"{SHORT} - pieces", everything, width, parts_lines(),
                                  PART_NOTES)
    pages += one_sided_sheets(ctx, groups["die"], "dice", header, height)
    pages += one_sided_sheets(ctx, groups["refcard"] + groups["standee"] + groups["pawn"],
                              "cards, Phredd and pawns")
    for kind, name in (("tile", "tiles"), ("coin", "coins"), ("counter", "counters")):
        pages += two_sided_sheets(ctx, groups[kind], name)
    pages += calibration_pages(options)
    pages, shift = with_guide(TITLE, options, pages)
    return pages, {name: index + shift for name, index in forms.items()}


def form_fields(options: KitOptions, pages: Sequence[Page], forms: Mapping[str, int]
                ) -> list[FormField]:
    """The worksheet's and the ledger's fields, placed on the printed (maybe shrunk) pages."""
    design = text_sheet_size(options.paper)
    out: list[FormField] = []
    layouts: list[tuple[int, dict[str, Rect]]] = [(forms["worksheet"], worksheet_layout(design))]
    layouts += [(forms[f"ledger{k}"], ledger_layout(design, k)) for k in range(LEDGER_PAGES)]
    for index, layout in layouts:
        s, dx, dy = fit_transform(design, pages[index].size)
        for name, d in layout.items():
            rect = Rect(dx + d.x * s, dy + d.y * s, d.w * s, d.h * s)
            value = str(options.seed) if name == "seed" else ""
            big = name in ("seed", "total_paid") or name.endswith(("_name", "_start"))
            left = name == "seed" or name.endswith(("_name", "_source", "_dest"))
            out.append(FormField(name, index, rect, value, (10 if big else 8) * min(s, 1.0),
                                 align=0 if left else 1))
    return out


def weird_galaxy_kit(options: KitOptions) -> list[Path]:
    pages, forms = kit_pages(options)
    path = kit_path(options)
    write_pdf(path, pages, f"{TITLE} - seed {options.seed}", options.progress,
              form_fields(options, pages, forms), duplex=options.print_mode,
              cut_file=options.cut_file)
    return [path]


__all__: Sequence[str] = ["form_fields", "kit_pages", "ledger_layout", "pieces", "tracker_url",
                          "weird_galaxy_kit", "worksheet_layout"]

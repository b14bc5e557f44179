"""The Galaxy Express kit: rules reference, seeded setup sheet, fillable record sheet, pieces.

Galaxy Express is Matt Worden's solitaire game for the piecepack (2003).  The rules reference is
our own summary; the setup sheet is drawn from the engine's seeded setup, so the tracker opened
from its QR code deals the same table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.engine import get_game
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    Look,
    centred_text,
    hex_color,
    numbered_steps,
    page_title,
    paragraph,
    tint,
    wrap,
)
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext
from pnp.render.document import Page, fit_transform, scaled, write_pdf
from pnp.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions, table_url
from pnp.render.parts import piece_pages
from pnp.render.piecepack import Piece, coin, die, pawn, roll_table, tile
from pnp.render.qr import qr_block
from pnp.render.suits import ARMS, CLASSIC, CROWNS, MOONS, RANKS, SUNS, Suit, draw_symbol

GAME_ID = "galaxy-express"
COLS, ROWS = 8, 6
TURN_ROWS = 40
TURN_COLUMNS = ("coin", "speed", "dir", "scans", "deliver", "refuel")
ACCENT = hex_color("#1f3b73")


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "tracker": the setup sheet says the tracker deals."""
    return table_url(options, GAME_ID, "tracker")


def cell_xy(name: str) -> tuple[int, int]:
    """'b3' -> (1, 2): column from the left, row from the bottom, both from 0."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def kit_path(options: KitOptions) -> Path:
    return options.out / f"{GAME_ID}-seed{options.seed}-{options.paper}.pdf"


# -- shared drawing ------------------------------------------------------------------------



def _footer(c: Canvas, area: Rect, text: str) -> None:
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(area.x, area.y + mm(1), text)


CREDIT = ("Galaxy Express: a game by Matt Worden (2003), for the piecepack system (public domain). "
          "Summary, layout and art: pnp-space.")


def draw_chart(c: Canvas, x: float, y: float, cell: float, look: Look, *,
               labels: bool = True) -> None:
    """The 8 x 6 star chart: cells, tile edges every two cells, coordinates a-h and 1-6."""
    w, h = COLS * cell, ROWS * cell
    if not look.low_ink:
        c.setFillColor(hex_color("#eef1f8"))
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColor(hex_color("#9aa6c2"))
    c.setLineWidth(0.4)
    for i in range(1, COLS):
        c.line(x + i * cell, y, x + i * cell, y + h)
    for j in range(1, ROWS):
        c.line(x, y + j * cell, x + w, y + j * cell)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.3)
    for i in range(0, COLS + 1, 2):
        c.line(x + i * cell, y, x + i * cell, y + h)
    for j in range(0, ROWS + 1, 2):
        c.line(x, y + j * cell, x + w, y + j * cell)
    if labels:
        c.setFillColor(INK)
        size = min(9.0, cell * 0.38)
        c.setFont(BOLD, size)
        for i in range(COLS):
            c.drawCentredString(x + (i + 0.5) * cell, y - size - 2, chr(ord("a") + i))
            c.drawCentredString(x + (i + 0.5) * cell, y + h + 3, chr(ord("a") + i))
        for j in range(ROWS):
            c.drawRightString(x - 4, y + (j + 0.5) * cell - size * 0.36, str(j + 1))
            c.drawString(x + w + 4, y + (j + 0.5) * cell - size * 0.36, str(j + 1))


def _coin_mark(c: Canvas, suit: Suit, cx: float, cy: float, r: float, look: Look) -> None:
    if look.low_ink:
        c.setStrokeColor(suit.color)
        c.setLineWidth(1)
        c.circle(cx, cy, r, stroke=1, fill=0)
        draw_symbol(c, suit, cx, cy, r * 0.62, look)
    else:
        c.setFillColor(suit.color)
        c.circle(cx, cy, r, stroke=0, fill=1)
        draw_symbol(c, suit, cx, cy, r * 0.62, look, hex_color("#ffffff"))


def _ship(c: Canvas, cx: float, cy: float, s: float, look: Look) -> None:
    """A small rocket, our mark for the starship."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(hex_color("#f2b134") if not look.low_ink else hex_color("#ffffff"))
    c.setLineWidth(0.8)
    p = c.beginPath()
    p.moveTo(cx, cy + s)
    p.curveTo(cx + s * 0.45, cy + s * 0.55, cx + s * 0.38, cy - s * 0.3,
              cx + s * 0.28, cy - s * 0.5)
    p.lineTo(cx + s * 0.55, cy - s * 0.85)
    p.lineTo(cx - s * 0.55, cy - s * 0.85)
    p.lineTo(cx - s * 0.28, cy - s * 0.5)
    p.curveTo(cx - s * 0.38, cy - s * 0.3, cx - s * 0.45, cy + s * 0.55, cx, cy + s)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(ACCENT)
    c.circle(cx, cy + s * 0.2, s * 0.16, stroke=0, fill=1)
    c.restoreState()


# -- rules reference -------------------------------------------------------------------------

RULE_STEPS: tuple[tuple[str, str], ...] = (
    ("Spend a coin",
     "Take one face-up Sun (thrust) or one face-up Moon (brake) and lay it on the ace tile of "
     "its suit. Null is worth 0, ace 1, the others their number."),
    ("Change speed",
     "A Sun adds its value to the speed dice, a Moon takes it away. Speed never goes below 0 "
     "or above 10: extra thrust or braking is simply lost."),
    ("Warp slide",
     "If the speed is above 0, move the ship exactly that many cells in one straight line: "
     "north, east, south or west. The chart has no edges: leave one side and you come back "
     "in on the opposite side. Planets do not block the way."),
    ("Scan, deliver, refuel",
     "Turn up any planet under the ship or in the four cells touching it (not diagonals; "
     "touching across an edge counts). Stopped at speed 0 on a planet whose number is on top "
     "of the queue? Deliver: take that Crown off the queue. Stopped at speed 0 on any planet, "
     "you may also refuel (below)."),
    ("Refill",
     "Turn up coins from the stack you spent from until two of that suit show again (fewer "
     "once the stack runs out)."),
)

REFUEL_TEXT = ("Refuelling: add 1 to the refuel dice; gather all twelve Sun and Moon coins, spent "
               "or not, shuffle each suit into a new face-down stack and turn two of each face "
               "up. At most once per turn.")

END_TEXT = ("The game is won the moment the last Crown leaves the queue. It is lost when no "
            "order of the coins you still hold (face-up and stacked) could ever bring the ship "
            "to a stop on a planet: you drift until rescued. You may also give up; that scores "
            "as a loss.")

RECORD_TEXT = ("Write one row per turn on the record sheet: the coin you played (S for a Sun, M "
               "for a Moon, then its rank: S3, M0), the new speed, the direction of the slide "
               "(N, E, S or W), the planets you scanned, and an x when you delivered or "
               "refuelled. At the end fill in the score box. The tracker (scan the QR code) "
               "or 'pnp check-sheet' recomputes every line and points at any slip.")

TIPS = (
    "Use the first turns to fly past planets and scan them: knowing the map saves fuel later.",
    "Count with the wrap-around: the short way to a planet may be off the other edge.",
    "Get into the target's row or column first; then only one distance matters.",
    "A planned refuel (-10) beats running dry far from any planet.",
)


def _rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.6

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Galaxy Express", "Rules reference - a solitaire courier game "
                       "for one piecepack, 1 player, about 20 minutes", ACCENT)
        c.setFillColor(INK)
        y = paragraph(c, "You fly a warp-drive courier. Six planets hide somewhere on an "
                      "uncharted star chart; the delivery queue says in which order they want "
                      "their parcels. Find each one, stop exactly on it, and burn as little "
                      "fuel as you can.", area.x, y, area.w, OBLIQUE, 10.5) - mm(5)
        col = (area.w - mm(10)) / 2
        top = y
        _heading(c, area.x, y, "What you need (one piecepack)")
        y -= mm(7)
        items = (
            ("Star chart", "12 tiles, grid side up, 4 wide and 3 tall: 8 x 6 cells, named "
                           "a-h (left to right) and 1-6 (bottom to top)."),
            ("Planets", "the 6 Arms coins, face down, one on each of six tiles."),
            ("Queue", "the 6 Crown coins, shuffled into a stack with the numbers up."),
            ("Thrust", "the 6 Sun coins in a face-down stack, two turned up; the Sun ace "
                       "tile as their discard spot."),
            ("Brakes", "the 6 Moon coins the same way, with the Moon ace tile."),
            ("Dice", "two speed dice (together 0-10) and two refuel dice, all at null."),
            ("Starship", "one pawn."),
        )
        label = mm(22)
        c.setFillColor(INK)
        for head, text in items:
            c.setFont(BOLD, body)
            c.drawString(area.x, y - body, head)
            y = paragraph(c, text, area.x + label, y, col - label, REGULAR, body) - mm(1.8)
        left_bottom = y
        x2 = area.x + col + mm(10)
        y = top
        _heading(c, x2, y, "Setting up")
        y -= mm(7)
        c.setFillColor(INK)
        steps = (
            "Lay out the chart. The setup sheet for your seed shows where each face-down Arms "
            "coin (planet) and Crown coin goes.",
            "Pick the Crowns back up, shuffle them and stack them numbers up: the top number is "
            "the first planet to deliver to.",
            "Choose a launch planet (the sheet suggests one), turn it up and put the pawn on "
            "it. If its number is on top of the queue, move that Crown to the bottom.",
            "Shuffle the Suns and the Moons into two stacks and turn up two of each. Set all "
            "dice to null.",
        )
        y = numbered_steps(c, steps, x2, y, col, body, mm(1.8))
        y = min(y, left_bottom) - mm(4)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        _diagram(c, Rect(area.x, area.y + mm(8), area.w, y - mm(5) - area.y - mm(8)), look)
        _footer(c, area, CREDIT)

    return Page(size, draw, "Galaxy Express - rules reference 1/2")


def _heading(c: Canvas, x: float, y: float, text: str) -> None:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 12)
    c.drawString(x, y - 12, text)
    c.setFillColor(INK)


def _diagram(c: Canvas, box: Rect, look: Look) -> None:
    """A warp slide that wraps around the east edge, and the cells it can scan."""
    _heading(c, box.x, box.y2, "A warp slide, step by step")
    cell = min((box.w * 0.58 - mm(12)) / COLS, (box.h - mm(22)) / ROWS, mm(13))
    gx = box.x + mm(7)
    gy = box.y2 - mm(16) - ROWS * cell
    draw_chart(c, gx, gy, cell, look)
    start, end = (5, 3), (2, 3)  # f4 east 5 -> c4 (wrapping after h4)
    scan = [(2, 3), (1, 3), (3, 3), (2, 2), (2, 4)]
    for i, j in scan:
        c.setFillColor(tint(hex_color("#f2b134"), 0.45))
        c.setStrokeColor(hex_color("#d08a00"))
        c.setLineWidth(0.8)
        c.rect(gx + i * cell + 1.5, gy + j * cell + 1.5, cell - 3, cell - 3, stroke=1,
               fill=0 if look.low_ink else 1)
    _coin_mark(c, ARMS, gx + 3.5 * cell, gy + 3.5 * cell, cell * 0.34, look)
    _coin_mark(c, ARMS, gx + 2.5 * cell, gy + 2.5 * cell, cell * 0.34, look)
    _coin_mark(c, ARMS, gx + 6.5 * cell, gy + 0.5 * cell, cell * 0.34, look)
    # path: f4 -> g4 -> h4 -> (wrap) a4 -> b4 -> c4
    red = hex_color("#c0392b")
    c.setStrokeColor(red)
    c.setLineWidth(1.6)
    c.setDash(3, 2)
    yy = gy + (start[1] + 0.5) * cell
    c.line(gx + (start[0] + 0.5) * cell, yy, gx + COLS * cell, yy)
    c.line(gx, yy, gx + (end[0] + 0.5) * cell - cell * 0.3, yy)
    c.setDash()
    ax = gx + (end[0] + 0.5) * cell - cell * 0.3
    c.setFillColor(red)
    p = c.beginPath()
    p.moveTo(ax + cell * 0.2, yy)
    p.lineTo(ax - cell * 0.05, yy + cell * 0.13)
    p.lineTo(ax - cell * 0.05, yy - cell * 0.13)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    _ship(c, gx + (start[0] + 0.5) * cell, yy, cell * 0.34, look)
    c.setFillColor(INK)
    for k, (i, j) in enumerate([(6, 3), (7, 3), (0, 3), (1, 3), (2, 3)]):
        c.setFont(BOLD, 7)
        c.drawCentredString(gx + (i + 0.5) * cell, gy + (j + 0.5) * cell + cell * 0.22,
                            str(k + 1))
    tx = gx + COLS * cell + mm(12)
    tw = box.x2 - tx
    text = ("The ship sits on f4 at speed 2 and plays a Sun 3: speed 5. It heads east: g4, "
            "h4, then off the edge and back in at a4, b4, and it stops on c4 (the numbers "
            "count the cells).")
    y = paragraph(c, text, tx, box.y2 - mm(10), tw, REGULAR, 9.2) - mm(2.5)
    text = ("The five shaded cells are in scanning range: the planets on c3 and d4 can be "
            "turned up this turn. The planet on g1 is out of reach.")
    y = paragraph(c, text, tx, y, tw, REGULAR, 9.2) - mm(2.5)
    text = ("To stop on c3: a Moon worth 4 slows the ship to 1 for one step south; next "
            "turn any Moon but the null brings it to 0 there; if c3 tops the queue, deliver.")
    y = paragraph(c, text, tx, y, tw, REGULAR, 9.2) - mm(5)
    legend = ((ARMS, "planet (Arms coin, face down)"), (CROWNS, "Crown coin: the queue"),
              (SUNS, "thrust coin: speed up"), (MOONS, "brake coin: slow down"))
    r = mm(2.8)
    for suit, label in legend:
        _coin_mark(c, suit, tx + r, y - r, r, look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8.8)
        c.drawString(tx + 2 * r + mm(2), y - r - 3, label)
        y -= 2 * r + mm(2.2)
    _ship(c, tx + r, y - r, r, look)
    c.setFillColor(INK)
    c.setFont(REGULAR, 8.8)
    c.drawString(tx + 2 * r + mm(2), y - r - 3, "your starship (pawn)")


def _rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Galaxy Express",
                       "Rules reference - a turn, the end, the score", ACCENT)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 12)
        c.drawString(area.x, y, "Each turn, in order")
        y -= mm(3)
        for k, (head, text) in enumerate(RULE_STEPS):
            lines_top = y
            badge = mm(8)
            c.setFillColor(ACCENT)
            if look.low_ink:
                c.setStrokeColor(ACCENT)
                c.circle(area.x + badge / 2, y - badge / 2, badge / 2, stroke=1, fill=0)
                c.setFillColor(ACCENT)
            else:
                c.circle(area.x + badge / 2, y - badge / 2, badge / 2, stroke=0, fill=1)
                c.setFillColor(hex_color("#ffffff"))
            centred_text(c, str(k + 1), area.x + badge / 2, y - badge / 2, mm(3.8))
            c.setFillColor(INK)
            c.setFont(BOLD, 11)
            c.drawString(area.x + badge + mm(3), y - 11, head)
            y = paragraph(c, text, area.x + badge + mm(3), y - mm(5.2), area.w - badge - mm(3),
                          REGULAR, 10)
            y = min(y, lines_top - badge) - mm(4)
        c.setFillColor(INK)
        y = paragraph(c, REFUEL_TEXT, area.x, y, area.w, REGULAR, 10) - mm(5)
        col = (area.w - mm(8)) / 2
        top = y
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 12)
        c.drawString(area.x, y, "How it ends")
        c.setFillColor(INK)
        y = paragraph(c, END_TEXT, area.x, y - mm(3), col, REGULAR, 10) - mm(5)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 12)
        c.drawString(area.x, y, "Flying tips")
        y -= mm(3)
        c.setFillColor(INK)
        for tip in TIPS:
            c.setFont(BOLD, 10)
            c.drawString(area.x, y - 10, "-")
            y = paragraph(c, tip, area.x + mm(4), y, col - mm(4), REGULAR, 10) - mm(1.5)
        right = _score_panel(c, Rect(area.x + col + mm(8), area.y + mm(10), col,
                                     top - area.y - mm(10)), look)
        y = min(y, right) - mm(6)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        y -= mm(4)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 12)
        c.drawString(area.x, y - 12, "Keeping the flight record")
        c.setFillColor(INK)
        paragraph(c, RECORD_TEXT, area.x, y - mm(7), area.w, REGULAR, 10)
        _footer(c, area, CREDIT)

    return Page(size, draw, "Galaxy Express - rules reference 2/2")


def _ratings() -> tuple[tuple[int, str], ...]:
    from pnp.games.galaxy_express.rules import RATINGS

    return RATINGS


def _score_panel(c: Canvas, box: Rect, look: Look) -> float:
    from pnp.games.galaxy_express.rules import POINTS_PER_DELIVERY, POINTS_PER_REFUEL

    c.setFillColor(ACCENT)
    c.setFont(BOLD, 12)
    c.drawString(box.x, box.y2, "Score")
    y = box.y2 - mm(4)
    rows = ((f"+{POINTS_PER_DELIVERY}", "for each delivery made"),
            (f"{POINTS_PER_REFUEL}", "for each refuel"),
            ("+1", "for each Sun or Moon coin not yet spent"))
    c.setFillColor(INK)
    for pts, text in rows:
        c.setFont(BOLD, 11)
        c.drawRightString(box.x + mm(11), y - 11, pts)
        c.setFont(REGULAR, 9)
        c.drawString(box.x + mm(14), y - 10, text)
        y -= mm(6)
    y -= mm(2)
    c.setFont(BOLD, 10)
    c.setFillColor(ACCENT)
    c.drawString(box.x, y - 10, "Your rating")
    y -= mm(6)
    return _rating_table(c, box.x, y, box.w, look)


def _rating_table(c: Canvas, x: float, y: float, w: float, look: Look) -> float:
    ratings = _ratings()
    size = 8.5
    text_w = w - mm(17)
    for k, (floor, text) in enumerate(ratings):
        if k == 0:
            span = f"{floor}+"
        elif k == len(ratings) - 1:
            span = f"< {ratings[k - 1][0]}"
        else:
            span = f"{floor}-{ratings[k - 1][0] - 1}"
        lines = wrap(text, OBLIQUE, size, text_w)
        row = mm(2.2) + size * 1.2 * len(lines)
        if not look.low_ink and k % 2 == 0:
            c.setFillColor(hex_color("#eef1f8"))
            c.rect(x, y - row, w, row, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, size)
        c.drawString(x + mm(1.5), y - mm(1.1) - size, span)
        c.setFont(OBLIQUE, size)
        for i, line in enumerate(lines):
            c.drawString(x + mm(16), y - mm(1.1) - size - i * size * 1.2, line)
        y -= row
    return y


# -- setup sheet --------------------------------------------------------------------------------

def _setup_page(setup: Mapping[str, Any], options: KitOptions, look: Look,
                size: tuple[float, float]) -> Page:
    area = printable_area(size)
    planets = [str(p) for p in setup["planets"]]
    crowns = [str(p) for p in setup["crowns"]]
    start = str(setup["start"])
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Galaxy Express - setup for seed {options.seed}",
                       "Lay the star chart out as shown; the tracker deals the same table "
                       "from this seed.", ACCENT)
        label_room = mm(9)
        cell = min((area.w - 2 * label_room) / COLS, mm(21))
        gx = area.x + (area.w - COLS * cell) / 2
        gy = y - mm(6) - ROWS * cell
        draw_chart(c, gx, gy, cell, look)
        for name in planets:
            i, j = cell_xy(name)
            _coin_mark(c, ARMS, gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.33, look)
        for name in crowns:
            i, j = cell_xy(name)
            _coin_mark(c, CROWNS, gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.33,
                       look)
        i, j = cell_xy(start)
        c.setStrokeColor(hex_color("#d08a00"))
        c.setLineWidth(2)
        c.circle(gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.42, stroke=1, fill=0)
        _ship(c, gx + (i + 0.82) * cell, gy + (j + 0.78) * cell, cell * 0.17, look)
        y = gy - mm(11)
        qr = mm(34)
        text_w = area.w - qr - mm(8)
        c.setFillColor(INK)
        facts = (
            ("Planets (Arms, face down)", ", ".join(planets)),
            ("Crowns (face down, then picked up)", ", ".join(crowns)),
            ("Suggested launch planet (ringed)", start),
        )
        for head, value in facts:
            c.setFont(BOLD, 9)
            c.drawString(area.x, y, head)
            c.setFont(REGULAR, 9)
            c.drawString(area.x + mm(68), y, value)
            y -= mm(5)
        y -= mm(2)
        steps = (
            "Place the twelve tiles grid side up, four across and three high, matching the "
            "thick tile lines above.",
            "Put an Arms coin face down on each shield and a Crown coin face down on each "
            "crown. Which Arms or Crown goes where does not matter: shuffle them first.",
            "Pick up the six Crowns, shuffle them and stack them numbers up beside the chart: "
            "that is the delivery queue.",
            f"Turn up the planet on {start} (or any planet you like) and set the pawn on it. "
            "If it shows the number on top of the queue, move that Crown to the bottom.",
            "Shuffle the Suns and the Moons into separate face-down stacks and turn up two of "
            "each. Speed and refuel dice at null. Fly!",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.8)
            c.drawString(area.x, y - 8.8, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(5), y, text_w - mm(5), REGULAR, 8.8) - mm(1.4)
        qx, qy = area.x2 - qr, gy - mm(11) - qr + mm(3)
        qr_block(c, url, qx, qy, qr, left=area.x, right=area.x2)
        _footer(c, area, CREDIT)

    return Page(size, draw, f"Galaxy Express - setup, seed {options.seed}")


# -- record sheet -----------------------------------------------------------------------------

COLUMN_HEADS = {"coin": "Coin", "speed": "Speed", "dir": "Dir", "scans": "Scans",
                "deliver": "Deliver", "refuel": "Refuel"}
COLUMN_HINTS = {"coin": "S0-5 / M0-5", "speed": "0-10", "dir": "N E S W",
                "scans": "planets seen", "deliver": "x", "refuel": "x"}
PANEL_MIN = mm(46)
COLUMN_WIDTHS = {"coin": 18.0, "speed": 14.0, "dir": 12.0, "scans": 30.0, "deliver": 14.0,
                 "refuel": 14.0}


def record_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """The rectangle of every form field on the record sheet, by field name."""
    area = printable_area(size)
    top = area.y2 - mm(19)
    turn_w = mm(9)
    natural = sum(mm(w) for w in COLUMN_WIDTHS.values())
    scale = min(1.0, (area.w - PANEL_MIN - mm(8) - turn_w) / natural)  # narrow paper (A5)
    table_w = turn_w + natural * scale
    head_h = mm(9)
    bottom = area.y + mm(6)
    row_h = (top - head_h - bottom) / TURN_ROWS
    fields: dict[str, Rect] = {}
    for n in range(1, TURN_ROWS + 1):
        y = top - head_h - n * row_h
        x = area.x + turn_w
        for col in TURN_COLUMNS:
            w = mm(COLUMN_WIDTHS[col]) * scale
            fields[f"t{n}_{col}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    px = area.x + table_w + mm(8)
    pw = area.x2 - px
    fields["seed"] = Rect(px + mm(14), top - mm(8), pw - mm(14), mm(7))
    y = top - mm(24)
    box_w = min(mm(20), pw * 0.3)
    for name in ("deliveries", "refuels", "coins_left", "score"):
        fields[name] = Rect(px + pw - box_w, y - mm(7.5), box_w, mm(7.5))
        y -= mm(10)
    fields["rating"] = Rect(px, y - mm(20), pw, mm(8))
    return fields


def _record_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = record_layout(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        top = page_title(c, area, "Galaxy Express - flight record",
                         "One row per turn. Fill it in by hand, or type into the PDF and check it "
                         "with 'pnp check-sheet'.", ACCENT)
        top = area.y2 - mm(19)
        first = fields["t1_coin"]
        row_h = first.h + 2
        head_h = mm(9)
        table_x = area.x
        table_right = fields["t1_refuel"].x2 + 1
        # header
        if not look.low_ink:
            c.setFillColor(ACCENT)
            c.rect(table_x, top - head_h, table_right - table_x, head_h, stroke=0, fill=1)
        c.setFillColor(hex_color("#ffffff") if not look.low_ink else INK)
        c.setFont(BOLD, 8)
        c.drawCentredString(table_x + mm(4.5), top - mm(5.2), "Turn")
        for col in TURN_COLUMNS:
            r = fields[f"t1_{col}"]
            _fit_centred(c, COLUMN_HEADS[col], BOLD, 8, r.cx, top - mm(4.4), r.w)
            _fit_centred(c, COLUMN_HINTS[col], REGULAR, 5.5, r.cx, top - mm(7.6), r.w)
        # rows
        for n in range(1, TURN_ROWS + 1):
            y = fields[f"t{n}_coin"].y - 1
            if not look.low_ink and n % 2 == 0:
                c.setFillColor(hex_color("#eef1f8"))
                c.rect(table_x, y, table_right - table_x, row_h, stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(CONDENSED_BOLD, 7.5)
            c.drawCentredString(table_x + mm(4.5), y + row_h / 2 - 2.6, str(n))
        c.setStrokeColor(LIGHT if look.low_ink else hex_color("#b8c1d6"))
        c.setLineWidth(0.4)
        bottom = fields[f"t{TURN_ROWS}_coin"].y - 1
        for n in range(TURN_ROWS + 1):
            y = top - head_h - n * row_h
            c.line(table_x, y, table_right, y)
        xs = [table_x] + [fields[f"t1_{col}"].x - 1 for col in TURN_COLUMNS] + [table_right]
        for x in xs:
            c.line(x, bottom, x, top - head_h)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1)
        c.rect(table_x, bottom, table_right - table_x, top - bottom, stroke=1, fill=0)
        _record_panel(c, fields, look, url, options.seed, area)
        _footer(c, area, CREDIT)

    return Page(size, draw, "Galaxy Express - flight record")


def _fit_centred(c: Canvas, text: str, font: str, size: float, cx: float, y: float,
                 width: float) -> None:
    while text_width(text, font, size) > width and size > 4:
        size -= 0.25
    c.setFont(font, size)
    c.drawCentredString(cx, y, text)


def _record_panel(c: Canvas, fields: Mapping[str, Rect], look: Look, url: str, seed: int,
                  area: Rect) -> None:
    from pnp.games.galaxy_express.rules import POINTS_PER_DELIVERY, POINTS_PER_REFUEL

    seed_box = fields["seed"]
    px = seed_box.x - mm(14)
    pw = area.x2 - px
    c.setFillColor(INK)
    c.setFont(BOLD, 10)
    c.drawString(px, seed_box.y + mm(2), "Seed")
    _field_box(c, seed_box, look)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 12)
    c.drawString(px, seed_box.y - mm(8), "Score")
    labels = {"deliveries": f"Deliveries  x {POINTS_PER_DELIVERY}",
              "refuels": f"Refuels  x {POINTS_PER_REFUEL}",
              "coins_left": "Coins not spent  x 1", "score": "Score"}
    for name, label in labels.items():
        r = fields[name]
        c.setFillColor(INK)
        font = BOLD if name == "score" else REGULAR
        size = 9.0
        while text_width(label, font, size) > r.x - px - mm(1.5) and size > 5.5:
            size -= 0.25
        c.setFont(font, size)
        c.drawString(px, r.y + mm(2.4), label)
        _field_box(c, r, look, thick=name == "score")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    formula = (f"Score = {POINTS_PER_DELIVERY} x deliveries {POINTS_PER_REFUEL} x refuels "
               "+ coins not spent")
    paragraph(c, formula, px, fields["score"].y - mm(1.5), pw, REGULAR, 7)
    rating = fields["rating"]
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(px, rating.y2 + mm(1.5), "Rating")
    _field_box(c, rating, look)
    y = _rating_table(c, px, rating.y - mm(3), pw, look)
    c.setFillColor(GREY)
    y = paragraph(c, "Coins not spent: every Sun and Moon not played since your last refuel, "
                  "face up or still stacked.", px, y - mm(3), pw, REGULAR, 7)
    qr = min(pw, mm(32))
    qy = area.y + mm(14)
    qr_block(c, url, px + (pw - qr) / 2, qy, qr, left=px, right=px + pw)
    del seed


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2 if thick else 0.6)
    c.setFillColor(hex_color("#ffffff"))
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)



def record_fields(options: KitOptions, size: tuple[float, float], page_index: int
                  ) -> list[FormField]:
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for name, designed in record_layout(design).items():
        rect = Rect(dx + designed.x * s, dy + designed.y * s, designed.w * s, designed.h * s)
        value = str(options.seed) if name == "seed" else ""
        big = name in ("seed", "deliveries", "refuels", "coins_left", "score", "rating")
        out.append(FormField(name, page_index, rect, value, (10 if big else 8) * min(s, 1.0),
                             align=0 if name in ("rating", "seed") or name.endswith("_scans")
                             else 1))
    return out


# -- pieces -------------------------------------------------------------------------------------

def pieces() -> dict[str, list[Piece]]:
    """Exactly what the game uses from one piecepack.

    Tiles: the Sun and Moon aces (discard spots) and twelve for the chart; we print the six
    Crowns and six Arms tiles for the chart, whose faces stay hidden.  All 24 coins, all four
    dice, one pawn.
    """
    tiles = [tile(SUNS, "ace"), tile(MOONS, "ace")]
    tiles += [tile(s, r) for s in (CROWNS, ARMS) for r in RANKS]
    return {
        "tile": tiles,
        "coin": [coin(s, r) for s in CLASSIC for r in RANKS],
        "die": [die(s) for s in CLASSIC],
        "pawn": [pawn(SUNS)],
        "card": [roll_table(CLASSIC)],
    }


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the record sheet."""
    game = get_game(GAME_ID)
    setup = game.new_setup(options.seed, ["Player 1"], {"chance": "table"})
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    pages = [_rules_page_1(look, design), _rules_page_2(look, design),
             _setup_page(setup, options, look, design), _record_page(options, look, design)]
    if design != size:
        pages = [scaled(p, size) for p in pages]
    record_index = 3
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    if duplex and len(pages) % 2:
        from pnp.render.components import blank_back

        pages.append(blank_back(size, "Galaxy Express"))
    ctx = SheetContext("Galaxy Express", options)
    notes = ("The twelve chart tiles are the Crowns and Arms tiles; lay them grid side up. The "
             "Sun and Moon ace tiles hold spent coins.",)
    pages += piece_pages(ctx, pieces(), "Galaxy Express - pieces",
                         ("From one piecepack. Dice: two for speed, two to count refuels. "
                          "One pawn is your starship.",), notes)
    pages += calibration_pages(options)
    pages, shift = with_guide("Galaxy Express", options, pages)
    return pages, record_index + shift


def galaxy_express_kit(options: KitOptions) -> list[Path]:
    pages, record_index = kit_pages(options)
    path = kit_path(options)
    write_pdf(path, pages, f"Galaxy Express - seed {options.seed}", options.progress,
              record_fields(options, pages[record_index].size, record_index),
              duplex=options.print_mode,
              cut_file=options.cut_file)
    return [path]


__all__: Sequence[str] = ["galaxy_express_kit", "kit_pages", "record_layout", "tracker_url"]

"""The two-page rules reference: the turn's steps, refuelling, the end, the diagram and the
score panel."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import (
    INK,
    Look,
    centred_text,
    divider,
    footer,
    hex_color,
    labelled_items,
    numbered_steps,
    page_title,
    paragraph,
    rules_page,
    tint,
)
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_express.art import (
    ACCENT,
    COLS,
    CREDIT,
    ROWS,
    _heading,
    coin_mark,
    draw_chart,
    draw_ship,
    rating_table,
)
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.suits import ARMS, CROWNS, MOONS, SUNS

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


def rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.6

    def columns(c: Canvas, y: float) -> None:
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
        y = labelled_items(c, items, area.x, y, col, body, mm(22))
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
        divider(c, area, y)
        _diagram(c, Rect(area.x, area.y + mm(8), area.w, y - mm(5) - area.y - mm(8)), look)

    return rules_page(size, "Galaxy Express", "Rules reference - a solitaire courier game "
                      "for one piecepack, 1 player, about 20 minutes",
                      "You fly a warp-drive courier. Six planets hide somewhere on an "
                      "uncharted star chart; the delivery queue says in which order they "
                      "want their parcels. Find each one, stop exactly on it, and burn as "
                      "little fuel as you can.", ACCENT, CREDIT, columns,
                      "Galaxy Express - rules reference 1/2")


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
    coin_mark(c, ARMS, gx + 3.5 * cell, gy + 3.5 * cell, cell * 0.34, look)
    coin_mark(c, ARMS, gx + 2.5 * cell, gy + 2.5 * cell, cell * 0.34, look)
    coin_mark(c, ARMS, gx + 6.5 * cell, gy + 0.5 * cell, cell * 0.34, look)
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
    draw_ship(c, gx + (start[0] + 0.5) * cell, yy, cell * 0.34, look)
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
        coin_mark(c, suit, tx + r, y - r, r, look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8.8)
        c.drawString(tx + 2 * r + mm(2), y - r - 3, label)
        y -= 2 * r + mm(2.2)
    draw_ship(c, tx + r, y - r, r, look)
    c.setFillColor(INK)
    c.setFont(REGULAR, 8.8)
    c.drawString(tx + 2 * r + mm(2), y - r - 3, "your starship (pawn)")


def rules_page_2(look: Look, size: tuple[float, float]) -> Page:
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
        divider(c, area, y)
        y -= mm(4)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 12)
        c.drawString(area.x, y - 12, "Keeping the flight record")
        c.setFillColor(INK)
        paragraph(c, RECORD_TEXT, area.x, y - mm(7), area.w, REGULAR, 10)
        footer(c, area, CREDIT)

    return Page(size, draw, "Galaxy Express - rules reference 2/2")


def _score_panel(c: Canvas, box: Rect, look: Look) -> float:
    from pnp.games.galaxy_express.scoring import POINTS_PER_DELIVERY, POINTS_PER_REFUEL

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
    return rating_table(c, box.x, y, box.w, look)

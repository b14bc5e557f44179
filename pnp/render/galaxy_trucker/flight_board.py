"""The flight board (GT-5): the 40-space loop with each round's start spaces, and in the middle
one summary box per round (finish-order rewards, best-looking bonus, start gap, deck, loss cap:
GT-6, GT-8), the goods prices, the order of pay and the timer circles (GT-9).

The loop runs clockwise around the page; space 0 is START and the others carry the number the
engine's positions use (a position is the space ``pos % 40``).  A start space shows, per round,
which number tile starts there.  It fits one landscape A4 or Letter sheet with 18 mm spaces
(room for a marker); on A5 the A4 design is shrunk, as every text sheet of the kit is.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.cards import GOODS_VALUE, GOODS_WORDS
from pnp.games.galaxy_trucker.flight import start_positions
from pnp.games.galaxy_trucker.rounds import composition
from pnp.games.galaxy_trucker.state import BEST_LOOKING, LOOP, REWARDS, ROUND_BOARD, ROUND_GAP
from pnp.render.art import GREY, INK, WHITE, Look, centred_text, hex_color, paint, polygon, tint
from pnp.render.document import Page, scaled
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_trucker.card_icons import coin, cube
from pnp.render.galaxy_trucker.cards import LEVEL_INK, LEVEL_NAMES
from pnp.render.geometry import Rect, mm, paper_size, printable_area

ACROSS, DOWN = 12, 10  # spaces along the top and bottom rows; rows of the side columns + 2
START_INDEX = 8  # the start space's place along the top row, counted from the left corner
SPACE_INK = hex_color("#3d4a63")
ROUNDS = ("1", "2", "3")  # the boxes; 3a is flown by round 3's numbers
TITLE = "Galaxy Trucker - flight board"


def loop_index(space: int) -> int:
    """Place of board space ``space`` (0 = START) clockwise from the top-left corner."""
    return (space + START_INDEX) % LOOP


def space_rect(index: int, x: float, y: float, cell: float) -> Rect:
    """The square at clockwise place ``index`` of a loop whose lower-left corner is (x, y)."""
    top = y + (DOWN - 1) * cell
    side = DOWN - 2
    if index < ACROSS:  # top row, left to right
        return Rect(x + index * cell, top, cell, cell)
    index -= ACROSS
    if index < side:  # right column, downwards
        return Rect(x + (ACROSS - 1) * cell, top - (index + 1) * cell, cell, cell)
    index -= side
    if index < ACROSS:  # bottom row, right to left
        return Rect(x + (ACROSS - 1 - index) * cell, y, cell, cell)
    index -= ACROSS
    return Rect(x, y + (index + 1) * cell, cell, cell)  # left column, upwards


def start_spaces() -> dict[int, list[tuple[str, int]]]:
    """Board space -> [(round, number tile)] of every start position (GT-5)."""
    out: dict[int, list[tuple[str, int]]] = {}
    for rnd in ROUNDS:
        for tile, pos in start_positions(range(1, 5), ROUND_GAP[rnd]).items():
            out.setdefault(pos % LOOP, []).append((rnd, tile))
    return out


def _space(c: Canvas, r: Rect, space: int, starts: list[tuple[str, int]], look: Look) -> None:
    pad = mm(0.6)
    inner = r.inset(pad)
    if space == 0:
        st, fl = paint(c, look, hex_color("#b5471b"))
        c.setLineWidth(1.2)
        c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(1.5), stroke=st or 1, fill=fl)
        c.setFillColor(WHITE if not look.low_ink else INK)
        centred_text(c, "START", r.cx, r.cy + mm(2), mm(2.4), BOLD)
        c.setFont(REGULAR, 5.5)
        c.drawCentredString(r.cx, r.y + mm(4.2), "tile 1,")
        c.drawCentredString(r.cx, r.y + mm(1.9), "every round")
        return
    c.setLineWidth(0.6)
    c.setStrokeColor(SPACE_INK)
    c.setFillColor(tint(SPACE_INK, 0.08) if not look.low_ink else WHITE)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(1.5), stroke=1, fill=1)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 5.5)
    c.drawString(inner.x + mm(0.8), inner.y2 - mm(2.5), str(space))
    for k, (rnd, tile) in enumerate(starts):
        bw, bh = mm(11), mm(3.6)
        bx = r.cx - bw / 2
        by = inner.y + mm(1) + k * (bh + mm(0.8))
        ink = LEVEL_INK[int(rnd[0])]
        st, fl = paint(c, look, ink, solid=True)
        c.roundRect(bx, by, bw, bh, mm(1), stroke=st, fill=fl)
        c.setFillColor(WHITE)
        c.setFont(BOLD, 6)
        c.drawCentredString(r.cx, by + mm(1.05), f"R{rnd}: tile {tile}")


def _arrows(c: Canvas, x: float, y: float, cell: float) -> None:
    """Chevrons inside the loop's corners: the way ships fly (clockwise)."""
    c.setFillColor(tint(SPACE_INK, 0.5))
    a = mm(2.2)
    inner = Rect(x + cell, y + cell, (ACROSS - 2) * cell, (DOWN - 2) * cell)
    spots = ((inner.cx, inner.y2 - mm(3), 1, 0), (inner.x2 - mm(3), inner.cy, 0, -1),
             (inner.x + mm(3), inner.cy, 0, 1))
    for cx, cy, dx, dy in spots:
        tip = (cx + dx * a, cy + dy * a)
        polygon(c, [tip, (cx - dx * a + dy * a, cy - dy * a - dx * a),
                    (cx - dx * a - dy * a, cy - dy * a + dx * a)], 0, 1)


def _round_box(c: Canvas, rnd: str, box: Rect, look: Look) -> None:
    ink = LEVEL_INK[int(rnd)]
    c.setStrokeColor(ink)
    c.setLineWidth(1)
    c.setFillColor(tint(ink, 0.08) if not look.low_ink else WHITE)
    c.roundRect(box.x, box.y, box.w, box.h, mm(2), stroke=1, fill=1)
    _, fl = paint(c, look, ink)
    c.rect(box.x, box.y2 - mm(7), box.w, mm(7), stroke=0, fill=fl)
    c.setFillColor(WHITE if fl else ink)
    c.setFont(BOLD, 9)
    c.drawString(box.x + mm(2), box.y2 - mm(5),
                 f"Round {rnd}" + (" (and 3a)" if rnd == "3" else ""))
    c.setFont(REGULAR, 7)
    boards = ROUND_BOARD[rnd] + (" / IIIa" if rnd == "3" else "")
    c.drawRightString(box.x2 - mm(2), box.y2 - mm(5), f"ships {boards}")
    x, y = box.x + mm(2.5), box.y2 - mm(12.5)
    small, label = 6.8, 7.8
    c.setFillColor(INK)
    c.setFont(BOLD, label)
    c.drawString(x, y, "Finish order pays")
    rewards = REWARDS[rnd]
    w = (box.w - mm(5) - 3 * mm(1.5)) / 4
    floor = y - mm(15)
    for k, value in enumerate(rewards):  # a podium: the leader's step is the tallest
        bx = x + k * (w + mm(1.5))
        h = mm(9.5) - k * mm(1.2)
        c.setStrokeColor(ink)
        c.setLineWidth(0.6)
        c.setFillColor(WHITE)
        c.rect(bx, floor, w, h, stroke=1, fill=1)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 5.8)
        place = f"{k + 1}{('st', 'nd', 'rd', 'th')[k]}"
        c.drawCentredString(bx + w / 2, floor + h + mm(0.8), place)
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawCentredString(bx + w / 2, floor + h / 2 - mm(1.2), f"+{value}")
    y = floor - mm(7)
    c.setFont(BOLD, label)
    c.drawString(x, y, "Best-looking ship")
    coin(c, BEST_LOOKING[rnd], box.x2 - mm(7.5), y - mm(1.5), mm(4), look)
    c.setFillColor(INK)
    c.setFont(REGULAR, small)
    c.drawString(x, y - mm(3.6), "the fewest exposed connectors;")
    c.drawString(x, y - mm(6.6), "ties all paid, finishers only")
    y -= mm(13)
    c.setFont(BOLD, label)
    c.drawString(x, y, "Lost components")
    caps = [BOARDS[ROUND_BOARD[rnd]].max_penalty]
    if rnd == "3":
        caps.append(BOARDS["IIIa"].max_penalty)
    c.setFont(REGULAR, small)
    c.drawString(x, y - mm(3.6), f"-1 credit each, at most {caps[0]}")
    if len(caps) > 1:
        c.drawString(x, y - mm(6.6), "IIIa ships: no maximum")
        y -= mm(3)
    y -= mm(10)
    c.setFont(BOLD, label)
    c.drawString(x, y, "Start")
    gap = ROUND_GAP[rnd]
    c.setFont(REGULAR, small)
    c.drawString(x, y - mm(3.6), "tile 1 on START, each next tile")
    c.drawString(x, y - mm(6.6), f"{gap} spaces behind the one ahead")
    y -= mm(13)
    c.setFont(BOLD, label)
    c.drawString(x, y, "Deck")
    comp = composition(rnd, False)
    c.setFont(REGULAR, small)
    c.drawString(x, y - mm(3.6), f"{sum(comp.values())} cards: " + " + ".join(
        f"{n} x {LEVEL_NAMES[lvl]}" for lvl, n in sorted(comp.items(), reverse=True)))
    c.drawString(x, y - mm(6.6), f"the top card is level {LEVEL_NAMES[int(rnd)]}")
    if rnd == "1":
        y -= mm(13)
        c.setFont(BOLD, label)
        c.drawString(x, y, "Test flight")
        c.setFont(REGULAR, small)
        c.drawString(x, y - mm(3.6), "a first game may fly only the 8")
        c.drawString(x, y - mm(6.6), "level I cards with the star mark")


def _footer_boxes(c: Canvas, area: Rect, look: Look) -> None:
    """Goods prices, the order of pay and the timer circles along the bottom of the middle."""
    x, y = area.x + mm(2), area.y2 - mm(5)
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawString(x, y, "Goods sell for")
    for k, letter in enumerate(GOODS_VALUE):
        gx = x + k * mm(15)
        cube(c, letter, gx, y - mm(9), mm(5), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(gx + mm(6), y - mm(7.8), str(GOODS_VALUE[letter]))
        c.setFillColor(GREY)
        c.setFont(REGULAR, 5)
        c.drawString(gx, y - mm(12), GOODS_WORDS[letter])
    c.setFillColor(INK)
    c.setFont(REGULAR, 6.5)
    c.drawString(x, y - mm(16.5), "gave up: half the total, rounded up")
    px = area.x + mm(64)
    c.setFont(BOLD, 8)
    c.drawString(px, y, "End of a round: pay in order")
    steps = ("finish order", "best-looking", "goods", "lost components")
    for k, step in enumerate(steps):
        c.setFont(BOLD, 8)
        c.drawString(px, y - mm(4.5) - k * mm(3.6), f"{k + 1}")
        c.setFont(REGULAR, 7)
        c.drawString(px + mm(4), y - mm(4.5) - k * mm(3.6), step)
    c.setFont(REGULAR, 6.5)
    c.drawString(px, y - mm(19), "Credits never go below 0.")
    tx = area.x2 - mm(54)
    c.setFont(BOLD, 8)
    c.drawString(tx, y, "Timer")
    labels = ("3", "2", "1", "START")
    for k, label in enumerate(labels):
        cx = tx + mm(5) + k * mm(13)
        c.setStrokeColor(SPACE_INK)
        c.setLineWidth(0.8)
        c.setFillColor(WHITE)
        c.circle(cx, y - mm(8), mm(5.2), stroke=1, fill=1)
        c.setFillColor(INK)
        centred_text(c, label, cx, y - mm(8), mm(2.6) if len(label) == 1 else mm(1.5), BOLD)
    c.setFont(REGULAR, 6.2)
    c.drawString(tx, y - mm(16.5), "start on the round's number; one step per turn;")
    c.drawString(tx, y - mm(19.2), "only a finished builder turns it onto START")


def board_design(paper: str) -> tuple[float, float]:
    """The landscape sheet the board is designed on (A5 prints the A4 design, shrunk)."""
    return paper_size("a4" if paper == "a5" else paper, landscape=True)


def loop_origin(size: tuple[float, float]) -> tuple[float, float, float]:
    """(x, y, space size) of the loop on a designed sheet: lower-left corner and square."""
    area = printable_area(size)
    cell = min(area.w / ACROSS, (area.h - mm(8)) / DOWN)
    return area.x + (area.w - ACROSS * cell) / 2, area.y, cell


def _design(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    x0, y0, cell = loop_origin(size)
    starts = start_spaces()

    def draw(c: Canvas) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(area.x, area.y2 - mm(4), TITLE)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6.5)
        note = ("40 spaces, flown clockwise. A move counts empty spaces only. Badges: the "
                "number tile that starts there, per round.")
        c.drawRightString(area.x2, area.y2 - mm(4), note)
        for space in range(LOOP):
            r = space_rect(loop_index(space), x0, y0, cell)
            _space(c, r, space, starts.get(space, []), look)
        _arrows(c, x0, y0, cell)
        inner = Rect(x0 + cell + mm(6), y0 + cell + mm(6), (ACROSS - 2) * cell - mm(12),
                     (DOWN - 2) * cell - mm(12))
        bw = (inner.w - 2 * mm(4)) / 3
        foot = mm(24)
        bh = inner.h - foot - mm(4)
        for k, rnd in enumerate(ROUNDS):
            _round_box(c, rnd, Rect(inner.x + k * (bw + mm(4)), inner.y2 - bh, bw, bh), look)
        _footer_boxes(c, Rect(inner.x, inner.y, inner.w, foot), look)

    return Page(size, draw, TITLE)


def flight_board_page(paper: str, look: Look) -> Page:
    """The board on a landscape sheet (A5: the A4 design, shrunk)."""
    page = _design(look, board_design(paper))
    if paper == "a5":
        return scaled(page, paper_size("a5", landscape=True))
    return page


__all__ = ["board_design", "flight_board_page", "loop_index", "loop_origin", "space_rect",
           "start_spaces"]

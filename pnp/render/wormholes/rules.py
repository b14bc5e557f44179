"""The two-page rules reference: setup, the turn, wormholes, contact, winning, the axes
diagram and the worked move, jump and record-row examples."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes.board import AXES, COMPASS, DIRECTIONS, SUITS, Cell, ray
from pnp.games.wormholes.board import Suit as ShipSuit
from pnp.render import typescale as ts
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    divider,
    fit_centred,
    footer,
    hex_color,
    labelled_items,
    page_title,
    paragraph,
    rules_page,
    tint,
)
from pnp.render.document import Page
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.suits import CROWNS
from pnp.render.wormholes.art import (
    ACCENT,
    CREDIT,
    SPACE_TINT,
    SUIT_ART,
    Window,
    _heading,
    _steps,
    arrow,
    compass_caption,
    draw_board,
    draw_coin,
    draw_compass,
    draw_ship,
)
from pnp.render.wormholes.sheet import COLUMN_HEADS
from pnp.render.wormholes.sheet_layout import (
    LAYOUT_VERSION,
    TURN_W,
    column_width,
    sheet_columns,
)

# -- rules reference ---------------------------------------------------------------------------
SETUP_STEPS = (
    "Lay out the galaxy: 23 tiles grid side up as on the board sheet (or the glued map). "
    "The OrthogonAliens sit at the bottom edge, the DiagonAliens at the top.",
    "Ships on the bases: Sun ship on j1, Moon ship on j2; Crown ship on a18, Arm ship on a17. "
    "Your two start cells are your bases for the whole game.",
    "Each player rolls one die (null is lowest; roll ties again). The high roller decides: "
    "place the first wormhole, or make the first move. The other player gets the other.",
    "Seed the galaxy: taking turns, put one of your coins suit side up on any empty cell that "
    "is not a base, until all 24 coins are down. Nobody peeks under a coin.",
)

TURN_STEPS = (
    "Roll your two dice. Each die belongs to the ship of its suit (a ship sitting in a black "
    "hole does not roll this turn).",
    "Move each ship exactly its die's number of cells in one straight line: along its row, "
    "its column or a diagonal, whichever of the eight ways you like. Every cell on the way "
    "and the cell you stop on must be part of the galaxy: no cutting across gaps or off the "
    "edge. Flying over ships and coins is fine. A ship may never stop on its partner.",
    "Use both dice if you can, in either order; a die is lost only when its ship has no "
    "legal move. A null die keeps its ship where it is.",
)

WORMHOLE_TEXT = (
    "Stop on a coin by die and the wormhole opens: turn the coin over for both players to "
    "see (it stays turned; the next visitor turns it back). A null is a black hole: the ship "
    "misses its side's next turn. Any other value throws the ship exactly that many cells "
    "along the axis of the coin's suit, either way along the line (its owner decides). If "
    "only one way stays inside the galaxy, the ship goes that way; if neither does, it stays.",
    "A coin never changes its value, so a wormhole you have seen opened is no longer a "
    "gamble. A jump that ends on another coin does not open it. A null die rolled while "
    "sitting on a coin opens that coin again (a ship in a black hole that rolls a null "
    "falls in again).",
)

CONTACT_TEXT = (
    "Stop on an enemy ship, by die or by jump, and you send it anywhere you like that holds "
    "no ship: its own base, a black hole, a wormhole (which then opens under it). If the "
    "enemy sat on a coin and you came by die, send it first, then your own ship opens the "
    "coin.")

WIN_TEXT = ("The first ship to stop exactly on one of the two enemy bases, by die or by "
            "jump, wins the game on the spot, even with a die still unused. A ship that is "
            "sent onto an enemy base does not win.")

VARIANT_TEXT = ("Longer game: you need both ships on enemy bases. A ship already there may "
                "sit out its roll (say so before rolling), but a die you roll must be used.")

RECORD_TEXT = ("Keeping the record: write every cell in digits, the column's digit (a1 b2 c3 "
               "d4 e5 f6 g7 h8 i9 j0) then the row, so e13 is 5 13 and j2 is 0 2. Note each "
               "coin's cell as it goes down, then write one row per turn: tick your side (O or "
               "D), write the dice (the faces in suit order: Sun, Moon or Crown, Arm), and for "
               "each ship that moved tick its suit and write the cell its die took it to, the "
               "value if a wormhole opened, where the jump took it, and where you sent an enemy "
               "ship (e5; if that ship then jumped on, e5>e9). After turn 30, write on the "
               "continuation page: print it as often as the game needs and number each copy "
               "(2, 3...). The tracker (QR code), a photo of the sheet or 'pnp check-sheet' "
               "follows the ships and checks every line.")

TIPS = (
    "Keep one ship home to guard your bases and send the other racing; swap the roles when "
    "the dice say so.",
    "A coin on the edge of the galaxy can only throw one way: use that to aim, or to turn an "
    "enemy back.",
    "Remember what every opened coin showed. Rolling its value by die lands you on the next "
    "coin of a chain.",
)


def rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.3

    def columns(c: Canvas, y: float) -> None:
        col = (area.w - mm(10)) / 2
        top = y
        y = _heading(c, area.x, y, "What you need (one piecepack)")
        items = (
            ("Galaxy", "23 tiles grid side up (any one tile stays in the box): 92 cells "
                       "named a-j from left to right and 1-18 from bottom to top."),
            ("OrthogonAliens", "the Suns and Moons: 12 coins (wormholes), 2 dice, 2 pawns "
                               "(starships)."),
            ("DiagonAliens", "the Crowns and Arms: the same."),
        )
        y = labelled_items(c, items, area.x, y, col, body, mm(31))
        y -= mm(2)
        y = _heading(c, area.x, y, "Which way is north?")
        y = paragraph(c, "Your north always points at your opponent, along the long side of "
                      "the galaxy; your east is on your right hand. So the two compasses are "
                      "half a turn apart: the OrthogonAliens' north is up the board, the "
                      "DiagonAliens' north is down it.", area.x, y, col, REGULAR, body) - mm(2)
        y = paragraph(c, "A wormhole throws a ship along the axis of its suit. An axis is a "
                      "line, so both players agree on it: a Crown coin throws every ship "
                      "along the same slant, whoever opens it.", area.x, y, col, REGULAR,
                      body)
        left_bottom = y
        x2 = area.x + col + mm(10)
        y = _heading(c, x2, top, "Setting up")
        y = _steps(c, SETUP_STEPS, x2, y, col, body)
        y = min(y, left_bottom) - mm(4)
        divider(c, area, y)
        hints_h = _hints(None, area.x, 0.0, area.w)
        bottom = area.y + mm(6) + hints_h
        _axes_diagram(c, Rect(area.x, bottom, area.w, y - mm(3) - bottom), look)
        _hints(c, area.x, bottom, area.w)

    return rules_page(size, "Wormholes", "Rules reference 1/2 - starship tactics for two "
                      "players and one piecepack, about 20 minutes",
                      "Two alien fleets race across a spiral galaxy. The OrthogonAliens "
                      "believe in straight lines, the DiagonAliens in slants, and neither "
                      "will give in. Both sides seed the galaxy with hidden wormholes, then "
                      "dive through them, hoping to touch down on the other side's home base "
                      "first.", ACCENT, CREDIT, columns,
                      "Wormholes - rules reference 1/2")


def _hints(c: Canvas | None, x: float, top: float, w: float) -> float:
    """The strategy hints from `top` down; returns the height they take (c None: measure)."""
    y = top - mm(2)
    if c is not None:
        y = _heading(c, x, y, "Hints", ts.SUBHEADING)
    else:
        y -= 10.5 + mm(2.5)
    for tip in TIPS:
        if c is not None:
            c.setFont(BOLD, 8.6)
            c.setFillColor(ACCENT)
            c.drawString(x, y - 8.6, "\u2022")
            c.setFillColor(INK)
        y = paragraph(c, tip, x + mm(4), y, w - mm(4), REGULAR, 8.6) - mm(1)
    return top - y


def _axes_diagram(c: Canvas, box: Rect, look: Look) -> None:
    """Both compasses, and the four suit axes drawn through a patch of cells."""
    y = _heading(c, box.x, box.y2, "The two compasses and the four axes")
    h = y - box.y
    r = min(h * 0.3, mm(24))
    cy = box.y + h / 2
    cx0 = box.x + r + mm(6)
    draw_compass(c, cx0, cy, r, 0, look)
    compass_caption(c, cx0, cy - r - mm(8), 0, 7, width=2 * (cx0 - box.x))
    cx1 = cx0 + 2 * r + mm(16)
    draw_compass(c, cx1, cy, r, 1, look)
    compass_caption(c, cx1, cy + r + mm(8), 1, 7, upside_down=True, width=2 * (cx0 - box.x))
    c.setFillColor(GREY)
    c.setFont(OBLIQUE, 7)
    c.drawCentredString(cx1, cy - r - mm(8), "(upside down: the DiagonAliens read it")
    c.drawCentredString(cx1, cy - r - mm(11), "from their end of the board)")
    # four axis panels, two by two, centred on the compasses' line
    x = cx1 + r + mm(14)
    pw = (box.x2 - x) / 2
    ph = min(h / 2, pw + mm(8))
    y0 = cy - ph
    for k, suit in enumerate(SUITS):
        px = x + (k % 2) * pw
        py = y0 + (1 - k // 2) * ph
        _axis_panel(c, Rect(px, py, pw - mm(3), ph - mm(2)), suit, look)


def _axis_panel(c: Canvas, box: Rect, suit: ShipSuit, look: Look) -> None:
    """A 5 x 5 patch of cells with a coin in the middle and its two jump directions."""
    cell = min((box.w - mm(2)) / 5, (box.h - mm(9)) / 5)
    gx = box.x + (box.w - 5 * cell) / 2
    gy = box.y + mm(8)
    c.saveState()
    if not look.low_ink:
        c.setFillColor(SPACE_TINT)
        c.rect(gx, gy, 5 * cell, 5 * cell, stroke=0, fill=1)
    c.setStrokeColor(hex_color("#a7a2c4"))
    c.setLineWidth(0.4)
    for i in range(6):
        c.line(gx + i * cell, gy, gx + i * cell, gy + 5 * cell)
        c.line(gx, gy + i * cell, gx + 5 * cell, gy + i * cell)
    c.restoreState()
    mx, my = gx + 2.5 * cell, gy + 2.5 * cell
    color = SUIT_ART[suit].color
    for d in AXES[suit]:
        dx, dy = COMPASS[0][d]
        arrow(c, mx + dx * cell * 0.45, my + dy * cell * 0.45, mx + dx * cell * 2.3,
              my + dy * cell * 2.3, color, width=1.6, head=5)
    draw_coin(c, suit, mx, my, cell * 0.36, look)
    a, b = AXES[suit]
    c.setFillColor(INK)
    fit_centred(c, f"{SUIT_ART[suit].name}: {a} or {b}", BOLD, 8.5, box.cx, box.y + mm(3.5),
                box.w)


def rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.0

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Wormholes", "Rules reference 2/2 - a turn, wormholes, contact, "
                       "winning", ACCENT)
        col = (area.w - mm(10)) * 0.56
        x2 = area.x + col + mm(10)
        w2 = area.x2 - x2
        top = y
        y = _heading(c, area.x, y, "Your turn")
        y = _steps(c, TURN_STEPS, area.x, y, col, body)
        y -= mm(2)
        y = _heading(c, area.x, y, "Wormholes")
        for text in WORMHOLE_TEXT:
            y = paragraph(c, text, area.x, y, col, REGULAR, body) - mm(2)
        y -= mm(1)
        y = _heading(c, area.x, y, "Landing on an enemy ship")
        y = paragraph(c, CONTACT_TEXT, area.x, y, col, REGULAR, body) - mm(3)
        y = _heading(c, area.x, y, "Winning")
        y = paragraph(c, WIN_TEXT, area.x, y, col, REGULAR, body) - mm(2)
        y = paragraph(c, VARIANT_TEXT, area.x, y, col, OBLIQUE, body) - mm(3)
        left_bottom = y
        # right column: two diagrams, stacked
        y = _heading(c, x2, top, "A die move of 3", ts.SUBHEADING)
        y = _move_diagram(c, x2, y, w2, look) - mm(4)
        y = _heading(c, x2, y, "Opening a wormhole", ts.SUBHEADING)
        y = _jump_diagram(c, x2, y, w2, look) - mm(3)
        y = min(y, left_bottom) - mm(1)
        divider(c, area, y)
        y -= mm(3)
        y = paragraph(c, RECORD_TEXT, area.x, y, area.w, REGULAR, 8.6) - mm(2)
        c.setFillColor(GREY)
        y = paragraph(c, "The jump above as a row of the record (the Crown ship then moved "
                      "its 1 from a18 to b18):", area.x, y, area.w, OBLIQUE, 8) - mm(1.5)
        _example_row(c, area.x, y, area.w, look)
        footer(c, area, CREDIT)

    return Page(size, draw, "Wormholes - rules reference 2/2")


def _tall(c: Canvas) -> float:
    """How tall this sheet is next to A4 (at most 1): diagrams shrink on Letter."""
    return min(1.0, float(c._pagesize[1]) / paper_size("a4")[1])


EXAMPLE_ROW = ("12", "D", "13", "A", "512", "2", "314", "", "", "C", "218", "", "", "", "")
"""Turn 12 as written on the record (layout version 2: cells in digits, e12 is 5 12)."""


def _example_row(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """A header and one filled row drawn like the record sheet's table."""
    cols = ["turn", *sheet_columns(LAYOUT_VERSION)]
    widths = [TURN_W] + [column_width(col, LAYOUT_VERSION) for col in cols[1:]]
    scale = w / sum(widths)
    head_h, row_h = mm(5), mm(5.5)
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x, top - head_h, w, head_h, stroke=0, fill=1)
    xx = x
    for col, width, value in zip(cols, widths, EXAMPLE_ROW, strict=True):
        cw = width * scale
        base = col.rstrip("12")
        c.setFillColor(WHITE if not look.low_ink else INK)
        fit_centred(c, "Turn" if col == "turn" else COLUMN_HEADS[base], BOLD, 6.5,
                    xx + cw / 2, top - head_h + mm(1.5), cw - 1)
        c.setFillColor(hex_color("#1f3b73"))
        fit_centred(c, value, OBLIQUE, 8, xx + cw / 2, top - head_h - row_h + mm(1.6), cw - 1)
        c.setStrokeColor(hex_color("#c3bfd9"))
        c.setLineWidth(0.35)
        c.line(xx, top - head_h - row_h, xx, top - head_h)
        xx += cw
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.8)
    c.rect(x, top - head_h - row_h, w, head_h + row_h, stroke=1, fill=0)
    return top - head_h - row_h


def _patch(c: Canvas, win: Window, x: float, y: float, cell: float, look: Look) -> None:
    draw_board(c, x, y, cell, look, win, bases=False)
    c.setFont(REGULAR, max(5.0, cell * 0.2))
    c.setFillColor(GREY)
    for i in range(win.cols):
        c.drawCentredString(x + (i + 0.5) * cell, y - cell * 0.3, "abcdefghij"[win.x1 - 1 + i])
    for j in range(win.rows):
        c.drawRightString(x - 2, y + (j + 0.5) * cell - 2, str(win.y1 + j))


MOVE_EXAMPLE: tuple[Cell, Cell] = ((5, 8), (2, 8))  # the Moon ship on e8, the Sun ship on b8
JUMP_EXAMPLE: tuple[Cell, Cell] = ((5, 15), (5, 12))  # the Arm ship's start, the Crown coin


def _move_diagram(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """The Moon ship on e8 with a 3: where a straight move of 3 can and cannot end (WH-4)."""
    win = Window(1, 5, 8, 12)
    cell = min((w - mm(6)) / win.cols, mm(8.5) * _tall(c))
    gx = x + mm(4)
    gy = top - mm(1) - win.rows * cell
    _patch(c, win, gx, gy, cell, look)
    start, partner = MOVE_EXAMPLE

    def centre(cell_xy: Cell) -> tuple[float, float]:
        return gx + (cell_xy[0] - win.x1 + 0.5) * cell, gy + (cell_xy[1] - win.y1 + 0.5) * cell

    ok_color = hex_color("#2e7d32")
    bad_color = hex_color("#c0392b")
    for d in DIRECTIONS:
        vec = COMPASS[0][d]
        end = ray(start, vec, 3)
        far = (start[0] + 3 * vec[0], start[1] + 3 * vec[1])
        sx, sy = centre(start)
        ex, ey = centre(far)
        legal = end is not None and end != partner
        arrow(c, sx, sy, ex, ey, ok_color if legal else tint(bad_color, 0.6), width=1.1,
              head=4, dash=None if legal else (2, 2))
        if not legal and far in win:
            c.setStrokeColor(bad_color)
            c.setLineWidth(1.2)
            k = cell * 0.16
            c.line(ex - k, ey - k, ex + k, ey + k)
            c.line(ex - k, ey + k, ex + k, ey - k)
    draw_ship(c, "M", *centre(start), cell * 0.3, look)
    draw_ship(c, "S", *centre(partner), cell * 0.3, look)
    draw_coin(c, "C", *centre((6, 9)), cell * 0.3, look)
    y = gy - mm(5)
    c.setFillColor(INK)
    text = ("From e8 the Moon ship may end on any green arrowhead. West would land on its "
            "partner (b8); the red ways leave the galaxy or cross a gap. Flying over the "
            "Crown coin on f9 is fine.")
    return paragraph(c, text, x, y, w, REGULAR, 8)


def _jump_diagram(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """An Arm ship opens a Crown coin worth 2 on e12 and may jump NW or SE (WH-3, WH-12)."""
    win = Window(2, 9, 8, 16)
    cell = min((w - mm(6)) / win.cols, mm(7.5) * _tall(c))
    gx = x + mm(4)
    gy = top - mm(1) - win.rows * cell
    _patch(c, win, gx, gy, cell, look)
    coin_at: Cell = JUMP_EXAMPLE[1]

    def centre(cell_xy: Cell) -> tuple[float, float]:
        return gx + (cell_xy[0] - win.x1 + 0.5) * cell, gy + (cell_xy[1] - win.y1 + 0.5) * cell

    arrow(c, *centre(JUMP_EXAMPLE[0]), *centre(coin_at), INK, width=1, head=4, dash=(2, 1.5))
    for d in AXES["C"]:
        vec = COMPASS[0][d]
        end = (coin_at[0] + 2 * vec[0], coin_at[1] + 2 * vec[1])
        arrow(c, *centre(coin_at), *centre(end), CROWNS.color, width=1.5, head=5)
    draw_coin(c, "C", *centre(coin_at), cell * 0.34, look, value="2")
    draw_ship(c, "A", *centre(JUMP_EXAMPLE[0]), cell * 0.3, look, down=True)
    y = gy - mm(5)
    c.setFillColor(INK)
    text = ("The Arm ship flies 3 north (down the board, for the DiagonAliens) from e15 and "
            "stops on the Crown coin on e12: it shows 2. Crowns throw along the NW-SE slant, "
            "so the DiagonAliens choose c14 or g10.")
    return paragraph(c, text, x, y, w, REGULAR, 8)

"""The board sheet: the 23 tiles at half size, how to lay them out, and the seed's quick start."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from pnp.engine import get_game
from pnp.games.wormholes.board import HEIGHT, SIDE_NAMES, SIDE_SUITS, START, SUITS, WIDTH, cell_name
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, Look, footer, page_title, paragraph, tint
from pnp.render.document import Page
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR
from pnp.render.geometry import inch, mm, printable_area
from pnp.render.wormholes.art import (
    ACCENT,
    CREDIT,
    GAME_ID,
    SIDE_COLOR,
    SUIT_ART,
    WHOLE,
    Window,
    _heading,
    axes_legend,
    compass_caption,
    draw_board,
    draw_compass,
    draw_ship,
)

# -- the board sheet (half size) ---------------------------------------------------------------
BOARD_SCALE_CELL = inch(0.5)


def _labels(c: Canvas, x0: float, y0: float, cell: float, window: Window, *, top: bool,
            size: float) -> None:
    """Column letters under (and over) the window, row numbers on both sides; after each
    letter below, the column's digit as the record sheet writes a cell (a1 b2 ... i9 j0: e13
    is "5 13")."""
    c.setFillColor(INK)
    c.setFont(BOLD, size)
    w, h = window.cols * cell, window.rows * cell
    for i in range(window.cols):
        letter = "abcdefghij"[window.x1 - 1 + i]
        c.drawCentredString(x0 + (i + 0.5) * cell, y0 - size - 2, letter)
        if top:
            c.drawCentredString(x0 + (i + 0.5) * cell, y0 + h + 3, letter)
    c.setFillColor(GREY)
    c.setFont(REGULAR, size * 0.75)
    for i in range(window.cols):  # set as a subscript after the letter
        c.drawString(x0 + (i + 0.5) * cell + size * 0.45, y0 - size - 3.5,
                     str((window.x1 + i) % 10))
    c.setFillColor(INK)
    c.setFont(BOLD, size)
    for j in range(window.rows):
        label = str(window.y1 + j)
        yy = y0 + (j + 0.5) * cell - size * 0.36
        c.drawRightString(x0 - 3, yy, label)
        c.drawString(x0 + w + 3, yy, label)


def quick_start(seed: int) -> dict[str, list[str]]:
    """The engine's proposed placement for this seed, as cells per suit (S, M, C, A)."""
    setup = get_game(GAME_ID).new_setup(seed, ["OrthogonAliens", "DiagonAliens"],
                                        {"chance": "table"})
    quick = setup.get("quick_start")
    out: dict[str, list[str]] = {s: [] for s in SUITS}
    if isinstance(quick, Mapping):
        for moves in quick.values():
            for move in moves if isinstance(moves, list) else []:
                suit, _, cell = str(move).partition("@")
                out.setdefault(suit, []).append(cell)
    return out


def board_page(look: Look, size: tuple[float, float], seed: int) -> Page:
    area = printable_area(size)
    cell = BOARD_SCALE_CELL
    quick = quick_start(seed)

    def draw(c: Canvas) -> None:
        top = page_title(c, area, "Wormholes - the galaxy",
                         "23 tiles grid side up, 92 cells, drawn at half size: one cell is 1/2 in "
                         "here and 1 in on the tiles. Thick lines are tile edges.", ACCENT)
        gx = area.x + mm(7)
        room_top = top - area.y - mm(9)
        gy = area.y + mm(9)
        label_top = HEIGHT * cell + mm(12) <= room_top
        draw_board(c, gx, gy, cell, look, names=True)
        _labels(c, gx, gy, cell, WHOLE, top=label_top, size=8)
        for suit, cell_xy in START.items():
            seat = 0 if suit in SIDE_SUITS[0] else 1
            cx = gx + (cell_xy[0] - 0.5) * cell
            cy = gy + (cell_xy[1] - 0.5) * cell
            draw_ship(c, suit, cx, cy, cell * 0.3, look, down=seat == 1)
        # each player's compass in the empty corner at their end of the bounding box
        r = cell * 1.25
        draw_compass(c, gx + 2 * cell, gy + 2.15 * cell, r, 0, look)
        compass_caption(c, gx + 2 * cell, gy + 0.35 * cell, 0, size=6.5)
        draw_compass(c, gx + 8 * cell, gy + 15.85 * cell, r, 1, look)
        compass_caption(c, gx + 8 * cell, gy + 17.65 * cell, 1, size=6.5, upside_down=True)
        # the right-hand column
        x = gx + WIDTH * cell + mm(10)
        w = area.x2 - x
        y = top - mm(2)
        y = _heading(c, x, y, "Laying it out", ts.SUBHEADING)
        y = paragraph(c, "Sit facing each other across the long way of the board. The "
                      "OrthogonAliens sit at the bottom edge (rows 1-2), the DiagonAliens at "
                      "the top (rows 17-18). Lay the tiles row by row as drawn; any 23 tiles "
                      "do, grid side up.", x, y, w, REGULAR, 8) - mm(3)
        y = paragraph(c, "No tiles? Print the map sheets of this kit: the same galaxy at "
                      "full size, to glue together.", x, y, w, OBLIQUE, 8) - mm(4)
        y = _heading(c, x, y, "Bases and ships", ts.SUBHEADING)
        for seat in (0, 1):
            col = SIDE_COLOR[seat]
            c.setFillColor(tint(col, 0.22))
            c.setStrokeColor(col)
            c.rect(x, y - mm(4), mm(4), mm(4), stroke=1, fill=0 if look.low_ink else 1)
            c.setFillColor(INK)
            s1, s2 = SIDE_SUITS[seat]
            text = (f"{SIDE_NAMES[seat]} bases {cell_name(START[s1])} and "
                    f"{cell_name(START[s2])}: the {SUIT_ART[s1].name[:-1]} ship starts on "
                    f"{cell_name(START[s1])}, the {SUIT_ART[s2].name[:-1]} ship on "
                    f"{cell_name(START[s2])}.")
            y = paragraph(c, text, x + mm(6), y, w - mm(6), REGULAR, 8) - mm(2.5)
        y -= mm(2)
        y = _heading(c, x, y, "Wormhole axes", ts.SUBHEADING)
        y = axes_legend(c, x, y, w, look)
        y -= mm(3)
        y = _heading(c, x, y, f"Quick start, seed {seed}", ts.SUBHEADING)
        y = paragraph(c, "In a hurry? Skip the placing and put the coins suit up on these "
                      "cells, values unseen ('pnp setup wormholes --seed "
                      f"{seed}' lists the same).", x, y, w, REGULAR, 7.5) - mm(1.5)
        for suit in SUITS:
            c.setFillColor(SUIT_ART[suit].color)
            c.setFont(BOLD, 7.5)
            c.drawString(x, y - 7.5, SUIT_ART[suit].name)
            c.setFillColor(INK)
            y = paragraph(c, " ".join(quick.get(suit, [])), x + mm(13), y, w - mm(13),
                          REGULAR, 7.5) - mm(0.8)
        y -= mm(3)
        paragraph(c, "The galaxy follows our reconstruction of the lost board diagram "
                  "(ruling WH-1); it looks the same after a half turn, so neither side has "
                  "the better end.", x, y, w, OBLIQUE, 7)
        footer(c, area, CREDIT)

    return Page(size, draw, f"Wormholes - board sheet (quick start for seed {seed})")

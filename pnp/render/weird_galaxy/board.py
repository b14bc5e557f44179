"""The board sheet: the seed's seats and the tile layout, with the suit table."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.engine import get_game
from pnp.games.weird_galaxy.data import HOLE, POS_OF, SIZE, SUIT_NAMES, SUITS
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, Look, centred_text, footer, page_title, paragraph, tint
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import mm, printable_area
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.suits import draw_symbol
from pnp.render.weird_galaxy.art import (
    ACCENT,
    CREDIT,
    GAME_ID,
    SHORT,
    _heading,
    coord,
    draw_board,
    rank_short,
    suit_of,
    tracker_url,
)


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


def board_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
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
        yy = _heading(c, x2, y, f"This seed ({options.seed})", ts.SUBHEADING)
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
        footer(c, area, CREDIT)

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

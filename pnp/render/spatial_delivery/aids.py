"""The round track, the turn-order card and the player aid."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.cards import FIRST_BONUS, POWERS
from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS
from pnp.games.spatial_delivery.sheet import MAX_PLAYERS, ROUND_ROWS
from pnp.render import typescale as ts
from pnp.render.art import GREY, INK, Look, centred_text, hex_color, paragraph
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import mm
from pnp.render.piecepack import Piece
from pnp.render.spatial_delivery.art import (
    ACCENT,
    POWER_SHORT,
    TOKEN,
    _heading,
    _para,
    draw_action_icon,
    draw_power_mark,
)


# -- one-sided boards: round track, turn order card, player aids ------------------------------
def _track_boxes(c: Canvas, x: float, y: float, n: int, box: float, labels: Sequence[str],
                 dashed_from: int | None = None) -> None:
    for k in range(n):
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1)
        if dashed_from is not None and k >= dashed_from:
            c.setDash(2, 2)
        c.rect(x + k * (box + mm(2)), y, box, box, stroke=1, fill=0)
        c.setDash()
        c.setFillColor(INK if dashed_from is None or k < dashed_from else GREY)
        centred_text(c, labels[k], x + k * (box + mm(2)) + box / 2, y + box / 2, box * 0.3,
                     BOLD, box * 0.9)


def round_track(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), h - mm(7), "Round track")
    box = SPACE_BOX
    x0 = mm(4)
    row = h - mm(12) - box
    _track_boxes(c, x0, row, ROUND_ROWS, box, [str(n) for n in range(1, ROUND_ROWS + 1)],
                 DEFAULT_ROUNDS)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(x0, row - mm(4), f"Rounds 6-{ROUND_ROWS} only if you agreed to play longer.")
    gx = x0 + 2 * (box + mm(2)) - mm(1)
    c.setStrokeColor(hex_color("#c8421e"))
    c.setLineWidth(1.6)
    c.line(gx, row - mm(2), gx, h - mm(9))
    c.setFillColor(hex_color("#c8421e"))
    c.setFont(BOLD, 6.5)
    c.drawString(gx + mm(1), h - mm(9.5), "lay ring 3 here")
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), mm(17), "This Turn")
    _track_boxes(c, mm(30), mm(6), MAX_PLAYERS, SPACE_BOX, ["1st", "2nd", "3rd", "4th", "5th"])
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(mm(4), mm(11), "player tokens")
    c.drawString(mm(4), mm(7.5), "in turn order")


def turn_order_card(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11)
    c.drawString(mm(4), h - mm(7), "Next Turn")
    box = SPACE_BOX
    _track_boxes(c, mm(4), mm(9), MAX_PLAYERS, box, ["1st", "2nd", "3rd", "4th", "5th"])
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.3)
    c.drawString(mm(4), mm(4.5), "Initiative: spare token on the first free space. At the "
                 "end of the round this")
    c.drawString(mm(4), mm(1.8), "order goes first; everyone else follows in their old order.")


def player_aid(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=0)
    x, iw = mm(4), w - mm(8)
    y = _heading(c, x, h - mm(3), "Spatial Delivery - player aid", ts.SUBHEADING)
    y = _para(c, "A round: Goods Market (2 fuel each, then 4 picks each in turn order), Trade "
              "Journey (turns until all pass), Return to Earth.", x, y, iw, 6.8)
    y = _heading(c, x, y, "Your turn, in this order (each at most once)", ts.CARD_HEADING)
    for action, text in (
            ("explore", "Explore & build: new segments from your ship to a new station."),
            ("travel", "Or travel: 1 card per step to the next station along the routes."),
            ("deliver", "Deliver one good at a world next to your station."),
            ("card", "Card action: discard a card for its power. No action at all = pass.")):
        draw_action_icon(c, action, x + mm(2), y - mm(1.5), mm(3.2), INK)
        y = paragraph(c, text, x + mm(6), y, iw - mm(6), REGULAR, 6.8) - mm(0.5)
    y = _heading(c, x, y - mm(0.5), "Costs and points", ts.CARD_HEADING)
    y = _para(c, "Explore: 1 card per new segment + 1 matching goods card per world next to the "
              "station (one may be off-type if 2-3 worlds). Station: +1, and +1 per world next "
              "to it. Delivery: the world's score token (ring 1: 1, 2: 2, 3: 3) and its First "
              "Delivery token; the station's owner +1 if it is not yours.", x, y, iw, 6.6)
    y = _heading(c, x, y, "Powers", ts.CARD_HEADING)
    for power in POWERS:
        draw_power_mark(c, power, x + mm(2.1), y - mm(1.9), mm(2.1), ACCENT, look)
        c.setFillColor(INK)
        c.setFont(BOLD, 6.3)
        c.drawString(x + mm(5.2), y - mm(2.7), POWERS[power])
        c.setFont(REGULAR, 6.3)
        c.drawString(x + mm(30), y - mm(2.7), POWER_SHORT[power])
        y -= mm(4.5)
    c.setFillColor(INK)
    c.setFont(BOLD, 6.8)
    c.drawString(x, y - mm(3), "End bonus per colour of First Delivery tokens")
    bonus = "   ".join(f"{n} token{'s' if n > 1 else ''}: {FIRST_BONUS[n]}"
                       for n in range(1, len(FIRST_BONUS)))
    c.setFont(REGULAR, 6.6)
    c.drawString(x, y - mm(6.3), bonus)


SPACE_BOX = TOKEN + mm(1.3)
"""A space on the round track or a turn-order track: a token with a little room (the round
track's 10 mm spaces used to sit under 16 mm tokens)."""
ROUND_BOARD_W = mm(4) + ROUND_ROWS * (SPACE_BOX + mm(2)) + mm(2)


def board_pieces() -> list[Piece]:
    out = [Piece("board", "round track board", ROUND_BOARD_W, mm(58), round_track),
           Piece("board", "turn order card", mm(90), mm(36), turn_order_card)]
    out += [Piece("aid", "player aid", mm(86), mm(122), player_aid) for _ in range(MAX_PLAYERS)]
    return out

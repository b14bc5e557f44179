"""The two-page rules reference, with the explore diagram and the bonus table."""

from __future__ import annotations

import itertools

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.board import HEX_COUNT, RING, RING_HEXES
from pnp.games.spatial_delivery.cards import POWERS
from pnp.render.art import GREY, INK, LIGHT, Look, divider, footer, page_title, paragraph
from pnp.render.document import Page
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.spatial_delivery.art import (
    ACCENT,
    ACTION_WORDS,
    CARD_H,
    CARD_W,
    CREDIT,
    PLAYERS,
    POWER_TEXT,
    POWER_TIMING,
    SQ3,
    _bullets,
    _heading,
    _para,
    bonus_table,
    draw_action_icon,
    draw_galaxy,
    draw_map_hex,
    draw_power_mark,
    draw_rocket,
    galaxy_size,
    hex_centre,
)
from pnp.render.spatial_delivery.cards import goods_card


# -- text pages: rules reference ---------------------------------------------------------------
def rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Spatial Delivery", "Rules reference 1/2 - 3 to 5 players, about "
                       "90 minutes. Trade from Earth to the settled worlds for market share.",
                       ACCENT)
        col = (area.w - mm(8)) / 2
        x2 = area.x + col + mm(8)
        top = y
        y = _heading(c, area.x, y, "The idea")
        y = _para(c, "Earth sits in the middle of a galaxy of hex tiles. Each round you pick "
                  "up goods on Earth, blaze trade routes along the borders between hexes, build "
                  "stations where three hexes meet and deliver goods to the worlds next to "
                  "them. Points are market share; after the last round (five, unless you "
                  "agree otherwise) the most market share wins.", area.x, y, col)
        y = _heading(c, area.x, y - mm(1), "A round")
        y = _bullets(c, (
            ("1 Market", "Everyone takes 2 Rocket Fuel cards. Then, in turn order, take one "
                         "face-up goods card at a time until each player has 4 new ones. "
                         "Turn up the next card of that pile at once (reshuffle its discards "
                         "when the pile is empty). Hands have no limit."),
            ("2 Journey", "In turn order, play turns (next page) until every player has "
                          "passed."),
            ("3 Return", "Ships go back to Earth. Worlds that lost their score token get a "
                         "new one. Move the round marker. Players on the Next Turn track go "
                         "first next round, in that order; the others follow in their old "
                         "order."),
        ), area.x, y, col, 8.6, mm(17))
        y = _heading(c, area.x, y - mm(1), "Setting up")
        steps = (
            "Earth in the middle; shuffle the other 36 hexes face down and lay 18 as rings "
            "1 and 2 (or use the setup sheet for your seed). Keep the other 18 face down: "
            "they become ring 3 after round 2.",
            "Sort the goods cards into four piles by type, shuffle each and turn the top card "
            "of each face up: that is the Goods Market. Fuel cards form the Fuel Depot.",
            "On every world: a First Delivery token of its colour and a score token (1 in "
            "ring 1, 2 in ring 2, 3 in ring 3).",
            "Each player: a spaceship on Earth, 9 stations, 2 player tokens (one on the "
            "This Turn track in turn order), a player aid.",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.6)
            c.drawString(area.x, y - 8.6, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(4), y, col - mm(4), REGULAR, 8.6) - mm(1.2)
        left_bottom = y
        # right column: the galaxy diagram
        y = _heading(c, x2, top, "The galaxy and its names")
        r = col / (7 * SQ3)
        gh = galaxy_size(r)[1]
        cy = y - gh / 2 - mm(1)
        kinds: list[str | None] = [None] * HEX_COUNT
        kinds[0] = "E"
        for h in RING_HEXES[1]:
            kinds[h] = None
        draw_galaxy(c, x2 + col / 2, cy, r, kinds, look,
                    {h: f"ring {RING[h]}" for h in range(1, HEX_COUNT)})
        y = cy - gh / 2 - mm(3)
        y = _para(c, "Every space has a name, used on the setup sheet and in the tracker: E "
                  "for Earth, A1-A6 (ring 1), B1-B12 (ring 2), C1-C18 (ring 3). A corner is "
                  "named by its three hexes (A1B1B2), a border by its two (A1|B2).", x2, y,
                  col, 8.2)
        y = min(y, left_bottom) - mm(2)
        divider(c, area, y)
        _explore_diagram(c, Rect(area.x, area.y + mm(7), area.w, y - mm(3) - area.y - mm(7)),
                         look)
        footer(c, area, CREDIT)

    return Page(size, draw, "Spatial Delivery - rules reference 1/2")


EXAMPLE_TILES = {"A1": "P", "A2": "S", "A3": "Y", "A4": "G", "A5": "S", "A6": "B",
                 "B1": "G", "B2": "B", "B3": "S", "B12": "S", "B11": "Y", "B4": "P"}
EXAMPLE_ROUTE = ("EA1A2", "A1A2B2", "A1B1B2")


def _corner_xy(name: str, ox: float, oy: float, r: float) -> tuple[float, float]:
    from pnp.games.spatial_delivery.board import CORNER_BY_NAME, CORNERS

    hexes = CORNERS[CORNER_BY_NAME[name]]
    pts = [hex_centre(h, r) for h in hexes]
    return ox + sum(p[0] for p in pts) / 3, oy + sum(p[1] for p in pts) / 3


def _explore_diagram(c: Canvas, box: Rect, look: Look) -> None:
    """A worked exploration: two new segments from Earth to a station beside three worlds."""
    _heading(c, box.x, box.y2, "Explore and build, an example")
    r = min((box.h - mm(12)) / 7.2, box.w * 0.45 / (5 * SQ3))
    ox = box.x + r * SQ3 * 2.6
    oy = box.y2 - mm(9) - r * 3.3
    from pnp.games.spatial_delivery.board import HEX_BY_NAME

    for name, kind in (("E", "E"), *EXAMPLE_TILES.items()):
        h = HEX_BY_NAME[name]
        dx, dy = hex_centre(h, r)
        draw_map_hex(c, kind, name, ox + dx, oy + dy, r, look)
    pts = [_corner_xy(n, ox, oy, r) for n in EXAMPLE_ROUTE]
    c.setStrokeColor(PLAYERS[0][1])
    c.setLineWidth(3.2)
    c.setLineCap(1)
    for a, b in itertools.pairwise(pts):
        c.line(a[0], a[1], b[0], b[1])
    sx, sy = pts[-1]
    c.setFillColor(PLAYERS[0][1])
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(sx - mm(2), sy - mm(2), mm(4), mm(4), stroke=1, fill=1)
    draw_rocket(c, pts[0][0] - mm(2.5), pts[0][1] + mm(1), mm(5), PLAYERS[0][1], look)
    tx = box.x + box.w * 0.5
    tw = box.x2 - tx
    y = box.y2 - mm(8)
    texts = (
        "Red's ship is on Earth. Red blazes a route from Earth's corner EA1A2 along the "
        "borders A1|A2 and A1|B2 and builds a station at the corner A1B1B2.",
        "Segments: 2 new, so 2 cards (fuel, or any card). Station: it touches three worlds "
        "(pink A1, green B1, blue B2), so three goods cards, one per world; with two or more "
        "worlds one of them may be of another type. Red pays R, R, Robotics, Science and "
        "Culture (instead of Medicine).",
        "Red scores 1 for the station and 1 per world beside it: 4. The ship moves to the new "
        "station, where Red may deliver at once.",
        "Routes may reuse built segments for free (anyone's), must add at least one new one, "
        "and may not pass Earth or a station. No station next to Earth, at the rim or beside "
        "no world; one station per corner, one segment per border.",
    )
    for t in texts:
        y = _para(c, t, tx, y, tw, 8.4)


def rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Spatial Delivery", "Rules reference 2/2 - a Trade Journey turn, "
                       "card powers, the end", ACCENT)
        col = (area.w - mm(8)) / 2
        x2 = area.x + col + mm(8)
        top = y
        y = _heading(c, area.x, y, "A turn: up to three actions, in order")
        items = (
            ("explore", "1 Trade mission: explore and build (page 1) OR travel. Travel moves "
                        "your ship along built routes; one step ends at the next station "
                        "(anyone's) or Earth and costs one card. Take as many steps as you "
                        "pay for."),
            ("deliver", "2 Deliver one good: your ship is at a station next to a world of "
                        "the card's type that still has its score token. Take the score "
                        "token, and the First Delivery token if it is there. If the station "
                        "is not yours its owner scores 1. Discard the card."),
            ("card", "3 Card action: discard one goods card to use a power marked with the "
                     "star (Barter, Enterprise, Initiative). It is always the last thing you "
                     "do."),
        )
        for action, text in items:
            draw_action_icon(c, action, area.x + mm(2.5), y - mm(2), mm(4.2), ACCENT)
            y = _para(c, text, area.x + mm(7), y, col - mm(7), 8.6)
        y = _para(c, "Skip all three and you have passed: lay your ship on its side (turn "
                  "the ship token over); you play no more turns this round. Spent goods go "
                  "face up to their type's discard pile, spent fuel back to the depot.",
                  area.x, y - mm(1), col, 8.6)
        y = _heading(c, area.x, y - mm(1), "Card anatomy")
        cw = CARD_W * 5 / 6  # its smallest words (6 pt) print at 5 pt
        ch = cw * CARD_H / CARD_W
        c.saveState()
        c.translate(area.x, y - ch)
        c.scale(cw / CARD_W, ch / CARD_H)
        goods_card("BD")(c, CARD_W, CARD_H, 0.0, look)
        c.restoreState()
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.5)
        c.rect(area.x, y - ch, cw, ch, stroke=1, fill=0)
        lx = area.x + cw + mm(4)
        ly = y - mm(1)
        for head, text in (
                ("Type", "the world it sells to (letter and colour)"),
                ("Power", "its mark in the circle"),
                ("When", "the four action marks: black = the power works then, faded = "
                         "not. Explore, travel, deliver, card action."),
                ("Code", "what you type in the tracker")):
            c.setFont(BOLD, 8)
            c.setFillColor(INK)
            c.drawString(lx, ly - 8, head)
            ly = paragraph(c, text, lx + mm(11), ly, col - cw - mm(15), REGULAR, 8) - mm(1)
        y = min(ly, y - ch) - mm(3)
        y = _heading(c, area.x, y, "The end")
        y = _para(c, "After the last round each player scores a bonus for each colour of First "
                  "Delivery tokens held:", area.x, y, col, 8.6)
        y = bonus_table(c, area.x, y, col) - mm(2)
        y = _para(c, "Most market share wins. Ties: the most First Delivery tokens, then the "
                  "most stations built.", area.x, y, col, 8.6)
        # right column: powers
        y = _heading(c, x2, top, "Card powers")
        for power, name in POWERS.items():
            draw_power_mark(c, power, x2 + mm(3.2), y - mm(3), mm(3.1), ACCENT, look)
            c.setFillColor(INK)
            c.setFont(BOLD, 8.6)
            c.drawString(x2 + mm(8), y - 8.6, name)
            c.setFont(OBLIQUE, 7)
            c.setFillColor(GREY)
            c.drawRightString(x2 + col, y - 8.6, " / ".join(ACTION_WORDS[a]
                                                           for a in POWER_TIMING[power]))
            y = paragraph(c, POWER_TEXT[power], x2 + mm(8), y - mm(4), col - mm(8), REGULAR,
                          8.2) - mm(2)
        y = _heading(c, x2, y - mm(1), "Ring 3 and the round track")
        y = _para(c, "After round 2, lay the 18 face-down tiles as ring 3 (the folded page of "
                  "the setup sheet shows where), with First Delivery tokens and score tokens "
                  "of 3 on its worlds. From round 3 on, Distant Market pays for ring 3.",
                  x2, y, col, 8.4)
        y = _heading(c, x2, y - mm(1), "Logging in the tracker")
        _para(c, "Scan the QR code on the setup sheet. Type moves in the tracker's notation "
              "(the tracker lists the legal entries), for example B:EA1A2-A1A2B2-A1B1B2:"
              "R.R.PM.GS.YT to explore, D:BB>B2 to deliver. The score sheet is checked by the "
              "tracker or 'pnp check-sheet'.", x2, y, col, 8.4)
        footer(c, area, CREDIT)

    return Page(size, draw, "Spatial Delivery - rules reference 2/2")

"""The two-page rules reference: the actions and their costs, the cards, the moves and payoff
diagrams, the station chain and tips."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    ACTION_COSTS,
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
    divider,
    fit_centred,
    footer,
    labelled_items,
    numbered_steps,
    page_title,
    paint,
    paragraph,
    rules_page,
    tint,
    wrap,
)
from pnp.render.document import Page, measure
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.weird_galaxy.art import (
    ACCENT,
    CREDIT,
    SHORT,
    TITLE,
    _heading,
)
from pnp.render.weird_galaxy.diagrams import moves_diagram, payoff_diagram, station_chain

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


def action_table(c: Canvas | None, x: float, top: float, w: float, size: float,
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
                fit_centred(c, "free", BOLD, size * 0.8, x + badge / 2 + mm(0.5),
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


def rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 10.0

    def columns(c: Canvas, y: float) -> None:
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
        y = labelled_items(c, items, area.x, y, col, body, mm(21), mm(1.2))
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
        divider(c, area, y)
        y -= mm(3)
        y = _heading(c, area.x, y, f"Your turn: {POINTS_PER_TURN} action points")
        c.setFillColor(INK)
        y = paragraph(c, f"Spend up to {POINTS_PER_TURN} points on the actions below, in any "
                      "order and as often as you can pay. Unused points are lost; points "
                      "cannot be given away.", area.x, y, area.w, REGULAR, body) - mm(2)
        table_w = area.w * 0.64
        bottom = action_table(c, area.x, y, table_w, 9.6, look)
        moves_diagram(c, Rect(area.x + table_w + mm(6), bottom, area.w - table_w - mm(6),
                               y - bottom), look)

    return rules_page(size, TITLE, "Rules reference 1/2 - a trading race to the black "
                      "hole for 2 to 5 players, one 8-suit piecepack, 45 to 60 minutes",
                      "Every home world wants the glory of the first space station at the "
                      "centre of the galaxy. Fly trade missions for Space Bucks, build a "
                      "chain of stations from your home world to the black hole, and keep "
                      "out of reach of Phredd, the giant space camel who spits on "
                      "everything. Whoever builds a station in the black hole first wins.",
                      ACCENT, CREDIT, columns, f"{SHORT} - rules reference 1/2")


def rules_page_2(look: Look, size: tuple[float, float]) -> Page:
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
        y = min(y, payoff_diagram(c, area.x + col + mm(7), top, area.w - col - mm(7), look))
        y -= mm(2)
        divider(c, area, y)
        y -= mm(3)
        y = _heading(c, area.x, y, "Stations, shields and fees")
        y = paragraph(c, "Stations go up in order, each on your suit's tile of the next rank, "
                      "the last one in the black hole. Each costs more than the one before. "
                      "You may build only while all your stations work, even where other "
                      "ships or Phredd sit.", area.x, y, area.w, REGULAR, body) - mm(1)
        y = station_chain(c, area.x, y, area.w, look) - mm(2)
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
        footer(c, area, CREDIT)

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



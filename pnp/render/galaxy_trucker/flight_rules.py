"""The rules reference's second page: the flight (threats, a worked hit, rewards and the end)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.hits import Threat, impact
from pnp.games.galaxy_trucker.ship import Ship
from pnp.render.art import GREY, INK, Look, fit_left, hex_color, page_title, paragraph, polygon
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_trucker.boards import Part, draw_board, span
from pnp.render.galaxy_trucker.rules import (
    ACCENT,
    _bullets,
    _footer,
    _heading,
    example_ship,
    mini_tile,
)
from pnp.render.galaxy_trucker.tiles import TILE
from pnp.render.galaxy_trucker.tokens import COUNTS, CREDIT_VALUES, GOODS
from pnp.render.geometry import mm, printable_area
from pnp.render.qr import draw_qr

THREATS = (
    ("Small meteor", "Bounces off a smooth side. Hits where the first tile shows a pipe, "
     "unless a shield guards that side (1 token)."),
    ("Large meteor", "Always hits, unless a cannon shoots it: from the front, one aimed "
     "forward in that column; from a side, one aimed that way in that row or next to it. A "
     "double cannon costs 1 token."),
    ("Light fire", "Only a shield guarding that side stops it (1 token)."),
    ("Heavy fire", "Nothing stops it."),
)

FLIGHT = (
    "Engine strength: 1 per engine, 2 per double engine you pay a token for; a brown alien "
    "adds 2 if the rest is above 0. Cannons: forward 1 (double 2 for a token), other "
    "directions half; a purple alien adds 2 if the rest is above 0.",
    "A struck tile is gone, and so is whatever it held on. If the ship breaks apart, keep one "
    "piece; all the rest go to your discard area as lost parts.",
    "Flight days: move your marker forward or back, counting only empty spaces.",
    "Threat codes on the cards: S and L are small and large meteors, l and H light and heavy "
    "fire; the letter after the dash is the side it comes from: F front, R right, B back, L "
    "left (L-F: a large meteor from the front).",
)

def _hit_example(c: Canvas, x: float, top: float, look: Look) -> tuple[float, float, list[str]]:
    """Board I with the example ship and two threats; returns (right edge, bottom, notes)."""
    ship = example_ship()
    board = BOARDS["I"]
    k = 0.58
    part = Part(board, span(board.rows), span(board.columns), 0, 1, "cols")
    pw, ph = part.size
    inset, above = mm(20), mm(9)  # room for the threats drawn outside the board
    c.saveState()
    c.translate(x + inset * k, top - (ph + above) * k)
    c.scale(k, k)
    gx, gy = draw_board(c, part, 0, 0, "blue", look)
    cell = TILE
    for p in ship:
        rx = gx + (p.col - part.cols[0]) * cell
        ry = gy + (part.rows[-1] - p.row) * cell
        mini_tile(c, p.tile, rx, ry, cell, look, p.rotation)
    notes = []
    red = hex_color("#c0392b")
    for threat, line in ((Threat("S", "F"), 7), (Threat("L", "L"), 8)):
        hit = impact(ship, threat, line)
        c.setStrokeColor(red)
        c.setFillColor(red)
        c.setLineWidth(3)
        # the path skips the board's edge numbers (the number stays readable) and ends on
        # the first tile in line
        gap = mm(3.2)
        if threat.along_column:
            ax = gx + (line - part.cols[0] + 0.5) * cell
            edge = gy + len(part.rows) * cell
            y0 = edge + mm(17)
            y1 = gy + (part.rows[-1] - (hit.struck.row if hit.struck else part.rows[-1])
                       + 1) * cell
            c.line(ax, y0, ax, edge + mm(4) + gap)
            c.line(ax, edge + mm(4) - gap, ax, y1 + mm(4))
            polygon(c, [(ax, y1), (ax - mm(2.5), y1 + mm(5)), (ax + mm(2.5), y1 + mm(5))], 0, 1)
            c.circle(ax, y0, mm(3 if threat.size == "S" else 5), stroke=0, fill=1)
        else:
            ay = gy + (part.rows[-1] - line + 0.5) * cell
            edge = gx
            x0 = edge - mm(17)
            x1 = gx + ((hit.struck.col if hit.struck else part.cols[0]) - part.cols[0]) * cell
            c.line(x0, ay, edge - mm(4) - gap, ay)
            c.line(edge - mm(4) + gap, ay, x1 - mm(4), ay)
            polygon(c, [(x1, ay), (x1 - mm(5), ay + mm(2.5)), (x1 - mm(5), ay - mm(2.5))], 0, 1)
            c.circle(x0, ay, mm(3 if threat.size == "S" else 5), stroke=0, fill=1)
        notes.append(_say(threat, line, hit.outcome, hit.struck is not None,
                          [d.tile for d in hit.defences], ship))
    c.restoreState()
    return x + (pw + inset) * k, top - (ph + above) * k, notes

def _say(threat: Threat, line: int, outcome: str, struck: bool, defenders: list[int],
         ship: Ship) -> str:
    where = f"column {line}" if threat.along_column else f"row {line}"
    what = threat.describe().capitalize()
    if not struck:
        return f"{what}, {where}: it misses."
    if outcome == "bounce":
        return f"{what}, {where}: the first tile in line shows a smooth side, so it bounces off."
    kinds = {ship[t].kind for t in defenders}
    if any(kk.is_cannon for kk in kinds):
        stop = "the cannon aimed at it can shoot it first"
    elif kinds:
        stop = "a shield facing it would stop it for a token"
    else:
        stop = "nothing on this ship can stop it, so the first tile in line is destroyed"
    return f"{what}, {where}: {stop}."

def _rewards(c: Canvas, x: float, top: float, w: float) -> float:
    heads = ("Flight", "Board", "Finish order", "Best look", "Lost parts")
    rows = []
    for n, name in ((1, "I"), (2, "II"), (3, "III")):
        b = BOARDS[name]
        finish = {1: "4-3-2-1", 2: "8-6-4-2", 3: "12-9-6-3"}[n]
        rows.append((str(n), name, finish, f"+{2 * n}", f"-1 each, at most {b.max_penalty}"))
    rows.append(("3a", "IIIa", "12-9-6-3", "+6", "-1 each, no cap"))
    widths = (0.12, 0.12, 0.24, 0.17, 0.35)
    rh = mm(4.8)
    y = top
    for i, row in enumerate((heads, *rows)):
        xx = x
        if i == 0:
            c.setFillColor(hex_color("#f3e3da"))
            c.rect(x, y - rh, w, rh, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD if i == 0 else REGULAR, 7.5)
        for cell, frac in zip(row, widths, strict=True):
            c.drawString(xx + mm(1), y - mm(3.4), cell)
            xx += w * frac
        y -= rh
    goods = ", ".join(f"{name} {value}" for name, (_, value) in GOODS.items())
    c.setFillColor(INK)
    y = paragraph(c, f"Goods sell for: {goods} credits each (half, rounded up, if you gave "
                  "up). Best look: the fewest exposed pipes; every tied ship gets it.", x,
                  y - mm(1), w, REGULAR, 7.5)
    return y

def rules_page_2(look: Look, size: tuple[float, float], seed: int, url: str) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Galaxy Trucker", "Rules reference 2/2 - hits, strength, rewards, "
                       "and what is in this kit", ACCENT, below=mm(18))
        y = _heading(c, area.x, y, "Hits: two dice name the row or column")
        right, bottom, notes = _hit_example(c, area.x, y - mm(2), look)
        tx = right + mm(6)
        tw = area.x2 - tx
        c.setFillColor(INK)
        ty = paragraph(c, "Roll 2d6 for each threat. The sum is a column (threats from the "
                       "front or back) or a row (from the left or right), as numbered on "
                       "the board edges. The threat meets the first tile in that line from "
                       "its side; a number with no tile misses.", tx, y, tw, REGULAR, 8.2)
        c.setFillColor(hex_color("#c0392b"))
        for note in notes:
            ty = paragraph(c, note, tx, ty - mm(1.5), tw, BOLD, 7.8)
        ty -= mm(2)
        c.setFillColor(INK)
        for name, text in THREATS:
            c.setFont(BOLD, 7.8)
            c.drawString(tx, ty - 7.8, name)
            ty = paragraph(c, text, tx + mm(22), ty, tw - mm(22), REGULAR, 7.6) - mm(1)
        y = min(bottom, ty) - mm(4)
        y = _heading(c, area.x, y, "Strength and damage")
        y = _bullets(c, FLIGHT, area.x, y, area.w, 8.2) - mm(2)
        col = (area.w - mm(8)) / 2
        top = y
        y = _heading(c, area.x, top, "End of each flight")
        y = _rewards(c, area.x, y, col)
        x2 = area.x + col + mm(8)
        y2 = _heading(c, x2, top, "In this kit")
        credits = sum(v * n for v, n in CREDIT_VALUES)
        coins = sum(n for _, n in CREDIT_VALUES)
        kit = (
            f"144 tiles, 25 mm: 140 for the pile (ids 1-140) and the 4 pilot cabins "
            f"(141-144). Their pipes are dealt from seed {seed}: the backs say so; keep "
            "sets of different seeds apart.",
            "4 boards of each class I, II, III and IIIa, one per player colour.",
            f"{COUNTS['human']} humans, {COUNTS['brown alien']} brown and "
            f"{COUNTS['purple alien']} purple aliens, {COUNTS['battery']} battery tokens, "
            f"goods: {COUNTS['red']} red, {COUNTS['yellow']} yellow, {COUNTS['green']} green, "
            f"{COUNTS['blue']} blue; number tiles 1-4; {coins} credit coins ({credits} in "
            "all).",
            "60 adventure cards, the flight board and a score sheet per player. Not "
            "printed: a 90-second timer and two six-sided dice.",
        )
        y2 = _bullets(c, kit, x2, y2, col, 7.4)
        y = min(y, y2) - mm(4)
        qr = mm(26)
        qy = max(area.y + mm(14), y - qr)
        draw_qr(c, url, area.x, qy, qr)
        c.setFillColor(INK)
        paragraph(c, f"Tracker: scan to open a table for seed {seed}. It needs the seed to "
                  "know which pipes each tile id has, so ships you log there match these "
                  "tiles.", area.x + qr + mm(4), qy + qr - mm(2), area.w - qr - mm(4), REGULAR,
                  8)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 6.5)
        fit_left(c, url, REGULAR, 6.5, area.x + qr + mm(4), qy + mm(2), area.w - qr - mm(4))
        _footer(c, area)

    return Page(size, draw, "Galaxy Trucker - rules reference 2/2")

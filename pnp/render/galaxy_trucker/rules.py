"""The two-page rules reference, written fresh in our own words, with diagrams drawn from the
engine: tile faces are the kit's own faces, the example ship is the notation guide's seed-1
ship, and the hit example is what ``hits.impact`` says about it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.hits import Threat, impact
from pnp.games.galaxy_trucker.notation import parse_ship
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, generate_tiles
from pnp.render.art import GREY, INK, Look, fit_left, hex_color, page_title, paragraph, polygon
from pnp.render.document import Page
from pnp.render.fonts import BOLD, OBLIQUE, REGULAR
from pnp.render.galaxy_trucker.boards import Part, draw_board, span
from pnp.render.galaxy_trucker.tiles import TILE, draw_connector, tile_face
from pnp.render.galaxy_trucker.tokens import COUNTS, CREDIT_VALUES, GOODS
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.qr import draw_qr

ACCENT = hex_color("#b5471b")
CREDIT = ("Galaxy Trucker is a game by Vlaada Chvátil, published by Czech Games Edition. This "
          "summary, the layout and all the art are our own (pnp-space), drawn by our code; "
          "not an official product.")
EXAMPLE_SEED = 1
EXAMPLE_SHIP = ("I 11@6,6/2 103@6,7/1 98@7,6/1 141@7,7 65@7,8 80@7,9/2 28@8,6 50@8,7/1 "
                "5@8,9/3 61@9,9/2")
SMOOTH, SIMPLE, DOUBLE, UNIVERSAL = (Connector.SMOOTH, Connector.SIMPLE, Connector.DOUBLE,
                                     Connector.UNIVERSAL)


def example_ship() -> Ship:
    return parse_ship(EXAMPLE_SHIP, generate_tiles(EXAMPLE_SEED))




def _heading(c: Canvas, x: float, y: float, text: str) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 11.5)
    c.drawString(x, y - 11.5, text)
    c.setFillColor(INK)
    return y - mm(6.5)


def _footer(c: Canvas, area: Rect) -> None:
    c.setFillColor(GREY)
    paragraph(c, CREDIT, area.x, area.y + mm(6), area.w, REGULAR, 6.5, 8)


def mini_tile(c: Canvas, tile: Tile, x: float, y: float, size: float, look: Look,
              rotation: int = 0, show_id: bool = False) -> None:
    """A kit tile face drawn ``size`` wide at (x, y), turned ``rotation`` quarter turns."""
    k = size / TILE
    c.saveState()
    c.translate(x + size / 2, y + size / 2)
    c.rotate(-90 * rotation)
    c.translate(-size / 2, -size / 2)
    c.scale(k, k)
    tile_face(tile, show_id=show_id)(c, TILE, TILE, 0.0, look)
    c.restoreState()


def _bullets(c: Canvas, items: Sequence[str], x: float, y: float, w: float, size: float,
             numbered: bool = False) -> float:
    for k, text in enumerate(items):
        c.setFont(BOLD, size)
        c.setFillColor(ACCENT)
        c.drawString(x, y - size, f"{k + 1}." if numbered else "\u2022")
        c.setFillColor(INK)
        y = paragraph(c, text, x + mm(4.5), y, w - mm(4.5), REGULAR, size) - mm(1.3)
    return y


# -- page 1: connectors, tiles, building -------------------------------------------------------

def _connector_samples(c: Canvas, x: float, top: float, look: Look) -> float:
    s = mm(17)
    names = ((SMOOTH, "smooth", "no pipe"), (SIMPLE, "simple", "1 pipe"),
             (DOUBLE, "double", "2 pipes"), (UNIVERSAL, "universal", "3 pipes"))
    for k, (kind, name, pipes) in enumerate(names):
        bx = x + k * (s + mm(5))
        by = top - s
        c.saveState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        c.rect(bx, by, s, s, stroke=1, fill=0)
        c.translate(bx, by)
        c.scale(s / TILE, s / TILE)
        draw_connector(c, kind, TILE, look)
        c.restoreState()
        c.setFillColor(INK)
        c.setFont(BOLD, 8)
        c.drawCentredString(bx + s / 2, by - mm(3.5), name)
        c.setFont(REGULAR, 7)
        c.drawCentredString(bx + s / 2, by - mm(6.5), pipes)
    return top - s - mm(9)


JOIN_TEXT = {"yes": "joins", "no": "never", "touch": "may touch"}


def join_word(a: Connector, b: Connector) -> str:
    from pnp.games.galaxy_trucker.tiles import fits, joins

    if joins(a, b):
        return "yes"
    return "touch" if fits(a, b) else "no"


def _join_table(c: Canvas, x: float, top: float, w: float) -> float:
    kinds = (SMOOTH, SIMPLE, DOUBLE, UNIVERSAL)
    head = mm(17)
    cw = (w - head) / 4
    rh = mm(5.2)
    c.setFont(BOLD, 7.5)
    c.setFillColor(INK)
    for j, k in enumerate(kinds):
        c.drawCentredString(x + head + (j + 0.5) * cw, top - mm(3.5), k.word)
    for i, a in enumerate(kinds):
        y = top - rh * (i + 1)
        c.setFont(BOLD, 7.5)
        c.setFillColor(INK)
        c.drawString(x, y - mm(3.5), a.word)
        for j, b in enumerate(kinds):
            word = join_word(a, b)
            fill = {"yes": hex_color("#d8efd9"), "no": hex_color("#f6d5d5"),
                    "touch": hex_color("#ececec")}[word]
            cx = x + head + j * cw
            c.setFillColor(fill)
            c.rect(cx + 1, y - rh + 1, cw - 2, rh - 2, stroke=0, fill=1)
            c.setFillColor(INK)
            c.setFont(BOLD if word == "yes" else REGULAR, 7)
            c.drawCentredString(cx + cw / 2, y - mm(3.5), JOIN_TEXT[word])
    return top - 5 * rh - mm(2)


LEGEND: tuple[tuple[Tile, str, str], ...] = (
    (Tile(0, Kind.PILOT, (UNIVERSAL,) * 4, 0, "blue"), "Pilot cabin",
     "Your first tile, on the START square. Holds 2 humans, never an alien."),
    (Tile(0, Kind.CABIN, (SIMPLE, SMOOTH, DOUBLE, SMOOTH)), "Cabin",
     "Room for 2 humans, or 1 alien if joined to life support of its colour."),
    (Tile(0, Kind.ENGINE, (SIMPLE, SMOOTH, SMOOTH, UNIVERSAL)), "Engine",
     "Counts 1 for speed. The flame must face the rear, onto an empty square."),
    (Tile(0, Kind.DOUBLE_ENGINE, (DOUBLE, SMOOTH, SMOOTH, SMOOTH)), "Double engine",
     "Counts 2, but only for a battery token each time."),
    (Tile(0, Kind.CANNON, (SMOOTH, SMOOTH, SIMPLE, SMOOTH)), "Cannon",
     "Any direction; the square before the barrel stays empty. Forward 1, else 1/2."),
    (Tile(0, Kind.DOUBLE_CANNON, (SMOOTH, UNIVERSAL, SMOOTH, SMOOTH)), "Double cannon",
     "Twice a cannon, for a battery token each time."),
    (Tile(0, Kind.BATTERY, (SMOOTH, SIMPLE, SMOOTH, SIMPLE), 3), "Battery",
     "2 or 3 cells: put that many battery tokens on it at launch."),
    (Tile(0, Kind.SHIELD, (SMOOTH, SMOOTH, DOUBLE, SMOOTH)), "Shield",
     "Guards the two sides the arcs face; one token per blocked shot."),
    (Tile(0, Kind.CARGO, (SIMPLE, SMOOTH, SMOOTH, SMOOTH), 3), "Cargo hold",
     "One goods cube per box; not red ones."),
    (Tile(0, Kind.SPECIAL_CARGO, (SMOOTH, SMOOTH, UNIVERSAL, SMOOTH), 2), "Special hold",
     "Reinforced boxes: the only place for red goods (any colour fits)."),
    (Tile(0, Kind.STRUCTURAL, (UNIVERSAL, SIMPLE, DOUBLE, UNIVERSAL)), "Structure",
     "Does nothing but hold the ship together."),
    (Tile(0, Kind.LIFE_BROWN, (SMOOTH, DOUBLE, SMOOTH, SMOOTH)), "Life support",
     "Brown (B) or purple (P): lets a joined cabin take that alien."),
)


def _legend(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    cols = 3
    cw = w / cols
    s = mm(15)
    rh = s + mm(3.5)
    for k, (tile, name, text) in enumerate(LEGEND):
        col, row = k % cols, k // cols
        bx = x + col * cw
        by = top - row * rh
        mini_tile(c, tile, bx, by - s, s, look)
        c.setFillColor(INK)
        c.setFont(BOLD, 8)
        c.drawString(bx + s + mm(2), by - 8, name)
        paragraph(c, text, bx + s + mm(2), by - mm(3.6), cw - s - mm(4), REGULAR, 6.9, 8.2)
    return top - ((len(LEGEND) + cols - 1) // cols) * rh


PAIRS: tuple[tuple[Connector, Connector], ...] = (
    (SIMPLE, SIMPLE), (UNIVERSAL, DOUBLE), (SIMPLE, DOUBLE), (DOUBLE, SMOOTH), (SMOOTH, SMOOTH))
VERDICT = {"yes": "holds", "no": "mistake", "touch": "allowed, holds nothing"}


def _pairs(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """Side-by-side examples: each pair's verdict comes from the engine's join rules."""
    s = mm(13)
    slot = w / (len(PAIRS) + 1)
    for k, (a, b) in enumerate(PAIRS):
        bx = x + k * slot
        left = Tile(0, Kind.STRUCTURAL, (SMOOTH, a, SMOOTH, SMOOTH))
        right = Tile(0, Kind.STRUCTURAL, (SMOOTH, SMOOTH, SMOOTH, b))
        mini_tile(c, left, bx, top - s, s, look)
        mini_tile(c, right, bx + s, top - s, s, look)
        word = join_word(a, b)
        c.setFillColor({"yes": hex_color("#2e7d32"), "no": hex_color("#c62828"),
                        "touch": GREY}[word])
        c.setFont(BOLD, 7.5)
        c.drawCentredString(bx + s, top - s - mm(3.5), VERDICT[word])
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawCentredString(bx + s, top - s - mm(6.3), f"{a.word} + {b.word}")
    # an engine whose flame is blocked: the square behind it must stay empty
    bx = x + len(PAIRS) * slot
    engine = Tile(0, Kind.ENGINE, (SIMPLE, SMOOTH, SMOOTH, SMOOTH))
    block = Tile(0, Kind.STRUCTURAL, (SMOOTH, SMOOTH, SMOOTH, SMOOTH))
    t = s * 0.62
    mini_tile(c, engine, bx + s * 0.3, top - t, t, look)
    mini_tile(c, block, bx + s * 0.3, top - 2 * t, t, look)
    c.setStrokeColor(hex_color("#c62828"))
    c.setLineWidth(1.4)
    c.line(bx + s * 0.3, top - 2 * t, bx + s * 0.3 + t, top - t)
    c.setFillColor(hex_color("#c62828"))
    c.setFont(BOLD, 7.5)
    c.drawString(bx + s * 0.3 + t + mm(2), top - t - mm(1), "mistake:")
    c.setFillColor(INK)
    c.setFont(REGULAR, 6.5)
    c.drawString(bx + s * 0.3 + t + mm(2), top - t - mm(4), "behind a flame")
    c.drawString(bx + s * 0.3 + t + mm(2), top - t - mm(6.8), "stays empty")
    return top - s - mm(9)


BUILD_STEPS = (
    "Everyone builds at once, with one hand, one tile at a time. Tiles lie face down in the "
    "middle; turn one up only once it is over your own board. Use it, or put it back face up "
    "for anyone to take.",
    "A new tile goes on a numbered square next to your ship (any of the four turns). Every "
    "side it shares with the ship must fit the table above, and at least one must join.",
    "Until you take the next tile you may still move or give back the newest one; tiles "
    "before it stay put. Up to two tiles may wait in your discard area, but unused ones there "
    "count as lost at the end.",
    "Done? Take the lowest number tile left: it is your place in the launch order.",
    "Spot check before launch: a simple pipe on a double, any pipe on a smooth side, a flame "
    "not facing the rear or blocked, a barrel blocked, a tile off the marked squares, or a "
    "part not joined to the pilot cabin. Fix it by removing tiles (they are lost parts).",
    "Launch: 2 humans in every cabin (or 1 alien where allowed, at most one of each colour); "
    "a battery token on every battery cell.",
)


def rules_page_1(look: Look, size: tuple[float, float], seed: int) -> Page:
    area = printable_area(size)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Galaxy Trucker", f"Rules reference 1/2 - building a ship. Kit "
                       f"for seed {seed}: 2-4 players, about an hour", ACCENT, below=mm(18))
        c.setFillColor(INK)
        y = paragraph(c, "Grab parts from a shared pile as fast as you dare, bolt them into a "
                      "ship on your board, then fly it through meteors, pirates and trade "
                      "stops. Three flights with ever larger ships; the most credits at the "
                      "end wins.", area.x, y, area.w, OBLIQUE, 9.5) - mm(3)
        top = y
        y = _heading(c, area.x, y, "Connectors")
        y = _connector_samples(c, area.x, y, look)
        left_bottom = y
        tx = area.x + 4 * mm(22) + mm(4)
        ty = _heading(c, tx, top, "Which sides may touch")
        ty = _join_table(c, tx, ty, area.x2 - tx)
        c.setFillColor(GREY)
        ty = paragraph(c, "Only joined sides hold tiles together. Two smooth sides may sit "
                       "side by side, but hold nothing.", tx, ty, area.x2 - tx, REGULAR, 7)
        y = min(left_bottom, ty) - mm(3)
        y = _heading(c, area.x, y, "The tiles")
        y = _legend(c, area.x, y, area.w, look) - mm(2)
        y = _heading(c, area.x, y, "Joins and mistakes")
        y = _pairs(c, area.x, y, area.w, look) - mm(1)
        y = _heading(c, area.x, y, "Building")
        y = _bullets(c, BUILD_STEPS, area.x, y, area.w, 8.4, numbered=True)
        _footer(c, area)

    return Page(size, draw, "Galaxy Trucker - rules reference 1/2")


# -- page 2: flight ---------------------------------------------------------------------------

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


__all__ = ["CREDIT", "EXAMPLE_SHIP", "join_word", "rules_page_1", "rules_page_2"]

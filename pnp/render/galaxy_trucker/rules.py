"""The rules reference, page 1 (the flight, page 2, is in flight_rules.py), written fresh in
our own words, with diagrams drawn from the engine: tile faces are the kit's own faces, the
example ship is the notation guide's seed-1 ship, and the hit example is what ``hits.impact``
says about it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.notation import parse_ship
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, generate_tiles
from pnp.render.art import (
    GREY,
    INK,
    Look,
    footer,
    heading,
    hex_color,
    paragraph,
    rules_page,
)
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_trucker.tiles import TILE, draw_connector, tile_face
from pnp.render.geometry import Rect, mm, printable_area

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
    """A heading in the kit's accent (``typescale.HEADING``)."""
    return heading(c, x, y, text, ACCENT)


def _footer(c: Canvas, area: Rect) -> None:
    footer(c, area, CREDIT)


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

    def columns(c: Canvas, y: float) -> None:
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

    return rules_page(size, "Galaxy Trucker", "Rules reference 1/2 - building a ship. "
                      f"Kit for seed {seed}: 2-4 players, about an hour",
                      "Grab parts from a shared pile as fast as you dare, bolt them into a "
                      "ship on your board, then fly it through meteors, pirates and trade "
                      "stops. Three flights with ever larger ships; the most credits at the "
                      "end wins.", ACCENT, CREDIT, columns,
                      "Galaxy Trucker - rules reference 1/2")


# -- page 2: flight ---------------------------------------------------------------------------


__all__ = ["CREDIT", "EXAMPLE_SHIP", "join_word", "rules_page_1"]

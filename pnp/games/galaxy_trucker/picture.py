"""A ship drawn in text: one 5 x 3 box per square, connectors on the box edges.

Used in error reports and by people checking a pasted ship.  Edge marks: ``s`` simple,
``d`` double, ``u`` universal, blank smooth; ``*`` an engine's exhaust, ``^ > v <`` a
cannon's barrel.  Letters: P pilot, C cabin, e/E engine/double, g/G cannon/double, B battery,
S shield, H cargo hold, R special hold, # structural, o/p brown/purple life support.
Valid empty squares are dots, off-board squares blank.
"""

from __future__ import annotations

from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind

CODES: dict[Kind, str] = {
    Kind.PILOT: "P", Kind.CABIN: "C", Kind.ENGINE: "e", Kind.DOUBLE_ENGINE: "E",
    Kind.CANNON: "g", Kind.DOUBLE_CANNON: "G", Kind.BATTERY: "B", Kind.SHIELD: "S",
    Kind.CARGO: "H", Kind.SPECIAL_CARGO: "R", Kind.STRUCTURAL: "#", Kind.LIFE_BROWN: "o",
    Kind.LIFE_PURPLE: "p",
}
ARROWS = {Side.N: "^", Side.E: ">", Side.S: "v", Side.W: "<"}


def _mark(p: Placement, side: Side) -> str:
    if p.barrel is side:
        return ARROWS[side]
    if p.exhaust is side:
        return "*"
    c = p.connector(side)
    return " " if c is Connector.SMOOTH else c.value


def _box(p: Placement) -> list[str]:
    return [f"+-{_mark(p, Side.N)}-+",
            f"{_mark(p, Side.W)} {CODES[p.kind]} {_mark(p, Side.E)}",
            f"+-{_mark(p, Side.S)}-+"]


def picture(ship: Ship) -> str:
    """The ship on its board, rows and columns numbered as the hit dice name them."""
    cells = set(ship.board.cells) | set(ship.by_cell)
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    lines = [("    " + "".join(f"{c:^5}" for c in cols)).rstrip()]
    for r in rows:
        band = ["    ", f"{r:>3} ", "    "]
        for c in cols:
            p = ship.at((r, c))
            if p is not None:
                box = _box(p)
            elif (r, c) in ship.board.cells:
                box = ["     ", "  .  ", "     "]
            else:
                box = ["     "] * 3
            for i in range(3):
                band[i] += box[i]
        lines.extend(line.rstrip() for line in band)
    return "\n".join(lines)

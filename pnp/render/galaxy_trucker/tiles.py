"""Component tiles: the seed's 144 tiles as printed pieces, 25 mm square.

Each face is drawn straight from the engine's :class:`~pnp.games.galaxy_trucker.tiles.Tile`
(id, kind, capacity, connectors in printed orientation), so the printed id and pipes always
match what the rules library knows for that seed.  Connectors are told apart by the number of
pipes, which survives greyscale printing: simple one, double two, universal three, smooth none.
Backs are all alike (the warehouse is dealt face down): a neutral pattern and the seed.
"""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, TileSet
from pnp.render.art import (
    GREY,
    INK,
    MIN_PRINTED_PT,
    SPACE,
    WHITE,
    Look,
    centred_text,
    hex_color,
    paint,
    printed_scale,
    tint,
)
from pnp.render.fonts import BOLD, CONDENSED_BOLD, text_width
from pnp.render.galaxy_trucker.tile_icons import (
    BORE,
    HULL,
    PANEL,
    PILOT_COLOURS,
    PIPE_INK,
    draw_icon,
)
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece
from pnp.render.stamps import stamp, stamped

TILE = mm(25)
"""Tile size (and ship-board cell pitch): 25 mm square."""

PIPE_W = mm(1.3)  # width of one connector pipe
PIPE_PITCH = mm(2.5)  # centre distance between the pipes of a universal connector
PIPE_DEPTH = mm(5.0)  # how far the pipes reach in from the edge
PLATE_H = mm(1.1)  # the mounting plate the pipes end on
PIPES: dict[Connector, tuple[float, ...]] = {
    # pipe centres across the side, as offsets from the side's midpoint
    Connector.SMOOTH: (),
    Connector.SIMPLE: (0.0,),
    Connector.DOUBLE: (-PIPE_PITCH / 2, PIPE_PITCH / 2),
    Connector.UNIVERSAL: (-PIPE_PITCH, 0.0, PIPE_PITCH),
}
SAMPLE_OFFSETS = (-PIPE_PITCH, -PIPE_PITCH / 2, 0.0, PIPE_PITCH / 2, PIPE_PITCH)
"""Where a test (or an eye) looks across a side: 1, 2 or 3 pipes cover different ones."""


LABELS: dict[Kind, str] = {
    Kind.PILOT: "pilot", Kind.CABIN: "cabin", Kind.ENGINE: "engine",
    Kind.DOUBLE_ENGINE: "2x engine", Kind.CANNON: "cannon",
    Kind.DOUBLE_CANNON: "2x cannon", Kind.BATTERY: "battery", Kind.SHIELD: "shield",
    Kind.CARGO: "cargo", Kind.SPECIAL_CARGO: "special", Kind.STRUCTURAL: "struct.",
    Kind.LIFE_BROWN: "life B", Kind.LIFE_PURPLE: "life P",
}
LABEL_W = mm(6.6)  # room in the bottom-right corner, clear of the widest rear connector


SHORT_LABELS: dict[str, str] = {"2x engine": "2x eng.", "2x cannon": "2x can.",
                                "battery": "batt.", "special": "spec."}
"""Shorter words for the corner when the whole one does not fit at the smallest print size."""
LABEL_PT = 5.2  # the corner label's size; never under MIN_LABEL_PT
MIN_LABEL_PT = 5.0


def face_label(tile: Tile) -> str:
    """The small function word printed in a corner (with the capacity where it has one)."""
    if tile.kind is Kind.PILOT:
        return str(tile.colour)
    word = LABELS[tile.kind]
    return f"{word} {tile.capacity}" if tile.capacity else word


def corner_label(tile: Tile) -> tuple[str, float]:
    """The label as printed and its size: the whole word at 5-5.2 pt where it fits the corner,
    else its short form (the icon says the rest)."""
    label = face_label(tile)
    for word, short in SHORT_LABELS.items():
        if text_width(label, CONDENSED_BOLD, MIN_LABEL_PT) > LABEL_W and label.startswith(word):
            label = short + label[len(word):]
    size = LABEL_PT
    while text_width(label, CONDENSED_BOLD, size) > LABEL_W and size > MIN_LABEL_PT:
        size -= 0.1
    return label, max(size, MIN_LABEL_PT)


# -- connectors -----------------------------------------------------------------------------

def _turn_to(c: Canvas, side: Side, w: float) -> None:
    """Rotate the canvas about the tile centre so that ``side`` is drawn as if it were N."""
    c.translate(w / 2, w / 2)
    c.rotate(-90 * int(side))
    c.translate(-w / 2, -w / 2)


def plate_span(kind: Connector) -> float:
    """Half the width of a connector's mounting plate (0 for a smooth side)."""
    offsets = PIPES[kind]
    return max(abs(o) for o in offsets) + PIPE_W / 2 + mm(0.6) if offsets else 0.0


def connector_reach() -> float:
    """How far in from its edge a connector's pipes and plate reach."""
    return PIPE_DEPTH + PLATE_H


def draw_connector(c: Canvas, kind: Connector, w: float, look: Look) -> None:
    """The pipes of one connector on the N side of a ``w`` square tile."""
    offsets = PIPES[kind]
    if not offsets:
        return
    span = plate_span(kind)
    stroke, fill = paint(c, look, PIPE_INK, solid=True)
    c.setFillColor(PIPE_INK)
    plate_y = w - PIPE_DEPTH
    c.rect(w / 2 - span, plate_y - PLATE_H, 2 * span, PLATE_H, stroke=stroke, fill=fill)
    for o in offsets:
        c.rect(w / 2 + o - PIPE_W / 2, plate_y, PIPE_W, PIPE_DEPTH, stroke=0, fill=1)
    # a lighter bore down each pipe reads as a tube, not a bar; still dark in greyscale
    c.setFillColor(BORE)
    for o in offsets:
        c.rect(w / 2 + o - PIPE_W * 0.14, plate_y + mm(0.5), PIPE_W * 0.28,
               PIPE_DEPTH - mm(0.5), stroke=0, fill=1)


# -- function icons ---------------------------------------------------------------------------


# -- faces and backs --------------------------------------------------------------------------

def tile_face(tile: Tile, show_id: bool = True, label: bool = True) -> Art:
    """The printed face: panel, connectors on all four sides, the function icon, id, label.

    ``show_id`` False draws a generic face (the rules reference's legend); ``label`` False
    leaves out the corner word, as do thumbnails where it would print under 5 pt.
    """

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if not look.low_ink:
            panel = tint(PILOT_COLOURS[tile.colour], 0.22) if tile.colour else PANEL
            c.setFillColor(panel)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColor(HULL if not look.low_ink else GREY)
        c.setLineWidth(0.6)
        inset = mm(0.9)
        c.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
        stamp(c, ("gt-icon", tile.kind, tile.colour, tile.capacity, w, look),
              (-w, -w, 2 * w, 2 * w), lambda c: draw_icon(c, tile, w, look))
        for side in SIDES:
            kind = tile.connector(side)
            if kind is Connector.SMOOTH:
                continue
            c.saveState()
            _turn_to(c, side, w)
            stamp(c, ("gt-connector", kind, w, look), (-w, -w, 2 * w, 2 * w),
                  partial(draw_connector, kind=kind, w=w, look=look))
            c.restoreState()
        if show_id:
            c.setFillColor(INK)
            c.setFont(BOLD, 7.5)
            c.drawString(mm(1.6), h - mm(3.9), str(tile.id))
        word, size = corner_label(tile)
        if label and size * printed_scale(c) >= MIN_PRINTED_PT - 1e-6:
            c.setFont(CONDENSED_BOLD, size)
            c.setFillColor(GREY if not look.low_ink else INK)
            if tile.kind in (Kind.ENGINE, Kind.DOUBLE_ENGINE):  # the nozzles fill the bottom
                c.drawRightString(w - mm(1.5), h - mm(1.5) - size * 0.73, word)
            else:
                c.drawRightString(w - mm(1.5), mm(1.5), word)

    return draw


def tile_back(seed: int) -> Art:
    """Every back alike: a hull-plate pattern and the seed, so mixed sets can be sorted."""

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        line = hex_color("#50608a")
        text = hex_color("#c9d4ee")
        if not look.low_ink:
            c.setFillColor(SPACE)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        else:
            line, text = GREY, GREY
        c.setStrokeColor(line)
        c.setLineWidth(0.6)
        for k in range(1, 6):
            c.line(0, k * h / 6, w, k * h / 6)
        for row in range(6):
            off = w / 8 if row % 2 else 0.0
            for k in range(5):
                x = off + k * w / 4
                if x <= w:  # the offset rows' last seam would fall past the cut line
                    c.line(x, row * h / 6, x, (row + 1) * h / 6)
        c.setFillColor(SPACE if not look.low_ink else WHITE)
        c.setStrokeColor(line)
        c.roundRect(w / 2 - mm(8), h / 2 - mm(3.4), mm(16), mm(6.8), mm(1.5), stroke=1,
                    fill=1)
        c.setFillColor(text)
        centred_text(c, f"seed {seed}", w / 2, h / 2, mm(2.2), BOLD, mm(14))

    return stamped(draw, ("gt-tile-back", seed))


def tile_piece(tile: Tile, seed: int) -> Piece:
    return Piece("gt-tile", f"tile {tile.id} ({face_label(tile)})", TILE, TILE, tile_face(tile),
                 tile_back(seed))


def tile_pieces(tiles: TileSet) -> list[Piece]:
    """All 144 tiles in id order: warehouse 1-140, then the four pilot cabins."""
    return [tile_piece(t, tiles.seed) for t in sorted(tiles.tiles, key=lambda t: t.id)]


__all__ = ["PIPES", "SAMPLE_OFFSETS", "TILE", "draw_connector", "face_label", "tile_back",
           "tile_face", "tile_pieces"]

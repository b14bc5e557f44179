"""The 37 hex tiles: faces by kind and the common back."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.cards import COLOURS, SPACE
from pnp.render.art import GREY, INK, WHITE, Look, centred_text, hex_color, polygon
from pnp.render.art import SPACE as NIGHT
from pnp.render.fonts import BOLD
from pnp.render.piecepack import Art, Piece
from pnp.render.spatial_delivery.art import (
    GOODS_RGB,
    GOODS_WORD,
    SQ3,
    TILE_R,
    draw_earth,
    draw_planet,
    draw_stars,
    hex_points,
)
from pnp.render.stamps import stamped


# -- pieces: hex tiles ------------------------------------------------------------------------
def _hex_art(kind: str) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        cx, cy, r = w / 2, h / 2, h / 2
        pts = hex_points(cx, cy, r + bleed * 1.16)
        if not look.low_ink:
            c.setFillColor(NIGHT)
            polygon(c, pts, 0, 1)
        star = hex_color("#c9d3ee") if not look.low_ink else GREY
        text_colour = WHITE if not look.low_ink else INK
        if kind == "E":
            draw_earth(c, cx, cy, r * 0.45, look)
            c.setFillColor(text_colour)
            centred_text(c, "EARTH", cx, cy - r * 0.66, r * 0.12, BOLD)
        elif kind == SPACE:
            draw_stars(c, cx, cy, r, star)
            draw_stars(c, cx + r * 0.15, cy - r * 0.2, r * 0.6, star)
        else:
            draw_stars(c, cx, cy, r, star)
            colour = GOODS_RGB[kind]
            draw_planet(c, cx, cy + r * 0.02, r * 0.3, colour, look)
            c.setFillColor(text_colour)
            centred_text(c, GOODS_WORD[kind].upper(), cx, cy - r * 0.58, r * 0.11, BOLD, r)
            c.setFillColor(colour)
            centred_text(c, kind, cx, cy + r * 0.6, r * 0.14, BOLD)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        polygon(c, hex_points(cx, cy, r), 1, 0)  # the cut line
    return draw


def _hex_back(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    cx, cy, r = w / 2, h / 2, h / 2
    if not look.low_ink:
        c.setFillColor(hex_color("#2a2f4a"))
        polygon(c, hex_points(cx, cy, r + bleed * 1.16), 0, 1)
    ring = hex_color("#8f9bc7") if not look.low_ink else GREY
    c.setStrokeColor(ring)
    c.setLineWidth(0.8)
    for k in (0.25, 0.45, 0.65):
        polygon(c, hex_points(cx, cy, r * k), 1, 0)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    polygon(c, hex_points(cx, cy, r), 1, 0)


def hex_tiles() -> list[Piece]:
    """Earth plus the 36 galaxy tiles of SD-1, from the engine's tile pool."""
    from pnp.games.spatial_delivery.cards import TILE_POOL

    kinds = ["E", *[k for k in (*COLOURS, SPACE) for _ in range(TILE_POOL[k])]]
    words = {"E": "Earth tile", SPACE: "space tile",
             **{k: f"{GOODS_WORD[k]} world tile" for k in COLOURS}}
    faces = {k: stamped(_hex_art(k)) for k in set(kinds)}  # recurring art: stamped
    back = stamped(_hex_back)
    return [Piece("tile", words[k], SQ3 * TILE_R, 2 * TILE_R, faces[k], back) for k in kinds]

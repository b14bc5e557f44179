"""The seeded setup sheets: the setup page, the third ring and the whole map."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.board import HEX_NAMES, RING_HEXES
from pnp.games.spatial_delivery.cards import COLOURS, SCORE_TOKEN_BY_RING, SPACE
from pnp.render.art import INK, Look, centred_text, footer, hex_color, page_title, paragraph
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import mm, printable_area
from pnp.render.marks import draw_fold_line
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.spatial_delivery.art import (
    ACCENT,
    CREDIT,
    GOODS_WORD,
    PLAYERS,
    SQ3,
    _para,
    draw_galaxy,
    draw_rocket,
    galaxy_size,
    seed_layout,
    tracker_url,
)


# -- text pages: setup, ring 3, one-piece map ----------------------------------------------------
def setup_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    url = tracker_url(options)
    kinds = seed_layout(options.seed, (1, 2))

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Spatial Delivery - setup for seed {options.seed}",
                       "Rings 1 and 2 as the seed deals them; the tracker lays out the same galaxy "
                       "from this seed.", ACCENT)
        r = mm(12.5)
        gh = galaxy_size(r)[1]
        cx, cy = area.cx, y - gh / 2 - mm(2)
        notes = {h: "ring 3: later" for h in RING_HEXES[3]}
        draw_galaxy(c, cx, cy, r, kinds, look, notes)
        y = cy - gh / 2 - mm(5)
        qr = mm(32)
        tw = area.w - qr - mm(8)
        words = {SPACE: "space", **{k: f"{GOODS_WORD[k]} world" for k in COLOURS}}
        lines = [f"Ring {k}: " + ", ".join(f"{HEX_NAMES[h]} {words[str(kinds[h])]}"
                                          for h in RING_HEXES[k]) for k in (1, 2)]
        for line in lines:
            y = _para(c, line, area.x, y, tw, 7.6)
        steps = (
            "Cut the hex tiles (or use the one-piece map). Earth in the middle, then lay each "
            "ring 1 and ring 2 tile on its named space as shown. The ring 3 tiles stay face "
            "down: the folded page tells where they go after round 2.",
            "Each world gets a First Delivery token of its colour and a score token: 1 in "
            f"ring 1, {SCORE_TOKEN_BY_RING[2]} in ring 2.",
            "Four goods piles by type, shuffled, top card face up; the fuel cards face up "
            "beside them. Round marker on round 1.",
            "Turn order is the order you enter the players in the tracker; player tokens on "
            "the This Turn track in that order, ships on Earth.",
            "In the tracker, either let it deal (it lays these same tiles and names each card "
            "to turn up: take that card from its pile) or have the table reveal (type the tiles "
            "as you laid them, A1=P and so on, then each card you turn up).",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.4)
            c.setFillColor(INK)
            c.drawString(area.x, y - 8.4, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(4), y, tw - mm(4), REGULAR, 8.4) - mm(1)
        qr_block(c, url, area.x2 - qr, cy - gh / 2 - mm(4) - qr, qr, left=area.x,
                 right=area.x2)
        footer(c, area, CREDIT)

    return Page(size, draw, f"Spatial Delivery - setup, seed {options.seed}")


def ring3_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    """Ring 3, kept secret until round 3 by a Z fold: the bottom third folds up onto the
    middle (printed sides together: the galaxy and its list are inside), then those two fold
    back behind the top third, whose warning stays outside, in front, whatever the printer.
    (A fold in half, printed side in, used to hide the warning with the rest.)"""
    area = printable_area(size)
    kinds = seed_layout(options.seed, (1, 2, 3))
    third = size[1] / 3
    upper = 2 * third

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Ring 3 for seed {options.seed} - keep folded",
                       "Z-fold it before the game (below): this warning stays outside.", ACCENT)
        c.setFillColor(hex_color("#c8421e"))
        centred_text(c, "DO NOT OPEN BEFORE THE END OF ROUND 2", area.cx, (y + upper) / 2 + mm(10),
                     mm(5), BOLD, area.w)
        c.setFillColor(INK)
        centred_text(c, "Ring 3 of the galaxy is still unexplored.", area.cx,
                     (y + upper) / 2 + mm(1), mm(2.8), REGULAR, area.w)
        draw_rocket(c, area.cx, (y + upper) / 2 - mm(13), mm(12), PLAYERS[2][1], look)
        c.setFont(REGULAR, 8)
        for k, line in enumerate(("1. Fold the bottom third up on the lower dashed line, "
                                  "printed sides together.",
                                  "2. Fold that back, behind this top third, on the upper "
                                  "dashed line.")):
            c.drawCentredString(area.cx, upper + mm(9) - k * mm(4), line)
        draw_fold_line(c, "y", upper, size, area)
        draw_fold_line(c, "y", third, size, area)
        # middle third: the whole galaxy, ring 3 revealed
        top = upper - mm(4)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 11)
        c.drawString(area.x, top - 11, "After round 2:")
        c.drawString(area.x, top - 11 - mm(5), "lay ring 3")
        r = min((third - mm(7)) / 11, area.w * 0.62 / (7 * SQ3))
        draw_galaxy(c, area.cx + mm(22), (upper + third) / 2, r, kinds, look)
        # bottom third: the tiles of ring 3, three columns
        words = {SPACE: "space", **{k: f"{GOODS_WORD[k]} world" for k in COLOURS}}
        hexes = RING_HEXES[3]
        rows = -(-len(hexes) // 3)
        col_w = area.w / 3
        y0 = third - mm(6)
        for k, h in enumerate(hexes):
            x = area.x + (k // rows) * col_w
            yy = y0 - (k % rows) * mm(3.9)
            c.setFillColor(INK)
            c.setFont(BOLD, 8)
            c.drawString(x, yy - 8, HEX_NAMES[h])
            c.setFont(REGULAR, 8)
            c.drawString(x + mm(9), yy - 8, words[str(kinds[h])])
        _para(c, "Worlds in ring 3 get a First Delivery token of their colour and a score "
              f"token of {SCORE_TOKEN_BY_RING[3]}. The tracker asks for these tiles after "
              "round 2 (in seeded play it lays them itself).", area.x,
              y0 - rows * mm(3.9) - mm(2), area.w, 7.6)
        footer(c, area, CREDIT)

    return Page(size, draw, f"Spatial Delivery - ring 3, seed {options.seed}")


def map_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    kinds = seed_layout(options.seed, (1, 2))

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Spatial Delivery - one-piece map, seed {options.seed}",
                       "Instead of cutting the 37 hex tiles: play on this sheet. Tokens, stations "
                       "and segments go on it as on the tiles.", ACCENT)
        r = min(area.w / (7 * SQ3), (y - area.y - mm(30)) / 11)
        gh = galaxy_size(r)[1]
        cx, cy = area.cx, y - gh / 2 - mm(1)
        draw_galaxy(c, cx, cy, r, kinds, look,
                    {h: "after round 2" for h in RING_HEXES[3]})
        y = cy - gh / 2 - mm(4)
        y = _para(c, "Ring 3 is left blank: after round 2 open the folded ring 3 page and "
                  "write each C space's goods letter (Y, B, P, G) or 'space' into it with a "
                  "pencil, then put a First Delivery token of its colour and a score token of "
                  f"{SCORE_TOKEN_BY_RING[3]} on each new world. The map's spaces are smaller "
                  "than the hex tiles: route segments may overhang a border a little.",
                  area.x, y, area.w, 8.6)
        footer(c, area, CREDIT)

    return Page(size, draw, f"Spatial Delivery - map, seed {options.seed}")

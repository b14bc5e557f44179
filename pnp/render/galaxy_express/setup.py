"""The seeded setup sheet: the table the tracker deals for the printed seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import INK, Look, footer, hex_color, page_title, paragraph
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_express.art import (
    ACCENT,
    COLS,
    CREDIT,
    ROWS,
    cell_xy,
    coin_mark,
    draw_chart,
    draw_ship,
    tracker_url,
)
from pnp.render.geometry import mm, printable_area
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.suits import ARMS, CROWNS


# -- setup sheet --------------------------------------------------------------------------------
def setup_page(setup: Mapping[str, Any], options: KitOptions, look: Look,
                size: tuple[float, float]) -> Page:
    area = printable_area(size)
    planets = [str(p) for p in setup["planets"]]
    crowns = [str(p) for p in setup["crowns"]]
    start = str(setup["start"])
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        y = page_title(c, area, f"Galaxy Express - setup for seed {options.seed}",
                       "Lay the star chart out as shown; the tracker deals the same table "
                       "from this seed.", ACCENT)
        label_room = mm(9)
        cell = min((area.w - 2 * label_room) / COLS, mm(21))
        gx = area.x + (area.w - COLS * cell) / 2
        gy = y - mm(6) - ROWS * cell
        draw_chart(c, gx, gy, cell, look)
        for name in planets:
            i, j = cell_xy(name)
            coin_mark(c, ARMS, gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.33, look)
        for name in crowns:
            i, j = cell_xy(name)
            coin_mark(c, CROWNS, gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.33,
                       look)
        i, j = cell_xy(start)
        c.setStrokeColor(hex_color("#d08a00"))
        c.setLineWidth(2)
        c.circle(gx + (i + 0.5) * cell, gy + (j + 0.5) * cell, cell * 0.42, stroke=1, fill=0)
        draw_ship(c, gx + (i + 0.82) * cell, gy + (j + 0.78) * cell, cell * 0.17, look)
        y = gy - mm(11)
        qr = mm(34)
        text_w = area.w - qr - mm(8)
        c.setFillColor(INK)
        facts = (
            ("Planets (Arms, face down)", ", ".join(planets)),
            ("Crowns (face down, then picked up)", ", ".join(crowns)),
            ("Suggested launch planet (ringed)", start),
        )
        for head, value in facts:
            c.setFont(BOLD, 9)
            c.drawString(area.x, y, head)
            c.setFont(REGULAR, 9)
            c.drawString(area.x + mm(68), y, value)
            y -= mm(5)
        y -= mm(2)
        steps = (
            "Place the twelve tiles grid side up, four across and three high, matching the "
            "thick tile lines above.",
            "Put an Arms coin face down on each shield and a Crown coin face down on each "
            "crown. Which Arms or Crown goes where does not matter: shuffle them first.",
            "Pick up the six Crowns, shuffle them and stack them numbers up beside the chart: "
            "that is the delivery queue.",
            f"Turn up the planet on {start} (or any planet you like) and set the pawn on it. "
            "If it shows the number on top of the queue, move that Crown to the bottom.",
            "Shuffle the Suns and the Moons into separate face-down stacks and turn up two of "
            "each. Speed and refuel dice at null. Fly!",
        )
        for k, text in enumerate(steps):
            c.setFont(BOLD, 8.8)
            c.drawString(area.x, y - 8.8, f"{k + 1}.")
            y = paragraph(c, text, area.x + mm(5), y, text_w - mm(5), REGULAR, 8.8) - mm(1.4)
        qx, qy = area.x2 - qr, gy - mm(11) - qr + mm(3)
        qr_block(c, url, qx, qy, qr, left=area.x, right=area.x2)
        footer(c, area, CREDIT)

    return Page(size, draw, f"Galaxy Express - setup, seed {options.seed}")

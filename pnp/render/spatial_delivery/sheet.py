"""The fillable score sheet; its form fields are the ones pnp.games.spatial_delivery.sheet
checks."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS
from pnp.games.spatial_delivery.sheet import COLOUR_FIELDS, MAX_PLAYERS, ROUND_ROWS, field_names
from pnp.render.art import (
    GREY,
    INK,
    Look,
    field_box,
    footer,
    hex_color,
    page_title,
    paint,
    tint,
)
from pnp.render.document import Page, fit_transform
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm, printable_area, text_sheet_size
from pnp.render.options import KitOptions
from pnp.render.qr import qr_block
from pnp.render.spatial_delivery.art import (
    ACCENT,
    CREDIT,
    GOODS_RGB,
    GOODS_WORD,
    _para,
    bonus_table,
    tracker_url,
)

# -- the score sheet ---------------------------------------------------------------------------
ROW_LABELS: tuple[tuple[str, str], ...] = (
    ("name", "Player"),
    *[(f"r{n}", f"Round {n}") for n in range(1, ROUND_ROWS + 1)],
    *[(f"fd_{c}", f"1st tokens: {GOODS_WORD[c.upper()]}") for c in COLOUR_FIELDS],
    ("bonus", "End bonus"),
    ("stations", "Stations built"),
    ("total", "Total"),
)


def score_layout(size: tuple[float, float]) -> dict[str, Rect]:
    """The rectangle of every form field on the score sheet, by field name."""
    area = printable_area(size)
    top = area.y2 - mm(30)
    label_w = mm(38)
    col_w = (area.w - label_w) / MAX_PLAYERS
    row_h = mm(7.6)
    fields: dict[str, Rect] = {}
    for k, (key, _) in enumerate(ROW_LABELS):
        gap = mm(3) if key in ("fd_y", "bonus") else 0.0
        top -= gap
        y = top - (k + 1) * row_h
        for i in range(MAX_PLAYERS):
            x = area.x + label_w + i * col_w
            fields[f"p{i + 1}_{key}"] = Rect(x + 1.5, y + 1.5, col_w - 3, row_h - 3)
    fields["seed"] = Rect(area.x + mm(14), area.y2 - mm(27), mm(24), mm(7))
    fields["rounds"] = Rect(area.x + mm(66), area.y2 - mm(27), mm(12), mm(7))
    last = min(r.y for r in fields.values())
    fields["winner"] = Rect(area.x + mm(20), last - mm(12), area.w * 0.55 - mm(20), mm(8))
    return fields


def score_page(options: KitOptions, look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    fields = score_layout(size)
    url = tracker_url(options)

    def draw(c: Canvas) -> None:
        page_title(c, area, "Spatial Delivery - score sheet",
                   "Write each player's market share per round, and at the end the First Delivery "
                   "tokens held. Fill it by hand, or type into the PDF.", ACCENT)
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        c.drawString(area.x, fields["seed"].y + mm(2.2), "Seed")
        c.drawString(fields["seed"].x2 + mm(4), fields["rounds"].y + mm(2.2), "Rounds")
        for name in ("seed", "rounds"):
            _field_box(c, fields[name], look)
        label_x = area.x
        for k, (key, label) in enumerate(ROW_LABELS):
            first = fields[f"p1_{key}"]
            row = Rect(area.x, first.y - 1.5, area.w, first.h + 3)
            num = key[1:]
            shaded = (key.startswith("r") and num.isascii() and num.isdigit()
                      and int(num) > DEFAULT_ROUNDS)
            if not look.low_ink and (k % 2 == 0 or key == "total"):
                c.setFillColor(hex_color("#eef1f8") if key != "total" else
                               tint(ACCENT, 0.2))
                c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
            c.setFillColor(GREY if shaded else INK)
            font = BOLD if key in ("name", "total", "bonus") else REGULAR
            c.setFont(font, 8.6)
            c.drawString(label_x + mm(1.5), row.y + row.h / 2 - 3, label)
            if key.startswith("fd_"):
                colour = GOODS_RGB[key[3:].upper()]
                s, f = paint(c, look, colour, solid=True)
                c.circle(label_x + mm(35.5), row.y + row.h / 2, mm(1.6), stroke=s, fill=f)
            if shaded:
                c.setFont(REGULAR, 5.5)
                c.drawString(label_x + mm(19), row.y + row.h / 2 - 2, "if agreed")
            for i in range(MAX_PLAYERS):
                _field_box(c, fields[f"p{i + 1}_{key}"], look, thick=key == "total")
        c.setFillColor(INK)
        c.setFont(BOLD, 9.5)
        w = fields["winner"]
        c.drawString(area.x, w.y + mm(2.4), "Winner")
        _field_box(c, w, look, thick=True)
        # bonus table, scoring notes and QR under the grid
        y = w.y - mm(5)
        c.setFillColor(ACCENT)
        c.setFont(BOLD, 10)
        c.drawString(area.x, y - 10, "First Delivery bonus (per colour)")
        y = bonus_table(c, area.x, y - mm(5), area.w * 0.55)
        text_w = area.w * 0.6
        y = _para(c, "End bonus = the bonus for each colour added up (4 yellow and 1 blue: 10 + "
                  "1 = 11). Total = all rounds + end bonus. Ties: most First Delivery tokens, "
                  "then most stations built; still equal: a shared win.", area.x, y - mm(1),
                  text_w, 7.6)
        _para(c, "Check it: scan the code, or run 'pnp check-sheet' on the saved PDF. The "
              "checker recomputes the bonuses, totals and the winner.", area.x, y, text_w, 7.6)
        qr = mm(30)
        qr_block(c, url, area.x2 - qr - mm(4), w.y - mm(4) - qr, qr, left=area.x,
                 right=area.x2)
        footer(c, area, CREDIT)

    return Page(size, draw, "Spatial Delivery - score sheet")


def score_fields(options: KitOptions, size: tuple[float, float], page_index: int
                 ) -> list[FormField]:
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for name, designed in score_layout(design).items():
        rect = Rect(dx + designed.x * s, dy + designed.y * s, designed.w * s, designed.h * s)
        value = str(options.seed) if name == "seed" else ""
        value = str(DEFAULT_ROUNDS) if name == "rounds" else value
        left = name in ("winner", "seed") or name.endswith("_name")
        out.append(FormField(name, page_index, rect, value, 9 * min(s, 1.0),
                             align=0 if left else 1))
    assert sorted(f.name for f in out) == sorted(field_names())
    return out


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    field_box(c, r, look, ACCENT, thick=thick, line=0.5)

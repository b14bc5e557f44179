"""Drawing a readable sheet's parts from its ``SheetLayout`` (``pnp.sheetread.layout``): the
corner markers, the sheet QR, comb boxes and tick boxes.

Nothing here places anything: the layout says where, so the page and the reader that cuts a
photo of it apart use one geometry.  Comb boxes are outlined in the sheet's colour with lighter
walls between the digits and a faint guide line a reader's threshold drops.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render import typescale as ts
from pnp.render.art import INK, WHITE, Look, footer, page_title, tint
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.forms import FormField
from pnp.render.geometry import Rect, mm
from pnp.render.qr import draw_qr
from pnp.render.stamps import stamp
from pnp.sheetread.aruco import MODULES, marker_modules
from pnp.sheetread.layout import FieldBox, Marker, SheetLayout, footer_area, title_area


def draw_marker(c: Canvas, m: Marker) -> None:
    """The marker's black modules as one path, over a white square one module wider (its
    quiet zone)."""
    mod = m.rect.w / MODULES
    c.saveState()
    c.setFillColor(WHITE)
    quiet = m.rect.expand(mod)
    c.rect(quiet.x, quiet.y, quiet.w, quiet.h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    p = c.beginPath()
    for r, row in enumerate(marker_modules(m.id)):
        for col, white in enumerate(row):
            if not white:
                p.rect(m.rect.x + col * mod, m.rect.y2 - (r + 1) * mod, mod, mod)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def draw_frame(c: Canvas, layout: SheetLayout, seed: int | None) -> None:
    """The four markers and the sheet QR (payload ``layout.code(seed)``)."""
    for m in layout.markers:
        draw_marker(c, m)
    draw_qr(c, str(layout.code(seed)), layout.qr.x, layout.qr.y, layout.qr.w)


def sheet_heading(c: Canvas, size: tuple[float, float], layout: SheetLayout, seed: int | None,
                  title: str, subtitle: str, accent: Color) -> float:
    """A readable sheet's opening: its frame (``draw_frame``) and its title and subtitle
    beside the QR; returns where ``page_title`` says the body starts."""
    draw_frame(c, layout, seed)
    return page_title(c, title_area(size, layout.qr), title, subtitle, accent)


def sheet_page(size: tuple[float, float], layout: SheetLayout, seed: int | None, title: str,
               subtitle: str, accent: Color, credit: str, body: Callable[[Canvas], None],
               label: str | None = None) -> Page:
    """A readable sheet's page: its opening (``sheet_heading``), ``body`` and the credit
    line between the bottom markers; labelled ``label`` (the title when none is given)."""

    def draw(c: Canvas) -> None:
        sheet_heading(c, size, layout, seed, title, subtitle, accent)
        body(c)
        footer(c, footer_area(size), credit)

    return Page(size, draw, title if label is None else label)


HAND_TAG = "by hand"
"""Printed faintly in the corner of a handwriting-only box (a name, a winner, card ids): the
reader never reads it, the person types it on the confirm page."""
HAND_TAG_SIZE = 5.5
HAND_TAG_TINT = 0.25
"""Light enough that the reader's ink map (``pnp.sheetread.photo.ink_map``) drops it, as it
drops a comb's guide: an empty name box still reads as empty."""


def by_hand(f: FieldBox) -> bool:
    """Whether ``f`` carries the "by hand" tag: a text box wide enough to leave room for the
    writing (narrow table cells say so in their column head); the seed is not one, the QR
    gives it."""
    return (f.kind == "text" and f.name != "seed" and f.rect.w >= mm(18)
            and f.rect.h >= mm(4))


def draw_field(c: Canvas, f: FieldBox, look: Look, colour: Color, thick: bool = False) -> None:
    """A comb (outer box, light walls, faint guide), a tick box, a choice (a tick box after
    each option's letter, then its comb), or a text box (tagged "by hand", ``by_hand``)."""
    if f.kind == "choice":
        _draw_choice(c, f, look, colour)
        return
    r = f.rect
    w, h = round(r.w, 4), round(r.h, 4)
    walls = tuple((round(b.x - r.x, 4), round(b.y - r.y, 4), round(b.w, 4), round(b.h, 4))
                  for b in f.boxes) if f.kind == "digits" else ()
    hand = by_hand(f)
    c.saveState()
    c.translate(r.x, r.y)  # a sheet repeats a few field shapes hundreds of times: stamped
    stamp(c, ("field", w, h, walls, look, colour, thick, hand), (-2, -2, w + 2, h + 2),
          partial(_field_at_origin, w=w, h=h, walls=walls, look=look, colour=colour,
                  thick=thick, hand=hand))
    c.restoreState()


def _field_at_origin(c: Canvas, w: float, h: float, walls: tuple[tuple[float, ...], ...],
                     look: Look, colour: Color, thick: bool, hand: bool = False) -> None:
    """A field's box with its lower left at the origin; a comb's ``walls`` are its boxes
    (x, y, w, h) from there."""
    c.setStrokeColor(colour)
    c.setLineWidth(ts.FIELD_THICK if thick else ts.FIELD_LINE)
    c.setFillColor(WHITE)
    c.rect(0, 0, w, h, stroke=1, fill=0 if look.low_ink else 1)
    if hand:
        c.setFillColor(tint(INK, HAND_TAG_TINT))
        c.setFont(REGULAR, HAND_TAG_SIZE)
        c.drawRightString(w - mm(1), mm(0.8), HAND_TAG)
    if walls:
        c.setStrokeColor(tint(colour, 0.45))
        c.setLineWidth(ts.COMB_WALL)
        for x, _, _, _ in walls[1:]:
            c.line(x, 0, x, h)
        c.setStrokeColor(tint(INK, 0.12))
        c.setLineWidth(ts.COMB_GUIDE)
        c.setDash(1, 1.5)
        for x, y, bw, bh in walls:
            c.line(x + bw * 0.2, y + bh * 0.18, x + bw - bw * 0.2, y + bh * 0.18)
        c.setDash()


def _draw_choice(c: Canvas, f: FieldBox, look: Look, colour: Color) -> None:
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(ts.FIELD_LINE)
    c.setFillColor(WHITE)
    fill = 0 if look.low_ink else 1
    for option, box in zip(f.options, f.option_boxes, strict=True):
        c.setFillColor(WHITE)
        c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=fill)
        c.setFillColor(INK)
        c.setFont(BOLD, 6)
        c.drawRightString(box.x - 0.8, box.y + box.h / 2 - 2.1, option)
    if f.boxes:
        comb = f.boxes[0].union(f.boxes[-1])
        c.setFillColor(WHITE)
        c.rect(comb.x, comb.y, comb.w, comb.h, stroke=1, fill=fill)
        _comb_inside(c, f, colour)
    c.restoreState()


def _comb_inside(c: Canvas, f: FieldBox, colour: Color) -> None:
    """A comb's light walls between the digits and its faint dashed guide."""
    r = f.rect if f.kind == "digits" else (f.boxes[0].union(f.boxes[-1]) if f.boxes else f.rect)
    if f.kind in ("digits", "choice") and f.boxes:
        c.setStrokeColor(tint(colour, 0.45))
        c.setLineWidth(ts.COMB_WALL)
        for b in f.boxes[1:]:
            c.line(b.x, r.y, b.x, r.y2)
        c.setStrokeColor(tint(INK, 0.12))
        c.setLineWidth(ts.COMB_GUIDE)
        c.setDash(1, 1.5)
        for b in f.boxes:
            c.line(b.x + b.w * 0.2, b.y + b.h * 0.18, b.x2 - b.w * 0.2, b.y + b.h * 0.18)
        c.setDash()


def form_field(f: FieldBox, page: int, value: str = "", size: float = 9.0,
               tooltip: str = "") -> FormField:
    """The fillable widget over a field (centred digits; text from the left)."""
    return FormField(f.name, page, f.rect, value, size, align=0 if f.kind == "text" else 1,
                     tooltip=tooltip)


def scaled_rect(r: Rect, s: float, dx: float, dy: float) -> Rect:
    return Rect(dx + r.x * s, dy + r.y * s, r.w * s, r.h * s)


__all__ = ["by_hand", "draw_field", "draw_frame", "draw_marker", "form_field", "scaled_rect"]

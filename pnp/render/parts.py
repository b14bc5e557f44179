"""The parts list and assembly notes printed at the top of a kit's first component sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, Look, paragraph
from pnp.render.components import HeaderFn, SheetContext, piece_sheets
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.piecepack import Piece

ASSEMBLY = {
    "tile": "Tiles: print at 100% on card stock (or glue paper onto 1-2 mm board), cut on "
            "the crop marks. Mark the grid side as the back.",
    "coin": "Coins: print on card stock (see the print guide); cut the circles with a "
            "punch (3/4 in / 19 mm) or scissors. One side shows the suit, the other the rank.",
    "die": "Dice: score the dashed lines, fold the net into a cube and glue the grey tabs "
           "inside. Or use the roll table with any six-sided die.",
    "pawn": "Pawns: cut the strip, fold on the dashed lines so the two figures meet back to "
            "back, glue them, and spread the base flaps to stand.",
    "card": "Roll table: cut out and keep it with the dice.",
}


def summarise(pieces: Sequence[Piece]) -> list[tuple[str, int]]:
    """(kind, count) in a fixed order."""
    counts = Counter(p.kind for p in pieces)
    order = ("tile", "coin", "die", "pawn", "card")
    return [(k, counts[k]) for k in order if counts[k]]


_NAMES = {"tile": "tiles (2 in)", "coin": "coins (3/4 in)", "die": "dice nets (1/2 in)",
          "pawn": "pawn standees", "card": "roll table card"}


HeaderLayout = Callable[[Canvas | None, float, float, float], float]


def ruled_header(layout: HeaderLayout, width: float) -> tuple[HeaderFn, float]:
    """A sheet header from ``layout(c, x, top, w)``, which draws it (or, with ``c`` None,
    measures it) and returns its lowest y: the header with a grey rule under it, and the
    height it needs."""
    height = -layout(None, 0.0, 0.0, width) + mm(2)

    def draw(c: Canvas, box: Rect, look: Look) -> None:
        bottom = layout(c, box.x, box.y2, box.w)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        c.line(box.x, bottom, box.x2, bottom)
    return draw, height


def parts_header(title: str, pieces: Sequence[Piece], width: float,
                 extra_lines: Sequence[str] = (), notes: Sequence[str] = ()
                 ) -> tuple[HeaderFn, float]:
    """A header listing the parts and how to make them, and the height it needs."""
    summary = summarise(pieces)
    kinds = [k for k, _ in summary]

    def layout(c: Canvas | None, x: float, top: float, w: float) -> float:
        """Draws (or, with c None, measures) the header; returns its lowest y."""
        col_w = w * 0.36
        y = top - mm(11)
        if c is not None:
            c.setFillColor(INK)
            c.setFont(BOLD, 13)
            c.drawString(x, top - mm(5), title)
            c.setFont(BOLD, 9)
            c.drawString(x, y, "Parts")
            c.setFont(REGULAR, 8.5)
        y -= mm(4.5)
        for kind, n in summary:
            if c is not None:
                c.drawString(x + mm(2), y, f"{n:>2}  {_NAMES[kind]}")
            y -= mm(4)
        y += mm(2)
        for line in extra_lines:
            y = paragraph(c, line, x, y, col_w - mm(4), REGULAR, 7.8, leading=9.6) - mm(1.2)
        left = y
        x2 = x + col_w + mm(4)
        w2 = x + w - x2
        y = top - mm(11)
        if c is not None:
            c.setFont(BOLD, 9)
            c.drawString(x2, y, "Making the pieces")
        y -= mm(1.5)
        for text in [*(ASSEMBLY[k] for k in kinds), *notes]:
            y = paragraph(c, text, x2, y, w2, REGULAR, 7.8, leading=9.6) - mm(1.2)
        return min(left, y) - mm(2)

    return ruled_header(layout, width)


def pieces_and_parts(ctx: SheetContext, groups: dict[str, list[Piece]], title: str,
                     extra_lines: tuple[str, ...] = (), notes: tuple[str, ...] = (),
                     everything: Sequence[Piece] | None = None
                     ) -> tuple[list[Page], tuple[HeaderFn, float]]:
    """The component sheets, every piece of ``groups`` sharing them, and the parts list for
    the print guide (``with_guide(..., parts=...)``): the sheets stay all pieces.  The list
    counts ``everything`` when the kit prints more pieces elsewhere (on sheets of their own)."""
    on_sheets = [p for ps in groups.values() for p in ps]
    width = printable_area(paper_size(ctx.options.paper)).w
    parts = parts_header(title, on_sheets if everything is None else everything, width,
                         extra_lines, notes)
    return piece_sheets(ctx, on_sheets, "pieces"), parts

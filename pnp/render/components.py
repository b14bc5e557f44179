"""Component sheets: pieces imposed on pages with crop marks, backs and printer's marks.

Two-sided pieces of one size (tiles, coins) go through :func:`two_sided_sheets`; one-sided
pieces of mixed sizes (die nets, standees, cards) through :func:`one_sided_sheets`, whose first
sheet can carry a header (the parts list and assembly notes).  Cards can be printed butted
(``two_sided_sheets(..., butt=True)``): edge to edge, nine poker cards an A4 sheet, the sheet text
in thin strips placed by ``butted.butted_labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import GREY, INK, Look
from pnp.render.butted import (
    butted_labels,
    butted_marks,
    butted_note,
    butted_targets,
    outer_clip,
)
from pnp.render.cutfile import Cut
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import Rect, mm, paper_size, printable_area, union_all
from pnp.render.impose import (
    BAND,
    BUTT_MARK_LENGTH,
    BUTT_MARK_MIN,
    BUTT_MARK_OFFSET,
    MARK_OFFSET,
    Mode,
    Placed,
    SheetPlan,
    butt_fold_page,
    impose,
    mark_room,
)
from pnp.render.marks import (
    crop_marks,
    draw_fold_line,
    draw_registration,
    draw_segments,
    registration_points,
)
from pnp.render.options import KitOptions
from pnp.render.pack import Item, pack, plan_sheets
from pnp.render.piecepack import Art, Piece
from pnp.render.recording import note_piece

HeaderFn = Callable[[Canvas, Rect, Look], None]


@dataclass(frozen=True)
class SheetContext:
    kit_title: str
    options: KitOptions

    @property
    def look(self) -> Look:
        return Look(low_ink=self.options.ink == "low")

    @property
    def mode(self) -> Mode:
        return "fold" if self.options.gutter_fold else self.options.duplex

    @property
    def bleed(self) -> float:
        return mm(self.options.bleed_mm)

    def how_to_print(self) -> str:
        return {
            "long": "print double-sided, flip on long edge, at 100% (actual size)",
            "short": "print double-sided, flip on short edge, at 100% (actual size)",
            "none": "print one-sided at 100%; glue each back sheet behind its front",
            "fold": "print one-sided at 100%; fold on the dashed line, glue, then cut",
        }[self.mode]


def gutter_for(piece: Piece) -> float:
    """Paper between two pieces: 4 mm, room for both bleeds and a knife (a large piece used
    to get 6 mm, which cost a row of hex tiles on Letter)."""
    return mm(4)


def _draw_piece(c: Canvas, art: Art, rect: Rect, bleed: float, look: Look,
                turned: bool = False, clip: Rect | None = None) -> None:
    """Draw a piece's art in its cut rectangle; ``turned``: a quarter turn anticlockwise (the
    art is drawn rect.h wide and rect.w high, its top towards the left).  The art runs
    ``bleed`` past the cut line, as far as ``clip`` lets it (all round by default)."""
    c.saveState()
    p = c.beginPath()
    if clip is None:  # rect.expand(bleed), the same floats, not made
        n = -bleed
        p.rect(rect.x + n, rect.y + n, rect.w - 2 * n, rect.h - 2 * n)
    else:
        p.rect(clip.x, clip.y, clip.w, clip.h)
    c.clipPath(p, stroke=0, fill=0)
    note_piece(c, rect, bleed)
    if turned:
        c.translate(rect.x2, rect.y)
        c.rotate(90)
        art(c, rect.h, rect.w, bleed, look)
    else:
        c.translate(rect.x, rect.y)
        art(c, rect.w, rect.h, bleed, look)
    c.restoreState()


def _band_text(c: Canvas, size: tuple[float, float], title: str, note: str) -> None:
    area = printable_area(size)
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawString(area.x, area.y2 - mm(3.2), title)
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(area.x, area.y + mm(1), note)


def _band_text_boxes(size: tuple[float, float], title: str, note: str) -> list[Rect]:
    """Where _band_text writes, so registration targets keep clear of it."""
    area = printable_area(size)
    pad = mm(2)
    return [Rect(area.x, area.y2 - BAND, text_width(title, BOLD, 8) + pad, BAND),
            Rect(area.x, area.y, text_width(note, REGULAR, 6.5) + pad, BAND)]


def two_sided_sheets(ctx: SheetContext, pieces: Sequence[Piece], name: str, *,
                     butt: bool = False) -> list[Page]:
    """Pages for same-size two-sided pieces, in print order.

    ``butt`` prints them edge to edge (cards): more to a sheet, shared cut lines, bleed only
    round the outside of the block; a gutter fold butts them against the fold.
    """
    if not pieces:
        return []
    first = pieces[0]
    mode = ctx.mode
    plans = impose(len(pieces), first.width, first.height, ctx.options.paper, mode,
                   gutter=gutter_for(first), bleed=ctx.bleed, crop_marks=ctx.options.crop_marks,
                   row_group=6 if first.kind == "coin" else 1, butt=butt)
    pages: list[Page] = []
    for k, plan in enumerate(plans):
        count = f"sheet {k + 1} of {len(plans)}"
        if mode == "fold":
            pages.append(_fold_page(ctx, plan, pieces, f"{ctx.kit_title} - {name}, {count}"))
            continue
        if plan.butt is not None:
            for back in (False, True):
                side = "backs" if back else "fronts"
                pages.append(_butted_page(ctx, plan, pieces,
                                          f"{ctx.kit_title} - {name}, {count} ({side})", back))
            continue
        pages.append(_side_page(ctx, plan, pieces, f"{ctx.kit_title} - {name}, {count} (fronts)",
                                back=False))
        pages.append(_side_page(ctx, plan, pieces, f"{ctx.kit_title} - {name}, {count} (backs)",
                                back=True))
    return pages


def _boxes(rects: Sequence[Rect], bleed: float) -> tuple[Rect, Rect]:
    trim = union_all(rects)
    return trim, trim.expand(bleed)


def _side_page(ctx: SheetContext, plan: SheetPlan, pieces: Sequence[Piece], title: str,
               back: bool, header: tuple[HeaderFn, Rect] | None = None) -> Page:
    """One side of a duplex sheet.  Pieces without a back (die nets on a mixed sheet) leave
    their place on the backs page empty; pieces that carry their own cut outline get no crop
    marks, and the marks of the others keep off them.  ``header`` (drawn on the fronts) is a
    parts list at the top of the sheet."""
    items: list[tuple[Piece, Art, Rect]] = []
    turned: dict[int, bool] = {}  # one-sided pieces may lie a quarter turn round
    for s in plan.slots:
        piece = pieces[s.index]
        art = piece.back if back else piece.front
        rect = s.back if back else s.front
        if art is not None and rect is not None:
            turned[len(items)] = s.turned
            items.append((piece, art, rect))
    bleed, look = ctx.bleed, ctx.look
    size = plan.size
    marked = [r for p, _, r in items if p.crop_marks]
    others = [r for p, _, r in items if not p.crop_marks]
    # registration targets: computed from both sides so each has its partner behind it
    room = mark_room(bleed, ctx.options.crop_marks)
    taken = [r.expand(room) for s in plan.slots for r in (s.front, s.back) if r is not None]
    long_title = title.replace("(backs)", "(fronts)")
    taken += _band_text_boxes(size, long_title, ctx.how_to_print())
    if header is not None:
        box = header[1]
        taken += [box, Rect(size[0] - box.x2, box.y, box.w, box.h),
                  Rect(box.x, size[1] - box.y2, box.w, box.h)]

    targets = registration_points(printable_area(size), size, taken)

    def draw(c: Canvas) -> None:
        if header is not None and not back:
            header[0](c, header[1], look)
        for k, (piece, art, rect) in enumerate(items):
            _draw_piece(c, art, rect, bleed if piece.crop_marks else 0.0, look, turned[k])
        if ctx.options.crop_marks and marked:
            draw_segments(c, crop_marks(marked, bleed, printable_area(size), others))
        draw_registration(c, targets)
        _band_text(c, size, title, ctx.how_to_print())

    if items:
        trim, bleed_box = _boxes([r for _, _, r in items], bleed)
    else:  # the back of a sheet of one-sided pieces only
        trim = bleed_box = printable_area(size)
    cuts = () if back else tuple(Cut(s.front, pieces[s.index].round) for s in plan.slots
                                 if pieces[s.index].crop_marks)
    return Page(size, draw, title, trim, bleed_box, stock="card", cuts=cuts,
                targets=tuple(targets))


def _butted_page(ctx: SheetContext, plan: SheetPlan, pieces: Sequence[Piece], title: str,
                 back: bool) -> Page:
    """One side of a butted sheet: bleed only round the block (inside it, art would reach the
    neighbour), short marks outside the bleed."""
    look, size, bleed = ctx.look, plan.size, plan.bleed
    items = []
    for s in plan.slots:
        art = pieces[s.index].back if back else pieces[s.index].front
        rect = s.back if back else s.front
        assert art is not None and rect is not None, f"{pieces[s.index].label} has no back"
        items.append((art, rect))
    marks = ctx.options.crop_marks
    labels = butted_labels(plan, title, ctx.how_to_print(), butted_note(ctx))
    targets = butted_targets(ctx, plan, title)

    rects = [r for _, r in items]

    def draw(c: Canvas) -> None:
        for art, rect in items:
            _draw_piece(c, art, rect, bleed, look, clip=outer_clip(rect, rects, bleed))
        if marks:
            draw_segments(c, butted_marks(plan, back))
        draw_registration(c, targets)
        c.setFillColor(INK)
        labels[0].draw(c)
        c.setFillColor(GREY)
        for label in labels[1:]:
            label.draw(c)

    trim, bleed_box = _boxes([r for _, r in items], bleed)
    cuts = () if back else tuple(Cut(s.front, pieces[s.index].round) for s in plan.slots)
    return Page(size, draw, title, trim, bleed_box, stock="card", cuts=cuts,
                targets=tuple(targets))


def _fold_page(ctx: SheetContext, plan: SheetPlan, pieces: Sequence[Piece], title: str,
               header: tuple[HeaderFn, Rect] | None = None) -> Page:
    bleed, look = (plan.bleed if plan.butt else ctx.bleed), ctx.look
    size = plan.size
    items: list[tuple[Piece, Art, Rect, bool]] = []
    for s in plan.slots:
        piece = pieces[s.index]
        items.append((piece, piece.front, s.front, s.turned))
        if piece.back is not None and s.back is not None:
            items.append((piece, piece.back, s.back, s.turned))
    marked = [r for p, _, r, _ in items if p.crop_marks]
    others = [r for p, _, r, _ in items if not p.crop_marks]
    fold = plan.fold_line
    assert fold is not None
    short = {"offset": BUTT_MARK_OFFSET, "length": BUTT_MARK_LENGTH,
             "min_length": BUTT_MARK_MIN} if plan.butt else {}
    clips: list[Rect | None] = [None] * len(items)
    limit = printable_area(size)
    skip: tuple[float, float] | None = None
    if plan.butt:  # each block (fronts, backs) bleeds round its outside and up to the fold
        limit = butt_fold_page(size)
        cards = [r for _, _, r, _ in items]  # the fold keeps the two blocks apart
        clips = [outer_clip(r, cards, bleed, fold) for r in cards]
        reach = [c for c in clips if c is not None]
        pad = BUTT_MARK_OFFSET  # the fold line keeps off the art, as marks do
        skip = ((min(r.y for r in reach) - pad, max(r.y2 for r in reach) + pad)
                if fold[0] == "x" else
                (min(r.x for r in reach) - pad, max(r.x2 for r in reach) + pad))

    def draw(c: Canvas) -> None:
        if header is not None:
            header[0](c, header[1], look)
        for k, (piece, art, rect, turned) in enumerate(items):
            _draw_piece(c, art, rect, bleed if piece.crop_marks else 0.0, look, turned,
                        clips[k])
        if ctx.options.crop_marks and marked:
            draw_segments(c, crop_marks(marked, bleed, limit, others, **short))
        area = printable_area(size)
        draw_fold_line(c, fold[0], fold[1], size,
                       Rect(area.x, area.y + BAND, area.w, area.h - 2 * BAND),
                       label=plan.butt is None, skip=skip)
        _band_text(c, size, title, ctx.how_to_print())

    trim, bleed_box = _boxes([r for _, _, r, _ in items], bleed)
    front_cuts = tuple(Cut(s.front, pieces[s.index].round) for s in plan.slots
                       if pieces[s.index].crop_marks)
    return Page(size, draw, title, trim, bleed_box, stock="card", cuts=front_cuts)


def piece_sheets(ctx: SheetContext, pieces: Sequence[Piece], name: str,
                 header: HeaderFn | None = None, header_height: float = 0.0) -> list[Page]:
    """All of a kit's loose pieces, of every size, with and without backs, sharing sheets
    (see pack.py): far fewer, fuller sheets than a sheet run per kind of piece.  Without a
    single back among them this is :func:`one_sided_sheets`."""
    if not any(p.back is not None for p in pieces):
        return one_sided_sheets(ctx, pieces, name, header, header_height)
    if ctx.mode == "fold":  # a one-sided piece would waste its place on the backs' half
        alone = [p for p in pieces if p.back is None]
        pieces = [p for p in pieces if p.back is not None]
        first = one_sided_sheets(ctx, alone, f"{name} (one-sided)", header, header_height
                                 ) if alone or header else []
        return first + _mixed_sheets(ctx, pieces, name, None, 0.0)
    return _mixed_sheets(ctx, pieces, name, header, header_height)


def _mixed_sheets(ctx: SheetContext, pieces: Sequence[Piece], name: str,
                  header: HeaderFn | None, header_height: float) -> list[Page]:
    bleed = ctx.bleed
    items = []
    for p in pieces:
        gap = gutter_for(p) if p.crop_marks else mm(6)
        if p.crop_marks:
            gap = max(gap, 2 * (bleed + MARK_OFFSET))
        else:
            gap = max(gap, bleed + MARK_OFFSET + mm(2))
        items.append(Item(p.width, p.height, gap, turnable=p.back is None))
    width = printable_area(paper_size(ctx.options.paper)).w
    plans = plan_sheets(items, ctx.options.paper, ctx.mode, bleed=bleed,
                        crop_marks=ctx.options.crop_marks,
                        header=(header_height, width) if header else None)
    pages: list[Page] = []
    for k, plan in enumerate(plans):
        count = f"sheet {k + 1} of {len(plans)}"
        hdr = None
        if header is not None and k == 0:
            area = printable_area(plan.size)
            hdr = (header, Rect(area.x, area.y2 - BAND - header_height, area.w, header_height))
        if ctx.mode == "fold":
            pages.append(_fold_page(ctx, plan, pieces, f"{ctx.kit_title} - {name}, {count}",
                                    hdr))
            continue
        for back in (False, True):
            side = "backs" if back else "fronts"
            pages.append(_side_page(ctx, plan, pieces,
                                    f"{ctx.kit_title} - {name}, {count} ({side})", back, hdr))
    return pages


def one_sided_sheets(ctx: SheetContext, pieces: Sequence[Piece], name: str,
                     header: HeaderFn | None = None, header_height: float = 0.0
                     ) -> list[Page]:
    """Mixed one-sided pieces, shelf-packed; the first sheet may start with a header block.

    In duplex modes every such sheet is followed by a blank back so that the fronts and backs
    of the sheets after it stay paired.
    """
    size = paper_size(ctx.options.paper)
    area = printable_area(size)
    bleed = ctx.bleed
    room = mark_room(bleed, ctx.options.crop_marks)
    gap = max(mm(6), 2 * (bleed + MARK_OFFSET) + mm(2))
    body = Rect(area.x + room, area.y + BAND + room, area.w - 2 * room,
                area.h - 2 * BAND - 2 * room)
    first = Rect(body.x, body.y, body.w, body.h - header_height) if header else body
    items = [Item(p.width, p.height, gap, turnable=True) for p in pieces]
    packed = [[Placed(sp.index, sp.rect, sp.turned) for sp in sheet]
              for sheet in pack(items, first, body)] if pieces else []
    pages: list[Page] = []
    total = len(packed)
    for k, placed in enumerate(packed):
        title = f"{ctx.kit_title} - {name}, sheet {k + 1} of {total}"
        on_page = [(pieces[pl.index], pl.rect, pl.turned) for pl in placed]
        with_header = header if k == 0 else None
        pages.append(_one_sided_page(ctx, size, on_page, title, with_header, area,
                                     header_height))
        if ctx.mode in ("long", "short"):
            pages.append(blank_back(size, title))
    if not packed and header is not None:
        pages.append(_one_sided_page(ctx, size, [], f"{ctx.kit_title} - {name}", header, area,
                                     header_height))
    return pages


def _one_sided_page(ctx: SheetContext, size: tuple[float, float],
                    items: Sequence[tuple[Piece, Rect, bool]], title: str,
                    header: HeaderFn | None, area: Rect, header_height: float) -> Page:
    """A sheet of one-sided pieces; a piece may lie a quarter turn round (``True``) where
    that fitted one more on the sheet."""
    bleed, look = ctx.bleed, ctx.look
    marked = [r for p, r, _ in items if p.crop_marks]
    obstacles = [r for _, r, _ in items]

    def draw(c: Canvas) -> None:
        if header is not None:
            hdr = Rect(area.x, area.y2 - BAND - header_height, area.w, header_height)
            header(c, hdr, look)
        for piece, rect, turned in items:
            _draw_piece(c, piece.front, rect, bleed if piece.crop_marks else 0.0, look,
                        turned)
        if ctx.options.crop_marks and marked:
            others = [r for p, r, _ in items if not p.crop_marks]
            draw_segments(c, crop_marks(marked, bleed, printable_area(size), others))
        _band_text(c, size, title, "print one-sided at 100% (actual size)")

    cuts = obstacles or [area]
    trim, bleed_box = _boxes(cuts, bleed)
    lines = tuple(Cut(r, p.round) for p, r, _ in items if p.crop_marks)  # nets: cut by hand
    return Page(size, draw, title, trim, bleed_box, stock="card", cuts=lines)


def blank_back(size: tuple[float, float], title: str) -> Page:
    def draw(c: Canvas) -> None:
        area = printable_area(size)
        c.setFillColor(GREY)
        c.setFont(REGULAR, 7)
        c.drawCentredString(size[0] / 2, area.y + mm(1), "(back of the sheet before: "
                            "left blank so double-sided printing stays in step)")
    return Page(size, draw, f"{title} (blank back)")

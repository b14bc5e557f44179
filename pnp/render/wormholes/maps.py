"""The map sheets: the galaxy at true piecepack size split over as few sheets as the paper
allows, with glue strips, alignment ticks and each sheet's place in the whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes.board import CELLS, HEIGHT, SIDE_SUITS, START, WIDTH
from pnp.games.wormholes.sheet.marks import COLUMN_DIGITS
from pnp.render.art import GREY, INK, WHITE, Look, fit_centred, fit_left, footer, tint
from pnp.render.components import blank_back
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import MARGIN, Rect, inch, mm, paper_size, printable_area
from pnp.render.options import KitOptions
from pnp.render.tiling import Side, cells_across, cut_edge, fewest_runs, glue_strip
from pnp.render.wormholes.art import ACCENT, CREDIT, Window, draw_board, draw_ship

# -- the map at true size ------------------------------------------------------------------
MAP_CELL = inch(1)
GLUE = mm(12)
MAP_TOP = mm(14)  # title, position and locator
MAP_BOTTOM = mm(5)
LOCATOR_W = mm(40)  # the locator's width when no empty block of the map takes it


@dataclass(frozen=True)
class MapSheet:
    window: Window
    landscape: bool
    glue_top: bool  # a sheet above overlaps this one's top strip
    glue_right: bool  # a sheet to the right overlaps this one's right strip
    cut_bottom: bool  # this sheet is cut along its bottom edge and laid on the one below
    cut_left: bool


def _extent(y1: int, y2: int, x1: int = 1, x2: int = WIDTH) -> Window | None:
    cells = [(x, y) for (x, y) in CELLS if y1 <= y <= y2 and x1 <= x <= x2]
    if not cells:
        return None
    return Window(min(x for x, _ in cells), min(y for _, y in cells),
                  max(x for x, _ in cells), max(y for _, y in cells))


def _plan(pw: float, ph: float, landscape: bool) -> list[MapSheet]:
    full_rows = cells_across(ph, MAP_CELL, MAP_TOP + MAP_BOTTOM)
    rows = full_rows if full_rows >= HEIGHT else cells_across(ph, MAP_CELL,
                                                              MAP_TOP + MAP_BOTTOM + GLUE)
    full_cols = cells_across(pw, MAP_CELL)
    cols = cells_across(pw, MAP_CELL, GLUE)
    if rows < 1 or cols < 1:
        return []
    windows: list[Window] = []
    y = 1
    while y <= HEIGHT:
        band = _extent(y, min(HEIGHT, y + rows - 1))
        y += rows
        if band is None:
            continue
        if band.cols <= full_cols:
            windows.append(band)
            continue
        for run in fewest_runs(range(band.x1, band.x2 + 1), cols):
            piece = _extent(band.y1, band.y2, run[0], run[-1])
            if piece is not None:
                windows.append(piece)
    out = []
    for win in windows:
        def touches(dx: int, dy: int, win: Window = win) -> bool:
            return any((x + dx, y + dy) in CELLS and (x + dx, y + dy) not in win
                       for x, y in win.cells())
        out.append(MapSheet(win, landscape, glue_top=touches(0, 1), glue_right=touches(1, 0),
                            cut_bottom=touches(0, -1), cut_left=touches(-1, 0)))
    return out


def plan_map(paper: str) -> list[MapSheet]:
    """The fewest sheets (portrait or landscape) that carry the galaxy at true size."""
    w, h = paper_size(paper)
    inner = 2 * MARGIN
    plans = [_plan(w - inner, h - inner, False), _plan(h - inner, w - inner, True)]
    plans = [p for p in plans if p]
    return min(plans, key=len)


def _map_page(sheet: MapSheet, k: int, plan: Sequence[MapSheet], paper: str, look: Look
              ) -> Page:
    size = paper_size(paper, landscape=sheet.landscape)
    area = printable_area(size)
    win = sheet.window
    cell = MAP_CELL
    content_w = win.cols * cell + (GLUE if sheet.glue_right else 0)
    content_h = win.rows * cell + (GLUE if sheet.glue_top else 0)
    body = Rect(area.x, area.y + MAP_BOTTOM, area.w, area.h - MAP_TOP - MAP_BOTTOM)
    x0 = body.x + (body.w - content_w) / 2
    y0 = body.y + (body.h - content_h) / 2
    total = len(plan)
    title = f"Wormholes - map sheet {k + 1} of {total}"
    neighbours = _neighbours(k, plan)

    def draw(c: Canvas) -> None:
        draw_board(c, x0, y0, cell, look, win, names=True)
        _cell_digits(c, x0, y0, cell, win)
        for suit, start in START.items():
            if start in win:
                seat = 0 if suit in SIDE_SUITS[0] else 1
                draw_ship(c, suit, x0 + (start[0] - win.x1 + 0.5) * cell,
                          y0 + (start[1] - win.y1 + 0.5) * cell, cell * 0.22, look,
                          down=seat == 1)
        if sheet.glue_top:
            _glue_strip(c, x0, y0 + win.rows * cell, win.cols * cell, GLUE, "top", win, cell,
                        neighbours.get("above", ""), look)
        if sheet.glue_right:
            _glue_strip(c, x0 + win.cols * cell, y0, GLUE, win.rows * cell, "right", win, cell,
                        neighbours.get("right", ""), look)
        if sheet.cut_bottom:
            cut_edge(c, x0, y0, x0 + win.cols * cell, y0, "bottom", "cut here, then lay this "
                     f"edge on the glue strip of {neighbours.get('below', 'the sheet below')}")
        if sheet.cut_left:
            cut_edge(c, x0, y0, x0, y0 + win.rows * cell, "left", "cut here, then lay this "
                     f"edge on the glue strip of {neighbours.get('left', 'the sheet to the left')}")
        # title, position, locator (a locator in the top corner takes its width from the text)
        spot = empty_block(win)
        spare = y0 - body.y - mm(3)  # the body below a short window (A5 sheet 5 of 7)
        corner = spot is None and spare < mm(25)
        text_w = area.w - LOCATOR_W - mm(2) if corner else area.w
        c.setFillColor(ACCENT)
        fit_left(c, f"{title}: {win.label()}", BOLD, 11, area.x, area.y2 - mm(4.5), text_w)
        c.setFillColor(INK)
        places = [f"{v} {_verb(v, 'goes', 'go')} {side}" if side in ("above", "below")
                  else f"{v} {_verb(v, 'is', 'are')} to the {side}"
                  for side, v in neighbours.items()]
        where = "; ".join(places) or "the whole galaxy"
        fit_left(c, f"Print at 100% (actual size): 1 cell = 1 in. {where[0].upper()}"
                 f"{where[1:]}.", REGULAR, 7.5, area.x, area.y2 - mm(8.5), text_w)
        c.setFillColor(GREY)
        fit_left(c, "Trim the outer edges if you like; glue each sheet onto the strip of the "
                 "sheet below or to its left, grid lines meeting the ticks.", REGULAR, 6.5,
                 area.x, area.y2 - mm(12), text_w)
        if spot is not None:
            bx = x0 + (spot.x1 - win.x1) * cell
            by = y0 + (spot.y1 - win.y1) * cell
            _locator(c, Rect(bx, by, spot.cols * cell, spot.rows * cell).inset(mm(4)), k,
                     plan, look)
        elif not corner:
            _locator(c, Rect(body.x, body.y, body.w, spare), k, plan, look)
        else:
            _locator(c, Rect(area.x2 - LOCATOR_W, area.y2 - MAP_TOP, LOCATOR_W, MAP_TOP), k,
                     plan, look)
        footer(c, area, CREDIT, 6)

    return Page(size, draw, f"{title} ({win.label()})")


def _cell_digits(c: Canvas, x0: float, y0: float, cell: float, win: Window) -> None:
    """Each cell as the record sheet's combs have it written, in its lower right corner
    (e13 is "5 13": the column's digit, j being 0, then the row), so a player copies the
    digits from the map instead of working them out."""
    size = max(5.0, cell * 0.11)
    c.setFont(REGULAR, size)
    c.setFillColor(tint(GREY, 0.75))
    for cx, cy in win.cells():
        c.drawRightString(x0 + (cx - win.x1 + 1) * cell - cell * 0.1, y0 + (cy - win.y1) * cell
                          + cell * 0.11, f"{COLUMN_DIGITS[cx - 1]} {cy}")


def _verb(subject: str, one: str, many: str) -> str:
    return many if " and " in subject else one


def _neighbours(k: int, plan: Sequence[MapSheet]) -> dict[str, str]:
    """Which numbered sheet lies above, below, left and right of sheet k."""
    win = plan[k].window
    out: dict[str, str] = {}
    probes = {"above": (0, 1), "below": (0, -1), "right": (1, 0), "left": (-1, 0)}
    for side, (dx, dy) in probes.items():
        found = []
        for j, other in enumerate(plan):
            if j == k:
                continue
            if any((x + dx, y + dy) in other.window and (x + dx, y + dy) in CELLS
                   for x, y in win.cells()):
                found.append(f"sheet {j + 1}")
        if found:
            out[side] = " and ".join(found)
    return out


def _glue_strip(c: Canvas, x: float, y: float, w: float, h: float, side: Side, win: Window,
                cell: float, other: str, look: Look) -> None:
    """The overlap strip, ticked where the next sheet's grid lines go (``tiling``)."""
    goes = _verb(other, "goes", "go")
    if side == "top":
        above = [cx for cx in range(win.x1, win.x2 + 1) if (cx, win.y2 + 1) in CELLS]
        lines = sorted(set(above) | {cx + 1 for cx in above})
        ticks = [x + (cx - win.x1) * cell for cx in lines]
        label = f"glue here - {other} {goes} on top, grid lines on these ticks"
    else:
        beside = [cy for cy in range(win.y1, win.y2 + 1) if (win.x2 + 1, cy) in CELLS]
        lines = sorted(set(beside) | {cy + 1 for cy in beside})
        ticks = [y + (cy - win.y1) * cell for cy in lines]
        label = f"glue here - {other} {goes} on top"
    glue_strip(c, Rect(x, y, w, h), side, ticks, label, look, ACCENT)


def empty_block(win: Window) -> Window | None:
    """The largest rectangle of gaps (no board cells) inside the window, at least 2 x 2."""
    best: Window | None = None
    for x1 in range(win.x1, win.x2 + 1):
        for y1 in range(win.y1, win.y2 + 1):
            for x2 in range(x1 + 1, win.x2 + 1):
                for y2 in range(y1 + 1, win.y2 + 1):
                    cand = Window(x1, y1, x2, y2)
                    if best is not None and cand.cols * cand.rows <= best.cols * best.rows:
                        continue
                    if not any((x, y) in CELLS for x in range(x1, x2 + 1)
                               for y in range(y1, y2 + 1)):  # stops at the first cell
                        best = cand
    return best


def _locator(c: Canvas, box: Rect, k: int, plan: Sequence[MapSheet], look: Look) -> None:
    """A thumbnail of the galaxy with every sheet outlined and numbered, this one shaded."""
    label_h = mm(7) if box.h > mm(30) else 0.0
    cell = min(box.w / WIDTH, (box.h - label_h) / HEIGHT)
    w, h = WIDTH * cell, HEIGHT * cell
    x0 = box.x + (box.w - w) / 2
    y0 = box.y + (box.h - label_h - h) / 2
    if label_h:
        c.setFillColor(ACCENT)
        fit_centred(c, f"This is sheet {k + 1} of {len(plan)}", BOLD, 9, box.cx,
                    box.y2 - mm(4), box.w)
    draw_board(c, x0, y0, cell, look, edges=False, bases=False)
    c.saveState()
    c.setFillColor(tint(ACCENT, 0.55))
    shade = c.beginPath()
    for x, y in plan[k].window.cells():
        shade.rect(x0 + (x - 1) * cell, y0 + (y - 1) * cell, cell, cell)
    c.drawPath(shade, stroke=0, fill=1)
    for j, other in enumerate(plan):
        ow = other.window
        this = j == k
        c.setStrokeColor(ACCENT if this else GREY)
        c.setLineWidth(1.2 if this else 0.5)
        rx, ry = x0 + (ow.x1 - 1) * cell, y0 + (ow.y1 - 1) * cell
        c.rect(rx, ry, ow.cols * cell, ow.rows * cell, stroke=1, fill=0)
        if cell > mm(1.5):  # the number on a plate of its own, over the grid lines
            fs = min(9.0, cell * 1.4)
            cx, cy = rx + ow.cols * cell / 2, ry + ow.rows * cell / 2
            c.setFillColor(ACCENT if this else WHITE)
            c.setLineWidth(0.5)
            c.roundRect(cx - fs * 0.55, cy - fs * 0.6, fs * 1.1, fs * 1.2, fs * 0.25,
                        stroke=1, fill=1)
            c.setFillColor(WHITE if this else INK)
            c.setFont(BOLD, fs)
            c.drawCentredString(cx, cy - fs * 0.36, str(j + 1))
    c.restoreState()


def map_pages(options: KitOptions, look: Look) -> list[Page]:
    plan = plan_map(options.paper)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    pages: list[Page] = []
    for k, sheet in enumerate(plan):
        page = _map_page(sheet, k, plan, options.paper, look)
        pages.append(page)
        if duplex:  # map sheets are cut and glued: nothing on their backs
            pages.append(blank_back(page.size, page.label))
    return pages

"""Pages as data, and the one place a PDF file is written.

A kit is first planned as a list of :class:`Page` (size, boxes, a draw function), then written
in one pass.  Planning first lets the progress bar know the page count and keeps drawing code
free of file handling.  The canvas is created with ``invariant=1`` (fixed dates and document id)
and the bundled font as its initial font, so the same inputs give byte-identical files and no
page names an unembedded Helvetica.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from pnp.engine import PnpError
from pnp.render.cutfile import Cut, write_cut_files
from pnp.render.fonts import REGULAR, register_fonts
from pnp.render.geometry import Rect
from pnp.render.options import KitOptions, kit_file
from pnp.render.progress import Progress

if TYPE_CHECKING:
    from pnp.render.forms import FormField

DrawFn = Callable[[Canvas], None]


@dataclass(frozen=True)
class Page:
    size: tuple[float, float]
    draw: DrawFn
    label: str = ""
    trim: Rect | None = None  # the cut area a print shop trims to (None: the whole sheet)
    bleed: Rect | None = None
    stock: str = "paper"  # "card" for sheets of pieces: the print guide says which is which
    cuts: tuple[Cut, ...] = ()  # the pieces' cut lines, for cut files (fronts only)
    targets: tuple[tuple[float, float], ...] = ()  # registration targets printed on the page


def fit_transform(src: tuple[float, float], dst: tuple[float, float]
                  ) -> tuple[float, float, float]:
    """(scale, dx, dy) that shrinks a ``src`` page onto a ``dst`` page, centred."""
    s = min(dst[0] / src[0], dst[1] / src[1])
    return s, (dst[0] - src[0] * s) / 2, (dst[1] - src[1] * s) / 2


def scaled(page: Page, size: tuple[float, float]) -> Page:
    """A page designed for a larger sheet, shrunk to fit ``size`` (text sheets on A5)."""
    s, dx, dy = fit_transform(page.size, size)

    def draw(c: Canvas) -> None:
        c.saveState()
        c.translate(dx, dy)
        c.scale(s, s)
        page.draw(c)
        c.restoreState()
    return Page(size, draw, page.label, stock=page.stock)


class _Measuring(Canvas):  # type: ignore[misc]  # ReportLab is untyped
    """A throwaway canvas for :func:`measure`: the calls that only add marks to the page
    stream do nothing (what the drawing returns never depends on them); the state a drawing
    may read back (transform, font, forms, text objects) is ReportLab's own."""

    def _nothing(self, *args: object, **kwargs: object) -> None:
        return None

    drawString = drawCentredString = drawRightString = _nothing
    rect = roundRect = line = lines = circle = ellipse = wedge = drawPath = _nothing
    setFillColor = setStrokeColor = setFillColorRGB = setStrokeColorRGB = _nothing
    setLineWidth = setDash = setLineCap = setLineJoin = _nothing


def measure(size: tuple[float, float], draw: Callable[[Canvas], float]) -> float:
    """Run a drawing function on a throwaway canvas and return what it returns (where its
    text ended), so a page can pick the largest type that fits before it is drawn."""
    register_fonts()
    c = _Measuring(io.BytesIO(), pagesize=size, initialFontName=REGULAR, initialFontSize=10)
    return draw(c)


def new_canvas(target: Path | str, size: tuple[float, float], title: str) -> Canvas:
    register_fonts()
    c = Canvas(str(target), pagesize=size, invariant=1, pageCompression=1,
               initialFontName=REGULAR, initialFontSize=10)
    c.setTitle(title)
    c.setAuthor("pnp-space")
    c.setCreator("pnp-space print-and-play kits")
    c.setSubject(title)
    return c


def section_of(label: str) -> str:
    """The part of the kit a page belongs to, from its label (``Galaxy Express - tiles,
    sheet 2 of 3 (backs)`` is in ``tiles``); the print guide and the bookmarks use it."""
    text = label.split(" - ", 1)[1] if " - " in label else label
    text = _SIDE.sub("", text)
    text = _MAP_SHEET.sub("map sheets", text.strip())
    text = _SHEET_COUNT.sub("", text)
    text = _NUMBERED.sub("", text.strip())
    text = _SHIP_BOARD.sub("ship boards", text)
    text = _SEED.sub("", text.strip())
    return text.strip(" ,") or label


_SIDE = re.compile(r"\((fronts|backs)\)|\(blank back\)")
_MAP_SHEET = re.compile(r"^map sheet \d+ of \d+.*$")
_SHEET_COUNT = re.compile(r",? sheet \d+ of \d+.*$")
_NUMBERED = re.compile(r" \d+/\d+$|, player \d+$")
_SHIP_BOARD = re.compile(r"^ship board .*")
_SEED = re.compile(r",? seed \d+$")


def render_pages(c: Canvas, pages: Sequence[Page], progress: Progress | None = None,
                 fields: Sequence[FormField] = ()) -> None:
    """Draw every page, with its form fields (if any) written in the same pass, and a
    bookmark where each section of the kit starts."""
    form = None
    if fields:
        from pnp.render.forms import FormWriter, fields_on

        by_page = fields_on(fields, len(pages))
        form = FormWriter(c)
    last = ""
    for index, page in enumerate(pages):
        section = section_of(page.label) if page.label else ""
        if section and section != last and not page.label.endswith("(blank back)"):
            key = f"p{index + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(section[0].upper() + section[1:], key, 0)
            last = section
        c.setPageSize(page.size)
        media = Rect(0, 0, page.size[0], page.size[1])
        trim = page.trim or media
        bleed = page.bleed or trim
        c.setTrimBox(trim.box())
        c.setBleedBox(_clip(bleed, media).box())
        c.setFont(REGULAR, 10)
        page.draw(c)
        if form is not None:
            for f in by_page.get(index, ()):
                form.add(f)
        c.showPage()
        if progress is not None:
            progress.step()
    if form is not None:
        form.finish()


DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge",
                     "none": "Simplex", "fold": "Simplex"}


def write_pdf(path: Path, pages: Sequence[Page], title: str, progress: bool = False,
              fields: Sequence[FormField] = (), duplex: str = "none",
              cut_file: str | None = None) -> Path:
    """Write ``pages`` to ``path`` in one pass, fillable ``fields`` included.  The file asks
    viewers to print at 100 % (``/PrintScaling /None``) in the kit's duplex mode (``long``,
    ``short``, ``none`` or ``fold``) and opens with its bookmarks shown.  ``cut_file="svg"``
    also writes the component sheets' cut lines beside it (see cutfile.py)."""
    if not pages:
        raise PnpError(f"nothing to print for {title}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot create {path.parent}: {exc.strerror}") from None
    bar = Progress(len(pages), path.name, progress)
    c = new_canvas(path, pages[0].size, title)
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])
    render_pages(c, pages, bar, fields)
    if len({p.label for p in pages}) > 1:
        c.showOutline()
    try:
        c.save()
    except OSError as exc:
        raise PnpError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        bar.close()
    if cut_file == "svg":
        write_cut_files(path, [(p.size, p.cuts, p.targets) for p in pages])
    return path


def write_kit(options: KitOptions, game_id: str, title: str, pages: Sequence[Page],
              fields: Sequence[FormField] = ()) -> list[Path]:
    """A game's kit: one PDF (see :func:`kit_file`) titled with the game and the seed, in the
    print mode and with the cut files ``options`` ask for."""
    path = kit_file(options, game_id)
    write_pdf(path, pages, f"{title} - seed {options.seed}", options.progress, fields,
              duplex=options.print_mode, cut_file=options.cut_file)
    return [path]


def _clip(r: Rect, bounds: Rect) -> Rect:
    x, y = max(r.x, bounds.x), max(r.y, bounds.y)
    return Rect(x, y, min(r.x2, bounds.x2) - x, min(r.y2, bounds.y2) - y)

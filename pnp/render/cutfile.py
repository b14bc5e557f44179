"""Cut files: the cut lines of each component sheet as SVG, in the sheet's own coordinates.

A cutting plotter, a laser cutter or a print-and-cut machine then cuts exactly what was
printed: ``pnp kit GAME --cut-file svg`` writes ``<kit>-cut-pNN.svg`` beside the PDF for
every page that carries pieces (page NN of the PDF, numbered from 1).  Each SVG is the size of
the paper (millimetres), with the y axis turned the SVG way (down), and has two layers:

* ``cut``: one path per piece, its cut line (its trim box; a circle for round pieces);
* ``registration``: the registration targets printed on the same page (circle and cross),
  which print-and-cut machines and people line up with.

Pieces with their own printed outline (die nets, standees) are left to scissors; backs of
double-sided sheets get no file (the sheet is cut once, from the front).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.engine import PnpError
from pnp.render.geometry import MM, Rect


@dataclass(frozen=True)
class Cut:
    """One piece's cut line on its page: a rectangle, or the circle inscribed in it."""

    rect: Rect
    round: bool = False


REG_RADIUS_MM = 2.5


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg(size: tuple[float, float], cuts: Sequence[Cut],
        targets: Sequence[tuple[float, float]]) -> str:
    """The SVG text for one page (deterministic: same input, same bytes)."""
    w, h = size
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w / MM)}mm" '
           f'height="{_n(h / MM)}mm" viewBox="0 0 {_n(w)} {_n(h)}">',
           '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.25">']
    for cut in cuts:
        r = cut.rect
        top = h - r.y2  # PDF y runs up, SVG y runs down
        if cut.round:
            out.append(f'<circle cx="{_n(r.cx)}" cy="{_n(h - r.cy)}" r="{_n(min(r.w, r.h) / 2)}"/>')
        else:
            out.append(f'<rect x="{_n(r.x)}" y="{_n(top)}" width="{_n(r.w)}" '
                       f'height="{_n(r.h)}"/>')
    out.append("</g>")
    out.append('<g id="registration" fill="none" stroke="#000000" stroke-width="0.5">')
    rr = REG_RADIUS_MM * MM
    for x, y in targets:
        yy = h - y
        out.append(f'<circle cx="{_n(x)}" cy="{_n(yy)}" r="{_n(rr * 0.6)}"/>')
        out.append(f'<path d="M{_n(x - rr)} {_n(yy)}H{_n(x + rr)}M{_n(x)} {_n(yy - rr)}'
                   f'V{_n(yy + rr)}"/>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_cut_files(pdf: Path, pages: Sequence[tuple[tuple[float, float], Sequence[Cut],
                                                     Sequence[tuple[float, float]]]]
                    ) -> list[Path]:
    """One SVG per page that has cuts, named after the PDF and the page number."""
    for old in pdf.parent.glob(f"{pdf.stem}-cut-p*.svg"):  # no stale sheets from a longer kit
        old.unlink()
    written = []
    for number, (size, cuts, targets) in enumerate(pages, 1):
        if not cuts:
            continue
        path = pdf.parent / f"{pdf.stem}-cut-p{number:02d}.svg"
        try:
            path.write_text(svg(size, cuts, targets), encoding="utf-8")
        except OSError as exc:
            raise PnpError(f"cannot write {path}: {exc.strerror}") from None
        written.append(path)
    return written


__all__ = ["Cut", "svg", "write_cut_files"]

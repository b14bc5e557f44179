"""Repeated art drawn once per PDF (a form XObject) and stamped wherever it recurs.

A kit repeats a lot of art: 144 alike tile backs, four connector shapes on every tile face,
the same icon on dozens of tiles, card frames.  Drawn each time, every copy is formatted,
compressed and written again; as a *stamp* it is drawn once into a form XObject and each copy
costs one ``Do`` in the page.  The page looks the same: a form is painted in the graphics state
of the place it is used (its transform, clip, colours), exactly as if drawn there.

A canvas that records what it draws for the layout checks (``recording.RecordingCanvas``, whose
``stamps`` is False) gets the art itself every time, so every copy is checked where it lands.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

ArtFn = Callable[[Canvas, float, float, float, Any], None]

Box = tuple[float, float, float, float]
"""The art's extent (x1, y1, x2, y2) in the coordinates it is drawn in: the form's bounding
box, which clips it, so it must hold everything the art draws."""


def _scale(c: Canvas) -> float:
    a, b, _, _, _, _ = c._currentMatrix
    return float((a * a + b * b) ** 0.5)


def stamp(c: Canvas, key: Hashable, box: Box, draw: Callable[[Canvas], Any]) -> None:
    """Draw ``draw(c)`` here: the first time ``key`` is met in this PDF into a form XObject,
    then (and every later time) as that form.  ``key`` must name everything the drawing depends
    on; the printed scale is added to it, since art leaves out text too small to print."""
    if not getattr(c, "stamps", True):
        draw(c)
        return
    forms: dict[Hashable, str] | None = c.__dict__.get("_pnp_stamps")
    if forms is None:
        forms = c.__dict__["_pnp_stamps"] = {}
    full = (key, round(_scale(c), 6))
    name = forms.get(full)
    if name is None:
        name = forms[full] = f"S{len(forms)}"  # named first: a stamp may hold stamps
        matrix = c._currentMatrix
        c.beginForm(name, *box)
        c._currentMatrix = matrix  # what the art asks of the transform (printed_scale)
        draw(c)
        c.endForm()
    c.doForm(name)


def stamped(art: ArtFn, key: Hashable | None = None) -> ArtFn:
    """A piece's art (``art(c, w, h, bleed, look)``, see ``piecepack.Art``) stamped: drawn once
    per PDF for each size, bleed and look, out to its bleed.  ``key`` tells apart art made
    anew for each piece that is nonetheless the same (the same back for every tile); by
    default the art itself is the key."""
    name = art if key is None else key

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Any) -> None:
        stamp(c, (name, w, h, bleed, look), (-bleed, -bleed, w + bleed, h + bleed),
              lambda c: art(c, w, h, bleed, look))

    return draw


__all__ = ["Box", "stamp", "stamped"]

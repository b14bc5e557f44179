"""A tiny sheet for the rules-settle tests: ``total = a + b``, and a ``note`` no line checks.

``draft`` makes a read field's draft without a photo: the candidates the eye gave, best first.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.engine.sheetspec import Line, SheetSpec
from pnp.engine.steps import Played
from pnp.render.geometry import Rect
from pnp.sheetread.boxes import Draft
from pnp.sheetread.layout import FieldBox


class SumSheet(SheetSpec):
    """total = a + b (the note no line checks)."""

    def field_names(self) -> list[str]:
        return ["a", "b", "note", "total"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        a, b, t = (fields.get(k, "") for k in ("a", "b", "total"))
        ok = a.isdigit() and b.isdigit() and t == str(int(a) + int(b))
        expected = str(int(a) + int(b)) if a.isdigit() and b.isdigit() else "?"
        return {"ok": ok, "lines": [Line("total", t, expected, ok, "a + b").to_json()]}

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return None


def draft(name: str, *candidates: tuple[str, float], alphabet: str = "0123456789",
          comb: bool = True) -> Draft:
    """A one-box digit field read as ``candidates``; ``comb`` gives the box its own options
    too (``Draft.parts``), as a digit comb's reading has."""
    box = FieldBox(name, "digits", Rect(0, 0, 10, 10), (Rect(0, 0, 10, 10),),
                   alphabet=alphabet)
    parts = (tuple(candidates),) if comb else ()
    return Draft(box, tuple(candidates), (0, 0, 1, 1), parts=parts)

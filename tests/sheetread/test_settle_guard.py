"""A reading the eye alone took but was not quite sure of (98.5-99.95 %) is kept only where
the check guards it; where the check would take another value too, it is asked (a misreading
there would pass unseen)."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.engine.sheetspec import Line, SheetSpec
from pnp.engine.steps import Played
from pnp.render.geometry import Rect
from pnp.sheetread.boxes import Draft
from pnp.sheetread.layout import FieldBox
from pnp.sheetread.settle import settle


class _Sum(SheetSpec):
    """total = a + b; the note no line checks."""

    def field_names(self) -> list[str]:
        return ["a", "b", "note", "total"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        a, b, t = (fields.get(k, "") for k in ("a", "b", "total"))
        ok = a.isdigit() and b.isdigit() and t == str(int(a) + int(b))
        return {"ok": ok, "lines": [Line("total", t, "?", ok, "a + b").to_json()]}

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return None


def _draft(name: str, *candidates: tuple[str, float]) -> Draft:
    box = FieldBox(name, "digits", Rect(0, 0, 10, 10), (Rect(0, 0, 10, 10),))
    return Draft(box, tuple(candidates), (0, 0, 1, 1), parts=(tuple(candidates),))


def test_an_unguarded_reading_not_quite_sure_is_asked() -> None:
    out = {f.name: f for f in settle(_Sum(), [
        _draft("a", ("3", 0.999)), _draft("b", ("5", 0.9999)),
        _draft("note", ("5", 0.993)), _draft("total", ("8", 0.9999))], {})}
    assert out["note"].status == "ask" and "the check would take" in out["note"].note
    assert out["a"].status == "read"  # guarded: only 3 makes 3 + 5 = 8


def test_a_sure_reading_needs_no_guard() -> None:
    out = {f.name: f for f in settle(_Sum(), [
        _draft("a", ("3", 0.999)), _draft("b", ("5", 0.9999)),
        _draft("note", ("5", 0.9997)), _draft("total", ("8", 0.9999))], {})}
    assert out["note"].status == "read"

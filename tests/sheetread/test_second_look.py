"""The audit waits for the person: while a field is asked, a line it leaves wrong says nothing
about the readings beside it; once the person has confirmed, a line still wrong asks the
readings that could put it right (``second_look``), and a field the person gave is trusted."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.engine.sheetspec import Line
from pnp.sheetread.reading import FieldReading, SheetReading
from pnp.sheetread.settle import second_look, settle
from tests.sheetread.sumsheet import SumSheet as _Sum
from tests.sheetread.sumsheet import draft as _draft

# a written 4 misread as 3 at 99.9 %: 3 + 5 is not 9
DRAFTS = [_draft("a", ("3", 0.999)), _draft("b", ("5", 0.9999)),
          _draft("note", ("7", 0.5), ("1", 0.5)), _draft("total", ("9", 0.9999))]


def test_the_audit_waits_while_a_field_is_asked() -> None:
    out = {f.name: f for f in settle(_Sum(), DRAFTS, {})}
    assert out["note"].status == "ask"
    assert (out["a"].status, out["b"].status, out["total"].status) == ("read",) * 3
    assert out["a"].parts == ((("3", 0.999),),)  # kept for the second look


def test_nothing_asked_audits_at_once() -> None:
    drafts = [d if d.name != "note" else _draft("note", ("", 1.0)) for d in DRAFTS]
    out = {f.name: f for f in settle(_Sum(), drafts, {})}
    assert out["a"].status == "ask" and "would check out with '4'" in out["a"].note
    assert out["b"].status == "read"  # 99.99 %: not asked (b = 6 would check out too)
    assert out["total"].status == "read"


def test_the_second_look_asks_what_could_put_the_line_right() -> None:
    fields = settle(_Sum(), DRAFTS, {})
    confirmed = {f.name: f.value for f in fields} | {"note": "1"}
    again = second_look(_Sum(), DRAFTS, confirmed, frozenset({"note"}))
    assert list(again) == ["a"] and "would check out with '4'" in again["a"]
    # the person's own value is trusted: a given 3 is the player's mistake, reported
    assert second_look(_Sum(), DRAFTS, confirmed, frozenset({"note", "a"})) == {}
    # a sheet that checks out with the confirmed values asks nothing more
    assert second_look(_Sum(), DRAFTS, confirmed | {"total": "8"},
                       frozenset({"note", "total"})) == {}


def test_a_reading_comes_back_from_its_json() -> None:
    fields = settle(_Sum(), DRAFTS, {})
    reading = SheetReading("galaxy-trucker", "p1.a4", 1, 11, fields, ("a note",), 0.5)
    back = SheetReading.from_json(reading.to_json())
    assert back == reading
    assert FieldReading.from_json(fields[0].to_json()).parts == fields[0].parts


def test_the_second_look_of_a_printed_sheet_names_its_fields() -> None:
    """``confirm.second_look`` rebuilds each page's fields from the reading (its layout)."""
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.confirm import second_look as look
    from pnp.sheetread.layout import sheet_layout

    truth = sim.played_fields("galaxy-trucker", 11)
    assert truth is not None
    layout = sheet_layout("galaxy-trucker", "p1.a4", 1)
    fields = []
    for box in layout.fields:
        value = truth.get(box.name, "")
        p = 0.999 if box.name == "p1_r1_credits" else 1.0
        fields.append(FieldReading(box.name, value, "read", p, ((value, p),),
                                   parts=tuple(((ch, p),) for ch in value) or ((("", 1.0),))))
    reading = SheetReading("galaxy-trucker", "p1.a4", 1, 11, tuple(fields))
    confirmed = {f.name: f.value for f in fields}
    assert look([reading], [confirmed]) == [{}]  # it checks out: nothing more
    wrong = str(int(truth["p1_r1_credits"]) + 1)
    misread = [f if f.name != "p1_r1_credits" else FieldReading(
        f.name, wrong, "read", 0.999, ((wrong, 0.999),),
        parts=tuple(((ch, 0.999),) for ch in wrong)) for f in fields]
    page = SheetReading("galaxy-trucker", "p1.a4", 1, 11, tuple(misread))
    (again,) = look([page], [{f.name: f.value for f in misread}])
    assert "p1_r1_credits" in again


class _Chain(_Sum):
    """``s = x`` and ``t = x + y`` (a Galaxy Trucker round: goods from the counts sold, the
    round from the goods and the credits in flight)."""

    def field_names(self) -> list[str]:
        return ["x", "y", "s", "t"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        x, y = (int(fields.get(k) or 0) for k in ("x", "y"))
        lines = [Line("s", fields.get("s", ""), str(x), fields.get("s") == str(x), "s = x"),
                 Line("t", fields.get("t", ""), str(x + y), fields.get("t") == str(x + y),
                      "t = x + y")]
        return {"ok": all(line.ok for line in lines), "lines": [ln.to_json() for ln in lines]}


def test_two_misreadings_on_one_line_are_both_asked() -> None:
    """0 and 0 misread as 5 and 5 at 99.9 %: putting y right alone leaves line t as wrong as
    before, but once x is put right it puts t right: both are asked, none blamed on the
    player."""
    drafts = [_draft("x", ("5", 0.999)), _draft("y", ("5", 0.999)),
              _draft("s", ("0", 0.9999)), _draft("t", ("0", 0.9999))]
    out = {f.name: f for f in settle(_Chain(), drafts, {})}
    assert out["x"].status == "ask" and "beside" not in out["x"].note
    assert out["y"].status == "ask" and "with the fields asked beside it" in out["y"].note
    assert (out["s"].status, out["t"].status) == ("read", "read")
    values = {"x": "5", "y": "5", "s": "0", "t": "0"}
    again = second_look(_Chain(), drafts, values, frozenset())
    assert set(again) == {"x", "y"}

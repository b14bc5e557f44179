"""Doubtful fields settled line by line (``pnp.sheetread.joint``), for a game that says which
lines each field bears on (``SheetSpec.bears_on``): a field takes the value every consistent
combination of its group gives it, so one field of a row is settled while its neighbour is
asked, a row no reading puts right is asked whole, and a search past its size is asked."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from pnp.engine.sheetspec import Line, SheetSpec
from pnp.engine.steps import Played
from pnp.sheetread import joint
from pnp.sheetread.boxes import Draft
from pnp.sheetread.settle import settle
from tests.sheetread.sumsheet import draft


class _Rows(SheetSpec):
    """Two rows: ``xN`` is 5 when ``yN`` is written (line ``xN``), ``zN`` = 2 * ``yN`` (line
    ``zN``), and ``total`` = z1 + z2 when it is written."""

    def field_names(self) -> list[str]:
        return ["x1", "y1", "z1", "x2", "y2", "z2", "total"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        out = []
        for n in "12":
            x, y, z = (fields.get(f"{k}{n}", "") for k in "xyz")
            out.append(Line(f"x{n}", x, "5", x == "5" and y.isdigit(), ""))
            ok = y.isdigit() and z == str(2 * int(y))
            out.append(Line(f"z{n}", z, "2y", ok, ""))
        zs = [fields.get(f"z{n}", "") for n in "12"]
        total = sum(int(z) for z in zs if z.isdigit())
        if fields.get("total"):
            out.append(Line("total", fields["total"], str(total),
                            fields["total"] == str(total), ""))
        return {"ok": all(line.ok for line in out), "lines": [line.to_json() for line in out]}

    def bears_on(self, name: str) -> frozenset[str] | None:
        n = name[-1]
        return {"x": frozenset({f"x{n}"}), "y": frozenset({f"x{n}", f"z{n}"}),
                "z": frozenset({f"z{n}", "total"})}.get(name[0], frozenset({"total"}))

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return None


def _sure(name: str, value: str) -> Draft:
    return draft(name, (value, 0.999))


def test_one_field_of_a_row_is_settled_while_its_neighbour_is_asked() -> None:
    # x1 must be 5 whatever y1 is, and y1, z1 check out as any (y, 2y): x1 is ruled, y1 and z1
    # asked (settling the row as one combination asked all three)
    drafts = [draft("x1", ("5", 0.7), ("6", 0.25)), draft("y1", ("3", 0.6), ("8", 0.35)),
              draft("z1", ("6", 0.6), ("8", 0.35)), _sure("x2", "5"), _sure("y2", "1"),
              _sure("z2", "2")]
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert (out["x1"].status, out["x1"].value) == ("ruled", "5")
    assert (out["y1"].status, out["z1"].status) == ("ask", "ask")
    assert "values check out" in out["y1"].note


def test_a_row_whose_lines_no_reading_puts_right_is_asked() -> None:
    drafts = [draft("x1", ("5", 0.6), ("6", 0.35)), draft("y1", ("3", 0.6), ("8", 0.35)),
              _sure("z1", "7"), _sure("x2", "5"), _sure("y2", "1"), _sure("z2", "2"),
              _sure("total", "9")]  # z1 = 7 is odd: no y1 makes it 2 * y1
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert (out["x1"].status, out["y1"].status) == ("ask", "ask")  # the row as a whole
    assert "0 values check out" in out["x1"].note


def test_a_total_of_many_rows_ties_them_only_where_it_is_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the total is "wide" (more doubtful fields bear on it than ``WIDE``): it joins no rows,
    # but ties row 1's five (y1, 2 * y1) to row 2's one z2 = 2: only 3 + 2 * 3 = 8 is right
    monkeypatch.setattr(joint, "WIDE", 1)
    drafts = [_sure("x1", "5"), draft("y1", ("3", 0.7), ("8", 0.25)),
              draft("z1", ("6", 0.7), ("8", 0.25)), _sure("x2", "5"), _sure("y2", "1"),
              draft("z2", ("2", 0.7), ("4", 0.25))]
    out = {f.name: f for f in settle(_Rows(), [*drafts, _sure("total", "8")], {})}
    assert [(out[k].status, out[k].value) for k in ("y1", "z1", "z2")] == [
        ("ruled", "3"), ("ruled", "6"), ("ruled", "2")]
    # a total no combination puts right (the player's slip) says nothing: rows as alone
    out = {f.name: f for f in settle(_Rows(), [*drafts, _sure("total", "9")], {})}
    assert [out[k].status for k in ("y1", "z1", "z2")] == ["ask", "ask", "ruled"]


def test_a_search_past_its_size_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(joint, "MAX_NODES", 3)
    drafts = [draft("x1", ("5", 0.6), ("6", 0.35)), draft("y1", ("3", 0.6), ("8", 0.35)),
              _sure("z1", "6"), _sure("x2", "5"), _sure("y2", "1"), _sure("z2", "2"),
              _sure("total", "8")]
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert (out["x1"].status, out["y1"].status) == ("ask", "ask")
    assert "too many readings to try" in out["x1"].note


def test_a_tie_the_eye_all_but_rules_out_is_settled_by_the_weights() -> None:
    # (y1, z1) checks out as (3, 6), and as (2, 4), (4, 8) ... (y, 2y): the eye saw 3 and 6
    # clearly, and no other pair but with a digit it did not list (1 %): those weigh under
    # 0.5 % of all, so 3 and 6 are taken
    drafts = [_sure("x1", "5"), draft("y1", ("3", 0.9), ("2", 0.06)),
              draft("z1", ("6", 0.9), ("0", 0.06)), _sure("x2", "5"), _sure("y2", "1"),
              _sure("z2", "2")]
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert [(out[k].status, out[k].value) for k in ("y1", "z1")] == [
        ("ruled", "3"), ("ruled", "6")]
    # (1, 2) as likely as the rest: the tie stands, both asked
    drafts[1] = draft("y1", ("3", 0.6), ("1", 0.35))
    drafts[2] = draft("z1", ("6", 0.6), ("2", 0.35))
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert (out["y1"].status, out["z1"].status) == ("ask", "ask")


def test_the_weights_count_only_a_whole_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # stopped as soon as both fields have two values, the weights of the readings not tried
    # are unknown: nothing is pinned by them
    monkeypatch.setattr(joint, "WEIGH_NODES", 0)
    drafts = [_sure("x1", "5"), draft("y1", ("3", 0.9), ("2", 0.06)),
              draft("z1", ("6", 0.9), ("0", 0.06)), _sure("x2", "5"), _sure("y2", "1"),
              _sure("z2", "2")]
    out = {f.name: f for f in settle(_Rows(), drafts, {})}
    assert (out["y1"].status, out["z1"].status) == ("ask", "ask")

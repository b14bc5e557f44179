"""Three or more doubtful fields on one line: too many combinations of every value to try, so
the rules try the readings the eye found plausible, and take the one that checks out only
when no reading one field away from it checks out too.  And a box's digit odds know what the
box may hold."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pnp.sheetread.boxes import within
from pnp.sheetread.settle import settle
from tests.sheetread.sumsheet import SumSheet as _Sum
from tests.sheetread.sumsheet import draft as _draft


def test_three_doubtful_fields_on_one_line_are_settled_together() -> None:
    # 11 x 11 x 11 values: over the 150 tried; of the plausible ones only 3 + 5 = 8 checks out
    drafts = [_draft("a", ("3", 0.7), ("1", 0.25)), _draft("b", ("5", 0.7), ("9", 0.25)),
              _draft("total", ("8", 0.7), ("7", 0.25))]
    out = {f.name: f for f in settle(_Sum(), drafts, {})}
    assert [(out[k].status, out[k].value) for k in "ab"] == [("ruled", "3"), ("ruled", "5")]
    assert (out["total"].status, out["total"].value) == ("ruled", "8")


def test_two_plausible_combinations_are_asked() -> None:
    drafts = [_draft("a", ("3", 0.6), ("4", 0.35)), _draft("b", ("5", 0.6), ("4", 0.35)),
              _draft("total", ("8", 0.6), ("7", 0.35))]  # 3 + 5 and 4 + 4
    out = {f.name: f for f in settle(_Sum(), drafts, {})}
    assert {f.status for f in out.values()} == {"ask"}
    assert "several readings check out" in out["a"].note


def test_a_rival_one_field_away_is_asked() -> None:
    # the sheet's line also takes an empty b as 0: 3 + "" = 3 checks out one field away
    # (b's eye gave "" some odds, so an empty b is a rival reading)
    class _Lenient(_Sum):
        def check(self, fields: Mapping[str, str]) -> dict[str, object]:
            return super().check({**fields, "b": fields.get("b") or "0"})

    drafts = [_draft("a", ("3", 0.7), ("1", 0.25)),
              _draft("b", ("0", 0.6), ("9", 0.25), ("", 0.15)),
              _draft("total", ("3", 0.7), ("7", 0.25))]
    out = {f.name: f for f in settle(_Lenient(), drafts, {})}
    assert out["b"].status == "ask"
    # ... but not when the eye never thought b empty
    drafts[1] = _draft("b", ("0", 0.7), ("9", 0.3))
    out = {f.name: f for f in settle(_Lenient(), drafts, {})}
    assert (out["b"].status, out["b"].value) == ("ruled", "0")


def test_a_box_s_odds_know_its_alphabet() -> None:
    odds = np.full(10, 0.001, np.float32)
    odds[7], odds[1] = 0.7, 0.29
    inside = within(odds, "012345")
    assert int(np.argmax(inside)) == 1 and inside[1] > 0.9
    assert within(odds, "0123456789") is odds
    clear = np.full(10, 0.0001, np.float32)
    clear[8] = 0.999
    assert int(np.argmax(within(clear, "012345"))) == 8  # a plain 8 stays an 8: asked

"""The rules' search kept under 2 s a photo: digits a box may not hold are not tried, and past
the photo's time for the rules the fields not yet settled are asked (never guessed)."""

from __future__ import annotations

import pytest

from pnp.render.geometry import Rect
from pnp.sheetread import checked
from pnp.sheetread.boxes import Draft
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.settle import settle, space
from tests.sheetread.sumsheet import SumSheet as _Sum
from tests.sheetread.sumsheet import draft as _draft


def test_a_box_is_tried_only_with_the_digits_it_may_hold() -> None:
    assert space(_draft("v", ("4", 0.6), ("9", 0.3))) == ["", *"0123456789"]
    assert space(_draft("v", ("4", 0.6), ("9", 0.3), alphabet="012345")) == ["", *"012345"]
    # the Wormholes record's value combs hold a wormhole's value, 0-5
    layout = sheet_layout("wormholes", "record-more.a4", 1)
    assert layout.field("r1_value1").alphabet == "012345"
    assert layout.field("page").alphabet == "0123456789"


def test_the_rules_still_choose_within_the_alphabet() -> None:
    out = {f.name: f for f in settle(_Sum(), [
        _draft("a", ("3", 0.999)), _draft("b", ("8", 0.49), ("5", 0.46), alphabet="012345"),
        _draft("total", ("8", 0.999))], {})}
    assert (out["b"].status, out["b"].value) == ("ruled", "5")


def test_past_the_time_for_the_rules_doubt_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    drafts = [_draft("a", ("3", 0.999)), _draft("b", ("5", 0.66), ("8", 0.3)),
              _draft("total", ("8", 0.999))]
    assert {f.name: f.status for f in settle(_Sum(), drafts, {})}["b"] == "ruled"
    monkeypatch.setattr(checked, "SETTLE_SECONDS", 0.0)
    out = {f.name: f for f in settle(_Sum(), drafts, {})}
    assert (out["b"].status, out["b"].value) == ("ask", "5")  # not ruled: asked
    # a sheet that does not check out: a read field the audit had no time for is asked
    drafts = [_draft("a", ("3", 0.999)), _draft("b", ("1", 0.999)),
              _draft("total", ("9", 0.99))]
    out = {f.name: f for f in settle(_Sum(), drafts, {})}
    assert out["total"].status == "ask" and "too many doubtful fields" in out["total"].note


def test_a_reading_the_boxes_cannot_hold_is_never_taken() -> None:
    """A rank 7 read clearly (the box holds 0-5), or a tile whose suit tick was missed (a
    bare '3'), is asked: the eye misread, or the player slipped."""
    from pnp.sheetread.layout import choice

    def tile(name: str, *candidates: tuple[str, float]) -> Draft:
        box = choice(name, Rect(0, 0, 200, 20), tuple("ab"), 1, alphabet="012345")
        return Draft(box, tuple(candidates), (0, 0, 1, 1))

    out = {f.name: f for f in settle(_Sum(), [tile("x", ("a7", 0.999)), tile("y", ("3", 0.999)),
                                              tile("z", ("b4", 0.999))], {})}
    assert (out["x"].status, out["y"].status, out["z"].status) == ("ask", "ask", "read")

"""A page of another of the kit's sheets than the game's own (a Weird Galaxy ledger page: the
game's sheet is its worksheet) is settled with the check of all of them, so the page's own
lines can choose among its doubtful digits."""

from __future__ import annotations

from pnp.sheetread import Cut, Document
from pnp.sheetread.layout import SheetCode, layouts
from pnp.sheetread.settle import settle
from pnp.sheets import sheet_spec
from tests.sheetread.sumsheet import draft

WG = "weird-galaxy"


def _cut(layout_id: str) -> Cut:
    lay = next(x for x in layouts(WG) if x.layout == layout_id)
    return Cut(SheetCode(WG, lay.layout, lay.version, 7), lay, (), {}, (), 0.0)


def test_a_ledger_page_is_checked_with_the_ledger() -> None:
    assert not isinstance(_cut("worksheet.a4").spec(), Document)
    spec = _cut("ledger1.a4").spec()
    assert isinstance(spec, Document)
    assert "p1_r1_balance" in spec.field_names()
    ledger = {"p1_name": "Ann", "p1_start": "0", "p1_r1_turn": "1", "p1_r1_earned": "4",
              "p1_r1_balance": "4", "p2_name": "Bo", "p2_start": "0"}
    assert sheet_spec(WG).check(ledger)["lines"] == sheet_spec(WG).check({})["lines"]
    wrong = {str(line["field"]) for line in spec.check({**ledger, "p1_r1_balance": "9"})[
        "lines"] if isinstance(line, dict) and not line["ok"]}  # type: ignore[union-attr]
    assert "p1_r1_balance" in wrong


def test_a_doubtful_balance_is_ruled_by_the_ledger() -> None:
    """A balance the eye read as 4 or 9 (0 + 4 earned): the ledger's line chooses 4."""
    spec = _cut("ledger1.a4").spec()
    given = {"p1_name": "Ann", "p2_name": "Bo"}
    drafts = [draft("p1_start", ("0", 0.999)), draft("p1_r1_turn", ("1", 0.999)),
              draft("p1_r1_earned", ("4", 0.999)),
              draft("p1_r1_balance", ("4", 0.7), ("9", 0.28))]
    out = {f.name: f for f in settle(spec, drafts, given)}
    assert (out["p1_r1_balance"].status, out["p1_r1_balance"].value) == ("ruled", "4")


def test_a_record_with_a_ledger_page_is_settled_with_the_ledger() -> None:
    """Several photos (the worksheet and a ledger page) are settled with the whole kit's
    check, whichever page comes first."""
    from pnp.sheetread.record import _InRecord

    spec = _cut("ledger1.a4").spec()
    pages = [{}, {"p1_name": "Ann", "p1_start": "0", "p1_r1_turn": "1", "p1_r1_earned": "4",
                  "p1_r1_balance": "9", "p2_name": "Bo", "p2_start": "0"}]
    report = _InRecord(spec, pages, 1, WG).check(pages[1])
    assert any(isinstance(line, dict) and line["field"] == "p1_r1_balance" and not line["ok"]
               for line in report["lines"])  # type: ignore[union-attr]

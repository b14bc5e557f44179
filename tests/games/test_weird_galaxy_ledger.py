"""Weird Galaxy Space Bucks ledger checker: balances row by row, totals, fees, the worksheet."""

from __future__ import annotations

from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.weird_galaxy import sheet
from pnp.games.weird_galaxy.ledger import (
    EARNED_FIELD,
    FEES_FIELD,
    PLAYERS,
    ROWS,
    all_field_names,
    check_all,
    check_ledger,
    field_names,
    row_field,
)


def lines(report: dict[str, object]) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], report["lines"])


def bad(report: dict[str, object]) -> dict[str, str]:
    return {line["field"]: line["expected"] for line in lines(report) if not line["ok"]}


def block(p: int, rows: list[tuple[int, int, int, int, int, int]], start: int = 0,
          name: str = "") -> dict[str, str]:
    """Fields of a correctly kept block: rows of (turn, earned, in, out, spent) + balance."""
    f = {f"p{p}_name": name, f"p{p}_start": str(start)}
    totals = {"earned": 0, "fees_in": 0, "fees_out": 0, "spent": 0}
    for n, (turn, earned, fin, fout, spent, balance) in enumerate(rows, start=1):
        for col, v in (("turn", turn), ("earned", earned), ("fees_in", fin),
                       ("fees_out", fout), ("spent", spent), ("balance", balance)):
            f[row_field(p, n, col)] = str(v)
        for col, v in (("earned", earned), ("fees_in", fin), ("fees_out", fout),
                       ("spent", spent)):
            totals[col] += v
    for col, v in totals.items():
        f[f"p{p}_{col}"] = str(v)
    f[f"p{p}_balance"] = str(start + totals["earned"] + totals["fees_in"]
                             - totals["fees_out"] - totals["spent"])
    return f


ANN = [(1, 3, 0, 0, 0, 3), (2, 0, 1, 0, 1, 3), (4, 2, 0, 0, 2, 3), (5, 0, 0, 1, 0, 2)]
BOB = [(1, 2, 0, 1, 0, 1), (3, 4, 0, 0, 3, 2), (4, 0, 1, 0, 0, 3)]


def test_field_names_are_unique_and_apart_from_the_worksheet() -> None:
    names = field_names()
    assert len(names) == PLAYERS * (2 + 6 * ROWS + 5) == len(set(names))
    assert "p1_r1_earned" in names and f"p5_r{ROWS}_balance" in names
    assert "p3_start" in names and "p5_balance" in names
    assert not set(names) & set(sheet.field_names())
    assert all_field_names() == sheet.field_names() + names


def test_empty_ledger_is_fine() -> None:
    report = check_ledger({})
    assert report["ok"] is True and report["players"] == 0 and lines(report) == []


def test_correct_two_player_ledger() -> None:
    report = check_ledger({**block(1, ANN, name="Ann"), **block(2, BOB)})
    assert report["ok"] is True, bad(report)
    assert report["players"] == 2
    totals = cast(dict[str, str], report["totals"])
    assert totals["p1_balance"] == "2" and totals["p2_fees_out"] == "1"
    assert totals["p2_balance"] == "3"
    assert any(line["field"] == FEES_FIELD and line["ok"] for line in lines(report))


def test_a_slip_is_pointed_at_once_not_in_every_later_row() -> None:
    f = block(1, ANN, name="Ann")
    f[row_field(1, 2, "balance")] = "4"  # should be 3 + 1 - 1 = 3
    f[row_field(1, 3, "balance")] = "4"  # consistent with the written 4: 4 + 2 - 2
    f[row_field(1, 4, "balance")] = "3"
    report = check_ledger(f)
    assert bad(report) == {row_field(1, 2, "balance"): "3"}  # the total is recomputed
    why = {line["field"]: line["why"] for line in lines(report)}
    assert why[row_field(1, 2, "balance")].startswith("Ann: the balance before (3)")


def test_totals_are_recomputed_from_the_entries() -> None:
    f = block(2, BOB)
    f["p2_earned"] = "5"
    f["p2_spent"] = ""
    report = check_ledger(f)
    assert bad(report) == {"p2_earned": "6", "p2_spent": "3"}


def test_overspending_is_refused_whatever_the_written_balance() -> None:
    f = block(1, [(1, 1, 0, 0, 0, 1)])
    f.update({row_field(1, 2, "turn"): "2", row_field(1, 2, "spent"): "3",
              row_field(1, 2, "balance"): "-2"})
    report = check_ledger(f)
    assert bad(report)[row_field(1, 2, "balance")] == "0 or more"
    why = next(line["why"] for line in lines(report)
               if line["field"] == row_field(1, 2, "balance"))
    assert "WG-9" in why and "leaves -2" in why


def test_unreadable_amounts_and_turns_going_back() -> None:
    f = block(1, ANN)
    f[row_field(1, 2, "fees_in")] = "one"
    f[row_field(1, 3, "turn")] = "1"
    f["p1_start"] = "x"
    report = check_ledger(f)
    wrong = bad(report)
    assert wrong[row_field(1, 2, "fees_in")] == "a whole number, 0 or more"
    assert wrong[row_field(1, 2, "balance")] == "?"
    assert wrong[row_field(1, 3, "turn")] == "a turn number >= 2"
    assert wrong["p1_start"] == "a whole number of Space Bucks"


def test_brought_forward_balance_continues_a_full_sheet() -> None:
    report = check_ledger(block(4, [(30, 2, 0, 0, 6, 1)], start=5))
    assert report["ok"] is True, bad(report)
    f = block(4, [(30, 2, 0, 0, 6, 1)], start=5)
    f["p4_start"] = ""  # blank means 0: then 0 + 2 - 6 cannot be paid
    assert bad(check_ledger(f))[row_field(4, 1, "balance")] == "0 or more"


def test_fees_paid_must_be_received_by_someone() -> None:
    ann = block(1, [(1, 2, 0, 0, 0, 2), (2, 0, 0, 1, 0, 1)])
    bob = block(2, [(1, 1, 0, 0, 0, 1)])  # Bob forgot the fee Ann paid him
    report = check_ledger({**ann, **bob})
    assert bad(report) == {FEES_FIELD: "1 received"}
    assert "WG-9" in next(line["why"] for line in lines(report) if line["field"] == FEES_FIELD)


def test_worksheet_and_ledger_together() -> None:
    work = {"seed": "7", "m1_source": "4 of Suns", "m1_dest": "4 of Summer",
            "m1_payoff": "3", "m1_paid": "3", "m2_source": "aN", "m2_dest": "e5",
            "m2_payoff": "2", "m2_paid": "x", "total_paid": "5"}
    ann = block(1, [(1, 3, 0, 0, 1, 2)])
    bob = block(2, [(2, 2, 0, 0, 0, 2)])
    report = check_all({**work, **ann, **bob})
    assert report["ok"] is True, bad(report)
    assert report["missions"] == 2 and report["players"] == 2
    assert any(line["field"] == EARNED_FIELD and line["ok"] for line in lines(report))
    bob = block(2, [(2, 1, 0, 0, 0, 1)])  # the 2-Buck mission booked as 1
    report = check_all({**work, **ann, **bob})
    assert bad(report) == {EARNED_FIELD: "5"}
    report = check_all({**work, "m1_payoff": "2"})  # worksheet errors still come through
    assert set(bad(report)) == {"m1_payoff"}


amounts = st.integers(min_value=0, max_value=6)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(amounts, amounts, amounts, amounts), min_size=1, max_size=ROWS),
       st.integers(min_value=0, max_value=30), st.data())
def test_any_honest_ledger_passes_and_any_single_change_fails(
        rows: list[tuple[int, int, int, int]], start: int, data: st.DataObject) -> None:
    """Balances kept honestly pass; changing any one written number is caught."""
    kept = []
    balance = start
    for turn, (e, fin, fout, spent) in enumerate(rows, start=1):
        if balance + e + fin - fout - spent < 0:
            spent = 0
            fout = min(fout, balance + e + fin)
        balance += e + fin - fout - spent
        kept.append((turn, e, fin, fout, spent, balance))
    f = block(3, kept, start=start)
    assert check_ledger(f)["ok"] is True
    n = data.draw(st.integers(min_value=1, max_value=len(kept)))
    col = data.draw(st.sampled_from(["earned", "fees_in", "fees_out", "spent", "balance"]))
    key = row_field(3, n, col)
    f[key] = str(int(f[key]) + data.draw(st.integers(min_value=1, max_value=3)))
    assert check_ledger(f)["ok"] is False

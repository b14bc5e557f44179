"""The human sheet report (pnp/sheets/report.py) and `pnp check-sheet` around it."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import pnp.sheets.report as report_module
from pnp.cli import main
from pnp.sheets.report import column, group, render


def _line(name: str, value: str, expected: str, why: str = "") -> dict[str, object]:
    return {"field": name, "value": value, "expected": expected, "ok": value == expected,
            "why": why}


def test_doctests() -> None:
    assert doctest.testmod(report_module).failed == 0


def test_column_drops_row_numbers() -> None:
    assert column("t12_speed") == column("t3_speed") == "t#_speed"
    assert column("score") == "score"


def test_a_carried_mistake_is_one_mistake_and_a_new_one_is_another() -> None:
    lines = [_line("t1_speed", "2", "2"),
             _line("t2_speed", "5", "4", "GE-4: speed after S2 is 4"),
             _line("t3_speed", "6", "5", "GE-4: speed after S1 is 5"),
             _line("t4_speed", "3", "3"),  # the player noticed; later lines are their own
             _line("t5_speed", "9", "6", "GE-4: speed after S3 is 6"),
             _line("t5_dir", "", "N", "GE-5: a moving ship has a direction"),
             _line("score", "40", "30", "GE-10: 20 x 2 - 10 x 1")]
    mistakes = group(lines)
    assert [m.line["field"] for m in mistakes] == ["t2_speed", "t5_speed", "t5_dir", "score"]
    assert [f["field"] for f in mistakes[0].carried] == ["t3_speed"]
    text = render({"ok": False, "game": "galaxy-express", "lines": lines})
    assert text.splitlines() == [
        "galaxy-express sheet: 4 mistakes (5 wrong fields)",
        "t2_speed: written 5, should be 4 - GE-4: speed after S2 is 4",
        "  t3_speed: written 6, should be 5 - carried from t2_speed (off by the same 1)",
        "t5_speed: written 9, should be 6 - GE-4: speed after S3 is 6",
        "t5_dir: written (empty), should be N - GE-5: a moving ship has a direction",
        "score: written 40, should be 30 - GE-10: 20 x 2 - 10 x 1",
    ]


def test_a_clean_sheet_says_so() -> None:
    text = render({"ok": True, "game": "wormholes", "lines": [_line("a1", "1", "1")]})
    assert text == "wormholes sheet: every line checks out (1 fields checked)"


def _sheet(tmp_path: Path, fields: dict[str, str]) -> Path:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps({"game": "galaxy-express", "fields": fields}), encoding="utf-8")
    return path


WRONG = {"t1_coin": "S2", "t1_speed": "3", "t1_dir": "E", "t2_coin": "S1", "t2_speed": "4",
         "t2_dir": "E"}


def test_cli_prints_the_short_report_and_a_summary_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check-sheet", str(_sheet(tmp_path, WRONG))])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.splitlines()[1].startswith("t1_speed: written 3, should be 2 - GE-4")
    assert out.splitlines()[2].startswith("  t2_speed: written 4, should be 3 - carried from "
                                          "t1_speed")
    assert len(out.splitlines()) < 12  # not one line per checked field
    assert err.startswith("pnp: ") and "mistake" in err and len(err.splitlines()) == 1


def test_cli_json_is_the_full_report(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check-sheet", "--json", str(_sheet(tmp_path, WRONG))])
    out, _ = capsys.readouterr()
    doc = json.loads(out)
    assert code == 1 and doc["game"] == "galaxy-express" and not doc["ok"]
    assert {line["field"] for line in doc["lines"]} >= {"t1_coin", "t1_speed", "t2_speed"}


def test_cli_clean_sheet_exits_0_with_nothing_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = {"t1_coin": "S2", "t1_speed": "2", "t1_dir": "E", "deliveries": "0",
            "refuels": "0", "coins_left": "11", "score": "11",
            "rating": "Maybe you need to spend more time at the Academy!"}
    code = main(["check-sheet", str(_sheet(tmp_path, good))])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.startswith("galaxy-express sheet: every line checks out")

"""The score-sheet front door: discovery, whole-kit documents, PDF reading, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.engine import PnpError, UnknownGame
from pnp.sheets import (
    check_document,
    check_sheet,
    check_sheet_file,
    guess_game,
    read_pdf_fields,
    sheet_games,
)


def test_every_game_with_a_sheet_module_is_found() -> None:
    assert {"galaxy-express", "weird-galaxy", "wormholes", "spatial-delivery"} <= set(
        sheet_games())


def test_weird_galaxy_document_checks_the_ledger_too() -> None:
    fields = {"p1_name": "Ann", "p1_start": "0", "p1_r1_turn": "1", "p1_r1_earned": "3",
              "p1_r1_balance": "4"}  # 0 + 3 is 3, not 4
    assert check_sheet("weird-galaxy", fields)["ok"]  # the worksheet alone sees nothing
    report = check_document("weird-galaxy", fields)
    wrong = {ln["field"] for ln in report["lines"] if not ln["ok"]}  # type: ignore[attr-defined]
    assert "p1_r1_balance" in wrong


def test_refusals() -> None:
    with pytest.raises(UnknownGame):
        check_sheet("chess", {})
    with pytest.raises(PnpError, match="not a PDF"):
        read_pdf_fields(b"hello")
    with pytest.raises(PnpError, match="larger than"):
        read_pdf_fields(b"%PDF" + b"0" * (6 * 1024 * 1024))
    with pytest.raises(PnpError, match="cannot read the PDF"):
        read_pdf_fields(b"%PDF-1.4\n garbage")
    with pytest.raises(PnpError, match="match no game"):
        guess_game({"nothing": "here"})


def test_json_sheet_file(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text('{"game": "galaxy-express", "fields": {"t1_coin": "S2", "t1_speed": "2",'
                    ' "t1_dir": "E"}}', encoding="utf-8")
    report = check_sheet_file(path)
    assert report["game"] == "galaxy-express" and report["turns"] == 1
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(PnpError, match="JSON sheet"):
        check_sheet_file(path)

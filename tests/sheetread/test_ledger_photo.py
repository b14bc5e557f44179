"""A lone photo of a Weird Galaxy ledger page is checked by the ledger's lines (the whole
kit's check, ``pnp.sheetread.record.check_read``), not the worksheet's, which would not see
them: a ledger mistake is reported by ``pnp read-sheet``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.sheetread import Document
from pnp.sheetread.record import check_read, record_spec
from pnp.sheets import sheet_spec
from tests.sheetread.ledgerphoto import MISTAKE, WG, fields, photo


def _wrong(report: dict[str, object]) -> set[str]:
    lines = report["lines"]
    assert isinstance(lines, list)
    return {str(line["field"]) for line in lines if isinstance(line, dict) and not line["ok"]}


def test_a_ledger_page_is_checked_by_the_ledger() -> None:
    assert isinstance(record_spec(WG, fields()), Document)
    assert not isinstance(record_spec(WG, ["m1_paid", "seed"]), Document)
    assert not isinstance(record_spec("wormholes", ["t1_side", "r1_side", "page"]), Document)
    assert check_read(WG, [fields()])["ok"] is True
    assert MISTAKE in _wrong(check_read(WG, [fields(mistake=True)]))
    # the worksheet's own check does not see a ledger line: why the routing is needed
    assert sheet_spec(WG).check(fields(mistake=True))["ok"] is True


def test_read_sheet_reports_a_ledger_mistake_from_a_lone_photo(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from pnp.cli import main

    shot = tmp_path / "ledger.jpg"
    shot.write_bytes(photo(mistake=True))
    assert main(["read-sheet", str(shot), "--json"]) == 1
    doc = json.loads(capsys.readouterr()[0])
    assert doc["reading"]["layout"] == "ledger1.a4"
    assert doc["report"]["ok"] is False and MISTAKE in _wrong(doc["report"])
    # the person confirms every asked field as written: the mistake stays reported
    asked = [f["name"] for f in doc["reading"]["fields"] if f["status"] == "ask"]
    sets = [f"--set={name}={fields(mistake=True).get(name, '')}" for name in asked]
    assert main(["read-sheet", str(shot), "--json", *sets]) == 1
    doc = json.loads(capsys.readouterr()[0])
    assert MISTAKE in _wrong(doc["report"])
    clean = tmp_path / "clean.jpg"
    clean.write_bytes(photo())
    main(["read-sheet", str(clean), "--json"])
    assert MISTAKE not in _wrong(json.loads(capsys.readouterr()[0])["report"])


def test_an_a5_ledger_page_is_read_by_its_own_layout() -> None:
    """A phone photo of player 1's A5 ledger page (its own layout, ``ledger1.a5``): the QR
    names it, nothing wrong is taken without asking, and the planted mistake is reported."""
    from pnp.sheetread import read_photo

    reading = read_photo(photo("ledger1.a5", mistake=True, version=1), WG)
    assert (reading.layout, reading.version) == ("ledger1.a5", 1)
    written = fields(mistake=True)
    assert {f.name for f in reading.fields} >= {n for n in written if n.startswith("p1_")}
    assert [f.name for f in reading.fields if f.status != "ask"
            and f.value != written.get(f.name, "")] == []
    assert sum(f.status == "ask" for f in reading.fields) <= len(reading.fields) // 20
    assert MISTAKE in _wrong(check_read(WG, [reading.values()]))

"""Several photos of one record: read in page order whatever order they come in, settled
against each other, checked once; photos that are not one record's pages are refused."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from pnp.games.wormholes.sheet.pages import split_pages
from pnp.sheetread import NotAnImage, WrongLayout, read_photo
from pnp.sheetread import simulate as sim
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.record import read_photos

GT, WH = "galaxy-trucker", "wormholes"


@cache
def _gt_fields() -> dict[str, str]:
    fields = sim.played_fields(GT, 11, players=2)
    assert fields is not None
    return fields


def _shoot(game: str, layout_id: str, fields: dict[str, str], seed: int, rng_seed: int) -> bytes:
    layout = sheet_layout(game, layout_id, 1)
    rng = np.random.default_rng(rng_seed)
    page = sim.write(sim.page_from_layout(layout, seed), layout, fields, rng).image
    shot = sim.Shot(tilt=10.0, turn=3.0, size=(1536, 2048), blur=0.5, quality=88, shadow=0.2)
    return sim.photograph(page, shot, rng)


@cache
def _gt(layout_id: str, mistake: bool = False) -> bytes:
    fields = dict(_gt_fields())
    if mistake:  # player 2 added the first round wrongly: 3 credits too many
        fields["p2_r1_credits"] = str(int(fields["p2_r1_credits"]) + 3)
    return _shoot(GT, layout_id, fields, 11, 3)


@cache
def _wh() -> tuple[list[dict[str, str]], bytes, bytes]:
    fields = sim.played_fields(WH, 7, players=2, stream="bench/1")
    assert fields is not None
    pages = split_pages(fields)
    assert len(pages) == 2
    front = _shoot(WH, "record1.a4", pages[0], 7, 4)
    more = _shoot(WH, "record-more.a4", {**pages[1], "seed": fields["seed"]}, 7, 5)
    return pages, front, more


def test_photos_are_put_in_page_order_and_checked_once() -> None:
    pages, front, more = _wh()
    record = read_photos([more, front])  # the continuation page photographed first
    assert [p.layout for p in record.pages] == ["record1.a4", "record-more.a4"]
    assert record.photos == (1, 0) and record.game == WH
    assert record.pages[1].field("page").value == "2"
    report = record.check()
    assert report["pages"] == [1, 2]
    # the digits read on both pages are the ones written (text fields are asked)
    for page, truth in zip(record.pages, pages, strict=True):
        wrong = [f.name for f in page.fields
                 if f.status != "ask" and f.value != truth.get(f.name, "") and f.name != "seed"]
        assert wrong == []


def test_one_photo_reads_as_read_photo_does() -> None:
    alone = read_photo(_gt("p1.a4"))
    record = read_photos([_gt("p1.a4")])
    assert record.pages[0].values() == alone.values()
    assert [f.status for f in record.pages[0].fields] == [f.status for f in alone.fields]


def test_a_mistake_on_any_page_is_reported_by_the_one_check() -> None:
    record = read_photos([_gt("p2.a4", mistake=True), _gt("p1.a4")])
    assert [p.layout for p in record.pages] == ["p1.a4", "p2.a4"]
    report = record.check()
    bad = {line["field"] for line in report["lines"] if not line["ok"]}  # type: ignore
    assert "p2_r1_credits" in bad


def test_photos_that_are_not_one_record_are_refused() -> None:
    with pytest.raises(WrongLayout, match=r"both the page p1\.a4"):
        read_photos([_gt("p1.a4"), _gt("p1.a4")])
    with pytest.raises(WrongLayout, match="photo 2 is a wormholes sheet"):
        read_photos([_gt("p1.a4"), _wh()[1]])
    with pytest.raises(WrongLayout, match="photo 1: this is a galaxy-trucker sheet"):
        read_photos([_gt("p1.a4")], game=WH)
    with pytest.raises(NotAnImage, match=r"^photo 2: "):
        read_photos([_gt("p1.a4"), b"not a photo"])
    with pytest.raises(WrongLayout, match="no photo"):
        read_photos([])


def test_read_sheet_takes_several_photos(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    from pnp.cli import main

    one, two = tmp_path / "one.jpg", tmp_path / "two.jpg"
    one.write_bytes(_gt("p2.a4", mistake=True))
    two.write_bytes(_gt("p1.a4"))
    assert main(["read-sheet", str(one), str(two)]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith(f"page 1 ({two}): {GT} sheet p1.a4 (version 1, seed 11): ")
    assert any(line.startswith(f"page 2 ({one}): {GT} sheet p2.a4") for line in lines)
    assert "p2_r1_credits: written" in out and "mistake" in err and "2 photos" in err
    assert main(["read-sheet", str(one), str(two), "--json"]) == 1
    doc = json.loads(capsys.readouterr()[0])
    assert [p["layout"] for p in doc["record"]["pages"]] == ["p1.a4", "p2.a4"]
    assert [p["photo"] for p in doc["record"]["pages"]] == [1, 0]
    assert doc["report"]["ok"] is False
    (tmp_path / "bad.jpg").write_bytes(b"text")
    assert main(["read-sheet", str(two), str(tmp_path / "bad.jpg")]) == 1
    err = capsys.readouterr()[1]
    assert err.startswith("pnp: photo 2: ") and len(err.strip().splitlines()) == 1


def test_sheets_made_readable_again_name_their_new_version() -> None:
    """The Weird Galaxy worksheet (version 2: tiles as a ticked suit and a rank digit) and
    the Galaxy Express record (version 2) print the larger QR; a version-1 print is refused
    as an old print, with what to do."""
    from pnp.sheetread.layout import QR_LARGE, QR_SIZE, SheetCodeError

    worksheet = sheet_layout("weird-galaxy", "worksheet.a4", 2)
    tile = worksheet.field("m1_source")
    assert tile.kind == "choice" and tile.options == tuple("abcdefgh")
    assert tile.max_digits == 1 and tile.alphabet == "012345"
    assert worksheet.qr.w == QR_LARGE > QR_SIZE
    assert sheet_layout("galaxy-express", "record.a4", 2).qr.w == QR_LARGE
    for game, layout in (("weird-galaxy", "worksheet.a4"), ("galaxy-express", "record.a4")):
        with pytest.raises(SheetCodeError, match=r"an old print.*print the sheet again"):
            sheet_layout(game, layout, 1)


def test_a_worksheet_photo_reads_its_tiles() -> None:
    """Every tile of a played game's worksheet is ticked and written; the reader reads the
    suit ticks and rank digits, accepts no wrong tile, and asks far fewer than all of them
    (version 1 asked every tile)."""
    fields = sim.played_fields("weird-galaxy", 7, players=4, stream="bench/0")
    assert fields is not None and fields["m1_source"][1].isdigit()  # ranks as the paper has
    layout = sheet_layout("weird-galaxy", "worksheet.a4", 2)
    rng = np.random.default_rng(0)
    written = sim.write(sim.page_from_layout(layout, 7), layout, fields, rng)
    shot = sim.Shot(tilt=12.0, turn=-4.0, size=(3024, 4032), blur=0.6, quality=85, shadow=0.2)
    reading = read_photo(sim.photograph(written.image, shot, rng))
    tiles = [f for f in reading.fields if layout.field(f.name).kind == "choice"]
    truth = {f.name: "".join(written.digits.get(f.name, ())) for f in tiles}
    assert sum(bool(v) for v in truth.values()) >= 20
    assert [f.name for f in tiles if f.status != "ask" and f.value != truth[f.name]] == []
    asked = sum(f.status == "ask" for f in tiles if truth[f.name])
    assert asked <= sum(bool(v) for v in truth.values()) // 2, asked

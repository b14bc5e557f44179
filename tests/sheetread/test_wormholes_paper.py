"""The Wormholes record's layout version 2 from a photo: the turn rows are ticks and digit
combs (cells in digits), so a photo reads them; a version 1 print is still read."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pnp.games.wormholes.sheet import check_sheet
from pnp.sheetread import read_photo
from pnp.sheetread import simulate as sim
from pnp.sheetread.confirm import second_look
from pnp.sheetread.layout import QR_LARGE, QR_SIZE, layouts, sheet_layout

WH = "wormholes"


def test_the_kit_prints_version_2_and_a_version_1_print_is_still_known() -> None:
    printed = {(x.layout, x.version) for x in layouts(WH)}
    assert printed == {("record1.a4", 2), ("record1.letter", 2), ("record-more.a4", 2),
                       ("record-more.letter", 3),  # Letter's continuation: the 24 mm QR in 3
                       *((f"{page}-{part}.a5", 2) for page in ("record1", "record-more")
                         for part in (1, 2, 3))}  # A5: each A4 page in three parts (129fa7f)
    assert all(x.qr.w == QR_LARGE for x in layouts(WH))
    letter = [sheet_layout(WH, "record-more.letter", v) for v in (2, 3)]
    assert letter[0].qr.w == QR_SIZE and letter[0].field_names() == letter[1].field_names()
    assert sheet_layout(WH, "record-more.letter", 1).qr.w == QR_SIZE  # still read
    old = sheet_layout(WH, "record1.a4", 1)
    assert old.field("t1_to1").kind == "text" and old.field("t1_from1").kind == "text"
    new = sheet_layout(WH, "record1.a4", 2)
    assert [new.field(n).kind for n in ("t1_side", "t1_dice", "t1_ship1", "t1_to1",
                                         "t1_value1", "t1_jump1", "wh_S1", "winner")] == [
        "choice", "digits", "choice", "digits", "digits", "digits", "digits", "choice"]
    assert new.field("t1_to1").max_digits == 3 and new.field("t1_dice").alphabet == "012345"
    assert "t1_from1" not in new.field_names()
    assert new.qr.w > old.qr.w  # 24 mm, was 17


def test_a_photo_of_a_short_game_on_version_2_reads_its_rows() -> None:
    """A 17-turn game on the front page: every field the reader takes (read or ruled) is what
    the pen wrote; of the handwriting only the players' names and the notes written are
    asked; confirmed as written, the record checks clean."""
    fields = sim.played_fields(WH, 7, players=2, stream="bench/23")
    assert fields is not None and fields["turns"] == "17"
    layout = sheet_layout(WH, "record1.a4", 2)
    paper = layout.on_paper(fields)
    rng = np.random.default_rng(5)
    page = sim.write(sim.page_from_layout(layout, 7), layout, fields, rng).image
    shot = sim.Shot(tilt=12.0, turn=-4.0, size=(3024, 4032), blur=0.5, quality=88, shadow=0.2)
    reading = read_photo(sim.photograph(page, shot, rng))
    assert (reading.layout, reading.version) == ("record1.a4", 2)
    # the person confirms what was asked, then the second look asks what could be misread
    (again,) = second_look([reading], [{f.name: paper.get(f.name, "") if f.status == "ask"
                                        else f.value for f in reading.fields}])
    reading = replace(reading, fields=tuple(replace(f, status="ask") if f.name in again else f
                                            for f in reading.fields))
    wrong = [(f.name, f.value) for f in reading.fields
             if f.status != "ask" and f.value != paper.get(f.name, "") and f.name != "seed"]
    assert wrong == []
    kinds = {f.name: f.kind for f in layout.fields}
    text = [f.name for f in reading.fields if kinds[f.name] == "text" and f.status == "ask"]
    notes = {n for n in text if paper.get(n)}
    assert {"orthogon", "diagon"} <= notes and len(text) <= len(notes) + 4, text
    taken = {f.name: f.value for f in reading.fields if f.status != "ask"}
    ticks = [n for n in paper if kinds.get(n) == "choice"]
    assert len(ticks) > 40 and sum(n not in taken for n in ticks) <= 2  # sides, ships, winner
    combs = [n for n in paper if kinds.get(n) == "digits" and paper[n]]
    assert sum(n in taken for n in combs) >= len(combs) // 2  # cells, dice, values
    confirmed = {**{f.name: paper.get(f.name, "") for f in reading.fields}, **taken}
    report = check_sheet(confirmed)
    assert report["ok"], [line for line in report["lines"] if not line["ok"]][:3]

"""A page printed in parts (the Wormholes record on A5): its parts are merged in page order
before the check, and a missing or repeated part is named."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pnp.games.wormholes.sheet.pages import split_pages
from pnp.render.wormholes.sheet_a5 import PARTS, part_id, part_sheet, part_values
from pnp.sheetread import simulate as sim
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.parts import merged, part_of
from pnp.sheetread.record import check_read, read_photos
from pnp.sheets import check_pages

WH = "wormholes"


@cache
def _record() -> tuple[dict[str, str], list[dict[str, str]]]:
    fields = sim.played_fields(WH, 7, players=2, stream="bench/1")
    assert fields is not None
    return fields, split_pages(fields)


def _part_pages(pages: list[dict[str, str]], seed: str) -> list[tuple[int, dict[str, str]]]:
    """Each A5 part a played record fills, with its values (the continuation's number and
    the kit's seed, as the QR gives it, on each of its parts)."""
    out = []
    for index, (page, _k, rows) in enumerate(PARTS):
        for number, whole in enumerate(pages, start=1):
            if (number > 1) != bool(page):
                continue
            values = part_values(whole, index)
            if page and not any(v for n, v in values.items() if n != "page"):
                continue  # the game ended before this part
            out.append((index, {**values, "seed": seed}))
        del rows
    out.sort(key=lambda item: (PARTS[item[0]][0], int(item[1].get("page", 1)),
                               PARTS[item[0]][1]))
    return out


def test_the_parts_are_the_a4_pages_fields_split() -> None:
    front = sheet_layout(WH, "record1.a4", 2).field_names()
    more = sheet_layout(WH, "record-more.a4", 2).field_names()
    assert sorted(n for i in range(3) for n in part_sheet(i).field_names()) == sorted(front)
    rows = [n for i in range(3, 6) for n in part_sheet(i).field_names() if n != "page"]
    assert sorted([*rows, "page"]) == sorted(more)
    for i in range(len(PARTS)):
        assert part_of(WH, part_sheet(i).field_names()) is part_sheet(i)
        assert part_sheet(i).part is not None and part_sheet(i).layout == part_id(i)
    assert part_of(WH, front) is None and part_of(WH, more) is None


def test_the_parts_of_a_played_record_check_as_its_a4_pages() -> None:
    fields, pages = _record()
    given = [values for _i, values in _part_pages(pages, fields["seed"])]
    joined, problems = merged(WH, given)
    assert problems == [] and len(joined) == len(pages)
    report = check_read(WH, given, by_page=True)
    assert report["ok"] and report["pages"] == list(range(1, len(pages) + 1))
    assert report["turns"] == check_pages(WH, pages)["turns"]


def _whys(report: dict[str, object]) -> list[str]:
    lines = report["lines"]
    assert isinstance(lines, list)
    return [str(line["why"]) for line in lines]


def test_a_missing_or_repeated_part_is_named() -> None:
    fields, pages = _record()
    given = [values for _i, values in _part_pages(pages, fields["seed"])]
    report = check_read(WH, [given[0], given[2], *given[3:]], by_page=True)
    assert not report["ok"]
    assert "part 2 of 3 of page 1 (turns 5-17) is missing: photograph every part of each " \
           "page, a blank one too" in _whys(report)
    twice = check_read(WH, [*given[:4], given[3], *given[4:]], by_page=True)
    assert not twice["ok"]
    assert any("is given twice" in why for why in _whys(twice))
    # a page that is not the record's last lacks a part at its end: named too
    front_only = check_read(WH, [given[0], given[1], *given[3:]], by_page=True)
    assert any("part 3 of 3 of page 1 (turns 18-30) is missing" in why
               for why in _whys(front_only))


def test_one_part_alone_says_the_others_are_missing() -> None:
    fields, pages = _record()
    _index, values = _part_pages(pages, fields["seed"])[1]
    report = check_read(WH, [values])
    assert not report["ok"]
    assert _whys(report)[0].startswith("part 1 of 3 of page 1 (turns 1-4) is missing")


@pytest.mark.slow
def test_photos_of_the_parts_in_any_order_are_read_as_one_record() -> None:
    """Phone photos of every A5 part a played game fills, given shuffled: put in page order,
    read, merged and checked once; nothing wrong is taken without asking."""
    fields, pages = _record()
    parts = _part_pages(pages, fields["seed"])
    shots = []
    for n, (index, values) in enumerate(parts):
        layout = part_sheet(index)
        rng = np.random.default_rng(40 + n)
        image = sim.write(sim.page_from_layout(layout, 7), layout, values, rng).image
        shot = sim.Shot(tilt=10.0, turn=-4.0, size=(2048, 1536), blur=0.5, quality=88,
                        shadow=0.2)
        shots.append(sim.photograph(image, shot, rng))
    order = list(reversed(range(len(shots))))
    record = read_photos([shots[k] for k in order], WH)
    assert [p.layout for p in record.pages] == [part_id(i) for i, _v in parts]
    for page, (index, truth) in zip(record.pages, parts, strict=True):
        paper = part_sheet(index).on_paper(truth)  # cells in digits, as the pen writes them
        wrong = [f.name for f in page.fields if f.status != "ask"
                 and f.value != paper.get(f.name, "")]
        assert wrong == [], page.layout
    confirmed = [{f.name: truth.get(f.name, f.value) for f in page.fields}
                 for page, (_i, truth) in zip(record.pages, parts, strict=True)]
    assert check_read(WH, confirmed, by_page=True)["ok"]

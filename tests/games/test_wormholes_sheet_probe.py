"""The record checked again from the turn a change touches (``sheet.probe``) gives the very
report the whole check gives, on played records with fields changed the ways a photo misreads
them (a digit another digit, a field emptied or filled, a side or a ship ticked otherwise)."""

from __future__ import annotations

import random

import pytest

from pnp.games.wormholes.sheet.check import check_sheet
from pnp.games.wormholes.sheet.pages import split_pages
from pnp.games.wormholes.sheet.probe import Probe
from pnp.sheetread.simulate import played_fields


def _records() -> list[dict[str, str]]:
    out = []
    for stream in ("probe/0", "probe/1", "probe/2"):
        fields = played_fields("wormholes", 7, players=2, stream=stream)
        assert fields is not None
        out.append(fields)
    return out


RECORDS = _records()


def _pages() -> list[dict[str, str]]:
    """Each record's front page and first continuation page, as a photo of one page has them."""
    pages = []
    for fields in RECORDS:
        split = split_pages(fields)
        pages.append(split[0])
        pages += [{**more, "seed": fields.get("seed", "")} for more in split[1:2]]
    return pages


def _misread(value: str, rng: random.Random) -> str:
    how = rng.randrange(6)
    if how == 0 or not value:
        return rng.choice(["", "3", "O", "D", "S", "M", "113", "a5", "0"])
    if how == 1:
        return ""
    i = rng.randrange(len(value))
    if value[i].isdigit():
        return value[:i] + str(rng.randrange(10)) + value[i + 1:]
    return value[:i] + rng.choice("ODSMCA") + value[i + 1:]


@pytest.mark.parametrize("page", range(len(_pages())))
def test_probe_gives_the_whole_check(page: int) -> None:
    fields = _pages()[page]
    rng = random.Random(page)
    probe = Probe(fields)
    assert probe.check({}) == check_sheet(fields)
    names = [n for n in fields if (n[0] in "tr" and n[1].isdigit()) or n.startswith("wh_")]
    written = [n for n in names if fields[n].strip()]
    for _ in range(120):
        chosen = rng.sample(written if rng.random() < 0.8 else names, rng.choice([1, 1, 2, 3]))
        changes = {n: _misread(fields[n], rng) for n in chosen}
        whole = check_sheet({**fields, **changes})
        assert probe.check(changes) == whole, changes
        assert probe.wrong(changes) == {line["field"] for line in whole["lines"]
                                        if not line["ok"]}, changes


def test_a_wormholes_cell_moved_rechecks_the_rows_that_land_there() -> None:
    """A wormhole's cell read otherwise (a front page's layout, the reader's commonest try)
    is checked from the rows that asked about either cell, not the whole record; moving a
    coin onto or off a cell a ship lands on changes the rows from there."""
    fields = _pages()[0]
    probe = Probe(fields)
    layout = sorted(n for n in fields if n.startswith("wh_"))
    assert layout
    for name in layout:
        for cell in ("101", "913", "57", "", fields[name][:-1] + "9"):
            changes = {name: cell}
            assert probe.check(changes) == check_sheet({**fields, **changes}), changes
    landed = next(fields[f"t{n}_to1"] for n in range(1, 31) if fields.get(f"t{n}_to1"))
    first = min(layout)
    assert probe.check({first: landed}) == check_sheet({**fields, first: landed})
    assert probe.check({first: landed, "t2_to1": "11"}) == \
        check_sheet({**fields, first: landed, "t2_to1": "11"})


def test_probe_checks_other_fields_whole() -> None:
    fields = _pages()[0]
    probe = Probe(fields)
    for changes in ({"winner": "O"}, {"turns": "9"}, {"wh_S1": "c5"}, {"two_ships": "x"}):
        assert probe.check(changes) == check_sheet({**fields, **changes})


def test_pages_probe_gives_the_whole_check_of_the_record() -> None:
    """A record given page by page (the tracker's several photos): changes on any one page
    checked from the turn they touch agree with ``check_pages`` of the whole record."""
    from pnp.games.wormholes.sheet.check import check_pages
    from pnp.games.wormholes.sheet.probe import PagesProbe

    rng = random.Random(11)
    long = [split_pages(fields) for fields in RECORDS if len(split_pages(fields)) > 1]
    assert long, "a record of several pages"
    for pages in long:
        for index, page in enumerate(pages):
            probe = PagesProbe(pages, index)
            assert probe.check({}) == check_pages(pages)
            names = [n for n in page if n[0] in "tr" and n[1].isdigit()] + ["page", "seed"]
            for _ in range(60):
                changes = {n: _misread(page.get(n, ""), rng)
                           for n in rng.sample(names, rng.choice([1, 1, 2]))}
                changed = [*pages[:index], {**page, **changes}, *pages[index + 1:]]
                whole = check_pages(changed)
                assert probe.check(changes) == whole, (index, changes)
                assert probe.wrong(changes) == {line["field"] for line in whole["lines"]
                                                if not line["ok"]}, (index, changes)

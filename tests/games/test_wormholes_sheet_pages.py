"""The Wormholes record in pages: any game fits (front page + numbered continuation pages), the
longest two-ship games round-trip page by page, and a page missing, out of order, unnumbered,
given twice or from another kit is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine.steps import Played, Step
from pnp.games.wormholes.sheet import (
    SHEET,
    check_pages,
    check_sheet,
    fields_from_play,
    page_of,
    page_turns,
    split_pages,
)
from tests.games.wormholes_greedy import GAME, play_greedy

LONG_SEEDS = (1, 17)  # greedy two-ship games of 220 and 230 turns
LONGEST_SEEDS = (53, 61, 105, 137, 183)  # 304, 317, 330, 390 and 634 turns (slow)


def failures(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [line for line in report["lines"] if not line["ok"]]


def record(seed: int) -> dict[str, str]:
    states, events = play_greedy(seed)
    assert states[-1].winner is not None, "the greedy game ended"
    fields = fields_from_play(states, events)
    fields["seed"] = str(seed)
    return fields


@pytest.fixture(scope="module")
def long_record() -> dict[str, str]:
    fields = record(LONG_SEEDS[1])
    assert int(fields["turns"]) > 200
    return fields


def round_trip(fields: dict[str, str]) -> None:
    turns = int(fields["turns"])
    pages = split_pages(fields)
    assert len(pages) == page_of(turns) and [p.get("page") for p in pages[1:]] == [
        str(n) for n in range(2, len(pages) + 1)]
    assert all(not k.startswith("t") or int(k[1:].split("_")[0]) <= 30 for k in pages[0]
               if k[1:2].isdigit())
    flat = check_sheet(fields)
    assert failures(flat) == [] and flat["ok"] and flat["turns"] == turns
    paged = check_pages(pages)
    assert failures(paged) == [] and paged["ok"] and paged["turns"] == turns
    assert paged["pages"] == list(range(1, len(pages) + 1))
    totals: Any = paged["totals"]
    assert totals == flat["totals"] and totals["winner"]


@pytest.mark.parametrize("seed", LONG_SEEDS)
def test_long_two_ship_games_round_trip_page_by_page(seed: int) -> None:
    round_trip(record(seed))


@pytest.mark.slow
@pytest.mark.parametrize("seed", LONGEST_SEEDS)
def test_the_longest_two_ship_games_round_trip(seed: int) -> None:
    fields = record(seed)
    assert int(fields["turns"]) >= 300
    round_trip(fields)


def test_the_sheet_spec_writes_any_game_never_none(long_record: dict[str, str]) -> None:
    states, events = play_greedy(LONG_SEEDS[1])
    steps = tuple(Step(i, GAME.notation(e), e, None, s)
                  for i, (e, s) in enumerate(zip(events, states[1:], strict=True)))
    play = Played(("Olga", "Dana"), LONG_SEEDS[1], {}, states[0], steps)
    fields = SHEET.fields_from_play(play)
    assert fields is not None and fields["turns"] == long_record["turns"]
    assert fields["orthogon"] == "Olga" and fields["seed"] == str(LONG_SEEDS[1])
    sheet = SHEET.filled(fields, play)
    titles = [s.title for s in sheet.sections]
    last = page_of(int(fields["turns"]))
    assert titles[1] == "Turns 1-30 (front page)"
    assert titles[-1].startswith(f"Continuation page {last}: turns {page_turns(last).start}-")
    assert sum(len(s.rows) for s in sheet.sections[1:]) == int(fields["turns"])


def test_a_missing_page_is_named(long_record: dict[str, str]) -> None:
    pages = split_pages(long_record)
    del pages[3]  # continuation page 4: turns 123-168
    bad = failures(check_pages(pages))
    assert bad[0]["field"] == "t123_side"
    assert bad[0]["why"] == ("continuation page 4 (turns 123-168) is missing: turn 169 is "
                             "written on page 5")
    # the checker reads on from the next page's rows: nothing else is held against them
    assert [line for line in bad if line["why"].startswith("WH")] == []


def test_a_missing_front_page_is_named(long_record: dict[str, str]) -> None:
    bad = failures(check_pages(split_pages(long_record)[1:]))
    assert any(line["why"].startswith("the front page (turns 1-30) is missing") for line in bad)


def test_pages_out_of_order_are_named(long_record: dict[str, str]) -> None:
    pages = split_pages(long_record)
    pages[3], pages[4] = pages[4], pages[3]
    report = check_pages(pages)
    bad = failures(report)
    assert bad[0]["field"] == "page" and bad[0]["value"] == "4"
    assert bad[0]["why"] == "page 4 comes after page 5: give the pages in page order (1, 2, 3...)"
    assert len(bad) == 1 and not report["ok"]  # read in page order, the turns themselves check


def test_a_page_given_twice_unnumbered_or_of_another_seed_is_named(
        long_record: dict[str, str]) -> None:
    pages = split_pages(long_record)
    twice = failures(check_pages([*pages[:3], pages[2], *pages[3:]]))
    assert twice[0]["why"] == ("page 3 is given twice (the 3rd and the 4th page): only the "
                               "first is read")
    unnumbered = [dict(p) for p in pages]
    unnumbered[2]["page"] = ""
    bad = failures(check_pages(unnumbered))
    assert bad[0]["field"] == "page" and bad[0]["expected"] == "3"
    assert bad[0]["why"].startswith("the 3rd page given has no page number: write it in its "
                                    "Page boxes (3 if it follows page 2)")
    assert len(bad) == 1
    wrong = [dict(p) for p in pages]
    wrong[1]["page"] = "1"
    assert "numbered 2 to 99" in failures(check_pages(wrong))[0]["why"]
    other = [dict(p) for p in pages]
    other[2]["seed"] = "999"
    bad = failures(check_pages(other))
    assert bad[0]["field"] == "seed" and "page 3 is from the kit of seed 999" in bad[0]["why"]


def test_the_kit_form_holds_the_front_and_one_continuation_page() -> None:
    """The fillable kit (and the web form) name a continuation page's rows by their place:
    with its number written they are the turns that page holds."""
    states, events = play_greedy(2)  # 59 turns
    fields = fields_from_play(states, events)
    assert 30 < int(fields["turns"]) <= 76
    front, more = split_pages(fields)
    form = {**front, **more}
    assert form["page"] == "2" and "t31_side" not in form and "r1_side" in form
    report = check_sheet(form)
    assert failures(report) == [] and report["turns"] == int(fields["turns"])
    bad = failures(check_sheet({**form, "page": ""}))
    assert bad[0]["field"] == "page" and "no page number" in bad[0]["why"]


def test_a_blank_row_between_turns_is_named(long_record: dict[str, str]) -> None:
    fields = {k: v for k, v in long_record.items() if not k.startswith("t5_")}
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t5_side"
    assert bad[0]["why"].startswith("turn 5 is blank but turn 6 is written: every turn takes "
                                    "the next row")


def test_check_sheet_reads_a_json_record_in_pages(long_record: dict[str, str],
                                                  tmp_path: Path) -> None:
    from pnp.sheets import check_sheet_file

    path = tmp_path / "pages.json"
    path.write_text(json.dumps({"game": "wormholes", "pages": split_pages(long_record)}))
    report = check_sheet_file(path)
    assert report["ok"] and report["pages"] == list(range(1, 7))
    pages = split_pages(long_record)
    pages[2]["page"] = "5"
    path.write_text(json.dumps({"pages": pages}))  # the game guessed from the fields
    report = check_sheet_file(path)
    assert report["game"] == "wormholes" and not report["ok"]


_NAMES = ["page", "seed", "t1_side", "t1_dice", "t31_side", "r1_side", "r1_dice", "r1_ship1",
          "r1_from1", "r1_to1", "r2_side", "r46_back2", "r47_side", "r0_side", "winner"]
_VALUES = ["", "2", "3", "99", "100", "0", "-1", "x", "O", "D", "S3 M2", "a18", "e5>e9", "7"]


@given(st.lists(st.dictionaries(st.sampled_from(_NAMES),
                                st.one_of(st.sampled_from(_VALUES), st.text(max_size=6)),
                                max_size=8), max_size=5))
@settings(max_examples=200, deadline=None)
def test_any_pages_get_a_report_never_an_exception(pages: list[dict[str, str]]) -> None:
    report = check_pages(pages)
    assert report["game"] == "wormholes" and isinstance(report["pages"], list)
    for line in failures(report):
        assert line["why"] and isinstance(line["expected"], str)
    flat: dict[str, str] = {k: v for p in pages for k, v in p.items()}
    assert check_sheet(flat)["game"] == "wormholes"

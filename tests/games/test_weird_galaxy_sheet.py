"""Weird Galaxy Trade Mission Worksheet checker: tiles as players write them, WG-4, WG-5."""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.weird_galaxy.sheet import ROWS, check_sheet, field_names, read_tile


def lines(report: dict[str, object]) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], report["lines"])


@pytest.mark.parametrize("text,tile", [
    ("f4", ("f", 4)), ("4F", ("f", 4)), ("4 of Summer", ("f", 4)), ("summer 4", ("f", 4)),
    ("Ace Moons", ("b", 1)), ("null, suns", ("a", 0)), ("moon 3", ("b", 3)),
    ("aN", ("a", 0)), ("Winters 2", ("h", 2)), ("five crowns", ("c", 5)),
])
def test_reads_tiles_as_players_write_them(text: str, tile: tuple[str, int]) -> None:
    assert read_tile(text) == tile


@pytest.mark.parametrize("text", ["", "x9", "a6", "4 of Hearts", "summer", "1 2 3"])
def test_unreadable_tiles(text: str) -> None:
    assert read_tile(text) is None


def test_the_texts_example_checks_out() -> None:
    report = check_sheet({"m1_source": "4 of Suns", "m1_dest": "4 of Summer",
                          "m1_payoff": "3", "m1_paid": "3", "total_paid": "3"})
    assert report["ok"] is True and report["missions"] == 1


def test_wrong_payoff_same_suit_and_bad_total_are_pointed_at() -> None:
    report = check_sheet({
        "m1_source": "b5", "m1_dest": "cN", "m1_payoff": "4",   # distance 4 -> 2
        "m2_source": "a2", "m2_dest": "a3", "m2_payoff": "1",   # same suit: impossible
        "m3_source": "h2", "m3_dest": "f2", "m3_payoff": "6", "m3_paid": "x",
        "m4_source": "zz", "m4_dest": "c3",
        "total_paid": "5",
    })
    assert report["ok"] is False
    bad = {(line["field"], line["expected"]) for line in lines(report) if not line["ok"]}
    assert bad == {("m1_payoff", "2"), ("m2_dest", "another suit than the source"),
                   ("m4_source", "a tile"), ("total_paid", "6")}
    why = {line["field"]: line["why"] for line in lines(report)}
    assert why["m1_payoff"].startswith("WG-5") and why["m2_dest"].startswith("WG-4")


def test_paid_amount_must_equal_the_payoff() -> None:
    report = check_sheet({"m1_source": "aN", "m1_dest": "e5", "m1_payoff": "2",
                          "m1_paid": "$3", "total_paid": "2"})
    assert [line["field"] for line in lines(report) if not line["ok"]] == ["m1_paid"]


def test_empty_sheet_and_field_names() -> None:
    assert check_sheet({})["ok"] is True
    names = field_names()
    assert len(names) == 1 + 5 * ROWS + 1 and len(set(names)) == len(names)
    assert "m40_paid" in names and "m40_dist" in names and "total_paid" in names


def test_the_distance_ties_a_row_to_its_tiles() -> None:
    """The worksheet's version 3 has the distance before the payoff: checked from the tiles
    (WG-5), and a row without one (a version 2 print) is checked as before."""
    row = {"m1_source": "b5", "m1_dest": "cN", "m1_payoff": "2", "total_paid": "0"}
    assert check_sheet(row)["ok"] is True
    assert [ln["field"] for ln in lines(check_sheet(row))] == ["m1_source", "m1_dest",
                                                              "m1_payoff", "total_paid"]
    report = check_sheet({**row, "m1_dist": "4"})
    assert report["ok"] is True
    assert [(ln["field"], ln["expected"]) for ln in lines(report)
            if ln["field"] == "m1_dist"] == [("m1_dist", "4")]
    # a distance misread (or miscounted) is pointed at, even when its half is the payoff
    bad = [ln for ln in lines(check_sheet({**row, "m1_dist": "3"})) if not ln["ok"]]
    assert [(ln["field"], ln["expected"]) for ln in bad] == [("m1_dist", "4")]
    assert bad[0]["why"].startswith("WG-5: the city-block distance from b5 to cN")


# -- the worksheet and ledger written from a played game (the tracker's result PDF) ------------
@pytest.mark.parametrize("seed,n", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 2)])
def test_greedy_games_written_from_play_check_out(seed: int, n: int) -> None:
    from pnp.games.weird_galaxy.ledger import check_all, fields_from_play
    from tests.games.test_weird_galaxy_properties import greedy, playout

    log, states, events = playout(seed, "seeded", n, 30_000, chooser=greedy)
    final = states[-1]
    assert final.winner is not None
    fields = fields_from_play(states, events, log.players)
    assert fields is not None
    report = check_all(fields)
    assert report["ok"], [line for line in lines(report) if not line["ok"]]
    assert report["missions"] == len(final.missions) and report["players"] == n
    paid = sum(m.payoff for m in final.missions if m.completed_by is not None)
    assert fields["total_paid"] == str(paid) and paid > 0
    for seat, player in enumerate(final.players):
        assert fields[f"p{seat + 1}_name"] == log.players[seat]
        assert fields[f"p{seat + 1}_balance"] == str(player.balance)
    # the fees cross-check and the payoff cross-check were both made
    assert {"all_fees", "all_earned"} <= {line["field"] for line in lines(report)}


def test_a_game_with_more_missions_than_rows_fills_the_worksheet_only() -> None:
    from pnp.games.weird_galaxy.ledger import fields_from_play
    from tests.games.test_weird_galaxy_properties import playout

    _, states, events = playout(3, "seeded", 2, 30_000)  # random play rolls many missions
    assert len(states[-1].missions) > ROWS
    fields = fields_from_play(states, events)
    assert fields is not None and f"m{ROWS}_source" in fields
    assert not any(k.startswith("p1_") for k in fields)
    assert check_sheet(fields)["ok"]


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=2, max_value=5),
       st.floats(min_value=0.0, max_value=1.0))
def test_any_greedy_game_cut_anywhere_writes_a_sheet_that_checks_out(seed: int, n: int,
                                                                     cut: float) -> None:
    """Property: at any point of a seeded game (and at its end) the worksheet and ledger
    written from the play so far pass the checkers."""
    from pnp.games.weird_galaxy.ledger import check_all, fields_from_play
    from tests.games.test_weird_galaxy_properties import greedy, playout

    log, states, events = playout(seed, "seeded", n, 30_000, chooser=greedy)
    k = round(cut * len(events))
    for upto in (k, len(events)):
        fields = fields_from_play(states[:upto + 1], events[:upto], log.players)
        assert fields is not None
        report = check_all(fields)
        assert report["ok"], (upto, [line for line in lines(report) if not line["ok"]])


def test_probe_reads_again_only_the_changed_rows_and_gives_the_whole_check() -> None:
    """``Probe`` (the photo reader's quick check) agrees with ``check_sheet`` line for line,
    with fields changed the ways a photo misreads them."""
    import random

    from pnp.games.weird_galaxy.sheet import Probe
    from pnp.sheetread.simulate import played_fields

    rng = random.Random(5)
    for stream in ("probe/0", "probe/1"):
        fields = played_fields("weird-galaxy", 7, players=3, stream=stream)
        assert fields is not None
        probe = Probe(fields)
        assert probe.check({}) == check_sheet(fields)
        names = [n for n in field_names() if n != "seed"]
        for _ in range(150):
            changes = {n: rng.choice(["", "3", "a4", "b0", "12", "x", fields.get(n, "") + "1"])
                       for n in rng.sample(names, rng.choice([1, 1, 2, 3]))}
            assert probe.check(changes) == check_sheet({**fields, **changes}), changes
            wrong = {str(ln["field"]) for ln in lines(check_sheet({**fields, **changes}))
                     if not ln["ok"]}
            assert probe.wrong(changes) == wrong, changes


def test_a_field_changes_only_the_lines_it_bears_on() -> None:
    """``bears_on`` (the reader settles a row line by line with it) names every line a
    field's value can change: a change to one field, then to it beside another changed field
    of its row, never turns a line it does not name right or wrong."""
    import random

    from pnp.games.weird_galaxy.sheet import bears_on
    from pnp.sheetread.simulate import played_fields

    def status(f: dict[str, str]) -> dict[str, bool]:
        out: dict[str, bool] = {}
        for ln in lines(check_sheet(f)):
            out[ln["field"]] = out.get(ln["field"], True) and bool(ln["ok"])
        return out

    rng = random.Random(19)
    values = ["", "3", "a4", "b0", "c5", "h2", "12", "7", "x"]
    fields = played_fields("weird-galaxy", 7, players=3, stream="probe/0")
    assert fields is not None
    names = [n for n in field_names() if n != "seed"]
    for _ in range(400):
        name = rng.choice(names)
        other = f"{name.split('_')[0]}_{rng.choice(['source', 'dest', 'dist', 'payoff'])}"
        base = {**fields, other: rng.choice(values)} if other in names else dict(fields)
        before, after = status(base), status({**base, name: rng.choice(values)})
        moved = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
        assert moved <= bears_on(name), (name, moved)

"""The Galaxy Trucker score-sheet checker: sheets written from the engine's own end-of-round
pay (a whole replayed game) check clean, and each kind of slip is caught with its rule."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pnp.games.galaxy_trucker.game as game_module
from pnp.engine import log_from_json, replay
from pnp.games.galaxy_trucker.rounds import settle
from pnp.games.galaxy_trucker.sheet import (
    COLOURS,
    LINES,
    ROUNDS,
    check_sheet,
    field_names,
    flight_cap,
)
from pnp.games.galaxy_trucker.state import BEST_LOOKING
from pnp.sheets import check_sheet as check_any
from pnp.sheets import sheet_fields

GOLDEN = Path(__file__).parent / "data" / "galaxy_trucker_game_seed13.json"
HISTORY = re.compile(r"round (\w+): (?:place (\d)|gave up) \+(\d+), best-looking \+(\d+), "
                     r"goods \+(\d+), lost components -(\d+) -> (\d+)")


def engine_sheet() -> tuple[dict[str, str], list[int]]:
    """Replay the golden game, recording each end-of-round pay the engine makes, and write
    every player's page from it: the counts from the state it paid, the sums from its own
    history lines."""
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    log = log_from_json(data["log"])
    calls: list[tuple[Any, ...]] = []

    def spy(round_name: str, truckers: Any, finish: Any, penalties: Any) -> Any:
        out = settle(round_name, truckers, finish, penalties)
        calls.append((round_name, truckers, finish, out))
        return out

    mp = pytest.MonkeyPatch()
    mp.setattr(game_module, "settle", spy)
    try:
        result = replay(log)
    finally:
        mp.undo()
    assert result.ok, result.error
    fields = {"seed": "13"}
    before = [0] * len(log.players)
    for rnd, truckers, finish, out in calls:
        exposed = {s: truckers[s].ship.exposed_connectors for s in finish}
        for seat, (t, paid) in enumerate(zip(truckers, out, strict=True)):
            p = f"p{seat + 1}_r{rnd}_"
            m = HISTORY.fullmatch(paid.history[-1])
            assert m is not None and m.group(1) == rnd
            place, reward, looks, sale, loss, credits = m.groups()[1:]
            if place:
                fields[p + "place"] = place
                fields[p + "exposed"] = str(exposed[seat])
                fields[p + "fewest"] = str(min(exposed.values()))
            else:
                fields[p + "gaveup"] = "x"
            fields[p + "flight"] = str(t.credits - before[seat])
            for colour in COLOURS:
                fields[p + colour] = str(t.goods_list.count(colour[0].upper()))
            fields[p + "finish"] = reward
            fields[p + "looks"] = looks
            fields[p + "goods"] = sale
            fields[p + "lost"] = str(t.lost)
            fields[p + "loss"] = loss
            fields[p + "round"] = str(t.credits - before[seat] + int(reward) + int(looks)
                                      + int(sale) - int(loss))
            fields[p + "credits"] = credits
            before[seat] = int(credits)
    for seat, name in enumerate(log.players):
        fields[f"p{seat + 1}_name"] = name
        fields[f"p{seat + 1}_total"] = str(before[seat])
    assert before == data["expect"]["scores"]
    return fields, before


@pytest.fixture(scope="module")
def golden_sheet() -> dict[str, str]:
    return engine_sheet()[0]


def lines_by_field(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {line["field"]: line for line in report["lines"]}


def bad(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {k: v for k, v in lines_by_field(report).items() if not v["ok"]}


def test_field_names_are_unique_and_registered() -> None:
    names = field_names()
    assert len(names) == len(set(names)) == 1 + 4 * (2 + 4 * len(LINES))
    assert "p2_r3a_credits" in names and "p4_total" in names
    assert sheet_fields("galaxy-trucker") == names


def test_the_engines_own_pay_checks_clean(golden_sheet: dict[str, str]) -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    names, scores = data["log"]["players"], data["expect"]["scores"]
    report = check_sheet(golden_sheet)
    assert bad(report) == {}
    assert report["ok"] and report["players"] == len(names)
    assert report["rounds"] == data["log"]["setup"]["rounds"]
    totals = report["totals"]
    assert isinstance(totals, dict)
    assert [totals[f"p{i + 1}_total"] for i in range(len(names))] == [str(s) for s in scores]
    assert totals["winners"] == ", ".join(n for n, s in zip(names, scores, strict=True) if s >= 1)
    assert check_any("galaxy-trucker", golden_sheet)["ok"]
    # the game exercises every rule the sheet recomputes
    keys = [k for k in golden_sheet if re.fullmatch(r"p\d_r\w+_place", k)]
    looks = {golden_sheet[k.replace("place", "looks")] for k in keys}
    assert "0" in looks and len(looks) > 1  # best-looking paid to some finishers, not all
    assert any(v == "x" for k, v in golden_sheet.items() if k.endswith("_gaveup"))
    assert any(int(golden_sheet[k]) < int(golden_sheet[k.replace("_loss", "_lost")])
               for k in golden_sheet if k.endswith("_loss"))  # a loss capped by the board
    floored = False  # credits would have gone below 0 and stopped at 0
    for seat in range(1, len(names) + 1):
        before = 0
        for rnd in data["log"]["setup"]["rounds"]:
            p = f"p{seat}_r{rnd}_"
            floored |= before + int(golden_sheet[p + "round"]) < 0
            before = int(golden_sheet[p + "credits"])
    assert floored


def _slip(sheet: dict[str, str], kind: str) -> tuple[str, str]:
    """A field of the engine's sheet and a wrong value of the kind asked for."""
    places = [k for k in sheet if re.fullmatch(r"p\d_r\w+_place", k)]
    if kind == "finish":
        k = places[0].replace("place", "finish")
        return k, str(int(sheet[k]) + 1)
    if kind in ("looks-owed", "looks-not-owed"):
        for key in places:
            k = key.replace("place", "looks")
            rnd = k.split("_")[1][1:]
            if (sheet[k] == "0") == (kind == "looks-owed"):
                return k, str(BEST_LOOKING[rnd]) if sheet[k] == "0" else "0"
    if kind == "goods":
        k = next(k for k in sheet if k.endswith("_goods"))
        return k, str(int(sheet[k]) + 2)
    if kind == "cap":
        k = next(k for k in sheet if k.endswith("_loss")
                 and int(sheet[k]) < int(sheet[k.replace("_loss", "_lost")]))
        return k, sheet[k.replace("_loss", "_lost")]
    if kind == "round":
        k = next(k for k in sheet if k.endswith("_round"))
        return k, str(int(sheet[k]) + 5)
    if kind == "floor":
        for seat in range(1, 5):
            before = 0
            for rnd in ROUNDS:
                p = f"p{seat}_r{rnd}_"
                if p + "round" not in sheet:
                    continue
                if before + int(sheet[p + "round"]) < 0:
                    return p + "credits", str(before + int(sheet[p + "round"]))
                before = int(sheet[p + "credits"])
    raise AssertionError(f"the golden game has no {kind} case")


@pytest.mark.parametrize("kind, rule", [
    ("finish", "GT-6"), ("looks-owed", "GT-6"), ("looks-not-owed", "GT-6"), ("goods", "GT-6"),
    ("cap", "GT-6"), ("round", "in flight"), ("floor", "never below 0"),
])
def test_each_slip_is_caught(golden_sheet: dict[str, str], kind: str, rule: str) -> None:
    field, value = _slip(golden_sheet, kind)
    assert golden_sheet[field] != value
    report = check_sheet({**golden_sheet, field: value})
    wrong = bad(report)
    assert field in wrong, wrong
    assert wrong[field]["expected"] == golden_sheet[field]
    assert rule in wrong[field]["why"]
    assert not report["ok"]


def test_a_wrong_line_changes_nothing_downstream(golden_sheet: dict[str, str]) -> None:
    """The chain is recomputed from counts, so one slip is one red line, not a cascade."""
    field = "p1_r1_credits"
    report = check_sheet({**golden_sheet, field: str(int(golden_sheet[field]) + 5)})
    assert set(bad(report)) == {field}


def test_a_wrong_count_moves_the_sums(golden_sheet: dict[str, str]) -> None:
    """More goods written than sold by a player still in credit at the end: the price, the
    round, the credits and the total all follow."""
    rounds = [r for r in ROUNDS if f"p1_r{r}_round" in golden_sheet]
    seat = next(s for s in range(1, 5) if int(golden_sheet.get(f"p{s}_total", "0")) > 0)
    last = f"p{seat}_r{rounds[-1]}_"
    finished = bool(golden_sheet.get(last + "place"))
    report = check_sheet({**golden_sheet, last + "blue": str(int(golden_sheet[last + "blue"])
                                                            + 2)})
    assert set(bad(report)) == {last + "goods", last + "round", last + "credits",
                                f"p{seat}_total"}
    gain = 2 if finished else 1
    assert lines_by_field(report)[f"p{seat}_total"]["expected"] == str(
        int(golden_sheet[f"p{seat}_total"]) + gain)


def test_goods_are_halved_and_rounded_up_after_giving_up() -> None:
    f = {"p1_name": "Ada", "p1_r2_gaveup": "x", "p1_r2_red": "1", "p1_r2_green": "1",
         "p1_r2_blue": "1", "p1_r2_goods": "4", "p1_r2_finish": "0", "p1_r2_looks": "0",
         "p1_r2_loss": "0", "p1_r2_round": "4", "p1_r2_credits": "4", "p1_total": "4"}
    assert check_sheet(f)["ok"]  # (4 + 2 + 1) / 2 = 3.5 -> 4
    wrong = bad(check_sheet({**f, "p1_r2_goods": "7", "p1_r2_round": "7", "p1_r2_credits": "7",
                             "p1_total": "7"}))
    assert "halved" in wrong["p1_r2_goods"]["why"] and wrong["p1_r2_goods"]["expected"] == "4"


def test_losses_are_capped_by_the_rounds_board_and_3a_has_no_cap() -> None:
    base = {"p1_name": "Ada", "p1_r1_place": "1", "p1_r1_finish": "4", "p1_r1_looks": "0",
            "p1_r1_goods": "0"}
    for rnd, cap in (("1", 5), ("2", 8), ("3", 11), ("3a", 20)):
        f = {"p1_name": "Ada", f"p1_r{rnd}_place": "1", f"p1_r{rnd}_lost": "20"}
        lines = lines_by_field(check_sheet(f))
        assert lines[f"p1_r{rnd}_loss"]["expected"] == str(cap), rnd
    assert lines_by_field(check_sheet(base))["p1_r1_credits"]["expected"] == "4"


def test_places_are_distinct_and_a_place_or_giving_up_is_needed() -> None:
    f = {"p1_name": "A", "p2_name": "B", "p1_r1_place": "1", "p2_r1_place": "1",
         "p3_name": "C", "p3_r1_lost": "2"}
    wrong = bad(check_sheet(f))
    assert "GT-5" in wrong["p2_r1_place"]["why"]
    assert "gave up" in wrong["p3_r1_place"]["why"]
    both = bad(check_sheet({"p1_r1_place": "2", "p1_r1_gaveup": "x"}))
    assert "no finish place" in both["p1_r1_gaveup"]["why"]
    out = bad(check_sheet({"p1_r1_place": "5"}))
    assert out["p1_r1_place"]["expected"] == "1-4"


def test_fewest_exposed_is_cross_checked() -> None:
    f = {"p1_r1_place": "1", "p1_r1_exposed": "3", "p1_r1_fewest": "5",
         "p2_r1_place": "2", "p2_r1_exposed": "5", "p2_r1_fewest": "5"}
    wrong = bad(check_sheet(f))
    assert wrong["p1_r1_fewest"]["expected"] == "at most 3"  # above its own count
    assert wrong["p2_r1_fewest"]["expected"] == "at most 3"  # the other page knows better
    assert wrong["p2_r1_looks"]["expected"] == "0"  # another finisher shows fewer
    assert wrong["p1_r1_looks"]["expected"] == "2"  # and that one is the best-looking


def test_unchecked_best_looking_accepts_only_the_rounds_bonus() -> None:
    ok = lines_by_field(check_sheet({"p1_r3_place": "2", "p1_r3_looks": "6"}))
    assert ok["p1_r3_looks"]["ok"]
    no = lines_by_field(check_sheet({"p1_r3_place": "2", "p1_r3_looks": "5"}))
    assert not no["p1_r3_looks"]["ok"] and no["p1_r3_looks"]["expected"] == "0 or 6"


def test_flight_credits_are_bounded_by_the_rounds_cards() -> None:
    assert flight_cap("1") == 4 + 3 + 5 + 4 + 0  # the four paying level-I cards (of 8 drawn)
    assert flight_cap("3") > flight_cap("2") > flight_cap("1")
    wrong = bad(check_sheet({"p1_r1_place": "1", "p1_r1_flight": str(flight_cap("1") + 1)}))
    assert "GT-7" in wrong["p1_r1_flight"]["why"]


@pytest.mark.parametrize("junk", ["abc", "1.5", "-3", "²", "9" * 12, "\x00"])
def test_junk_is_a_clear_line_not_a_crash(junk: str) -> None:
    report = check_sheet({"p1_r1_place": "1", "p1_r1_lost": junk, "p1_r1_red": junk,
                          "p1_r1_place_extra": junk, "p1_total": junk})
    wrong = bad(report)
    assert wrong["p1_r1_lost"]["expected"] == "a whole number, 0 or more"
    assert not report["ok"]


def test_an_empty_sheet_says_what_is_missing() -> None:
    report = check_sheet({"seed": "4"})
    assert not report["ok"] and "no player" in report["lines"][0]["why"]
    assert report["rounds"] == []


def test_every_round_column_is_read() -> None:
    for rnd in ROUNDS:
        report = check_sheet({f"p1_r{rnd}_place": "1"})
        assert report["rounds"] == [rnd]


# -- the sheet written from a played game (the tracker's result PDF) ---------------------------
def _played(log: Any) -> tuple[list[Any], list[Any]]:
    from pnp.games.galaxy_trucker import GAME

    states = [GAME.initial_state(log.setup, log.players, log.seed)]
    events = []
    for text in log.events:
        events.append(GAME.parse(text))
        states.append(GAME.apply(states[-1], events[-1]))
    return states, events


def test_the_golden_game_written_from_play_is_the_engines_pay_and_checks_out() -> None:
    from pnp.games.galaxy_trucker.sheet import fields_from_play

    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    states, events = _played(log_from_json(data["log"]))
    fields = fields_from_play(states, events)
    assert fields is not None
    # every line as the end-of-round pay wrote it, and the card that paid Bo in flight
    assert fields == {**engine_sheet()[0], "p2_r3_cards": "I-12"}
    report = check_sheet(fields)
    assert report["ok"], bad(report)
    totals = report["totals"]
    assert isinstance(totals, dict)
    assert [int(totals[f"p{s + 1}_total"]) for s in range(3)] == data["expect"]["scores"]


def test_an_unfinished_game_has_its_played_rounds_and_no_total() -> None:
    from pnp.games.galaxy_trucker.sheet import fields_from_play

    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    states, events = _played(log_from_json(data["log"]))
    cut = next(i for i, s in enumerate(states) if len(s.truckers[0].history) == 2)
    fields = fields_from_play(states[:cut + 1], events[:cut])
    assert fields is not None and "p1_r2_credits" in fields and "p1_r3_place" not in fields
    assert not any(k.endswith("_total") for k in fields)


@pytest.mark.parametrize("seed,players,mode,rounds", [
    (1, 2, "seeded", "1,2,3"), (2, 3, "table", "1"), (3, 4, "seeded", "3a"),
    (4, 4, "table", "1,2,3,3a"), (5, 2, "seeded", "2,3"),
])
def test_random_engine_games_written_from_play_check_out(seed: int, players: int, mode: str,
                                                         rounds: str) -> None:
    from pnp.engine import new_log
    from pnp.engine.play import random_playout
    from pnp.engine.rng import Rng
    from pnp.games.galaxy_trucker import GAME
    from pnp.games.galaxy_trucker.sheet import fields_from_play

    log = new_log("galaxy-trucker", [f"P{i}" for i in range(players)], seed,
                  {"chance": mode, "rounds": rounds})
    final, events = random_playout(GAME, GAME.initial_state(log.setup, log.players, log.seed),
                                   Rng(seed, "test-playout"), 5000)
    states, parsed = _played(log.with_events([GAME.notation(e) for e in events]))
    assert states[-1] == final
    fields = fields_from_play(states, parsed)
    assert fields is not None
    report = check_sheet(fields)
    assert report["ok"], bad(report)
    assert report["rounds"] == rounds.split(",")
    assert [fields[f"p{s + 1}_total"] for s in range(players)] == [
        str(t.credits) for t in final.truckers]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=2, max_value=4),
       st.sampled_from(["seeded", "table"]),
       st.sampled_from(["1,2,3", "1", "3a", "1,2,3,3a", "2,3"]))
def test_any_engine_game_writes_pages_that_check_out(seed: int, players: int, mode: str,
                                                     rounds: str) -> None:
    """Property: the pages written from any random engine game pass the checker, and each
    player's total is the credits the engine ends with."""
    test_random_engine_games_written_from_play_check_out(seed, players, mode, rounds)


def test_credits_in_flight_are_recomputed_from_the_cards_written() -> None:
    from pnp.games.galaxy_trucker.cards import card
    from pnp.games.galaxy_trucker.sheet import cards_paid

    ship = card("I-13")  # an abandoned ship
    assert ship.kind == "ship" and cards_paid("i-13", "1") == (ship.credits, "")
    assert cards_paid("I-13 flaw", "1") == (ship.credits - 1, "")
    assert "pays no credits" in cards_paid("I-1", "1")[1]  # open space
    assert "round 1 flies none" in cards_paid("II-12", "1")[1]
    assert "not a card id" in cards_paid("I-99", "1")[1]


def test_a_flight_line_that_disagrees_with_its_cards_is_pointed_at() -> None:
    from pnp.games.galaxy_trucker.sheet import fields_from_play

    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    fields = fields_from_play(*_played(log_from_json(data["log"])))
    assert fields is not None
    wrong = {**fields, "p2_r3_flight": str(int(fields["p2_r3_flight"]) + 1)}
    report = check_sheet(wrong)
    bad_lines = [line for line in report["lines"] if not line["ok"]]
    assert bad_lines[0]["field"] == "p2_r3_flight"
    assert "the cards written (I-12) pay" in bad_lines[0]["why"]

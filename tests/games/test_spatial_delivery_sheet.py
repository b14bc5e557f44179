"""The Spatial Delivery score-sheet checker: sheets filled from real engine games check clean,
and each kind of slip (a bonus, a total, the winner, impossible counts) is caught and named."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import CHANCE, Rng, get_game, new_log
from pnp.games.spatial_delivery.events import Pass
from pnp.games.spatial_delivery.sheet import check_sheet, field_names, fields_from_play

GAME = get_game("spatial-delivery")


def play(seed: int, names: list[str]) -> tuple[Any, list[list[int]]]:
    """A seeded game played to the end by busy random players; points scored per round."""
    log = new_log("spatial-delivery", names, seed)
    state = GAME.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "sheet-test")
    per_round = [[0] * len(names) for _ in range(state.rounds)]
    before = [0] * len(names)
    rnd = state.round
    while (actor := GAME.actor(state)) is not None:
        if actor == CHANCE:
            event = GAME.dealt_outcome(state)
        else:
            choices = GAME.playout_choices(state)
            busy = [c for c in choices if not isinstance(c, Pass)]
            event = rng.choice(busy if busy and rng.below(5) else choices)
        state = GAME.apply(state, event)
        points = [s.points for s in state.seats]
        if state.round != rnd or state.phase == "over":
            for i, p in enumerate(points):
                per_round[rnd - 1][i] += p - before[i]
            before, rnd = points, state.round
    return state, per_round


def sheet_from(state: Any, per_round: list[list[int]], names: list[str]) -> dict[str, str]:
    summary = GAME.summary(state)
    fields = {"seed": "4", "rounds": str(state.rounds)}
    for i, name in enumerate(names):
        p = f"p{i + 1}_"
        fields[p + "name"] = name
        for n, row in enumerate(per_round):
            fields[f"{p}r{n + 1}"] = str(row[i])
        for colour, count in summary["first_delivery_tokens"][i].items():
            fields[f"{p}fd_{colour.lower()}"] = str(count)
        fields[p + "bonus"] = str(summary["bonus"][i])
        fields[p + "stations"] = str(9 - summary["stations_left"][i])
        fields[p + "total"] = str(summary["scores"][i])
    outcome = GAME.outcome(state)
    assert outcome is not None
    fields["winner"] = " & ".join(names[w] for w in outcome.winners)
    return fields


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, str], Any]:
    names = ["Alice", "Bob", "Carol"]
    state, per_round = play(4, names)
    return sheet_from(state, per_round, names), state


def test_a_sheet_from_a_real_game_checks_clean(played: tuple[dict[str, str], Any]) -> None:
    fields, state = played
    assert sum(int(fields[f"p{i}_total"]) for i in (1, 2, 3)) > 20  # a real game, not all passes
    report = check_sheet(fields)
    assert report["ok"], [ln for ln in report["lines"] if not ln["ok"]]  # type: ignore[union-attr]
    assert report["game"] == "spatial-delivery" and report["players"] == 3
    totals = report["totals"]
    assert isinstance(totals, dict)
    assert [int(totals[f"p{i}_total"]) for i in (1, 2, 3)] == GAME.scores(state)


def test_every_field_the_checker_reads_is_a_sheet_field(played: tuple[dict[str, str], Any]
                                                       ) -> None:
    fields, _ = played
    assert set(fields) <= set(field_names())
    assert len(field_names()) == len(set(field_names())) == 2 + 5 * 17 + 5 * 9 * 4 + 1


def written(seed: int, names: list[str]) -> dict[str, str]:
    """The sheet ``fields_from_play`` writes for a busy random game (the second page too)."""
    log = new_log("spatial-delivery", names, seed)
    states = [GAME.initial_state(log.setup, log.players, log.seed)]
    events: list[Any] = []
    rng = Rng(seed, "sheet-parts")
    while (actor := GAME.actor(states[-1])) is not None:
        if actor == CHANCE:
            event = GAME.dealt_outcome(states[-1])
        else:
            choices = GAME.playout_choices(states[-1])
            busy = [c for c in choices if not isinstance(c, Pass)]
            event = rng.choice(busy if busy and rng.below(5) else choices)
        events.append(event)
        states.append(GAME.apply(states[-1], event))
    fields = fields_from_play(states, events, names)
    assert fields is not None
    return fields


@pytest.mark.parametrize("seed", [4, 9])
def test_each_round_is_confirmed_from_its_parts(seed: int) -> None:
    fields = written(seed, ["Alice", "Bob", "Carol", "Dan"])
    report = check_sheet(fields)
    assert report["ok"] and report["rounds_confirmed"], bad_lines(fields)
    n = next(n for n in range(1, 6) if int(fields[f"p1_r{n}"]) > 0)
    part = next(k for k in ("built", "deliv", "fees", "init") if int(fields[f"p1_r{n}_{k}"]))
    # a round's line that is not the sum of its parts
    wrong = bad_lines({**fields, f"p1_r{n}_{part}": str(int(fields[f"p1_r{n}_{part}"]) + 1)})
    assert f"p1_r{n}" in wrong and "SD-T12" in wrong[f"p1_r{n}"]["why"]
    # fees nobody's deliveries paid for
    fees = bad_lines({**fields, f"p2_r{n}_fees": "40", f"p2_r{n}": str(
        int(fields[f"p2_r{n}"]) - int(fields[f"p2_r{n}_fees"]) + 40)})
    assert f"p2_r{n}_fees" in fees and "fee" in fees[f"p2_r{n}_fees"]["why"]
    # station points a station cannot score
    built = bad_lines({**fields, "p3_stations": "0"})
    if any(int(fields[f"p3_r{k}_built"]) for k in range(1, 6)):
        assert "p3_r1_built" in built
    # left empty, the second page is not asked for, and the report says the rounds stand
    # unconfirmed
    bare = {k: v for k, v in fields.items() if not k.endswith(("_built", "_deliv", "_fees",
                                                                "_init"))}
    assert check_sheet(bare)["ok"] and not check_sheet(bare)["rounds_confirmed"]


def bad_lines(fields: dict[str, str]) -> dict[str, dict[str, Any]]:
    report = check_sheet(fields)
    lines = report["lines"]
    assert isinstance(lines, list)
    return {ln["field"]: ln for ln in lines if not ln["ok"]}


def simple() -> dict[str, str]:
    """Three players: Ann 4 Y tokens + 1 B, Ben 2 G, Cy nothing."""
    f = {"rounds": "5", "p1_name": "Ann", "p2_name": "Ben", "p3_name": "Cy"}
    for i, rounds in enumerate(([5, 6, 7, 8, 9], [10, 4, 4, 4, 4], [3, 3, 3, 3, 3])):
        for n, v in enumerate(rounds):
            f[f"p{i + 1}_r{n + 1}"] = str(v)
    f.update({"p1_fd_y": "4", "p1_fd_b": "1", "p1_stations": "5", "p2_fd_g": "2",
              "p2_stations": "4", "p3_stations": "3"})
    f.update({"p1_bonus": "11", "p1_total": "46", "p2_bonus": "3", "p2_total": "29",
              "p3_bonus": "0", "p3_total": "15", "winner": "Ann"})
    return f


def test_colour_bonus_is_1_3_6_10_15_per_colour() -> None:
    assert bad_lines(simple()) == {}
    f = simple()
    f["p1_bonus"] = "10"
    bad = bad_lines(f)
    assert bad["p1_bonus"]["expected"] == "11" and "4 Y -> 10" in bad["p1_bonus"]["why"]
    f = simple()
    f.update({"p1_fd_y": "5", "p1_bonus": "16", "p1_total": "51"})
    assert bad_lines(f) == {}


def test_totals_and_winner_are_recomputed() -> None:
    f = simple()
    f["p2_total"] = "30"
    bad = bad_lines(f)
    assert set(bad) == {"p2_total"} and bad["p2_total"]["expected"] == "29"
    f = simple()
    f["winner"] = "Ben"
    assert bad_lines(f)["winner"]["expected"] == "Ann"
    for written in ("ann", "1", "P1", " Ann "):
        f["winner"] = written
        assert bad_lines(f) == {}, written


def test_ties_go_to_first_delivery_tokens_then_stations() -> None:
    f = simple()  # Ben up to 46 with 2 tokens; Ann has 5 tokens: Ann still wins
    f.update({"p2_r5": "21", "p2_total": "46"})
    assert bad_lines(f) == {}
    f.update({"winner": "Ben"})
    assert "First Delivery" in bad_lines(f)["winner"]["why"]
    # same points and tokens: the stations decide
    g = simple()
    g.update({"p2_fd_g": "0", "p2_fd_y": "1", "p1_fd_y": "4", "p2_fd_b": "4",
              "p2_bonus": "11", "p2_r5": "13", "p2_total": "46", "p2_stations": "6"})
    assert bad_lines(g)["winner"]["expected"] == "Ben"
    g["winner"] = "Ben"
    assert bad_lines(g) == {}
    g["p2_stations"] = "5"  # all three equal: a shared win
    assert bad_lines(g)["winner"]["expected"] == "Ann & Ben"
    g["winner"] = "Ben and Ann"
    assert bad_lines(g) == {}


def test_impossible_counts_are_refused() -> None:
    f = simple()
    f.update({"p2_fd_y": "2", "p2_bonus": "6", "p2_total": "32"})  # 4 + 2 yellow tokens
    bad = bad_lines(f)
    assert "SD-5" in bad["p1_fd_y"]["why"] and "6" in bad["p1_fd_y"]["why"]
    f = simple()
    f["p3_stations"] = "10"
    assert "9 stations" in bad_lines(f)["p3_stations"]["why"]
    f = simple()
    f["p1_fd_b"] = "6"
    assert bad_lines(f)["p1_fd_b"]["expected"] == "at most 5"
    f = simple()
    f.update({"p3_stations": "8"})  # 8 stations score at least 16, the rounds give 15
    assert "SD-T12" in bad_lines(f)["p3_r1"]["why"]


def test_rounds_and_bad_text() -> None:
    f = simple()
    f["p2_r6"] = "4"
    assert "SD-8" in bad_lines(f)["p2_r6"]["why"]
    f = simple()
    f["rounds"] = "12"
    assert "SD-8" in bad_lines(f)["rounds"]["why"]
    f = simple()
    f.pop("rounds")
    f.update({"p1_r6": "0", "p2_r6": "1", "p3_r6": "0", "p2_total": "30"})  # six rounds played
    assert bad_lines(f) == {}
    f = simple()
    f["p1_r2"] = "six"
    assert bad_lines(f)["p1_r2"]["expected"] == "a whole number"
    f = simple()
    f["p1_r2"] = ""  # a blank round reads as 0
    assert set(bad_lines(f)) == {"p1_total"}


def test_player_count() -> None:
    f = {k: v for k, v in simple().items() if not k.startswith("p3_")}
    assert "3-5" in bad_lines(f)["p1_name"]["expected"]
    assert check_sheet({})["ok"] is False


def test_registered_with_the_sheet_checkers() -> None:
    from pnp import sheets

    if "spatial-delivery" not in sheets.sheet_games():
        pytest.skip("pnp/sheets does not register the Spatial Delivery checker yet")
    assert sheets.sheet_fields("spatial-delivery") == field_names()
    assert sheets.check_sheet("spatial-delivery", simple())["ok"] is True


# -- the sheet written from a played game (the tracker's result PDF) ---------------------------
def _states(seed: int, names: list[str], mode: str) -> tuple[list[Any], list[Any]]:
    from pnp.engine.play import random_playout

    log = new_log("spatial-delivery", names, seed, {"chance": mode})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(GAME, state, Rng(seed, "sd-playout"), 20_000)
    states = [state]
    for event in events:
        states.append(GAME.apply(states[-1], event))
    return states, events


@pytest.mark.parametrize("seed,n,mode", [(1, 3, "seeded"), (2, 4, "table"), (3, 5, "seeded"),
                                         (4, 3, "table"), (5, 5, "table"), (6, 4, "seeded")])
def test_engine_games_written_from_play_check_out(seed: int, n: int, mode: str) -> None:
    from pnp.games.spatial_delivery.sheet import fields_from_play

    names = ["Ann", "Ben", "Cy", "Dee", "Eve"][:n]
    states, events = _states(seed, names, mode)
    final = states[-1]
    fields = fields_from_play(states, events, names)
    assert fields is not None
    report = check_sheet(fields)
    assert report["ok"], [line for line in report["lines"] if not line["ok"]]  # type: ignore
    assert [fields[f"p{i + 1}_total"] for i in range(n)] == [
        str(s) for s in GAME.scores(final)]
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert fields["winner"] == " & ".join(names[i] for i in outcome.winners)
    rounds = [[int(fields[f"p{i + 1}_r{r}"]) for r in range(1, final.rounds + 1)]
              for i in range(n)]
    assert [sum(r) for r in rounds] == [s.points for s in final.seats]


def test_an_unfinished_game_leaves_the_end_boxes_empty() -> None:
    from pnp.games.spatial_delivery.sheet import fields_from_play

    states, events = _states(8, ["Ann", "Ben", "Cy"], "seeded")
    cut = next(i for i, s in enumerate(states) if s.round == 3)
    fields = fields_from_play(states[:cut + 1], events[:cut])
    assert fields is not None and "p1_r3" in fields and "p1_r4" not in fields
    assert "winner" not in fields and "p1_total" not in fields


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=3, max_value=5),
       st.sampled_from(["seeded", "table"]))
def test_any_engine_game_writes_a_sheet_that_checks_out(seed: int, n: int, mode: str) -> None:
    """Property: every random engine game, played to its end, gives a sheet the checker
    accepts, with the engine's scores as totals."""
    from pnp.games.spatial_delivery.sheet import fields_from_play

    names = ["Ann", "Ben", "Cy", "Dee", "Eve"][:n]
    states, events = _states(seed, names, mode)
    fields = fields_from_play(states, events, names)
    assert fields is not None
    report = check_sheet(fields)
    assert report["ok"], [line for line in report["lines"] if not line["ok"]]  # type: ignore
    assert report["totals"]["winner"] == fields["winner"]  # type: ignore[index]
    assert [fields[f"p{i + 1}_total"] for i in range(n)] == [
        str(s) for s in GAME.scores(states[-1])]

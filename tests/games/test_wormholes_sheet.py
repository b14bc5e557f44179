"""The Wormholes record-sheet checker: sheets written from engine games pass, slips are named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import Rng, get_game
from pnp.engine.log import load_log, replay
from pnp.engine.play import random_playout
from pnp.games.wormholes.board import SIDE_NAMES, SUITS, cell_name
from pnp.games.wormholes.sheet import (
    check_sheet,
    field_names,
    fields_from_play,
    row_fields,
    rows_written,
)

DATA = Path(__file__).parent / "data"
GAME = get_game("wormholes")


def sheet_from_game(states: list[Any], events: list[Any]) -> dict[str, str] | None:
    return fields_from_play(states, events)


def play(seed: int) -> tuple[list[Any], list[Any]]:
    setup = GAME.new_setup(seed, ["Olga", "Dana"], {"chance": "seeded"})
    state = GAME.initial_state(setup, ["Olga", "Dana"], seed)
    _, events = random_playout(GAME, state, Rng(seed, "sheet-test"))
    states = [state]
    for e in events:
        states.append(GAME.apply(states[-1], e))
    return states, events


def failures(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [line for line in report["lines"] if not line["ok"]]


def test_field_names_are_unique_and_cover_every_row() -> None:
    names = field_names()
    assert len(names) == len(set(names))
    assert "seed" in names and "winner" in names and "wh_A6" in names
    assert set(row_fields(30)) <= set(names) and "t1_send2" in names and "t31_side" not in names
    assert set(row_fields(46, "r")) <= set(names) and "page" in names  # a continuation page


@pytest.fixture(scope="module")
def seed7() -> tuple[list[Any], list[Any]]:
    log = load_log((DATA / "wormholes-seed7-game.json").read_text())
    result = replay(log, keep_history=True)
    assert result.ok
    events = [GAME.parse(e) for e in log.events]
    states = [GAME.initial_state(log.setup, log.players, log.seed)]
    for e in events:
        states.append(GAME.apply(states[-1], e))
    return states, events


def test_the_recorded_seed7_game_checks_clean(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    report = check_sheet(fields)
    assert failures(report) == [] and report["ok"]
    assert report["turns"] == 87 and report["totals"]["winner"]  # every turn, to the win
    assert len(report["lines"]) > 500  # the moves really were looked at


@pytest.fixture(scope="module")
def short() -> dict[str, str]:
    """A seeded random game that ends on turn 16, with one ship sent away."""
    fields = sheet_from_game(*play(11))
    assert fields is not None and fields["turns"] == "16" and "winner" in fields
    assert any(k.startswith("t") and "_send" in k for k in fields)
    return fields


def test_a_finished_game_names_its_winner(short: dict[str, str]) -> None:
    report = check_sheet(short)
    assert report["ok"], failures(report)
    assert report["totals"] == {"winner": SIDE_NAMES["OD".index(short["winner"])],
                                "turns": "16"}


@pytest.mark.parametrize("seed", [1, *range(3, 17), 30, 34])
def test_random_engine_games_check_clean(seed: int) -> None:
    states, events = play(seed)
    fields = sheet_from_game(states, events)
    assert fields is not None  # (seed 2 sends a mover away mid-move: no column for that)
    report = check_sheet(fields)
    assert failures(report) == [], json.dumps(failures(report)[:3])


def first_move(fields: dict[str, str]) -> tuple[int, int]:
    for n in range(1, rows_written(fields) + 1):
        for k in (1, 2):
            if fields.get(f"t{n}_ship{k}"):
                return n, k
    raise AssertionError("no move")


def test_a_wrong_distance_is_named(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    # turn 1 of the seed-7 game: S2M1, M:SW (j2 -> i1), S:W (j1 -> h1, a black hole)
    assert (fields["t1_dice"], fields["t1_from1"], fields["t1_to1"]) == ("S2 M1", "j2", "i1")
    fields["t1_to2"] = "g1"  # three cells west with a 2
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t1_to2" and "WH-T3" in bad[0]["why"]
    assert "h1" in bad[0]["expected"]


def test_a_bent_move_and_a_gap_are_refused(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    fields["t1_to2"] = "h2"  # two across and one up: not a line
    assert "straight line" in failures(check_sheet(fields))[0]["why"]
    fields = sheet_from_game(*seed7)
    assert fields is not None
    fields["t1_dice"] = "S2 M4"
    fields["t1_to1"] = "f6"  # four north-west from j2 crosses the gap at i3
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t1_to1" and bad[0]["why"].startswith("WH-4")
    fields["t1_to1"] = "f2"  # four west ends in a gap
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t1_to1" and bad[0]["why"].startswith("WH-1")


def reveals(fields: dict[str, str]) -> list[tuple[str, str, str]]:
    """(value field, cell, value) in the order the sheet reveals them."""
    out = []
    for n in range(1, rows_written(fields) + 1):
        for k in (1, 2):
            if fields.get(f"t{n}_value{k}"):
                out.append((f"t{n}_value{k}", fields[f"t{n}_to{k}"], fields[f"t{n}_value{k}"]))
    return out


def test_values_are_one_of_each_and_stay_put(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    assert fields["t1_value2"] == "0"  # the Sun coin on h1 is a black hole
    suit_of = {fields[f"wh_{s}{i}"]: s for s in SUITS for i in range(1, 7)}
    first: dict[str, tuple[str, str]] = {}
    clash = again = None
    for name, cell, value in reveals(fields):
        if cell in first:
            if again is None:
                again = (name, str((int(value) + 1) % 6))
            continue
        for other, (_, v) in first.items():
            if clash is None and suit_of[other] == suit_of[cell] and v != value:
                clash = (name, v)
        first[cell] = (name, value)
    assert clash is not None and again is not None
    for name, value in (clash, again):
        changed = {**fields, name: value}
        bad = failures(check_sheet(changed))
        assert any(b["field"] == name and b["why"].startswith("WH-T5") for b in bad), bad[:2]


def test_black_hole_ship_does_not_roll(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    # the Sun ship fell into the black hole on h1; the side's next turn rolls the Moon only
    n = next(i for i in range(2, rows_written(fields)) if fields.get(f"t{i}_side") == "O")
    assert fields[f"t{n}_dice"] == "M4"
    fields[f"t{n}_dice"] = "S1 M4"
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == f"t{n}_dice" and bad[0]["why"].startswith("WH-T6")


def test_turns_alternate_and_dice_must_be_used(seed7: tuple[list[Any], list[Any]]) -> None:
    fields = sheet_from_game(*seed7)
    assert fields is not None
    fields["t2_side"] = "O"
    assert failures(check_sheet(fields))[0]["why"].startswith("WH-T1")
    fields = sheet_from_game(*seed7)
    assert fields is not None
    for col in ("ship", "from", "to", "value", "jump", "send"):
        fields.pop(f"t1_{col}2", None)  # the Sun ship's move left out
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t1_dice" and bad[0]["why"].startswith("WH-T4")
    assert "h1" in bad[0]["expected"]


def test_the_winner_is_recomputed(short: dict[str, str]) -> None:
    fields = dict(short)
    winner = fields["winner"]
    loser = "D" if winner == "O" else "O"
    fields["winner"] = loser
    bad = failures(check_sheet(fields))
    assert [b["field"] for b in bad] == ["winner"] and "WH-2" in bad[0]["why"]
    names = {"O": "Olga", "D": "Dana"}
    fields.update(orthogon="Olga", diagon="Dana", winner=names[winner])
    assert check_sheet(fields)["ok"]
    fields["t17_side"] = loser
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t17_side" and "WH-T8" in bad[0]["why"]
    fields = dict(short)
    fields["turns"] = "15"
    assert [b["field"] for b in failures(check_sheet(fields))] == ["turns"]


def test_sends_are_checked(short: dict[str, str]) -> None:
    # turn 15: the Moon ship lands on the Crown ship on c5 and sends it to a8
    assert (short["t15_to1"], short["t15_send1"], short["t15_from2"]) == ("c5", "a8", "a7")
    fields = {k: v for k, v in short.items() if k != "t15_send1"}
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t15_send1" and bad[0]["why"].startswith("WH-7")
    fields = {**short, "t15_send1": "a7"}  # where the sender's own Sun ship stands
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t15_send1" and bad[0]["why"].startswith("WH-T7")
    fields = {**short, "t5_send1": "e9"}  # nobody was landed on
    bad = failures(check_sheet(fields))
    assert bad[0]["field"] == "t5_send1" and bad[0]["why"].startswith("WH-T7")


@pytest.mark.parametrize("junk", ["", "zz", "S9", "j99", "%%%", "e5>>e6", "x" * 200])
def test_malformed_entries_get_clear_lines_not_errors(junk: str) -> None:
    fields = {name: junk for name in field_names()[:60]}
    report = check_sheet(fields)
    assert report["game"] == "wormholes" and isinstance(report["lines"], list)
    if junk:
        assert not report["ok"]
        assert all(line["why"] for line in failures(report))


def test_an_empty_sheet_is_not_ok() -> None:
    report = check_sheet({})
    assert not report["ok"] and failures(report)[0]["field"] == "wh_S1"


def test_layout_errors() -> None:
    fields = {f"wh_{s}{i}": "" for s in SUITS for i in range(1, 7)}
    fields.update({"wh_S1": "j1", "wh_S2": "a1", "wh_S3": "e9", "wh_S4": "e9"})
    bad = {b["field"]: b["why"] for b in failures(check_sheet(fields))}
    assert bad["wh_S1"].startswith("WH-5") and "base" in bad["wh_S1"]
    assert bad["wh_S2"].startswith("WH-1")
    assert bad["wh_S4"].startswith("WH-5") and "wh_S3" in bad["wh_S4"]
    assert bad["wh_M1"].startswith("WH-5")


def test_a_known_value_may_be_left_out_but_a_new_one_may_not(short: dict[str, str]) -> None:
    seen: dict[str, str] = {}
    first_reveal = again = None
    for name, cell, _ in reveals(short):
        if cell in seen:
            again = again or name
        else:
            seen[cell] = name
            first_reveal = first_reveal or name
    assert first_reveal is not None
    bad = failures(check_sheet({k: v for k, v in short.items() if k != first_reveal}))
    assert bad[0]["field"] == first_reveal and bad[0]["why"].startswith("WH-T5")
    if again is not None:
        assert check_sheet({k: v for k, v in short.items() if k != again})["ok"]


def test_null_die_rows() -> None:
    layout = {f"wh_{s}{i}": c for (s, i), c in zip(
        [(s, i) for s in SUITS for i in range(1, 7)],
        ["i1", "e7", "f9", "d7", "e5", "f5", "d9", "g5", "h5", "c9", "e11", "f11",
         "g11", "e13", "f13", "d13", "c13", "c15", "d15", "e15", "f12", "g12", "h12",
         "i12"], strict=True)}
    turn1 = {"t1_side": "O", "t1_dice": "S1 M0", "t1_ship1": "S", "t1_from1": "j1",
             "t1_to1": "i1", "t1_value1": "3"}
    # the Sun ship lands on its own Sun coin at i1 worth 3: N/S from i1 leaves the board
    # going south, north crosses the gap at i3, so the ship stays (WH-12)
    fields = {**layout, **turn1}
    report = check_sheet(fields)
    assert report["ok"], failures(report)
    # the Moon's null die on a plain cell: nothing to write, or its own cell
    assert check_sheet({**fields, "t1_ship2": "M", "t1_from2": "j2", "t1_to2": "j2"})["ok"]
    bad = failures(check_sheet({**fields, "t1_ship2": "M", "t1_from2": "j2", "t1_to2": "i2"}))
    assert bad[0]["field"] == "t1_to2" and bad[0]["why"].startswith("WH-T3")
    # next Orthogon turn: a null for the Sun ship sitting on i1 opens the coin again
    later = {"t2_side": "D", "t2_dice": "C1 A1", "t2_ship1": "C", "t2_from1": "a18",
             "t2_to1": "b18", "t2_ship2": "A", "t2_from2": "a17", "t2_to2": "b17",
             "t3_side": "O", "t3_dice": "S0 M1", "t3_ship1": "S", "t3_from1": "i1",
             "t3_to1": "i1", "t3_value1": "3", "t3_ship2": "M", "t3_from2": "j2",
             "t3_to2": "i2"}
    assert check_sheet({**fields, **later})["ok"], failures(check_sheet({**fields, **later}))
    slot1 = ("t3_ship1", "t3_from1", "t3_to1", "t3_value1")
    left_out = {k: v for k, v in later.items() if k not in slot1}
    bad = failures(check_sheet({**fields, **left_out}))
    assert bad[0]["field"] == "t3_dice" and bad[0]["why"].startswith("WH-11")
    wrong = {**later, "t3_value1": "4"}
    bad = failures(check_sheet({**fields, **wrong}))
    assert bad[0]["field"] == "t3_value1" and "keeps its value" in bad[0]["why"]


_TOKENS = ["", "O", "D", "S3 M1", "C0 A5", "M4", "S", "M", "C", "A", "j1", "j2", "a18",
           "a17", "e7", "i2", "h1", "0", "3", "5", "e5>e9", "e5 f9", "zz", "9", "x" * 30]


@given(st.dictionaries(st.sampled_from([*field_names()[:150], "winner", "turns"]),
                       st.one_of(st.sampled_from(_TOKENS), st.text(max_size=12)),
                       max_size=60))
@settings(max_examples=300, deadline=None)
def test_any_filling_gets_a_report_never_an_exception(fields: dict[str, str]) -> None:
    report = check_sheet(fields)
    assert report["game"] == "wormholes"
    for line in failures(report):
        assert line["why"] and isinstance(line["expected"], str)


def test_a_sent_ships_jump_follows_a_known_coin() -> None:
    fields = sheet_from_game(*play(22))
    assert fields is not None
    # on turn 47 a ship is sent onto the coin on g3, whose value the sheet showed on turn
    # 14; it throws the ship on to h4
    assert fields["t47_send1"] == "g3>h4"
    assert any(fields.get(f"t14_to{k}") == "g3" and fields.get(f"t14_value{k}")
               for k in (1, 2))
    assert failures(check_sheet(fields)) == []
    bad = failures(check_sheet({**fields, "t47_send1": "g3>h3"}))
    assert bad[0]["field"] == "t47_send1" and bad[0]["why"].startswith("WH-3")
    assert "g3>h4" in bad[0]["expected"]


@pytest.mark.slow
def test_many_engine_games_check_clean() -> None:
    """Sheets written from 200 seeded random games (as long as they run): the checker finds
    nothing wrong, the WH-15 "sent back" rows included."""
    backs = 0
    for seed in range(100, 300):
        fields = sheet_from_game(*play(seed))
        assert fields is not None
        backs += any("_back" in k for k in fields)
        bad = failures(check_sheet(fields))
        assert bad == [], (seed, bad[:2])
    assert backs >= 2


def test_a_mover_sent_back_by_the_ship_it_sent_has_its_column() -> None:
    # seed 143: a ship is landed on and sent onto a wormhole whose jump throws it back onto
    # the mover, which its owner sends on (WH-15): the "sent back" column holds where
    states, events = play(143)
    fields = sheet_from_game(states, events)
    assert fields is not None
    (key, value), = [(k, v) for k, v in fields.items() if "_back" in k]
    row, slot = key.split("_back")
    report = check_sheet(fields)
    assert failures(report) == [] and report["totals"]["winner"]
    assert any(line["field"] == key and line["ok"] for line in report["lines"])
    missing = failures(check_sheet({k: v for k, v in fields.items() if k != key}))
    assert missing[0]["field"] == key and "WH-7" in missing[0]["why"]
    # the ship that hit it stands where the mover was: sending the mover there is refused
    hit = fields.get(f"{row}_jump{slot}") or fields[f"{row}_to{slot}"]
    wrong = failures(check_sheet({**fields, key: hit}))
    assert wrong[0]["field"] == key and "holds a ship" in wrong[0]["why"], (value, wrong[:1])


def test_the_two_ship_variant_is_checked() -> None:
    # a two-ship game played by the engine (tests/games/data): turns where a side chose to
    # roll no ship, and a win only when both ships stand on opposing bases
    log = load_log((DATA / "wormholes-two-ships.json").read_text())
    result = replay(log, keep_history=True)
    assert result.ok and result.state.winner is not None
    events = [GAME.parse(e) for e in log.events]
    states = [GAME.initial_state(log.setup, log.players, log.seed)]
    for e in events:
        states.append(GAME.apply(states[-1], e))
    fields = sheet_from_game(states, events)
    assert fields is not None and fields["two_ships"] == "x"
    assert any(v == "-" for k, v in fields.items() if k.endswith("_dice"))  # WH-17: no roll
    report = check_sheet(fields)
    assert failures(report) == [] and report["turns"] == int(fields["turns"])
    # read as the one-ship game, the first landing on an opposing base ends it early
    one = failures(check_sheet({k: v for k, v in fields.items() if k != "two_ships"}))
    assert one and any("WH-T8" in line["why"] for line in one)


@pytest.mark.parametrize("seed", [4, 10, 13, 14, 30, 34])
def test_any_moved_cell_is_caught(seed: int) -> None:
    """Change one written from / to / jump cell of an engine game: the sheet no longer checks."""
    from pnp.games.wormholes.board import ORDERED_CELLS

    fields = sheet_from_game(*play(seed))
    assert fields is not None
    rng = Rng(seed, "mutate")
    for column in ("_from", "_to", "_jump"):
        keys = sorted(k for k in fields if k.startswith("t") and column in k)
        for key in [rng.choice(keys) for _ in range(4)]:
            other = rng.choice([c for c in ORDERED_CELLS if cell_name(c) != fields[key]])
            report = check_sheet({**fields, key: cell_name(other)})
            assert not report["ok"], (key, fields[key], cell_name(other))


def test_the_paper_of_version_2_spells_a_record_in_digits_and_it_checks_the_same() -> None:
    """Layout version 2 has cells in digits (column digit a1..i9 j0, then the row), dice as
    their faces (one face when one ship rolls), no "from" column: every random game written
    that way checks clean, and a slip in a digit cell is still named."""
    from pnp.games.wormholes.sheet.marks import on_paper

    single = 0
    for seed in range(25):
        fields = on_paper(fields_from_play(*play(seed)))
        assert not any("_from" in name for name in fields)
        assert all(v.isdigit() for k, v in fields.items() if k.endswith(("_to1", "_jump2")))
        single += sum(len(v) == 1 for k, v in fields.items() if k.endswith("_dice"))
        report = check_sheet(fields)
        assert report["ok"], (seed, failures(report)[:3])
    assert single > 0  # a ship in a black hole: one face, the other ship's
    fields = on_paper(fields_from_play(*play(3)))
    to = fields["t1_to1"]
    slip = ("0" if to[0] != "0" else "1") + to[1:]  # another column
    bad = failures(check_sheet({**fields, "t1_to1": slip}))
    assert bad and bad[0]["field"] == "t1_to1"

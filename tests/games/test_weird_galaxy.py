"""Weird Galaxy: at least one legal and one refused case per rule id (rulings WG-n, text WG-Tn):
set-up, the grid, action points, dice, payoff, order of events, notation and logs.
(Missions, Phredd, fees, hyperjumps and stations: test_weird_galaxy_turn_rules.py.)"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pnp.engine import IllegalMove, NotationError, SetupError, get_game, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import resolve_dealt
from pnp.games.weird_galaxy import GAME
from pnp.games.weird_galaxy.data import (
    ACTION_COSTS,
    GRID_TEXT,
    HOLE,
    RANKS,
    SUITS,
    TILE_AT,
    manhattan,
    payoff,
    tile_name,
)
from pnp.games.weird_galaxy.events import Draw, Roll
from pnp.games.weird_galaxy.invariants import check_invariants
from pnp.games.weird_galaxy.rule_ids import RULES
from pnp.games.weird_galaxy.state import Account
from tests.games.weird_galaxy_table import (
    pos,
    put_ship,
    refused,
    run,
    table,
)


# -- registration, setup ------------------------------------------------------------------
def test_registered_with_player_counts() -> None:
    g = get_game("weird-galaxy")
    assert g is GAME and (g.min_players, g.max_players) == (2, 5)


def test_setup_places_homes_phredd_and_zero_bucks() -> None:
    s = table("abcd")
    assert s.phredd == HOLE and s.points == 3 and s.turn == 0
    for p in s.players:
        assert p.ship.pos == pos(f"{p.suit}N") == p.stations[0].pos
        assert p.balance == 0  # WG-9: everyone starts with 0
    assert GAME.actor(s) == 0


def test_setup_errors_are_clear() -> None:
    with pytest.raises(SetupError, match="different suit letters"):
        table("aa")
    with pytest.raises(SetupError, match="suit letters"):
        GAME.initial_state({"chance": "table", "suits": ["a", "z"]}, ["A", "B"], None)
    with pytest.raises(SetupError, match="needs a seed"):
        GAME.initial_state({"chance": "seeded"}, ["A", "B"], None)
    with pytest.raises(SetupError, match="unknown"):
        GAME.initial_state({"colour": "red"}, ["A", "B"], None)
    with pytest.raises(SetupError, match="first"):
        GAME.initial_state({"chance": "table", "first": 2}, ["A", "B"], None)
    with pytest.raises(SetupError, match="2-5 players"):
        new_log("weird-galaxy", ["A"], 1)


def test_seeded_setup_is_reproducible_and_describable() -> None:
    a = new_log("weird-galaxy", ["A", "B", "C"], 42)
    b = new_log("weird-galaxy", ["A", "B", "C"], 42)
    assert a.setup == b.setup and a.setup["chance"] == "seeded"
    text = GAME.describe_setup(a.setup, 42)
    assert "home world aN" in text and "First to play" in text


# -- WG-1 / WG-2: the grid ------------------------------------------------------------------
def test_wg1_ranks_by_position_match_the_text() -> None:
    text_rows = ["2AN2AN2", "N43434A", "A35553N", "245.542", "N35553A", "A43434N", "2NA2NA2"]
    for r, row in enumerate(text_rows):
        for c, ch in enumerate(row):
            if ch == ".":
                assert (r, c) == HOLE and (r, c) not in TILE_AT
            else:
                assert RANKS[TILE_AT[(r, c)][1]] == ch, (r, c)


def test_wg2_each_suit_holds_a_connected_wedge_from_its_rim_home() -> None:
    assert len(TILE_AT) == 48 and "--" in GRID_TEXT
    for suit in SUITS:
        cells = {p for p, (s, _) in TILE_AT.items() if s == suit}
        assert len(cells) == 6
        home = pos(f"{suit}N")
        assert 0 in home or 6 in home  # on the rim
        seen, todo = {home}, [home]
        while todo:
            r, c = todo.pop()
            for q in cells - seen:
                if max(abs(q[0] - r), abs(q[1] - c)) == 1:
                    seen.add(q)
                    todo.append(q)
        assert seen == cells, suit


def test_wg1_moves_reach_the_black_hole_but_not_off_the_grid() -> None:
    s = put_ship(table(), 0, "a5")  # a5 is (2,2), the hole is SE of it
    s = run(s, "SE")
    assert s.players[0].ship.pos == HOLE
    refused(table(), "N", "WG-1")  # aN is on the top row
    s = replace(table(), phredd=pos("h2"))
    refused(s, "P:NW", "WG-1")


# -- WG-3: action points --------------------------------------------------------------------
def test_wg3_cost_table_is_data() -> None:
    assert [ACTION_COSTS[a] for a in ("move", "phredd", "mission", "shoo", "build", "shield",
                                      "paint", "jump")] == [1, 1, 1, 1, 1, 2, 2, 3]


def test_wg3_three_points_then_refused_and_unused_points_are_lost() -> None:
    s = run(table(), "S S S")
    assert s.points == 0
    err = refused(s, "S", "WG-3")
    assert "end" in err.legal
    s = run(table(), "S end")  # two points unused
    assert s.turn == 1 and s.points == 3
    s = run(s, "end")
    assert s.turn == 0 and s.points == 3  # nothing carried over
    refused(table(), "S jump", "WG-3")  # a hyperjump needs all 3


# -- WG-4: dice -----------------------------------------------------------------------------
def test_wg4_mission_dice_first_die_held_out() -> None:
    s = run(table(), "mission")
    assert GAME.actor(s) == CHANCE and GAME.legal(s) == []
    assert GAME.chance_outcomes(s) == [Draw(x) for x in SUITS]
    s = run(s, "draw:b")
    assert GAME.chance_outcomes(s) == [Roll(r) for r in range(6)]
    s = run(s, "roll:4")
    assert Draw("b") not in GAME.chance_outcomes(s) and len(GAME.chance_outcomes(s)) == 7
    refused(s, "draw:b", "WG-4")
    s = run(s, "draw:c roll:N")
    m = s.missions[0]
    assert (tile_name(m.source), tile_name(m.dest)) == ("b4", "cN")
    assert GAME.actor(s) == 0 and s.points == 2


# -- WG-5: payoff ---------------------------------------------------------------------------
def test_wg5_text_example_two_columns_four_rows_pays_three() -> None:
    src, dst = pos("a4"), pos("f4")  # the 4 of Suns and the 4 of Summer
    assert (abs(src[1] - dst[1]), abs(src[0] - dst[0])) == (2, 4)
    assert payoff(src, dst) == 3
    s = run(table(), "mission draw:a roll:4 draw:f roll:4")
    assert s.missions[0].payoff == 3


def test_wg5_rounds_up_and_counts_the_hole_as_a_position() -> None:
    assert payoff(pos("h5"), pos("f5")) == 1  # distance 2 across the hole
    assert manhattan(pos("h5"), pos("f5")) == 2
    assert payoff(pos("a5"), pos("e5")) == 1  # distance 1, rounded up
    assert payoff(pos("h2"), pos("f2")) == 6  # corner to corner: 12


# -- WG-T1: order of events; WG-T10: seeded dice ----------------------------------------------
def test_wgt1_decisions_and_dice_in_order() -> None:
    refused(table(), "draw:a", "WG-T1")
    refused(table(), "mission roll:3", "WG-T1")
    err = refused(table(), "mission S", "WG-T1")
    assert "draw:a" in err.legal
    refused(table(), "mission draw:a draw:b", "WG-T1")


def test_wgt10_seeded_dice_must_match_the_seed() -> None:
    log = new_log("weird-galaxy", ["A", "B"], 7, {"first": 0})
    s = GAME.initial_state(log.setup, log.players, log.seed)
    s = run(s, "mission")
    dealt = GAME.dealt_outcome(s)
    assert isinstance(dealt, Draw)
    other = next(Draw(x) for x in SUITS if x != dealt.suit)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(s, other)
    assert info.value.rule == "WG-T10" and info.value.legal == (GAME.notation(dealt),)
    s2, events = resolve_dealt(GAME, s)
    assert len(events) == 4 and len(s2.missions) == 1
    assert resolve_dealt(GAME, s)[0] == s2  # same seed, same dice


def test_table_play_has_no_dealt_outcomes() -> None:
    s = run(table(), "mission")
    assert GAME.dealt_outcome(s) is None


# -- notation -------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "N", "NE", "SW", "P:N", "P:SE*c", "P:W*bA", "P:NW*hN", "mission", "shoo", "jump", "build",
    "shield:a5", "paint", "paint:cN", "pick", "deliver:12", "abandon:e3", "end", "draw:h",
    "roll:N", "roll:A", "roll:5",
])
def test_notation_round_trips(text: str) -> None:
    assert GAME.notation(GAME.parse(text)) == text


def test_notation_is_forgiving_about_case_and_aliases() -> None:
    assert GAME.parse("ne") == GAME.parse("NE")
    assert GAME.parse("p:se*C3") == GAME.parse("P:SE*c3")
    assert GAME.parse("roll:0") == GAME.parse("roll:N")
    assert GAME.parse("Shield:B1") == GAME.parse("shield:bA")


@pytest.mark.parametrize("text", [
    "", "X", "NNE", "P:", "P:Q", "P:N*z", "P:N*b9", "P:N*b33", "deliver:0", "deliver:x",
    "deliver:²", "ſ", "draw:\u212a", "draw:i", "roll:6", "shield:", "abandon:hole", "fly:N",
    "x" * 100,
])
def test_bad_notation_is_refused_clearly(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse(text)


# -- summary and logs -----------------------------------------------------------------------
def test_summary_is_json_and_shows_the_table() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick")
    data = GAME.summary(s)
    json.dumps(data)
    assert len(data["grid"]["tiles"]) == 48 and data["grid"]["hole"]["at"] == "hole"
    assert data["phredd"]["at"] == "hole"
    p0 = data["players"][0]
    assert p0["ship"]["loads"] == ["aN"] and p0["space_bucks"] == 0
    assert p0["next_station"] == {"index": 1, "at": "aA", "row": 0, "col": 1, "cost": 1}
    assert data["missions"][0] == {"number": 1, "source": "aN", "dest": "e5", "payoff": 2,
                                   "rolled_by": 0, "completed_by": None, "open": True}
    assert data["turn"]["points_left"] == 2 and data["awaiting"] == "decision"
    s = run(s, "mission draw:b")
    data = GAME.summary(s)
    assert data["awaiting"] == "chance" and data["pending"]["die_in_hand"] == "b"


def test_replay_reports_the_first_illegal_event() -> None:
    log = new_log("weird-galaxy", ["A", "B"], None, {"chance": "table", "first": 0})
    ok = replay(log.with_events(["S", "mission", "draw:a", "roll:N", "draw:e", "roll:5"]))
    assert ok.ok and len(ok.state.missions) == 1
    bad = replay(log.with_events(["S", "S", "S", "S"]))
    assert bad.error is not None and bad.error["index"] == 3 and bad.error["rule"] == "WG-3"
    junk = replay(log.with_events(["S", "fly"]))
    assert junk.error is not None and junk.error["rule"] == "notation"
    assert json.dumps(bad.to_json())


def test_every_rule_id_is_documented() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    notation = (root / "docs/notation/weird-galaxy.md").read_text(encoding="utf-8")
    rulings = (root / "docs/rulings.md").read_text(encoding="utf-8")
    for rule in RULES:
        assert rule in notation or rule in rulings, rule
    assert isinstance(Account().balance, int)


def test_recorded_seeded_game_still_replays_to_the_same_win() -> None:
    """A whole 2-player game (greedy players, seed 5): pins the seeded dice streams."""
    from pathlib import Path

    from pnp.engine import load_log

    path = Path(__file__).parent / "data" / "weird_galaxy_seed5.json"
    result = replay(load_log(path.read_text(encoding="utf-8")))
    assert result.ok and result.applied == 270
    out = result.to_json()
    assert out["winner"] == ["P0"] and out["scores"] == {"P0": 7, "P1": 5}
    assert check_invariants(result.state) == []


def test_designer_note_half_the_sources_lie_within_two_tiles_of_the_centre() -> None:
    """The text: from the centre, 24 of the 48 possible sources are within two tiles."""
    near = [p for p in TILE_AT if max(abs(p[0] - HOLE[0]), abs(p[1] - HOLE[1])) <= 2]
    assert len(near) == 24

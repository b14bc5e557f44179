"""Weird Galaxy, the rules of a turn: trade missions, Phredd, fees, hyperjump and shoo,
building, shields and repaint, and the rulings the engine added (docs/rulings.md)."""

from __future__ import annotations

import pytest

from pnp.engine import IllegalMove, NotationError, SetupError
from pnp.games.weird_galaxy import GAME
from pnp.games.weird_galaxy.data import (
    tile_name,
)
from pnp.games.weird_galaxy.invariants import check_invariants
from pnp.games.weird_galaxy.state import State
from tests.games.weird_galaxy_table import (
    bucks,
    give,
    pos,
    put_ship,
    refused,
    run,
    table,
    with_stations,
)


# -- trade missions: pick up, deliver, capacity (WG-6, WG-T4, WG-T5, WG-11) -------------------
def test_wgt4_pick_up_on_the_source_and_deliver_on_the_destination() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5")  # aN -> e5, distance 3 -> 2
    assert s.missions[0].payoff == 2
    s = run(s, "pick")
    assert s.players[0].ship.loads == (pos("aN"),)
    assert s.points == 2  # picking up is free
    s = run(s, "S SE")  # aN -> a3 -> e5
    s = run(s, "deliver:1")
    assert bucks(s) == [2, 0] and not s.missions[0].open
    assert s.players[0].ship.loads == ()
    assert check_invariants(s) == []


def test_wgt4_refusals() -> None:
    refused(table(), "pick", "WG-T4")  # no mission at all
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick")
    refused(s, "pick", "WG-T4")  # one open mission from aN, one load already
    s2 = run(table(), "mission draw:b roll:N draw:e roll:5")
    refused(s2, "pick", "WG-T4")  # the mission starts at bN, not here


def test_wgt4_two_missions_from_one_source_and_a_later_mission_for_an_old_load() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick")
    s = run(s, "mission draw:a roll:N draw:c roll:N")  # a second mission from aN
    s = run(s, "pick")  # a second load from aN is now allowed
    assert s.players[0].ship.loads == (pos("aN"), pos("aN"))
    s = run(s, "end end")
    s = put_ship(s, 0, "cN", loads=("aN", "aN"))
    s = run(s, "deliver:2")  # mission 2 rolled after the first load: still deliverable
    assert bucks(s)[0] == s.missions[1].payoff


def test_wg6_capacity_two() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 mission draw:a roll:N draw:c roll:N")
    s = run(s, "mission draw:a roll:N draw:b roll:N pick pick")
    refused(s, "pick", "WG-6")


def test_wgt5_delivery_refusals() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5")
    refused(s, "deliver:2", "WG-T5")  # no such mission
    s = run(s, "pick")
    refused(s, "deliver:1", "WG-T5")  # not at e5 yet
    s2 = put_ship(run(table(), "mission draw:a roll:N draw:e roll:5"), 0, "e5")
    refused(s2, "deliver:1", "WG-T5")  # at e5 but no load


def test_wg11_completion_by_another_player_makes_the_load_vanish() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick end")
    s = put_ship(s, 1, "e5", loads=("aN",))
    s = run(s, "deliver:1")
    assert bucks(s) == [0, 2]  # the completer only; P0 loses nothing
    assert s.players[0].ship.loads == ()  # vanished at no cost
    s = run(s, "end")
    refused(s, "deliver:1", "WG-11")


def test_wg11_load_survives_while_another_mission_from_its_source_is_open() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 mission draw:a roll:N draw:c roll:N")
    s = run(s, "pick end")
    s = put_ship(s, 1, "e5", loads=("aN",))
    s = run(s, "deliver:1")
    assert s.players[0].ship.loads == (pos("aN"),)  # still good for mission 2
    assert check_invariants(s) == []


def test_wg11_abandon_costs_one_space_buck() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick")
    refused(s, "abandon:aN", "WG-T11")  # no money to forfeit
    s = give(s, 0, 3)
    s = run(s, "abandon:aN")
    assert bucks(s)[0] == 2 and s.players[0].ship.loads == ()
    assert s.players[0].account.forfeits == 1
    refused(s, "abandon:aN", "WG-11")  # nothing left to abandon


# -- WG-8: Phredd ---------------------------------------------------------------------------
def test_wg8_spit_reaches_one_tile_including_his_own() -> None:
    s = put_ship(table(), 1, "h5")  # P1's ship next to the hole
    s = run(s, "P:N*c")  # Phredd hole -> e5 (2,3); h5 (3,2) is a diagonal neighbour
    assert s.players[1].ship.disabled
    s2 = put_ship(table(), 1, "e5")
    s2 = run(s2, "P:N*c")  # on his own tile
    assert s2.players[1].ship.disabled
    s3 = put_ship(table(), 1, "e3")  # (1,4): two rows above the hole
    s3 = run(s3, "P:S")
    refused(s3, "P:N*c", "WG-8")  # Phredd back in the hole: e3 is two tiles away


def test_wg8_one_target_per_move_and_spent_point() -> None:
    s = put_ship(table(), 1, "e5")
    s = put_ship(s, 0, "e5")
    s = run(s, "P:N*a")
    assert s.players[0].ship.disabled and not s.players[1].ship.disabled
    assert s.points == 2
    with pytest.raises(NotationError):
        GAME.parse("P:N*a*c")


def test_wg8_disabled_ship_cannot_move_jump_pick_or_deliver() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5")
    s = put_ship(s, 0, "aN", disabled=True)
    refused(s, "S", "WG-8")
    refused(put_ship(table(), 0, "aN", disabled=True), "jump", "WG-8")
    refused(s, "pick", "WG-8")
    s2 = put_ship(s, 0, "e5", disabled=True, loads=("aN",))
    refused(s2, "deliver:1", "WG-8")
    assert "S" not in [GAME.notation(e) for e in GAME.legal(s)]


def test_wg8_spit_on_stations_shields_and_already_disabled_targets() -> None:
    s = with_stations(table(), 1, 6)  # P1 (c) has stations up to c5 (4,4)
    s = run(s, "P:SE*c5")
    assert s.players[1].stations[5].disabled
    s = run(s, "end")
    refused(s, "build", "WG-T7")  # a disabled station blocks building
    s = run(s, "P:NW")  # Phredd back to the hole; c5 still within one tile
    refused(s, "P:SE*c5", "WG-8")  # already disabled
    s2 = with_stations(table(), 1, 6, shield=True)
    err = refused(s2, "P:SE*c5", "WG-8")
    assert "shield" in err.message
    refused(table(), "P:S*h", "WG-8")  # nobody plays h


def test_wg8_disabled_station_still_collects_fees() -> None:
    s = with_stations(table(), 1, 2, disabled=True)  # c's stations on cN, cA
    s = give(put_ship(s, 0, "c2"), 0, 1)
    s = run(s, "E")  # c2 (6,3) -> cN (6,4)
    assert bucks(s) == [0, 1]


def test_wg8_shoo_is_allowed_while_disabled() -> None:
    s = put_ship(table(), 0, "a5", disabled=True)
    s = run(s, "shoo draw:g roll:2")
    assert s.phredd == pos("g2")


# -- WG-9: fees -----------------------------------------------------------------------------
def fee_state() -> State:
    """P0 (a) at a2 with 5 Space Bucks; P1 (c) owns stations on cN and cA; P1 also on e2."""
    s = with_stations(table(), 1, 2)
    s = give(put_ship(s, 0, "c2"), 0, 5)
    return s


def test_wg9_fee_once_per_tile_per_turn() -> None:
    s = run(fee_state(), "E W E")  # enter cN, leave, re-enter: one fee
    assert bucks(s) == [4, 1]
    assert s.players[0].account.fees_out == 1 and s.players[1].account.fees_in == 1
    s = run(s, "end end W")  # next turn: leaving costs nothing ...
    assert bucks(s) == [4, 1]
    s = run(s, "E")  # ... and entering again costs again
    assert bucks(s) == [3, 2]


def test_wg9_a_move_you_cannot_pay_for_is_refused() -> None:
    s = with_stations(table(), 1, 2)
    s = put_ship(s, 0, "c2")
    err = refused(s, "E", "WG-9")
    assert "E" not in err.legal and "W" in err.legal


def test_wg9_own_station_costs_nothing() -> None:
    s = run(table(), "S N")
    assert bucks(s) == [0, 0]


def test_wg13_staying_on_an_opponents_station_pays_at_turn_end() -> None:
    s = with_stations(table(), 1, 2)
    s = give(put_ship(s, 0, "cN"), 0, 2)
    s = run(s, "end")  # began and ended the turn on cN without entering: pays 1
    assert bucks(s) == [1, 1]
    s = run(s, "end")
    s = run(s, "W E end")  # entered this turn (paid then), no second fee at the end
    assert bucks(s) == [0, 2]
    s = run(s, "end end")  # no money left: nothing is owed
    assert bucks(s) == [0, 2]


# -- WG-10: hyperjump and shoo --------------------------------------------------------------
def test_wg10_hyperjump_rerolls_onto_an_opponents_station() -> None:
    s = with_stations(table(), 1, 2)
    s = run(s, "jump draw:c roll:A")  # cA holds P1's station: draw again
    assert s.pending is not None and s.pending.step == "draw"
    assert s.players[0].ship.pos == pos("aN")
    s = run(s, "draw:c roll:A draw:d roll:3")
    assert s.players[0].ship.pos == pos("d3") and s.pending is None and s.points == 0
    assert bucks(s) == [0, 0]


def test_wg10_hyperjump_onto_own_station_and_shoo_anywhere() -> None:
    s = with_stations(table(), 0, 3)
    s = run(s, "jump draw:a roll:2")
    assert s.players[0].ship.pos == pos("a2")
    s2 = with_stations(table(), 1, 2)
    s2 = run(s2, "S SE shoo draw:c roll:A")  # Phredd may land on any tile
    assert s2.phredd == pos("cA")


def test_wgt6_shoo_needs_phredd_within_one_tile() -> None:
    err = refused(table(), "shoo", "WG-T6")
    assert "shoo" not in err.legal
    s = with_stations(table(), 0, 6)  # a5 station next to the hole
    s = run(s, "shoo")
    assert s.pending is not None


# -- building, shields, repaint (WG-7, WG-12, WG-T7..T9, WG-T11) ------------------------------
def test_wgt7_stations_in_order_with_cost_and_place() -> None:
    s = give(table(), 0, 20)
    for k, tile in enumerate(["aA", "a2", "a3", "a4", "a5"], start=1):
        s = run(s, "build")
        st = s.players[0].stations[-1]
        assert (st.index, tile_name(st.pos)) == (k, tile)
        s = run(s, "end end")
    assert bucks(s)[0] == 20 - 15
    refused(s, "build", "WG-T11")  # the black hole costs 6
    assert check_invariants(give(s, 0, -20)) != []  # the ledger check sees a fake credit


def test_wgt11_build_needs_the_money() -> None:
    err = refused(table(), "build", "WG-T11")
    assert "aA" in err.message and "costs 1" in err.message


def test_wg12_black_hole_station_wins_at_once_even_with_phredd_there() -> None:
    s = give(with_stations(table(), 0, 6), 0, 6)
    s = put_ship(s, 0, "h4", disabled=True)  # the starship may be disabled
    s = run(s, "build")
    assert s.winner == 0 and GAME.actor(s) is None
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)
    assert GAME.scores(s) == [7, 1]
    assert GAME.legal(s) == [] and GAME.chance_outcomes(s) == []
    with pytest.raises(IllegalMove) as info:
        run(s, "end")
    assert info.value.rule == "WG-12"


def test_wg12_needs_all_stations_functional() -> None:
    s = give(with_stations(table(), 0, 6), 0, 6)
    s = run(s, "P:NW*a5")
    refused(s, "build", "WG-T7")
    s = run(s, "paint:a5 end end build")
    assert s.winner == 0


def test_wgt8_and_wg7_spit_shields() -> None:
    s = give(with_stations(table(), 0, 6), 0, 20)
    s = run(s, "shield:a5")
    assert s.players[0].stations[5].shield and bucks(s)[0] == 18 and s.points == 1
    refused(s, "shield:aA", "WG-3")
    s = run(s, "end end")
    refused(s, "shield:a5", "WG-T8")  # already shielded
    refused(s, "shield:c3", "WG-T8")  # not yours
    refused(s, "shield:a5", "WG-T8")
    for tile in ["aN", "aA", "a2", "a3"]:
        s = run(s, f"shield:{tile} end end")
    assert s.players[0].shields_used == 5
    refused(s, "shield:a4", "WG-7")  # all five counters used
    s2 = give(with_stations(table(), 0, 3, disabled=True), 0, 5)
    refused(s2, "shield:aA", "WG-T8")  # must be functional


def test_wgt9_repaint() -> None:
    refused(table(), "paint", "WG-T9")
    refused(table(), "paint:aN", "WG-T9")
    s = put_ship(table(), 0, "aN", disabled=True)
    s = run(s, "paint")
    assert not s.players[0].ship.disabled and s.points == 1
    s = run(s, "S")  # usable at once


# -- rulings added by the engine (docs/rulings.md) -----------------------------------
def test_wg14_pick_up_at_turn_start_and_after_the_last_point() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 end end")
    assert GAME.parse("pick") in GAME.legal(s)  # on aN since the start, no move needed
    s = run(table(), "mission draw:a roll:3 draw:e roll:5 W SE")  # aN -> aA -> a3
    assert s.points == 0 and s.players[0].ship.pos == pos("a3")
    s = run(s, "pick")
    assert s.players[0].ship.loads == (pos("a3"),)
    assert GAME.notation(GAME.legal(s)[-1]) == "end"  # the turn ends only by `end`


def test_wg16_phredd_moves_while_the_own_starship_is_disabled() -> None:
    s = put_ship(table(), 0, "aN", disabled=True)
    s = run(s, "P:N mission draw:b roll:2 draw:c roll:3")
    assert s.phredd == pos("e5") and len(s.missions) == 1 and s.points == 1


def test_wg17_abandon_while_disabled_costs_no_points() -> None:
    s = run(table(), "mission draw:a roll:N draw:e roll:5 pick")
    s = give(put_ship(s, 0, "aN", disabled=True, loads=("aN",)), 0, 1)
    s = run(s, "abandon:aN")
    assert s.points == 2 and bucks(s) == [0, 0]


def test_wg18_default_seats_spread_round_the_rim() -> None:
    for n, suits in [(2, "ac"), (3, "afg"), (4, "abcd"), (5, "abfgd")]:
        s = GAME.initial_state({"chance": "table"}, [f"P{i}" for i in range(n)], None)
        assert "".join(p.suit for p in s.players) == suits
        assert s.turn == 0


def test_describe_setup_refuses_a_malformed_setup() -> None:
    with pytest.raises(SetupError):
        GAME.describe_setup({"suits": ["a", "a"]}, None)
    with pytest.raises(SetupError):
        GAME.describe_setup({"first": "x"}, None)

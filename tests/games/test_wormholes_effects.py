"""What a landing sets off (``effects``): wins (WH-2, WH-6, WH-13, WH-T8), jumps (WH-4), black
holes (WH-T6, WH-14) and the text's orders of effect (WH-T7, WH-12, WH-15).

Positions are built directly (table play; ``wormholes_positions``); the whole flow from the
opening roll is in ``test_wormholes_properties``."""

from __future__ import annotations

from pnp.engine.game import CHANCE
from pnp.games.wormholes import GAME
from pnp.games.wormholes.state import Activate, SendAway
from tests.games.wormholes_positions import at, cell_of, legal, play, refused, run


def test_wh2_exact_landing_on_an_opposing_base_wins_at_once() -> None:
    state = play(ships={"S": "c17"})
    state = run(state, "S2M3", "S:W")  # c17 -> a17, where the Arm ship stands
    assert state.phase == "over" and GAME.outcome(state) is not None
    assert GAME.outcome(state).winners == (0,)  # type: ignore[union-attr]
    assert "die" in state.result
    assert GAME.actor(state) is None and GAME.scores(state) == [1, 0]


def test_wh2_landing_on_your_own_base_does_not_win() -> None:
    state = play(ships={"S": "h1", "M": "e5"})
    state = run(state, "S2M0", "S:E")  # h1 -> j1 (own base)
    assert state.phase == "play" and state.winner is None


def test_wh4_a_jump_blocked_one_way_is_forced_the_other() -> None:
    # Moon wormhole 2 at e7: east g7 is a gap, so the jump goes west to c7 by itself.
    state = play(ships={"S": "e5"}, coins=[("M", "e7", None)])
    state = run(state, "S2M0", "S:N")
    assert GAME.actor(state) == CHANCE and GAME.summary(state)["pending_chance"]["kind"] == "reveal"
    state = run(state, "e7=2")
    assert cell_of(state, "S") == "c7"
    assert state.coin_at(at("e7")).flips == 1  # type: ignore[union-attr]


def test_wh4_a_jump_onto_your_own_ship_counts_as_off_the_board() -> None:
    # Moon wormhole 2 at e7: west c7 holds the Moon ship, east g7 is a gap -> no jump.
    state = play(ships={"S": "e5", "M": "c7"}, coins=[("M", "e7", 2)])
    state = run(state, "S2M0", "S:N")
    assert cell_of(state, "S") == "e7"
    assert state.coin_at(at("e7")).flips == 1  # type: ignore[union-attr]
    assert GAME.actor(state) == CHANCE and state.turn == 1  # turn passed


def test_wh6_one_ship_on_a_base_does_not_win_the_variant_but_two_do() -> None:
    state = play(ships={"S": "c17", "M": "e5", "A": "d15"}, two_ships=True)
    state = run(state, "S2M0", "S:W")
    assert state.winner is None and cell_of(state, "S") == "a17"
    state = play(ships={"S": "a17", "M": "c18", "A": "d15", "C": "e14"}, two_ships=True)
    state = run(state, "roll:SM", "S0M2", "M:W")
    assert state.winner == 0 and state.phase == "over"


def test_wht6_a_black_hole_costs_the_ship_its_next_turn() -> None:
    state = play(ships={"S": "e5"}, coins=[("M", "e7", None)])
    state = run(state, "S2M0", "S:N", "e7=0")
    assert state.ship("S").lost_turn and state.turn == 1
    state = run(state, "C0A0")  # DiagonAliens' turn passes with two nulls
    assert state.turn == 0 and state.rolling == ("M",) and state.resting == ("S",)
    refused(state, "S3M2", "WH-T6")
    state = run(state, "M0")
    assert not state.ship("S").lost_turn and state.turn == 1
    state = run(state, "C0A0")
    assert state.rolling == ("S", "M")
    state = run(state, "S0M0")  # a null on the black hole re-activates it
    assert legal(state) == {"S:0"}
    state = run(state, "S:0")
    assert state.ship("S").lost_turn and state.coin_at(at("e7")).flips == 2  # type: ignore


def test_wht6_a_turn_with_both_ships_in_black_holes_passes_at_once() -> None:
    state = play(ships={"S": "e7", "M": "c5"}, coins=[("M", "e7", 0), ("S", "c5", 0)],
                 lost=("S", "M"))
    assert state.turn == 1 and state.skipped == (0,) and GAME.actor(state) == CHANCE
    assert not state.ship("S").lost_turn and not state.ship("M").lost_turn
    state = run(state, "C0A0")
    assert state.turn == 0 and state.rolling == ("S", "M") and state.skipped == ()


def test_wh14_a_lost_turn_stays_with_a_ship_that_is_sent_away() -> None:
    state = play(ships={"S": "e5", "C": "e7"}, lost=("C",))
    state = run(state, "S2M1", "S:N", "C>g9")
    assert state.ship("C").lost_turn and cell_of(state, "C") == "g9"
    state = run(state, "M:W")
    assert state.turn == 1 and state.rolling == ("A",) and state.resting == ("C",)
    refused(state, "C1A1", "WH-T6")


def test_wh14_a_ship_sent_into_a_black_hole_before_its_die_is_used_loses_that_die() -> None:
    # Sun e5 -> e7 onto the Crown ship, sent to the known Sun 2 at e9: it may jump north
    # (e7, onto our Sun ship) or south (e11, onto our Moon ship, whose 3 is not yet used).
    coins = [("S", "e9", 2), ("M", "c5", 0)]
    state = play(ships={"S": "e5", "C": "e7", "M": "e11"}, coins=coins)
    state = run(state, "S2M3", "S:N", "C>e9")
    assert GAME.actor(state) == 1 and legal(state) == {"C*N", "C*S"}
    state = run(state, "C*S")
    assert state.stack[-1] == SendAway("M", 1)
    state = run(state, "M>c5")  # DiagonAliens send our Moon ship into the black hole
    assert cell_of(state, "M") == "c5" and not state.ship("M").lost_turn
    assert state.turn == 1  # its die is lost instead, so the turn is over
    state = run(state, "C0A0")
    assert state.rolling == ("S", "M")


def test_sending_onto_a_wormhole_activates_it_and_its_owner_picks_the_jump() -> None:
    state = play(ships={"S": "e5", "C": "e7"}, coins=[("S", "e9", None)])
    state = run(state, "S2M0", "S:N", "C>e9")
    assert GAME.actor(state) == CHANCE
    state = run(state, "e9=2")
    assert GAME.actor(state) == 1  # the Crown ship's owner chooses (WH-12)
    assert legal(state) == {"C*N", "C*S"}
    state = run(state, "C*N")  # DiagonAliens' north: down the board, onto our Sun ship
    assert cell_of(state, "C") == "e7"
    assert GAME.actor(state) == 1 and state.stack[-1] == SendAway("S", 1)
    state = run(state, "S>h1")
    assert cell_of(state, "S") == "h1" and state.turn == 1


def test_die_landing_on_an_opponent_in_a_wormhole_sends_first_then_activates() -> None:
    state = play(ships={"S": "e5", "C": "e7"}, coins=[("M", "e7", None)])
    state = run(state, "S2M0", "S:N")
    assert [type(t) for t in state.stack] == [Activate, SendAway]
    assert GAME.actor(state) == 0  # the send comes first
    state = run(state, "C>g9")
    assert GAME.actor(state) == CHANCE  # then the wormhole at e7 is activated
    state = run(state, "e7=2")
    assert cell_of(state, "S") == "c7"


def test_jump_landing_on_an_opponent_in_a_wormhole_sends_but_does_not_activate() -> None:
    coins = [("M", "e7", 2), ("A", "c7", None)]
    state = play(ships={"S": "e5", "C": "c7"}, coins=coins)
    state = run(state, "S2M0", "S:N")  # e7 forces the jump west to c7, onto the Crown ship
    assert cell_of(state, "S") == "c7" and GAME.actor(state) == 0
    state = run(state, "C>g9")
    assert state.coin_at(at("c7")).flips == 0  # type: ignore[union-attr]
    assert state.turn == 1 and not state.stack


def test_a_jump_onto_another_wormhole_does_not_activate_it_until_a_null() -> None:
    coins = [("M", "e7", 2), ("A", "c7", None)]
    state = run(play(ships={"S": "e5"}, coins=coins), "S2M0", "S:N")
    assert cell_of(state, "S") == "c7" and state.coin_at(at("c7")).flips == 0  # type: ignore
    state = run(state, "C0A0", "S0M0", "S:0")
    assert GAME.actor(state) == CHANCE
    assert GAME.summary(state)["pending_chance"] == {"kind": "reveal", "cell": "c7",
                                                     "possible": [0, 1, 2, 3, 4, 5]}


def test_wh15_an_activation_lapses_when_its_ship_is_sent_away_first() -> None:
    # The Sun ship lands by die on the Crown ship, which sits on a hidden Moon wormhole at e7.
    # The Crown ship is sent to e9, a known Sun 2: north (e7 in its compass) lands back on
    # our Sun ship, south (e11) holds its own Arm ship, so the jump is forced.  DiagonAliens
    # then send our Sun ship away, and its pending activation of e7 lapses.
    coins = [("M", "e7", None), ("S", "e9", 2)]
    state = play(ships={"S": "e5", "C": "e7", "A": "e11"}, coins=coins)
    state = run(state, "S2M0", "S:N", "C>e9")
    assert cell_of(state, "C") == "e7"
    assert GAME.actor(state) == 1 and state.stack[-1] == SendAway("S", 1)
    state = run(state, "S>h2")
    assert cell_of(state, "S") == "h2"
    e7 = state.coin_at(at("e7"))
    assert e7 is not None and e7.flips == 0 and e7.value is None
    assert state.turn == 1 and not state.stack


def test_wh13_being_sent_onto_a_base_is_not_a_win() -> None:
    state = play(ships={"S": "e5", "C": "e7", "M": "h2"})
    state = run(state, "S2M0", "S:N", "C>j2")
    assert state.winner is None and cell_of(state, "C") == "j2"


def test_wh13_a_sent_ship_that_jumps_onto_an_opposing_base_wins_for_its_owner() -> None:
    # Moon 2 at h1: for the Crown ship, west (+x) reaches j1; east f1 is a gap.
    state = play(ships={"S": "e5", "C": "e7"}, coins=[("M", "h1", 2)])
    state = run(state, "S2M0", "S:N", "C>h1")
    assert state.winner == 1 and cell_of(state, "C") == "j1" and "jump" in state.result


def test_wh2_a_wormhole_jump_onto_an_opposing_base_wins() -> None:
    state = play(ships={"S": "d15"}, coins=[("M", "d17", 3)])
    state = run(state, "S2M0", "S:N")  # d17: Moon 3, east g17 is a gap -> west to a17
    assert state.winner == 0 and "jump" in state.result


def test_wht8_nothing_is_logged_after_the_end() -> None:
    state = run(play(ships={"S": "c17"}), "S2M3", "S:W")
    refused(state, "M:W", "WH-T8")
    refused(state, "C1A1", "WH-T8")
    assert GAME.legal(state) == [] and GAME.chance_outcomes(state) == []


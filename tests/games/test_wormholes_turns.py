"""A movement turn's events (``turns``): order of play (WH-T1), rolls (WH-T2, WH-6), die moves
(WH-T3, WH-4), reveals (WH-T5), jumps (WH-3) and sends (WH-T7, WH-1).

Positions are built directly (table play; ``wormholes_positions``); the whole flow from the
opening roll is in ``test_wormholes_properties``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.engine import IllegalMove, new_log
from pnp.engine.game import CHANCE
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import START, SUITS
from pnp.games.wormholes.effects import start_turn
from pnp.games.wormholes.events import OpeningRoll, Reveal
from pnp.games.wormholes.state import ChooseJump, Coin, SendAway, Ship
from tests.games.wormholes_positions import P, at, cell_of, legal, play, refused, run, table


def test_wh1_send_to_a_gap_is_refused() -> None:
    state = play(ships={"S": "e5", "C": "e7"})
    state = run(state, "S2M0", "S:N")
    refused(state, "C>a1", "WH-1")
    assert cell_of(run(state, "C>g9"), "C") == "g9"


def test_wh3_a_jump_must_follow_the_coin_axis() -> None:
    # Sun wormhole 2 at e9: from e9 north e11 and south e7 are both open -> a choice.
    state = play(ships={"S": "e7"}, coins=[("S", "e9", 2)])
    state = run(state, "S2M0", "S:N")
    assert isinstance(state.stack[-1], ChooseJump) and GAME.actor(state) == 0
    assert legal(state) == {"S*N", "S*S"}
    refused(state, "S*E", "WH-3")
    refused(state, "S*NE", "WH-3")
    assert cell_of(run(state, "S*N"), "S") == "e11"


def test_wh4_leaving_the_board_is_refused_and_a_legal_move_accepted() -> None:
    state = run(play(), "S2M0")  # Sun ship on j1
    refused(state, "S:E", "WH-4")
    refused(state, "S:S", "WH-4")
    assert cell_of(run(state, "S:W"), "S") == "h1"


def test_wh4_a_ship_never_lands_on_its_partner() -> None:
    state = run(play(ships={"S": "h2", "M": "j2"}), "S2M0")
    refused(state, "S:E", "WH-4")
    assert "S:E" not in legal(state)


def test_wh6_a_ship_on_an_opposing_base_may_skip_its_roll() -> None:
    state = play(ships={"S": "a17", "A": "d15"}, two_ships=True)
    assert state.step == "roll-choice" and GAME.actor(state) == 0
    assert legal(state) == {"roll:SM", "roll:M"}
    refused(state, "roll:S", "WH-6")
    state = run(state, "roll:M")
    assert state.rolling == ("M",)
    refused(state, "S1M2", "WH-T2")
    assert run(state, "M2").step == "move"


def test_wh6_the_standard_game_has_no_roll_choice() -> None:
    state = play(ships={"S": "a17", "A": "d15"})
    assert state.step == "roll"
    refused(state, "roll:M", "WH-T1")


def test_wht1_events_out_of_sequence_are_refused() -> None:
    state = table()
    refused(state, "S@e5", "WH-T1")
    refused(state, "place-first", "WH-T1")
    state = run(state, "O2-5")
    assert GAME.actor(state) == 1
    refused(state, "O2-5", "WH-T1")
    state = run(state, "move-first")
    assert state.turn == 0 and state.first_mover == 1
    refused(state, "S3M2", "WH-T1")


def test_wht1_a_player_moves_only_their_own_ships() -> None:
    state = run(play(), "S2M3")
    refused(state, "C:W", "WH-T1")
    refused(state, "S2M3", "WH-T1")  # a roll while a move is awaited


def test_wht2_a_roll_needs_exactly_the_rolling_dice() -> None:
    state = play()
    refused(state, "S3", "WH-T2")
    refused(state, "C3A2", "WH-T2")
    assert run(state, "S3M2").dice == (("S", 3), ("M", 2))
    assert len(GAME.chance_outcomes(state)) == 36


def test_wht2_seeded_play_refuses_a_roll_the_seed_did_not_deal() -> None:
    log = new_log("wormholes", P, seed=11)
    state = GAME.initial_state(log.setup, P, 11)
    dealt = GAME.dealt_outcome(state)
    assert isinstance(dealt, OpeningRoll)
    other = OpeningRoll((dealt.orthogon + 1) % 6, dealt.diagon)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, other)
    assert info.value.rule == "WH-T2" and GAME.notation(dealt) in info.value.message
    GAME.apply(state, dealt)


def test_wht3_each_die_moves_its_ship_once_by_its_number() -> None:
    state = run(play(ships={"S": "e5", "M": "h2"}), "S2M1")
    state = run(state, "S:N")
    assert cell_of(state, "S") == "e7"
    refused(state, "S:S", "WH-T3")
    assert cell_of(run(state, "M:W"), "M") == "g2"


def test_wht3_a_null_die_does_not_move_its_ship() -> None:
    state = run(play(ships={"S": "e5", "M": "e7"}, coins=[("S", "e7", None)]), "S2M0")
    refused(state, "M:N", "WH-T3")  # the null die cannot move
    assert "M:0" in legal(state)
    state = run(play(ships={"S": "e5"}, coins=[("S", "e7", None)]), "S0M2")
    refused(state, "S:0", "WH-T3")  # no wormhole under e5: the null die is already spent
    refused(state, "M:0", "WH-T3")  # a 2 is not null


def test_wht3_a_null_die_activates_the_wormhole_under_the_ship() -> None:
    state = run(play(ships={"S": "e7"}, coins=[("S", "e7", None)]), "S0M0", "S:0")
    assert GAME.actor(state) == CHANCE
    state = run(state, "e7=3")
    assert cell_of(state, "S") == "e7"
    assert GAME.actor(state) == 0 and legal(state) == {"S*N", "S*S"}
    assert cell_of(run(state, "S*S"), "S") == "e4"


def test_wht5_each_rank_appears_once_per_suit() -> None:
    coins = [("S", "e7", 3), ("S", "e9", None)]
    state = run(play(ships={"S": "e5"}, coins=coins), "S2M0", "S:N")  # e7 (3) jumps
    state = run(state, "S*N")  # e7 -> e10? Sun 3 north from e7 is e10
    assert cell_of(state, "S") == "e10"
    state = play(ships={"S": "e7"}, coins=coins)
    state = run(state, "S2M0", "S:N")  # lands on e9, hidden
    refused(state, "e9=3", "WH-T5")
    assert {GAME.notation(e) for e in GAME.chance_outcomes(state)} == {
        "e9=0", "e9=1", "e9=2", "e9=4", "e9=5"}
    refused(state, "e7=2", "WH-T1")  # not the wormhole being activated
    run(state, "e9=1")


def test_wht5_seeded_play_refuses_a_value_the_deal_did_not_give() -> None:
    deal = {"S": [4, 0, 1, 2, 3, 5], "M": [0, 1, 2, 3, 4, 5], "C": [0, 1, 2, 3, 4, 5],
            "A": [0, 1, 2, 3, 4, 5]}
    state = GAME.initial_state({"chance": "seeded", "deal": deal}, P, 5)
    state = replace(state, phase="play", coins=(Coin("S", at("e7"), 0),),
                    ships=tuple(Ship(s, at("e5") if s == "S" else START[s]) for s in SUITS))
    state = start_turn(state, 0)
    state = replace(state, dice=(("S", 2), ("M", 0)), unused=("S",), step="move")
    state = run(state, "S:N")
    assert GAME.dealt_outcome(state) == Reveal(at("e7"), 4)
    refused(state, "e7=3", "WH-T5")
    state = run(state, "e7=4")
    assert legal(state) == {"S*N", "S*S"}
    assert cell_of(run(state, "S*N"), "S") == "e11"


def test_wht6_a_roll_choice_cannot_include_a_ship_in_a_black_hole() -> None:
    state = play(ships={"S": "a17", "M": "e5", "A": "d15"}, two_ships=True, lost=("M",))
    assert state.step == "roll-choice" and legal(state) == {"roll:S", "roll:none"}
    refused(state, "roll:SM", "WH-T6")
    assert run(state, "roll:none").turn == 1


def test_wht7_landing_on_an_opponent_sends_it_to_a_cell_without_your_ships() -> None:
    state = play(ships={"S": "e5", "C": "e7"})
    state = run(state, "S2M0", "S:N")
    assert GAME.actor(state) == 0 and isinstance(state.stack[-1], SendAway)
    refused(state, "C>j2", "WH-T7")  # own Moon ship
    refused(state, "C>e7", "WH-T7")  # where our Sun ship now is
    refused(state, "C>a17", "WH-7")  # the Arm ship: one ship per cell
    refused(state, "A>g9", "WH-T1")  # the Crown ship is the one landed on
    state = run(state, "C>j1")  # back onto our own (empty) base is fine
    assert cell_of(state, "C") == "j1" and state.winner is None
    assert len(GAME.legal(play(ships={"S": "e5", "C": "e7"}))) == 0


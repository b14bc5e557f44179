"""Wormholes: a legal and an illegal case for every rule id, and the text's orders of effect.

Positions are built directly (table play, so every die and coin value is typed by the test);
the full flow from the opening roll through placement is tested separately.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from pnp.cli import main as cli_main
from pnp.engine import (
    IllegalMove,
    NotationError,
    Rng,
    SetupError,
    get_game,
    load_log,
    new_log,
    replay,
)
from pnp.engine.game import CHANCE
from pnp.engine.play import random_playout, resolve_dealt
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import (
    BASES,
    CELLS,
    COMPASS,
    START,
    SUITS,
    TILE_ROWS,
    cell_name,
    parse_cell,
    ray,
)
from pnp.games.wormholes.dice import die_moves, landings
from pnp.games.wormholes.effects import start_turn
from pnp.games.wormholes.events import (
    ChooseFirst,
    Jump,
    Move,
    OpeningRoll,
    Place,
    Reveal,
    Roll,
    RollChoice,
    Send,
    parse_event,
)
from pnp.games.wormholes.offers import possible_values
from pnp.games.wormholes.setup import deal_coin_values
from pnp.games.wormholes.state import Activate, ChooseJump, Coin, SendAway, Ship, State

P = ["Olga", "Dana"]


def at(name: str) -> tuple[int, int]:
    cell = parse_cell(name)
    assert cell is not None
    return cell


def table(two_ships: bool = False) -> State:
    setup = GAME.new_setup(None, P, {"chance": "table", "two_ships": two_ships})
    return GAME.initial_state(setup, P, None)


def play(ships: dict[str, str] | None = None,
         coins: Sequence[tuple[str, str, int | None]] = (), turn: int = 0,
         two_ships: bool = False, lost: Sequence[str] = ()) -> State:
    """A table-play position at the start of `turn`'s turn (placement skipped)."""
    state = table(two_ships)
    counts: Counter[str] = Counter()
    placed = []
    for suit, cell, value in coins:
        placed.append(Coin(suit, at(cell), counts[suit], value))  # type: ignore[arg-type]
        counts[suit] += 1
    where = {s: cell_name(c) for s, c in START.items()} | (ships or {})
    fleet = tuple(Ship(s, at(where[s]), s in lost) for s in SUITS)
    state = replace(state, phase="play", coins=tuple(placed), ships=fleet, high=turn,
                    first_mover=turn)
    return start_turn(state, turn)


def run(state: State, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, GAME.parse(text))
    return state


def refused(state: State, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, GAME.parse(text))
    assert info.value.rule == rule, info.value
    assert info.value.message
    return info.value


def cell_of(state: State, suit: str) -> str:
    return cell_name(state.ship(suit).cell)  # type: ignore[arg-type]


def legal(state: State) -> set[str]:
    return {GAME.notation(e) for e in GAME.legal(state)}


# -- WH-1 the board ------------------------------------------------------------------------
def test_wh1_board_has_23_tiles_92_cells_and_a_half_turn_symmetry() -> None:
    assert sum(len(c) for c in TILE_ROWS.values()) == 23
    assert len(CELLS) == 92
    assert all((11 - x, 19 - y) in CELLS for x, y in CELLS)
    assert {at("j1"), at("j2"), at("a17"), at("a18")} <= CELLS
    assert at("a1") not in CELLS and at("j18") not in CELLS


def test_wh1_placement_on_a_gap_is_refused_and_on_a_cell_accepted() -> None:
    state = run(table(), "O5-1", "place-first")
    refused(state, "S@a1", "WH-1")
    assert run(state, "S@e5").coins[0].cell == at("e5")


def test_wh1_send_to_a_gap_is_refused() -> None:
    state = play(ships={"S": "e5", "C": "e7"})
    state = run(state, "S2M0", "S:N")
    refused(state, "C>a1", "WH-1")
    assert cell_of(run(state, "C>g9"), "C") == "g9"


# -- WH-2 bases ------------------------------------------------------------------------------
def test_wh2_placement_on_a_base_is_refused() -> None:
    state = run(table(), "O5-1", "place-first")
    for base in ("j1", "j2", "a17", "a18"):
        refused(state, f"S@{base}", "WH-2")


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


# -- WH-3 compass and axes -----------------------------------------------------------------
def test_wh3_each_side_reads_north_toward_the_other() -> None:
    assert COMPASS[0]["N"] == (0, 1) and COMPASS[1]["N"] == (0, -1)
    assert COMPASS[0]["E"] == (1, 0) and COMPASS[1]["E"] == (-1, 0)
    s = run(play(ships={"S": "e14"}), "S2M0", "S:N")
    assert cell_of(s, "S") == "e16"
    d = run(play(ships={"C": "e14"}, turn=1), "C2A0", "C:N")
    assert cell_of(d, "C") == "e12"


def test_wh3_a_jump_must_follow_the_coin_axis() -> None:
    # Sun wormhole 2 at e9: from e9 north e11 and south e7 are both open -> a choice.
    state = play(ships={"S": "e7"}, coins=[("S", "e9", 2)])
    state = run(state, "S2M0", "S:N")
    assert isinstance(state.stack[-1], ChooseJump) and GAME.actor(state) == 0
    assert legal(state) == {"S*N", "S*S"}
    refused(state, "S*E", "WH-3")
    refused(state, "S*NE", "WH-3")
    assert cell_of(run(state, "S*N"), "S") == "e11"


def test_wh3_diagonal_axes_are_the_same_lines_in_both_compasses() -> None:
    # Crown wormhole 1 at e9: for the OrthogonAliens NW is d10 and SE f8 (a gap? f8 is a cell).
    state = play(ships={"S": "e7"}, coins=[("C", "e9", 1)])
    state = run(state, "S2M0", "S:N")
    assert legal(state) == {"S*NW", "S*SE"}
    assert cell_of(run(state, "S*NW"), "S") == "d10"
    dstate = play(ships={"C": "e11"}, coins=[("C", "e9", 1)], turn=1)
    dstate = run(dstate, "C2A0", "C:N")  # DiagonAliens' north is down the board
    assert cell_of(dstate, "C") == "e9"
    assert legal(dstate) == {"C*NW", "C*SE"}
    assert cell_of(run(dstate, "C*SE"), "C") == "d10"


# -- WH-4 straight lines, gaps, own ships --------------------------------------------------
def test_wh4_no_shortcut_across_a_gap() -> None:
    assert ray(at("g4"), (0, 1), 5) is None  # g7 and g8 are gaps, g9 is a cell
    state = run(play(ships={"S": "g4"}), "S5M1")
    refused(state, "S:N", "WH-4")
    assert not any(m.startswith("S") for m in legal(state))  # g4 with a 5 has no way out
    state = run(play(ships={"S": "g4"}), "S4M1")
    refused(state, "S:N", "WH-4")  # g7 and g8 are gaps even though g8 is not the end
    assert "S:NW" in legal(state) and cell_of(run(state, "S:NW"), "S") == "c8"


def test_wh4_leaving_the_board_is_refused_and_a_legal_move_accepted() -> None:
    state = run(play(), "S2M0")  # Sun ship on j1
    refused(state, "S:E", "WH-4")
    refused(state, "S:S", "WH-4")
    assert cell_of(run(state, "S:W"), "S") == "h1"


def test_wh4_a_ship_never_lands_on_its_partner() -> None:
    state = run(play(ships={"S": "h2", "M": "j2"}), "S2M0")
    refused(state, "S:E", "WH-4")
    assert "S:E" not in legal(state)


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


# -- WH-5 placement --------------------------------------------------------------------------
def test_wh5_placement_alternates_own_coins_on_free_cells() -> None:
    state = run(table(), "O1-4", "place-first")  # DiagonAliens place first, Orthogon moves
    assert GAME.actor(state) == 1
    refused(state, "S@e5", "WH-5")  # not their suit
    state = run(state, "C@e5")
    assert GAME.actor(state) == 0
    refused(state, "S@e5", "WH-5")  # occupied
    state = run(state, "S@e6")
    assert [c.suit for c in state.coins] == ["C", "S"]
    assert state.coins[0].value is None  # hidden until activated


def test_wh5_a_suit_runs_out_after_six_and_play_starts_after_24() -> None:
    state = run(table(), "O4-1", "place-first")
    free = [c for c in sorted(CELLS) if c not in BASES[0] + BASES[1]]
    plan = ["S"] * 6 + ["M"] * 6
    plan_d = ["C"] * 6 + ["A"] * 6
    for i in range(12):
        if i == 6:
            refused(state, f"S@{cell_name(free[2 * i])}", "WH-5")
        state = run(state, f"{plan[i]}@{cell_name(free[2 * i])}",
                    f"{plan_d[i]}@{cell_name(free[2 * i + 1])}")
    assert state.phase == "play" and len(state.coins) == 24
    assert state.turn == 1 and GAME.actor(state) == CHANCE  # the other side moves first
    assert state.rolling == ("C", "A")


# -- WH-6 the two-ship variant -----------------------------------------------------------------
def test_wh6_a_ship_on_an_opposing_base_may_skip_its_roll() -> None:
    state = play(ships={"S": "a17", "A": "d15"}, two_ships=True)
    assert state.step == "roll-choice" and GAME.actor(state) == 0
    assert legal(state) == {"roll:SM", "roll:M"}
    refused(state, "roll:S", "WH-6")
    state = run(state, "roll:M")
    assert state.rolling == ("M",)
    refused(state, "S1M2", "WH-T2")
    assert run(state, "M2").step == "move"


def test_wh6_one_ship_on_a_base_does_not_win_the_variant_but_two_do() -> None:
    state = play(ships={"S": "c17", "M": "e5", "A": "d15"}, two_ships=True)
    state = run(state, "S2M0", "S:W")
    assert state.winner is None and cell_of(state, "S") == "a17"
    state = play(ships={"S": "a17", "M": "c18", "A": "d15", "C": "e14"}, two_ships=True)
    state = run(state, "roll:SM", "S0M2", "M:W")
    assert state.winner == 0 and state.phase == "over"


def test_wh6_the_standard_game_has_no_roll_choice() -> None:
    state = play(ships={"S": "a17", "A": "d15"})
    assert state.step == "roll"
    refused(state, "roll:M", "WH-T1")


# -- WH-T1 order of play --------------------------------------------------------------------
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


def test_wht1_opening_tie_is_rolled_again() -> None:
    state = run(table(), "O3-3")
    assert state.phase == "opening" and state.rolls == 1
    state = run(state, "O0-1")
    assert state.high == 1 and state.phase == "choose"


# -- WH-T2 dice ------------------------------------------------------------------------------
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


# -- WH-T3 a die moves its ship --------------------------------------------------------------
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


# -- WH-T4 both dice -------------------------------------------------------------------------
def test_wht4_a_move_that_strands_the_other_die_is_refused_when_avoidable() -> None:
    # The Moon ship on j1 with a 4 can only go NW to f5; the Sun ship on f7 with a 2 could
    # block f5 by going south, so it must go elsewhere (or the Moon moves first).
    state = run(play(ships={"S": "f7", "M": "j1"}), "S2M4")
    refused(state, "S:S", "WH-T4")
    assert "S:S" not in legal(state) and "S:W" in legal(state) and "M:NW" in legal(state)
    state = run(state, "S:W")
    assert legal(state) == {"M:NW"}


def test_wht4_when_only_one_die_can_be_used_any_move_is_legal() -> None:
    # The Moon ship on j2 with a 5 has no move at all; the Sun ship moves freely.
    state = run(play(ships={"S": "f7", "M": "j2"}), "S2M5")
    assert {m for m in legal(state) if m.startswith("M")} == set()
    state = run(state, "S:S")
    assert state.turn == 1  # the unusable Moon die is forfeited and the turn passes


def test_wht4_either_die_may_go_first() -> None:
    state = run(play(ships={"S": "f7", "M": "j1"}), "S2M4", "M:NW")
    assert cell_of(state, "M") == "f5"
    refused(state, "S:S", "WH-4")  # now the Moon ship itself is on f5
    assert "S:W" in legal(state)


# -- WH-T5 coin values -----------------------------------------------------------------------
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


# -- WH-T6 black holes -----------------------------------------------------------------------
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


def test_wht6_a_roll_choice_cannot_include_a_ship_in_a_black_hole() -> None:
    state = play(ships={"S": "a17", "M": "e5", "A": "d15"}, two_ships=True, lost=("M",))
    assert state.step == "roll-choice" and legal(state) == {"roll:S", "roll:none"}
    refused(state, "roll:SM", "WH-T6")
    assert run(state, "roll:none").turn == 1


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


# -- WH-T7, WH-7 sending an opponent away; order of effects ---------------------------------
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


# -- WH-T8 the end -----------------------------------------------------------------------------
def test_wht8_nothing_is_logged_after_the_end() -> None:
    state = run(play(ships={"S": "c17"}), "S2M3", "S:W")
    refused(state, "M:W", "WH-T8")
    refused(state, "C1A1", "WH-T8")
    assert GAME.legal(state) == [] and GAME.chance_outcomes(state) == []


# -- setup, seeded play, notation, summary --------------------------------------------------
def test_setup_options_are_checked() -> None:
    with pytest.raises(SetupError):
        GAME.new_setup(1, P, {"chance": "dice"})
    with pytest.raises(SetupError):
        GAME.new_setup(1, P, {"colour": "red"})
    with pytest.raises(SetupError):
        GAME.new_setup(None, P, {"chance": "seeded"})
    with pytest.raises(SetupError):
        GAME.initial_state({"chance": "seeded", "deal": {"S": [1, 1, 2, 3, 4, 5]}}, P, 1)
    with pytest.raises(SetupError):
        GAME.check_players(["solo"])


def test_seeded_setup_deals_each_suit_a_permutation_and_a_quick_start() -> None:
    setup = GAME.new_setup(3, P, {"chance": "seeded"})
    assert setup["deal"] == deal_coin_values(3)
    assert all(sorted(v) == [0, 1, 2, 3, 4, 5] for v in setup["deal"].values())
    assert GAME.new_setup(3, P, {"chance": "seeded"}) == setup
    assert GAME.new_setup(4, P, {"chance": "seeded"})["deal"] != setup["deal"]
    quick = setup["quick_start"]
    state = GAME.initial_state(setup, P, 3)
    state = resolve_dealt(GAME, state)[0]
    state = GAME.apply(state, ChooseFirst(True))
    first = state.turn
    lists = [quick["OrthogonAliens"], quick["DiagonAliens"]]
    for i in range(12):
        state = run(state, lists[first][i], lists[1 - first][i])
    assert state.phase == "play"
    assert "quick start" in GAME.describe_setup(setup, 3).lower()
    table_setup = GAME.new_setup(3, P, {"chance": "table"})
    assert "deal" not in table_setup and table_setup["quick_start"] == quick
    assert GAME.new_setup(None, P, {}) == {"chance": "table", "two_ships": False}


def test_seeded_reveals_come_from_the_deal_in_placement_order() -> None:
    setup = GAME.new_setup(9, P, {"chance": "seeded"})
    state = resolve_dealt(GAME, GAME.initial_state(setup, P, 9))[0]
    state = GAME.apply(state, ChooseFirst(True))
    placements = [GAME.legal(state)[0]]
    state = GAME.apply(state, placements[0])
    coin = state.coins[0]
    assert coin.ordinal == 0 and coin.value is None
    assert setup["deal"][coin.suit][0] in range(6)


NOTATIONS = ["O4-2", "O0-5", "place-first", "move-first", "S@e5", "A@a17", "roll:SM",
             "roll:none", "roll:A", "S3M0", "C2A5", "M4", "S:NE", "S:N", "S:0", "C:SW",
             "S*N", "A*SW", "C>e5", "M>j18", "e5=3", "h12=0"]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text: str) -> None:
    event = parse_event(text)
    assert GAME.notation(event) == text
    assert GAME.parse(GAME.notation(event)) == event


def test_notation_reads_aliases_and_normalises_suit_order() -> None:
    assert parse_event("M0S3") == Roll((("S", 3), ("M", 0)))
    assert parse_event("sNma") == Roll((("S", 0), ("M", 1)))
    assert parse_event("s:ne") == Move("S", "NE")
    assert parse_event("roll:ms") == RollChoice(("S", "M"))
    assert parse_event("E5=n") == Reveal(at("e5"), 0)
    assert parse_event(" c>E5 ") == Send("C", at("e5"))
    assert parse_event("a*sw") == Jump("A", "SW")
    assert parse_event("m@J18") == Place("M", at("j18"))
    assert GAME.parse_line("S3M0, S:N e7=2") == [Roll((("S", 3), ("M", 0))), Move("S", "N"),
                                                 Reveal(at("e7"), 2)]


@pytest.mark.parametrize("text", ["", "S6M0", "S:NNE", "X@e5", "S@k5", "S@e19", "S@e0",
                                  "O6-1", "S3S2", "roll:SS", "e5=6", "S*", "S>e", "S:1",
                                  "Q", "S3M0C1", "x" * 40])
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_event(text)


def test_summary_is_json_and_hides_unrevealed_values() -> None:
    setup = GAME.new_setup(5, P, {"chance": "seeded"})
    state = resolve_dealt(GAME, GAME.initial_state(setup, P, 5))[0]
    state = GAME.apply(state, ChooseFirst(True))
    state = GAME.apply(state, GAME.legal(state)[0])
    summary = GAME.summary(state)
    json.dumps(summary)
    assert len(summary["board"]["cells"]) == 92
    assert summary["wormholes"][0]["value"] is None
    assert "deal" not in json.dumps(summary)
    assert summary["phase"] == "placement" and summary["actor"] == summary["turn"]
    assert {s["cell"] for s in summary["ships"]} == {"j1", "j2", "a17", "a18"}


def test_registered_and_replayable_from_a_log() -> None:
    assert get_game("wormholes") is GAME
    log = new_log("wormholes", P, seed=2, options={"chance": "table"})
    log = log.with_events(["O5-2", "move-first", "C@e5", "S@e6", "Z9"])
    result = replay(log)
    assert not result.ok and result.applied == 4
    assert result.error is not None and result.error["rule"] == "notation"
    json.dumps(result.to_json())


# -- golden logs --------------------------------------------------------------------------------
DATA = Path(__file__).parent / "data"


def test_golden_table_example_replays_as_documented() -> None:
    result = replay(load_log((DATA / "wormholes-table-example.json").read_text("utf-8")))
    assert result.ok, result.error
    state = result.state
    assert {s.suit: cell_name(s.cell) for s in state.ships} == {
        "S": "f3", "M": "i2", "C": "d14", "A": "e9"}
    h3, e14, e9 = (state.coin_at(at(c)) for c in ("h3", "e14", "e9"))
    assert h3 is not None and (h3.value, h3.flips) == (2, 1)
    assert e14 is not None and (e14.value, e14.flips) == (5, 1)
    assert e9 is not None and (e9.value, e9.flips) == (None, 0)  # a jump does not activate
    assert state.turn == 0 and GAME.actor(state) == CHANCE


def test_golden_seeded_game_is_reproduced_event_for_event() -> None:
    log = load_log((DATA / "wormholes-seed7-game.json").read_text("utf-8"))
    result = replay(log)
    assert result.ok and result.to_json()["winner"] == ["Dana"]
    state = GAME.initial_state(log.setup, log.players, log.seed)
    assert log.setup == GAME.new_setup(7, P, {"chance": "seeded"})
    final, events = random_playout(GAME, state, Rng(7, "golden"), 20_000)
    assert [GAME.notation(e) for e in events] == list(log.events)
    assert final == result.state


def test_cli_replay_accepts_the_example_and_refuses_a_bad_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["replay", str(DATA / "wormholes-table-example.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["state"]["phase"] == "play"
    log = load_log((DATA / "wormholes-table-example.json").read_text("utf-8"))
    bad = tmp_path / "bad.json"
    bad.write_text(log.with_events([*log.events[:-1], "C:S"]).dumps(), "utf-8")
    assert cli_main(["replay", str(bad)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["index"] == len(log.events) - 1 and out["error"]["rule"] == "WH-4"


def test_wh10_a_hidden_wormholes_possible_jump_counts_for_using_both_dice() -> None:
    # Seed 7, 55 events in: Sun 2 NW lands on a hidden wormhole. Staying there would leave
    # the Moon die no move, but some value it may still show jumps the Sun ship away and the
    # Moon die can then be used: the move is allowed (WH-10), as the mover cannot know.
    from pnp.engine.log import load_log, replay
    from pnp.games.wormholes.board import cell_name

    path = Path(__file__).parent / "data" / "wormholes-wh10-hidden-jump.json"
    result = replay(load_log(path.read_text(encoding="utf-8")))
    assert result.ok
    s = result.state
    legal = [GAME.notation(e) for e in GAME.legal(s)]
    assert "S:NW" in legal
    end = next(c for d, c in die_moves(s, "S") if d == "NW")
    coin = s.coin_at(end)
    assert coin is not None and coin.value is None, cell_name(end)
    assert die_moves(s, "M", partner_at=end) == []  # staying would block the Moon die
    finals = landings(s, "S", "M", end)
    assert end in finals and any(f != end for f in finals)


def test_wh18_the_placer_may_name_the_coins_value() -> None:
    from pnp.engine.play import resolve_dealt

    log = new_log("wormholes", ["Olga", "Dana"], 7)
    s = GAME.initial_state(log.setup, log.players, 7)
    s, _ = resolve_dealt(GAME, s)
    s = GAME.apply(s, GAME.parse("place-first"))
    suit = "S" if s.turn == 0 else "C"
    other = "C" if s.turn == 0 else "S"  # the other side's suit
    first = GAME.parse(f"{suit}4@e9")
    assert GAME.notation(first) == f"{suit}4@e9" and GAME.parse(f"{suit}@e9").value is None
    s = GAME.apply(s, first)
    coin = s.coin_at(GAME.parse(f"{suit}@e9").cell)
    assert coin is not None and coin.value is None and coin.chosen == 4
    assert s.deal is not None and s.deal[SUITS.index(suit)][0] == 4  # seeded: its place
    s = GAME.apply(s, GAME.parse(f"{other}@f9"))
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, GAME.parse(f"{suit}4@e7"))
    assert exc.value.rule == "WH-18" and "already placed" in exc.value.message
    assert all(w.get("value") is None for w in GAME.summary(s)["wormholes"])  # stays hidden
    # table play: the reveal must be the value named
    t = GAME.initial_state(new_log("wormholes", ["O", "D"], None, {"chance": "table"}).setup,
                           ["O", "D"], None)
    t = GAME.apply(GAME.apply(t, GAME.parse("O5-2")), GAME.parse("place-first"))
    t = GAME.apply(t, GAME.parse("S2@e9"))
    coin = t.coin_at(GAME.parse("S@e9").cell)
    assert coin is not None and possible_values(t, coin) == [2]


def test_wh10_foresees_the_jump_of_an_opponent_sent_away_by_the_move() -> None:
    # Sun 1 onto e14 lands on the Crown ship. Staying there blocks the Moon die's only move
    # (b17 3 to e14), but the Sun side may send the Crown onto the Sun wormhole at e13
    # (value 1), whose only open jump (the Arm ship holds e12) throws it back onto e14: the
    # Sun ship is sent on, wherever the DiagonAliens like, and the Moon die lands on the
    # Crown at e14. The mover can force this, so the move keeps both dice in play (WH-10);
    # the old rule refused it.
    ships = {"S": "d13", "M": "b17", "C": "e14", "A": "e12"}
    state = run(play(ships=ships, coins=[("S", "e13", 1)]), "S1M3")
    to_e14 = next(d for d, c in die_moves(state, "S") if c == at("e14"))
    assert die_moves(state, "M", partner_at=at("e14")) == []
    assert landings(state, "S", "M", at("e14")) == [at("e14")]
    assert f"S:{to_e14}" in legal(state)
    state = run(state, f"S:{to_e14}", "C>e13")  # the forced jump is taken at once (WH-12)
    assert (cell_of(state, "C"), GAME.actor(state)) == ("e14", 1)
    assert legal(state) and all(e.startswith("S>") for e in legal(state))
    state = run(state, "S>c10")  # the Crown hit the Sun ship: the DiagonAliens send it on
    moon = next(d for d, c in die_moves(state, "M") if c == at("e14"))
    assert cell_of(run(state, f"M:{moon}"), "M") == "e14"
    # the same move is refused where the chain is not forced: with the Arm ship elsewhere
    # the DiagonAliens could jump the Crown to e12 and leave the Sun ship blocking e14
    loose = run(play(ships={**ships, "A": "a17"}, coins=[("S", "e13", 1)]), "S1M3")
    refused(loose, f"S:{to_e14}", "WH-T4")
    # and with no wormhole to send the Crown to
    refused(run(play(ships=ships), "S1M3"), f"S:{to_e14}", "WH-T4")

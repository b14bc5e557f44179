"""Before the first move (``opening``): the opening roll (WH-9), placing the wormholes (WH-1,
WH-2, WH-5) and naming a coin's value (WH-18).

Positions are built directly (table play; ``wormholes_positions``); the whole flow from the
opening roll is in ``test_wormholes_properties``."""

from __future__ import annotations

import pytest

from pnp.engine import IllegalMove, new_log
from pnp.engine.game import CHANCE
from pnp.engine.play import resolve_dealt
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import BASES, CELLS, SUITS, cell_name
from pnp.games.wormholes.offers import possible_values
from tests.games.wormholes_positions import at, refused, run, table


def test_wh1_placement_on_a_gap_is_refused_and_on_a_cell_accepted() -> None:
    state = run(table(), "O5-1", "place-first")
    refused(state, "S@a1", "WH-1")
    assert run(state, "S@e5").coins[0].cell == at("e5")


def test_wh2_placement_on_a_base_is_refused() -> None:
    state = run(table(), "O5-1", "place-first")
    for base in ("j1", "j2", "a17", "a18"):
        refused(state, f"S@{base}", "WH-2")


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


def test_wht1_opening_tie_is_rolled_again() -> None:
    state = run(table(), "O3-3")
    assert state.phase == "opening" and state.rolls == 1
    state = run(state, "O0-1")
    assert state.high == 1 and state.phase == "choose"


def test_wh18_the_placer_may_name_the_coins_value() -> None:

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


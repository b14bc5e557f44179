"""Setting up (``setup`` and the game object's setup): options are checked, seeded play deals each
suit a permutation, reveals follow the deal."""

from __future__ import annotations

import pytest

from pnp.engine import SetupError
from pnp.engine.play import resolve_dealt
from pnp.games.wormholes import GAME
from pnp.games.wormholes.events import ChooseFirst
from pnp.games.wormholes.setup import deal_coin_values
from tests.games.wormholes_positions import P, run


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


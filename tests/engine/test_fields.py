"""No game ignores a field it does not know: options and setups name the nearest known one."""

from __future__ import annotations

import doctest

import pytest

from pnp.engine import SetupError, all_games, get_game, new_log
from pnp.engine import errors as errors_module
from pnp.engine.log import GameLog, replay

GAMES = [g.id for g in all_games()]


def test_doctests() -> None:
    assert doctest.testmod(errors_module).failed == 0


def players(game_id: str) -> list[str]:
    return [f"P{i}" for i in range(get_game(game_id).min_players)]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_misspelled_option_is_refused_naming_the_nearest(game_id: str) -> None:
    with pytest.raises(SetupError, match=r"unknown .*'chanse' \(did you mean 'chance'\?\)"):
        new_log(game_id, players(game_id), 7, {"chanse": "table"})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_setup_with_an_unknown_field_does_not_replay(game_id: str) -> None:
    log = new_log(game_id, players(game_id), 7, {"chance": "seeded"})
    assert replay(log).ok
    bad = GameLog(log.game, log.seed, {**log.setup, "chanse": "table"}, log.players)
    with pytest.raises(SetupError, match=r"'chanse' \(did you mean 'chance'\?\)"):
        replay(bad)


def test_two_ship_is_not_silently_the_one_ship_game() -> None:
    log = new_log("wormholes", ["A", "B"], None, {"chance": "table"})
    bad = GameLog(log.game, None, {**log.setup, "two_ship": True}, log.players)
    with pytest.raises(SetupError, match="did you mean 'two_ships'"):
        replay(bad)


def test_an_unknown_game_names_the_nearest() -> None:
    with pytest.raises(Exception, match="did you mean 'galaxy-express'"):
        get_game("galaxy-expres")


def test_player_count_grammar() -> None:
    with pytest.raises(SetupError, match=r"^Galaxy Express takes 1 player, got 2$"):
        new_log("galaxy-express", ["A", "B"], 7)
    with pytest.raises(SetupError, match=r"^Wormholes takes 2 players, got 1$"):
        new_log("wormholes", ["A"], 7)

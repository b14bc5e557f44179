"""The deal seed: hidden chance from a secret, the public setup from the printed seed, and a
finished log that carries the secret replays."""

from __future__ import annotations

import doctest

import pytest

from pnp.engine import Rng, SetupError, all_games, get_game, new_log, replay
from pnp.engine import deal as deal_module
from pnp.engine.deal import DEAL_SEED, deal_seed, public_setup
from pnp.engine.play import random_playout

GAMES = [g.id for g in all_games() if g.deal_seed_option]
SECRET = 4_242_424_242


def test_doctests() -> None:
    assert doctest.testmod(deal_module).failed == 0


def test_every_built_in_game_takes_a_deal_seed() -> None:
    assert set(GAMES) >= {"galaxy-express", "galaxy-trucker", "spatial-delivery",
                          "weird-galaxy", "wormholes"}


def _players(game_id: str) -> list[str]:
    game = get_game(game_id)
    return [f"P{i + 1}" for i in range(max(game.min_players, min(3, game.max_players)))]


def _dealt(game_id: str, seed: int, options: dict[str, object], n: int = 40) -> list[str]:
    """The events of a random playout (decisions from a fixed stream, chance as dealt)."""
    game = get_game(game_id)
    log = new_log(game_id, _players(game_id), seed, options)
    state = game.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(game, state, Rng(1, "test/playout"), max_events=n)
    return [game.notation(e) for e in events if e.CHANCE]


@pytest.mark.parametrize("game_id", GAMES)
def test_public_setup_follows_the_printed_seed_hidden_chance_the_secret(game_id: str) -> None:
    printed = new_log(game_id, _players(game_id), 7, {"chance": "seeded"})
    secret = new_log(game_id, _players(game_id), 7, {"chance": "seeded", DEAL_SEED: SECRET})
    assert secret.setup[DEAL_SEED] == SECRET
    assert public_setup(secret.setup) == public_setup(printed.setup)
    by_printed = _dealt(game_id, 7, {"chance": "seeded"})
    by_secret = _dealt(game_id, 7, {"chance": "seeded", DEAL_SEED: SECRET})
    assert by_secret and by_secret != by_printed
    # The same secret with the same printed seed deals the same again (deterministic).
    assert _dealt(game_id, 7, {"chance": "seeded", DEAL_SEED: SECRET}) == by_secret


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_log_with_the_deal_seed_replays(game_id: str) -> None:
    game = get_game(game_id)
    log = new_log(game_id, _players(game_id), 11, {"chance": "seeded", DEAL_SEED: SECRET})
    state = game.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(game, state, Rng(2, "test/playout"), max_events=400)
    full = log.with_events([game.notation(e) for e in events])
    assert replay(full).ok
    # Without the secret (the printed seed's deal) the same outcomes are refused somewhere.
    stripped = type(full)(full.game, full.seed,
                          {k: v for k, v in full.setup.items() if k != DEAL_SEED},
                          full.players, full.events)
    if "deal" not in full.setup:  # games that draw hidden chance from the seed during play
        assert not replay(stripped).ok
    # Read as table play (what watchers get mid-game), it replays too.
    table = type(full)(full.game, full.seed, public_setup(full.setup), full.players,
                       full.events)
    assert replay(table).ok


@pytest.mark.parametrize("bad", [-1, 2**63, "12", 1.5, True])
def test_a_bad_deal_seed_is_a_setup_error(bad: object) -> None:
    with pytest.raises(SetupError, match=DEAL_SEED):
        deal_seed({DEAL_SEED: bad}, 7)
    with pytest.raises(SetupError):
        new_log("wormholes", ["A", "B"], 7, {"chance": "seeded", DEAL_SEED: bad})


def test_spatial_delivery_lays_the_printed_rings_and_hides_ring_three_by_the_secret() -> None:
    from pnp.games.spatial_delivery.board import HEX_COUNT, RING
    from pnp.games.spatial_delivery.rules import tile_deal

    printed, secret = tile_deal(7), tile_deal(7, SECRET)
    outer = [h for h in range(HEX_COUNT) if RING[h] == 3]
    assert [printed[h] for h in range(HEX_COUNT) if RING[h] < 3] == \
        [secret[h] for h in range(HEX_COUNT) if RING[h] < 3]  # the kit's setup sheet
    assert sorted(printed[h] for h in outer) == sorted(secret[h] for h in outer)
    assert [printed[h] for h in outer] != [secret[h] for h in outer]

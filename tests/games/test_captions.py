"""Every game words every legal event in plain language (the tracker's buttons): in random
seeded playouts, each legal decision and each chance outcome has a caption that is not its
notation, and the captions of one state's choices tell them apart."""

from __future__ import annotations

import pytest

from pnp.engine import CHANCE, all_games, get_game, new_log
from pnp.engine.rng import Rng

GAMES = [g.id for g in all_games()]
PLAYERS = {"galaxy-express": 1, "wormholes": 2, "weird-galaxy": 2, "spatial-delivery": 3,
           "galaxy-trucker": 2}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_has_distinct_words(game_id: str) -> None:
    game = get_game(game_id)
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:PLAYERS.get(game_id, game.min_players)]
    log = new_log(game_id, names, 11, {"chance": "seeded"})
    state = game.initial_state(log.setup, log.players, log.seed)
    rng = Rng(3, "captions")
    checked = 0
    for _ in range(250):
        actor = game.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = game.dealt_outcome(state)
            words = game.describe(state, event)
            assert words and words != game.notation(event), game.notation(event)
            state = game.apply(state, event)
            continue
        legal = game.legal(state)
        words = [game.describe(state, e) for e in legal]
        for event, caption in zip(legal, words, strict=True):
            assert caption and caption.strip() == caption
            assert caption != game.notation(event) or game.notation(event) in ("go",)
        dupes = {w for w in words if words.count(w) > 1}
        assert not dupes, f"{game_id}: two choices read the same: {dupes}"
        checked += len(legal)
        state = game.apply(state, rng.choice(game.playout_choices(state)))
    assert checked > 20


def test_concessions_ask_first() -> None:
    ge = get_game("galaxy-express")
    log = new_log("galaxy-express", ["Zoë"], 7, {"chance": "seeded"})
    state = ge.initial_state(log.setup, log.players, log.seed)
    assert ge.concedes(ge.parse("X")) and not ge.concedes(ge.parse("."))
    assert ge.confirm(state, ge.parse("X")) == "concede the game?"
    assert ge.confirm(state, ge.parse("@a1")) is None
    gt = get_game("galaxy-trucker")
    assert gt.confirm(None, gt.parse("quit")) == "Give up this round?"
    assert gt.confirm(None, gt.parse("go")) is None


def test_the_caption_modules_examples_run() -> None:
    import doctest
    import importlib

    for name in ("galaxy_express", "wormholes", "weird_galaxy", "spatial_delivery",
                 "galaxy_trucker"):
        module = importlib.import_module(f"pnp.games.{name}.captions")
        failed, tried = doctest.testmod(module)
        assert tried and not failed, name

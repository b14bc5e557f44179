"""A refusal says what the engine did by itself meanwhile, and its examples are legal now."""

from __future__ import annotations

import re

import pytest

from pnp.engine import IllegalMove, new_log
from pnp.engine.game import CHANCE
from pnp.engine.rng import Rng


def test_wormholes_a_refusal_after_a_passed_turn_says_the_turn_passed() -> None:
    from pnp.games.wormholes import GAME

    log = new_log("wormholes", ["Olga", "Dana"], 7)
    s = GAME.initial_state(log.setup, log.players, 7)
    rng = Rng(7, "x")
    while not s.auto:  # play until a turn ends by itself with a die left unusable
        actor = GAME.actor(s)
        assert actor is not None
        event = GAME.dealt_outcome(s) if actor == CHANCE else rng.choice(
            GAME.playout_choices(s))
        s = GAME.apply(s, event)
    assert re.fullmatch(r"\w+ \(\w+\)'s turn passed: no legal move was left for the "
                        r"\w+ \d( and \w+ \d dice| die) \(WH-T4\).*", s.auto), s.auto
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, GAME.parse("S:N"))
    assert exc.value.rule == "WH-T1" and "turn passed" in exc.value.message
    after = GAME.apply(s, GAME.dealt_outcome(s))  # a good entry clears the note
    assert after.auto == ""


def test_galaxy_trucker_a_refusal_names_the_decisions_applied_by_themselves() -> None:
    from pnp.games.galaxy_trucker import GAME

    log = new_log("galaxy-trucker", ["Ann", "Bo"], 7)
    s = GAME.initial_state(log.setup, log.players, 7)
    s = GAME.apply(s, GAME.parse("1:I;141@7,7"))
    s = GAME.apply(s, GAME.parse("2:i 142@7,7"))  # any case, spaces as the ships page
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, GAME.parse("crew:-"))
    assert exc.value.rule == "GT-F6"
    assert exc.value.message.endswith("(already applied by itself, the only possible answer "
                                      "(GT-FR4): Ann crew:-, Bo crew:-)")
    assert exc.value.legal == ("go", "quit")


def test_galaxy_trucker_the_card_prompt_example_can_come_now() -> None:
    from pnp.games.galaxy_trucker import GAME

    log = new_log("galaxy-trucker", ["Ann", "Bo"], None,
                  {"chance": "table", "tiles": 7, "rounds": "2"})
    s = GAME.initial_state(log.setup, log.players, None)
    s = GAME.apply(s, GAME.parse("1:II;141@7,7"))
    s = GAME.apply(s, GAME.parse("2:II;142@7,7"))
    s = GAME.apply(s, GAME.parse("go"))
    s = GAME.apply(s, GAME.parse("go"))
    assert s.need == "card"
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, GAME.parse("go"))
    example = exc.value.message.split("(")[1].split(")")[0]
    assert example.startswith("card:II-")
    GAME.apply(s, GAME.parse(example))  # the example given is legal here


def test_galaxy_trucker_a_refused_ship_says_what_is_wrong_not_random_ships() -> None:
    from pnp.games.galaxy_trucker import GAME

    log = new_log("galaxy-trucker", ["Ann", "Bo"], 7)
    s = GAME.initial_state(log.setup, log.players, 7)
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, GAME.parse("1:I;141@7,7;12@6,7;13@6,7"))
    assert exc.value.rule == "GT-S9" and "both on row 6, column 7" in exc.value.message
    assert exc.value.legal == ("1:I;141@7,7", "2:I;141@7,7")  # the shortest legal entries
    with pytest.raises(IllegalMove) as exc:  # a wrong board, and the ship's own mistakes
        GAME.apply(s, GAME.parse("1:II;141@7,7;100@5,5"))
    assert exc.value.rule == "GT-F1" and "the spot check also finds" in exc.value.message

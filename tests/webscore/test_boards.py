"""State drawings: well-formed SVG for real summaries of every game, text escaped, and a
drawing that cannot cope falls back to the generic one instead of failing the page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from pnp.engine import CHANCE, BoardDrawing, Rng, all_games, new_log
from pnp.games.galaxy_express import drawing as galaxy_express
from webscore import boards
from webscore.boards import generic


def played_summary(game_id: str, steps: int = 40) -> tuple[dict[str, Any], list[str]]:
    game = next(g for g in all_games() if g.id == game_id)
    players = ["<script>x</script>", "Ωmega & Co"][:max(game.min_players, 1)] \
        if game.max_players >= 2 else ["<b>Solo</b>"]
    if len(players) < game.min_players:
        players += [f"P{i}" for i in range(game.min_players - len(players))]
    log = new_log(game_id, players, 4)
    state = game.initial_state(log.setup, log.players, log.seed)
    rng = Rng(4, "boards")
    for _ in range(steps):
        actor = game.actor(state)
        if actor is None:
            break
        event = game.dealt_outcome(state) if actor == CHANCE else rng.choice(
            game.playout_choices(state))
        state = game.apply(state, event)
    return game.summary(state), list(log.players)


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_draws_well_formed_svg(game_id: str) -> None:
    summary, players = played_summary(game_id)
    svg = str(boards.render(game_id, summary, players, [0] * len(players)))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and len(list(root.iter())) > 10
    assert "<script" not in svg


def test_own_drawers_exist_for_the_built_in_games() -> None:
    for game_id in ("galaxy-express", "wormholes", "weird-galaxy"):
        assert boards.drawer_for(game_id) is not None
    assert boards.drawer_for("no-such-game") is None
    assert boards.drawer_for("../etc") is None


def test_generic_drawing_escapes_and_truncates() -> None:
    svg = generic.draw({"note": "<img src=x onerror=alert(1)>", "long": "x" * 500},
                       ["<b>A</b>"], [3])
    ET.fromstring(svg)
    assert "<img" not in svg and "&lt;img" in svg and "&lt;b&gt;A" in svg
    assert "x" * 100 not in svg


def test_a_failing_drawer_falls_back_to_generic(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(summary: dict[str, Any]) -> str:
        raise KeyError("surprise")

    monkeypatch.setattr(boards, "board_for", lambda game_id: BoardDrawing(broken))
    svg = str(boards.render("galaxy-express", {"turn": 1}, ["A"], [5]))
    assert "players, scores and the game state" in svg


def test_galaxy_express_drawing_marks_ship_target_and_coins() -> None:
    summary = {"turn": 3, "phase": "orbit", "ship": "h6", "speed": 4,
               "planets": [{"cell": "a1", "number": 2}, {"cell": "h6", "number": None}],
               "queue": {"top": 2, "delivered": [0], "bottom": None},
               "suns": {"face_up": [1, 5], "spent": [0], "in_stack": 3},
               "moons": {"face_up": [2], "spent": [], "in_stack": 5},
               "deliveries": 1, "refuels": 0, "coins_left": 11, "score": 31,
               "rating": "Maybe <you>", "chance": [], "result": None}
    svg = galaxy_express.draw(summary)
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Score 31" in texts and "Maybe <you>" in texts  # escaped in the source, read back
    assert "ship at h6" in svg and 'stroke-dasharray="4 3"' in svg  # the target planet ring

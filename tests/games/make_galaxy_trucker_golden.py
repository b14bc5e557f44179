"""Write tests/games/data/galaxy_trucker_game_seed13.json: the seeded game random play gives.

    PYTHONPATH=. .venv/bin/python tests/games/make_galaxy_trucker_golden.py

Run it only when the engine's legal list changes on purpose (the events a seeded playout
picks change with it); the tests then replay the new log and check its features.
"""

from __future__ import annotations

import json
from pathlib import Path

from pnp.engine import get_game, new_log
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng

OUT = Path(__file__).parent / "data" / "galaxy_trucker_game_seed13.json"
NOTE = ("A whole seeded 3-round Galaxy Trucker game: random legal play from Rng(13, 'golden'); "
        "tests/games/test_galaxy_trucker_flight_properties.py replays it.")


def main() -> None:
    game = get_game("galaxy-trucker")
    log = new_log(game.id, ["Ada", "Ben", "Cy"], 13, {"chance": "seeded"})
    state = game.initial_state(log.setup, log.players, log.seed)
    final, events = random_playout(game, state, Rng(13, "golden"), 5000)
    outcome = game.outcome(final)
    assert outcome is not None
    log = log.with_events([game.notation(e) for e in events])
    expect = {"events": len(events), "scores": game.scores(final),
              "winners": list(outcome.winners), "detail": outcome.detail,
              "history": [list(t.history) for t in final.truckers]}
    OUT.write_text(json.dumps({"note": NOTE, "log": log.to_json(), "expect": expect},
                              ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

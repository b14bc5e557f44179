"""A fingerprint of what an engine does, to prove a refactor or a speed-up changed nothing.

Seeded playouts (and table-chance ones, whose chance outcomes are drawn at random) are played
to the end; at every position the hash takes in the state's ``repr`` and public summary, the
actor, the legal list (or the chance outcomes), the caption of the event played, and the
answer to wrong events tried there (probes drawn from every event text seen so far): the
refusal's rule, message and legal list, or the state a legal one makes.  Run it before and
after a change; equal hashes mean the same states, lists, captions and refusals.  ``--public``
leaves out the state's ``repr`` (for a change of the state's own shape).

    .venv/bin/python bench/fingerprint.py galaxy-trucker [--games 40] [--probes 20] [--public]

Galaxy Trucker's games also vary its setup options (first game, round 3a, test flight).
Not a benchmark and not a test: it prints a hash (and how much it saw), nothing is timed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from pnp.engine import CHANCE, IllegalMove, all_games
from pnp.engine.errors import PnpError
from pnp.engine.rng import Rng

# extra setup options per game, by game number (for the options a refactor may miss)
OPTIONS: dict[str, Any] = {
    "galaxy-trucker": lambda g: {
        **({"first_game": True} if g % 4 == 1 else {}),
        **({"rounds": "1,2,3a"} if g % 5 == 2 else {}),
        **({"test_flight": True} if g % 7 == 3 else {}),
    },
}


def _h(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def fingerprint(game: Any, games: int, probes: int, public: bool) -> tuple[str, int, int]:
    """(hash, positions, probes answered) over ``games`` playouts."""
    out = hashlib.sha256()
    pool: list[str] = []
    seen: set[str] = set()
    positions = answered = 0

    def state_of(state: Any) -> list[str]:
        return [_h(game.summary(state)), *([] if public else [_h(repr(state))])]

    for g in range(games):
        players = [f"P{i + 1}" for i in range(game.min_players + g % (game.max_players
                                                                       - game.min_players + 1))]
        options = {"chance": "seeded" if g % 2 == 0 else "table"}
        options.update(OPTIONS.get(game.id, lambda g: {})(g))
        seed = 1000 + g
        setup = game.new_setup(seed, players, options)
        state = game.initial_state(setup, players, seed)
        rng = Rng(g, "fingerprint")
        for _ in range(5000):
            actor = game.actor(state)
            record: list[Any] = [*state_of(state), str(actor)]
            positions += 1
            if actor is None:
                break
            if actor == CHANCE:
                listed = game.chance_outcomes(state)
                event = game.dealt_outcome(state) or rng.choice(listed)
            else:
                listed = game.legal(state)
                event = rng.choice(game.playout_choices(state) or listed)
            texts = [game.notation(e) for e in listed]
            record.append(texts)
            for text in texts:
                if text not in seen and len(pool) < 5000:
                    seen.add(text)
                    pool.append(text)
            for _ in range(probes if actor != CHANCE else max(1, probes // 5)):
                text = pool[rng.below(len(pool))]
                if text in texts:
                    continue
                try:
                    tried = game.apply(state, game.parse(text))
                    record.append(["ok", text, *state_of(tried)])
                except IllegalMove as exc:
                    record.append(["no", text, exc.rule, exc.message, list(exc.legal)])
                except PnpError as exc:
                    record.append(["error", text, type(exc).__name__, str(exc)])
                answered += 1
            record += [game.notation(event), game.describe(state, event)]
            state = game.apply(state, event)
            out.update(json.dumps(record, default=str).encode())
        out.update(json.dumps(state_of(state)).encode())
    return out.hexdigest(), positions, answered


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a game id")
    ap.add_argument("--games", type=int, default=40, help="playouts")
    ap.add_argument("--probes", type=int, default=20, help="wrong events tried a decision")
    ap.add_argument("--public", action="store_true", help="leave out the state's repr")
    a = ap.parse_args()
    game = next((g for g in all_games() if g.id == a.game), None)
    if game is None:
        print(f"unknown game {a.game!r}", file=sys.stderr)
        return 2
    digest, positions, answered = fingerprint(game, a.games, a.probes, a.public)
    print(f"{game.id}: {digest[:24]} ({a.games} games, {positions} positions, "
          f"{answered} probes answered{', public' if a.public else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

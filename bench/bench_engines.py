"""Rules-engine throughput: random legal playouts per second and replayed events per second.

Every registered game is measured in the same run as a yardstick: python-chess playing random
legal games with ``push_uci`` (a mature pure-Python rules engine).  The ratio to the yardstick
is the figure to compare across machines.

    .venv/bin/python bench/bench_engines.py [--seconds 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from pnp.engine import all_games, new_log, replay
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng


def _setup(game: Any, seed: int) -> Any:
    players = [f"P{i + 1}" for i in range(game.min_players)]
    return new_log(game.id, players, seed, {"chance": "seeded"})


def bench_game(game: Any, seconds: float) -> dict[str, float]:
    """Random playouts until the time is up, then replay of their logs."""
    logs = []
    events = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        log = _setup(game, seed)
        state = game.initial_state(log.setup, log.players, log.seed)
        _, played = random_playout(game, state, Rng(seed, "bench"), 5000)
        logs.append(log.with_events([game.notation(e) for e in played]))
        events += len(played)
        seed += 1
    playout_time = time.perf_counter() - start
    start = time.perf_counter()
    replayed = 0
    for log in logs:
        result = replay(log)
        assert result.ok, result.error
        replayed += result.applied
    replay_time = time.perf_counter() - start
    return {"playouts": len(logs), "playouts_per_s": len(logs) / playout_time,
            "events_per_s_in_playouts": events / playout_time,
            "replayed_events_per_s": replayed / replay_time,
            "mean_events_per_playout": events / max(1, len(logs))}


def bench_chess(seconds: float) -> dict[str, float]:
    import chess

    rng = Rng(0, "chess")
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 300:
            legal = list(board.legal_moves)
            board.push_uci(rng.choice(legal).uci())
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"playouts": games, "playouts_per_s": games / elapsed,
            "events_per_s_in_playouts": moves / elapsed}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    a = ap.parse_args()
    results: dict[str, Any] = {"python": sys.version.split()[0],
                               "machine": platform.machine(), "games": {}}
    chess_figs = bench_chess(a.seconds)
    results["python-chess"] = chess_figs
    yard = chess_figs["events_per_s_in_playouts"]
    print(f"{'engine':18} {'playouts/s':>11} {'events/s':>10} {'replay ev/s':>12} "
          f"{'ev/playout':>10} {'vs chess':>9}")
    print(f"{'python-chess':18} {chess_figs['playouts_per_s']:11.1f} {yard:10.0f} "
          f"{'-':>12} {'-':>10} {'1.00':>9}")
    for game in all_games():
        figs = bench_game(game, a.seconds)
        figs["events_ratio_vs_chess"] = figs["events_per_s_in_playouts"] / yard
        results["games"][game.id] = figs
        print(f"{game.id:18} {figs['playouts_per_s']:11.1f} "
              f"{figs['events_per_s_in_playouts']:10.0f} {figs['replayed_events_per_s']:12.0f} "
              f"{figs['mean_events_per_playout']:10.1f} {figs['events_ratio_vs_chess']:9.2f}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rules engines against python-chess, like for like, and how their cost grows.

Two measures, each against python-chess (a mature pure-Python rules engine) doing the same job:

* **replay**: validated events applied from a recorded log (``pnp.engine.log.replay``: parse
  each event's notation, check it against the rules, apply it) against ``Board.push_uci`` of a
  recorded game (parse the move, check it is legal, push it).
* **playout step**: the legal list plus applying one of its events (``random_playout``: the
  legal list at a decision, the dealt outcome at a chance node, ``apply``) against
  python-chess's legal list plus ``push`` of a random legal move.

The logs and games are recorded once (seeded random playouts, at most 5000 events a game),
then every measure runs ``--rounds`` times, interleaved (chess, game 1, game 2, ..., the order
reversed every other round), in CPU time (``time.process_time``); the figures are medians.
Every job starts with the engines' memos emptied (see ``clear_caches``).
``--growth`` adds replay cost against log length and legal-list cost against position size.

    .venv/bin/python bench/bench_engines.py [--rounds 5] [--events 4000] [--growth]
                                            [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import chess

from pnp.engine import CHANCE, GameLog, all_games, new_log, replay
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng

MAX_EVENTS = 5000
CHESS_PLIES = 200


def _log(game: Any, seed: int) -> GameLog:
    players = [f"P{i + 1}" for i in range(game.min_players)]
    return new_log(game.id, players, seed, {"chance": "seeded"})


def record_game(game: Any, events: int, max_events: int = MAX_EVENTS) -> list[GameLog]:
    """Seeded random playouts (seeds 0, 1, ...) until ``events`` events are recorded."""
    logs: list[GameLog] = []
    total = 0
    while total < events:
        logs.append(_seeded(game, len(logs), max_events))
        total += len(logs[-1].events)
    return logs


def record_chess(moves: int) -> list[list[str]]:
    rng = Rng(0, "chess")
    games: list[list[str]] = []
    total = 0
    while total < moves:
        board = chess.Board()
        while board.ply() < CHESS_PLIES:
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
        games.append([m.uci() for m in board.move_stack])
        total += len(games[-1])
    return games


# -- the timed jobs: each returns the number of events (moves) it handled -------------------

def replay_logs(logs: list[GameLog]) -> int:
    n = 0
    for log in logs:
        result = replay(log)
        assert result.ok, result.error
        n += result.applied
    return n


def push_uci_games(games: list[list[str]]) -> int:
    n = 0
    for moves in games:
        board = chess.Board()
        for uci in moves:
            board.push_uci(uci)
        n += len(moves)
    return n


def playouts(game: Any, logs: list[GameLog]) -> int:
    n = 0
    for log in logs:
        state = game.initial_state(log.setup, log.players, log.seed)
        _, played = random_playout(game, state, Rng(log.seed or 0, "bench"), MAX_EVENTS)
        n += len(played)
    return n


def chess_playouts(games: int) -> int:
    rng = Rng(0, "chess")
    n = 0
    for _ in range(games):
        board = chess.Board()
        while board.ply() < CHESS_PLIES:
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
            n += 1
    return n


def clear_caches() -> None:
    """Empty every memo of the engines (``functools.cache`` and ``lru_cache``), so a round
    pays what a fresh process pays: a memo filled by the recording run or the previous round
    would flatter the engine (Galaxy Trucker's ship offers are memoised per seed)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("pnp."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def cpu(job: Callable[[], int]) -> tuple[float, int]:
    clear_caches()
    start = time.process_time()
    n = job()
    return time.process_time() - start, n


def compare(games: list[Any], events: int, rounds: int) -> dict[str, Any]:
    """Every game's replay and playout rates and chess's, interleaved, medians of rounds."""
    chess_games = record_chess(events)
    jobs: dict[str, Callable[[], int]] = {
        "chess replay": lambda: push_uci_games(chess_games),
        "chess playout": lambda: chess_playouts(len(chess_games)),
    }
    for game in games:
        logs = record_game(game, events)
        jobs[f"{game.id} replay"] = lambda logs=logs: replay_logs(logs)
        jobs[f"{game.id} playout"] = lambda game=game, logs=logs: playouts(game, logs)
    rates: dict[str, list[float]] = {name: [] for name in jobs}
    counts: dict[str, int] = {}
    for r in range(rounds):
        for name in (list(jobs) if r % 2 == 0 else list(reversed(jobs))):
            seconds, n = cpu(jobs[name])
            rates[name].append(n / seconds)
            counts[name] = n
    med = {name: statistics.median(v) for name, v in rates.items()}
    out: dict[str, Any] = {"chess": {"replay_per_s": med["chess replay"],
                                     "playout_per_s": med["chess playout"],
                                     "moves": counts["chess replay"]}, "games": {}}
    for game in games:
        rep, play = med[f"{game.id} replay"], med[f"{game.id} playout"]
        out["games"][game.id] = {
            "events": counts[f"{game.id} replay"],
            "replay_per_s": rep, "replay_ratio": rep / med["chess replay"],
            "playout_per_s": play, "playout_ratio": play / med["chess playout"]}
    return out


# -- growth ----------------------------------------------------------------------------------

def growth(games: list[Any], lengths: tuple[int, ...] = (100, 1000, 10000)) -> dict[str, Any]:
    """Replay cost per event against log length, and legal-list cost against position size.

    A log of N events is one long seeded game when the game runs that long, else seeded games
    chained end to end (each replayed from its own setup) until N events; the legal list is
    timed at every decision of those games, grouped by the size of the legal list."""
    out: dict[str, Any] = {}
    for game in games:
        chained = [_seeded(game, 0, max(lengths))]
        while sum(len(g.events) for g in chained) < max(lengths):
            chained.append(_seeded(game, len(chained), MAX_EVENTS))
        replay_rows = []
        for n in lengths:
            logs, left = [], n
            for g in chained:
                if left <= 0:
                    break
                logs.append(g.with_events(g.events[:left]))
                left -= len(logs[-1].events)
            times = [cpu(lambda logs=logs: replay_logs(logs)) for _ in range(3)]
            seconds = statistics.median(t for t, _ in times)
            replay_rows.append({"events": times[0][1], "games": len(logs),
                                "us_per_event": 1e6 * seconds / times[0][1]})
        by_list, by_depth = _legal_by_size(game, chained)
        out[game.id] = {"replay": replay_rows, "legal": by_list, "legal_by_depth": by_depth}
    return out


def _seeded(game: Any, seed: int, max_events: int) -> GameLog:
    log = _log(game, seed)
    state = game.initial_state(log.setup, log.players, log.seed)
    _, played = random_playout(game, state, Rng(seed, "bench"), max_events)
    return log.with_events([game.notation(e) for e in played])


def _legal_by_size(game: Any, logs: list[GameLog]
                   ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``legal()`` timed at every decision, grouped two ways: by the length of the list, and
    by how far into its game the position is (events played before it: 1-99, 100-999, ...),
    the position's size as it grows over a game (board, network, ships, history)."""
    by_list: dict[int, list[tuple[float, int]]] = {}
    by_depth: dict[int, list[tuple[float, int]]] = {}
    for log in logs:
        state = game.initial_state(log.setup, log.players, log.seed)
        for depth, text in enumerate(log.events):
            if game.actor(state) not in (None, CHANCE):
                start = time.process_time()
                legal = game.legal(state)
                spent = time.process_time() - start
                by_list.setdefault(_decade(len(legal)), []).append((spent, len(legal)))
                by_depth.setdefault(_decade(depth), []).append((spent, len(legal)))
            state = game.apply(state, game.parse(text))
    return _legal_rows(by_list), _legal_rows(by_depth)


def _decade(n: int) -> int:
    """1 for 0-9, 10 for 10-99, 100 for 100-999, ..."""
    return 10 ** (len(str(max(n, 1))) - 1)


def _legal_rows(buckets: dict[int, list[tuple[float, int]]]) -> list[dict[str, Any]]:
    rows = []
    for bucket in sorted(buckets):
        t = [spent for spent, _ in buckets[bucket]]
        s = [size for _, size in buckets[bucket]]
        low = 0 if bucket == 1 else bucket
        rows.append({"legal_events": f"{low}-{bucket * 10 - 1}", "positions": len(t),
                     "mean_legal": statistics.mean(s),
                     "us_per_call": 1e6 * statistics.mean(t),
                     "us_per_legal_event": 1e6 * sum(t) / max(1, sum(s))})
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    ap.add_argument("--events", type=int, default=4000, help="events recorded per game")
    ap.add_argument("--games", default="", help="only these game ids (default: all)")
    ap.add_argument("--growth", action="store_true", help="also cost against size")
    ap.add_argument("--json", help="also write the figures to this file")
    a = ap.parse_args()
    wanted = [g for g in a.games.split(",") if g]
    games = [g for g in all_games() if not wanted or g.id in wanted]
    res = compare(games, a.events, a.rounds)
    load = os.getloadavg()
    res.update({"python": sys.version.split()[0], "machine": platform.machine(),
                "rounds": a.rounds, "loadavg": load})
    ch = res["chess"]
    print(f"CPU time, median of {a.rounds} interleaved rounds; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'engine':18} {'replay ev/s':>12} {'x push_uci':>10} {'playout ev/s':>13} "
          f"{'x chess':>8}")
    print(f"{'python-chess':18} {ch['replay_per_s']:12.0f} {'1.00':>10} "
          f"{ch['playout_per_s']:13.0f} {'1.00':>8}")
    for gid, f in res["games"].items():
        print(f"{gid:18} {f['replay_per_s']:12.0f} {f['replay_ratio']:10.2f} "
              f"{f['playout_per_s']:13.0f} {f['playout_ratio']:8.2f}")
    if a.growth:
        res["growth"] = growth(games)
        for gid, g in res["growth"].items():
            reps = ", ".join(f"{r['events']} events ({r['games']} games) "
                             f"{r['us_per_event']:.1f} us/event" for r in g["replay"])
            legal = ", ".join(f"{r['legal_events']} legal: {r['us_per_legal_event']:.1f} "
                              f"us/legal event ({r['positions']} positions)" for r in g["legal"])
            depth = ", ".join(f"after {r['legal_events']} events: {r['us_per_call']:.1f} us/call "
                              f"{r['us_per_legal_event']:.1f} us/legal event "
                              f"({r['positions']} positions)" for r in g["legal_by_depth"])
            print(f"{gid}: replay {reps}\n{' ' * len(gid)}  legal {legal}\n"
                  f"{' ' * len(gid)}  legal by depth {depth}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(res, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

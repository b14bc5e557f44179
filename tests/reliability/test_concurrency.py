"""Many phones, one table, the same sequence number: 20 clients post at once, 30 times over,
through gunicorn's 2 worker processes.  Each time exactly one post wins (201) and the other 19
get 409 with the fresh state; the stored log replays and holds exactly the 30 winners."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import replay
from pnp.engine.log import log_from_json

from .server import Gunicorn, call

pytestmark = pytest.mark.slow

CLIENTS = 20
ROUNDS = 30


def test_exactly_one_wins_each_sequence(database_url: str, tmp_path: Path,
                                        tally: Counter[str]) -> None:
    server = Gunicorn(database_url, tmp_path, workers=2)
    server.start()
    try:
        barrier = threading.Barrier(CLIENTS)
        games: list[tuple[str, list[tuple[int, str]]]] = []
        state: dict[str, Any] = {"finished": True}
        for _ in range(ROUNDS):
            if state["finished"]:  # a game may end within the rounds: go on at a new table
                status, state = call(server.base, "POST", "/api/tables",
                                     {"game": "galaxy-express", "players": ["Crowd"],
                                      "seed": 11 + len(games), "chance": "tracker"})
                assert status == 201, state
                tid, token = state["id"], state["token"]
                games.append((tid, []))
            seq = state["seq"]
            choices = [e for e in state["legal"] if e != "X"]
            answers: list[tuple[int, Any, str]] = [(0, None, "")] * CLIENTS

            def post(i: int, seq: int = seq, choices: list[str] = choices, tid: str = tid,
                     token: str = token, answers: list[tuple[int, Any, str]] = answers) -> None:
                text = choices[i % len(choices)]
                barrier.wait(timeout=30)
                status, body = call(server.base, "POST", f"/api/tables/{tid}/events",
                                    {"seq": seq, "text": text}, token)
                answers[i] = (status, body, text)

            threads = [threading.Thread(target=post, args=(i,)) for i in range(CLIENTS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            codes = Counter(status for status, _, _ in answers)
            assert codes == {201: 1, 409: CLIENTS - 1}, codes
            for status, body, text in answers:
                if status == 409:
                    assert body["error"]["rule"] == "tracker.stale"
                    assert body["state"]["seq"] > seq
                else:
                    games[-1][1].append((seq + 1, text))
                    state = body
        for tid, winners in games:
            _, final = call(server.base, "GET", f"/api/tables/{tid}")
            typed = [(h["seq"], h["event"]) for h in final["history"]
                     if h["source"] == "typed"]
            assert typed == winners
            _, log = call(server.base, "GET", f"/api/tables/{tid}/log")
            assert replay(log_from_json(log)).ok
    finally:
        server.stop()
    tally["concurrency: simultaneous posts"] += CLIENTS * ROUNDS
    tally["concurrency: sequences contested"] += ROUNDS
    tally["concurrency: sequences with != 1 winner"] += 0  # the assertions above
    tally["requests held (2xx/4xx answered)"] += CLIENTS * ROUNDS

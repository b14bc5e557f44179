"""Two app instances on one PostgreSQL database, as two machines behind a load balancer:
separate gunicorn servers (two workers each, so four separate caches), every request sent to
either at random.

- Races: 20 phones post the same ``seq`` at once, half through each instance: exactly one
  201 each time, 19 answers 409 with the fresh state.
- Kills: while ten phones log, one instance is SIGKILLed (master and workers) and started
  again, then the other: the phones ride over to the survivor; afterwards every acknowledged
  entry is stored, in order, the logs replay, and both instances answer the same state.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import Rng, replay
from pnp.engine.log import log_from_json

from .server import Down, Gunicorn, call

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

GAME = "galaxy-express"
CLIENTS = 20
ROUNDS = 12
TABLES = 10  # a Galaxy Express game lasts about 25 entries: room for the whole test


class Phone(threading.Thread):
    """Logs random legal entries on one table through whichever instance answers."""

    def __init__(self, servers: list[Gunicorn], tid: str, token: str, seed: int,
                 stop: threading.Event, counts: Counter[str], lock: threading.Lock) -> None:
        super().__init__(daemon=True)
        self.servers, self.tid, self.token = servers, tid, token
        self.rng = Rng(seed, "instances")
        self.stop_event, self.counts, self.lock = stop, counts, lock
        self.acked: list[tuple[int, str]] = []
        self.error: BaseException | None = None

    def count(self, key: str) -> None:
        with self.lock:
            self.counts[key] += 1

    def base(self) -> str:
        return self.servers[self.rng.below(len(self.servers))].base

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:
            self.error = exc

    def play(self) -> None:
        state: dict[str, Any] | None = None
        while not self.stop_event.is_set():
            if state is None:
                try:
                    _, state = call(self.base(), "GET", f"/api/tables/{self.tid}", timeout=10)
                except Down:
                    self.count("reads refused while down")
                    time.sleep(0.02)
                    continue
            if state["finished"]:
                return
            text = self.rng.choice([e for e in state["legal"] if e != "X"])
            try:
                status, body = call(self.base(), "POST", f"/api/tables/{self.tid}/events",
                                    {"seq": state["seq"], "text": text}, self.token,
                                    timeout=10)
            except Down:
                self.count("writes cut by a kill")  # stored or not: look again
                state = None
                continue
            self.count(f"answers {status}")
            if status == 201:
                mine = [(h["seq"], h["event"]) for h in body["history"]
                        if h["source"] == "typed"]
                assert [e for _, e in mine] == [text], (mine, text)
                self.acked.extend(mine)
                state = body
            elif status == 409:
                state = None  # its fresh state is a delta; read the whole one again
            else:
                raise AssertionError(f"unexpected answer {status}: {body}")


def race(servers: list[Gunicorn]) -> list[tuple[str, list[tuple[int, str]]]]:
    games: list[tuple[str, list[tuple[int, str]]]] = []
    state: dict[str, Any] = {"finished": True}
    tid = token = ""
    for _ in range(ROUNDS):
        if state["finished"]:
            status, state = call(servers[0].base, "POST", "/api/tables",
                                 {"game": GAME, "players": ["Crowd"], "seed": 50 + len(games),
                                  "chance": "tracker"})
            assert status == 201, state
            tid, token = state["id"], state["token"]
            games.append((tid, []))
        seq = state["seq"]
        choices = [e for e in state["legal"] if e != "X"]
        for server in servers:  # both instances have the table cached at this head
            assert call(server.base, "GET", f"/api/tables/{tid}")[1]["seq"] == seq
        barrier = threading.Barrier(CLIENTS)
        answers: list[tuple[int, Any, str]] = [(0, None, "")] * CLIENTS

        def post(i: int, seq: int = seq, choices: list[str] = choices, tid: str = tid,
                 token: str = token, barrier: threading.Barrier = barrier,
                 answers: list[tuple[int, Any, str]] = answers) -> None:
            text = choices[i % len(choices)]
            barrier.wait(timeout=30)
            answers[i] = (*call(servers[i % 2].base, "POST", f"/api/tables/{tid}/events",
                                {"seq": seq, "text": text}, token), text)

        threads = [threading.Thread(target=post, args=(i,)) for i in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        codes = Counter(status for status, _, _ in answers)
        assert codes == {201: 1, 409: CLIENTS - 1}, codes
        for status, body, text in answers:
            if status == 409:
                assert body["error"]["rule"] == "tracker.stale" and body["state"]["seq"] > seq
            else:
                games[-1][1].append((seq + 1, text))
                _, state = call(servers[1].base, "GET", f"/api/tables/{tid}")
    return games


def wait_for_acks(phones: list[Phone], more: int, limit: float = 30) -> None:
    target = sum(len(p.acked) for p in phones) + more
    deadline = time.monotonic() + limit
    while sum(len(p.acked) for p in phones) < target:
        assert time.monotonic() < deadline, f"load stalled below {target} acknowledged entries"
        assert all(p.error is None for p in phones), [p.error for p in phones]
        time.sleep(0.02)


def test_two_instances_one_database(postgres_db: str, tmp_path: Path,
                                    tally: Counter[str]) -> None:
    servers = [Gunicorn(postgres_db, tmp_path, workers=2) for _ in range(2)]
    for server in servers:
        server.start()
    stop = threading.Event()
    counts: Counter[str] = Counter()
    lock = threading.Lock()
    phones: list[Phone] = []
    try:
        for tid, winners in race(servers):
            for server in servers:
                _, final = call(server.base, "GET", f"/api/tables/{tid}")
                typed = [(h["seq"], h["event"]) for h in final["history"]
                         if h["source"] == "typed"]
                assert typed == winners
        for n in range(TABLES):
            status, table = call(servers[n % 2].base, "POST", "/api/tables",
                                 {"game": GAME, "players": [f"Phone {n}"], "seed": 700 + n,
                                  "chance": "tracker"})
            assert status == 201, table
            phones.append(Phone(servers, table["id"], table["token"], n, stop, counts, lock))
        for p in phones:
            p.start()
        wait_for_acks(phones, 20)
        for server in servers:  # each instance killed once, the other serving meanwhile
            server.kill_all()
            wait_for_acks(phones, 10)
            server.start()
            wait_for_acks(phones, 10)
        stop.set()
        for p in phones:
            p.join(30)
        assert all(p.error is None for p in phones), [p.error for p in phones]
        lost = 0
        for p in phones:
            finals = [call(s.base, "GET", f"/api/tables/{p.tid}")[1] for s in servers]
            for final in finals:
                final.pop("links")  # the only difference: each names its own host
            assert finals[0] == finals[1], "the two instances disagree"
            assert finals[0]["broken"] is None
            history = [(h["seq"], h["event"]) for h in finals[0]["history"]]
            position = {entry: i for i, entry in enumerate(history)}
            missing = [e for e in p.acked if e not in position]
            lost += len(missing)
            assert not missing, f"acknowledged but lost on {p.tid}: {missing}"
            order = [position[e] for e in p.acked]
            assert order == sorted(order), "acknowledged entries out of order"
            _, log = call(servers[1].base, "GET", f"/api/tables/{p.tid}/log")
            assert replay(log_from_json(log)).ok
        assert counts["writes cut by a kill"] + counts["reads refused while down"] > 0
    finally:
        stop.set()
        for server in servers:
            server.stop()
    tally["instances: simultaneous posts through two instances"] += CLIENTS * ROUNDS
    tally["instances: SIGKILLs of a whole instance during load"] += 2
    tally["instances: entries acknowledged"] += sum(len(p.acked) for p in phones)
    tally["instances: acknowledged entries lost"] += lost

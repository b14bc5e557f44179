"""Realistic load for the tracker benchmark: seeded games of all five games played through the
engines, an open-loop crowd of phones (asyncio, one request at a time per table, each entry a
few seconds after the last), and the cost of one write against the table's row number.

Games are generated, not recorded: a random legal playout from a seeded table-play setup
(every chance outcome typed, so one event is one stored row), the same setup the tracker
builds for ``{"game", "players", "seed", "chance": "table"}``.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
import urllib.error
import urllib.request
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from pnp.engine import CHANCE, Rng, get_game, new_log

GAMES = ["galaxy-express", "galaxy-trucker", "spatial-delivery", "weird-galaxy", "wormholes"]
MAX_ENTRY = 1900  # characters of events joined into one fast-forward entry (the limit: 2000)


@dataclass(frozen=True)
class Playout:
    game: str
    seed: int
    players: tuple[str, ...]
    events: tuple[str, ...]


def playout(game_id: str, seed: int, at_least: int = 0, cap: int = 5000) -> Playout:
    """A seeded random game (the first seed from ``seed`` on that lasts ``at_least`` events)."""
    game = get_game(game_id)
    players = tuple(["Ana", "Bo", "Cy", "Di"][:max(game.min_players, min(3, game.max_players))])
    for s in range(seed, seed + 50):
        log = new_log(game_id, players, s, {"chance": "table"})
        state = game.initial_state(log.setup, log.players, log.seed)
        rng = Rng(s, "bench")
        events: list[str] = []
        while game.actor(state) is not None and len(events) < cap:
            actor = game.actor(state)
            event = (rng.choice(game.chance_outcomes(state)) if actor == CHANCE
                     else rng.choice(game.playout_choices(state)))
            state = game.apply(state, event)
            events.append(game.notation(event))
        if len(events) >= at_least:
            return Playout(game_id, s, log.players, tuple(events))
    raise SystemExit(f"no {game_id} playout of {at_least} events from seed {seed}")


def call(base: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Table-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@dataclass
class Table:
    id: str
    token: str
    play: Playout
    seq: int = 0  # rows stored (one per event: table play, no undo)
    next: int = 0  # index of the next event to log
    lost: bool = False  # the last write was not acknowledged: read the head first


def create(base: str, play: Playout) -> Table:
    status, body = call(base, "POST", "/api/tables", {
        "game": play.game, "players": list(play.players), "seed": play.seed,
        "chance": "table"})
    if status != 201:
        raise SystemExit(f"cannot create a {play.game} table: {status} {body}")
    return Table(body["id"], body["token"], play, body["seq"])


def fast_forward(base: str, table: Table, to: int) -> None:
    """Log the playout up to event ``to`` in long entries (many events each)."""
    while table.next < to:
        chunk: list[str] = []
        size = 0
        for text in table.play.events[table.next:to]:
            if size + len(text) + 1 > MAX_ENTRY:
                break
            chunk.append(text)
            size += len(text) + 1
        status, body = call(base, "POST", f"/api/tables/{table.id}/events",
                            {"seq": table.seq, "text": " ".join(chunk)}, table.token)
        if status != 201:
            raise SystemExit(f"fast-forward refused: {status} {body}")
        table.seq, table.next = body["seq"], table.next + len(chunk)


def prepare(bases: list[str], plays: list[Playout], count: int, reserve: int,
            seed: int = 1) -> list[Table]:
    """``count`` tables of all five games, each already at a random row of its game (leaving
    ``reserve`` events to log), made with a few threads."""
    rng = random.Random(seed)
    picks = [(plays[i % len(plays)], rng.random()) for i in range(count)]

    def one(i: int) -> Table:
        play, where = picks[i]
        base = bases[i % len(bases)]
        table = create(base, play)
        room = max(0, min(len(play.events) - reserve, 1200))
        fast_forward(base, table, int(where * room))
        return table

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(one, range(count)))


# -- a minimal HTTP/1.1 client on asyncio (one connection per request, as sync workers do) -----
async def post(base: str, path: str, body: dict[str, Any], token: str) -> tuple[int, bytes]:
    url = urlsplit(base)
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    data = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n"
                 f"Content-Type: application/json\r\nX-Table-Token: {token}\r\n"
                 f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, payload


async def get(base: str, path: str) -> tuple[int, bytes]:
    url = urlsplit(base)
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n\r\n"
                 .encode())
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    return (int(head.split(b" ", 2)[1]) if head else 0), payload


@dataclass
class OpenLoop:
    """Figures of one open-loop run (latencies in ms, of requests sent after the warm-up)."""

    tables: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    t0: float = 0.0  # the event loop's time at the start (warm-up included)
    ran_out: int = 0  # tables whose game ended during the run (they stop logging)
    late: int = 0  # sends more than 100 ms behind schedule (the generator fell behind)
    sent: list[tuple[float, float]] = field(default_factory=list)  # (s from start, ms), all
    wall0: float = 0.0  # time.time() at the start (to line sends up with the servers' logs)

    def timeline(self, slice_s: float = 3.0) -> list[float]:
        """The median latency of the requests sent in each ``slice_s`` seconds from the
        start, warm-up included: a queue that formed early and never drained shows as a
        rising or flat-high line, a passing stall as one high slice."""
        slices: dict[int, list[float]] = {}
        for at, ms in self.sent:
            slices.setdefault(int(at // slice_s), []).append(ms)
        return [round(sorted(xs)[len(xs) // 2], 1) for _, xs in sorted(slices.items())]

    def pct(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]

    def summary(self) -> dict[str, Any]:
        return {"tables": self.tables, "requests": len(self.latencies),
                "rps": len(self.latencies) / self.seconds, "p50_ms": self.pct(50),
                "p90_ms": self.pct(90), "p99_ms": self.pct(99),
                "max_ms": max(self.latencies, default=float("nan")),
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "ran_out": self.ran_out, "late_sends": self.late,
                "p50_ms_by_3s": self.timeline()}


async def _resync(base: str, table: Table) -> None:
    """After an answer that was not 201: read the head; the rows stored since are ours."""
    try:
        status, body = await asyncio.wait_for(
            get(base, f"/api/tables/{table.id}?since={table.seq}"), 60)
        head = json.loads(body)["seq"] if status == 200 else None
    except (OSError, TimeoutError, ValueError, IndexError, KeyError):
        return
    if head is not None:
        table.next += head - table.seq  # table play, no undo: one row per event
        table.seq = head
        table.lost = False


async def _phone(bases: list[str], table: Table | None, period: float, warm: float,
                 until: float, rng: random.Random, out: OpenLoop,
                 route: str = "random") -> None:
    loop = asyncio.get_running_loop()
    at = loop.time() + rng.uniform(0, period)
    while True:
        delay = at - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        elif delay < -0.1:
            out.late += 1
        if loop.time() >= until:
            return
        if route == "table" and table is not None:  # a proxy hashing the table id
            base = bases[zlib.crc32(table.id.encode()) % len(bases)]
        else:
            base = bases[rng.randrange(len(bases))]
        if table is not None and table.lost:
            await _resync(base, table)  # not timed: the phone looking again
        started = time.perf_counter()
        try:
            if table is None:
                status, _ = await asyncio.wait_for(get(base, "/healthz"), 60)
            else:
                if table.next >= len(table.play.events):
                    out.ran_out += 1
                    return
                status, body = await asyncio.wait_for(post(
                    base, f"/api/tables/{table.id}/events",
                    {"seq": table.seq, "text": table.play.events[table.next]}, table.token), 60)
        except (OSError, TimeoutError, ValueError, IndexError):
            status = 0  # refused, reset or timed out: stored or not, look again
        if table is not None:
            if status == 201:
                table.seq = json.loads(body)["seq"]
                table.next += 1
            else:
                table.lost = True
        elapsed = (time.perf_counter() - started) * 1000
        out.sent.append((at - out.t0, elapsed))
        if loop.time() >= warm:
            out.latencies.append(elapsed)
            out.statuses[status] = out.statuses.get(status, 0) + 1
        at += rng.uniform(0.5 * period, 1.5 * period)  # think time, from the last send


async def _open_loop(bases: list[str], tables: list[Table | None], period: float,
                     warm: float, seconds: float, seed: int, route: str) -> OpenLoop:
    out = OpenLoop(len(tables), seconds)
    loop = asyncio.get_running_loop()
    start = out.t0 = loop.time()
    out.wall0 = time.time()
    rng = random.Random(seed)
    await asyncio.gather(*(
        _phone(bases, t, period, start + warm, start + warm + seconds,
               random.Random(rng.random()), out, route) for t in tables))
    return out


def open_loop(bases: list[str], tables: list[Table | None], period: float = 5.0,
              warm: float = 6.0, seconds: float = 20.0, seed: int = 1,
              route: str = "random") -> OpenLoop:
    """Each table (None: a phone hitting /healthz instead) sends one request every
    ``period`` seconds on average (uniform 0.5-1.5x think time), whatever the answers take;
    requests sent in the first ``warm`` seconds are not counted.  ``route``: each request
    to an instance picked at random, or (``table``) always the same instance for a table,
    as a proxy hashing the table id does."""
    return asyncio.run(_open_loop(bases, tables, period, warm, seconds, seed, route))


def row_costs(bases: list[str], play: Playout, rows: list[int],
              window: int = 15) -> dict[int, dict[str, float]]:
    """Log the game one entry per request, each through the next instance in turn (so with
    two instances every write follows one the other instance stored), timing each; the
    median and p90 of the ``window`` writes from each row in ``rows``."""
    table = create(bases[0], play)
    times: dict[int, float] = {}
    last = min(len(play.events), max(rows) + window)
    for i in range(last):
        base = bases[i % len(bases)]
        started = time.perf_counter()
        status, body = call(base, "POST", f"/api/tables/{table.id}/events",
                            {"seq": table.seq, "text": play.events[i]}, table.token)
        times[i + 1] = (time.perf_counter() - started) * 1000
        if status != 201:
            raise SystemExit(f"row-cost write refused at row {i + 1}: {status} {body}")
        table.seq = body["seq"]
    out = {}
    for row in rows:
        xs = [times[r] for r in range(row, row + window) if r in times]
        if len(xs) >= 5:
            xs.sort()
            out[row] = {"median_ms": statistics.median(xs),
                        "p90_ms": xs[int(0.9 * (len(xs) - 1))], "writes": len(xs)}
    return out

"""The open loop's crowd of phones on raw non-blocking sockets: the cheap load generator.

The benchmark's machine has 2 cores shared by the app, the database and the load generator,
so what the generator spends is taken from the server it measures.  The asyncio crowd
(``tracker_load.open_loop``: a coroutine per phone, ``asyncio.open_connection`` and
``wait_for`` per request, the answer parsed as JSON) cost about 1 ms of CPU a request, half
of what the app spends on a ``/healthz``.  This one keeps every request's bytes ready (the
body of entry ``k`` of a table is known beforehand: in table play one event is one row),
drives the sockets with one ``selectors`` loop and a heap of send times, and reads only the
status line of an answer.  Same schedule, same routing, same figures (``OpenLoop``).
"""

from __future__ import annotations

import errno
import heapq
import json
import random
import selectors
import socket
import time
import zlib
from urllib.parse import urlsplit

from tracker_load import OpenLoop, Table

TIMEOUT = 60.0  # seconds: an answer not complete by then counts as status 0


class _Phone:
    """One table's phone (or a ``/healthz`` phone when ``table`` is None)."""

    __slots__ = ("at", "buf", "index", "out", "reading", "rng", "sock", "started", "table")

    def __init__(self, index: int, table: Table | None, rng: random.Random,
                 at: float) -> None:
        self.index, self.table, self.rng, self.at = index, table, rng, at
        self.sock: socket.socket | None = None
        self.buf = b""
        self.started = 0.0
        self.out = b""
        self.reading = False  # this request reads the head after a write not acknowledged


def _request(phone: _Phone, host: bytes) -> bytes:
    table = phone.table
    if table is None:
        return b"GET /healthz HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n"
    if phone.reading:
        return (b"GET /api/tables/%s?since=%d HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n"
                % (table.id.encode(), table.seq, host))
    body = b'{"seq": %d, "text": %s}' % (table.seq,
                                        json.dumps(table.play.events[table.next]).encode())
    return (b"POST /api/tables/%s/events HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nX-Table-Token: %s\r\nContent-Length: %d"
            b"\r\n\r\n%s" % (table.id.encode(), host, table.token.encode(), len(body), body))


def open_loop(bases: list[str], tables: list[Table | None], period: float = 5.0,
              warm: float = 6.0, seconds: float = 20.0, seed: int = 1,
              route: str = "random") -> OpenLoop:
    """Each table (None: a phone hitting /healthz) sends one request every ``period`` s on
    average (uniform 0.5-1.5x think time, from the last send, whatever the answers take);
    requests sent in the first ``warm`` s are not counted.  ``route="table"``: a table's
    requests always go to the same instance (a proxy hashing the table id), else each to an
    instance picked at random.  A write not acknowledged makes the phone read the head
    first (that read is not timed), as ``tracker_load.open_loop`` does."""
    out = OpenLoop(len(tables), seconds)
    addrs = [(urlsplit(b).hostname or "127.0.0.1", urlsplit(b).port or 80) for b in bases]
    hosts = [urlsplit(b).netloc.encode() for b in bases]
    rng = random.Random(seed)
    sel = selectors.DefaultSelector()
    now = time.monotonic
    start = out.t0 = now()
    out.wall0 = time.time()
    warm_end, until = start + warm, start + warm + seconds
    heap: list[tuple[float, int]] = []
    phones: list[_Phone] = []
    for i, table in enumerate(tables):
        r = random.Random(rng.random())
        phone = _Phone(i, table, r, start + r.uniform(0, period))
        phones.append(phone)
        heap.append((phone.at, i))
    heapq.heapify(heap)
    inflight: dict[int, _Phone] = {}

    def finish(phone: _Phone, status: int, body: bytes) -> None:
        sock = phone.sock
        if sock is not None:
            sel.unregister(sock)
            sock.close()
            del inflight[id(phone)]
            phone.sock = None
        table = phone.table
        if phone.reading and table is not None:  # the untimed read of the head
            if status == 200:
                try:
                    head = json.loads(body)["seq"]
                except (ValueError, KeyError, TypeError):
                    head = None
                if head is not None:
                    table.next += head - table.seq  # table play, no undo: a row an event
                    table.seq, table.lost = head, False
            _send(phone, False)  # then the write, timed from here
            return
        if table is not None:
            if status == 201:
                table.seq += 1  # table play: one event, one row
                table.next += 1
            else:
                table.lost = True
        elapsed = (now() - phone.started) * 1000
        out.sent.append((phone.at - start, elapsed))
        if phone.started >= warm_end:
            out.latencies.append(elapsed)
            out.statuses[status] = out.statuses.get(status, 0) + 1
        phone.at += phone.rng.uniform(0.5 * period, 1.5 * period)
        heapq.heappush(heap, (phone.at, phone.index))

    def _send(phone: _Phone, read: bool) -> None:
        table = phone.table
        phone.reading = read
        if table is not None and not read and table.next >= len(table.play.events):
            out.ran_out += 1
            return
        if route == "table" and table is not None:
            k = zlib.crc32(table.id.encode()) % len(bases)
        else:
            k = phone.rng.randrange(len(bases))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        phone.sock, phone.buf, phone.started = sock, b"", now()
        phone.out = _request(phone, hosts[k])
        inflight[id(phone)] = phone
        sel.register(sock, selectors.EVENT_WRITE, phone)
        if sock.connect_ex(addrs[k]) not in (0, errno.EINPROGRESS):
            finish(phone, 0, b"")

    last_sweep = start
    while heap or inflight:
        t = now()
        if t - last_sweep > 1.0:  # answers that never came
            last_sweep = t
            for phone in [p for p in inflight.values() if t - p.started > TIMEOUT]:
                finish(phone, 0, b"")
        while heap and heap[0][0] <= t:
            at, i = heapq.heappop(heap)
            if at >= until:
                continue  # this phone is done
            if t - at > 0.1:
                out.late += 1
            table = phones[i].table
            _send(phones[i], table is not None and table.lost)
        timeout = max(0.0, min(heap[0][0] - now(), 0.5)) if heap else 0.5
        for key, mask in sel.select(timeout):
            phone = key.data
            sock = phone.sock
            if sock is None:
                continue
            try:
                if mask & selectors.EVENT_WRITE:
                    err = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                    if err:
                        finish(phone, 0, b"")
                        continue
                    sock.send(phone.out)  # a few hundred bytes: one send
                    sel.modify(sock, selectors.EVENT_READ, phone)
                    continue
                chunk = sock.recv(65536)
            except OSError:
                finish(phone, 0, b"")
                continue
            if chunk:
                phone.buf += chunk
                continue
            head, _, body = phone.buf.partition(b"\r\n\r\n")
            try:
                status = int(head.split(b" ", 2)[1])
            except (IndexError, ValueError):
                status = 0
            finish(phone, status, body)
    sel.close()
    return out


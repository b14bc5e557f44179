"""A tiny Server-Sent Events client for the tests: reads a stream in a thread and hands out
each event with the moment it arrived."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Received:
    at: float  # time.monotonic() when the event's blank line arrived
    event: str
    data: Any
    id: str | None


class SSEClient:
    def __init__(self, base: str, path: str, timeout: float = 30) -> None:
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.events: queue.Queue[Received | None] = queue.Queue()
        self.comments = 0
        self.retry: int | None = None
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    @property
    def status(self) -> int:
        return self.response.status

    def _read(self) -> None:
        fields: dict[str, str] = {}
        data: list[str] = []
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    break
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if data:
                        self.events.put(Received(time.monotonic(), fields.get("event",
                                                 "message"), json.loads("\n".join(data)),
                                                 fields.get("id")))
                    fields, data = {}, []
                elif line.startswith(":"):
                    self.comments += 1
                else:
                    name, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    if name == "data":
                        data.append(value)
                    elif name == "retry":
                        self.retry = int(value)
                    else:
                        fields[name] = value
        except (OSError, http.client.HTTPException, ValueError, AttributeError):
            pass
        finally:
            self.events.put(None)  # the stream ended

    def next(self, event: str | None = None, timeout: float = 5) -> Received:
        """The next event (of that name); AssertionError if none comes in time."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                got = self.events.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise AssertionError(f"no {event or 'event'} within {timeout} s") from None
            if got is None:
                self.events.put(None)
                raise AssertionError(f"the stream ended before a {event or 'event'}")
            if event is None or got.event == event:
                return got

    def ended(self, timeout: float = 5) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def close(self) -> None:
        """Hang up, as a phone that leaves does (also wakes the reading thread)."""
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()

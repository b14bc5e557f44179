"""The redrawn part of a table page, drawn once per head and handed to every phone.

After each entry every phone at the table fetches the part again (``webscore.live`` tells
them the head moved): drawing it (board, tap targets, choices, history) costs 2-15 ms of
CPU, against about 1.5 ms for the entry itself.  What a plain redraw shows depends only on
the table's snapshot, on whether the phone may write, and on the address it asked from; so
this process keeps the newest snapshot's drawing per such view, with a stand-in for the one
thing that differs per browser (its CSRF token), filled in per request.  A redraw that
carries a notice (a refusal, a question, a pick) is drawn for its phone alone.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import request
from sqlalchemy import Engine

from webscore import security
from webscore.perengine import PerEngine
from webscore.snapshots import Snapshot

KEEP_BYTES = 16 * 1024 * 1024  # drawings a process keeps, in all (a part is 14-120 KB)
MARK = f"csrf-{secrets.token_hex(16)}"  # stands for the CSRF token in a kept drawing


class _Kept:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tables: OrderedDict[str, tuple[Snapshot, dict[tuple[Any, ...], str]]] = \
            OrderedDict()
        self.size = 0

    def get(self, snap: Snapshot, view: tuple[Any, ...]) -> str | None:
        with self.lock:
            found = self.tables.get(snap.table.id)
            if found is None or found[0] is not snap:
                return None
            self.tables.move_to_end(snap.table.id)
            return found[1].get(view)

    def put(self, snap: Snapshot, view: tuple[Any, ...], html: str) -> None:
        with self.lock:
            found = self.tables.get(snap.table.id)
            if found is not None and found[0] is not snap:
                if found[0].head > snap.head:
                    return  # a newer head is drawn already
                self.size -= sum(len(h) for h in found[1].values())
                found = None
            if found is None:
                found = self.tables[snap.table.id] = (snap, {})
            old = found[1].get(view)
            self.size += len(html) - (len(old) if old is not None else 0)
            found[1][view] = html
            self.tables.move_to_end(snap.table.id)
            while self.size > KEEP_BYTES and len(self.tables) > 1:
                _, (_, views) = self.tables.popitem(last=False)
                self.size -= sum(len(h) for h in views.values())


_KEPT: PerEngine[_Kept] = PerEngine(_Kept)


def plain(engine: Engine, snap: Snapshot, writable: bool,
          draw: Callable[[Callable[[], str]], str]) -> str:
    """The part for this request: the kept drawing of ``snap`` for this view, or a new one
    (``draw(csrf_token)`` renders it with the given CSRF function), with this browser's
    CSRF token filled in."""
    view = (writable, request.scheme, request.host, request.root_path)
    kept = _KEPT(engine)
    html = kept.get(snap, view)
    if html is None:
        html = draw(lambda: MARK)
        kept.put(snap, view, html)
    return html.replace(MARK, security.csrf_token()) if MARK in html else html


def clear() -> None:
    for kept in _KEPT.values():
        with kept.lock:
            kept.tables.clear()
            kept.size = 0

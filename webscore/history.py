"""Each logged entry in plain words: the engine's caption (``Game.describe``) of the event in
the state it was logged in, for the history the pages and the API show beside the notation.

A caption depends only on the entries before it, and an entry in force keeps the entries
before it for good (undo only takes back the newest), so a caption never changes.  Most
entries carry theirs (``Entry.caption``): a write describes what it stores from the states
the engine check computed, and a process catching up on rows another one stored describes
each as it applies it, so an answer replays nothing.  The entries a process loaded cold
(from the stored rows and a checkpoint) have none: those are described on demand, once,
from the start of the game, and kept per process (``KEEP_TABLES`` tables), carried forward
from the state after the last one described.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine import IllegalMove, NotationError
from webscore.perengine import PerEngine
from webscore.snapshots import Entry, Snapshot, start_state, words

KEEP_TABLES = 1024  # tables whose captions a process keeps


@dataclass
class _Described:
    captions: list[str]  # of the table's first entries in force, in order; only appended to
    last: int  # the seq of the last entry described (0: none)
    state: Any  # the engine state after it

    def fits(self, entries: Sequence[Entry]) -> bool:
        """Whether these are captions of a prefix of ``entries`` (one look, not a scan: the
        entry at that place is the one described last, so the ones before it are too)."""
        n = len(self.captions)
        return n <= len(entries) and (entries[n - 1].seq == self.last if n else True)


_KEPT: PerEngine[OrderedDict[str, _Described]] = PerEngine(OrderedDict)
_LOCK = threading.Lock()  # guards what is kept


def _keep(kept: OrderedDict[str, _Described], table_id: str, done: _Described) -> None:
    kept[table_id] = done
    kept.move_to_end(table_id)
    while len(kept) > KEEP_TABLES:
        kept.popitem(last=False)


def captions(snap: Snapshot, key: Any = None, start: int = 0) -> list[str]:
    """One caption per entry in force from ``snap.entries[start]`` on, in order.  ``key``
    names the database the table lives in (the snapshot cache's engine), so two databases'
    tables with one id never share captions."""
    entries = snap.entries
    upto = start  # the entries before this need describing here; the rest carry theirs
    for i in range(len(entries) - 1, start - 1, -1):
        if entries[i].caption is None:
            upto = i + 1
            break
    tail = [str(e.caption) for e in entries[upto:]]
    return (_described(snap, key, start, upto) if upto > start else []) + tail


def _described(snap: Snapshot, key: Any, start: int, upto: int) -> list[str]:
    """The captions of ``snap.entries[start:upto]``, from the kept ones, describing (and
    keeping) what they do not cover yet."""
    entries = snap.entries
    kept = _KEPT(key if key is not None else snap.game)
    with _LOCK:
        done = kept.get(snap.table.id)
        if done is not None:
            kept.move_to_end(snap.table.id)
            if done.fits(entries):
                n = len(done.captions)
                if n >= upto:
                    return done.captions[start:upto]
                described, state, last = done.captions[start:n], done.state, done.last
            else:
                done = None
        if done is None:
            n, described, state, last = 0, [], None, 0
    game = snap.game
    if n == 0:
        state = start_state(game, snap.table)
    new: list[str] = []
    try:
        for entry in entries[n:upto]:
            event = game.parse(entry.text)
            new.append(words(game, state, event, entry.text))
            state = game.apply(state, event)
            last = entry.seq
    except (IllegalMove, NotationError):  # a broken log: the rest as notation
        return (described + new[max(0, start - n):]
                + [e.text for e in entries[max(start, n + len(new)):upto]])
    with _LOCK:
        current = kept.get(snap.table.id)
        if current is not None and current is done and len(current.captions) == n:
            current.captions.extend(new)  # readers hold slices or lengths, never a view
            current.last, current.state = last, state
        elif current is None or len(current.captions) < n + len(new) \
                or not current.fits(entries):
            head = [] if done is None else done.captions[:n]
            _keep(kept, snap.table.id, _Described(head + new, last, state))
    return described + new[max(0, start - n):]

"""Each logged entry in plain words: the engine's caption (``Game.describe``) of the event in
the state it was logged in, for the history the pages and the API show beside the notation.

A caption depends only on the entries before it, and an entry in force keeps the entries
before it for good (undo only takes back the newest), so a table's captions are kept per
process and only the entries new since the last look are described, carried forward from
the state after the last one described.  A write hands over the captions of what it stored
(``carry``), described from the states it computed anyway, so its answer replays nothing.
After an undo (or in a fresh process) the table's entries are replayed once from the start.
Looking up a table's captions costs the same at entry 1,000 as at entry 1.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine import Game, IllegalMove, NotationError
from webscore.perengine import PerEngine
from webscore.snapshots import Entry, Snapshot, start_state

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


def words(game: Game[Any, Any], state: Any, event: Any, text: str) -> str:
    """The caption of ``event`` (notation ``text``) logged in ``state``."""
    try:
        return str(game.describe(state, event)) or text
    except Exception:  # a caption is a courtesy: never lose the history over it
        logging.getLogger(__name__).exception("no caption for %s", text)
        return text


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
    if start >= len(entries):
        return []
    kept = _KEPT(key if key is not None else snap.game)
    with _LOCK:
        done = kept.get(snap.table.id)
        if done is not None:
            kept.move_to_end(snap.table.id)
            if done.fits(entries):
                n = len(done.captions)
                if n == len(entries):
                    return done.captions[start:n]
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
        for entry in entries[n:]:
            event = game.parse(entry.text)
            new.append(words(game, state, event, entry.text))
            state = game.apply(state, event)
            last = entry.seq
    except (IllegalMove, NotationError):  # a broken log: the rest as notation
        return (described + new[max(0, start - n):]
                + [e.text for e in entries[max(start, n + len(new)):]])
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


def carry(key: Any, before: Snapshot, after: Snapshot, made: Sequence[str]) -> None:
    """A write stored entries after ``before`` and made ``after``: keep ``made`` (their
    captions, described by the write from the states it computed) when the kept captions
    end at ``before``'s head, so the answer needs no replay."""
    if len(made) != len(after.entries) - len(before.entries):
        return
    kept = _KEPT(key)
    with _LOCK:
        done = kept.get(after.table.id)
        if before.entries:
            if done is None or len(done.captions) != len(before.entries) \
                    or not done.fits(before.entries):
                return
        elif done is None or done.captions:
            done = _Described([], 0, None)
        done.captions.extend(made)
        done.last, done.state = after.entries[-1].seq, after.state
        _keep(kept, after.table.id, done)

"""Each logged entry in plain words: the engine's caption (``Game.describe``) of the event in
the state it was logged in, for the history the pages and the API show beside the notation.

A caption depends only on the entries before it, and an entry in force keeps the entries
before it for good (undo only takes back the newest), so a table's captions are kept per
process by ``seq`` and only the entries new since the last look are described, carried
forward from the state after the last one described.  After an undo (or in a fresh process)
the table's entries are replayed once from the start."""

from __future__ import annotations

import logging
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pnp.engine import IllegalMove, NotationError
from webscore.snapshots import Snapshot, start_state

KEEP_TABLES = 1024  # tables whose captions a process keeps


@dataclass
class _Described:
    seqs: list[int]  # the entries described, in order (a prefix of the table's entries)
    captions: list[str]
    state: Any  # the engine state after the last one


_KEPT: weakref.WeakKeyDictionary[Any, OrderedDict[str, _Described]] = \
    weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def _kept(key: Any) -> OrderedDict[str, _Described]:
    with _LOCK:
        kept = _KEPT.get(key)
        if kept is None:
            kept = _KEPT[key] = OrderedDict()
        return kept


def _caption(snap: Snapshot, state: Any, text: str) -> tuple[str, Any]:
    """The caption of ``text`` logged in ``state``, and the state after it."""
    game = snap.game
    event = game.parse(text)
    after = game.apply(state, event)
    try:
        words = str(game.describe(state, event)) or text
    except Exception:  # a caption is a courtesy: never lose the history over it
        logging.getLogger(__name__).exception("no caption for %s", text)
        words = text
    return words, after


def captions(snap: Snapshot, key: Any = None) -> list[str]:
    """One caption per entry in force (``snap.entries``), in order.  ``key`` names the
    database the table lives in (the snapshot cache's engine), so two databases' tables with
    one id never share captions."""
    entries = snap.entries
    if not entries:
        return []
    kept = _kept(key if key is not None else snap.game)
    with _LOCK:
        done = kept.get(snap.table.id)
        if done is not None:
            kept.move_to_end(snap.table.id)
    seqs = [e.seq for e in entries]
    if done is None or seqs[:len(done.seqs)] != done.seqs:
        done = _Described([], [], start_state(snap.game, snap.table))
    if len(done.seqs) == len(seqs):
        return list(done.captions)
    state = done.state
    new_captions = list(done.captions)
    try:
        for entry in entries[len(done.seqs):]:
            words, state = _caption(snap, state, entry.text)
            new_captions.append(words)
    except (IllegalMove, NotationError):  # a broken log: the rest as notation
        return new_captions + [e.text for e in entries[len(new_captions):]]
    described = _Described(seqs, new_captions, state)
    with _LOCK:
        kept[snap.table.id] = described
        kept.move_to_end(snap.table.id)
        while len(kept) > KEEP_TABLES:
            kept.popitem(last=False)
    return list(new_captions)

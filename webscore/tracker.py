"""A table's game: its effective log rebuilt through the engine, and the three writes.

The stored rows are append-only; the *effective* log is the moves minus the ones an undo row
took back.  Every write is checked by the engine before it is stored, so the effective log
always replays.  Snapshots are cached per (table, head) because replay costs engine time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from pnp.engine import (
    CHANCE,
    Game,
    GameLog,
    IllegalMove,
    NotationError,
    Outcome,
    SetupError,
    UnknownGame,
    get_game,
)
from pnp.engine.deal import HIDDEN_SETUP_KEYS, public_setup
from pnp.engine.play import resolve_dealt
from webscore import live
from webscore.store import (
    Conflict,
    NewRow,
    Row,
    TableRecord,
    append,
    load_head,
    load_rows,
    load_table,
)

MAX_ENTRY_CHARS = 2000
ENUM_BUTTONS = 40  # up to this many legal events are buttons; more go in a select
ENUM_SELECT = 400  # beyond this, only the typed box


class TrackerRefusal(Exception):
    """A write the tracker itself refuses (not a rule of the game)."""

    def __init__(self, rule: str, message: str, status: int = 422) -> None:
        self.rule = rule
        self.message = message
        self.status = status
        super().__init__(f"[{rule}] {message}")


class NotFound(Exception):
    """No such table, or one this installation can no longer open (its game is gone)."""

    def __init__(self, table_id: str, message: str = "no table with that id") -> None:
        self.message = message
        super().__init__(table_id)


@dataclass(frozen=True)
class Entry:
    seq: int
    text: str
    source: str  # "typed" | "dealt"
    chance: bool
    actor: int | None  # the seat that decided (None for chance)


@dataclass
class Snapshot:
    table: TableRecord
    game: Game[Any, Any]
    head: int
    rows: list[Row]
    entries: list[Entry]
    state: Any
    undone: set[int] = field(default_factory=set)
    broken: dict[str, Any] | None = None  # a stored event the engine no longer accepts

    @property
    def actor(self) -> int | None:
        return self.game.actor(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def legal(self) -> list[str]:
        actor = self.actor
        if actor is None:
            return []
        events = (self.game.chance_outcomes(self.state) if actor == CHANCE
                  else self.game.legal(self.state))
        return [self.game.notation(e) for e in events]

    def dealt(self) -> str | None:
        if self.actor != CHANCE:
            return None
        event = self.game.dealt_outcome(self.state)
        return None if event is None else str(self.game.notation(event))

    def scores(self) -> list[int]:
        return [int(s) for s in self.game.scores(self.state)]

    def log(self) -> GameLog:
        t = self.table
        return GameLog(t.game, t.seed, t.setup, t.players, tuple(e.text for e in self.entries))

    def public_log(self) -> GameLog:
        """The log to hand out: while the game goes on, a seeded table's hidden deal and its
        secret deal seed are left out and the log reads as table play (every dealt outcome
        is a possible one, so it still replays); once the game is over the whole seeded log
        is given, and it replays with the same deal."""
        log = self.log()
        if self.outcome is not None or not any(k in log.setup for k in HIDDEN_SETUP_KEYS):
            return log
        return GameLog(log.game, log.seed, public_setup(log.setup), log.players, log.events)

    def started_at(self) -> Any:
        return self.table.created_at

    def last_at(self) -> Any:
        live = [r.created_at for r in self.rows]
        return live[-1] if live else self.table.created_at


_CACHE: OrderedDict[tuple[str, int], Snapshot] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 128


def _cache_get(key: tuple[str, int]) -> Snapshot | None:
    with _CACHE_LOCK:
        snap = _CACHE.get(key)
        if snap is not None:
            _CACHE.move_to_end(key)
        return snap


def _cache_put(snap: Snapshot) -> None:
    with _CACHE_LOCK:
        _CACHE[(snap.table.id, snap.head)] = snap
        _CACHE.move_to_end((snap.table.id, snap.head))
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def effective(rows: Sequence[Row]) -> tuple[list[Row], set[int]]:
    """The moves still in force, and the seqs undone."""
    live: list[Row] = []
    undone: set[int] = set()
    for row in rows:
        if row.kind == "move":
            live.append(row)
        elif row.kind == "undo" and live and live[-1].seq == row.undoes:
            undone.add(live.pop().seq)
    return live, undone


def start_state(game: Game[Any, Any], table: TableRecord) -> Any:
    return game.initial_state(table.setup, table.players, table.seed)


def build(table: TableRecord, rows: list[Row]) -> Snapshot:
    game = get_game(table.game)
    state = start_state(game, table)
    live, undone = effective(rows)
    entries: list[Entry] = []
    broken = None
    for row in live:
        try:
            event = game.parse(row.text)
            actor = game.actor(state)
            state = game.apply(state, event)
        except (IllegalMove, NotationError) as exc:
            broken = {"seq": row.seq, "event": row.text,
                      "rule": getattr(exc, "rule", "notation"), "message": exc.message}
            break
        entries.append(Entry(row.seq, row.text, row.source, bool(event.CHANCE),
                             None if actor == CHANCE else actor))
    head = rows[-1].seq if rows else 0
    return Snapshot(table, game, head, rows, entries, state, undone, broken)


def snapshot(engine: Engine, table_id: str) -> Snapshot:
    # One cheap query first: a snapshot cached at the current head needs nothing else (the
    # table record never changes and rows are append-only).
    cached = _cache_get((table_id, load_head(engine, table_id)))
    if cached is not None:
        return cached
    table = load_table(engine, table_id)
    if table is None:
        raise NotFound(table_id)
    rows = load_rows(engine, table_id)
    head = rows[-1].seq if rows else 0
    cached = _cache_get((table_id, head))
    if cached is not None:
        return cached
    try:
        snap = build(table, rows)
    except UnknownGame:
        raise NotFound(table_id, f"this table plays {table.game!r}, which is not installed "
                                 "here") from None
    except (SetupError, KeyError, TypeError, ValueError) as exc:
        raise NotFound(table_id, f"this table's setup no longer loads ({exc})") from None
    _cache_put(snap)
    return snap


def _stale(expected: int, head: int) -> TrackerRefusal:
    return TrackerRefusal("tracker.stale", f"you were looking at event {expected}, the table "
                          f"is now at {head}; look again and re-enter", 409)


def _append(engine: Engine, table_id: str, expected: int, rows: list[NewRow]) -> list[Row]:
    """Store rows; a writer that lost the race for this sequence number gets a 409."""
    try:
        stored = append(engine, table_id, expected, rows)
    except Conflict as exc:
        raise _stale(expected, exc.head) from None
    live.publish(engine, table_id, stored[-1].seq if stored else None)  # wake live streams
    return stored


def _writable(snap: Snapshot, expected: int) -> None:
    if snap.broken is not None:
        raise TrackerRefusal("tracker.broken-log", f"event {snap.broken['seq']} no longer "
                             "replays; the table is read-only", 409)
    if expected != snap.head:
        raise _stale(expected, snap.head)


def _extend(snap: Snapshot, new: list[Row], entries: list[Entry], state: Any) -> Snapshot:
    result = Snapshot(snap.table, snap.game, new[-1].seq, snap.rows + new,
                      snap.entries + entries, state, set(snap.undone))
    _cache_put(result)
    return result


def _deal(snap: Snapshot, state: Any) -> tuple[Any, list[Any]]:
    if snap.table.auto_deal:
        return resolve_dealt(snap.game, state)
    return state, []


def submit(engine: Engine, table_id: str, expected: int, text: str) -> Snapshot:
    """Check and store a typed entry (one or several events); all or nothing."""
    snap = snapshot(engine, table_id)
    _writable(snap, expected)
    text = text.strip()
    if not text:
        raise TrackerRefusal("tracker.empty", "type an event in the game's notation, or pick one")
    if len(text) > MAX_ENTRY_CHARS:
        raise TrackerRefusal("tracker.too-long",
                             f"an entry is at most {MAX_ENTRY_CHARS} characters")
    game, state = snap.game, snap.state
    if game.actor(state) is None:
        raise TrackerRefusal("tracker.finished", "the game is over; nothing more can be logged")
    events = game.parse_line(text)
    if not events:
        raise TrackerRefusal("tracker.empty", "type an event in the game's notation, or pick one")
    rows: list[NewRow] = []
    entries: list[tuple[Any, str, int | None]] = []
    just_dealt: list[Any] = []  # outcomes the tracker dealt since the last typed decision
    for event in events:
        if event.CHANCE and just_dealt and game.actor(state) != CHANCE:
            # Typed out of habit on a dealing table (`?c4=5`): it must be what was dealt.
            if event != just_dealt[0]:
                raise TrackerRefusal(
                    "tracker.dealt", f"the tracker dealt {game.notation(just_dealt[0])} from "
                    f"the seed, not {game.notation(event)}")
            just_dealt.pop(0)
            continue
        if game.actor(state) is None:
            raise TrackerRefusal("tracker.finished",
                                 f"the game ended before {game.notation(event)!r}")
        actor = game.actor(state)
        state = game.apply(state, event)
        rows.append(NewRow("move", "typed", game.notation(event)))
        entries.append((event, "typed", None if actor == CHANCE else actor))
        state, dealt = _deal(snap, state)
        just_dealt = list(dealt)
        for d in dealt:
            rows.append(NewRow("move", "dealt", game.notation(d)))
            entries.append((d, "dealt", None))
    new = _append(engine, table_id, expected, rows)
    return _extend(snap, new, [Entry(r.seq, r.text, src, bool(ev.CHANCE), actor)
                               for r, (ev, src, actor) in zip(new, entries, strict=True)], state)


def roll(engine: Engine, table_id: str, expected: int) -> Snapshot:
    """Apply the chance outcomes the seed dealt ("roll for us")."""
    snap = snapshot(engine, table_id)
    _writable(snap, expected)
    if snap.actor != CHANCE:
        raise TrackerRefusal("tracker.not-chance",
                             "no die, coin or card is waiting to be revealed now")
    state, dealt = resolve_dealt(snap.game, snap.state)
    if not dealt:
        raise TrackerRefusal("tracker.no-seed",
                             "this table has no seed to deal from; enter what the table "
                             "rolled or revealed")
    game = snap.game
    new = _append(engine, table_id, expected,
                 [NewRow("move", "dealt", game.notation(d)) for d in dealt])
    return _extend(snap, new, [Entry(r.seq, r.text, "dealt", True, None) for r in new], state)


def deal_pending(engine: Engine, snap: Snapshot) -> Snapshot:
    """On an auto-dealing table, store outcomes the seed dealt (used right after setup)."""
    if not snap.table.auto_deal or snap.actor != CHANCE or snap.dealt() is None:
        return snap
    return roll(engine, snap.table.id, snap.head)


def undo(engine: Engine, table_id: str, expected: int) -> Snapshot:
    """Take back the last entry (and the outcomes the tracker dealt after it); recorded."""
    snap = snapshot(engine, table_id)
    _writable(snap, expected)
    entries = list(snap.entries)
    taken: list[Entry] = []
    while snap.table.auto_deal and entries and entries[-1].source == "dealt":
        taken.append(entries.pop())
    if not entries:
        raise TrackerRefusal("tracker.nothing-to-undo", "there is no entry to take back")
    taken.append(entries.pop())
    _append(engine, table_id, expected,
            [NewRow("undo", "undo", "", e.seq) for e in taken])
    return snapshot(engine, table_id)


def already_logged(snap: Snapshot, expected: int, text: str) -> bool:
    """Whether the entries stored right after ``expected`` are exactly this typed text (a
    double tap, or two phones entering the same thing): the page can treat it as done."""
    try:
        wanted = [snap.game.notation(e) for e in snap.game.parse_line(text)]
    except NotationError:
        return False
    later = [r for r in snap.rows if r.seq > expected]
    typed = [r.text for r in later if r.kind == "move" and r.source == "typed"]
    return bool(wanted) and all(r.kind == "move" for r in later) and typed == wanted

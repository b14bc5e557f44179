"""A table's snapshots: the entries in force and the engine state at one head, built
from the stored rows (from the nearest checkpoint) and kept per process, newest per table, so
a read or a write starts from the cached head instead of replaying the game (see
``webscore.tracker`` for the writes that build on them)."""

from __future__ import annotations

import bisect
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
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
from pnp.engine.steps import replay_steps
from pnp.engine.values import cached as once  # functools.cached_property without its lock
from webscore import checkpoints, devices
from webscore.checkpoints import EVERY
from webscore.entries import Entries
from webscore.perengine import PerEngine
from webscore.store import (
    Row,
    TableRecord,
    checkpoint_seqs,
    load_checkpoint,
    load_rows,
    load_table,
    save_checkpoint,
)

CACHE_TABLES = 4096  # tables whose newest snapshot a process keeps


class NotFound(Exception):
    """No such table, or one this installation can no longer open (its game is gone)."""

    def __init__(self, table_id: str, message: str = "no table with that id") -> None:
        self.message = message
        super().__init__(table_id)


@dataclass(frozen=True)
class Entry:
    seq: int
    text: str
    source: str  # "typed" | "dealt" | "auto" (a decision the rules forced)
    chance: bool
    actor: int | None  # the seat that decided (None for chance)
    device: str | None = None  # the phone that logged it, as the history shows it
    caption: str | None = field(default=None, compare=False, repr=False)
    """The engine's words for it, when it was described as it was applied (a write, a
    catch-up): an entry in force keeps the entries before it, so its caption never changes
    (``webscore.history`` describes the others on demand)."""

    @property
    def seat(self) -> int:
        """As stored in the row's ``actor`` column: -1 for a chance outcome."""
        return CHANCE if self.actor is None else self.actor


@dataclass(frozen=True)
class Snapshot:
    """A table at one head: its entries in force and the engine state after them.  Never
    changed once built; what the pages draw from it is computed once (cached properties)."""

    table: TableRecord
    game: Game[Any, Any]
    head: int
    entries: Entries[Entry]  # given as any sequence; kept as Entries (a write shares them)
    state: Any
    undos: tuple[tuple[int, int], ...] = ()  # (undo row seq, the seq it took back), in order
    broken: dict[str, Any] | None = None  # a stored event the engine no longer accepts
    stored_at: datetime | None = None  # when the head row was stored

    def __post_init__(self) -> None:
        if type(self.entries) is not Entries:
            object.__setattr__(self, "entries", Entries(self.entries))

    @property
    def undone(self) -> frozenset[int]:
        return frozenset(seq for _, seq in self.undos)

    @once
    def actor(self) -> int | None:
        return self.game.actor(self.state)

    @once
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @once
    def legal_events(self) -> tuple[str, ...]:
        actor = self.actor
        if actor is None:
            return ()
        events = (self.game.chance_outcomes(self.state) if actor == CHANCE
                  else self.game.legal(self.state))
        return tuple(self.game.notation(e) for e in events)

    def legal(self) -> list[str]:
        return list(self.legal_events)

    @once
    def dealt_event(self) -> str | None:
        if self.actor != CHANCE:
            return None
        event = self.game.dealt_outcome(self.state)
        return None if event is None else str(self.game.notation(event))

    def dealt(self) -> str | None:
        return self.dealt_event

    @once
    def score_values(self) -> tuple[int, ...]:
        return tuple(int(s) for s in self.game.scores(self.state))

    def scores(self) -> list[int]:
        return list(self.score_values)

    @once
    def summary(self) -> dict[str, Any]:
        return dict(self.game.summary(self.state))

    def entries_after(self, seq: int) -> tuple[Entry, ...]:
        """The entries in force stored after sequence number ``seq``: counted back from the
        newest when they are few (an answer's history is the change since the phone's
        ``seq``), else found by bisection."""
        entries = self.entries
        tail = entries.newest(8)
        if not tail or tail[0].seq > seq:  # more than that: bisect the whole sequence
            return entries[bisect.bisect_right(entries, seq, key=lambda e: e.seq):]
        k = len(tail)
        while k and tail[k - 1].seq > seq:
            k -= 1
        return tail[k:]

    def undone_after(self, seq: int) -> list[int]:
        """The entries taken back by undo rows stored after ``seq``."""
        return sorted(taken for at, taken in self.undos if at > seq)

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

    def last_at(self) -> datetime:
        return self.stored_at or self.table.created_at


# -- the per-process cache: the newest snapshot of each table, per database ------------------
@dataclass
class _Cache:
    tables: OrderedDict[str, Snapshot] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, table_id: str) -> Snapshot | None:
        with self.lock:
            snap = self.tables.get(table_id)
            if snap is not None:
                self.tables.move_to_end(table_id)
            return snap

    def put(self, snap: Snapshot) -> None:
        """Keep ``snap`` unless a newer head of the same table is already kept."""
        with self.lock:
            old = self.tables.get(snap.table.id)
            if old is None or old.head <= snap.head:
                self.tables[snap.table.id] = snap
            self.tables.move_to_end(snap.table.id)
            while len(self.tables) > CACHE_TABLES:
                self.tables.popitem(last=False)

    def drop(self, table_id: str) -> None:
        with self.lock:
            self.tables.pop(table_id, None)


table_cache: PerEngine[_Cache] = PerEngine(_Cache)
"""``table_cache(engine)``: the engine's cache of snapshots in this process."""


def clear_cache() -> None:
    for cache in table_cache.values():
        with cache.lock:
            cache.tables.clear()


# -- building snapshots ----------------------------------------------------------------------
def effective(rows: Sequence[Row]) -> tuple[list[Row], list[tuple[int, int]]]:
    """The moves still in force, and (undo row, seq taken back) for each undo that counts."""
    moves: list[Row] = []
    undos: list[tuple[int, int]] = []
    for row in rows:
        if row.kind == "move":
            moves.append(row)
        elif row.kind == "undo" and moves and moves[-1].seq == row.undoes:
            undos.append((row.seq, moves.pop().seq))
    return moves, undos


def words(game: Game[Any, Any], state: Any, event: Any, text: str) -> str:
    """The caption of ``event`` (notation ``text``) logged in ``state``."""
    try:
        return str(game.describe(state, event)) or text
    except Exception:  # a caption is a courtesy: never lose the history over it
        logging.getLogger(__name__).exception("no caption for %s", text)
        return text


def start_state(game: Game[Any, Any], table: TableRecord) -> Any:
    return game.initial_state(table.setup, table.players, table.seed)


def _replay(game: Game[Any, Any], state: Any, moves: Sequence[Row | Entry],
            describe: bool = False) -> tuple[Any, list[Entry], dict[str, Any] | None]:
    """Apply moves from ``state``; stop at the first the engine refuses (the table is broken).
    With ``describe`` each entry gets its caption, from the state it was applied to."""
    entries: list[Entry] = []
    try:
        for step in replay_steps(game, state, (m.text for m in moves)):
            move = moves[step.index]
            entries.append(Entry(move.seq, move.text, move.source, bool(step.event.CHANCE),
                                 step.seat, _device(move),
                                 words(game, state, step.event, move.text) if describe
                                 else None))
            state = step.state
    except (IllegalMove, NotationError) as exc:
        move = moves[len(entries)]
        return state, entries, {"seq": move.seq, "event": move.text,
                                "rule": getattr(exc, "rule", "notation"),
                                "message": exc.message}
    return state, entries, None


def _known(move: Row | Entry) -> Entry | None:
    """The entry a row stands for without the engine (needs the stored deciding seat)."""
    if isinstance(move, Entry):
        return move
    if move.actor is None:
        return None
    return Entry(move.seq, move.text, move.source, move.actor == CHANCE,
                 None if move.actor == CHANCE else move.actor, _device(move))


def _device(move: Row | Entry) -> str | None:
    if isinstance(move, Entry):
        return move.device
    return devices.label(move.device, move.device_name)


def rebuild(engine: Engine, table: TableRecord, game: Game[Any, Any],
            moves: Sequence[Row | Entry]) -> tuple[Any, list[Entry], dict[str, Any] | None]:
    """The state after ``moves`` (the effective log): from the newest usable checkpoint,
    replaying only what follows it.  Two queries when a checkpoint exists, else one."""
    fp = checkpoints.fingerprint(game)
    stored = checkpoint_seqs(engine, table.id, fp) if moves else set()
    known: list[Entry] = []
    for move in moves:  # checkpoints usable: those whose prefix needs no engine to list
        entry = _known(move)
        if entry is None:
            break
        known.append(entry)
    state = None
    start = 0
    for i in range(len(known) - 1, -1, -1):
        if known[i].seq in stored:
            blob = load_checkpoint(engine, table.id, known[i].seq, fp)
            state = None if blob is None else checkpoints.decode(game, blob)
            if state is not None:
                start = i + 1
            break
    if state is None:
        state = start_state(game, table)
    state, tail, broken = _replay(game, state, moves[start:])
    if broken is None and len(tail) >= EVERY:  # a long replay: spare the next one
        save_checkpoint(engine, table.id, checkpoints.encode(game, tail[-1].seq, state))
    return state, known[:start] + tail, broken


def _cold(engine: Engine, table_id: str) -> Snapshot:
    """Load a table this process has not cached: the table, its rows, a checkpoint."""
    table = load_table(engine, table_id)
    if table is None:
        raise NotFound(table_id)
    try:
        game = get_game(table.game)
        rows = load_rows(engine, table_id)
        live, undos = effective(rows)
        state, entries, broken = rebuild(engine, table, game, live)
    except UnknownGame:
        raise NotFound(table_id, f"this table plays {table.game!r}, which is not installed "
                                 "here") from None
    except (SetupError, KeyError, TypeError, ValueError) as exc:
        raise NotFound(table_id, f"this table's setup no longer loads ({exc})") from None
    return Snapshot(table, game, rows[-1].seq if rows else 0, Entries(entries), state,
                    tuple(undos), broken, rows[-1].created_at if rows else None)


def _advance(engine: Engine, snap: Snapshot, rows: Sequence[Row]) -> Snapshot:
    """Apply rows another process stored after ``snap`` (a rebuild only after an undo),
    describing each as it is applied (the next answer shows them: no second replay)."""
    game = snap.game
    kept = len(snap.entries)  # of the snapshot's entries, those still in force
    added: list[Entry] = []  # and the ones applied after them

    def in_force() -> Entries[Entry]:
        old = snap.entries if kept == len(snap.entries) else Entries(snap.entries[:kept])
        return old.plus(added)  # the old entries' full chunks shared, not copied

    undos = list(snap.undos)
    state: Any = snap.state
    stale = False
    for row in rows:
        if row.kind == "undo":
            last = added[-1] if added else snap.entries[kept - 1] if kept else None
            if last is not None and last.seq == row.undoes:
                undos.append((row.seq, last.seq))
                if added:
                    added.pop()
                else:
                    kept -= 1
                stale = True
            continue
        if row.kind != "move":
            continue
        if stale:
            state, _, _ = rebuild(engine, snap.table, game, in_force())
            stale = False
        state, new, broken = _replay(game, state, [row], describe=True)
        if broken is not None:
            return _cold(engine, snap.table.id)  # judged on the whole log, as a cold load
        added.extend(new)
    entries = in_force()
    if stale:
        state, _, _ = rebuild(engine, snap.table, game, entries)
    return Snapshot(snap.table, game, rows[-1].seq, entries, state, tuple(undos),
                    None, rows[-1].created_at)


def cached(engine: Engine, table_id: str) -> Snapshot:
    """The newest snapshot this process has of the table, without asking the database
    (loading it if it has none).  Writes start here: the INSERT tells if it is stale."""
    snap = table_cache(engine).get(table_id)
    if snap is None:
        snap = _cold(engine, table_id)
        table_cache(engine).put(snap)
    return snap


def snapshot(engine: Engine, table_id: str) -> Snapshot:
    """The table as stored now: one query for the rows after the cached head (and the head
    row itself, to notice a database that went back in time, e.g. restored from a backup)."""
    cache = table_cache(engine)
    snap = cache.get(table_id)
    if snap is None:
        return cached(engine, table_id)
    rows = load_rows(engine, table_id, max(1, snap.head))
    if snap.head:
        if not rows or rows[0].seq != snap.head or rows[0].created_at != snap.stored_at:
            cache.drop(table_id)
            return cached(engine, table_id)
        rows = rows[1:]
    if not rows:
        return snap
    snap = (_cold(engine, table_id) if snap.broken is not None
            else _advance(engine, snap, rows))
    cache.put(snap)
    return snap

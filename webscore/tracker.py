"""A table's game: the newest state per table kept in each process, and the three writes.

The stored rows are append-only; the *effective* log is the moves minus the ones an undo row
took back.  Every write is checked by the engine before it is stored, so the effective log
always replays.

Each process (each app server, each worker) keeps the newest snapshot of every table it has
served.  So that a write costs the same at row 1,000 as at row 1:

- a write checks the sequence number it follows against the cached head, validates the new
  events with the engine from the cached state, and stores them with one guarded INSERT and
  one COMMIT (``store.append``); another process that wrote first makes the INSERT fail (the
  primary key), and the writer gets 409 with the fresh state;
- a read asks for the rows after the cached head (one query) and applies only those;
- an undo, and the first load of a table, start from the nearest stored checkpoint
  (``webscore.checkpoints``, one every ``EVERY`` entries) and replay fewer than ``EVERY``
  events;
- what a page or an answer draws from the state (legal list, summary, scores) is computed
  once per head and kept in the snapshot.
"""

from __future__ import annotations

import bisect
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
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
from pnp.engine.steps import replay_steps
from webscore import checkpoints, devices, live
from webscore.autostep import Step, advance, taken_back
from webscore.checkpoints import EVERY
from webscore.devices import Device
from webscore.store import (
    Conflict,
    NewRow,
    Row,
    TableRecord,
    append,
    checkpoint_seqs,
    load_checkpoint,
    load_rows,
    load_table,
    save_checkpoint,
)

MAX_ENTRY_CHARS = 2000
ENUM_BUTTONS = 40  # up to this many legal events are buttons; more go in a select
ENUM_SELECT = 400  # beyond this, only the typed box
CACHE_TABLES = 4096  # tables whose newest snapshot a process keeps


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
    source: str  # "typed" | "dealt" | "auto" (a decision the rules forced)
    chance: bool
    actor: int | None  # the seat that decided (None for chance)
    device: str | None = None  # the phone that logged it, as the history shows it

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
    entries: tuple[Entry, ...]
    state: Any
    undos: tuple[tuple[int, int], ...] = ()  # (undo row seq, the seq it took back), in order
    broken: dict[str, Any] | None = None  # a stored event the engine no longer accepts
    stored_at: datetime | None = None  # when the head row was stored

    @property
    def undone(self) -> frozenset[int]:
        return frozenset(seq for _, seq in self.undos)

    @cached_property
    def actor(self) -> int | None:
        return self.game.actor(self.state)

    @cached_property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @cached_property
    def legal_events(self) -> tuple[str, ...]:
        actor = self.actor
        if actor is None:
            return ()
        events = (self.game.chance_outcomes(self.state) if actor == CHANCE
                  else self.game.legal(self.state))
        return tuple(self.game.notation(e) for e in events)

    def legal(self) -> list[str]:
        return list(self.legal_events)

    @cached_property
    def dealt_event(self) -> str | None:
        if self.actor != CHANCE:
            return None
        event = self.game.dealt_outcome(self.state)
        return None if event is None else str(self.game.notation(event))

    def dealt(self) -> str | None:
        return self.dealt_event

    @cached_property
    def score_values(self) -> tuple[int, ...]:
        return tuple(int(s) for s in self.game.scores(self.state))

    def scores(self) -> list[int]:
        return list(self.score_values)

    @cached_property
    def summary(self) -> dict[str, Any]:
        return dict(self.game.summary(self.state))

    def entries_after(self, seq: int) -> tuple[Entry, ...]:
        """The entries in force stored after sequence number ``seq``."""
        return self.entries[bisect.bisect_right(self.entries, seq, key=lambda e: e.seq):]

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


_CACHES: weakref.WeakKeyDictionary[Engine, _Cache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def _cache(engine: Engine) -> _Cache:
    with _CACHES_LOCK:
        cache = _CACHES.get(engine)
        if cache is None:
            cache = _CACHES[engine] = _Cache()
        return cache


def clear_cache() -> None:
    with _CACHES_LOCK:
        for cache in _CACHES.values():
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


def start_state(game: Game[Any, Any], table: TableRecord) -> Any:
    return game.initial_state(table.setup, table.players, table.seed)


def _replay(game: Game[Any, Any], state: Any, moves: Sequence[Row | Entry]
            ) -> tuple[Any, list[Entry], dict[str, Any] | None]:
    """Apply moves from ``state``; stop at the first the engine refuses (the table is broken)."""
    entries: list[Entry] = []
    try:
        for step in replay_steps(game, state, (m.text for m in moves)):
            move = moves[step.index]
            entries.append(Entry(move.seq, move.text, move.source, bool(step.event.CHANCE),
                                 step.seat, _device(move)))
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
    return Snapshot(table, game, rows[-1].seq if rows else 0, tuple(entries), state,
                    tuple(undos), broken, rows[-1].created_at if rows else None)


def _advance(engine: Engine, snap: Snapshot, rows: Sequence[Row]) -> Snapshot:
    """Apply rows another process stored after ``snap`` (a rebuild only after an undo)."""
    game = snap.game
    entries = list(snap.entries)
    undos = list(snap.undos)
    state: Any = snap.state
    stale = False
    for row in rows:
        if row.kind == "undo":
            if entries and entries[-1].seq == row.undoes:
                undos.append((row.seq, entries.pop().seq))
                stale = True
            continue
        if row.kind != "move":
            continue
        if stale:
            state, _, _ = rebuild(engine, snap.table, game, entries)
            stale = False
        state, new, broken = _replay(game, state, [row])
        if broken is not None:
            return _cold(engine, snap.table.id)  # judged on the whole log, as a cold load
        entries.extend(new)
    if stale:
        state, _, _ = rebuild(engine, snap.table, game, entries)
    return Snapshot(snap.table, game, rows[-1].seq, tuple(entries), state, tuple(undos),
                    None, rows[-1].created_at)


def cached(engine: Engine, table_id: str) -> Snapshot:
    """The newest snapshot this process has of the table, without asking the database
    (loading it if it has none).  Writes start here: the INSERT tells if it is stale."""
    snap = _cache(engine).get(table_id)
    if snap is None:
        snap = _cold(engine, table_id)
        _cache(engine).put(snap)
    return snap


def snapshot(engine: Engine, table_id: str) -> Snapshot:
    """The table as stored now: one query for the rows after the cached head (and the head
    row itself, to notice a database that went back in time, e.g. restored from a backup)."""
    cache = _cache(engine)
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


# -- writing ---------------------------------------------------------------------------------
def _stale(expected: int, head: int) -> TrackerRefusal:
    return TrackerRefusal("tracker.stale", f"you were looking at event {expected}, the table "
                          f"is now at {head}; look again and re-enter", 409)


def _writable(engine: Engine, snap: Snapshot, expected: int) -> Snapshot:
    """The snapshot a write at ``expected`` starts from: the cached one, caught up (one
    query) only when the writer has seen rows this process has not."""
    if expected > snap.head:
        snap = snapshot(engine, snap.table.id)
    if snap.broken is not None:
        raise TrackerRefusal("tracker.broken-log", f"event {snap.broken['seq']} no longer "
                             "replays; the table is read-only", 409)
    if expected != snap.head:
        raise _stale(expected, snap.head)
    return snap


def store(engine: Engine, snap: Snapshot, steps: Sequence[Step], state: Any,
          device: Device | None = None) -> Snapshot:
    """Store checked steps after ``snap``'s head: one INSERT (and a checkpoint when the
    entries cross a multiple of ``EVERY``), one COMMIT; 409 if another writer got there
    first.  ``state`` is the engine state after the steps.  Returns the new snapshot."""
    if not steps:
        return snap
    game = snap.game
    before, after = len(snap.entries), len(snap.entries) + len(steps)
    mark = None
    if after // EVERY > before // EVERY:
        mark = checkpoints.encode(game, snap.head + len(steps), state)
    texts = [game.notation(st.event) for st in steps]
    by = device or Device("")
    rows = [NewRow("move", st.source, text, None, CHANCE if st.actor is None else st.actor,
                   by.id or None, by.name or None)
            for st, text in zip(steps, texts, strict=True)]
    try:
        new = append(engine, snap.table.id, snap.head, rows, mark)
    except Conflict:
        raise _stale(snap.head, snapshot(engine, snap.table.id).head) from None
    live.publish(engine, snap.table.id, new[-1].seq)  # wake this process's live streams
    result = Snapshot(snap.table, game, new[-1].seq, snap.entries + tuple(
        Entry(r.seq, text, st.source, bool(st.event.CHANCE), st.actor,
              devices.label(r.device, r.device_name))
        for r, st, text in zip(new, steps, texts, strict=True)),
        state, snap.undos, None, new[-1].created_at)
    _cache(engine).put(result)
    return result


def _deal(snap: Snapshot, state: Any, auto: bool) -> tuple[Any, list[Step]]:
    """What follows an entry by itself: dealt outcomes (dealing tables) and, when ``auto``
    (the pages, where a forced step takes no tap), the decisions the rules force."""
    return advance(snap.game, state, deal=snap.table.auto_deal, forced=auto)


def _skip_applied(game: Game[Any, Any], event: Any, applied: list[Step]) -> bool:
    """Whether a typed event is one the tracker already applied after the previous one (a
    dealt outcome or a forced step typed out of habit); drops it and what came before it from
    ``applied``.  A typed outcome that differs from what the seed dealt is refused."""
    kind = [i for i, st in enumerate(applied) if bool(st.event.CHANCE) == bool(event.CHANCE)]
    if not kind:
        return False
    first = applied[kind[0]].event
    if event == first:
        del applied[:kind[0] + 1]
        return True
    if event.CHANCE:
        raise TrackerRefusal("tracker.dealt", f"the tracker dealt {game.notation(first)} from "
                             f"the seed, not {game.notation(event)}")
    applied.clear()
    return False


def play(snap: Snapshot, events: Sequence[Any], *, auto: bool = False
         ) -> tuple[list[Step], Any]:
    """Check typed ``events`` with the engine from the snapshot's state, with what follows
    each by itself (dealt outcomes on a dealing table; forced decisions when ``auto``): the
    steps to store and the state after them.  Raises IllegalMove / TrackerRefusal; stores
    nothing (``store`` does)."""
    game, state = snap.game, snap.state
    steps: list[Step] = []
    applied: list[Step] = []  # what the tracker applied by itself since the last typed event
    for position, event in enumerate(events, 1):
        # Typed out of habit (`?c4=5` on a dealing table, a forced `.`): already applied.
        if applied and (not event.CHANCE or game.actor(state) != CHANCE) \
                and _skip_applied(game, event, applied):
            continue
        actor = game.actor(state)
        if actor is None:
            raise TrackerRefusal("tracker.finished",
                                 f"the game ended before {game.notation(event)!r}")
        try:
            state = game.apply(state, event)
        except IllegalMove as exc:
            if len(events) == 1:
                raise
            # Say which event of the entry failed; its legal list is of that point.
            done = " ".join(game.notation(st.event) for st in steps) or "nothing before it"
            raise IllegalMove(exc.rule, f"event {position} of {len(events)}, "
                              f"{game.notation(event)!r} (after {done}), is refused: "
                              f"{exc.message}; nothing of this entry was stored",
                              exc.legal) from None
        steps.append(Step(event, "typed", None if actor == CHANCE else actor))
        state, applied = _deal(snap, state, auto)
        steps.extend(applied)
    return steps, state


def submit(engine: Engine, table_id: str, expected: int, text: str, *,
           auto: bool = False, device: Device | None = None) -> Snapshot:
    """Check and store a typed entry (one or several events); all or nothing.  With ``auto``
    the decisions the rules then force are applied and stored too (source ``auto``)."""
    snap = _writable(engine, cached(engine, table_id), expected)
    text = text.strip()
    if not text:
        raise TrackerRefusal("tracker.empty", "type an event in the game's notation, or pick one")
    if len(text) > MAX_ENTRY_CHARS:
        raise TrackerRefusal("tracker.too-long",
                             f"an entry is at most {MAX_ENTRY_CHARS} characters")
    if snap.actor is None:
        raise TrackerRefusal("tracker.finished", "the game is over; nothing more can be logged")
    events = snap.game.parse_line(text)
    if not events:
        raise TrackerRefusal("tracker.empty", "type an event in the game's notation, or pick one")
    steps, state = play(snap, events, auto=auto)
    return store(engine, snap, steps, state, device)


def roll(engine: Engine, table_id: str, expected: int, *, auto: bool = False,
         device: Device | None = None) -> Snapshot:
    """Apply the chance outcomes the seed dealt ("roll for us")."""
    snap = _writable(engine, cached(engine, table_id), expected)
    if snap.actor != CHANCE:
        raise TrackerRefusal("tracker.not-chance",
                             "no die, coin or card is waiting to be revealed now")
    state, dealt = resolve_dealt(snap.game, snap.state)
    if not dealt:
        raise TrackerRefusal("tracker.no-seed",
                             "this table has no seed to deal from; enter what the table "
                             "rolled or revealed")
    state, after = _deal(snap, state, auto)
    return store(engine, snap, [Step(d, "dealt", None) for d in dealt] + after, state, device)


def deal_pending(engine: Engine, snap: Snapshot, *, auto: bool = False) -> Snapshot:
    """Store what needs no tap at the start: outcomes the seed dealt on a dealing table, and
    with ``auto`` the forced steps (used right after setup)."""
    state, steps = _deal(snap, snap.state, auto)
    if not steps or snap.broken is not None:
        return snap
    return store(engine, snap, steps, state)


def undo(engine: Engine, table_id: str, expected: int, *,
         device: Device | None = None) -> Snapshot:
    """Take back the last entry a person made (with the steps that followed it by
    themselves); recorded.  The state before it comes from the nearest checkpoint."""
    snap = _writable(engine, cached(engine, table_id), expected)
    entries = list(snap.entries)
    count = taken_back([e.source for e in entries], snap.table.auto_deal)
    if not count:
        raise TrackerRefusal("tracker.nothing-to-undo", "there is no entry to take back")
    taken = entries[len(entries) - count:][::-1]
    del entries[len(entries) - count:]
    state, _, _ = rebuild(engine, snap.table, snap.game, entries)
    try:
        new = append(engine, table_id, expected,
                     [NewRow("undo", "undo", "", e.seq, None, device.id if device else None,
                             (device.name or None) if device else None) for e in taken])
    except Conflict:
        raise _stale(expected, snapshot(engine, table_id).head) from None
    live.publish(engine, table_id, new[-1].seq)
    result = Snapshot(snap.table, snap.game, new[-1].seq, tuple(entries), state,
                      snap.undos + tuple((r.seq, e.seq) for r, e in zip(new, taken,
                                                                         strict=True)),
                      None, new[-1].created_at)
    _cache(engine).put(result)
    return result


def already_logged(snap: Snapshot, expected: int, text: str) -> bool:
    """Whether the entries stored right after ``expected`` are exactly this typed text (a
    double tap, or two phones entering the same thing): the page can treat it as done."""
    try:
        wanted = [snap.game.notation(e) for e in snap.game.parse_line(text)]
    except NotationError:
        return False
    later = snap.entries_after(expected)
    typed = [e.text for e in later if e.source == "typed"]
    made = [e.text for e in later if e.source in ("typed", "auto")]
    all_moves = len(later) == snap.head - expected  # no undo row since, nothing taken back
    return bool(wanted) and all_moves and wanted in (typed, made)

"""A table's three writes (an entry, a roll, an undo), each checked by the engine from the
newest snapshot this process keeps of the table (``webscore.snapshots``).

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

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine

from pnp.engine import (
    CHANCE,
    Game,
    IllegalMove,
    NotationError,
)
from webscore import checkpoints, devices, live
from webscore.autostep import Step, advance, taken_back
from webscore.checkpoints import EVERY
from webscore.devices import Device
from webscore.entries import Entries
from webscore.snapshots import Entry, Snapshot, cached, rebuild, snapshot, table_cache, words
from webscore.store import (
    Conflict,
    NewRow,
    append,
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
    result = Snapshot(snap.table, game, new[-1].seq, snap.entries.plus(
        Entry(r.seq, text, st.source, bool(st.event.CHANCE), st.actor,
              devices.label(r.device, r.device_name),  # described from the checked states:
              None if st.before is None else words(game, st.before, st.event, text))
        for r, st, text in zip(new, steps, texts, strict=True)),  # the answer replays nothing
        state, snap.undos, None, new[-1].created_at)
    table_cache(engine).put(result)
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
        before = state
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
        steps.append(Step(event, "typed", None if actor == CHANCE else actor, before))
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
    state, dealt = advance(snap.game, snap.state, deal=True, forced=False)  # with befores
    if not dealt:
        raise TrackerRefusal("tracker.no-seed",
                             "this table has no seed to deal from; enter what the table "
                             "rolled or revealed")
    state, after = _deal(snap, state, auto)
    return store(engine, snap, dealt + after, state, device)


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
    result = Snapshot(snap.table, snap.game, new[-1].seq, Entries(entries), state,
                      snap.undos + tuple((r.seq, e.seq) for r, e in zip(new, taken,
                                                                         strict=True)),
                      None, new[-1].created_at)
    table_cache(engine).put(result)
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

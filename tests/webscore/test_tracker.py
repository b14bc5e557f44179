"""The write path's cost and correctness: a constant number of statements per write at any
row, one query to catch up on missed rows, checkpoints that agree with a full replay, and
two app instances (two caches) on one database staying exactly consistent."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Engine, delete, select

from pnp.engine import CHANCE, Rng, get_game, new_log
from webscore import checkpoints, create_app, driver, snapshots, tracker
from webscore.db import get_engine
from webscore.models import table_checkpoints, table_events
from webscore.snapshots import clear_cache, effective, snapshot, start_state
from webscore.sqlcount import counting
from webscore.store import create_table, load_rows
from webscore.tracker import TrackerRefusal, submit, undo

from .toygame import TOY


def toy_table(app: Flask) -> str:
    record, _ = create_table(get_engine(app), game="toy-dice", seed=None,
                             players=["Ana", "Bo"], options={},
                             setup={"target": 10, "chance": "table"}, auto_deal=False,
                             location="")
    return record.id


def toy_entry(seq: int) -> str:
    """Entries for a toy game that never ends: a roll, then a pass."""
    return f"r{seq % 6 + 1}" if seq % 2 == 0 else "pass"


def second_instance(app: Flask) -> Engine:
    """Another app on the same database: its own engine, so its own cache."""
    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "DATABASE_URL": app.config["DATABASE_URL"]})
    return get_engine(other)


def count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    apply = TOY.apply

    def counted(state: Any, event: Any) -> Any:
        calls[0] += 1
        return apply(state, event)

    monkeypatch.setattr(TOY, "apply", counted)
    return calls


def test_a_write_is_the_same_few_statements_at_any_row(app: Flask,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "PARK_IDLE", 600.0)  # (a stall of the machine: no checkout)
    engine = get_engine(app)
    tid = toy_table(app)
    snapshot(engine, tid)
    per_write: dict[int, list[str]] = {}

    def single_writes(start: int, stop: int) -> None:
        with counting(engine) as seen:
            for seq in range(start, stop):
                seen.reset()
                submit(engine, tid, seq, toy_entry(seq))
                # SQLite's leaders keep their connection while writes come in
                # (webscore.groupcommit): a checkout for the first write only.  PostgreSQL's
                # lone statements park theirs (webscore.driver), as the read before did; an
                # entry with a checkpoint (a transaction) takes one from the pool.
                if engine.dialect.name == "sqlite":
                    checkouts = 0 if seq > 0 else 1
                else:
                    checkouts = 0 if (seq + 1) % tracker.EVERY else 1
                assert seen.commits == 1 and seen.checkouts == checkouts, (seq, seen)
                per_write[seq + 1] = list(seen.sql)

    single_writes(0, 120)
    seq = 120
    while seq < 1_000:  # on to row 1,000 in long entries (a hundred events each)
        seq = submit(engine, tid, seq, " ".join(toy_entry(n) for n in range(seq, seq + 100))
                     ).head
    single_writes(seq, seq + 60)
    plain = [n for n in per_write if n % tracker.EVERY]
    first = per_write[1]
    assert len(first) <= 2 and sum(s.startswith("INSERT") for s in first) == 1, first
    assert all(len(per_write[n]) == len(first) for n in plain)
    marks = [n for n in per_write if n % tracker.EVERY == 0]
    assert len(marks) == 3 and all(len(per_write[n]) == len(first) + 1 for n in marks)
    assert all(len(sql) <= 3 for sql in per_write.values()) and max(per_write) > 1_000
    # Nothing is read first.  On PostgreSQL the live-update notice is not the write's: a
    # thread of its own sends the notices waiting, after their commits (webscore.commits).
    assert not [s for sql in per_write.values() for s in sql if s.startswith("SELECT")]


def test_a_read_of_a_cached_table_is_one_query(app: Flask,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "PARK_IDLE", 600.0)
    engine = get_engine(app)
    tid = toy_table(app)
    for seq in range(120):
        submit(engine, tid, seq, toy_entry(seq))
    with counting(engine) as seen:
        snap = snapshot(engine, tid)
    # (PostgreSQL: on the connection the writes parked, webscore.driver)
    assert seen.queries == 1 and seen.checkouts == (engine.dialect.name == "sqlite")
    assert snap.head == 120


def test_missed_rows_are_one_query_and_agree(app: Flask,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    a = get_engine(app)
    b = second_instance(app)
    tid = toy_table(app)
    assert snapshot(b, tid).head == 0  # b caches the table at row 0
    for seq in range(130):
        submit(a, tid, seq, toy_entry(seq))
    applies = count_applies(monkeypatch)
    with counting(b) as seen:
        caught = snapshot(b, tid)
    assert seen.queries == 1 and applies[0] == 130
    mine = snapshot(a, tid)
    assert (caught.head, caught.entries, caught.state) == (mine.head, mine.entries, mine.state)
    # b writes next, a catches up on that one row only
    submit(b, tid, 130, toy_entry(130))
    applies[0] = 0
    with counting(a) as seen:
        assert snapshot(a, tid).head == 131
    assert seen.queries == 1 and applies[0] == 1
    b.dispose()


def test_a_stale_cache_loses_the_insert_and_gets_409(app: Flask) -> None:
    a, b = get_engine(app), second_instance(app)
    tid = toy_table(app)
    snapshot(b, tid)
    submit(a, tid, 0, "r2")
    # b's cache says 0, and a phone that saw 0 writes through b: the primary key says no
    with pytest.raises(TrackerRefusal) as info:
        submit(b, tid, 0, "r5")
    assert info.value.status == 409 and "now at 1" in info.value.message
    # a phone that saw 1 (through a) writes through b: b catches up, then stores
    assert submit(b, tid, 1, "+2").head == 2
    assert [r.text for r in load_rows(a, tid)] == ["r2", "+2"]
    b.dispose()


def test_two_instances_racing_one_winner_per_sequence(app: Flask) -> None:
    engines = [get_engine(app), second_instance(app)]
    tid = toy_table(app)
    for rnd in range(6):
        for e in engines:
            snapshot(e, tid)
        barrier = threading.Barrier(8)
        results: list[str] = []

        def writer(i: int, seq: int = rnd, barrier: threading.Barrier = barrier,
                   results: list[str] = results) -> None:
            barrier.wait()
            try:
                submit(engines[i % 2], tid, seq, toy_entry(seq))
                results.append("ok")
            except TrackerRefusal as exc:
                results.append(exc.rule)

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results.count("ok") == 1 and results.count("tracker.stale") == 7, results
    assert [r.seq for r in load_rows(engines[0], tid)] == list(range(1, 7))
    engines[1].dispose()


def test_cold_start_and_undo_replay_from_a_checkpoint(app: Flask,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_engine(app)
    tid = toy_table(app)
    for seq in range(2 * tracker.EVERY + 7):
        submit(engine, tid, seq, toy_entry(seq))
    head = 2 * tracker.EVERY + 7
    clear_cache()
    applies = count_applies(monkeypatch)
    with counting(engine) as seen:
        cold = snapshot(engine, tid)
    assert applies[0] == 7 and seen.queries == 4  # table, rows, checkpoint list, checkpoint
    full = snapshots._replay(TOY, start_state(TOY, cold.table), effective(
        load_rows(engine, tid))[0])
    assert cold.state == full[0] and list(cold.entries) == full[1]
    applies[0] = 0
    after = undo(engine, tid, head)
    assert applies[0] == 6 and after.state == snapshots._replay(
        TOY, start_state(TOY, cold.table), cold.entries[:-1])[0]
    # undo back across a checkpoint: the one before it is used
    for n in range(8):
        undo(engine, tid, head + 1 + n)
    applies[0] = 0
    clear_cache()
    again = snapshot(engine, tid)
    assert len(again.entries) == head - 9 and applies[0] == tracker.EVERY - 2
    assert again.state == snapshots._replay(TOY, start_state(TOY, again.table),
                                          again.entries)[0]


def test_checkpoints_of_other_code_are_ignored(app: Flask,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_engine(app)
    tid = toy_table(app)
    for seq in range(tracker.EVERY + 3):
        submit(engine, tid, seq, toy_entry(seq))
    clear_cache()
    monkeypatch.setattr(checkpoints, "fingerprint", lambda game: "rules-changed")
    applies = count_applies(monkeypatch)
    snap = snapshot(engine, tid)
    assert applies[0] == tracker.EVERY + 3  # a full replay...
    with engine.connect() as conn:  # ... which leaves a checkpoint for this code
        got = set(conn.execute(select(table_checkpoints.c.at_seq, table_checkpoints.c.engine)
                               .where(table_checkpoints.c.table_id == tid)))
    assert (tracker.EVERY + 3, "rules-changed") in got and snap.head == tracker.EVERY + 3


def test_a_database_gone_back_in_time_is_noticed(app: Flask) -> None:
    """After a restore from an older backup, the cache is ahead of the database: a read
    reloads, and a write stores nothing out of sequence."""
    engine = get_engine(app)
    tid = toy_table(app)
    for seq in range(10):
        submit(engine, tid, seq, toy_entry(seq))
    with engine.begin() as conn:
        conn.execute(delete(table_events).where(table_events.c.table_id == tid,
                                                table_events.c.seq > 6))
    with pytest.raises(TrackerRefusal) as info:
        submit(engine, tid, 10, toy_entry(10))
    assert info.value.status == 409
    assert [r.seq for r in load_rows(engine, tid)] == list(range(1, 7))
    assert snapshot(engine, tid).head == 6
    assert submit(engine, tid, 6, toy_entry(6)).head == 7


def playout(game_id: str, seed: int) -> tuple[dict[str, Any], list[str]]:
    """A seeded random game through the engine: its table setup and the events to type."""
    game = get_game(game_id)
    players = ["Ana", "Bo", "Cy"][:max(game.min_players, min(3, game.max_players))]
    log = new_log(game_id, players, seed, {"chance": "table"})
    state = game.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "tracker-test")
    events: list[str] = []
    while game.actor(state) is not None and len(events) < 160:
        actor = game.actor(state)
        event = (rng.choice(game.chance_outcomes(state)) if actor == CHANCE
                 else rng.choice(game.playout_choices(state)))
        state = game.apply(state, event)
        events.append(game.notation(event))
    return {"players": list(log.players), "seed": log.seed, "setup": dict(log.setup)}, events


GAMES = ["galaxy-express", "galaxy-trucker", "spatial-delivery", "weird-galaxy", "wormholes"]


@pytest.mark.parametrize("game_id", GAMES)
def test_checkpoints_agree_with_a_full_replay(app: Flask, game_id: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game, a random game logged with undos: every stored checkpoint is the state a
    full replay of the rows up to it gives, and a cold load equals a full replay."""
    monkeypatch.setattr(tracker, "EVERY", 9)
    engine = get_engine(app)
    table, events = playout(game_id, 7)
    record, _ = create_table(engine, game=game_id, seed=table["seed"],
                             players=table["players"], options={}, setup=table["setup"],
                             auto_deal=False, location="")
    game = get_game(game_id)
    rng = Rng(3, "undo")
    head = 0
    for text in events:
        head = submit(engine, record.id, head, text).head
        if rng.below(6) == 0:
            head = undo(engine, record.id, head).head
            head = submit(engine, record.id, head, text).head
    rows = load_rows(engine, record.id)
    start = start_state(game, record)
    with engine.connect() as conn:
        stored = list(conn.execute(select(table_checkpoints.c.at_seq, table_checkpoints.c.state)
                                   .where(table_checkpoints.c.table_id == record.id)))
    assert len(stored) >= len(events) // 9 - 1
    for at_seq, blob in stored:
        live, _ = effective([r for r in rows if r.seq <= at_seq])
        assert live[-1].seq == at_seq
        assert checkpoints.decode(game, bytes(blob)) == snapshots._replay(game, start, live)[0]
    warm = snapshot(engine, record.id)
    clear_cache()
    cold = snapshot(engine, record.id)
    full = snapshots._replay(game, start, effective(rows)[0])
    assert cold.state == warm.state == full[0]
    assert list(cold.entries) == list(warm.entries) == full[1]
    assert cold.undos == warm.undos and cold.broken is None


"""webscore.gcpolicy: every collection freezes what survived it, and hands it back in time."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from webscore import create_app, gcpolicy


@pytest.fixture
def policy() -> Iterator[None]:
    was = gcpolicy._collected in gc.callbacks
    gcpolicy.uninstall()
    try:
        yield
    finally:
        gcpolicy.uninstall()
        if was:
            gcpolicy.install()


class Node:
    def __init__(self) -> None:
        self.other: Any = None


def test_a_full_collection_freezes_its_survivors(policy: None) -> None:
    assert gcpolicy.install() and not gcpolicy.install()  # once per process
    assert gc.get_freeze_count() > 0  # installing collected and froze the process
    before = gc.get_freeze_count()
    kept = [Node() for _ in range(1000)]
    gc.collect()
    assert gc.get_freeze_count() >= before + len(kept)


def test_a_young_collection_freezes_its_survivors_too(
        policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """So the next young collection walks only what was made since: no survivor is walked
    twice (with ``FREEZE_FROM = 2``, the session-8 policy, young collections freeze nothing)."""
    gcpolicy.install()
    for freeze_from, grows in ((0, True), (1, False), (2, False)):
        monkeypatch.setattr(gcpolicy, "FREEZE_FROM", freeze_from)
        gc.disable()  # only the collection below
        kept = [Node() for _ in range(1000)]
        before = gc.get_freeze_count()
        gc.collect(0)
        gc.enable()
        assert (gc.get_freeze_count() >= before + len(kept)) is grows
        assert gc.get_count()[0] < 100  # nothing left for the next young collection
        del kept


def test_after_refresh_worth_of_young_collections_one_full_walk_frees_frozen_cycles(
        policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Young collections never lead to a full one while every collection freezes (freezing
    restarts the collector's counts): the hand-back runs its full collection itself."""
    monkeypatch.setattr(gcpolicy, "FREEZE_FROM", 0)
    monkeypatch.setattr(gcpolicy, "REFRESH", 1)  # 100 young collections
    gcpolicy.install()  # a full collection: 100, so the hand-back is due ...
    assert gcpolicy._refreshing
    gc.collect()  # ... and this one walks everything and freezes again
    assert not gcpolicy._refreshing and gc.get_freeze_count() > 0
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect(0)  # the cycle is alive, and frozen
    del a, b
    for _ in range(98):
        gc.collect(0)
    assert gone() is not None and not gcpolicy._refreshing  # frozen: not walked
    gc.collect(0)  # the 100th: everything handed back, a full collection on a thread
    walker = gcpolicy._walker
    assert walker is not None
    walker.join(10)
    assert gone() is None  # freed by that full collection, which froze the rest again
    assert not gcpolicy._refreshing and gc.get_freeze_count() > 0


def test_without_the_policy_nothing_is_frozen(policy: None) -> None:
    kept = [Node() for _ in range(100)]
    gc.collect()
    assert gc.get_freeze_count() == 0 and kept


def test_a_frozen_cycle_that_became_garbage_is_freed_at_the_refresh(
        policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gcpolicy, "FREEZE_FROM", 2)  # full collections only: their count
    monkeypatch.setattr(gcpolicy, "REFRESH", 3)
    gcpolicy.install()  # its own full collection is the first of 3
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: reference counts alone never free it
    gone = weakref.ref(a)
    gc.collect()  # the second: the cycle is alive, and frozen
    del a, b
    gc.collect()
    assert gone() is not None  # frozen: out of the collector's sight (the third: unfreezes)
    gc.collect()
    assert gone() is None


def test_who_gets_it(policy: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    def app(**config: Any) -> Any:
        return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                           "SECRET_KEY": "t", **config})

    monkeypatch.delenv("WEBSCORE_GC_FREEZE", raising=False)
    assert gcpolicy.wanted(app(TESTING=True)) is False  # tests keep Python's collector
    assert gcpolicy.wanted(app(TESTING=True, GC_FREEZE=True)) is True
    assert gcpolicy._collected in gc.callbacks  # installed by create_app
    gcpolicy.uninstall()
    served = app(TESTING=False)
    assert gcpolicy.wanted(served) is None  # decided by the first request's server
    monkeypatch.setattr(gcpolicy, "_decided", False)
    served.test_client().get("/healthz")  # Werkzeug's test client: not a gunicorn server
    assert gcpolicy._collected not in gc.callbacks
    monkeypatch.setattr(gcpolicy, "_decided", False)
    served.test_client().get("/healthz", environ_base={"SERVER_SOFTWARE": "gunicorn/27.0"})
    assert gcpolicy._collected in gc.callbacks
    served.test_client().get("/healthz")
    monkeypatch.setenv("WEBSCORE_GC_FREEZE", "0")
    assert gcpolicy.wanted(app(TESTING=False)) is False
    monkeypatch.setenv("WEBSCORE_GC_FREEZE", "1")
    gcpolicy.uninstall()
    assert gcpolicy.wanted(app(TESTING=False)) is True
    assert gcpolicy._collected in gc.callbacks  # at create_app, whatever the server

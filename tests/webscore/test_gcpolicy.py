"""webscore.gcpolicy: a full collection freezes what survived it, and hands it back in time."""

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
    kept = [Node() for _ in range(1000)]
    before = gc.get_freeze_count()
    gc.collect()
    assert gc.get_freeze_count() >= before + len(kept)


def test_without_the_policy_nothing_is_frozen(policy: None) -> None:
    kept = [Node() for _ in range(100)]
    gc.collect()
    assert gc.get_freeze_count() == 0 and kept


def test_a_frozen_cycle_that_became_garbage_is_freed_at_the_refresh(
        policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gcpolicy, "REFRESH", 3)
    monkeypatch.setattr(gcpolicy, "_full", 0)
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

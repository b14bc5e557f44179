"""PerEngine: one value per key, made once, dropped with its key."""

from __future__ import annotations

import doctest
import gc
import threading

from webscore import perengine
from webscore.perengine import PerEngine


class Key:
    pass


def test_docstring_examples_run() -> None:
    result = doctest.testmod(perengine)
    assert result.attempted >= 4 and result.failed == 0


def test_each_key_has_its_own_value_made_once_even_when_asked_at_once() -> None:
    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return []

    per = PerEngine(make)
    a, b = Key(), Key()
    start = threading.Barrier(8)
    got: list[list[int]] = []

    def ask() -> None:
        start.wait()
        got.append(per(a))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(v is got[0] for v in got) and len(made) == 1
    assert per(b) is not per(a) and len(made) == 2
    assert len(per.values()) == 2
    del b
    gc.collect()
    assert per.values() == [per(a)]
    per.clear()
    assert per.values() == [] and per(a) is not got[0]

"""The fast replace: same results as dataclasses.replace, cached properties not carried over."""

from __future__ import annotations

import dataclasses
import doctest
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

import pytest

import pnp.engine.values as values
from pnp.engine.values import replace


@dataclass(frozen=True)
class Inner:
    items: tuple[int, ...]

    @cached_property
    def total(self) -> int:
        return sum(self.items)


@dataclass(frozen=True)
class Outer:
    inner: Inner
    name: str = "a"
    tags: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Checked:
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")


def test_same_as_dataclasses_replace() -> None:
    o = Outer(Inner((1, 2)), "x", ("t",))
    for changes in ({}, {"name": "y"}, {"inner": Inner((3,)), "tags": ()}):
        fast, slow = replace(o, **changes), dataclasses.replace(o, **changes)
        assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
        assert fast is not o and o == Outer(Inner((1, 2)), "x", ("t",))  # o untouched
    assert replace(o, name="y").inner is o.inner  # unchanged parts are shared


def test_cached_property_is_not_carried_over() -> None:
    a = Inner((1, 2))
    assert a.total == 3
    b = replace(a, items=(5,))
    assert b.total == 5 and a.total == 3


def test_unknown_field_and_post_init() -> None:
    with pytest.raises(TypeError, match="has no field z"):
        replace(Outer(Inner(())), z=1)
    with pytest.raises(ValueError, match="negative"):  # __post_init__ still runs
        replace(Checked(1), n=-1)
    with pytest.raises(TypeError):
        replace(object())  # not a dataclass, as dataclasses.replace


def test_doctests() -> None:
    assert doctest.testmod(values).failed == 0


@values.quick_init
@dataclass(frozen=True)
class Quick:
    a: int
    b: tuple[int, ...] = (1,)
    c: list[int] = field(default_factory=list)

    @values.cached
    def total(self) -> int:
        return self.a + sum(self.b) + sum(self.c)


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = (1,)
    c: list[int] = field(default_factory=list)


def test_quick_init_builds_what_the_dataclass_init_builds() -> None:
    for args, kwargs in (((1,), {}), ((1, (2, 3)), {}), ((4,), {"c": [5]}), ((), {"a": 6})):
        q, p = Quick(*args, **kwargs), Plain(*args, **kwargs)  # type: ignore[arg-type]
        assert vars(q) == vars(p) and repr(q).replace("Quick", "Plain") == repr(p)
        assert q == Quick(*args, **kwargs) and hash(q.b) == hash(p.b)  # type: ignore[arg-type]
    assert Quick(1).c is not Quick(1).c  # a fresh default each time, as the factory says
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="quick_init"):
        values.quick_init(Checked)  # a __post_init__ would be skipped: refused


def test_cached_is_worked_out_once_and_dropped_by_replace() -> None:
    q = Quick(1, (2,))
    assert q.total == 3 and vars(q)["total"] == 3  # kept on the instance
    r = replace(q, a=10)
    assert r.total == 12 and q.total == 3


@dataclass(frozen=True)
class Derived:
    """A lookup derived from one field survives copies that leave that field alone."""

    items: tuple[int, ...]
    name: str = "a"
    __derived__: ClassVar[dict[str, tuple[str, ...]]] = {"index": ("items",)}

    @cached_property
    def index(self) -> dict[int, int]:
        return {v: i for i, v in enumerate(self.items)}

    @cached_property
    def label(self) -> str:  # not declared: always dropped
        return f"{self.name}{len(self.items)}"


def test_declared_derived_lookup_is_shared_until_its_field_changes() -> None:
    a = Derived((4, 5))
    assert a.index == {4: 0, 5: 1} and a.label == "a2"
    b = replace(a, name="b")
    assert b.index is a.index and b.label == "b2"  # shared; the undeclared one recomputed
    c = replace(b, items=(7,))
    assert c.index == {7: 0} and a.index == {4: 0, 5: 1}

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

"""A fast ``dataclasses.replace`` for the engines' immutable states.

Every event makes a new state by replacing a few fields, so ``replace`` runs several times an
event; the standard one looks up the fields, builds keyword arguments and runs ``__init__``
each time, and took a fifth to a third of replaying a log.  This one copies the field values
into a new instance directly (a shallow copy sharing every unchanged field, as the standard
one does).  Classes it cannot copy that way (slots, ``__post_init__``, fields left out of
``__init__``) go through the standard ``replace``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
>>> replace(Point(1), z=3)
Traceback (most recent call last):
...
TypeError: Point has no field z
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

T = TypeVar("T")

_PLAN: dict[type, tuple[frozenset[str], tuple[str, ...]] | None] = {}


def _plan(cls: type) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """(field names, cached-property names to drop), or None when the class needs the
    standard replace."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__slots__") \
            or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    cached = tuple(name for klass in cls.__mro__ for name, value in vars(klass).items()
                   if isinstance(value, functools.cached_property))
    return frozenset(f.name for f in fields), cached


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes`` (a new value; ``obj`` is untouched)."""
    cls = type(obj)
    try:
        plan = _PLAN[cls]
    except KeyError:
        plan = _PLAN[cls] = _plan(cls)
    if plan is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, cached = plan
    if not names.issuperset(changes):
        bad = sorted(set(changes) - names)[0]
        raise TypeError(f"{cls.__name__} has no field {bad}")
    new = object.__new__(cls)
    fresh = new.__dict__
    old = obj.__dict__
    fresh.update(old)
    if cached and len(old) != len(names):  # some cached property was computed on the old
        for name in cached:  # value: it may not hold for the new one
            fresh.pop(name, None)
    fresh.update(changes)
    return new


__all__ = ["replace"]

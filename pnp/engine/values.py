"""A fast ``dataclasses.replace`` for the engines' immutable states.

Every event makes a new state by replacing a few fields, so ``replace`` runs several times an
event; the standard one looks up the fields, builds keyword arguments and runs ``__init__``
each time, and took a fifth to a third of replaying a log.  This one copies the field values
into a new instance directly (a shallow copy sharing every unchanged field, as the standard
one does).  Classes it cannot copy that way (slots, ``__post_init__``, fields left out of
``__init__``) go through the standard ``replace``.

A cached property is dropped from the copy, as it may not hold for the new value, unless the
class names the fields it is derived from in ``__derived__`` (cached property name -> field
names) and none of them changes: a lookup table built from a field that rarely changes is
then built once and shared by every copy.

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
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar, overload

T = TypeVar("T")
R = TypeVar("R")


class cached(Generic[R]):
    """``functools.cached_property`` without its lock: the value is worked out on first use
    and kept in the instance's ``__dict__``.  Python 3.11's version takes a lock on every
    first use, which cost more than working out a ship tile's faces; 3.12 dropped the lock.
    Engine values are immutable and never shared half-built between threads.

    >>> class Circle:
    ...     def __init__(self, r: float) -> None:
    ...         self.r = r
    ...     @cached
    ...     def area(self) -> float:
    ...         print("working it out")
    ...         return 3 * self.r * self.r
    >>> c = Circle(2)
    >>> c.area
    working it out
    12
    >>> c.area
    12
    """

    def __init__(self, func: Callable[[Any], R]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[R]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> R: ...

    def __get__(self, instance: object, owner: type | None = None) -> R | cached[R]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass an ``__init__`` that fills the new instance's ``__dict__`` in
    one go (same parameters, defaults and default factories).  The generated one sets each
    field through ``object.__setattr__``, which made building a 14-field value cost more than
    copying it with :func:`replace`; the engines build several values an event.  Apply it on
    top of ``@dataclass(frozen=True)`` (no ``__post_init__``, slots or init-less fields).

    >>> from dataclasses import dataclass, field
    >>> @quick_init
    ... @dataclass(frozen=True)
    ... class Box:
    ...     name: str
    ...     items: tuple[int, ...] = ()
    ...     tags: list[str] = field(default_factory=list)
    >>> Box("a"), Box("b", (1,), tags=["x"])
    (Box(name='a', items=(), tags=[]), Box(name='b', items=(1,), tags=['x']))
    >>> Box("a") == Box(name="a")
    True
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if _plan(cls) is None or any(f.kw_only for f in fields):
        raise TypeError(f"{cls.__name__}: quick_init takes a plain frozen dataclass")
    env: dict[str, Any] = {"MISSING": dataclasses.MISSING}
    params, lines = [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=MISSING")
            lines.append(f"    if {f.name} is MISSING:\n        {f.name} = _f_{f.name}()")
        else:
            params.append(f.name)
    filled = ", ".join(f"{f.name}={f.name}" for f in fields)
    code = (f"def __init__(self, {', '.join(params)}):\n" + "".join(x + "\n" for x in lines)
            + f"    self.__dict__.update({filled})\n")
    exec(code, env)  # built from the class's own field names, as dataclasses does
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class Plan(NamedTuple):
    """How to copy a class: its field names (and how many), the cached properties any change
    drops, per field the declared derived lookups (``__derived__``) a change of that field
    drops, and the fields some derived lookup is built from."""

    names: frozenset[str]
    size: int
    always: tuple[str, ...]
    by_field: dict[str, tuple[str, ...]]
    watched: frozenset[str]


_PLAN: dict[type, Plan | None] = {}


def _plan(cls: type) -> Plan | None:
    """How to copy ``cls``, or None when it needs the standard replace."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__slots__") \
            or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    derived: dict[str, tuple[str, ...]] = getattr(cls, "__derived__", {})
    props = [name for klass in cls.__mro__ for name, value in vars(klass).items()
             if isinstance(value, functools.cached_property | cached)]
    by_field: dict[str, tuple[str, ...]] = {}
    for name in props:
        for source in derived.get(name, ()):
            by_field[source] = (*by_field.get(source, ()), name)
    always = tuple(name for name in props if name not in derived)
    names = frozenset(f.name for f in fields)
    return Plan(names, len(names), always, by_field, frozenset(by_field))


def _drop(fresh: dict[str, Any], plan: Plan, changes: dict[str, Any]) -> None:
    """Drop the declared derived lookups built from a changed field."""
    by_field = plan.by_field
    for field in changes:
        for name in by_field.get(field, ()):
            fresh.pop(name, None)


def _checked_plan(cls: type, changes: dict[str, Any]) -> Plan | None:
    """The class's plan (made once), after checking every change names one of its fields."""
    try:
        plan = _PLAN[cls]
    except KeyError:
        plan = _PLAN[cls] = _plan(cls)
        if plan is not None:
            _SIZE[cls] = plan.size
    if plan is not None and changes and not plan.names.issuperset(changes):
        bad = sorted(set(changes) - plan.names)[0]
        raise TypeError(f"{cls.__name__} has no field {bad}")
    return plan


_SIZE: dict[type, int] = {}
"""Each planned class's number of fields: a copied ``__dict__`` with the changes holds exactly
that many keys unless a change names no field or a cached property was kept (``_settle``)."""

_new = object.__new__
_set = object.__setattr__


def _settle(fresh: dict[str, Any], cls: type, changes: dict[str, Any]) -> None:
    """A copy with more keys than fields: refuse a change that names no field (taken out of
    ``fresh`` first), then drop the cached properties that may not hold for the new value."""
    plan = _PLAN[cls]
    assert plan is not None
    if not plan.names.issuperset(changes):
        for name in set(changes) - plan.names:
            fresh.pop(name, None)
        _checked_plan(cls, changes)  # raises, naming the field
    for name in plan.always:
        fresh.pop(name, None)
    if not plan.watched.isdisjoint(changes):
        _drop(fresh, plan, changes)


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes`` (a new value; ``obj`` is untouched)."""
    cls = type(obj)
    try:
        size = _SIZE[cls]
    except KeyError:
        if _checked_plan(cls, changes) is None:
            return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        size = _SIZE[cls]
    fresh = obj.__dict__.copy()
    if changes:
        fresh.update(changes)
    if len(fresh) != size:  # a change that is no field, or a cached property of the old
        _settle(fresh, cls, changes)  # value (it may not hold for the new one)
    new = _new(cls)
    _set(new, "__dict__", fresh)  # the frozen class's own __setattr__ refuses
    return new


def edit(draft: T, /, **changes: Any) -> T:
    """Change ``draft`` in place and return it: only for a copy an engine has just made
    (``replace``) and not yet handed out, so one event makes one new state however many
    steps change it; every state handed out stays immutable.  Cached properties go as in
    ``replace`` (a declared derived lookup stays while its fields are unchanged).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> p = Point(1)
    >>> q = edit(replace(p), y=2)
    >>> p, q
    (Point(x=1, y=0), Point(x=1, y=2))
    >>> edit(q, z=3)
    Traceback (most recent call last):
    ...
    TypeError: Point has no field z
    >>> q
    Point(x=1, y=2)
    """
    cls = type(draft)
    try:
        size = _SIZE[cls]
    except KeyError:
        if _checked_plan(cls, changes) is None:
            raise TypeError(f"{cls.__name__} cannot be edited in place") from None
        size = _SIZE[cls]
    fresh = draft.__dict__
    fresh.update(changes)
    if len(fresh) != size:  # as in ``replace``
        _settle(fresh, cls, changes)
    return draft


__all__ = ["cached", "edit", "quick_init", "replace"]

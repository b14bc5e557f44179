"""Entry points of the installed distributions, read straight from their metadata folders.

``importlib.metadata.entry_points`` finds the same ones, but importing it (``email``,
``zipfile``, ``csv``...) costs a fresh process 25-45 ms, a tenth of a small ``pnp kit``.
On an ordinary ``sys.path`` (folders only) this module does what it does: each folder's
``*.dist-info`` and ``*.egg-info`` entries in order, the first distribution of each name
wins, and ``entry_points.txt`` is read as ``importlib.metadata`` reads it.  Anything else on
the path (a zip file, an egg, a meta-path finder of its own) is left to ``importlib.metadata``.

>>> ep = EntryPoint("demo", "pnp.engine.errors:PnpError", "pnp.games")
>>> ep.load().__name__
'PnpError'
>>> [(e.group, e.name, e.value) for e in parse("[g]\\n# a comment\\nx = a.b:C [extra]\\n")]
[('g', 'x', 'a.b:C [extra]')]
"""

from __future__ import annotations

import functools
import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any

_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


@dataclass(frozen=True)
class EntryPoint:
    """One ``name = module:attr`` line of a group (``importlib.metadata.EntryPoint``'s
    ``name``, ``value``, ``group`` and ``load``)."""

    name: str
    value: str
    group: str | None

    def load(self) -> Any:
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name} = {self.value!r} is not module:attr")
        attrs = filter(None, (match.group("attr") or "").split("."))
        return functools.reduce(getattr, attrs, import_module(match.group("module")))


def parse(text: str) -> list[EntryPoint]:
    """The entry points an ``entry_points.txt`` declares (an INI-like file of groups)."""
    out = []
    group = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
            continue
        name, _, value = line.partition("=")
        out.append(EntryPoint(name.strip(), value.strip(), group))
    return out


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _plain_path() -> bool:
    """Only folders on ``sys.path`` and only the standard path finder lists distributions."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and finder is not PathFinder:
            return False
    return not any(entry.lower().endswith(".egg") or os.path.isfile(entry)
                   for entry in sys.path if isinstance(entry, str))


def _scan() -> list[EntryPoint]:
    seen: set[str] = set()
    out: list[EntryPoint] = []
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except (OSError, TypeError):
            continue
        for child in children:
            low = child.lower()
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            name = _normalize(low.rpartition(".")[0].partition("-")[0])
            if name in seen:
                continue
            seen.add(name)
            try:
                with open(os.path.join(entry or ".", child, "entry_points.txt"),
                          encoding="utf-8") as f:
                    out.extend(parse(f.read()))
            except (OSError, UnicodeDecodeError):
                continue
    return out


def entry_points(group: str, name: str | None = None) -> list[Any]:
    """The entry points of ``group`` (only the one called ``name`` when given), in the order
    ``importlib.metadata.entry_points(group=..., name=...)`` gives them."""
    if not _plain_path():
        from importlib.metadata import entry_points as metadata_entry_points

        select = {"group": group} if name is None else {"group": group, "name": name}
        return list(metadata_entry_points(**select))
    return [ep for ep in _scan() if ep.group == group and (name is None or ep.name == name)]


__all__ = ["EntryPoint", "entry_points", "parse"]

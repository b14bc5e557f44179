"""Dataclass methods compiled once, not in every process (the ``pnp`` command's start-up).

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and,
frozen, ``__setattr__`` and ``__delattr__``) as source text and compiles it with ``exec``
while the module is imported: 0.5-0.7 ms a frozen class, and a kit's process creates
100-150 of them (60-90 ms of a 0.5 s `pnp kit`).  ``install()`` keeps the compiled code
of ``pnp``'s own classes by its source text, in files beside the bytecode in
``pnp/__pycache__`` (one per ``pnp`` package and interpreter, as ``.pyc`` files are), so a
later process only makes the function objects.  The methods are the very ones
``dataclasses`` makes: the same text compiled the same way; a text not in its file is compiled
as before and the file is rewritten at exit (atomically; not at all when
``sys.dont_write_bytecode`` is set or the folder is read-only, as for ``.pyc`` files).

Only ``dataclasses``' own module namespace sees the cached ``exec``; nothing else changes.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from types import CodeType
from typing import Any

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")

_shards: dict[str, dict[str, CodeType]] = {}  # shard -> {source text: code}, as loaded
_new: set[str] = set()  # shards with texts compiled in this process


def shard_of(module: str) -> str | None:
    """Which file keeps a module's methods: one per ``pnp`` package (each game its own), so
    a process reads only its packages'; None for a module outside ``pnp`` (not kept).

    >>> shard_of("pnp.games.wormholes.state"), shard_of("pnp.render.geometry"), shard_of("x")
    ('pnp.games.wormholes', 'pnp.render', None)
    """
    parts = module.split(".")
    if parts[0] != "pnp":
        return None
    return ".".join(parts[:3] if parts[1:2] == ["games"] else parts[:2])


def path(shard: str) -> str:
    return os.path.join(FOLDER, f"dataclass-methods.{shard}.{sys.implementation.cache_tag}.bin")


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` as ``dataclasses._create_fn`` calls it (``globals``: the class's module's),
    with the compiled text remembered."""
    shard = shard_of(str((globals or {}).get("__name__", ""))) if isinstance(source, str) else None
    if shard is not None:
        codes = _shards.get(shard)
        if codes is None:
            codes = _shards[shard] = _load(shard)
        code = codes.get(source)
        if code is None:
            # the flags `exec` itself would use: dataclasses.py has no __future__ import
            code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _new.add(shard)
        source = code
    builtins.exec(source, globals, locals)


def _load(shard: str) -> dict[str, CodeType]:
    try:
        with open(path(shard), "rb") as f:
            data = marshal.loads(f.read())  # (marshal.load reads a file in small pieces)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)}


def save() -> bool:
    """Write each file that got new texts in this process (what another process added since
    is kept); True if any was written."""
    if not _new or sys.dont_write_bytecode:
        return False
    wrote = False
    for shard in sorted(_new):
        target = path(shard)
        tmp = f"{target}.{os.getpid()}.tmp"
        try:
            os.makedirs(FOLDER, exist_ok=True)
            with open(tmp, "wb") as f:
                marshal.dump({**_load(shard), **_shards[shard]}, f)
            os.replace(tmp, target)
            wrote = True
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _new.clear()
    return wrote


def install() -> bool:
    """Cache ``dataclasses``' compiled methods in this process (from now on); True if done.
    Nothing is done where ``dataclasses`` does not compile through ``exec``."""
    if getattr(dataclasses, "exec", None) is _exec:
        return True
    if not hasattr(dataclasses, "_create_fn"):
        return False  # another dataclasses implementation: leave it alone
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(save)
    return True


__all__ = ["FOLDER", "install", "path", "save", "shard_of"]

"""Dataclass methods compiled once, not in every process (the ``pnp`` command's start-up).

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and,
frozen, ``__setattr__`` and ``__delattr__``) as source text and compiles it with ``exec``
while the module is imported: 0.5-0.7 ms a frozen class, and a kit's process creates
100-150 of them (60-90 ms of a 0.5 s `pnp kit`).  ``install()`` keeps the compiled code by its
source text, in a file beside the bytecode in ``pnp/__pycache__`` (one per interpreter, as
``.pyc`` files are), so a later process only makes the function objects.  The methods are the
very ones ``dataclasses`` makes: the same text compiled the same way; a text not in the file
is compiled as before and the file is rewritten at exit (atomically; not at all when
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
PATH = os.path.join(FOLDER, f"dataclass-methods.{sys.implementation.cache_tag}.bin")

_codes: dict[str, CodeType] = {}
_new: dict[str, CodeType] = {}


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` as ``dataclasses._create_fn`` calls it, with the compiled text remembered."""
    if isinstance(source, str):
        code = _codes.get(source)
        if code is None:
            # the flags `exec` itself would use: dataclasses.py has no __future__ import
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _codes[source] = _new[source] = code
        source = code
    builtins.exec(source, globals, locals)


def _load() -> dict[str, CodeType]:
    try:
        with open(PATH, "rb") as f:
            data = marshal.loads(f.read())  # (marshal.load reads a file in small pieces)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)}


def save() -> bool:
    """Write the file with this process's new texts added; True if it was written."""
    if not _new or sys.dont_write_bytecode:
        return False
    merged = {**_load(), **_codes}
    tmp = f"{PATH}.{os.getpid()}.tmp"
    try:
        os.makedirs(FOLDER, exist_ok=True)
        with open(tmp, "wb") as f:
            marshal.dump(merged, f)
        os.replace(tmp, PATH)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    _new.clear()
    return True


def install() -> bool:
    """Cache ``dataclasses``' compiled methods in this process (from now on); True if done.
    Nothing is done where ``dataclasses`` does not compile through ``exec``."""
    if getattr(dataclasses, "exec", None) is _exec:
        return True
    if not hasattr(dataclasses, "_create_fn"):
        return False  # another dataclasses implementation: leave it alone
    _codes.update(_load())
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(save)
    return True


__all__ = ["PATH", "install", "save"]

"""Checkpoints: a table's engine state stored every ``EVERY`` entries, so that a cold start or
an undo replays at most a few dozen events instead of the whole game.

A checkpoint is the state right after one move row (with every entry before it still in
force), encoded by ``pnp.engine.codec`` and zlib'd.  It is tagged with a fingerprint of the
game's source code: after a deploy that touches a game's rules, its old checkpoints are
ignored (the first load replays in full and stores a fresh one), so a state computed by an
older rule is never trusted.
"""

from __future__ import annotations

import functools
import hashlib
import sys
import zlib
from pathlib import Path
from typing import Any

from pnp.engine import Game
from pnp.engine.codec import CodecError, dumps, loads
from webscore.store import Checkpoint

EVERY = 50
"""Entries between checkpoints: a rebuild replays fewer than this many events."""


def _sources(module_name: str) -> list[Path]:
    """The files whose code decides a game's states: its package (or module) and the engine."""
    module = sys.modules.get(module_name)
    path = Path(getattr(module, "__file__", "") or "")
    if not path.name:
        return []
    package = module_name.rpartition(".")[0]
    files = sorted(path.parent.glob("*.py")) if package.startswith("pnp.games") else [path]
    engine = Path(sys.modules["pnp.engine"].__file__ or "").parent
    return files + sorted(engine.glob("*.py"))


@functools.cache
def _fingerprint(module_name: str, game_id: str) -> str:
    digest = hashlib.sha256(game_id.encode())
    for path in _sources(module_name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def fingerprint(game: Game[Any, Any]) -> str:
    """16 hex digits that change whenever the game's or the engine's source changes."""
    return _fingerprint(type(game).__module__, game.id)


def modules(game: Game[Any, Any]) -> tuple[str, ...]:
    """Where the codec may look up the classes of this game's states."""
    return ("pnp", type(game).__module__.partition(".")[0])


def encode(game: Game[Any, Any], at_seq: int, state: Any) -> Checkpoint:
    return Checkpoint(at_seq, fingerprint(game), zlib.compress(dumps(state).encode(), 6))


def decode(game: Game[Any, Any], blob: bytes) -> Any | None:
    """The stored state, or None if it does not decode under today's code (then replay)."""
    try:
        return loads(zlib.decompress(blob), modules(game))
    except (CodecError, zlib.error):
        return None

"""Where games are found: the ``pnp.games`` entry-point group (the plugin convention pytest
and Flask use).  A distribution declares, in its ``pyproject.toml``::

    [project.entry-points."pnp.games"]
    my-game = "my_package.my_game:RECORD"

and every ``pnp`` command and the tracker pick the game up: the engine never imports a game.
``register`` adds a record in-process (tests).
"""

from __future__ import annotations

import threading
from typing import Any

from pnp.engine.errors import PnpError, UnknownGame
from pnp.engine.game import Game
from pnp.engine.record import GameRecord

GROUP = "pnp.games"

_LOCK = threading.RLock()
_RECORDS: dict[str, GameRecord] = {}
_LOADED = False


def _entry_points(group: str, name: str | None = None) -> Any:
    """The installed entry points, read when a game is first looked up (``entrypoints``
    finds what ``importlib.metadata`` would, without its 25-45 ms import)."""
    from pnp.engine.entrypoints import entry_points

    return entry_points(group, name)


def _add(ep: Any) -> None:
    record = ep.load()
    if not isinstance(record, GameRecord):
        raise PnpError(f"entry point {ep.name} = {ep.value} is not a GameRecord")
    if record.id != ep.name:
        raise PnpError(f"entry point {ep.name} names the game {record.id!r}")
    _RECORDS.setdefault(record.id, record)


def _load() -> dict[str, GameRecord]:
    global _LOADED
    with _LOCK:
        if not _LOADED:
            for ep in _entry_points(GROUP):
                _add(ep)
            _LOADED = True
        return _RECORDS


def _load_one(game_id: str) -> dict[str, GameRecord]:
    """The records with ``game_id`` loaded: only that game's entry point is imported (a kit
    or a log needs one rules engine, not all of them); every record when none is named so."""
    with _LOCK:
        if game_id not in _RECORDS and not _LOADED:
            for ep in _entry_points(GROUP, game_id):
                _add(ep)
        if game_id in _RECORDS:
            return _RECORDS
    return _load()


def register(record: GameRecord) -> GameRecord:
    """Add a game in-process (besides the installed entry points)."""
    records = _load()
    with _LOCK:
        if record.id in records:
            raise ValueError(f"game id {record.id!r} registered twice")
        records[record.id] = record
    return record


def unregister(game_id: str) -> None:
    with _LOCK:
        _load().pop(game_id, None)


def reload() -> None:
    """Forget every record; the next look-up reads the entry points again."""
    global _LOADED
    with _LOCK:
        _RECORDS.clear()
        _LOADED = False


def get_record(game_id: str) -> GameRecord:
    records = _load_one(game_id)
    try:
        return records[game_id]
    except KeyError:
        raise UnknownGame(game_id, sorted(records)) from None


def all_records() -> list[GameRecord]:
    records = _load()
    return [records[k] for k in sorted(records)]


def get_game(game_id: str) -> Game[Any, Any]:
    return get_record(game_id).game


def all_games() -> list[Game[Any, Any]]:
    return [r.game for r in all_records()]


__all__ = ["GROUP", "all_games", "all_records", "get_game", "get_record", "register",
           "reload", "unregister"]

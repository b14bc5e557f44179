"""A shared table timer a game may declare (``GameRecord.build_timer``): what the tracker
needs from it, so the tracker keeps one per table without knowing the game.

Galaxy Trucker's sand timer (GT-9, ``pnp.games.galaxy_trucker.buildtimer``) is the one the
built-in games declare: its module is the ``TimerRules`` and its ``Timer`` the
``TableTimer``.  The rules are the game's; the tracker stores ``to_json()`` and reads it back
with ``from_json``.
"""

from __future__ import annotations

from typing import Protocol

from pnp.engine.errors import PnpError


class BadTimer(PnpError, ValueError):
    """A timer state or option that is not well formed; ``field`` names the culprit."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


class TableTimer(Protocol):
    """One table's timer as the tracker shows and changes it (every change a new value)."""

    @property
    def round(self) -> int: ...
    @property
    def run(self) -> int: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def circle(self) -> int | None: ...
    @property
    def since(self) -> float | None: ...
    @property
    def tiles(self) -> tuple[str, ...]: ...

    def ends_at(self) -> float | None: ...
    def phase(self, now: float) -> str: ...
    def left(self, now: float) -> float: ...
    def circles(self) -> tuple[int, ...]: ...
    def may_flip(self, now: float) -> tuple[str, ...]: ...
    def building(self) -> tuple[str, ...]: ...
    def go(self, now: float) -> TableTimer: ...
    def flip(self, now: float, by: str | None = None) -> TableTimer: ...
    def finish(self, player: str, now: float) -> TableTimer: ...
    def to_json(self) -> str: ...


class TimerRules(Protocol):
    """How a game's timer is made and read back (a module can be one: the names below)."""

    @property
    def ROUNDS(self) -> tuple[int, ...]: ...
    @property
    def DEFAULT_RUN(self) -> int: ...

    def new_timer(self, round_number: object, players: object,
                  run: object = ...) -> TableTimer: ...
    def from_json(self, text: object) -> TableTimer: ...


__all__ = ["BadTimer", "TableTimer", "TimerRules"]

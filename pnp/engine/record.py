"""The one record a game declares: everything the command, the kits and the tracker need.

A game package exposes a ``GameRecord`` and names it in the ``pnp.games`` entry-point group
(see ``pnp.engine.registry``); nothing else refers to a game by its id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.game import JSON, Game
from pnp.engine.pages import GamePages
from pnp.engine.sheetspec import SheetSpec
from pnp.engine.timer import TimerRules

KitBuilder = Callable[[Any], list[Path]]  # KitOptions -> the PDF files written
LayoutSource = Callable[[], Sequence[Any]]  # -> every printed pnp.sheetread.layout.SheetLayout
FilledPages = Callable[[Mapping[str, str], int | None, str], list[Any]]
"""(the sheet's fields, the seed, the tracker's address) -> pnp.render.document.Page list"""


@dataclass(frozen=True)
class OptionField:
    """A game option the new-table form asks for (the rest goes in the JSON box).

    ``kind`` is "text" (a stripped string, at most 200 characters) or "checkbox" (True when
    ticked); an empty field gives no option.

    >>> OptionField("two_ships", "Two ships", kind="checkbox").read("on")
    True
    >>> OptionField("planets", "Planet cells").read("  a1 c3 ")
    'a1 c3'
    """

    name: str
    label: str
    kind: str = "text"
    hint: str = ""

    def read(self, value: str | None) -> JSON:
        """The option's value from a form field, or None when left empty."""
        if self.kind == "checkbox":
            return True if value else None
        text = (value or "").strip()
        return text[:200] if text else None

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "label": self.label, "hint": self.hint}


@dataclass(frozen=True)
class GameRecord:
    """A game: its rules engine, and optionally its score sheet, printed kit, new-table option
    fields, board drawer, tracker pages of its own and rule-id table (every
    ``IllegalMove.rule`` it cites, one line each).  ``sheet_layouts`` lists the printed
    sheets' geometry (``pnp.sheetread.layout``), imported when asked for like the kit."""

    game: Game[Any, Any]
    sheet: SheetSpec | None = None
    kit: KitBuilder | None = None
    options: tuple[OptionField, ...] = ()
    board: BoardDrawing | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    build_timer: TimerRules | None = None
    """The game builds against a timer (Galaxy Trucker's GT-9 sand timer: the module
    ``buildtimer``): the tracker offers each table one, shared by every phone
    (webscore.timers)."""
    sheet_layouts: LayoutSource | None = None
    pages: GamePages | None = None
    """Pages of the game's own in the tracker, with their templates (Galaxy Trucker's ship
    workshop at ``/ships``: ``workshop.PAGES``), served by ``webscore.pages``."""
    filled_pages: FilledPages | None = None
    """The printed sheet's pages with a played game's fields written in (``pnp.render``
    ``Page`` objects, as many as the game fills: Wormholes' continuation pages), for the
    tracker's result PDF; imported when asked for like the kit."""

    @property
    def id(self) -> str:
        return self.game.id

    def read_options(self, form: Mapping[str, str]) -> dict[str, JSON]:
        """The options a filled new-table form gives (``form`` keyed by option name)."""
        out: dict[str, JSON] = {}
        for option in self.options:
            value = option.read(form.get(option.name))
            if value is not None:
                out[option.name] = value
        return out


__all__ = ["BoardDrawing", "FilledPages", "GameRecord", "KitBuilder", "LayoutSource",
           "OptionField"]

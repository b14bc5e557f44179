"""How the tracker draws a game's state: a game's record declares its ``BoardDrawing``.

The drawing is an SVG document made from the engine's public summary (``Game.summary``),
every text escaped (``pnp.engine.svg`` has the small helpers).  ``place`` says where an entry
is tapped on the drawing: ``place(summary, notation, after) -> (x, y, label) | None`` in the
drawing's own coordinates, where ``after(notation)`` is the engine's summary once that entry is
applied (so a piece's destination is the engine's, never worked out by the drawing); entries
without a place stay buttons under the board.  ``spot`` is a tap target's side in the
drawing's units; a drawing that zooms (Galaxy Trucker's deciding ship) gives
``spot_size(summary)`` instead.

>>> def draw(summary):
...     return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{summary["score"]}</text></svg>'
>>> BoardDrawing(draw).draw({"score": 3})
'<svg xmlns="http://www.w3.org/2000/svg"><text>3</text></svg>'
>>> BoardDrawing(draw).place is None, BoardDrawing(draw).spot
(True, 40.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Drawer = Callable[[dict[str, Any]], str]
"""summary -> one SVG document, every text escaped."""
After = Callable[[str], dict[str, Any] | None]
"""notation -> the summary once that entry is applied (None when it is refused)."""
Placer = Callable[[dict[str, Any], str, After], tuple[float, float, str] | None]
"""(summary, notation, after) -> where the entry is tapped on the drawing, and its label."""


@dataclass(frozen=True)
class BoardDrawing:
    """A game's board for the tracker: its drawing, and optionally where entries are tapped."""

    draw: Drawer
    place: Placer | None = None
    spot: float = 40.0
    spot_size: Callable[[dict[str, Any]], float] | None = None


__all__ = ["After", "BoardDrawing", "Drawer", "Placer"]

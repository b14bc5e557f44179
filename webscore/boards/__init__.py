"""State drawings: the game record's board drawer (``GameRecord.board``), else a module here
named after the game (``webscore/boards/<game_module>.py``) with ``draw(summary) -> str`` (an
SVG document, every text escaped), else a generic fallback.

A module may also say where an entry is tapped on its drawing: ``place(summary, notation,
after) -> (x, y, label) | None`` in the drawing's own coordinates, where ``after(notation)``
is the engine's summary once that entry is applied (so a ship's destination is the engine's,
never worked out here).  Entries without a place stay buttons under the board."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from markupsafe import Markup

from pnp.engine import UnknownGame, get_record
from webscore.boards import generic

Drawer = Callable[[dict[str, Any]], str]
After = Callable[[str], dict[str, Any] | None]
Placer = Callable[[dict[str, Any], str, After], tuple[float, float, str] | None]


def module_for(game_id: str) -> Any:
    """``webscore/boards/<game_module>.py``, or None."""
    module_name = game_id.replace("-", "_")
    if not module_name.isidentifier():
        return None
    try:
        return importlib.import_module(f"webscore.boards.{module_name}")
    except ModuleNotFoundError:
        return None
    except Exception:  # a broken drawer module must not take the table page down
        logging.getLogger(__name__).exception("board module for %s failed", game_id)
        return None


def drawer_for(game_id: str) -> Drawer | None:
    try:
        declared = get_record(game_id).board
    except UnknownGame:
        declared = None
    if declared is not None:
        return declared
    draw = getattr(module_for(game_id), "draw", None)
    return draw if callable(draw) else None


def placer_for(game_id: str) -> Placer | None:
    place = getattr(module_for(game_id), "place", None)
    return place if callable(place) else None


def render(game_id: str, summary: dict[str, Any], players: Sequence[str],
           scores: Sequence[int]) -> Markup:
    draw = drawer_for(game_id)
    if draw is not None:
        try:
            # Engines know seats, not names: hand the drawer the table's player names too.
            named = summary if "player_names" in summary else {
                **summary, "player_names": [str(p) for p in players]}
            return Markup(draw(named))  # the drawer escapes every text it writes
        except Exception:  # a summary the drawer did not expect: still show the table
            logging.getLogger(__name__).exception("board drawing failed for %s", game_id)
    return Markup(generic.draw(summary, players, scores))

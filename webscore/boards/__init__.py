"""State drawings: the game record's board (``GameRecord.board``, a
``pnp.engine.drawing.BoardDrawing``: the drawing, and where an entry is tapped on it), else a
generic drawing of players, scores and the summary.  Nothing here names a game."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from pnp.engine import BoardDrawing, UnknownGame, get_record
from pnp.engine.drawing import Drawer, Placer
from webscore.boards import generic


def board_for(game_id: str) -> BoardDrawing | None:
    """The board the game's record declares, or None."""
    try:
        return get_record(game_id).board
    except UnknownGame:
        return None


def drawer_for(game_id: str) -> Drawer | None:
    board = board_for(game_id)
    return board.draw if board is not None else None


def placer_for(game_id: str) -> Placer | None:
    board = board_for(game_id)
    return board.place if board is not None else None


def spot_for(game_id: str, summary: dict[str, Any] | None = None) -> float:
    """A tap target's side on the game's drawing for this summary (only a declared board has
    tap targets; a zooming board sizes them by what it shows)."""
    board = board_for(game_id)
    if board is None:
        return BoardDrawing.spot
    if board.spot_size is not None and summary is not None:
        return float(board.spot_size(summary))
    return board.spot


def render(game_id: str, summary: dict[str, Any], players: Sequence[str],
           scores: Sequence[int], offered: Sequence[str] = ()) -> Markup:
    """The board; ``offered`` (the entries the engine allows now) lets a drawing zoom on
    what they concern (Galaxy Trucker's deciding ship)."""
    draw = drawer_for(game_id)
    if draw is not None:
        try:
            # Engines know seats, not names: hand the drawer the table's player names too.
            named = summary if "player_names" in summary else {
                **summary, "player_names": [str(p) for p in players]}
            if offered:
                named = {**named, "offered": list(offered)}
            return Markup(draw(named))  # the drawer escapes every text it writes
        except Exception:  # a summary the drawer did not expect: still show the table
            logging.getLogger(__name__).exception("board drawing failed for %s", game_id)
    return Markup(generic.draw(summary, players, scores))

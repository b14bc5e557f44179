"""The score sheet a table's log fills in (for the result PDF), for every game.

``sheet_fields`` gives the printed sheet's fields (its AcroForm names) as a careful player would
have written them, so the same dictionary can be handed to ``pnp.sheets.check_sheet``: a
tracked game's sheet must check out.  Both come from the game's sheet spec
(``SheetSpec.fields_from_play`` and ``SheetSpec.filled``) over the table's played steps; no
game is named here.
"""

from __future__ import annotations

from typing import Any

from pnp.engine import Played, PnpError, get_record, replay_steps
from pnp.engine.sheetspec import NO_ROOM, FilledSheet, Section, SheetSpec
from pnp.sheets import sheet_spec
from webscore.snapshots import Snapshot, start_state

__all__ = ["FilledSheet", "Section", "filled_sheet", "played", "printed_pages", "sheet_fields"]


def played(snap: Snapshot) -> Played:
    """The table's effective log as engine steps (the log of a snapshot always replays)."""
    t = snap.table
    start = start_state(snap.game, t)
    steps = tuple(replay_steps(snap.game, start, [e.text for e in snap.entries]))
    return Played(t.players, t.seed, t.setup, start, steps)


def _spec(snap: Snapshot) -> SheetSpec | None:
    if snap.broken is not None:
        return None
    try:
        return sheet_spec(snap.table.game)
    except PnpError:
        return None


def sheet_fields(snap: Snapshot) -> dict[str, str] | None:
    """The printed sheet's fields for the table's game; None when the game has no sheet, the
    log is broken, or the sheet has no place for what was played."""
    spec = _spec(snap)
    return None if spec is None else spec.fields_from_play(played(snap))


def filled_sheet(snap: Snapshot) -> FilledSheet | None:
    """The sheet laid out for the result PDF; None when there is nothing to show (a broken
    log, a game without a sheet).  A game the sheet cannot hold gets a note and no tables."""
    spec = _spec(snap)
    if spec is None:
        return None
    play = played(snap)
    fields = spec.fields_from_play(play)
    return NO_ROOM if fields is None else spec.filled(fields, play)


def printed_pages(snap: Snapshot, tracker_url: str) -> list[Any]:
    """The game's printed sheet with the table's game written in (``GameRecord.filled_pages``:
    as many pages as the game fills), or [] when the game draws none or there is no sheet."""
    filled = get_record(snap.table.game).filled_pages
    fields = sheet_fields(snap) if filled is not None else None
    if filled is None or fields is None:
        return []
    return filled(fields, snap.table.seed, tracker_url)

"""The Galaxy Trucker record: the rules, the score sheets, the kit, the board, the build timer
and the ship workshop pages (the ``pnp.games`` entry point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.record import GameRecord
from pnp.games.galaxy_trucker import GAME, buildtimer, drawing, workshop
from pnp.games.galaxy_trucker.rule_ids import RULES
from pnp.games.galaxy_trucker.sheet import SHEET


def build_kit(options: Any) -> list[Path]:
    """The printed kit (imported when asked for: the rules need no PDF code)."""
    from pnp.render.galaxy_trucker import galaxy_trucker_kit

    return galaxy_trucker_kit(options)


def sheet_layouts() -> list[Any]:
    """The score pages' printed geometry (``pnp.sheetread.layout``), imported when asked for."""
    from pnp.render.galaxy_trucker.score import sheet_layouts as layouts

    return list(layouts())


RECORD = GameRecord(GAME, SHEET, build_kit, rules=RULES, build_timer=buildtimer,
                    board=BoardDrawing(drawing.draw, drawing.place,
                                         spot_size=drawing.spot_size),
                    sheet_layouts=sheet_layouts, pages=workshop.PAGES)

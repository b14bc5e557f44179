"""The Weird Galaxy record: the rules, the worksheet and ledger, and the kit (the ``pnp.games``
entry point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.record import GameRecord
from pnp.games.weird_galaxy import GAME, drawing
from pnp.games.weird_galaxy.ledger import SHEET
from pnp.games.weird_galaxy.rule_ids import RULES


def build_kit(options: Any) -> list[Path]:
    """The printed kit (imported when asked for: the rules need no PDF code)."""
    from pnp.render.weird_galaxy import weird_galaxy_kit

    return weird_galaxy_kit(options)


def sheet_layouts() -> list[Any]:
    """The worksheet's and ledger's printed geometry (``pnp.sheetread.layout``), imported when
    asked."""
    from pnp.render.weird_galaxy.worksheet import sheet_layouts as layouts

    return list(layouts())


RECORD = GameRecord(GAME, SHEET, build_kit, rules=RULES,
                    board=BoardDrawing(drawing.draw, drawing.place, drawing.SPOT),
                    sheet_layouts=sheet_layouts)

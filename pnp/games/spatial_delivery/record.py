"""The Spatial Delivery record: the rules, the score sheet and the kit (the ``pnp.games``
entry point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.record import GameRecord
from pnp.games.spatial_delivery import GAME, drawing
from pnp.games.spatial_delivery.rule_ids import RULES
from pnp.games.spatial_delivery.sheet import SHEET


def build_kit(options: Any) -> list[Path]:
    """The printed kit (imported when asked for: the rules need no PDF code)."""
    from pnp.render.spatial_delivery import spatial_delivery_kit

    return spatial_delivery_kit(options)


def sheet_layouts() -> list[Any]:
    """The score pages' printed geometry (``pnp.sheetread.layout``), imported when asked."""
    from pnp.render.spatial_delivery.sheet import sheet_layouts as layouts

    return list(layouts())


RECORD = GameRecord(GAME, SHEET, build_kit, rules=RULES,
                    board=BoardDrawing(drawing.draw, drawing.place, drawing.SPOT),
                    sheet_layouts=sheet_layouts)

"""The Galaxy Express record: the rules, the record sheet, the kit and the planet-cells option
(the ``pnp.games`` entry point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.record import GameRecord, OptionField
from pnp.games.galaxy_express import GAME, drawing
from pnp.games.galaxy_express.rule_ids import RULES
from pnp.games.galaxy_express.sheet import SHEET


def build_kit(options: Any) -> list[Path]:
    """The printed kit (imported when asked for: the rules need no PDF code)."""
    from pnp.render.galaxy_express import galaxy_express_kit

    return galaxy_express_kit(options)


def sheet_layouts() -> list[Any]:
    """The record sheet's printed geometry (``pnp.sheetread.layout``), imported when asked."""
    from pnp.render.galaxy_express.sheet import sheet_layouts as layouts

    return list(layouts())


PLANETS = OptionField("planets", "Planet cells",
                      hint="real coins and no seed: the six cells your Arms coins landed on, "
                           "e.g. a1 c3 f2 h6 d5 b6")

RECORD = GameRecord(GAME, SHEET, build_kit, (PLANETS,), rules=RULES,
                    board=BoardDrawing(drawing.draw, drawing.place, drawing.SPOT),
                    sheet_layouts=sheet_layouts)

"""The Wormholes record: the rules, the record sheet, the kit and the two-ships option (the
``pnp.games`` entry point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.engine.drawing import BoardDrawing
from pnp.engine.record import GameRecord, OptionField
from pnp.games.wormholes import GAME, drawing
from pnp.games.wormholes.rule_ids import RULES
from pnp.games.wormholes.sheet import SHEET


def build_kit(options: Any) -> list[Path]:
    """The printed kit (imported when asked for: the rules need no PDF code)."""
    from pnp.render.wormholes import wormholes_kit

    return wormholes_kit(options)


def sheet_layouts() -> list[Any]:
    """The record pages' printed geometry (``pnp.sheetread.layout``), imported when asked."""
    from pnp.render.wormholes.sheet import sheet_layouts as layouts

    return list(layouts())


TWO_SHIPS = OptionField("two_ships", "Longer game: two ships each", kind="checkbox")

RECORD = GameRecord(GAME, SHEET, build_kit, (TWO_SHIPS,), rules=RULES,
                    board=BoardDrawing(drawing.draw, drawing.place, drawing.SPOT),
                    sheet_layouts=sheet_layouts)

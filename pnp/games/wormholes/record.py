"""The Wormholes record: the rules, the record sheet, the kit and the two-ships option (the
``pnp.games`` entry point)."""

from __future__ import annotations

from collections.abc import Mapping
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
    from pnp.render.wormholes.sheet_a5 import sheet_layouts as layouts

    return list(layouts())


def filled_pages(fields: Mapping[str, str], seed: int | None, tracker_url: str) -> list[Any]:
    """The record's printed pages (A4) with a played game written in: the front page and as
    many continuation pages as the game fills (imported when asked, like the kit)."""
    from pnp.render.geometry import paper_size
    from pnp.render.options import KitOptions
    from pnp.render.wormholes.sheet import filled_record_pages

    options = KitOptions(seed=seed if seed is not None else 0, tracker_url=tracker_url)
    return filled_record_pages(options, fields, paper_size("a4"))


TWO_SHIPS = OptionField("two_ships", "Longer game: two ships each", kind="checkbox")

RECORD = GameRecord(GAME, SHEET, build_kit, (TWO_SHIPS,), rules=RULES,
                    board=BoardDrawing(drawing.draw, drawing.place, drawing.SPOT),
                    sheet_layouts=sheet_layouts, filled_pages=filled_pages)

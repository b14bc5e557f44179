"""Kit builders by game id (filled in by the print-layout work)."""

from __future__ import annotations

from pathlib import Path

from pnp.engine import PnpError, get_game
from pnp.render.options import KitOptions


def build_kit(game_id: str, options: KitOptions) -> list[Path]:
    game = get_game(game_id)
    raise PnpError(f"no printed kit for {game.title} yet")

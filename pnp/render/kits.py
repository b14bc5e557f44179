"""Kit builders by game id: what `pnp kit GAME` prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.engine import PnpError, get_game
from pnp.render.components import SheetContext
from pnp.render.document import write_pdf
from pnp.render.options import KitOptions
from pnp.render.parts import piece_pages
from pnp.render.piecepack import Piece, roll_table, seasons_expansion, suit_set
from pnp.render.suits import CLASSIC, SEASONS, Suit


def _piecepack_groups(suits: tuple[Suit, ...]) -> dict[str, list[Piece]]:
    groups = suit_set(suits)
    groups["card"] = [roll_table(suits)]
    return groups


def piecepack_kit(options: KitOptions) -> list[Path]:
    out = []
    for suits, name, title in ((CLASSIC, "piecepack", "Piecepack"),
                               (SEASONS, "piecepack-seasons", "Piecepack: the Seasons suits")):
        ctx = SheetContext(title, options)
        extra = (f"Suits: {', '.join(s.name for s in suits)}. Each suit: six tiles, six coins, "
                 "one die and one pawn; ranks null, ace, 2, 3, 4, 5.",
                 "The piecepack system is public domain.")
        pages = piece_pages(ctx, _piecepack_groups(suits), title, extra)
        path = options.out / f"{name}-{options.paper}.pdf"
        out.append(write_pdf(path, pages, title, options.progress))
    return out


def _galaxy_express(options: KitOptions) -> list[Path]:
    from pnp.render.galaxy_express import galaxy_express_kit

    return galaxy_express_kit(options)


BUILDERS: dict[str, Callable[[KitOptions], list[Path]]] = {
    "piecepack": piecepack_kit,
    "galaxy-express": _galaxy_express,
}


def build_kit(game_id: str, options: KitOptions) -> list[Path]:
    builder = BUILDERS.get(game_id)
    if builder is not None:
        return builder(options)
    game = get_game(game_id)  # raises UnknownGame with the known ids
    ready = ", ".join(sorted(BUILDERS))
    raise PnpError(f"no printed kit for {game.title} yet (kits so far: {ready})")


__all__ = ["build_kit", "piecepack_kit", "seasons_expansion"]

"""Kit builders by id: what `pnp kit GAME` prints.

`piecepack` is not a game but a kit of its own: a full piecepack and the Seasons suits.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.engine import PnpError, get_game
from pnp.render.components import SheetContext
from pnp.render.document import Page, write_pdf
from pnp.render.options import KitOptions
from pnp.render.parts import piece_pages
from pnp.render.piecepack import Piece, roll_table, suit_set
from pnp.render.suits import CLASSIC, SEASONS, Suit


def _piecepack_groups(suits: tuple[Suit, ...]) -> dict[str, list[Piece]]:
    groups = suit_set(suits)
    groups["card"] = [roll_table(suits)]
    return groups


PIECEPACK_PARTS = (("piecepack", CLASSIC, "Piecepack"),
                   ("piecepack-seasons", SEASONS, "Piecepack: the Seasons suits"))


def piecepack_pages(options: KitOptions, suits: tuple[Suit, ...], title: str) -> list[Page]:
    ctx = SheetContext(title, options)
    extra = (f"Suits: {', '.join(s.name for s in suits)}. Each suit: six tiles, six coins, "
             "one die and one pawn; ranks null, ace, 2, 3, 4, 5.",
             "The piecepack system is public domain.")
    return piece_pages(ctx, _piecepack_groups(suits), title, extra)


def piecepack_kit(options: KitOptions) -> list[Path]:
    """The classic four suits and the Seasons expansion, one file each."""
    out = []
    for name, suits, title in PIECEPACK_PARTS:
        pages = piecepack_pages(options, suits, title)
        path = options.out / f"{name}-{options.paper}.pdf"
        out.append(write_pdf(path, pages, title, options.progress))
    return out


def _galaxy_express(options: KitOptions) -> list[Path]:
    from pnp.render.galaxy_express import galaxy_express_kit

    return galaxy_express_kit(options)


def _wormholes(options: KitOptions) -> list[Path]:
    from pnp.render.wormholes import wormholes_kit

    return wormholes_kit(options)


def _galaxy_trucker(options: KitOptions) -> list[Path]:
    from pnp.render.galaxy_trucker import galaxy_trucker_kit

    return galaxy_trucker_kit(options)


def _weird_galaxy(options: KitOptions) -> list[Path]:
    from pnp.render.weird_galaxy import weird_galaxy_kit

    return weird_galaxy_kit(options)


def _spatial_delivery(options: KitOptions) -> list[Path]:
    from pnp.render.spatial_delivery import spatial_delivery_kit

    return spatial_delivery_kit(options)


BUILDERS: dict[str, Callable[[KitOptions], list[Path]]] = {
    "piecepack": piecepack_kit,
    "galaxy-express": _galaxy_express,
    "galaxy-trucker": _galaxy_trucker,
    "wormholes": _wormholes,
    "weird-galaxy": _weird_galaxy,
    "spatial-delivery": _spatial_delivery,
}


def build_kit(game_id: str, options: KitOptions) -> list[Path]:
    builder = BUILDERS.get(game_id)
    if builder is not None:
        return builder(options)
    game = get_game(game_id)  # raises UnknownGame with the known ids
    ready = ", ".join(sorted(BUILDERS))
    raise PnpError(f"no printed kit for {game.title} yet (kits so far: {ready})")


__all__ = ["BUILDERS", "build_kit", "piecepack_kit", "piecepack_pages"]

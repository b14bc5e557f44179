"""Kit builders by id: what `pnp kit GAME` prints.

`piecepack` is not a game but a kit of its own: a full piecepack and the Seasons suits.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.engine import PnpError, all_records, get_record
from pnp.render import buildmemo
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext
from pnp.render.document import Page, write_pdf
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions, points_at_localhost
from pnp.render.parts import pieces_and_parts
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
    pages, parts = pieces_and_parts(ctx, _piecepack_groups(suits), title, extra)
    return with_guide(title, options, pages + calibration_pages(options), parts=parts)[0]


def piecepack_kit(options: KitOptions) -> list[Path]:
    """The classic four suits and the Seasons expansion, one file each."""
    out = []
    for name, suits, title in PIECEPACK_PARTS:
        pages = piecepack_pages(options, suits, title)
        path = (options.out.with_name(f"{options.out.stem}-{name}.pdf")  # --out my.pdf
                if options.out.suffix.lower() == ".pdf"
                else options.out / f"{name}-{options.paper}.pdf")
        out.append(write_pdf(path, pages, title, options.progress, duplex=options.print_mode,
                             cut_file=options.cut_file))
    return out


BUILDERS: dict[str, Callable[[KitOptions], list[Path]]] = {"piecepack": piecepack_kit}
"""Kits that are not a game's (a game's kit is its record's ``kit``)."""


def kit_ids() -> list[str]:
    """Every kit ``pnp kit`` can print."""
    return sorted([*BUILDERS, *(r.id for r in all_records() if r.kit is not None)])


@contextmanager
def without_cyclic_gc() -> Iterator[None]:
    """Python's cycle collector paused: a kit allocates about a million short-lived objects
    that make no cycles (its peak memory is the same without the collector), and the
    collector's passes over everything alive cost 5-11 % of a kit's CPU."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def build_kit(game_id: str, options: KitOptions) -> list[Path]:
    builder = BUILDERS.get(game_id) or get_record(game_id).kit  # UnknownGame for a bad id
    if builder is not None:
        with without_cyclic_gc(), buildmemo.scope():
            return builder(options)
    title = get_record(game_id).game.title
    raise PnpError(f"no printed kit for {title} yet (kits so far: {', '.join(kit_ids())})")


def print_kit(game_id: str, options: KitOptions) -> tuple[list[str], str | None]:
    """Build a kit as `pnp kit` and `make run --kit` both do: the lines to print (each file
    written, and each set of SVG cut files) and a warning when the kit's QR codes would open
    the phone itself (a game's kit only: the piecepack has no QR code).  Raises PnpError.
    """
    lines = []
    for path in build_kit(game_id, options):
        lines.append(str(path))
        if options.cut_file:
            cuts = sorted(path.parent.glob(f"{path.stem}-cut-p*.svg"))
            lines.append(f"{path.parent / (path.stem + '-cut-p*.svg')} ({len(cuts)} sheets)")
    warning = None
    # asked without loading every game: a kit imports its own rules engine only
    if game_id not in BUILDERS and points_at_localhost(options.tracker_url):
        warning = (f"the kit's QR codes open {options.tracker_url}, which a phone resolves to "
                   "itself; pass --tracker-url http://<this machine's LAN address>:5000 "
                   "(`make run` does)")
    return lines, warning


__all__ = ["BUILDERS", "build_kit", "kit_ids", "piecepack_kit", "piecepack_pages", "print_kit",
           "without_cyclic_gc"]

"""Rebuild the kit gallery: `.venv/bin/python docs/gallery/make_gallery.py [NAME ...]` (only
the pictures named, without `.png`; all of them by default).

Builds each kit (seed 7) with `pnp kit`'s own code into a temporary folder and renders the
pages whose labels match with pdftoppm (poppler): thumbnails 360 pixels wide, close-ups at
print resolution.  Also draws the *1 mm shift* pictures: a sheet of backs printed 1 mm off its
fronts and cut on the fronts' lines, with and without bleed, and the same for a butted block
of cards, which bleeds round its outside only (docs/printing.md).  The tracker
screenshots are made by the browser tests, not here.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.render import galaxy_express, galaxy_trucker, spatial_delivery, weird_galaxy, wormholes
from pnp.render.document import Page, write_pdf
from pnp.render.geometry import mm
from pnp.render.kits import PIECEPACK_PARTS, build_kit, piecepack_pages
from pnp.render.layout import record_pages
from pnp.render.options import KitOptions

HERE = Path(__file__).parent
WIDTH = 360  # pixels

# (thumbnail name, kit file, options, words the page's label contains)
SHOTS: list[tuple[str, str, dict[str, object], str]] = [
    ("ge-rules-1", "galaxy-express", {}, "rules reference 1/2"),
    ("ge-rules-2", "galaxy-express", {}, "rules reference 2/2"),
    ("ge-setup", "galaxy-express", {}, "setup, seed 7"),
    ("ge-record", "galaxy-express", {}, "flight record"),
    ("ge-parts", "galaxy-express", {}, "print guide"),
    ("piecepack-parts", "piecepack", {}, "print guide"),
    ("piecepack-tiles-front", "piecepack", {}, "pieces, sheet 1 of 3 (fronts)"),
    ("piecepack-tiles-back", "piecepack", {}, "pieces, sheet 1 of 3 (backs)"),
    ("piecepack-coins-front", "piecepack", {}, "pieces, sheet 3 of 3 (fronts)"),
    ("piecepack-coins-back", "piecepack", {}, "pieces, sheet 3 of 3 (backs)"),
    ("seasons-tiles-front", "piecepack-seasons", {}, "pieces, sheet 1 of 3 (fronts)"),
    ("gutter-fold-tiles", "piecepack", {"gutter_fold": True}, "pieces, sheet 1"),
    ("low-ink-tiles", "piecepack", {"ink": "low"}, "pieces, sheet 1 of 3 (fronts)"),
    ("bleed-3mm-coins", "piecepack", {"bleed_mm": 3.0}, "pieces, sheet 3 of 3 (fronts)"),
    ("wormholes-rules-1", "wormholes", {}, "rules reference 1/2"),
    ("wormholes-board", "wormholes", {}, "board sheet"),
    ("wormholes-record", "wormholes", {}, "game record, page 1"),
    ("wormholes-record-continued", "wormholes", {}, "continuation page"),
    ("wormholes-map", "wormholes", {}, "map sheet 2 of 3"),
    ("weird-galaxy-rules-1", "weird-galaxy", {}, "rules reference 1/2"),
    ("weird-galaxy-board", "weird-galaxy", {}, "board layout"),
    ("weird-galaxy-cards", "weird-galaxy", {}, "pieces, sheet 1 of 7 (fronts)"),
    ("weird-galaxy-counters", "weird-galaxy", {}, "pieces, sheet 7 of 7 (fronts)"),
    ("spatial-delivery-setup", "spatial-delivery", {}, "setup"),
    ("spatial-delivery-score-sheet", "spatial-delivery", {}, "score sheet"),
    ("spatial-delivery-cards", "spatial-delivery", {}, "cards, sheet 1 of"),
    ("spatial-delivery-tiles", "spatial-delivery", {}, "hex tiles, sheet 1 of"),
    ("galaxy-trucker-rules-1", "galaxy-trucker", {}, "rules reference 1/2"),
    ("galaxy-trucker-tiles-front", "galaxy-trucker", {}, "bank pieces, sheet 1 of"),
    ("galaxy-trucker-board-iii", "galaxy-trucker", {}, "ship board III"),
    ("galaxy-trucker-cards", "galaxy-trucker", {}, "adventure cards, sheet 1 of"),
    ("galaxy-trucker-flight-board", "galaxy-trucker", {}, "flight board"),
    ("galaxy-trucker-score", "galaxy-trucker", {}, "score sheet"),
]

# close-ups at print resolution: (name, kit file, options, label, (x, y, w, h) mm from top-left)
DETAILS: list[tuple[str, str, dict[str, object], str, tuple[float, float, float, float]]] = [
    ("detail-crop-marks-bleed", "piecepack", {"bleed_mm": 3.0},
     "pieces, sheet 1 of 3 (fronts)", (8, 14, 75, 45)),
    ("detail-die-net-pawn", "piecepack", {}, "pieces, sheet 3 of 3 (fronts)",
     (10, 150, 130, 80)),
    ("galaxy-trucker-tiles-detail", "galaxy-trucker", {}, "bank pieces, sheet 1 of",
     (10, 12, 90, 60)),
    ("galaxy-trucker-cards-detail", "galaxy-trucker", {}, "adventure cards, sheet 1 of",
     (5, 10, 110, 80)),
]

SHIFT = mm(1.0)
SHIFT_REGION = (30, 106, 92, 60)  # mm from the top-left of the sheet of backs: two tiles
BUTTED_REGION = (4, 10, 100, 60)  # the top-left corner of a block of butted card backs


def _pages(kit: str, opts: KitOptions) -> list[Page]:
    makers = {"galaxy-express": galaxy_express.kit_pages, "wormholes": wormholes.kit_pages,
              "weird-galaxy": weird_galaxy.kit_pages,
              "spatial-delivery": spatial_delivery.kit_pages,
              "galaxy-trucker": galaxy_trucker.kit_pages}
    if kit in makers:
        made = makers[kit](opts)
        return made[0] if isinstance(made, tuple) else made
    for name, suits, title in PIECEPACK_PARTS:
        if name == kit:
            return piecepack_pages(opts, suits, title)
    raise SystemExit(f"unknown kit {kit}")


def _kit_pdf(kit: str, opts: KitOptions) -> Path:
    game = "piecepack" if kit.startswith("piecepack") else kit
    for path in build_kit(game, opts):
        stem = path.stem
        if stem.startswith(kit) and (kit != "piecepack" or "seasons" not in stem):
            return path
    raise SystemExit(f"no file for {kit}")


def _render(pdf: Path, index: int, target: Path, crop: Sequence[float] | None = None) -> None:
    page = ["-f", str(index + 1), "-l", str(index + 1)]
    if crop is None:
        size = ["-scale-to-x", str(WIDTH), "-scale-to-y", "-1"]
    else:
        dpi = 150
        x, y, w, h = (round(v / 25.4 * dpi) for v in crop)
        size = ["-r", str(dpi), "-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h)]
    subprocess.run(["pdftoppm", "-png", "-singlefile", *page, *size, str(pdf), str(target)],
                   check=True)


def shifted_backs(back: Page) -> Page:
    """The sheet of backs as the pieces come out when the printer puts the back 1 mm right
    and 1 mm up of where it belongs and they are cut on the front's lines: grey is the table,
    white is paper with no ink."""
    cuts = [p.trim for p in record_pages([back])[0].pieces]

    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.55, 0.55, 0.55)
        c.rect(0, 0, back.size[0], back.size[1], stroke=0, fill=1)
        c.saveState()
        p = c.beginPath()
        for r in cuts:
            p.rect(r.x, r.y, r.w, r.h)
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, back.size[0], back.size[1], stroke=0, fill=1)
        c.translate(SHIFT, SHIFT)
        back.draw(c)
        c.restoreState()

    return Page(back.size, draw, f"{back.label}, printed 1 mm off and cut")


def main(names: Sequence[str] = ()) -> int:
    def wanted(name: str) -> bool:
        return not names or name in names

    with tempfile.TemporaryDirectory() as tmp:
        for name, kit, extra, label in SHOTS:
            if not wanted(name):
                continue
            opts = KitOptions(seed=7, out=Path(tmp) / name, **extra)  # type: ignore[arg-type]
            pages = _pages(kit, opts)
            index = next(i for i, p in enumerate(pages) if label in p.label)
            _render(_kit_pdf(kit, opts), index, HERE / name)
            print(f"{name}.png  <- {kit} {extra or ''} '{pages[index].label}'")
        for name, kit, extra, label, crop in DETAILS:
            if not wanted(name):
                continue
            opts = KitOptions(seed=7, out=Path(tmp) / name, **extra)  # type: ignore[arg-type]
            pages = _pages(kit, opts)
            index = next(i for i, p in enumerate(pages) if label in p.label)
            _render(_kit_pdf(kit, opts), index, HERE / name, crop)
            print(f"{name}.png  <- {kit} {extra or ''} '{pages[index].label}' (detail)")
        for name, bleed in (("shift-1mm-no-bleed", 0.0), ("shift-1mm-bleed", 1.5)):
            if not wanted(name):
                continue
            opts = KitOptions(seed=7, bleed_mm=bleed)
            pages = piecepack_pages(opts, *PIECEPACK_PARTS[0][1:])
            back = next(p for p in pages if p.label.endswith("sheet 1 of 3 (backs)"))
            pdf = write_pdf(Path(tmp) / f"{name}.pdf", [shifted_backs(back)], name)
            _render(pdf, 0, HERE / name, SHIFT_REGION)
            print(f"{name}.png  <- piecepack tile backs, bleed {bleed} mm, 1 mm off")
        name = "shift-1mm-butted-cards"
        if wanted(name):
            pages = _pages("galaxy-trucker", KitOptions(seed=7))
            back = next(p for p in pages if p.label.endswith("adventure cards, sheet 1 of 7 "
                                                              "(backs)"))
            pdf = write_pdf(Path(tmp) / f"{name}.pdf", [shifted_backs(back)], name)
            _render(pdf, 0, HERE / name, BUTTED_REGION)
            print(f"{name}.png  <- Galaxy Trucker card backs, butted, 1.5 mm outer bleed, "
                  "1 mm off")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

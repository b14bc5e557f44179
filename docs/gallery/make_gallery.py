"""Rebuild the gallery thumbnails: `.venv/bin/python docs/gallery/make_gallery.py`.

Plans each kit, writes it to a temporary folder and renders the page whose label matches with
pdftoppm (poppler) at a small size.  The thumbnails are what the README shows.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from pnp.render.document import Page, write_pdf
from pnp.render.galaxy_express import kit_pages, record_fields
from pnp.render.kits import PIECEPACK_PARTS, piecepack_pages
from pnp.render.options import KitOptions

HERE = Path(__file__).parent
WIDTH = 360  # pixels

# (thumbnail name, kit, options, words the page's label contains)
SHOTS: list[tuple[str, str, dict[str, object], str]] = [
    ("ge-rules-1", "galaxy-express", {}, "rules reference 1/2"),
    ("ge-rules-2", "galaxy-express", {}, "rules reference 2/2"),
    ("ge-setup", "galaxy-express", {}, "setup, seed 7"),
    ("ge-record", "galaxy-express", {}, "flight record"),
    ("ge-parts", "galaxy-express", {}, "parts, dice and pawns, sheet 1"),
    ("piecepack-parts", "piecepack", {}, "parts, dice and pawns, sheet 1"),
    ("piecepack-tiles-front", "piecepack", {}, "tiles, sheet 1 of 2 (fronts)"),
    ("piecepack-tiles-back", "piecepack", {}, "tiles, sheet 1 of 2 (backs)"),
    ("piecepack-coins-front", "piecepack", {}, "coins, sheet 1 of 1 (fronts)"),
    ("piecepack-coins-back", "piecepack", {}, "coins, sheet 1 of 1 (backs)"),
    ("seasons-tiles-front", "piecepack-seasons", {}, "tiles, sheet 1 of 2 (fronts)"),
    ("gutter-fold-tiles", "piecepack", {"gutter_fold": True}, "tiles, sheet 1"),
    ("low-ink-tiles", "piecepack", {"ink": "low"}, "tiles, sheet 1 of 2 (fronts)"),
    ("bleed-3mm-coins", "piecepack", {"bleed_mm": 3.0}, "coins, sheet 1 of 1 (fronts)"),
]


# close-ups at print resolution: (name, kit, options, label, (x, y, w, h) in mm from top-left)
DETAILS: list[tuple[str, str, dict[str, object], str, tuple[float, float, float, float]]] = [
    ("detail-crop-marks-bleed", "piecepack", {"bleed_mm": 3.0},
     "tiles, sheet 1 of 2 (fronts)", (8, 18, 75, 45)),
    ("detail-die-net-pawn", "galaxy-express", {}, "parts, dice and pawns, sheet 1",
     (62, 72, 118, 62)),
]


def _pages(kit: str, opts: KitOptions) -> list[Page]:
    if kit == "galaxy-express":
        return kit_pages(opts)[0]
    for name, suits, title in PIECEPACK_PARTS:
        if name == kit:
            return piecepack_pages(opts, suits, title)
    raise SystemExit(f"unknown kit {kit}")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for n, (name, kit, extra, label) in enumerate(SHOTS):
            opts = KitOptions(seed=7, **extra)  # type: ignore[arg-type]
            pages = _pages(kit, opts)
            index = next(i for i, p in enumerate(pages) if label in p.label)
            fields = []
            if kit == "galaxy-express":
                record = kit_pages(opts)[1]
                fields = record_fields(opts, pages[record].size, record)
            pdf = write_pdf(Path(tmp) / f"{n}.pdf", pages, kit, fields=fields)
            target = HERE / name
            subprocess.run(["pdftoppm", "-png", "-singlefile", "-f", str(index + 1),
                            "-l", str(index + 1), "-scale-to-x", str(WIDTH), "-scale-to-y", "-1",
                            str(pdf), str(target)], check=True)
            print(f"{target}.png  <- {kit} {extra or ''} '{pages[index].label}'")
        for n, (name, kit, extra, label, (x, y, w, h)) in enumerate(DETAILS):
            opts = KitOptions(seed=7, **extra)  # type: ignore[arg-type]
            pages = _pages(kit, opts)
            index = next(i for i, p in enumerate(pages) if label in p.label)
            pdf = write_pdf(Path(tmp) / f"d{n}.pdf", pages, kit)
            dpi = 150
            px = [round(v / 25.4 * dpi) for v in (x, y, w, h)]
            target = HERE / name
            subprocess.run(["pdftoppm", "-png", "-singlefile", "-f", str(index + 1),
                            "-l", str(index + 1), "-r", str(dpi), "-x", str(px[0]),
                            "-y", str(px[1]), "-W", str(px[2]), "-H", str(px[3]),
                            str(pdf), str(target)], check=True)
            print(f"{target}.png  <- {kit} {extra or ''} '{pages[index].label}' (detail)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rebuild the Wormholes thumbnails: `.venv/bin/python docs/gallery/make_wormholes_gallery.py`.

Writes the A4 kit for seed 7 to a temporary folder and renders the pages whose labels match
with pdftoppm (poppler), 360 pixels wide like the other gallery pictures.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from pnp.render.options import KitOptions
from pnp.render.wormholes import kit_pages, wormholes_kit

HERE = Path(__file__).parent
WIDTH = 360
SHOTS = [
    ("wormholes-rules-1", "rules reference 1/2"),
    ("wormholes-board", "board sheet"),
    ("wormholes-record", "game record 1/2"),
    ("wormholes-map", "map sheet 2 of 3"),
]


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        opts = KitOptions(seed=7, out=Path(tmp))
        pages, _ = kit_pages(opts)
        (pdf,) = wormholes_kit(opts)
        for name, label in SHOTS:
            index = next(i for i, p in enumerate(pages) if label in p.label)
            target = HERE / name
            subprocess.run(["pdftoppm", "-png", "-singlefile", "-f", str(index + 1),
                            "-l", str(index + 1), "-scale-to-x", str(WIDTH), "-scale-to-y", "-1",
                            str(pdf), str(target)], check=True)
            print(f"{target}.png  <- '{pages[index].label}'")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

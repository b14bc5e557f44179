"""Photos refused outright: how often the reader cannot find a sheet at all (corner marks not
seen, QR not read, too blurred, too small), per printed sheet design and QR size.

Each game's printed pages (A4, the kit's own page where it has one, else the layout drawn
alone), written with a played game's record (``pnp.sheetread.simulate``), are photographed in
simulation twice over: the benchmark's shots (``simulate.random_shot``: tilt up to 25 degrees,
1536x2048 or 3024x4032, blur 0.3-1.3 px, JPEG 60-91, a shadow) and a set of bad photos (a
1080x1440 or 1536x2048 phone frame, blur 0.8-1.6 px, JPEG 50-80, a deep shadow, tilt up to
25 degrees).  Only the finding is timed and counted (markers, checks, the QR: ``cut_photo``'s
first steps), not the reading of the boxes, so many photos are cheap.  ``--old`` adds the
designs a kit no longer prints (the Wormholes record's version 1, its 17 mm QR) on the same
shots, for a side-by-side comparison of the QR sizes.

    .venv/bin/python bench/bench_refusals.py [--photos 20] [--games wormholes] [--old]
        [--layouts p1,score1,ledger1] [--paper a4|letter|a5]

``--paper`` measures another paper's designs (drawn alone from their layouts: the Wormholes
record's Letter continuation page, Spatial Delivery's A5 score sheet).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from pnp.sheetread import SheetReadError, photo
from pnp.sheetread import simulate as sim
from pnp.sheetread.layout import MARKER_SIZE, SheetLayout, layouts
from pnp.sheets import sheet_games

SEED = 7


def bad_shot(rng: np.random.Generator) -> sim.Shot:
    """A poor phone photo: small frame, soft focus, strong JPEG, a deep shadow."""
    turn = float(rng.choice([0.0, 90.0, 180.0, 270.0]) * (rng.random() < 0.25)
                 + rng.uniform(-12, 12))
    size = (1080, 1440) if rng.random() < 0.5 else (1536, 2048)
    return sim.Shot(float(rng.uniform(0, 25)), turn, size, float(rng.uniform(0.8, 1.6)),
                    int(rng.integers(50, 80)), float(rng.uniform(0.2, 0.6)))


def found(data: bytes) -> str:
    """"" when the sheet is found and its QR read, else the refusal's class and cause."""
    try:
        image = photo.decode(data)
        marks = photo.find_markers(image, MARKER_SIZE / 72 * 25.4)
        photo.check_found(image, marks)
        photo.read_code(image, marks)
    except SheetReadError as exc:
        text = str(exc)
        cause = ("QR" if "QR" in text else "marks" if "mark" in text else text[:40])
        return f"{type(exc).__name__}: {cause}"
    return ""


def written_page(game_id: str, lay: SheetLayout, blank: Any, i: int) -> Any:
    """The page written with a played game's record (blank where no game fills it)."""
    fields = sim.played_fields(game_id, SEED, players=4, stream=f"refusals/{i}") or {}
    rng = np.random.default_rng([7, i])
    return sim.write(blank, lay, fields, rng).image


def bench(game_id: str, n: int, old: bool, tmp: Path, only: set[str],
          paper: str = "a4") -> list[dict[str, Any]]:
    kit = sim.kit_pages(game_id, SEED, tmp) if paper == "a4" else {}
    designs = [x for x in layouts(game_id, old=old) if x.layout.endswith(f".{paper}")
               and (not only or x.layout.split(".")[0] in only)]
    out = []
    for lay in designs:
        current = kit.get(lay.layout) if lay in layouts(game_id) else None
        blank = current if current is not None else sim.page_from_layout(lay, SEED)
        page = written_page(game_id, lay, blank, 0)
        row: dict[str, Any] = {"game": game_id, "layout": lay.layout, "version": lay.version,
                               "qr_mm": round(lay.qr.w / 72 * 25.4, 1)}
        for kind, shoot in (("bench", sim.random_shot), ("bad", bad_shot)):
            refused: dict[str, int] = {}
            seconds = []
            for k in range(n):
                # the same shots for every design: seeded by the game, the set and k only
                rng = np.random.default_rng([19, zlib.crc32(game_id.encode()), k,
                                             kind == "bad"])
                data = sim.photograph(page, shoot(rng), rng)
                start = time.process_time()
                why = found(data)
                seconds.append(time.process_time() - start)
                if why:
                    refused[why] = refused.get(why, 0) + 1
            row[kind] = {"photos": n, "refused": sum(refused.values()), "why": refused,
                         "cpu_s_median": round(float(np.median(seconds)), 3)}
        print(json.dumps(row), file=sys.stderr)
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=20, help="photos of each design, each set")
    ap.add_argument("--games", default="")
    ap.add_argument("--old", action="store_true", help="also the designs no longer printed")
    ap.add_argument("--layouts", default="", help="only these designs (p1,score1,...)")
    ap.add_argument("--paper", choices=["a4", "letter", "a5"], default="a4")
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    games = [g for g in sheet_games() if layouts(g)]
    if a.games:
        games = [g for g in games if g in a.games.split(",")]
    sim.held_out("held-out")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in games:
            rows += bench(game_id, a.photos, a.old, Path(tmp),
                          {x for x in a.layouts.split(",") if x}, a.paper)
    out = {"load_average": os.getloadavg(), "rows": rows}
    text = json.dumps(out, indent=1)
    print(text)
    if a.json:
        a.json.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

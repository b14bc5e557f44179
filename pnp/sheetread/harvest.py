"""Digits as the reader sees them in a photo, to train (and calibrate) the classifier on.

A digit cut out of a photographed comb box is not an MNIST digit: it went through the pen's
darkness, the sheet's tilt and light, blur, JPEG, the straightening, the ink map, and the
erasing of the box's printed walls (which can take a bit of a stroke that runs along a wall).
So the classifier also learns from crops made exactly that way: every comb box of each game's
printed pages is filled with a random digit drawn from the MNIST *training* split (or the
validation split, to choose thresholds; never the held-out digits the benchmark writes),
the page is photographed in simulation (``simulate.random_shot``), straightened from its
corner marks, and each box goes through the reader's own cut (``boxes.box_cuts``) and
``digits.prepare``.  The output is the classifier's 784 inputs and the digit written.

    python -m pnp.sheetread.harvest train OUT.npz [--photos 8]     # needs the dev extra
"""

from __future__ import annotations

import os
import sys
import tempfile
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pnp.sheetread.layout import SheetLayout

Floats = npt.NDArray[np.float32]
SEED = 1919  # the photos' randomness: same seed, same crops


def random_fields(layout: SheetLayout, rng: np.random.Generator) -> dict[str, str]:
    """A value for every comb and choice of a page (a random number of random digits; a
    signed comb is negative now and then): the most digits a photo can hold.

    >>> from pnp.sheetread.layout import layout_for
    >>> lay = layout_for("pnpsheet:1/galaxy-trucker/p1.a4/1")
    >>> values = random_fields(lay, np.random.default_rng(0))
    >>> all(len(values[f.name].lstrip("-")) <= f.max_digits for f in lay.fields
    ...     if f.kind == "digits")
    True
    """
    out: dict[str, str] = {}
    for f in layout.fields:
        if f.kind == "digits":
            n = int(rng.integers(1, f.max_digits + 1))
            text = "".join(str(int(d)) for d in rng.integers(0, 10, n))
            text = text.lstrip("0") or "0"
            out[f.name] = ("-" if f.signed and rng.random() < 0.3 else "") + text
        elif f.kind == "choice":
            n = int(rng.integers(0, len(f.boxes) + 1))
            out[f.name] = str(rng.choice(list(f.options))) + "".join(
                str(int(d)) for d in rng.integers(0, 10, n))
    return out


def harvest(which: str, photos: int, games: tuple[str, ...] = (),
            seed: int = SEED) -> tuple[Floats, npt.NDArray[np.int64]]:
    """``photos`` photos of every readable page of every game (``which`` MNIST split in the
    boxes): each written digit's classifier input and label."""
    from pnp.sheetread import boxes, digits, photo
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import MARKER_SIZE, layouts
    from pnp.sheets import sheet_games

    if which == "held-out":
        raise ValueError("the held-out digits are the benchmark's: never harvested")
    sim.DIGITS = which
    xs: list[Floats] = []
    ys: list[int] = []
    for game_id in games or tuple(g for g in sheet_games() if layouts(g)):
        # each game its own stream: the same crops whichever games are harvested together
        rng = np.random.default_rng([seed, zlib.crc32(game_id.encode())])
        with tempfile.TemporaryDirectory() as tmp:
            pages = sim.kit_pages(game_id, 7, Path(tmp))
        lays = {lay.layout: lay for lay in layouts(game_id)}
        for name, blank in pages.items():
            lay = lays[name]
            for _ in range(photos):
                written = sim.write(blank, lay, random_fields(lay, rng), rng)
                data = sim.photograph(written.image, sim.random_shot(rng), rng)
                image = photo.decode(data)
                found = photo.find_markers(image, MARKER_SIZE / 72 * 25.4)
                if len(found.corners) < 3:
                    continue
                page = photo.upright(image, photo.homography(found, lay), lay)
                ink = photo.ink_map(page)
                for f in lay.fields:
                    chars = written.digits.get(f.name, ())
                    if f.kind == "choice":
                        chars = chars[1:]
                    elif f.kind != "digits":
                        continue
                    if not f.boxes or not chars:
                        continue
                    if f.kind == "choice":  # the reader cuts a choice's boxes one by one
                        cuts = [boxes.box_cuts(ink, lay, (r,), photo.SCALE)[0]
                                for r in f.boxes]
                    else:  # a comb at once, its sign box too (as the reader does)
                        cuts = boxes.box_cuts(ink, lay, f.boxes, photo.SCALE)
                    for cut, ch in zip(cuts, chars, strict=True):
                        if not ch.isdigit():
                            continue
                        prepared = digits.prepare(cut)
                        if prepared is not None:
                            xs.append(prepared)
                            ys.append(int(ch))
            print(f"{game_id} {name}: {len(ys)} digits", file=sys.stderr)
    return np.stack(xs).astype(np.float32), np.asarray(ys, np.int64)


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m pnp.sheetread.harvest",
                                description=__doc__.splitlines()[0])
    p.add_argument("which", choices=["train", "validation"])
    p.add_argument("out", type=Path)
    p.add_argument("--photos", type=int, default=8, help="photos of each page (default 8)")
    p.add_argument("--games", default="")
    p.add_argument("--seed", type=int, default=SEED)
    a = p.parse_args(argv)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    x, y = harvest(a.which, a.photos, tuple(g for g in a.games.split(",") if g), a.seed)
    np.savez_compressed(a.out, x=x.astype(np.float16), y=y.astype(np.uint8))
    print(f"{a.out}: {len(y)} digits", file=sys.stderr)
    return 0


__all__ = ["harvest", "random_fields"]

if __name__ == "__main__":
    raise SystemExit(main())

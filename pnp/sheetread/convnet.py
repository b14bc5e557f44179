"""A small convolutional network for one digit, in plain numpy: forward for reading, and
the gradients for training (``pnp.sheetread.train``).

Two 3 x 3 convolutions (16 then 32 channels, each followed by ReLU and a 2 x 2 max pool)
and two dense layers (1,568 -> 128 -> 10) on the 28 x 28 input that ``digits.prepare``
makes.  Convolutions are matrix products over every 3 x 3 window (``_windows``), so
numpy's BLAS does the work: about 1.2 million multiply-adds a digit, a few hundred digits a
sheet in well under 0.1 s.

>>> import numpy as np
>>> params = init(np.random.default_rng(0))
>>> forward(params, np.zeros((2, 784), np.float32)).shape
(2, 10)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float32]
Params = dict[str, Floats]
SIDE = 28
C1, C2, HIDDEN = 16, 32, 128
NAMES = ("k1", "c1", "k2", "c2", "w3", "b3", "w4", "b4")


def init(rng: np.random.Generator) -> Params:
    """He-initialised weights."""
    def he(shape: tuple[int, ...], fan_in: int) -> Floats:
        return np.asarray(rng.normal(0, np.sqrt(2 / fan_in), shape), np.float32)

    flat = (SIDE // 4) ** 2 * C2
    return {"k1": he((9, C1), 9), "c1": np.zeros(C1, np.float32),
            "k2": he((9 * C1, C2), 9 * C1), "c2": np.zeros(C2, np.float32),
            "w3": he((flat, HIDDEN), flat), "b3": np.zeros(HIDDEN, np.float32),
            "w4": he((HIDDEN, 10), HIDDEN), "b4": np.zeros(10, np.float32)}


def _windows(x: Floats) -> Floats:
    """Every 3 x 3 window of a (n, h, w, c) batch, zero padded: (n * h * w, c * 9)."""
    n, h, w, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    view = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(1, 2))
    return np.ascontiguousarray(view.transpose(0, 1, 2, 4, 5, 3)).reshape(n * h * w, 9 * c)


def _pool(x: Floats) -> Floats:
    n, h, w, c = x.shape
    return np.asarray(x.reshape(n, h // 2, 2, w // 2, 2, c).max(axis=(2, 4)), np.float32)


def _layers(p: Params, batch: Floats) -> list[Floats]:
    """Every intermediate of the forward pass (the training needs them all)."""
    n = len(batch)
    x0 = batch.reshape(n, SIDE, SIDE, 1)
    w0 = _windows(x0)
    a1 = np.maximum(w0 @ p["k1"] + p["c1"], 0).reshape(n, SIDE, SIDE, C1)
    p1 = _pool(a1)
    w1 = _windows(p1)
    half = SIDE // 2
    a2 = np.maximum(w1 @ p["k2"] + p["c2"], 0).reshape(n, half, half, C2)
    p2 = _pool(a2).reshape(n, -1)
    h3 = np.maximum(p2 @ p["w3"] + p["b3"], 0)
    logits = h3 @ p["w4"] + p["b4"]
    return [w0, a1, p1, w1, a2, p2, h3, np.asarray(logits, np.float32)]


def forward(p: Params, batch: Floats) -> Floats:
    """The logits of each row (784 inputs, ``digits.prepare``'s)."""
    return _layers(p, batch)[-1]


def _unpool(grad: Floats, before: Floats) -> Floats:
    """A max pool's gradient: to the window's maximum."""
    up = np.repeat(np.repeat(grad, 2, axis=1), 2, axis=2)
    pooled = np.repeat(np.repeat(_pool(before), 2, axis=1), 2, axis=2)
    return np.asarray(up * (before == pooled), np.float32)


def gradients(p: Params, batch: Floats, labels: npt.NDArray[np.int64]) -> tuple[float, Params]:
    """The mean cross-entropy of a batch and its gradient for every weight."""
    w0, a1, _, w1, a2, p2, h3, logits = _layers(p, batch)
    n = len(batch)
    z = logits - logits.max(axis=1, keepdims=True)
    prob = np.exp(z)
    prob /= prob.sum(axis=1, keepdims=True)
    loss = float(-np.log(prob[np.arange(n), labels] + 1e-9).mean())
    d = prob
    d[np.arange(n), labels] -= 1
    d /= n
    g: Params = {"w4": h3.T @ d, "b4": d.sum(axis=0)}
    dh = (d @ p["w4"].T) * (h3 > 0)
    g["w3"], g["b3"] = p2.T @ dh, dh.sum(axis=0)
    half = SIDE // 2
    dp2 = (dh @ p["w3"].T).reshape(n, half // 2, half // 2, C2)
    da2 = (_unpool(dp2, a2) * (a2 > 0)).reshape(-1, C2)
    g["k2"], g["c2"] = w1.T @ da2, da2.sum(axis=0)
    dcols = (da2 @ p["k2"].T).reshape(n, half, half, 3, 3, C1)
    dpad = np.zeros((n, half + 2, half + 2, C1), np.float32)
    for i in range(3):
        for j in range(3):
            dpad[:, i:i + half, j:j + half] += dcols[:, :, :, i, j]
    dp1 = dpad[:, 1:-1, 1:-1]
    da1 = (_unpool(dp1, a1) * (a1 > 0)).reshape(-1, C1)
    g["k1"], g["c1"] = w0.T @ da1, da1.sum(axis=0)
    return loss, {k: np.asarray(v, np.float32) for k, v in g.items()}


__all__ = ["NAMES", "Params", "forward", "gradients", "init"]

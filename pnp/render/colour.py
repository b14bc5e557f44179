"""Colour science for telling pieces apart: CIELAB, ΔE76, greyscale and colour-vision
deficiency simulation.

Suit colours are chosen so that the eight suits stay apart for everybody: ΔE76 (the distance
in CIELAB) between any two suits, the same distance after simulating protanopia, deuteranopia
and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1: full dichromacy, the worst
case), and the difference in lightness L* (what a greyscale print keeps).  ``tests/render/
test_suits.py`` holds the palette to its targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise

from reportlab.lib.colors import Color

Lab = tuple[float, float, float]
RGB = tuple[float, float, float]

_M = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
_WHITE = tuple(sum(row) for row in _M)  # D65 white of sRGB

CVD: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. (2009) matrices at severity 1.0, applied to linear sRGB."""


def linear(c: float) -> float:
    """sRGB component (0-1) to linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _apply(m: tuple[RGB, RGB, RGB], v: RGB) -> RGB:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def lab_of_linear(rgb: RGB) -> Lab:
    x, y, z = (v / w for v, w in zip(_apply(_M, rgb), _WHITE, strict=True))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def lab(color: Color, deficiency: str | None = None) -> Lab:
    """CIELAB (D65) of a colour, as seen with ``deficiency`` (a key of :data:`CVD`) if given.

    >>> [round(v) for v in lab(Color(1, 1, 1))]
    [100, 0, 0]
    """
    rgb = (linear(color.red), linear(color.green), linear(color.blue))
    if deficiency is not None:
        rgb = tuple(min(1.0, max(0.0, v)) for v in _apply(CVD[deficiency], rgb))  # type: ignore[assignment]
    return lab_of_linear(rgb)


def delta_e76(a: Lab, b: Lab) -> float:
    """Euclidean distance in CIELAB: about 2.3 is just noticeable; 30 is unmistakable."""
    return float(sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5)


def min_delta_e(colors: Sequence[Color], deficiency: str | None = None) -> float:
    """The smallest ΔE76 between any two of ``colors``."""
    labs = [lab(c, deficiency) for c in colors]
    return min(delta_e76(a, b) for a, b in combinations(labs, 2))


def min_lightness_step(colors: Sequence[Color]) -> float:
    """The smallest difference in L* between two of ``colors``: what a greyscale print keeps."""
    ls = sorted(lab(c)[0] for c in colors)
    return min(b - a for a, b in pairwise(ls))


__all__ = ["CVD", "delta_e76", "lab", "min_delta_e", "min_lightness_step"]

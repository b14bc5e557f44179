"""The ArUco markers printed in the corners of every readable sheet, as data.

The patterns are those of OpenCV's predefined ``DICT_4X4_50`` (4 x 4 data bits inside a black
border one module wide, 6 x 6 modules in all), copied here so a kit draws them without OpenCV;
``tests/sheetread/test_aruco.py`` checks them against OpenCV's own dictionary.  A 1 bit is a
white module, as in OpenCV.

>>> marker_modules(0)[1]
(False, True, False, True, True, False)
"""

from __future__ import annotations

DICTIONARY = "DICT_4X4_50"
MODULES = 6  # 4 data bits + a black border module on each side

_BITS: dict[int, tuple[str, str, str, str]] = {
    0: ("1011", "0101", "0011", "0010"),
    1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"),
    3: ("1001", "1001", "0100", "0110"),
}
MARKER_IDS = tuple(sorted(_BITS))


def marker_modules(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The 6 x 6 modules of a marker, row 0 on top; True is white."""
    bits = _BITS[marker_id]
    edge = (False,) * MODULES
    rows = [(False, *(b == "1" for b in row), False) for row in bits]
    return (edge, *rows, edge)


__all__ = ["DICTIONARY", "MARKER_IDS", "MODULES", "marker_modules"]

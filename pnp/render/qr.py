"""QR codes as vector art: one filled path built from a QR module matrix (zxing-cpp).

Each row's runs of dark modules become one rectangle, and all rectangles go into a single path,
so the code stays crisp at any print resolution and small in the file (no raster image and no
rectangle per module).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

import zxingcpp
from reportlab.pdfgen.canvas import Canvas

QUIET = 4  # modules of white space around the symbol, as the QR standard asks


@lru_cache(maxsize=64)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix (error correction level M) without a quiet zone; row 0 is the top.

    Encoded by zxing-cpp (its zint encoder, in C++; the photo reader decodes with the same
    library): about 0.3 ms a code, where the qrcode package took 14 ms choosing its mask
    pattern in Python, eight trial encodings each scored, 30-70 ms of every kit."""
    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    image = memoryview(cast(Any, code.to_image(scale=1, add_quiet_zones=False)))
    assert image.shape is not None
    rows, cols = image.shape
    raw = image.tobytes()  # one byte a module: 0 dark, 255 light
    return tuple(tuple(raw[r * cols + c] == 0 for c in range(cols)) for r in range(rows))


def runs(row: Sequence[bool]) -> list[tuple[int, int]]:
    """(start, length) of each run of dark modules in a row."""
    out = []
    i, n = 0, len(row)
    while i < n:
        if row[i]:
            j = i
            while j < n and row[j]:
                j += 1
            out.append((i, j - i))
            i = j
        else:
            i += 1
    return out


def draw_qr(c: Canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw the code with its quiet zone inside the square (x, y, size, size)."""
    matrix = qr_matrix(data)
    n = len(matrix)
    module = size / (n + 2 * QUIET)
    ox, top = x + QUIET * module, y + size - QUIET * module
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, size, size, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    p = c.beginPath()
    for r, row in enumerate(matrix):
        for start, length in runs(row):
            p.rect(ox + start * module, top - (r + 1) * module, length * module, module)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


CAPTION = "Log this game in the tracker"


def _centred_within(c: Canvas, text: str, font: str, size: float, cx: float, y: float,
                    left: float, right: float) -> None:
    """Centred on ``cx`` where it fits, slid sideways to stay between ``left`` and ``right``,
    shrunk (never under 5 pt) if wider than that."""
    from pnp.render.fonts import text_width

    w = text_width(text, font, size)
    if w > right - left:
        size = max(5.0, size * (right - left) / w)
        w = text_width(text, font, size)
    x = min(max(cx - w / 2, left), right - w)
    c.setFont(font, size)
    c.drawString(x, y, text)


def qr_block(c: Canvas, url: str, x: float, y: float, size: float, *, left: float,
             right: float) -> float:
    """The tracker QR with its caption and URL under it, (x, y) the code's lower left.

    The caption and URL are centred under the code but kept between ``left`` and ``right``
    (the page's text area), so a code in a corner never pushes them into the margin.
    Returns the y under the last line.
    """
    from pnp.render.art import GREY, INK
    from pnp.render.fonts import BOLD, REGULAR, text_width
    from pnp.render.geometry import mm

    draw_qr(c, url, x, y, size)
    cx = x + size / 2
    c.setFillColor(INK)
    _centred_within(c, CAPTION, BOLD, 7.5, cx, y - mm(3), left, right)
    c.setFillColor(GREY)
    # The printed address leaves out the mode (`&chance=...`, pnp.render.options.table_url):
    # it only pre-selects a field of the form, and a typed address is better short.
    shown = url.split("&chance=")[0]
    lines = [shown]
    if text_width(shown, REGULAR, 5.8) > min(size + mm(10), right - left) and "?" in shown:
        cut = shown.index("?")
        lines = [shown[:cut], shown[cut:]]
    yy = y - mm(6)
    for line in lines:
        _centred_within(c, line, REGULAR, 5.8, cx, yy, left, right)
        yy -= 5.8 * 1.25
    return yy

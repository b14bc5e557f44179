"""The tracker's icon, drawn here: a ringed planet on a night-blue tile.

The same geometry twice: as SVG (``/static``-free, served at ``/favicon.svg`` and linked from
every page) and rasterised to a 32x32 PNG inside an ICO for ``/favicon.ico``, which browsers
ask for on their own.  No image files, no imaging library: PNG is zlib and CRCs.
"""

from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache

from flask import Blueprint, Response

bp = Blueprint("favicon", __name__)

SIZE = 32
BACKGROUND = (0x1B, 0x24, 0x40)
PLANET = (0xF2, 0xB6, 0x32)
RING = (0x8F, 0xD3, 0xFF)
STAR = (0xFF, 0xFF, 0xFF)
TILT = -20.0  # degrees, as SVG's rotate()
RING_RX, RING_RY, RING_W = 14.0, 5.0, 2.0
PLANET_R = 8.0

SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#1b2440"/>
<g transform="rotate({TILT:g} 16 16)" fill="none" stroke="#8fd3ff" stroke-width="{RING_W:g}">
<ellipse cx="16" cy="16" rx="{RING_RX:g}" ry="{RING_RY:g}"/></g>
<circle cx="16" cy="16" r="{PLANET_R:g}" fill="#f2b632"/>
<g transform="rotate({TILT:g} 16 16)" fill="none" stroke="#8fd3ff" stroke-width="{RING_W:g}">
<path d="M2,16 A{RING_RX:g},{RING_RY:g} 0 0 0 30,16"/></g>
<circle cx="26" cy="6" r="1.3" fill="#fff"/>
</svg>
"""


def _in_rounded_square(x: float, y: float, r: float = 6.0) -> bool:
    cx = min(max(x, r), SIZE - r)
    cy = min(max(y, r), SIZE - r)
    return 0 <= x <= SIZE and 0 <= y <= SIZE and (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _ring(x: float, y: float) -> tuple[bool, bool]:
    """(on the ring's band, in front of the planet) for a point in picture coordinates."""
    t = math.radians(TILT)
    dx, dy = x - 16, y - 16
    lx = dx * math.cos(t) + dy * math.sin(t)
    ly = -dx * math.sin(t) + dy * math.cos(t)
    half = RING_W / 2
    outer = (lx / (RING_RX + half)) ** 2 + (ly / (RING_RY + half)) ** 2 <= 1
    inner = (lx / (RING_RX - half)) ** 2 + (ly / (RING_RY - half)) ** 2 < 1
    return outer and not inner, ly > 0


def colour_at(x: float, y: float) -> tuple[int, int, int] | None:
    """The picture's colour at a point (None outside the tile)."""
    if not _in_rounded_square(x, y):
        return None
    colour = BACKGROUND
    band, front = _ring(x, y)
    if band and not front:
        colour = RING
    if (x - 16) ** 2 + (y - 16) ** 2 <= PLANET_R ** 2:
        colour = PLANET
    if band and front:
        colour = RING
    if (x - 26) ** 2 + (y - 6) ** 2 <= 1.3 ** 2:
        colour = STAR
    return colour


def pixels(size: int = SIZE, samples: int = 4) -> list[list[tuple[int, int, int, int]]]:
    """RGBA rows, each pixel the average of ``samples`` x ``samples`` points (antialiased)."""
    scale = SIZE / size
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at((px + (sx + 0.5) / samples) * scale,
                                  (py + (sy + 0.5) / samples) * scale)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 1
            n = samples * samples
            if acc[3]:
                row.append((acc[0] // acc[3], acc[1] // acc[3], acc[2] // acc[3],
                            255 * acc[3] // n))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    return rows


def png(rows: list[list[tuple[int, int, int, int]]]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(v for px in row for v in px) for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


@lru_cache(maxsize=1)
def ico() -> bytes:
    """A one-image ICO holding the 32x32 PNG (every browser since 2007 reads PNG icons)."""
    image = png(pixels())
    return (struct.pack("<HHH", 0, 1, 1)
            + struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16) + image)


def _cached(body: bytes | str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/favicon.ico")
def favicon_ico() -> Response:
    return _cached(ico(), "image/x-icon")


@bp.get("/favicon.svg")
def favicon_svg() -> Response:
    return _cached(SVG, "image/svg+xml")

"""QR codes as inline SVG (drawn by the qrcode package, no image files)."""

from __future__ import annotations

import io
import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup


def qr_svg(data: str) -> Markup:
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, border=2,
                        error_correction=qrcode.constants.ERROR_CORRECT_M)
    buf = io.BytesIO()
    image.save(buf)
    raw = buf.getvalue().decode()
    svg = re.sub(r'\s(width|height)="[^"]*"', "", raw[raw.find("<svg"):], count=2)
    svg = svg.replace("<svg", '<svg class="qr" role="img" aria-label="QR code"', 1)
    return Markup(svg)

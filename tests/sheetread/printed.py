"""Checking a printed sheet against its layout: the page is rendered to PNG with pdftoppm (as a
person would print and photograph it) and every part the layout names is looked for where the
layout says it is."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from pnp.render.geometry import Rect
from pnp.sheetread.aruco import MODULES, marker_modules
from pnp.sheetread.layout import SheetLayout

DPI = 150


def render_page(pdf: Path, page_index: int, dpi: int = DPI) -> Image.Image:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "page"
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page_index + 1), "-l",
                        str(page_index + 1), "-gray", "-png", "-singlefile", str(pdf), str(out)],
                       check=True)
        return Image.open(out.with_suffix(".png")).convert("L")


def _px(img: Image.Image, layout: SheetLayout, x: float, y: float) -> tuple[int, int]:
    """Image pixel of page point (x, y) (origin lower left), the page scaled into the image
    (an A5 print of an A4 design is centred, as the kit places it)."""
    pw, ph = layout.page
    s = min(img.width / pw, img.height / ph)
    dx, dy = (img.width - pw * s) / 2, (img.height - ph * s) / 2
    return int(dx + x * s), int(dy + (ph - y) * s)


def _darkest(img: Image.Image, p: tuple[int, int], r: int = 2) -> int:
    x, y = p
    return min(int(img.getpixel((i, j)))  # type: ignore[arg-type]
               for i in range(x - r, x + r + 1) for j in range(y - r, y + r + 1))


def _lightest(img: Image.Image, p: tuple[int, int], r: int = 1) -> int:
    x, y = p
    return max(int(img.getpixel((i, j)))  # type: ignore[arg-type]
               for i in range(x - r, x + r + 1) for j in range(y - r, y + r + 1))


def problems(img: Image.Image, layout: SheetLayout) -> list[str]:
    """Every part of the layout not found where it says, as readable lines."""
    out: list[str] = []
    for m in layout.markers:
        mod = m.rect.w / MODULES
        for r, row in enumerate(marker_modules(m.id)):
            for c, white in enumerate(row):
                p = _px(img, layout, m.rect.x + (c + 0.5) * mod, m.rect.y2 - (r + 0.5) * mod)
                v = int(img.getpixel(p))  # type: ignore[arg-type]
                if white != (v > 128):
                    out.append(f"marker {m.id} module ({r}, {c}) is {v}")
    for f in layout.fields:
        for i, b in enumerate((*f.boxes, *f.option_boxes)):
            edges = {"left": (b.x, b.cy), "right": (b.x2, b.cy), "bottom": (b.cx, b.y),
                     "top": (b.cx, b.y2)}
            for side, (x, y) in edges.items():
                if _darkest(img, _px(img, layout, x, y)) > 200:
                    out.append(f"{f.name} box {i}: no {side} edge where the layout has it")
            if _lightest(img, _px(img, layout, b.cx, b.cy + b.h * 0.15)) < 230:
                out.append(f"{f.name} box {i}: ink inside the box")
    return out


def qr_payloads(img: Image.Image) -> list[tuple[str, Rect]]:
    """Every QR on the page with its bounding box in image pixels."""
    import zxingcpp

    found = []
    for b in zxingcpp.read_barcodes(img):
        xs = [b.position.top_left.x, b.position.bottom_right.x, b.position.top_right.x,
              b.position.bottom_left.x]
        ys = [b.position.top_left.y, b.position.bottom_right.y, b.position.top_right.y,
              b.position.bottom_left.y]
        found.append((b.text, Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
    return found


def widget_rects(pdf: Path, page_index: int) -> dict[str, Rect]:
    """The AcroForm widgets of a page by field name."""
    page = PdfReader(pdf).pages[page_index]
    out = {}
    for annot in page.get("/Annots") or []:
        a = annot.get_object()
        if a.get("/Subtype") == "/Widget":
            x1, y1, x2, y2 = (float(v) for v in a["/Rect"])
            out[str(a["/T"])] = Rect(x1, y1, x2 - x1, y2 - y1)
    return out

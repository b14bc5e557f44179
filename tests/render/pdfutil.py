"""Helpers the render tests share: reading what a PDF really contains."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

MM = 72 / 25.4


def unembedded_fonts(path: Path) -> set[str]:
    """Every font a page, its XObjects or its form fields name without embedding it."""
    reader = PdfReader(path)
    missing: set[str] = set()
    for page in reader.pages:
        _, unembedded = page._get_fonts()
        missing |= set(unembedded)
    form = reader.trailer["/Root"].get("/AcroForm")
    if form is not None:
        dr = form.get_object().get("/DR")
        if dr is not None:
            for font in dr.get_object().get("/Font", {}).values():
                f = font.get_object()
                desc = f.get("/FontDescriptor")
                if desc is None or not any(k in desc.get_object() for k in
                                           ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.add(str(f.get("/BaseFont")))
    return missing


def font_names(path: Path) -> set[str]:
    reader = PdfReader(path)
    names: set[str] = set()
    for page in reader.pages:
        emb, unemb = page._get_fonts()
        names |= set(emb) | set(unemb)
    return names


def decode_qr(path: Path, page_index: int, dpi: int = 150) -> list[str]:
    """The QR codes a page links to (a readable sheet's own ``pnpsheet:`` code is left out:
    tests/sheetread checks those)."""
    import pypdfium2 as pdfium
    import zxingcpp

    doc = pdfium.PdfDocument(str(path))
    try:
        image = doc[page_index].render(scale=dpi / 72).to_pil()
    finally:
        doc.close()
    return [b.text for b in zxingcpp.read_barcodes(image) if not b.text.startswith("pnpsheet:")]


def box(page: object, name: str) -> tuple[float, float, float, float]:
    rect = getattr(page, name)
    return (float(rect.left), float(rect.bottom), float(rect.right), float(rect.top))


def guide_pages(path: Path) -> int:
    """How many pages the print guide takes at the front of a kit (1, or 2 with its back:
    the parts list and calibration scales, or blank): add it to a page index counted from the
    rules.  Read from the bookmarks: the section after "Print guide" starts there."""
    reader = PdfReader(path)
    outline = [o for o in reader.outline if not isinstance(o, list)]
    if not outline or outline[0].title != "Print guide":
        return 0
    return reader.get_destination_page_number(outline[1]) if len(outline) > 1 else 1

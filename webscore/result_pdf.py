"""The result PDF: the score sheet filled in from the log, final scores, and a QR code back to
the table.  Drawn with ReportLab, DejaVu fonts embedded (any player name prints)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import qrcode
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

import pnp.render
from webscore.export import play_facts
from webscore.sheetfill import filled_sheet
from webscore.tracker import Snapshot

FONTS = Path(pnp.render.__file__).parent / "fonts"
_REGISTERED = False


def _fonts() -> None:
    global _REGISTERED
    if not _REGISTERED:
        pdfmetrics.registerFont(TTFont("DejaVu", str(FONTS / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
        _REGISTERED = True


def _qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """Square modules drawn as filled rects (no font enters the page, unlike renderPDF)."""
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    matrix = code.get_matrix()
    cell = size / len(matrix)
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    for r, line in enumerate(matrix):
        for c, dark in enumerate(line):
            if dark:
                canvas.rect(x + c * cell, y + size - (r + 1) * cell, cell, cell,
                            stroke=0, fill=1)
    canvas.restoreState()


class _Writer:
    """Top-down text placement with page breaks."""

    def __init__(self, canvas: Canvas, top: float, bottom: float) -> None:
        self.c = canvas
        self.top = top
        self.bottom = bottom
        self.y = top

    def need(self, height: float) -> None:
        if self.y - height < self.bottom:
            self.c.showPage()
            self.y = self.top

    def line(self, x: float, text: str, size: float = 10, bold: bool = False,
             gap: float = 1.45) -> None:
        self.need(size * gap)
        self.y -= size * gap
        self.c.setFont("DejaVu-Bold" if bold else "DejaVu", size)
        self.c.drawString(x, self.y, text)


def result_pdf(snap: Snapshot, table_url: str) -> bytes:
    _fonts()
    buf = io.BytesIO()
    width, height = A4
    canvas = Canvas(buf, pagesize=A4, pageCompression=1, initialFontName="DejaVu",
                    initialFontSize=10)
    canvas.setTitle(f"{snap.game.title} — result")
    canvas.setAuthor("table tracker")
    margin = 16 * mm
    facts = play_facts(snap)
    _qr(canvas, table_url, width - margin - 30 * mm, height - margin - 30 * mm, 30 * mm)
    canvas.setFont("DejaVu", 7)
    canvas.drawRightString(width - margin, height - margin - 33 * mm, "back to the table")
    w = _Writer(canvas, height - margin, margin)
    w.line(margin, snap.game.title, 20, bold=True)
    status = (f"Finished: {facts['result']}" if facts["finished"]
              else "Not finished yet (position so far)")
    w.line(margin, status, 12)
    meta = f"{facts['date']} · {facts['duration_min']} min"
    if facts["location"]:
        meta += f" · {facts['location']}"
    if snap.table.seed is not None:
        meta += f" · seed {snap.table.seed}"
    w.line(margin, meta, 9)
    w.y -= 6
    w.line(margin, "Players", 12, bold=True)
    for p in facts["players"]:
        mark = "  winner" if p["win"] else ""
        points = f"{p['score']} point" + ("" if p["score"] == 1 else "s")
        w.line(margin + 4 * mm, f"Seat {p['seat']}: {p['name']} — {points}{mark}", 11)
    w.y = min(w.y, height - margin - 40 * mm)
    sheet = filled_sheet(snap)
    if sheet is not None:
        _draw_sheet(w, sheet, margin, width - margin)
    w.y -= 8
    w.line(margin, "Log", 12, bold=True)
    entries = [e.text for e in snap.entries]
    per_line = 8
    for i in range(0, len(entries), per_line):
        chunk = entries[i:i + per_line]
        w.line(margin + 4 * mm, f"{i + 1:>3}.  " + "  ".join(chunk), 8, gap=1.5)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _draw_sheet(w: _Writer, sheet: dict[str, Any], left: float, right: float) -> None:
    """A ruled table: the sheet's columns, one line per row, then its totals."""
    w.y -= 4
    w.line(left, sheet["title"], 12, bold=True)
    columns: list[str] = sheet["columns"]
    col_w = (right - left) / len(columns)
    w.need(14)
    w.y -= 14
    w.c.setFont("DejaVu-Bold", 8)
    for i, name in enumerate(columns):
        w.c.drawString(left + i * col_w + 2, w.y + 3, name)
    w.c.setLineWidth(0.4)
    for row in sheet["rows"]:
        w.need(12)
        w.c.line(left, w.y, right, w.y)
        w.y -= 12
        w.c.setFont("DejaVu", 8)
        for i, value in enumerate(row):
            w.c.drawString(left + i * col_w + 2, w.y + 3, str(value))
    w.c.line(left, w.y, right, w.y)
    w.y -= 4
    for label, value in sheet["totals"]:
        w.line(left, f"{label}: {value}", 10)

"""The result PDF: the score sheet filled in from the log, final scores, and a QR code back to
the table; then, for a game that draws them (Wormholes), the printed sheet's pages with the game
written in, as many as it fills.  Drawn with ReportLab in the bundled DejaVu family (embedded,
so any player name prints); the QR is one vector path (pnp.render.qr)."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.render.fonts import BOLD, REGULAR, register_fonts, text_width
from pnp.render.qr import draw_qr
from webscore.export import play_facts
from webscore.sheetfill import FilledSheet, Section, filled_sheet, printed_pages
from webscore.snapshots import Snapshot


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
        self.c.setFont(BOLD if bold else REGULAR, size)
        self.c.drawString(x, self.y, text)


def result_pdf(snap: Snapshot, table_url: str) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    width, height = A4
    canvas = Canvas(buf, pagesize=A4, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=10)
    canvas.setTitle(f"{snap.game.title} — result")
    canvas.setAuthor("table tracker")
    margin = 16 * mm
    facts = play_facts(snap)
    draw_qr(canvas, table_url, width - margin - 30 * mm, height - margin - 30 * mm, 30 * mm)
    canvas.setFont(REGULAR, 7)
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
    for text in _log_lines([e.text for e in snap.entries], width - 2 * margin - 4 * mm, 7.5):
        w.line(margin + 4 * mm, text, 7.5, gap=1.45)
    canvas.showPage()
    for page in printed_pages(snap, table_url.split("/t/")[0]):  # the sheet as printed
        canvas.setPageSize(page.size)
        page.draw(canvas)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _log_lines(entries: list[str], room: float, size: float) -> list[str]:
    """The log as numbered lines that fit ``room``: entries kept whole where they fit, a
    long entry (a Galaxy Trucker ship) broken at its own separators."""
    lines: list[str] = []
    line = ""
    for n, entry in enumerate(entries, start=1):
        piece = f"{n}. {entry}"
        candidate = f"{line}   {piece}" if line else piece
        if text_width(candidate, REGULAR, size) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for part in _chunks(piece, room, size):
            if line:
                lines.append(line)
            line = part
    if line:
        lines.append(line)
    return lines


def _chunks(text: str, room: float, size: float, font: str = REGULAR) -> list[str]:
    """``text`` cut into pieces no wider than ``room`` (after ';' or ' ' where possible)."""
    out: list[str] = []
    while text_width(text, font, size) > room:
        cut = len(text)
        while cut > 1 and text_width(text[:cut], font, size) > room:
            cut -= 1
        soft = max(text.rfind(";", 0, cut), text.rfind(" ", 0, cut))
        cut = soft + 1 if soft > cut // 2 else cut
        out.append(text[:cut])
        text = text[cut:]
    return [*out, text]


def _draw_sheet(w: _Writer, sheet: FilledSheet, left: float, right: float) -> None:
    w.y -= 4
    w.line(left, sheet.title, 13, bold=True)
    if sheet.note:
        w.line(left, sheet.note, 9)
    for section in sheet.sections:
        _draw_section(w, section, left, right)


def _fit(section: Section, room: float) -> tuple[float, list[float]]:
    """A font size (8 down to 5.5) and column widths that fit the section in ``room``."""
    size = 8.0
    while True:
        widths = []
        for i, name in enumerate(section.columns):
            cells = [row[i] for row in section.rows if i < len(row)]
            widest = max([text_width(name, BOLD, size),
                          *(text_width(c, REGULAR, size) for c in cells)])
            widths.append(widest + size)
        total = sum(widths)
        if total <= room or size <= 5.5:
            if total < room:  # spread the slack so short tables still span the page
                widths = [x * room / total for x in widths]
            return size, widths
        size -= 0.5


def _draw_section(w: _Writer, section: Section, left: float, right: float) -> None:
    """A ruled table: the header again on every new page, one line per row, totals after."""
    size, widths = _fit(section, right - left)
    xs = [left + sum(widths[:i]) for i in range(len(widths))]
    row_h = size * 1.6
    w.need(12 * 1.45 + 2 * row_h + 4)
    w.y -= 6
    w.line(left, section.title, 10.5, bold=True)
    w.y -= 2

    def header() -> None:
        w.y -= row_h
        w.c.setFont(BOLD, size)
        for x, name in zip(xs, section.columns, strict=True):
            w.c.drawString(x + 2, w.y + size * 0.45, name)
        w.c.setLineWidth(0.6)
        w.c.line(left, w.y, right, w.y)

    header()
    w.c.setLineWidth(0.3)
    for row in section.rows:
        if w.y - row_h < w.bottom:
            w.c.showPage()
            w.y = w.top
            header()
            w.c.setLineWidth(0.3)
        w.y -= row_h
        w.c.setFont(REGULAR, size)
        for x, value in zip(xs, row, strict=False):
            w.c.drawString(x + 2, w.y + size * 0.45, value)
        w.c.setStrokeGray(0.6)
        w.c.line(left, w.y, right, w.y)
        w.c.setStrokeGray(0)
    if section.totals:
        w.y -= 2
        line = ""
        for label, value in section.totals:  # wrapped between totals, and inside a long one
            piece = f"{label}: {value or '-'}"
            candidate = f"{line}    {piece}" if line else piece
            if line and text_width(candidate, BOLD, 9) > right - left:
                w.line(left, line, 9, bold=True)
                candidate = piece
            *full, line = _chunks(candidate, right - left, 9, BOLD)
            for part in full:
                w.line(left, part, 9, bold=True)
        w.line(left, line, 9, bold=True)

"""Score-sheet pages: a form mirroring each printed sheet, and a filled-PDF upload."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from pnp.engine import all_games
from pnp.sheets.report import group
from webscore import security
from webscore.errors import ApiError
from webscore.sheetforms import MAX_PAGES, check, check_pages, check_pdf, form_spec, has_sheet

bp = Blueprint("sheets", __name__)

# Re-exported for the API blueprint.
__all__ = ["MAX_PAGES", "bp", "check", "check_pages", "check_pdf", "form_spec", "has_sheet",
           "sheet_page"]


@bp.get("/sheets")
def index() -> str:
    games = [{"id": g.id, "title": g.title, "sheet": has_sheet(g.id)} for g in all_games()]
    return render_template("sheets_index.html", games=games)


def sheet_page(game_id: str, values: dict[str, str], report: dict[str, Any] | None,
               error: ApiError | None, status: int = 200,
               checked: dict[str, Any] | None = None) -> tuple[str, int]:
    """The sheet page: the form (filled with ``values``), the report of a check, a refusal;
    ``checked`` names a check made from a photo (webscore.sheetphoto) with its photo."""
    spec = form_spec(game_id)
    said = [line for line in (report or {}).get("lines", []) if isinstance(line, dict)]
    lines = {line.get("field"): line for line in said}
    mistakes = group(said)  # the same grouping as `pnp check-sheet` prints
    wrong = sum(1 + len(m.carried) for m in mistakes)
    return render_template("sheet.html", spec=spec, values=values, report=report,
                           lines=lines, mistakes=mistakes, wrong=wrong, error=error,
                           checked=checked), status


@bp.get("/sheets/<game_id>")
def sheet(game_id: str) -> tuple[str, int]:
    return sheet_page(game_id, {}, None, None)


@bp.post("/sheets/<game_id>")
def sheet_check(game_id: str) -> tuple[str, int]:
    security.check_csrf()
    values = {k: v for k, v in request.form.items() if k != "csrf"}
    try:
        report = check(game_id, values)
    except ApiError as exc:
        return sheet_page(game_id, values, None, exc, exc.status)
    return sheet_page(game_id, values, report, None)


@bp.post("/sheets/<game_id>/pdf")
def sheet_pdf(game_id: str) -> tuple[str, int]:
    security.check_csrf()
    upload = request.files.get("pdf")
    try:
        if upload is None:
            raise ApiError(422, "choose the filled score-sheet PDF", field="pdf")
        report = check_pdf(upload.read(), game_id)
    except ApiError as exc:
        return sheet_page(game_id, {}, None, exc, exc.status)
    return sheet_page(game_id, dict(report.get("fields", {})), report, None)

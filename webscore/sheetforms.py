"""What each printed score sheet holds, as form fields, and the bridge to ``pnp.sheets``.

The field names are the ones on the printed (fillable) sheets, so a typed form, an uploaded
PDF and the API all hand the checker the same dictionary.
"""

from __future__ import annotations

from typing import Any

from pnp import sheets
from pnp.engine import PnpError, UnknownGame, get_game
from webscore.errors import ApiError

MAX_PDF_BYTES = 4 * 1024 * 1024
MAX_FIELD_CHARS = 200
MAX_PAGES = 120
"""Pages in one record: a 4,500-turn Wormholes game (99 continuation pages) and room to spare."""


def has_sheet(game_id: str) -> bool:
    return game_id in sheets.sheet_games()


def form_spec(game_id: str) -> dict[str, Any]:
    """The form layout: the game's sheet spec (``SheetSpec.layout``) as JSON."""
    try:
        game = get_game(game_id)
        layout = sheets.sheet_spec(game.id).layout()
    except UnknownGame:
        raise ApiError(404, "no such game", field="game") from None
    except PnpError as exc:
        raise ApiError(404, str(exc), rule="sheets.unavailable") from None
    return {"game": game.id, **layout.to_json(), "title": game.title}


def field_names(spec: dict[str, Any]) -> list[str]:
    """Every field of a form spec (as JSON), in order: head, turn rows, blocks, totals."""
    names = [f["name"] for f in spec["head"]]
    rows = spec.get("rows")
    if rows:
        for n in range(1, rows["count"] + 1):
            names += [rows["name"].format(n=n, key=c["key"]) for c in rows["columns"]]
    for block in spec.get("blocks", []):
        names += [f["name"] for f in block["head"]]
        if block["grid"]:
            cells = [row["cells"] for row in block["grid"]["rows"]]
            if block["grid"].get("order") == "columns":
                cells = [list(col) for col in zip(*cells, strict=True)]
            names += [name for line in cells for name in line]
        names += [f["name"] for f in block["foot"]]
    names += [f["name"] for f in spec["totals"]]
    return names


def _clean(fields: dict[str, str], spec: dict[str, Any]) -> dict[str, str]:
    known = set(field_names(spec))
    out = {}
    for key, value in fields.items():
        if key not in known:
            continue
        if len(value) > MAX_FIELD_CHARS:
            raise ApiError(422, f"{key} is at most {MAX_FIELD_CHARS} characters", field=key)
        out[key] = value.strip()
    return out


def check(game_id: str, fields: dict[str, str]) -> dict[str, Any]:
    spec = form_spec(game_id)
    try:
        return dict(sheets.check_sheet(spec["game"], _clean(fields, spec)))
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        # A checker that cannot make sense of the sheet: say so, never a server error.
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None


def check_pages(game_id: str, pages: list[dict[str, str]]) -> dict[str, Any]:
    """A sheet given page by page, in page order (several photos of one record, a JSON
    ``pages`` body), checked once as one record (``SheetSpec.check_pages``)."""
    spec = form_spec(game_id)
    clean = [_clean(page, spec) for page in pages]
    try:
        return dict(sheets.check_pages(spec["game"], clean))
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None


def read_pdf(data: bytes) -> dict[str, str]:
    if not data:
        raise ApiError(422, "the uploaded file is empty", field="pdf")
    if len(data) > MAX_PDF_BYTES:
        raise ApiError(413, "the PDF is too large", field="pdf")
    try:
        return sheets.read_pdf_fields(data)
    except PnpError as exc:
        raise ApiError(422, str(exc), field="pdf") from None
    except Exception as exc:  # a damaged file can break pypdf in ways it does not wrap
        raise ApiError(422, f"the PDF could not be read ({type(exc).__name__})",
                       field="pdf") from None


def check_pdf(data: bytes, game_id: str | None) -> dict[str, Any]:
    """Read a filled AcroForm sheet and check it (the game: given, or guessed from fields)."""
    fields = read_pdf(data)
    if not game_id:
        try:
            game_id = sheets.guess_game(fields)
        except PnpError as exc:
            raise ApiError(422, str(exc), field="game") from None
    form_spec(game_id)  # 404 for a game without a sheet
    try:
        report = dict(sheets.check_document(game_id, fields))
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None
    report.setdefault("fields", fields)
    return report

"""What each printed score sheet holds, as form fields, and the bridge to ``pnp.sheets``.

The field names are the ones on the printed (fillable) sheets, so a typed form, an uploaded
PDF and the API all hand the checker the same dictionary.
"""

from __future__ import annotations

import re
from typing import Any

from pnp import sheets
from pnp.engine import PnpError, UnknownGame, get_game
from webscore.errors import ApiError

MAX_PDF_BYTES = 4 * 1024 * 1024
MAX_FIELD_CHARS = 200

GE_TURNS = 40
GE_COLUMNS = [("coin", "Coin", "S3 / M0"), ("speed", "Speed", "0-10"),
              ("dir", "Dir", "N E S W"), ("scans", "Scans", "cells"),
              ("deliver", "Deliver", "x"), ("refuel", "Refuel", "x")]
GE_TOTALS = [("deliveries", "Deliveries"), ("refuels", "Refuels"),
             ("coins_left", "Coins left"), ("score", "Score"), ("rating", "Rating")]


def _galaxy_express() -> dict[str, Any]:
    return {
        "game": "galaxy-express",
        "head": [{"name": "seed", "label": "Seed"}],
        "rows": {"count": GE_TURNS, "label": "Turn",
                 "columns": [{"key": k, "label": lab, "hint": hint}
                             for k, lab, hint in GE_COLUMNS],
                 "name": "t{n}_{key}"},
        "totals": [{"name": k, "label": lab} for k, lab in GE_TOTALS],
    }


_LAYOUTS = {"galaxy-express": _galaxy_express}


def has_sheet(game_id: str) -> bool:
    return game_id in sheets.sheet_games()


def form_spec(game_id: str) -> dict[str, Any]:
    """The form layout: the printed sheet's fields, in rows where we know the layout."""
    try:
        game = get_game(game_id)
        names = sheets.sheet_fields(game.id)
    except UnknownGame:
        raise ApiError(404, "no such game", field="game") from None
    except PnpError as exc:
        raise ApiError(404, str(exc), rule="sheets.unavailable") from None
    layout = _LAYOUTS.get(game.id)
    if layout is not None and field_names(layout()) == names:
        spec = layout()
    else:
        spec = infer_layout(game.id, names)
    spec["title"] = game.title
    return spec


_ROW_FIELD = re.compile(r"([a-z]+)(\d{1,3})_(\w+)")


def infer_layout(game_id: str, names: list[str]) -> dict[str, Any]:
    """Rows from names like ``m3_payoff`` (prefix, row number, column); the fields before the
    first row on top, the rest below.  One box per field when the names form no full grid."""
    def label(name: str) -> str:
        return name.replace("_", " ").capitalize()

    matches = [(n, _ROW_FIELD.fullmatch(n)) for n in names]
    rows = [m for _, m in matches if m]
    flat = {"game": game_id, "head": [], "rows": None,
            "totals": [{"name": n, "label": label(n)} for n in names]}
    if not rows or len({m.group(1) for m in rows}) != 1:
        return flat
    first = next(i for i, (_, m) in enumerate(matches) if m)
    keys = list(dict.fromkeys(m.group(3) for m in rows))
    spec = {
        "game": game_id,
        "head": [{"name": n, "label": label(n)} for n in names[:first]],
        "rows": {"count": max(int(m.group(2)) for m in rows), "label": "#",
                 "name": rows[0].group(1) + "{n}_{key}",
                 "columns": [{"key": k, "label": label(k), "hint": ""} for k in keys]},
        "totals": [{"name": n, "label": label(n)} for n, m in matches[first:] if not m],
    }
    return spec if sorted(field_names(spec)) == sorted(names) else flat


def field_names(spec: dict[str, Any]) -> list[str]:
    names = [f["name"] for f in spec["head"]]
    rows = spec.get("rows")
    if rows:
        for n in range(1, rows["count"] + 1):
            names += [rows["name"].format(n=n, key=c["key"]) for c in rows["columns"]]
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

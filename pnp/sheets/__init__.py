"""Score-sheet checking: recompute every line of a filled sheet from the rules.

A sheet arrives as form fields (the tracker's web form, a JSON file, or the AcroForm fields of
a score-sheet PDF filled in a PDF reader).  Each game with a printed sheet declares it in its
record (``GameRecord.sheet``, a ``pnp.engine.sheetspec.SheetSpec``).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pnp.engine import PnpError, all_records, get_record
from pnp.engine.sheetspec import SheetSpec

MAX_SHEET_BYTES = 5 * 1024 * 1024


def sheet_spec(game_id: str) -> SheetSpec:
    """The game's score-sheet spec (UnknownGame for a bad id, PnpError without a sheet)."""
    record = get_record(game_id)
    if record.sheet is None:
        raise PnpError(f"{game_id} has no score sheet to check yet")
    return record.sheet


def sheet_games() -> list[str]:
    return [r.id for r in all_records() if r.sheet is not None]


def sheet_fields(game_id: str) -> list[str]:
    return sheet_spec(game_id).field_names()


def _clean(fields: Mapping[str, Any]) -> dict[str, str]:
    return {str(k): ("" if v is None else str(v))[:200] for k, v in fields.items()}


def check_sheet(game_id: str, fields: Mapping[str, Any]) -> dict[str, object]:
    return dict(sheet_spec(game_id).check(_clean(fields)))


def check_pages(game_id: str, pages: Sequence[Mapping[str, Any]]) -> dict[str, object]:
    """Check a sheet given page by page, in page order (``SheetSpec.check_pages``)."""
    return dict(sheet_spec(game_id).check_pages([_clean(p) for p in pages]))


def check_document(game_id: str, fields: Mapping[str, Any]) -> dict[str, object]:
    """Check every fillable sheet of a game's kit at once (a filled kit PDF carries them all).
    For a kit with one sheet this is ``check_sheet``."""
    return dict(sheet_spec(game_id).check_document(_clean(fields)))


def read_pdf_fields(data: bytes) -> dict[str, str]:
    """The filled AcroForm fields of a score-sheet PDF."""
    if len(data) > MAX_SHEET_BYTES:
        raise PnpError(f"the PDF is larger than {MAX_SHEET_BYTES // (1024 * 1024)} MB")
    if not data.startswith(b"%PDF"):
        raise PnpError("that file is not a PDF")
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        raw = reader.get_fields() or {}
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise PnpError(f"cannot read the PDF's form: {exc}") from None
    if not raw:
        raise PnpError("the PDF has no form fields: print the fillable sheet from the kit")
    out: dict[str, str] = {}
    for name, field in raw.items():
        value = field.get("/V") if isinstance(field, dict) else None
        out[str(name)] = "" if value is None else str(value)
    return out


def guess_game(fields: Mapping[str, str]) -> str:
    """The game whose printed sheet has these fields (a `game` field wins)."""
    named = fields.get("game")
    if named:
        return str(named)
    best, overlap = None, 0
    for game_id in sheet_games():
        hits = len(set(sheet_fields(game_id)) & set(fields))
        if hits > overlap:
            best, overlap = game_id, hits
    if best is None:
        raise PnpError("these fields match no game's score sheet")
    return best


def check_sheet_file(path: Path) -> dict[str, object]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PnpError(f"cannot read {path}: {exc.strerror}") from None
    if data.startswith(b"%PDF"):
        fields = read_pdf_fields(data)
        return check_document(guess_game(fields), fields)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise PnpError(f"{path} is neither a PDF nor JSON "
                       '({"game": ..., "fields": {...}})') from None
    if isinstance(doc, dict) and isinstance(doc.get("pages"), list) and "fields" not in doc:
        pages = doc["pages"]
        if not pages or not all(isinstance(p, dict) for p in pages):
            raise PnpError('a JSON sheet in pages is {"game": "wormholes", "pages": [{...}, '
                           "{...}]}: one object of fields per page, in page order")
        clean = [_clean(p) for p in pages]
        named = doc.get("game")
        return check_pages(named if isinstance(named, str) else guess_game(
            {k: v for p in clean for k, v in p.items()}), clean)
    if not isinstance(doc, dict) or not isinstance(doc.get("fields"), dict):
        raise PnpError('a JSON sheet is {"game": "galaxy-express", "fields": {...}} (or '
                       '"pages": [{...}, ...], one object of fields per page)')
    fields = {str(k): str(v) for k, v in doc["fields"].items()}
    game_id = doc.get("game") if isinstance(doc.get("game"), str) else guess_game(fields)
    return check_sheet(str(game_id), fields)

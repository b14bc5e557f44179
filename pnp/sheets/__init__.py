"""Score-sheet checking: recompute every line of a filled sheet from the rules.

A sheet arrives as form fields (the tracker's web form, a JSON file, or the AcroForm fields of
a score-sheet PDF filled in a PDF reader).  Each game with a printed sheet registers a checker.
"""

from __future__ import annotations

import importlib
import io
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pnp.engine import PnpError, all_games, get_game

MAX_SHEET_BYTES = 5 * 1024 * 1024

Checker = Callable[[Mapping[str, str]], dict[str, object]]


def _checkers() -> dict[str, tuple[Checker, list[str]]]:
    """Every registered game whose package has a ``sheet`` module (check_sheet, field_names)."""
    found: dict[str, tuple[Checker, list[str]]] = {}
    for game in all_games():
        name = f"pnp.games.{game.id.replace('-', '_')}.sheet"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):  # no sheet module (or a game from
                continue  # outside pnp.games, like the tracker tests' toy game)
            raise
        found[game.id] = (module.check_sheet, module.field_names())
    return found


def sheet_games() -> list[str]:
    return sorted(_checkers())


def sheet_fields(game_id: str) -> list[str]:
    get_game(game_id)
    try:
        return _checkers()[game_id][1]
    except KeyError:
        raise PnpError(f"{game_id} has no score sheet to check yet") from None


def check_sheet(game_id: str, fields: Mapping[str, Any]) -> dict[str, object]:
    get_game(game_id)  # UnknownGame for a bad id
    entry = _checkers().get(game_id)
    if entry is None:
        raise PnpError(f"{game_id} has no score sheet to check yet")
    clean = {str(k): ("" if v is None else str(v))[:200] for k, v in fields.items()}
    return entry[0](clean)


def check_document(game_id: str, fields: Mapping[str, Any]) -> dict[str, object]:
    """Check every fillable sheet of a game's kit at once (a filled kit PDF carries them all).

    A game whose kit prints more than one checkable sheet gives its sheet module a
    ``check_document(fields)``; otherwise this is ``check_sheet``.
    """
    get_game(game_id)
    if game_id not in _checkers():
        raise PnpError(f"{game_id} has no score sheet to check yet")
    module = importlib.import_module(f"pnp.games.{game_id.replace('-', '_')}.sheet")
    whole = getattr(module, "check_document", None)
    if whole is None:
        return check_sheet(game_id, fields)
    clean = {str(k): ("" if v is None else str(v))[:200] for k, v in fields.items()}
    return dict(whole(clean))


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
    for game_id, (_, names) in _checkers().items():
        hits = len(set(names) & set(fields))
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
    if not isinstance(doc, dict) or not isinstance(doc.get("fields"), dict):
        raise PnpError('a JSON sheet is {"game": "galaxy-express", "fields": {...}}')
    fields = {str(k): str(v) for k, v in doc["fields"].items()}
    game_id = doc.get("game") if isinstance(doc.get("game"), str) else guess_game(fields)
    return check_sheet(str(game_id), fields)

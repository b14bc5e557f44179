"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json.

The tracker's own endpoints are described here; a game's JSON pages (``GameRecord.pages``)
are described by what each page declares (``pnp.engine.pages.ApiDoc``), so a page and its
entry are written in one place, the game's package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pnp.engine import GameRecord, all_records
from pnp.engine.pages import ApiDoc, Page

_ERROR = {"$ref": "#/components/schemas/Error"}
_STATE = {"$ref": "#/components/schemas/TableState"}
_TABLE_ID = {"name": "table_id", "in": "path", "required": True,
             "schema": {"type": "string", "maxLength": 32}}
_GAME_ID = {"name": "game_id", "in": "path", "required": True,
            "schema": {"type": "string", "maxLength": 64}}
_SINCE = {"name": "since", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 0},
          "description": "the seq you already have: history holds only what came after it"}
_TOKEN = {"name": "X-Table-Token", "in": "header", "required": True,
          "schema": {"type": "string"}, "description": "the table's write token"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "malformed body", 401: "no write token", 403: "wrong write token",
            404: "no such table or game", 409: "stale sequence number: fresh state attached",
            413: "request too large", 415: "not JSON", 422: "refused: rule id or field named"}
    return {str(c): _json(_ERROR, text.get(c, "refused")) for c in codes}


def _write_body(extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {"seq": {"type": "integer", "minimum": 0,
                                     "description": "the table's seq you last saw"},
                             "since": {"type": "integer", "minimum": 0,
                                       "description": "history in the answer starts after "
                                                      "this seq (default: seq; 0: all)"}}
    required = ["seq"]
    if extra:
        props.update(extra)
        required += list(extra)
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "properties": props, "required": required}}}}


def _write(summary: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "parameters": [_TABLE_ID, _TOKEN],
        "requestBody": _write_body(extra),
        "responses": {"201": _json(_STATE, "stored; the new state"),
                      **_errors(400, 401, 403, 404, 409, 413, 415, 422)}}}


def _game_pages(records: Iterable[GameRecord]) -> dict[str, Any]:
    """The paths of every record's JSON pages, from each page's ``ApiDoc`` (a plain object
    in and out when a page declares none)."""
    paths: dict[str, Any] = {}
    for record in records:
        for page in record.pages.pages if record.pages is not None else ():
            if page.json:
                ops = paths.setdefault(page.path, {})
                ops.update({m.lower(): _page_operation(page, m) for m in page.methods})
    return paths


def _page_operation(page: Page, method: str) -> dict[str, Any]:
    api = page.api or ApiDoc(page.name.replace("_", " "), {"type": "object"},
                             {"type": "object"})
    op: dict[str, Any] = {"summary": api.summary, "responses": {
        "200": _json(dict(api.answer), api.answer_description), **_errors(*api.errors)}}
    if method != "GET":
        op["requestBody"] = {"required": True, "content": {"application/json": {
            "schema": dict(api.body)}}}
    return op


def _not_now(doc: dict[str, Any]) -> dict[str, Any]:
    """Every POST may be rate limited (429), every call that can fail may meet a database
    fault (503); both with Retry-After (webscore.limits, webscore.errors)."""
    for path in doc["paths"].values():
        for method, op in path.items():
            responses = op["responses"]
            if method == "post":
                responses["429"] = _json(_ERROR, "rate limit: see Retry-After")
            if any(code.startswith("4") for code in responses):
                responses["503"] = _json(_ERROR, "database unavailable: see Retry-After")
    return doc


def document() -> dict[str, Any]:
    return _not_now(_document())


def _document() -> dict[str, Any]:
    string_map = {"type": "object", "additionalProperties": {"type": "string"}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table tracker API", "version": "1",
                 "description": "Log tabletop games move by move; every entry is checked by "
                                "the game's rules engine."},
        "paths": {
            "/api/games": {"get": {"summary": "the games", "responses": {"200": _json(
                {"type": "array", "items": {"type": "object"}}, "games")}}},
            "/api/tables": {"post": {
                "summary": "start a table",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["game", "players"], "properties": {
                        "game": {"type": "string"},
                        "players": {"type": "array", "items": {"type": "string"}},
                        "seed": {"type": ["integer", "null"], "minimum": 0},
                        "chance": {"enum": ["tracker", "table"]},
                        "options": {"type": "object"},
                        "location": {"type": "string"},
                        "auto_deal": {"type": "boolean", "default": True}}}}}},
                "responses": {"201": _json({"allOf": [_STATE, {"type": "object", "properties": {
                    "token": {"type": "string"}, "join_url": {"type": "string"}}}]},
                    "created; keep the token to write"),
                    **_errors(400, 413, 415, 422)}}},
            "/api/tables/{table_id}": {"get": {
                "summary": "a table's state", "parameters": [_TABLE_ID, _SINCE],
                "responses": {"200": _json(_STATE, "the state"), **_errors(404, 422)}}},
            "/api/tables/{table_id}/events": _write(
                "log one entry (one or several events in notation)",
                {"text": {"type": "string", "maxLength": 2000}}),
            "/api/tables/{table_id}/roll": _write("apply the chance outcomes the seed dealt"),
            "/api/tables/{table_id}/undo": _write("take back the last entry (recorded)"),
            "/api/tables/{table_id}/timer": {"post": {
                "summary": "the table's Galaxy Trucker build timer (GT-9), on server time",
                "parameters": [_TABLE_ID, _TOKEN],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["action"], "properties": {
                        "action": {"enum": ["new", "go", "flip", "finish"]},
                        "round": {"type": "integer", "minimum": 1, "maximum": 3},
                        "run": {"type": "integer", "minimum": 10, "maximum": 600},
                        "by": {"type": "string"},
                        "rev": {"type": "integer", "minimum": 0}}}}}},
                "responses": {"200": _json({"type": "object", "required": [
                    "table", "rev", "now", "timer"], "properties": {
                        "table": {"type": "string"}, "rev": {"type": "integer"},
                        "now": {"type": "number"}, "timer": {"type": ["object", "null"]}}},
                    "the timer after the change"),
                    **_errors(400, 401, 403, 404, 409, 413, 415, 422)}}},
            "/api/tables/{table_id}/log": {"get": {
                "summary": "the replayable game log (format 1)", "parameters": [_TABLE_ID],
                "responses": {"200": _json({"type": "object"}, "the log"), **_errors(404)}}},
            "/api/tables/{table_id}/export": {"get": {
                "summary": "the play in BoardGameGeek and BG Stats fields",
                "parameters": [_TABLE_ID],
                "responses": {"200": _json({"type": "object"}, "export"), **_errors(404)}}},
            "/api/tables/{table_id}/export.xml": {"get": {
                "summary": "the play as BoardGameGeek's XML API 2 writes a play",
                "parameters": [_TABLE_ID],
                "responses": {"200": {"description": "XML", "content": {
                    "application/xml": {"schema": {"type": "string"}}}}, **_errors(404)}}},
            "/api/tables/{table_id}/result.pdf": {"get": {
                "summary": "the result PDF: filled score sheet, log, QR code to the table",
                "parameters": [_TABLE_ID],
                "responses": {"200": {"description": "PDF", "content": {
                    "application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
                    **_errors(404)}}},
            "/api/sheets/{game_id}": {"get": {
                "summary": "the fields of a game's printed score sheet",
                "parameters": [_GAME_ID],
                "responses": {"200": _json({"type": "object"}, "form"), **_errors(404)}}},
            "/api/sheets/{game_id}/check": {"post": {
                "summary": "recompute a filled score sheet",
                "description": "One page as `fields`, or a record given page by page as "
                               "`pages` (in page order: the Wormholes front page, then its "
                               "continuation pages, each with its `page` number), checked as "
                               "one record.",
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "oneOf": [
                        {"type": "object", "required": ["fields"],
                         "properties": {"fields": string_map}},
                        {"type": "object", "required": ["pages"],
                         "properties": {"pages": {"type": "array", "minItems": 1,
                                                  "maxItems": 120, "items": string_map}}}]}}}},
                "responses": {"200": _json({"$ref": "#/components/schemas/SheetReport"},
                                           "report"),
                              **_errors(400, 404, 413, 415, 422)}}},
            "/api/sheets/check-pdf": {"post": {
                "summary": "read a score-sheet PDF filled in a PDF reader, and check it",
                "requestBody": {"required": True, "content": {"multipart/form-data": {
                    "schema": {"type": "object", "required": ["pdf"], "properties": {
                        "pdf": {"type": "string", "format": "binary"},
                        "game": {"type": "string"}}}}}},
                "responses": {"200": _json({"$ref": "#/components/schemas/SheetReport"},
                                           "report"),
                              **_errors(404, 413, 422)}}},
            **_game_pages(all_records()),
            "/api/openapi.json": {"get": {"summary": "this document", "responses": {
                "200": _json({"type": "object"}, "OpenAPI document")}}},
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["error"], "properties": {
                "error": {"type": "object", "required": ["message"], "properties": {
                    "message": {"type": "string"}, "rule": {"type": "string"},
                    "field": {"type": "string"},
                    "legal": {"type": "array", "items": {"type": "string"}},
                    "retry_after": {"type": "integer"}}},
                "state": _STATE}},
            "TableState": {"type": "object", "required": ["id", "game", "seq", "actor"],
                           "properties": {
                "id": {"type": "string"}, "game": {"type": "string"},
                "seq": {"type": "integer"}, "actor": {"type": "string"},
                "awaiting": {"enum": ["decision", "chance", "finished"]},
                "legal": {"type": "array", "items": {"type": "string"}},
                "dealt_available": {"type": "boolean"},
                "summary": {"type": "object"},
                "scores": {"type": "object", "additionalProperties": {"type": "integer"}},
                "finished": {"type": "boolean"},
                "winners": {"type": "array", "items": {"type": "string"}},
                "history": {"type": "array", "items": {"type": "object"},
                            "description": "entries in force (after `since` when given)"},
                "undone": {"type": "array", "items": {"type": "integer"},
                           "description": "entries taken back (by undos after `since`)"},
                "since": {"type": "integer", "description": "present when the history is "
                                                            "the change after this seq"},
                "writable": {"type": "boolean"}}},
            "SheetReport": {"type": "object", "properties": {
                "ok": {"type": "boolean"},
                "lines": {"type": "array", "items": {"type": "object", "properties": {
                    "field": {"type": "string"}, "value": {}, "expected": {},
                    "ok": {"type": "boolean"}, "why": {"type": "string"}}}}}},
        }},
    }

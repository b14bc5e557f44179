"""The JSON API: everything the pages do, for scripts and other front ends.

Writes authenticate with the table's write token in ``X-Table-Token`` (never the cookie).
Errors are ``{"error": {"message", "rule" | "field", ...}}``; a stale write gets 409 with the
fresh state under ``"state"``.  Answers carry the history after ``since`` (a write's default:
the ``seq`` it was posted at), so a long game costs a phone the change, not the whole log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from pnp.engine import IllegalMove, NotationError, all_games
from webscore import devices, inputs, security, sheets
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.export import bgg_xml, export
from webscore.openapi import document
from webscore.present import state_json
from webscore.security import TOKEN_HEADER
from webscore.snapshots import NotFound, Snapshot, cached, snapshot
from webscore.store import TableRecord, create_table
from webscore.tracker import TrackerRefusal, deal_pending, roll
from webscore.tracker import submit as submit_entry
from webscore.tracker import undo as undo_entry

bp = Blueprint("api", __name__, url_prefix="/api")


def body() -> dict[str, Any]:
    if not request.is_json:
        raise ApiError(415, "send a JSON object with Content-Type: application/json",
                       field="body")
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        raise ApiError(400, "the JSON body is nested too deeply", field="body") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the body must be a JSON object", field="body")
    return data


def load(table_id: str, fresh: bool = True) -> Snapshot:
    """The table as stored now (one query when cached), or, for a write (``fresh=False``),
    as this process last saw it: the write's INSERT finds out if another got there first."""
    try:
        if len(table_id) > 32:
            raise NotFound(table_id)
        return (snapshot if fresh else cached)(get_engine(), table_id)
    except NotFound as exc:
        raise ApiError(404, exc.message, field="table_id") from None


def since_arg(value: object) -> int | None:
    """The ``seq`` the client already has: answers then carry only what came after it."""
    if value is None:
        return None
    try:
        return inputs.parse_seq(value)
    except ApiError:
        raise ApiError(422, "since must be the seq you already have (0 for none)",
                       field="since") from None


def authorize(snap: Snapshot) -> None:
    authorize_table(snap.table)


def authorize_table(table: TableRecord) -> None:
    token = request.headers.get(TOKEN_HEADER)
    if not token:
        raise ApiError(401, f"writes need the table's write token in the {TOKEN_HEADER} header",
                       field=TOKEN_HEADER)
    if not table.token_ok(token):
        raise ApiError(403, "that write token does not belong to this table",
                       field=TOKEN_HEADER)


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())


@bp.get("/games")
def games() -> Response:
    return jsonify([{"id": g.id, "title": g.title, "min_players": g.min_players,
                     "max_players": g.max_players, "credits": g.credits,
                     "kit": url_for("tables.kit", game_id=g.id, _external=True),
                     "sheet": sheets.has_sheet(g.id)} for g in all_games()])


@bp.post("/tables")
def create() -> tuple[Response, int]:
    data = body()
    spec = inputs.new_table(data.get("game"), data.get("players"), data.get("seed"),
                            data.get("options"), data.get("chance"), data.get("location"),
                            data.get("auto_deal", True))
    engine = get_engine()
    record, token = create_table(engine, game=spec.game, seed=spec.seed, players=spec.players,
                                 options=spec.options, setup=spec.setup,
                                 auto_deal=spec.auto_deal, location=spec.location)
    snap = deal_pending(engine, snapshot(engine, record.id))
    out = state_json(snap, writable=True)
    out["token"] = token
    security.no_store()
    out["join_url"] = url_for("tables.join", table_id=record.id, k=token, _external=True)
    return jsonify(out), 201


@bp.get("/tables/<table_id>")
def table(table_id: str) -> Response:
    since = since_arg(request.args.get("since"))
    snap = load(table_id)
    token = request.headers.get(TOKEN_HEADER)
    return jsonify(state_json(snap, writable=snap.table.token_ok(token), since=since))


def _write(table_id: str, action: Callable[[int], Snapshot],
           data: dict[str, Any] | None = None) -> tuple[Response, int]:
    data = body() if data is None else data
    snap = load(table_id, fresh=False)
    authorize(snap)
    seq = inputs.parse_seq(data.get("seq"))
    since = since_arg(data.get("since", seq))
    try:
        new = action(seq)
    except IllegalMove as exc:
        raise ApiError(422, exc.message, rule=exc.rule, legal=list(exc.legal)) from None
    except NotationError as exc:
        raise ApiError(422, str(exc), rule="notation", field="text") from None
    except NotFound as exc:  # gone from the database since this process cached it
        raise ApiError(404, exc.message, field="table_id") from None
    except TrackerRefusal as exc:
        extra = ({"state": state_json(load(table_id), since=since)} if exc.status == 409
                 else None)
        raise ApiError(exc.status, exc.message, rule=exc.rule, extra=extra) from None
    return jsonify(state_json(new, writable=True, since=since)), 201


@bp.post("/tables/<table_id>/events")
def events(table_id: str) -> tuple[Response, int]:
    data = body()
    text = data.get("text")
    if not isinstance(text, str):
        raise ApiError(422, "text must be the entry in the game's notation", field="text")
    return _write(table_id, lambda seq: submit_entry(get_engine(), table_id, seq, text,
                                                     device=devices.api_device()), data)


@bp.post("/tables/<table_id>/roll")
def roll_for_us(table_id: str) -> tuple[Response, int]:
    return _write(table_id, lambda seq: roll(get_engine(), table_id, seq,
                                             device=devices.api_device()))


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> tuple[Response, int]:
    return _write(table_id, lambda seq: undo_entry(get_engine(), table_id, seq,
                                                   device=devices.api_device()))


@bp.get("/tables/<table_id>/log")
def table_log(table_id: str) -> Response:
    return jsonify(load(table_id).public_log().to_json())


@bp.get("/tables/<table_id>/export")
def table_export(table_id: str) -> Response:
    return jsonify(export(load(table_id)))


@bp.get("/tables/<table_id>/export.xml")
def table_export_xml(table_id: str) -> Response:
    return Response(bgg_xml(export(load(table_id))["bgg"]), mimetype="application/xml")


@bp.get("/tables/<table_id>/result.pdf")
def table_result_pdf(table_id: str) -> Response:
    from webscore.result_pdf import result_pdf

    snap = load(table_id)
    data = result_pdf(snap, url_for("tables.table", table_id=table_id, _external=True))
    return Response(data, mimetype="application/pdf")


@bp.get("/sheets/<game_id>")
def sheet_fields(game_id: str) -> Response:
    return jsonify(sheets.form_spec(game_id))


@bp.post("/sheets/<game_id>/check")
def sheet_check(game_id: str) -> Response:
    """``{"fields": {...}}``, or a record in pages: ``{"pages": [{...}, ...]}`` in page order
    (the Wormholes front page, then its numbered continuation pages), checked as one."""
    data = body()
    if "pages" in data:
        if "fields" in data:
            raise ApiError(422, "send either fields (one page) or pages (a record page by "
                                "page), not both", field="pages")
        return jsonify(sheets.check_pages(game_id, _pages(data["pages"])))
    return jsonify(sheets.check(game_id, _string_map(data.get("fields"), "fields")))


def _string_map(value: object, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ApiError(422, f"{where} must be an object of field name -> text", field=where)
    return value


def _pages(value: object) -> list[dict[str, str]]:
    if not isinstance(value, list) or not value:
        raise ApiError(422, "pages must be a list of pages, in page order, each an object of "
                            "field name -> text", field="pages")
    if len(value) > sheets.MAX_PAGES:
        raise ApiError(422, f"a record has at most {sheets.MAX_PAGES} pages", field="pages")
    return [_string_map(page, f"pages[{k}]") for k, page in enumerate(value)]


@bp.post("/sheets/check-pdf")
def sheet_check_pdf() -> Response:
    upload = request.files.get("pdf")
    if upload is None:
        raise ApiError(422, "send the filled score sheet as multipart field 'pdf'", field="pdf")
    game_id = request.form.get("game") or None
    return jsonify(sheets.check_pdf(upload.read(), game_id))

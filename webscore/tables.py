"""Pages for a table's life: home, new table, the table page, joining, finishing, downloads."""

from __future__ import annotations

import functools
import io
import json
import tempfile
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from pnp.engine import PnpError, UnknownGame, all_games, get_game
from pnp.render.options import KitOptions, Paper
from webscore import boards, entry, gameopts, inputs, parts, security, timers
from webscore.autostep import taken_back
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.export import bgg_xml, export
from webscore.present import state_json
from webscore.qr import qr_svg
from webscore.snapshots import NotFound, Snapshot, snapshot
from webscore.store import create_table
from webscore.tracker import deal_pending

bp = Blueprint("tables", __name__)


def load(table_id: str) -> Snapshot:
    if len(table_id) > 32:
        abort(404, description="no table with that id")
    try:
        return snapshot(get_engine(), table_id)
    except NotFound as exc:
        abort(404, description=exc.message)


def players_span(game: Any) -> str:
    lo, hi = game.min_players, game.max_players
    return f"{lo} player" + ("" if lo == 1 else "s") if lo == hi else f"{lo}-{hi} players"


@bp.get("/")
def home() -> str:
    games = [{"id": g.id, "title": g.title, "players": players_span(g), "credits": g.credits,
              "blurb": g.blurb} for g in all_games()]
    return render_template("home.html", games=games)


def _prefill() -> dict[str, Any]:
    game = request.args.get("game", "")
    seed = request.args.get("seed", "")
    ok_seed = seed.isascii() and seed.isdigit() and len(seed) < 20
    # A kit's QR code says which mode its setup sheet describes (pnp.render.options.table_url).
    chance = request.args.get("chance", "")
    return {"game": game, "seed": seed if ok_seed else "",
            "players": [], "chance": chance if chance in ("tracker", "table") else "table",
            "options": "",
            "location": "", "extra": {}, "manual_deal": False}


@bp.route("/new", methods=["GET", "POST"])
@bp.route("/tables/new", methods=["GET", "POST"])  # the path printed kits' QR codes carry
def new() -> str | BaseResponse | tuple[str, int]:
    games = all_games()
    if request.method == "GET":
        form = _prefill()
        return render_template("new.html", games=games, form=form, error=None,
                               seats=max((g.max_players for g in games), default=1),
                               fields=gameopts.fields(),
                               spans={g.id: players_span(g) for g in games})
    security.check_csrf()
    players = request.form.getlist("player")
    form = {"game": request.form.get("game", ""), "seed": request.form.get("seed", ""),
            "players": players, "chance": request.form.get("chance", "table"),
            "options": request.form.get("options", ""),
            "location": request.form.get("location", ""),
            "manual_deal": request.form.get("manual_deal") == "1"}
    form["extra"] = {k: v for k, v in request.form.items() if k.startswith("opt.")}
    try:
        options = inputs.parse_options(form["options"])
        options.update(gameopts.from_form(str(form["game"]), request.form))
        spec = inputs.new_table(form["game"], players, form["seed"], options,
                                form["chance"], form["location"],
                                request.form.get("manual_deal") != "1")
    except ApiError as exc:
        return render_template("new.html", games=games, form=form, error=exc,
                               seats=max((g.max_players for g in games), default=1),
                               fields=gameopts.fields(),
                               spans={g.id: players_span(g) for g in games}), 422
    engine = get_engine()
    record, token = create_table(engine, game=spec.game, seed=spec.seed, players=spec.players,
                                 options=spec.options, setup=spec.setup,
                                 auto_deal=spec.auto_deal, location=spec.location)
    deal_pending(engine, snapshot(engine, record.id), auto=True)
    security.remember_token(record.id, token)
    return redirect(url_for("tables.table", table_id=record.id), 303)


def join_url(table_id: str, token: str) -> str:
    return url_for("tables.join", table_id=table_id, k=token, _external=True)


def live_context(snap: Snapshot, *, error: dict[str, Any] | None = None, typed: str = "",
                 ask: dict[str, str] | None = None, pick: str | None = None) -> dict[str, Any]:
    """What ``_live.html`` draws: the state, the board with its tap targets, the entry."""
    writable = security.can_write(snap.table)
    state = state_json(snap, writable=writable)
    # The board may zoom on what is offered now (Galaxy Trucker's deciding ship): the same
    # list for writers and watchers, so every phone shows the same picture.
    offered = snap.legal() if snap.actor is not None and snap.actor >= 0 else []
    board = boards.render(snap.table.game, state["summary"], snap.table.players,
                          snap.scores(), offered)
    named = {**state["summary"], "player_names": list(snap.table.players), "offered": offered}
    options = entry.choices(snap) if writable else []
    overlay = entry.overlay(snap, named, str(board), options) if options else None
    on_board = {c.text for spot in (overlay.spots if overlay else ())
                for c in spot.choices + spot.alike}
    return {"snap": snap, "state": state, "board": board, "writable": writable,
            "error": error, "typed": typed, "ask": ask, "pick": pick,
            "options": options, "overlay": overlay, "on_board": on_board,
            "max_buttons": entry.ENUM_BUTTONS, "undo_words": "last entry",
            "can_undo": writable and taken_back([e.source for e in snap.entries],
                                                snap.table.auto_deal) > 0}


def render_table(snap: Snapshot, *, error: dict[str, Any] | None = None, typed: str = "",
                 status: int = 200) -> tuple[str, int]:
    writable = security.can_write(snap.table)
    token = security.session_token(snap.table.id) if writable else None
    join = join_url(snap.table.id, token) if token else None
    if join:
        security.no_store()
    notice = entry.take_notice(snap.table.id)
    context = live_context(snap, error=error or notice.get("error"),
                           typed=typed or str(notice.get("typed") or ""),
                           ask=notice.get("ask"), pick=notice.get("pick"))
    page = render_template(
        "table.html", **context, join_url=join, qr=qr_svg(join) if join else None,
        timer=timers.panel(snap.table.id, snap.table.players, context["writable"]),
        watch_url=url_for("tables.table", table_id=snap.table.id, _external=True))
    return page, status


def live_part(snap: Snapshot, *, status: int = 200, **kwargs: Any) -> tuple[Response, int]:
    """The changing part of the table page as JSON (``seq`` and ``html``), for table.js; a
    plain redraw is drawn once per head and view (``webscore.parts``)."""
    if any(kwargs.values()):
        html = render_template("_live.html", **live_context(snap, **kwargs))
    else:
        html = parts.plain(get_engine(), snap, security.can_write(snap.table),
                           lambda csrf: render_template("_live.html", **live_context(snap),
                                                        csrf_token=csrf))
    resp = Response(json.dumps({"seq": snap.head, "html": html}, ensure_ascii=False),
                    mimetype="application/json")
    resp.headers["Cache-Control"] = "no-store"
    return resp, status


@bp.get("/t/<table_id>")
def table(table_id: str) -> tuple[str, int]:
    return render_table(load(table_id))


@bp.get("/t/<table_id>/part")
def part(table_id: str) -> tuple[Response, int]:
    """The redrawn part; with ``since=SEQ`` an empty 204 while the table is still there."""
    since = request.args.get("since", "")
    snap = load(table_id)
    if since.isascii() and since.isdigit() and len(since) < 10 and int(since) == snap.head:
        resp = Response(status=204)
        resp.headers["Cache-Control"] = "no-store"
        return resp, 204
    return live_part(snap)


@bp.get("/t/<table_id>/join")
def join(table_id: str) -> BaseResponse:
    snap = load(table_id)
    token = request.args.get("k", "")
    if not snap.table.token_ok(token):
        abort(403, description="this join link is not valid for this table; ask a player "
                               "at the table to show you the QR code again")
    security.remember_token(table_id, token)
    security.no_store()
    return redirect(url_for("tables.table", table_id=table_id), 303)


@bp.get("/t/<table_id>/finish")
def finish(table_id: str) -> str:
    snap = load(table_id)
    state = state_json(snap, writable=security.can_write(snap.table))
    board = boards.render(snap.table.game, state["summary"], snap.table.players,
                          snap.scores())
    return render_template("finish.html", snap=snap, state=state, board=board,
                           play=export(snap)["play"])


def _download(body: str, name: str) -> Response:
    resp = Response(body, mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp


@bp.get("/t/<table_id>/log.json")
def log_json(table_id: str) -> Response:
    snap = load(table_id)
    return _download(snap.public_log().dumps(), f"{snap.table.game}-{table_id}.json")


@bp.get("/t/<table_id>/play.json")
def play_json(table_id: str) -> Response:
    snap = load(table_id)
    return _download(json.dumps(export(snap), ensure_ascii=False, indent=1),
                     f"{snap.table.game}-{table_id}-play.json")


@bp.get("/t/<table_id>/play.xml")
def play_xml(table_id: str) -> Response:
    snap = load(table_id)
    resp = Response(bgg_xml(export(snap)["bgg"]), mimetype="application/xml")
    resp.headers["Content-Disposition"] = (
        f'attachment; filename="{snap.table.game}-{table_id}-bgg.xml"')
    return resp


@bp.get("/t/<table_id>/result.pdf")
def result_pdf(table_id: str) -> Response:
    from webscore.result_pdf import result_pdf as build

    snap = load(table_id)
    data = build(snap, url_for("tables.table", table_id=table_id, _external=True))
    resp = Response(data, mimetype="application/pdf")
    resp.headers["Content-Disposition"] = f'inline; filename="{snap.table.game}-{table_id}.pdf"'
    return resp


@bp.get("/kit/<game_id>")
def kit(game_id: str) -> Response | tuple[str, int]:
    """Build the game's kit on demand (its QR codes point back at this tracker's host)."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        abort(404, description="no such game")
    paper = request.args.get("paper", "a4")
    if paper not in ("a4", "letter"):
        abort(400, description="paper must be a4 or letter")
    seed = inputs.parse_seed(request.args.get("seed") or "1")
    options = KitOptions(seed=1 if seed is None else seed, paper=cast(Paper, paper),
                         tracker_url=request.host_url.rstrip("/"))
    try:
        name, mimetype, data = _kit_file(game.id, options)
    except PnpError as exc:
        current_app.logger.info("kit not available: %s", exc)
        return render_template("error.html", code=404, title="Kit not available yet",
                               message=f"The printable kit for {game.title} is not "
                                       f"available yet ({exc})."), 404
    return send_file(io.BytesIO(data), mimetype=mimetype, as_attachment=True,
                     download_name=name)


@functools.lru_cache(maxsize=8)
def _kit_file(game_id: str, options: KitOptions) -> tuple[str, str, bytes]:
    """One download for a kit (a PDF, or a zip of several); recent ones are kept in memory
    because building a kit takes a second or more of CPU."""
    from pnp.render.kits import build_kit

    with tempfile.TemporaryDirectory() as tmp:
        files = build_kit(game_id, replace(options, out=Path(tmp)))
        pdfs = [f for f in files if f.suffix == ".pdf"]
        if not pdfs:
            raise PnpError("the kit builder produced no PDF")
        if len(pdfs) == 1:
            return pdfs[0].name, "application/pdf", pdfs[0].read_bytes()
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for f in pdfs:
                zf.write(f, f.name)
        return f"{game_id}-kit-seed{options.seed}.zip", "application/zip", buf.getvalue()

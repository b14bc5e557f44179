"""One build timer per table, for a game whose record declares one (``GameRecord.build_timer``,
e.g. Galaxy Trucker's GT-9 sand timer), on the server's clock, shared by every phone.

The rules of the timer are the game's (``pnp.engine.timer.TimerRules``); this module keeps one
timer per table in ``table_timers`` (a revision number bumped on each change, so two phones
flipping at once cannot both win: the second gets 409) and answers it as JSON with the
server's time, so each phone shows the same sand whatever its own clock says.  Every change
reaches the other phones through the live stream (webscore.live, ``event: timer``).

``GET /t/ID/timer`` the timer (``{"table", "rev", "now", "timer": null | {...}}``);
``POST /t/ID/timer`` (page form with CSRF, or ``/api/tables/ID/timer`` with the table's
token): ``action`` = ``new`` (``round`` 1-3, ``run`` seconds), ``go``, ``flip`` (``by``: who
turns it; the last flip needs a finished player) or ``finish`` (``by``: who takes the next
number tile); ``rev`` (optional) the revision the phone showed.
"""

from __future__ import annotations

import time
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response as BaseResponse

from pnp.engine import IllegalMove, UnknownGame, get_record
from pnp.engine.timer import BadTimer, TableTimer, TimerRules
from webscore import live, security
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.models import table_timers
from webscore.store import load_table, now

bp = Blueprint("timers", __name__)
clock = time.time  # the server's clock; tests replace it
ACTIONS = ("new", "go", "flip", "finish")


def rules_for(game_id: str) -> TimerRules | None:
    """The timer the game's record declares, or None."""
    try:
        return get_record(game_id).build_timer
    except UnknownGame:
        return None


def load_timer(engine: Engine, table_id: str,
               rules: TimerRules | None) -> tuple[int, TableTimer | None]:
    """The table's timer revision and state (read with the game's ``rules``)."""
    with engine.connect() as conn:
        row = conn.execute(select(table_timers.c.rev, table_timers.c.state)
                           .where(table_timers.c.table_id == table_id)).first()
    if row is None:
        return 0, None
    try:
        return int(row.rev), rules.from_json(row.state) if rules is not None else None
    except BadTimer:
        return int(row.rev), None


def view(table_id: str, rev: int, timer: TableTimer | None,
         at: float | None = None) -> dict[str, Any]:
    """The JSON every phone gets: the state, and what it means at the server's ``now``."""
    t = clock() if at is None else at
    out: dict[str, Any] = {"table": table_id, "rev": rev, "now": round(t, 3), "timer": None}
    if timer is not None:
        out["timer"] = {
            "round": timer.round, "run": timer.run, "players": list(timer.players),
            "circle": timer.circle, "since": timer.since, "ends_at": timer.ends_at(),
            "phase": timer.phase(t), "left": round(timer.left(t), 3),
            "circles": list(timer.circles()), "may_flip": list(timer.may_flip(t)),
            "tiles": list(timer.tiles), "building": list(timer.building()),
        }
    return out


def timer_view(engine: Engine, table_id: str) -> dict[str, Any] | None:
    table = load_table(engine, table_id)
    rules = rules_for(table.game) if table is not None else None
    rev, timer = load_timer(engine, table_id, rules)
    return None if rev == 0 else view(table_id, rev, timer)


def _stale(rev: int) -> ApiError:
    return ApiError(409, f"the timer changed (now at revision {rev}); look again",
                    rule="tracker.stale")


def change(engine: Engine, table_id: str, game_id: str, players: tuple[str, ...], form: Any,
           expected: int | None) -> dict[str, Any]:
    """Apply one timer action; returns the new view.  ApiError on a refusal."""
    rules = rules_for(game_id)
    if rules is None:
        raise ApiError(404, "this table's game keeps no timer", field="table_id")
    action = str(form.get("action") or "")
    if action not in ACTIONS:
        raise ApiError(422, f"action is one of {', '.join(ACTIONS)}", field="action")
    rev, timer = load_timer(engine, table_id, rules)
    if expected is not None and expected != rev:
        raise _stale(rev)
    at = clock()
    try:
        if action == "new":
            timer = rules.new_timer(form.get("round") or 1, list(players),
                                    form.get("run") or rules.DEFAULT_RUN)
        elif timer is None:
            raise ApiError(422, "this table has no timer yet; start one (action new)",
                           field="action")
        elif action == "go":
            timer = timer.go(at)
        elif action == "flip":
            timer = timer.flip(at, str(form.get("by") or "") or None)
        else:
            timer = timer.finish(str(form.get("by") or ""), at)
    except BadTimer as exc:
        raise ApiError(422, exc.message, field=exc.field) from None
    except IllegalMove as exc:
        raise ApiError(422, exc.message, rule=exc.rule, legal=list(exc.legal)) from None
    values = {"rev": rev + 1, "state": timer.to_json(), "updated_at": now()}
    with engine.begin() as conn:
        if rev == 0:
            try:
                conn.execute(insert(table_timers).values(table_id=table_id, **values))
            except IntegrityError:
                raise _stale(rev) from None
        elif conn.execute(update(table_timers).where(table_timers.c.table_id == table_id,
                                                     table_timers.c.rev == rev)
                          .values(**values)).rowcount != 1:
            raise _stale(rev)
    live.publish(engine, table_id, timer=rev + 1)
    return view(table_id, rev + 1, timer, at)


def _table(table_id: str) -> Any:
    table = load_table(get_engine(), table_id) if len(table_id) <= 32 else None
    if table is None:
        raise ApiError(404, "no table with that id", field="table_id")
    return table


def _expected(form: Any) -> int | None:
    raw = str(form.get("rev") if form.get("rev") is not None else "")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise ApiError(422, "rev is the timer revision the page showed", field="rev")
    return int(raw)


def panel(table_id: str, players: tuple[str, ...], writable: bool) -> dict[str, Any] | None:
    """What ``_timer.html`` draws, for a table whose game builds against a timer (else
    None)."""
    table = load_table(get_engine(), table_id)
    rules = rules_for(table.game) if table is not None else None
    if rules is None:
        return None
    rev, timer = load_timer(get_engine(), table_id, rules)
    out = view(table_id, rev, timer)
    out.update(players=list(players), writable=writable, rounds=rules.ROUNDS,
               default_run=rules.DEFAULT_RUN,
               next_tile=len(timer.tiles) + 1 if timer else 1)
    return out


@bp.get("/t/<table_id>/timer/panel")
def panel_html(table_id: str) -> Response:
    """The timer panel alone (timer.js swaps it in when an ``event: timer`` arrives)."""
    table = _table(table_id)
    found = panel(table_id, table.players, security.can_write(table))
    response = Response(render_template("_timer.html", timer=found) if found else "",
                        mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<table_id>/timer")
def show(table_id: str) -> Response:
    table = _table(table_id)
    rev, timer = load_timer(get_engine(), table_id, rules_for(table.game))
    response = jsonify(view(table_id, rev, timer))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/t/<table_id>/timer")
def post(table_id: str) -> Response | BaseResponse:
    """The page's form (CSRF and the browser's join); answers JSON to a script."""
    security.check_csrf()
    table = _table(table_id)
    if not security.can_write(table):
        abort(403, description="this browser has not joined the table; scan the table's QR "
                               "code on a player's phone to join")
    form = dict(request.form.items())
    form.setdefault("action", request.args.get("action", ""))  # a button's formaction
    result = change(get_engine(), table_id, table.game, table.players, form, _expected(form))
    if request.accept_mimetypes.best == "application/json":
        return jsonify(result)
    return redirect(url_for("tables.table", table_id=table_id) + "#timer", 303)


@bp.post("/api/tables/<table_id>/timer")
def api_post(table_id: str) -> tuple[Response, int]:
    from webscore.api import authorize_table, body

    data = body()
    table = _table(table_id)
    authorize_table(table)
    return jsonify(change(get_engine(), table_id, table.game, table.players, data,
                          _expected(data))), 200

"""Form posts from the table page: log an entry, roll for us, undo.

Every post carries the CSRF token and the sequence number the page showed.  A page with
JavaScript posts with ``X-Requested-With: fetch`` and gets the redrawn part of the page as JSON
(``tables.live_part``): the address stays the table's.  A plain form post is answered with a
redirect to the table (POST-redirect-GET); a refusal, with the typed text, travels in the
session to that page.  An entry the game asks about first (conceding) shows its question and
is logged only when posted again with ``confirmed=1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from pnp.engine import IllegalMove, NotationError
from webscore import devices, entry, security
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.inputs import parse_seq
from webscore.snapshots import NotFound, Snapshot, cached
from webscore.tables import live_part, load
from webscore.tracker import TrackerRefusal, already_logged, roll, submit, undo

bp = Blueprint("moves", __name__)

Answer = BaseResponse | tuple[Response, int]


def wants_part() -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _answer(table_id: str, *, status: int = 200, snap: Snapshot | None = None,
            **notice: Any) -> Answer:
    """The redrawn part (from ``snap``, the table as this post left it, when given) or a
    redirect to the page."""
    kept = {k: v for k, v in notice.items() if v}
    if wants_part():
        return live_part(snap or load(table_id), status=status, **kept)
    if kept:
        entry.leave_notice(table_id, **kept)
    return redirect(url_for("tables.table", table_id=table_id) + "#entry", 303)


def _before(table_id: str) -> Snapshot:
    """The table a post is checked against: this process's newest snapshot when it is at
    least as new as the page that posted (the write itself finds out if another process
    stored an entry since, and answers 409), else the table as stored now (one query)."""
    posted = request.form.get("seq", "")
    if posted.isascii() and posted.isdigit() and len(posted) < 10 and len(table_id) <= 32:
        try:
            snap = cached(get_engine(), table_id)
        except NotFound as exc:
            abort(404, description=exc.message)
        if int(posted) <= snap.head:
            return snap
    return load(table_id)


def _post(table_id: str, action: Callable[[int], Snapshot], typed: str = "",
          ask: Callable[[Snapshot], str | None] | None = None) -> Answer:
    security.check_csrf()
    snap = _before(table_id)
    if not security.can_write(snap.table):
        abort(403, description="this browser has not joined the table; scan the table's QR "
                               "code on a player's phone to join")
    question = ask(snap) if ask is not None else None
    if question:
        return _answer(table_id, ask={"question": question, "text": typed})
    try:
        seq = parse_seq(request.form.get("seq", ""))
        new = action(seq)
    except ApiError as exc:
        return _answer(table_id, error={"field": exc.field, "message": exc.message},
                       typed=typed, status=exc.status)
    except IllegalMove as exc:
        return _answer(table_id, error=exc.to_json(), typed=typed, status=422)
    except NotationError as exc:
        return _answer(table_id, error={"rule": "notation", "message": str(exc)},
                       typed=typed, status=422)
    except NotFound as exc:  # gone from the database since this process cached it
        abort(404, description=exc.message)
    except TrackerRefusal as exc:
        fresh = load(table_id)
        if exc.rule == "tracker.stale" and typed and already_logged(
                fresh, parse_seq(request.form.get("seq", "")), typed):
            return _answer(table_id)
        return _answer(table_id, error={"rule": exc.rule, "message": exc.message},
                       typed=typed, status=exc.status)
    return _answer(table_id, snap=new)


@bp.post("/t/<table_id>/move")
def move(table_id: str) -> Answer:
    text = request.form.get("text", "")
    spot = request.form.get("spot", "")
    if spot and not text:  # a place on the board with several choices: show them
        security.check_csrf()
        return _answer(table_id, pick=spot[:40])
    confirmed = request.form.get("confirmed") == "1"
    return _post(table_id,
                 lambda seq: submit(get_engine(), table_id, seq, text, auto=True,
                                    device=devices.current()), text,
                 ask=None if confirmed else (lambda snap: entry.question(snap, text)))


@bp.post("/t/<table_id>/roll")
def roll_for_us(table_id: str) -> Answer:
    return _post(table_id, lambda seq: roll(get_engine(), table_id, seq, auto=True,
                                            device=devices.current()))


@bp.post("/t/<table_id>/undo")
def undo_last(table_id: str) -> Answer:
    return _post(table_id, lambda seq: undo(get_engine(), table_id, seq,
                                            device=devices.current()))

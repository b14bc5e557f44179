"""Form posts from the table page: log an entry, roll for us, undo.

Every post carries the CSRF token and the sequence number the page showed.  A refusal redraws
the table page with the rule id and the engine's message, keeping what was typed.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from pnp.engine import IllegalMove, NotationError
from webscore import security
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.inputs import parse_seq
from webscore.tables import load, render_table
from webscore.tracker import Snapshot, TrackerRefusal, already_logged, roll, submit, undo

bp = Blueprint("moves", __name__)


def _post(table_id: str, action: Callable[[int], Snapshot],
          typed: str = "") -> BaseResponse | tuple[str, int]:
    security.check_csrf()
    snap = load(table_id)
    if not security.can_write(snap.table):
        abort(403, description="this browser has not joined the table; scan the table's QR "
                               "code on a player's phone to join")
    try:
        seq = parse_seq(request.form.get("seq", ""))
        action(seq)
    except ApiError as exc:
        return render_table(snap, error={"field": exc.field, "message": exc.message},
                            typed=typed, status=exc.status)
    except IllegalMove as exc:
        return render_table(snap, error=exc.to_json(), typed=typed, status=422)
    except NotationError as exc:
        return render_table(snap, error={"rule": "notation", "message": str(exc)},
                            typed=typed, status=422)
    except TrackerRefusal as exc:
        fresh = load(table_id)
        if exc.rule == "tracker.stale" and typed and already_logged(
                fresh, parse_seq(request.form.get("seq", "")), typed):
            return redirect(url_for("tables.table", table_id=table_id) + "#entry", 303)
        return render_table(fresh, error={"rule": exc.rule, "message": exc.message},
                            typed=typed, status=exc.status)
    return redirect(url_for("tables.table", table_id=table_id) + "#entry", 303)


@bp.post("/t/<table_id>/move")
def move(table_id: str) -> BaseResponse | tuple[str, int]:
    text = request.form.get("text", "")
    return _post(table_id, lambda seq: submit(get_engine(), table_id, seq, text), text)


@bp.post("/t/<table_id>/roll")
def roll_for_us(table_id: str) -> BaseResponse | tuple[str, int]:
    return _post(table_id, lambda seq: roll(get_engine(), table_id, seq))


@bp.post("/t/<table_id>/undo")
def undo_last(table_id: str) -> BaseResponse | tuple[str, int]:
    return _post(table_id, lambda seq: undo(get_engine(), table_id, seq))

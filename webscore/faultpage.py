"""A post from the table page that the database or a rate limit turned away is answered with
the table page itself: the message in its refusal box, the typed entry still in its box (for
the page's script, the redrawn part as JSON), when the table can still be read (SQLite locked
for writing, a full disk, a rate limit).  When it cannot, webscore.errors answers with a page
that keeps what was typed.  A module of its own so that errors need not import the pages.
"""

from __future__ import annotations

from flask import Flask, Response, request
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from webscore.errors import NotNow
from webscore.tables import live_part, load, render_table

TABLE_POSTS = ("moves.move", "moves.roll_for_us", "moves.undo_last")


def table_page(exc: NotNow) -> Response | None:
    table_id = (request.view_args or {}).get("table_id")
    if request.method != "POST" or request.endpoint not in TABLE_POSTS or not table_id:
        return None
    error = {"rule": exc.rule, "message": exc.message}
    typed = request.form.get("text", "")
    try:
        snap = load(str(table_id))
        if request.headers.get("X-Requested-With") == "fetch":
            return live_part(snap, error=error, typed=typed)[0]
        return Response(render_table(snap, error=error, typed=typed)[0])
    except (DBAPIError, PoolTimeout, DisconnectionError, HTTPException):
        return None


def init_app(app: Flask) -> None:
    app.extensions["webscore_fault_page"] = table_page

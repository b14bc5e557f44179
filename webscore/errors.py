"""One error shape: JSON with a rule id or a field name under /api, a page everywhere else.

Two answers say "not now" rather than "no": 503 when the database is unreachable, locked, full
or not at this webscore's schema, and 429 when a client went over a rate limit
(webscore.limits).  Both carry ``Retry-After``; a page posted from a form is answered with
what was typed, ready to be sent again, so nothing typed is lost to a fault.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from webscore.db import UPGRADE_COMMAND, SchemaUnavailable


class ApiError(Exception):
    """A refusal with an HTTP status: ``rule`` for game/tracker rules, ``field`` for input."""

    def __init__(self, status: int, message: str, *, rule: str | None = None,
                 field: str | None = None, legal: list[str] | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.status = status
        self.message = message
        self.rule = rule
        self.field = field
        self.legal = legal
        self.extra = extra or {}
        super().__init__(message)

    def body(self) -> dict[str, Any]:
        err: dict[str, Any] = {"message": self.message}
        if self.rule:
            err["rule"] = self.rule
        if self.field:
            err["field"] = self.field
        if self.legal is not None:
            err["legal"] = self.legal
        return {"error": err, **self.extra}


class NotNow(Exception):
    """A request to come back later: 503 (database) or 429 (rate limit), with Retry-After."""

    def __init__(self, status: int, rule: str, message: str, retry_after: int) -> None:
        self.status = status
        self.rule = rule
        self.message = message
        self.retry_after = max(1, int(retry_after))
        super().__init__(f"[{rule}] {message}")


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _http_error(exc: HTTPException) -> tuple[Response | str, int]:
    code = exc.code or 500
    message = exc.description or exc.name
    if code == 413:
        message = "the request is too large"
    if wants_json():
        return jsonify({"error": {"message": message, "rule": f"http.{code}"}}), code
    return render_template("error.html", code=code, title=exc.name, message=message), code


def _api_error(exc: ApiError) -> tuple[Response | str, int]:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("error.html", code=exc.status, title="Not possible",
                           message=exc.message), exc.status


def _kept_fields() -> list[tuple[str, str]]:
    """What a form posted, to post again (files cannot be kept: the page says so)."""
    if request.method != "POST":
        return []
    try:
        return [(k, v) for k, v in request.form.items(multi=True)]
    except (HTTPException, ValueError):  # an unreadable body has nothing worth keeping
        return []


FaultPage = Callable[[NotNow], Response | None]
"""webscore.faultpage: the table page answering a post from it, when it can be drawn."""


def not_now(exc: NotNow) -> Response:
    """The 503/429 answer: JSON under /api, else the table page or a page that keeps what
    was typed, ready to send again."""
    table_page: FaultPage | None = current_app.extensions.get("webscore_fault_page")
    page = None if wants_json() or table_page is None else table_page(exc)
    if page is not None:
        resp = page
    elif wants_json():
        resp = jsonify({"error": {"message": exc.message, "rule": exc.rule,
                                  "retry_after": exc.retry_after}})
    else:
        title = "Too many requests" if exc.status == 429 else "The tracker cannot store this now"
        resp = Response(render_template(
            "retry.html", code=exc.status, title=title, message=exc.message,
            retry_after=exc.retry_after, fields=_kept_fields(),
            had_file=bool(request.method == "POST" and request.files),
            action=request.path, method=request.method))
    resp.status_code = exc.status
    resp.headers["Retry-After"] = str(exc.retry_after)
    resp.headers["Cache-Control"] = "no-store"
    return resp


def database_fault(exc: BaseException) -> NotNow | None:
    """A database error that is a passing condition (503), or None for a real bug."""
    if isinstance(exc, SchemaUnavailable):
        return NotNow(503, "db.schema", f"the tracker's database is not ready: {exc}", 60)
    if isinstance(exc, PoolTimeout | DisconnectionError):
        return NotNow(503, "db.unavailable", _UNAVAILABLE, 5)
    if not isinstance(exc, DBAPIError):
        return None
    text = str(exc.orig).lower()
    name = type(exc.orig).__name__
    if "no such table" in text or name == "UndefinedTable":
        return NotNow(503, "db.schema", "the tracker's database has no schema yet: the "
                      f"operator must run `{UPGRADE_COMMAND}`", 60)
    if "disk is full" in text or "no space left" in text or name == "DiskFull":
        return NotNow(503, "db.full", "the server's disk is full, so nothing new can be "
                      "stored until the operator frees space; what you sent was not stored",
                      60)
    if "locked" in text or "busy" in text:
        return NotNow(503, "db.busy", "the database is busy (locked by a backup or another "
                      "program); try again in a few seconds", 5)
    if exc.connection_invalidated or isinstance(exc, OperationalError | InterfaceError):
        return NotNow(503, "db.unavailable", _UNAVAILABLE, 5)
    return None


_UNAVAILABLE = ("the database is not answering (it may be restarting); try again in a few "
                "seconds")


def _database_error(exc: Exception) -> Response | tuple[Response | str, int]:
    fault = database_fault(exc)
    if fault is None:
        if current_app.testing:
            raise exc
        return _unexpected(exc)
    current_app.logger.warning("database fault, answered %s: %s", fault.status,
                               str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    return not_now(fault)


def _unexpected(exc: Exception) -> tuple[Response | str, int]:
    current_app.logger.exception("unexpected error")
    message = "something went wrong on our side; nothing you entered was stored"
    if wants_json():
        return jsonify({"error": {"message": message, "rule": "http.500"}}), 500
    return render_template("error.html", code=500, title="Server error", message=message), 500


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(NotNow, not_now)
    for kind in (DBAPIError, PoolTimeout, DisconnectionError, SchemaUnavailable):
        app.register_error_handler(kind, _database_error)
    if not app.testing:
        app.register_error_handler(Exception, _unexpected)

"""One error shape: JSON with a rule id or a field name under /api, a page everywhere else."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException


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


def _unexpected(exc: Exception) -> tuple[Response | str, int]:
    from flask import current_app

    current_app.logger.exception("unexpected error")
    message = "something went wrong on our side; nothing you entered was stored"
    if wants_json():
        return jsonify({"error": {"message": message, "rule": "http.500"}}), 500
    return render_template("error.html", code=500, title="Server error", message=message), 500


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ApiError, _api_error)
    if not app.testing:
        app.register_error_handler(Exception, _unexpected)

"""``GET /healthz``: a liveness answer that touches neither the database nor an engine.

Load balancers poll it, and the tracker benchmark uses it as the yardstick: the cost of Flask
and gunicorn alone, measured in the same run as move logging.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    response = jsonify({"ok": True})
    response.headers["Cache-Control"] = "no-store"
    return response

"""webscore.lanes: the hot API routes found without the router, with the router's result."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.test import EnvironBuilder

from webscore import create_app
from webscore.lanes import LaneContext


def _router(app: Flask, environ: dict[str, Any]) -> Any:
    """What werkzeug's router makes of the request: (endpoint, view args) or the error."""
    adapter = app.url_map.bind_to_environ(environ, server_name=None, subdomain="")
    try:
        rule, args = adapter.match(return_rule=True)
    except HTTPException as exc:
        return type(exc).__name__
    return rule.endpoint, args


def _lane(app: Flask, environ: dict[str, Any]) -> tuple[Any, bool]:
    ctx = LaneContext(app, environ)
    with ctx:
        if request.routing_exception is not None:
            return type(request.routing_exception).__name__, ctx._hit is not None
        assert request.url_rule is not None
        return (request.url_rule.endpoint, request.view_args), ctx._hit is not None


PATHS = ["/api/tables/{id}", "/api/tables/{id}/events", "/api/tables/{id}/",
         "/api/tables/{id}/events/", "/api/tables//events", "/api/tables/{id}/roll",
         "/api/tables/{id}/log",
         "/api/tables/{id}/events/x", "/api//tables/{id}/events", "/healthz", "/api/tables",
         "/t/{id}", "/api/tables/{id}%2Fevents", "/t/{id}/move", "/t/{id}/events",
         "/t/{id}/events/", "/t//move", "/t/{id}/part"]


def test_the_lanes_find_what_the_router_finds(app: Flask) -> None:
    rng = random.Random(7)
    taken = 0
    for _ in range(400):
        alphabet = rng.choice(["abcXYZ019_-", "abcXYZ019_-.~é% /"])
        tid = "".join(rng.choice(alphabet) for _ in range(rng.choice([1, 5, 12, 32, 33])))
        path = rng.choice(PATHS).format(id=tid)
        method = rng.choice(["GET", "POST", "HEAD", "PUT", "OPTIONS"])
        environ = EnvironBuilder(path=path, method=method).get_environ()
        found, hit = _lane(app, environ)
        assert found == _router(app, environ), (method, path)
        taken += hit
    assert taken > 10  # the lanes served some of them


def test_a_write_and_a_read_take_their_lanes(app: Flask) -> None:
    for method, path, endpoint in [("POST", "/api/tables/Ab_-9/events", "api.events"),
                                   ("GET", "/api/tables/Ab_-9", "api.table"),
                                   ("POST", "/t/Ab_-9/move", "moves.move"),
                                   ("GET", "/t/Ab_-9/events", "live.events")]:
        environ = EnvironBuilder(path=path, method=method).get_environ()
        assert _lane(app, environ) == ((endpoint, {"table_id": "Ab_-9"}), True)


def test_addresses_are_built_in_a_lane(app: Flask) -> None:
    environ = EnvironBuilder(path="/api/tables/abc", base_url="https://example.org:8443/root"
                             ).get_environ()
    ctx = LaneContext(app, environ)
    with ctx:
        assert ctx._hit is not None
        assert url_for("api.table_log", table_id="abc", _external=True) == \
            "https://example.org:8443/root/api/tables/abc/log"


@pytest.mark.parametrize("host,status", [("good.example", 404), ("evil.example", 400)])
def test_trusted_hosts_are_checked_on_the_hot_routes(tmp_path: Any, host: str,
                                                     status: int) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                      "TRUSTED_HOSTS": ["good.example"]})
    answer = app.test_client().get("/api/tables/nosuchtable", headers={"Host": host})
    assert answer.status_code == status

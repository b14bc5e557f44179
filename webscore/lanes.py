"""The tracker's hot routes found without werkzeug's router.

Every request builds a URL adapter for its host (``Map.bind_to_environ``) and walks the
router's state machine to find its view: together about 6 % of a logged entry's CPU in the
app.  A phone's entry (``POST /api/tables/<id>/events``, or the table page's
``POST /t/<id>/move``) and its poll of the table (``GET /api/tables/<id>``,
``GET /t/<id>/events``) are most of the traffic, so their paths are matched here by one
regular expression each, for ids of the characters the tracker gives (anything else goes to
the router, as does every other request).  The request then runs through Flask exactly as
before: the same rule and view arguments on the request, the same hooks, error handlers and
answers.  The adapter is built only if the request asks for it (``url_for``: a new table's
links, an error page).  With ``TRUSTED_HOSTS`` set, every request takes the router, whose
adapter checks the host.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.ctx import RequestContext
from werkzeug.routing import MapAdapter, Rule

_ID = r"(?P<table_id>[A-Za-z0-9_-]{1,32})"
HOT: dict[str, tuple[str, str, str]] = {  # endpoint -> (method, rule, path pattern)
    "api.events": ("POST", "/api/tables/<table_id>/events", rf"/api/tables/{_ID}/events"),
    "api.table": ("GET", "/api/tables/<table_id>", rf"/api/tables/{_ID}"),
    "moves.move": ("POST", "/t/<table_id>/move", rf"/t/{_ID}/move"),  # the table page's
    "live.events": ("GET", "/t/<table_id>/events", rf"/t/{_ID}/events"),  # a phone's poll
}

_PREFIXES = tuple(sorted({"/" + text.split("/")[1] + "/" for _, text, _ in HOT.values()}))


class Lanes:
    """The hot routes of one app, by method: (compiled path, its ``Rule``)."""

    def __init__(self, app: Flask) -> None:
        self.by_method: dict[str, list[tuple[re.Pattern[str], Rule]]] = {}
        for endpoint, (method, text, pattern) in HOT.items():
            rules = [r for r in app.url_map.iter_rules(endpoint)
                     if r.rule == text and r.methods and method in r.methods]
            if len(rules) == 1:  # (a route changed: the router serves it)
                self.by_method.setdefault(method, []).append((re.compile(pattern), rules[0]))

    def match(self, environ: dict[str, Any]) -> tuple[Rule, dict[str, Any]] | None:
        lanes = self.by_method.get(environ.get("REQUEST_METHOD", ""))
        if not lanes:
            return None
        path = environ.get("PATH_INFO", "")
        if not path.startswith(_PREFIXES):  # (``/healthz``, pages, assets: the router's)
            return None
        for pattern, rule in lanes:
            found = pattern.fullmatch(path)
            if found is not None:
                return rule, found.groupdict()
        return None


class _LazyAdapter:
    """The request's URL adapter, built on first use (as ``RequestContext`` builds it)."""

    def __init__(self, app: Flask, request: Any) -> None:
        self._app, self._request = app, request
        self._adapter: MapAdapter | None = None

    def __getattr__(self, name: str) -> Any:
        if self._adapter is None:
            self._adapter = self._app.create_url_adapter(self._request)
        return getattr(self._adapter, name)


class LaneContext(RequestContext):
    """A request context that takes a hot route's rule from ``Lanes`` (else as Flask does)."""

    def __init__(self, app: Flask, environ: dict[str, Any], request: Any = None,
                 session: Any = None) -> None:
        lanes: Lanes | None = app.extensions.get("webscore_lanes")
        hit = None
        if lanes is not None and request is None and app.config["TRUSTED_HOSTS"] is None:
            hit = lanes.match(environ)
        if hit is None:
            self._hit = None
            super().__init__(app, environ, request, session)
            return
        self._hit = hit
        self.app = app
        self.request = app.request_class(environ)
        self.request.json_module = app.json
        self.url_adapter = _LazyAdapter(app, self.request)  # type: ignore[assignment]
        self.flashes = None
        self._session = session
        self._after_request_functions = []
        self._cv_tokens = []

    def match_request(self) -> None:
        if self._hit is None:
            super().match_request()
            return
        self.request.url_rule, view_args = self._hit
        self.request.view_args = dict(view_args)


def init_app(app: Flask) -> None:
    """Called once the app's routes are all registered."""
    app.extensions["webscore_lanes"] = Lanes(app)

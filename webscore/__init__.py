"""The live table tracker (Flask).  `flask --app webscore run` serves it.

Configuration (all optional): ``DATABASE_URL`` (default: SQLite in the instance folder),
``SECRET_KEY`` (default: one generated into the instance folder), ``MAX_CONTENT_LENGTH``,
``WEBSCORE_PROXY_FIX=1`` (trust X-Forwarded-* from one reverse proxy),
``WEBSCORE_AUTO_MIGRATE`` (webscore.db), ``WEBSCORE_RATELIMITS`` (webscore.limits),
``WEBSCORE_GC_FREEZE`` (webscore.gcpolicy).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask
from flask.ctx import RequestContext

from webscore.jsonfast import FastJSON
from webscore.lanes import LaneContext

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


class Tracker(Flask):
    """Flask, asking once per view or hook whether it is a coroutine function (Flask asks
    ``inspect`` on every call: four times a request, about 1 % of a write's CPU), with JSON
    read and written by orjson (``webscore.jsonfast``) and the hot API routes matched
    without the router (``webscore.lanes``)."""

    json_provider_class = FastJSON

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        known = self._sync.get(func)
        if known is None:
            known = super().ensure_sync(func)
            if len(self._sync) < 4096:  # views and hooks are few; a bound method is new each time
                self._sync[func] = known
        return known

    @cached_property
    def _sync(self) -> dict[Callable[..., Any], Callable[..., Any]]:
        return {}

    def request_context(self, environ: WSGIEnvironment) -> RequestContext:
        """The hot API routes are found without the router (``webscore.lanes``)."""
        return LaneContext(self, environ)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Tracker(__name__, instance_relative_config=True, template_folder=str(TEMPLATES))
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL"),
        MAX_CONTENT_LENGTH=4 * 1024 * 1024,
        MAX_FORM_MEMORY_SIZE=256 * 1024,
        MAX_FORM_PARTS=2000,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 90,
    )
    if test_config:
        app.config.update(test_config)

    from webscore import security

    app.secret_key = security.secret_key(app)
    app.session_interface = security.Sessions()

    from webscore import backup, db, errors, limits

    db.init_app(app)
    errors.register(app)
    backup.init_app(app)
    limits.init_app(app, db.get_engine(app))

    from webscore import (
        api,
        devices,
        faultpage,
        favicon,
        health,
        live,
        moves,
        pages,
        sheetphoto,
        sheets,
        tables,
        timers,
    )

    app.register_blueprint(tables.bp)
    faultpage.init_app(app)
    app.register_blueprint(moves.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(sheetphoto.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(timers.bp)
    app.register_blueprint(favicon.bp)
    from pnp.engine import all_records

    app.jinja_env.globals["game_pages"] = pages.register(app, list(all_records()))
    devices.init_app(app)

    if app.config.get("PROXY_FIX") or os.environ.get("WEBSCORE_PROXY_FIX") == "1":
        # Behind a reverse proxy: join URLs and QR codes use the host the phone asked for.
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.after_request(security.headers)
    app.jinja_env.globals["csrf_token"] = security.csrf_token
    app.jinja_env.globals["csp_nonce"] = security.csp_nonce
    from webscore import gcpolicy, lanes

    lanes.init_app(app)  # every route is registered by now
    gcpolicy.init_app(app)  # last: the app and its modules are made
    return app

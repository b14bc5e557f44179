"""Who may write: the table's token (in the session for pages, a header for the API), and CSRF.

Pages keep the write tokens a browser holds in its signed session cookie, so a form post needs
a per-session CSRF token too.  The JSON API ignores the cookie and reads ``X-Table-Token``, so
a cross-site request cannot borrow a browser's rights there.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer

from webscore.store import TableRecord

TOKEN_HEADER = "X-Table-Token"


def secret_key(app: Flask) -> str:
    """SECRET_KEY from config/env, else one kept in the instance folder (shared by workers)."""
    configured = app.config.get("SECRET_KEY") or os.environ.get("SECRET_KEY")
    if configured:
        return str(configured)
    path = Path(app.instance_path) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        # Written whole under a temporary name, then linked into place: a worker starting
        # at the same moment sees either no file or the complete key, never half of it.
        tmp = path.with_name(f"secret_key.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


class Sessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, at no cost to a request that brings no session cookie
    and leaves the session alone (the JSON API, ``/healthz``, a phone's first visit): Flask
    builds the signer on every request (a key derivation) and reads seven cookie settings
    to save an empty session.  Same cookies, same signatures; the signer is built once per
    set of keys."""

    def __init__(self) -> None:
        self._signers: dict[tuple[Any, ...], URLSafeTimedSerializer] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        signer = self._signers.get(key)
        if signer is None and app.secret_key:
            signer = super().get_signing_serializer(app)
            if signer is not None:
                self._signers = {key: signer}  # a changed key replaces the old signer
        return signer

    def open_session(self, app: Flask, request: Any) -> SecureCookieSession | None:
        if app.secret_key and ("HTTP_COOKIE" not in request.environ
                               or not request.cookies.get(self.get_cookie_name(app))):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Any) -> None:
        if not session and not session.modified:  # nothing to set or delete
            if session.accessed:
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)


def csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def check_csrf() -> None:
    sent = request.form.get("csrf", "")
    if not sent or not hmac.compare_digest(sent, csrf_token()):
        abort(400, description="the form expired or came from elsewhere (CSRF check); "
                               "reload the page and try again")


def remember_token(table_id: str, token: str) -> None:
    """Keep a table's write token in this browser for PERMANENT_SESSION_LIFETIME (90 days,
    renewed on every visit): rights survive closing the browser, and re-opening the join
    link always restores them."""
    session.permanent = True
    tokens = dict(session.get("tokens") or {})
    tokens[table_id] = token
    if len(tokens) > 30:  # a cookie is small; keep the newest tables
        tokens = dict(list(tokens.items())[-30:])
    session["tokens"] = tokens


def session_token(table_id: str) -> str | None:
    tokens = session.get("tokens") or {}
    value = tokens.get(table_id) if isinstance(tokens, dict) else None
    return value if isinstance(value, str) else None


def can_write(table: TableRecord) -> bool:
    return table.token_ok(session_token(table.id))


def csp_nonce() -> str:
    """This response's script nonce (templates: ``<script nonce="{{ csp_nonce() }}">``)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return str(g.csp_nonce)


def no_store() -> None:
    """This response carries a write token (a join link or QR): no cache may keep it."""
    g.no_store = True


def _policy(scripts: str) -> str:
    return ("default-src 'self'; "
            f"script-src {scripts}; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")


_NO_NONCE_POLICY = _policy("'self'")  # every API answer's: built once


def content_security_policy() -> str:
    """Scripts and styles only from our own files (or an inline script with this response's
    nonce); nothing framed, posted or fetched elsewhere."""
    if "csp_nonce" not in g:
        return _NO_NONCE_POLICY
    return _policy(f"'self' 'nonce-{g.csp_nonce}'")


_FIXED_HEADERS = (("Referrer-Policy", "same-origin"), ("X-Content-Type-Options", "nosniff"),
                  ("X-Frame-Options", "DENY"))


def headers(response: Response) -> Response:
    """Join links carry the write token: never send a URL of ours as a referrer elsewhere.
    Each header is added unless the view set its own (one look at the names: werkzeug's
    ``setdefault`` raised and caught an HTTP exception for every header missing)."""
    present = {name.lower() for name, _ in response.headers}
    response.headers.extend([(name, value) for name, value in _FIXED_HEADERS
                             if name.lower() not in present])
    if "content-security-policy" not in present:
        response.headers.add("Content-Security-Policy", content_security_policy())
    if g.get("no_store"):
        response.headers["Cache-Control"] = "no-store"
    return response

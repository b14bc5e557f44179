"""Rights that last (a 90-day cookie, restored by the join link), the Content-Security-Policy
with per-response script nonces, no-store on pages carrying a join token, and the favicon."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from http.cookies import SimpleCookie
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from webscore import favicon

from .conftest import csrf, new_table_api


def _session_cookie(resp: Any) -> Any:
    for header in resp.headers.getlist("Set-Cookie"):
        cookie = SimpleCookie()
        cookie.load(header)
        if "session" in cookie:
            return cookie["session"]
    raise AssertionError("no session cookie set")


def test_join_rights_last_ninety_days_and_survive_a_browser_restart(app: Flask) -> None:
    owner = app.test_client()
    t = new_table_api(owner, chance="table")
    phone = app.test_client()
    joined = phone.get(f"/t/{t['id']}/join?k={t['token']}")
    assert joined.status_code == 303
    cookie = _session_cookie(joined)
    expires = parsedate_to_datetime(cookie["expires"])
    assert expires - datetime.now(UTC) > timedelta(days=89)  # not a session-only cookie
    # A browser restart keeps persistent cookies only: a fresh client with just that one.
    restarted = app.test_client()
    restarted.set_cookie("session", cookie.value, domain="localhost")
    page = restarted.get(f"/t/{t['id']}")
    assert f"/t/{t['id']}/join?k={t['token']}" in page.get_data(as_text=True)  # QR shown
    form = {"csrf": csrf(restarted), "seq": "0", "text": "r3"}
    assert restarted.post(f"/t/{t['id']}/move", data=form).status_code == 303
    # Every later page view renews the cookie's lifetime.
    again = restarted.get(f"/t/{t['id']}")
    assert parsedate_to_datetime(_session_cookie(again)["expires"]) >= expires


def test_losing_the_cookie_is_cured_by_the_join_link(app: Flask) -> None:
    owner = app.test_client()
    t = new_table_api(owner, chance="table")
    phone = app.test_client()
    phone.get(f"/t/{t['id']}/join?k={t['token']}")
    phone.delete_cookie("session", domain="localhost")
    assert "join?k=" not in phone.get(f"/t/{t['id']}").get_data(as_text=True)
    phone.get(f"/t/{t['id']}/join?k={t['token']}")
    assert "join?k=" in phone.get(f"/t/{t['id']}").get_data(as_text=True)


def _nonce(resp: Any) -> str | None:
    csp = resp.headers["Content-Security-Policy"]
    found = re.search(r"script-src 'self'(?: 'nonce-([^']+)')?;", csp)
    assert found, csp
    return found.group(1)


def test_csp_allows_only_our_scripts_with_this_responses_nonce(app: Flask) -> None:
    client = app.test_client()
    t = new_table_api(client, chance="table")
    client.get(f"/t/{t['id']}/join?k={t['token']}")
    nonces = set()
    for path in ("/", "/new", f"/t/{t['id']}", f"/t/{t['id']}/finish", "/ships/timer",
                 "/sheets/", "/no/such/page", "/new"):
        resp = client.get(path, follow_redirects=True)
        csp = resp.headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
        html = resp.get_data(as_text=True)
        scripts = re.findall(r"<script\b([^>]*)>", html)
        nonce = _nonce(resp)
        for attrs in scripts:
            assert f'nonce="{nonce}"' in attrs or "src=" in attrs, (path, attrs)
        assert not re.search(r"\son[a-z]+\s*=", html), f"inline event handler on {path}"
        assert not re.search(r"\sstyle\s*=", html), f"inline style attribute on {path}"
        if nonce:
            nonces.add(nonce)
    assert len(nonces) >= 2  # a fresh nonce per response


def test_pages_with_a_join_token_are_never_stored(app: Flask) -> None:
    owner = app.test_client()
    made = owner.post("/api/tables", json={"game": "toy-dice", "players": ["A", "B"]})
    assert made.headers["Cache-Control"] == "no-store"
    t = made.get_json()
    joined = owner.get(f"/t/{t['id']}/join?k={t['token']}")
    assert joined.headers["Cache-Control"] == "no-store"
    assert owner.get(f"/t/{t['id']}").headers["Cache-Control"] == "no-store"
    watcher = app.test_client()
    page = watcher.get(f"/t/{t['id']}")
    assert t["token"] not in page.get_data(as_text=True)
    assert page.headers.get("Cache-Control") != "no-store"


def test_favicon_is_a_32px_icon_and_an_svg(client: FlaskClient) -> None:
    from PIL import Image

    ico = client.get("/favicon.ico")
    assert ico.status_code == 200 and ico.mimetype == "image/x-icon"
    image = Image.open(io.BytesIO(ico.data))
    assert image.format == "ICO" and image.size == (32, 32)
    rgba = image.convert("RGBA")
    assert rgba.getpixel((0, 0))[3] == 0  # rounded corner: transparent
    assert rgba.getpixel((16, 14))[:3] == favicon.PLANET
    assert rgba.getpixel((3, 28))[:3] == favicon.BACKGROUND
    svg = client.get("/favicon.svg")
    assert svg.mimetype == "image/svg+xml"
    assert ET.fromstring(svg.data).tag.endswith("svg")
    home = client.get("/").get_data(as_text=True)
    assert 'rel="icon" href="/favicon.svg"' in home


def test_requests_without_a_session_cookie_skip_the_session_and_set_none(app: Flask) -> None:
    """The JSON API and /healthz bring no cookie: no session is read or written (Flask's
    own interface built a signer for each), and a page still gets and keeps its cookie,
    signed with the one signer built for the app's key."""
    from webscore.security import Sessions

    assert isinstance(app.session_interface, Sessions)
    api = app.test_client()
    t = new_table_api(api, chance="table")
    for resp in (api.get("/healthz"), api.get(f"/api/tables/{t['id']}")):
        assert resp.status_code == 200
        assert not resp.headers.getlist("Set-Cookie") and "Vary" not in resp.headers
    phone = app.test_client()
    joined = phone.get(f"/t/{t['id']}/join?k={t['token']}")
    signed = _session_cookie(joined).value
    signer = app.session_interface.get_signing_serializer(app)
    assert signer is app.session_interface.get_signing_serializer(app)  # built once
    assert signer is not None and signer.loads(signed)["tokens"] == {t["id"]: t["token"]}
    page = phone.get(f"/t/{t['id']}")
    assert "Cookie" in page.headers.get("Vary", "")  # read from the cookie, as before
    assert f"join?k={t['token']}" in page.get_data(as_text=True)
    app.secret_key = "another key"  # a new key: the old cookie no longer opens a session
    assert app.session_interface.get_signing_serializer(app) is not signer
    assert "join?k=" not in phone.get(f"/t/{t['id']}").get_data(as_text=True)


def test_security_headers_are_added_once_and_never_over_a_views_own(app: Flask) -> None:
    from flask import Response

    from webscore.security import headers

    with app.test_request_context("/"):
        own = Response("x", headers={"x-frame-options": "SAMEORIGIN",
                                     "Content-Security-Policy": "default-src 'none'"})
        out = headers(own).headers
        assert out.getlist("X-Frame-Options") == ["SAMEORIGIN"]
        assert out.getlist("Content-Security-Policy") == ["default-src 'none'"]
        assert out.getlist("Referrer-Policy") == ["same-origin"]
        plain = headers(headers(Response("y"))).headers  # a second pass adds nothing
        for name in ("Referrer-Policy", "X-Content-Type-Options", "X-Frame-Options",
                     "Content-Security-Policy"):
            assert len(plain.getlist(name)) == 1, name
        assert "frame-ancestors 'none'" in plain["Content-Security-Policy"]


def test_api_answers_get_the_policy_without_a_nonce_and_views_are_inspected_once(
        app: Flask, monkeypatch: Any) -> None:
    import flask.app

    from webscore import create_app

    client = app.test_client()
    csp = client.get("/healthz").headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "nonce" not in csp
    asked: list[Any] = []
    real = flask.app.iscoroutinefunction
    monkeypatch.setattr(flask.app, "iscoroutinefunction", lambda f: asked.append(f) or real(f))
    fresh = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": "sqlite://",
                        "AUTO_MIGRATE": True})
    fresh_client = fresh.test_client()
    for _ in range(3):
        assert fresh_client.get("/healthz").status_code == 200
    once = len(asked)
    assert once >= 1
    for _ in range(3):
        assert fresh_client.get("/healthz").status_code == 200
    assert len(asked) == once  # nothing asked again for the same view and hooks

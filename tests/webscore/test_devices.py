"""Each entry records which phone logged it: a device id from a long-lived cookie and a name
the player may give; the history shows it, pages and the API alike."""

from __future__ import annotations

import doctest
from http.cookies import SimpleCookie
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from webscore import devices
from webscore.db import get_engine
from webscore.models import table_events

from .conftest import csrf, new_table_api


def _cookies(resp: Any) -> dict[str, Any]:
    out = {}
    for header in resp.headers.getlist("Set-Cookie"):
        jar = SimpleCookie()
        jar.load(header)
        out.update({k: v for k, v in jar.items()})
    return out


def _post_move(client: FlaskClient, tid: str, text: str) -> None:
    seq = client.get(f"/api/tables/{tid}").get_json()["seq"]
    resp = client.post(f"/t/{tid}/move", data={"csrf": csrf(client), "seq": str(seq),
                                               "text": text})
    assert resp.status_code in (200, 303), resp.data[:300]


def test_doctests() -> None:
    assert doctest.testmod(devices).failed == 0


def test_a_phone_gets_a_long_lived_id_and_its_entries_carry_it(app: Flask) -> None:
    owner = app.test_client()
    t = new_table_api(owner, chance="table")
    phone = app.test_client()
    first = phone.get(f"/t/{t['id']}/join?k={t['token']}", follow_redirects=True)
    cookie = _cookies(first)[devices.COOKIE]
    assert int(cookie["max-age"]) >= 399 * 24 * 3600 and cookie["httponly"]
    _post_move(phone, t["id"], "r4")
    history = owner.get(f"/api/tables/{t['id']}").get_json()["history"]
    assert history[-1]["device"] == f"phone {cookie.value[:4]}"
    with get_engine(app).connect() as conn:
        row = conn.execute(select(table_events.c.device, table_events.c.device_name)
                           .where(table_events.c.table_id == t["id"])).one()
    assert row.device == cookie.value and row.device_name is None


def test_a_named_phone_shows_its_name_in_the_history(app: Flask) -> None:
    owner = app.test_client()
    t = new_table_api(owner, chance="table")
    phone = app.test_client()
    phone.get(f"/t/{t['id']}/join?k={t['token']}")
    page = phone.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'action="/device"' in page  # the writer's form to name the phone
    named = phone.post("/device", data={"csrf": csrf(phone), "name": "  Ana's <b>phone</b> ",
                                        "next": f"/t/{t['id']}"})
    assert named.status_code == 303 and named.headers["Location"].endswith(f"/t/{t['id']}")
    _post_move(phone, t["id"], "r2")
    _post_move(phone, t["id"], "+1")
    seq = phone.get(f"/api/tables/{t['id']}").get_json()["seq"]
    phone.post(f"/t/{t['id']}/undo", data={"csrf": csrf(phone), "seq": str(seq)})
    state = owner.get(f"/api/tables/{t['id']}").get_json()
    assert [h["device"] for h in state["history"]] == ["Ana's <b>phone</b>"]
    html = owner.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "Ana&#39;s &lt;b&gt;phone&lt;/b&gt;" in html and "<b>phone</b>" not in html
    with get_engine(app).connect() as conn:
        undo = conn.execute(select(table_events.c.device_name).where(
            table_events.c.table_id == t["id"], table_events.c.kind == "undo")).one()
    assert undo.device_name == "Ana's <b>phone</b>"


def test_api_writes_are_recorded_as_the_api(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    client.post(f"/api/tables/{t['id']}/events", json={"seq": 0, "text": "r3"},
                headers={"X-Table-Token": t["token"], "X-Device-Name": "Scorebot\x00"})
    client.post(f"/api/tables/{t['id']}/events", json={"seq": 1, "text": "+1"},
                headers={"X-Table-Token": t["token"]})
    history = client.get(f"/api/tables/{t['id']}").get_json()["history"]
    assert [h["device"] for h in history] == ["Scorebot", "API"]


def test_bad_device_input_is_cleaned_never_a_500(client: FlaskClient) -> None:
    client.set_cookie(devices.COOKIE, "x" * 500 + "\x00", domain="localhost")
    resp = client.post("/device", data={"csrf": csrf(client), "name": "n" * 500,
                                        "next": "//evil.example/x"})
    assert resp.status_code == 303 and resp.headers["Location"] == "/"
    got = _cookies(resp)
    assert len(got[devices.NAME_COOKIE].value) <= devices.MAX_NAME
    assert devices._ID.match(got[devices.COOKIE].value)
    assert client.post("/device", data={"name": "x"}).status_code == 400  # no CSRF

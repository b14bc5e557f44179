"""The redrawn part is drawn once per head and view (webscore.parts): every phone gets the
same drawing with its own CSRF token, watchers theirs, and a new head a new drawing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webscore import tables

from .conftest import csrf, new_table_api

FETCH = {"X-Requested-With": "fetch"}


def _joined(app: Flask, t: dict[str, Any]) -> FlaskClient:
    phone = app.test_client()
    phone.get(f"/t/{t['id']}/join?k={t['token']}")
    return phone


def _tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrf" value="([^"]+)"', html))


def test_each_head_is_drawn_once_for_every_phone_with_its_own_csrf_token(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    real = tables.live_context

    def counted(snap: Any, **kwargs: Any) -> Any:
        drawn.append(snap.head)
        return real(snap, **kwargs)

    monkeypatch.setattr(tables, "live_context", counted)
    owner = app.test_client()
    t = new_table_api(owner, game="galaxy-express", players=["Ana"], seed=3, chance="tracker")
    ana, bo, watcher = _joined(app, t), _joined(app, t), app.test_client()
    parts = {}
    for name, phone in (("ana", ana), ("bo", bo), ("watcher", watcher)):
        r = phone.get(f"/t/{t['id']}/part")
        assert r.status_code == 200
        parts[name] = r.get_json()["html"]
    assert drawn == [t["seq"], t["seq"]]  # one drawing for the writers, one for watchers
    assert _tokens(parts["ana"]) == {csrf(ana)} and _tokens(parts["bo"]) == {csrf(bo)}
    assert csrf(ana) != csrf(bo)
    assert parts["ana"].replace(csrf(ana), "T") == parts["bo"].replace(csrf(bo), "T")
    assert not _tokens(parts["watcher"]) and parts["watcher"] != parts["ana"]
    # Bo logs an entry with the token his part carried; Ana's next part is the new head's.
    legal = client_state(owner, t)["legal"]
    r = bo.post(f"/t/{t['id']}/move", headers=FETCH,
                data={"csrf": csrf(bo), "seq": str(t["seq"]), "text": legal[0]})
    assert r.status_code == 200
    head = r.get_json()["seq"]
    assert head > t["seq"] and drawn[-1] == head
    again = ana.get(f"/t/{t['id']}/part").get_json()
    assert again["seq"] == head and drawn.count(head) == 1  # Bo's answer's drawing, reused
    assert _tokens(again["html"]) == {csrf(ana)}
    # A redraw with a notice is the posting phone's own, never kept for the others.
    r = ana.post(f"/t/{t['id']}/move", headers=FETCH,
                 data={"csrf": csrf(ana), "seq": str(head), "text": "nonsense!"})
    assert r.status_code == 422 and 'value="nonsense!"' in r.get_json()["html"]
    assert 'value="nonsense!"' not in bo.get(f"/t/{t['id']}/part").get_json()["html"]


def client_state(client: FlaskClient, t: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = client.get(f"/api/tables/{t['id']}").get_json()
    return state

"""One build timer per table on the server's clock: every phone reads the same sand, a change
reaches the other phones through the live stream, and two phones flipping at once cannot both
win."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webscore import timers

from .conftest import csrf, new_table_api
from .sse import SSEClient
from .test_live import Served, _app


class Clock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(timers, "clock", c)
    return c


def gt_table(client: FlaskClient, players: list[str] | None = None) -> dict[str, Any]:
    """A Galaxy Trucker table: its record declares the build timer (GT-9)."""
    return new_table_api(client, game="galaxy-trucker", players=players or ["Ana", "Bo"],
                         seed=2, chance="tracker")


def api(client: FlaskClient, table: dict[str, Any], **body: Any) -> Any:
    return client.post(f"/api/tables/{table['id']}/timer", json=body,
                       headers={"X-Table-Token": table["token"]})


def test_a_tables_timer_follows_gt9_on_server_time(client: FlaskClient, clock: Clock) -> None:
    t = gt_table(client, ["Ana", "Bo", "Cy"])
    empty = client.get(f"/t/{t['id']}/timer").get_json()
    assert empty == {"table": t["id"], "rev": 0, "now": clock.now, "timer": None}
    made = api(client, t, action="new", round=2, run=60).get_json()
    assert made["rev"] == 1 and made["timer"]["phase"] == "ready"
    assert made["timer"]["players"] == ["Ana", "Bo", "Cy"]
    went = api(client, t, action="go", rev=1).get_json()
    assert went["timer"]["circle"] == 2 and went["timer"]["ends_at"] == clock.now + 60
    clock.now += 20
    seen = client.get(f"/t/{t['id']}/timer").get_json()
    assert seen["now"] == clock.now and seen["timer"]["left"] == 40  # the server's sand
    early = api(client, t, action="flip", by="Bo")
    assert early.status_code == 422 and early.get_json()["error"]["rule"] == "GT-9"
    clock.now += 41
    flipped = api(client, t, action="flip", by="Bo").get_json()
    assert flipped["timer"]["circle"] == 1 and flipped["rev"] == 3
    done = api(client, t, action="finish", by="Cy").get_json()
    assert done["timer"]["tiles"] == ["Cy"]
    clock.now += 61
    last = api(client, t, action="flip", by="Ana")
    assert last.status_code == 422 and "finished building" in last.get_json()["error"]["message"]
    assert api(client, t, action="flip", by="Cy").get_json()["timer"]["phase"] == "last"


def test_timer_refusals(client: FlaskClient, clock: Clock) -> None:
    t = gt_table(client)
    assert api(client, t, action="go").status_code == 422  # no timer yet
    assert api(client, t, action="explode").get_json()["error"]["field"] == "action"
    assert api(client, t, action="new", round=7).get_json()["error"]["field"] == "round"
    assert api(client, t, action="new", rev="x").get_json()["error"]["field"] == "rev"
    assert api(client, t, action="new").status_code == 200
    stale = api(client, t, action="go", rev=0)
    assert stale.status_code == 409 and stale.get_json()["error"]["rule"] == "tracker.stale"
    other = client.post(f"/api/tables/{t['id']}/timer", json={"action": "go"},
                        headers={"X-Table-Token": "wrong"})
    assert other.status_code == 403
    assert client.post(f"/api/tables/{t['id']}/timer", json={"action": "go"}
                       ).status_code == 401
    assert client.get("/t/nope/timer").status_code == 404
    toy = new_table_api(client, players=["Solo"], game="toy-dice", chance="table")
    refused = api(client, toy, action="new")  # its record declares no timer
    assert refused.status_code == 404 and "keeps no timer" in refused.get_json()["error"][
        "message"]


def test_the_page_form_needs_csrf_and_a_joined_browser(app: Flask, clock: Clock) -> None:
    owner = app.test_client()
    t = gt_table(owner)
    owner.get(f"/t/{t['id']}/join?k={t['token']}")
    ok = owner.post(f"/t/{t['id']}/timer", data={"csrf": csrf(owner), "action": "new"})
    assert ok.status_code == 303 and ok.headers["Location"].endswith(f"/t/{t['id']}#timer")
    as_json = owner.post(f"/t/{t['id']}/timer", data={"csrf": csrf(owner), "action": "go"},
                         headers={"Accept": "application/json"})
    assert as_json.get_json()["timer"]["phase"] == "running"
    assert owner.post(f"/t/{t['id']}/timer", data={"action": "go"}).status_code == 400
    watcher = app.test_client()
    assert watcher.post(f"/t/{t['id']}/timer", data={"csrf": csrf(watcher), "action": "new"}
                        ).status_code == 403


def test_every_phone_hears_a_timer_change_within_a_second(tmp_path: Any) -> None:
    app = _app(f"sqlite:///{tmp_path / 'db.sqlite3'}", LIVE_KEEPALIVE=0.5)
    other = _app(f"sqlite:///{tmp_path / 'db.sqlite3'}")  # another process's app
    served = Served(app)
    client = other.test_client()
    t = gt_table(client)
    api(client, t, action="new", round=1)
    phone = SSEClient(served.base, f"/t/{t['id']}/events")
    try:
        assert phone.next("head").data["seq"] == t["seq"]
        first = phone.next("timer").data
        assert first["rev"] == 1 and first["timer"]["phase"] == "ready"
        sent = time.monotonic()
        api(client, t, action="go", rev=1)
        got = phone.next("timer")
        assert got.at - sent < 1.0
        assert got.data["rev"] == 2 and got.data["timer"]["phase"] == "running"
        assert abs(got.data["now"] - time.time()) < 5  # the server's clock, in epoch seconds
    finally:
        phone.close()
        served.stop()


def test_a_galaxy_trucker_table_page_has_the_timer_panel(app: Flask, clock: Clock) -> None:
    owner = app.test_client()
    t = new_table_api(owner, game="galaxy-trucker", players=["Ana", "Bo"], seed=2,
                      chance="tracker")
    owner.get(f"/t/{t['id']}/join?k={t['token']}")
    page = owner.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'id="timer"' in page and "Set up the timer" in page and "timer.js" in page
    token = csrf(owner)
    owner.post(f"/t/{t['id']}/timer", data={"csrf": token, "action": "new", "round": "2"})
    owner.post(f"/t/{t['id']}/timer", data={"csrf": token, "action": "go", "rev": "1"})
    clock.now += 200  # the sand ran out
    panel = owner.get(f"/t/{t['id']}/timer/panel").get_data(as_text=True)
    assert "the sand has run out" in panel and "Ana flips" in panel
    # a button with formaction="...?action=flip" and name=by
    flip = owner.post(f"/t/{t['id']}/timer?action=flip",
                      data={"csrf": token, "by": "Ana", "rev": "2"})
    assert flip.status_code == 303
    assert owner.get(f"/t/{t['id']}/timer").get_json()["timer"]["circle"] == 1
    watcher = app.test_client()
    seen = watcher.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'id="timer"' in seen and "flips" not in seen  # read-only for watchers
    toy = new_table_api(owner, chance="table")
    assert 'id="timer"' not in owner.get(f"/t/{toy['id']}").get_data(as_text=True)
    assert owner.get(f"/t/{toy['id']}/timer/panel").get_data(as_text=True) == ""

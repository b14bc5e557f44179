"""Galaxy Trucker ships in the tracker: the ship pages (tap to build, paste, live check), the
JSON check, the build timer pages, and bad input of every kind (4xx with a field, never 500)."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games.galaxy_trucker import Placement, buildtimer, check, generate_tiles, shipcheck
from pnp.games.galaxy_trucker import workshop as ships
from pnp.games.galaxy_trucker.build import fits_cleanly
from pnp.games.galaxy_trucker.notation import format_ship, parse_ship
from webscore import create_app

from .conftest import csrf


@pytest.fixture
def app(tmp_path: Any) -> Flask:
    """Ships keep nothing in the database: one SQLite app is enough (no PostgreSQL run)."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})

# docs/notation/galaxy-trucker.md: a legal ship of the seed-1 tile set
EXAMPLE = "I 11@6,6/2 103@6,7/1 98@7,6/1 141@7,7 65@7,8 80@7,9/2 28@8,6 50@8,7/1 5@8,9/3 61@9,9/2"
# the same with #11 turned back to its printed face: a universal connector on a smooth side
WRONG = EXAMPLE.replace("11@6,6/2", "11@6,6")


def page(client: FlaskClient, url: str, status: int = 200) -> str:
    resp = client.get(url)
    assert resp.status_code == status, resp.data[:600]
    return resp.get_data(as_text=True)


def links(body: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]+)"', body)]


def ship_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["ship"][0]


def api(client: FlaskClient, payload: Any) -> tuple[int, Any]:
    resp = client.post("/api/ships/check", json=payload)
    return resp.status_code, resp.get_json()


# -- pages -----------------------------------------------------------------------------------
def test_index_offers_building_pasting_and_the_timer(client: FlaskClient) -> None:
    body = page(client, "/ships")
    assert 'name="board"' in body and "IIIa" in body and 'name="ship"' in body
    assert "/ships/timer" in body
    assert 'href="/ships"' in page(client, "/")  # the nav link


def test_a_new_ship_starts_with_the_pilot_cabin_on_the_start_square(client: FlaskClient) -> None:
    body = page(client, "/ships/check?seed=4&board=III&pilot=143")
    assert "III 143@7,7" in body and "passes the spot check" in body
    assert "<svg" in body and "row 7, column 7: #143 pilot cabin (green)" in body
    # every valid square of board III is a tap target
    squares = [h for h in links(body) if "cell=" in h]
    assert len(squares) == len(ships.BOARDS["III"].cells)


def test_the_example_ship_is_legal_with_its_counts(client: FlaskClient) -> None:
    body = page(client, "/ships/check?" + "seed=1&ship=" + EXAMPLE.replace(" ", "+"))
    assert "passes the spot check" in body
    tiles = generate_tiles(1)
    ship = parse_ship(EXAMPLE, tiles)
    assert f"{ship.exposed_connectors} exposed connectors" in body
    # one simple engine (#28); cannons: #65 forward 1, #50 to the right 1/2, #61 to the rear 1/2
    counts = shipcheck.counts(ship)
    assert counts["engine_strength"]["text"] == "1"
    assert counts["cannon_strength"]["text"] == "2"
    assert counts["crew"]["cabins"] == 3 and counts["crew"]["humans_max"] == 6
    assert counts["batteries"] == ship.battery_cells and counts["containers"] == ship.containers


def test_a_mistake_is_marked_with_rule_tile_and_side_and_can_be_repaired(
        client: FlaskClient) -> None:
    body = page(client, "/ships/check?seed=1&ship=" + WRONG.replace(" ", "+"))
    assert "1 mistake to repair" in body
    assert "GT-S2" in body and "#11</strong> (rear side)" in body
    assert ">S2</text>" in body  # the badge on the tile in the drawing
    repairs = [h for h in links(body) if h.startswith("/ships/check") and "cell=" not in h
               and ship_of(h) != WRONG and "seed=1" in h]
    assert repairs, "repair links"
    first = page(client, repairs[0])
    assert "passes the spot check" in first


def test_tap_a_square_pick_a_tile_and_a_turn(client: FlaskClient) -> None:
    start = "/ships/check?seed=1&board=I"
    body = page(client, start)
    tap = next(h for h in links(body) if "cell=6,7" in h)
    body = page(client, tap)
    assert "Row 6, column 7" in body and 'name="tile"' in body
    # a structural module (all four sides have connectors) shows its four turns
    tiles = generate_tiles(1)
    structural = next(t for t in tiles.warehouse if t.kind.value == "structural")
    body = page(client, f"{tap}&tile={structural.id}")
    turns = [h for h in links(body) if f"{structural.id}@6,7" in h]
    assert len(turns) == 4
    placed = page(client, turns[0])
    ship = parse_ship(ship_of(turns[0]), tiles)
    assert structural.id in ship and ship[structural.id].cell == (6, 7)
    assert 141 in ship and len(ship) == 2
    verdict = "passes the spot check" if not check(ship) else "mistake"
    assert verdict in placed
    # the rotation previews say which turns fit, computed from the library
    fits = body.count(">fits</small>")
    base = parse_ship("I 141@7,7", tiles)
    expected = sum(fits_cleanly(base, Placement(structural, 6, 7, r)) for r in range(4))
    assert fits == expected


def test_turn_and_remove_a_placed_tile(client: FlaskClient) -> None:
    body = page(client, "/ships/check?seed=1&cell=8,6&ship=" + EXAMPLE.replace(" ", "+"))
    assert "#28</strong> engine" in body
    turn = html.unescape(re.search(r'href="([^"]+)" id="turn"', body).group(1))  # type: ignore[union-attr]
    remove = html.unescape(re.search(r'href="([^"]+)" id="remove"', body).group(1))  # type: ignore[union-attr]
    assert "28@8,6/1" in ship_of(turn)
    turned = page(client, turn)
    assert "GT-S3" in turned  # an engine turned away from the rear
    assert "28@" not in ship_of(remove)


def test_moving_a_tile_and_a_second_pilot_in_the_editor(client: FlaskClient) -> None:
    body = page(client, "/ships/check?seed=1&cell=9,5&tile=28&ship="
                + EXAMPLE.replace(" ", "+"))
    assert "moves it from row 8, column 6" in body
    moved = [h for h in links(body) if "28@9,5" in h]
    assert len(moved) == 4 and all("28@8,6" not in ship_of(h) for h in moved)
    body = page(client, "/ships/check?seed=1&cell=6,7&tile=142&ship=I+141@7,7")
    assert "already has its pilot cabin #141" in body


def test_paste_form_posts_with_csrf(client: FlaskClient) -> None:
    token = csrf(client)
    resp = client.post("/ships/check", data={"csrf": token, "seed": "1", "ship": WRONG})
    assert resp.status_code == 200 and b"GT-S2" in resp.data
    resp = client.post("/ships/check", data={"seed": "1", "ship": WRONG})
    assert resp.status_code == 400


@pytest.mark.parametrize(("query", "field", "words"), [
    ("ship=I+141@7,7", "seed", "seed is required"),
    ("seed=-1&ship=I+141@7,7", "seed", "whole number"),
    ("seed=1&ship=141@7,7", "ship", "starts with its board"),
    ("seed=1&ship=IV+141@7,7", "ship", "starts with its board"),
    ("seed=1&board=IV", "board", "board is one of"),
    ("seed=1&board=I&ship=II+141@7,7", "board", "give one board"),
    ("seed=1&ship=I+141@7", "ship", "cannot read"),
    ("seed=1&ship=I+145@7,7", "ship", "no tile #145"),
    ("seed=1&ship=I+141@7,7/4", "ship", "cannot read"),
    ("seed=1&ship=I+141@7,7+12@7,7", "ship", "one tile per square"),
    ("seed=1&ship=I+141@7,7+12@6,7+12@8,7", "ship", "placed twice"),
    ("seed=1&ship=I+141@7,7+142@6,7", "ship", "one pilot cabin"),
    ("seed=1&ship=I+141@7,7+12@40,7", "ship", "rows and columns are 1-13"),
    ("seed=1&ship=I+141@7,7&cell=0,0", "cell", "row,column"),
    ("seed=1&ship=I+141@7,7&cell=abc", "cell", "row,column"),
    ("seed=1&ship=I+141@7,7&cell=6,7&tile=999", "tile", "printed tile id"),
    ("seed=1&board=I&pilot=12", "pilot", "pilot cabin is one of"),
])
def test_bad_input_is_a_422_naming_the_field(client: FlaskClient, query: str, field: str,
                                             words: str) -> None:
    body = page(client, "/ships/check?" + query, 422)
    assert '<strong class="rule">' in body and words in html.unescape(body)
    assert field in body


def test_text_is_escaped(client: FlaskClient) -> None:
    body = page(client, "/ships/check?seed=1&ship=I+<script>alert(1)</script>", 422)
    assert "<script>alert" not in body and "&lt;script&gt;" in body


def test_without_a_ship_the_check_page_goes_to_the_index(client: FlaskClient) -> None:
    resp = client.get("/ships/check")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/ships")


# -- JSON API --------------------------------------------------------------------------------
def test_api_reports_what_the_library_finds(client: FlaskClient) -> None:
    status, data = api(client, {"seed": 1, "ship": WRONG})
    assert status == 200
    ship = parse_ship(WRONG, generate_tiles(1))
    assert data["ship"] == format_ship(ship) and data["board"] == "I" and not data["legal"]
    assert [(v["rule"], v["tile"], v["side"]) for v in data["violations"]] == \
        [(v.rule, v.tile, v.side.word if v.side else None) for v in check(ship)]
    assert data["counts"]["exposed_connectors"] == ship.exposed_connectors
    options = data["repairs"]["options"]
    assert options and all(o["lost"] == len(o["remove"]) + len(o["fallen"]) for o in options)
    for o in options:
        _, fixed = api(client, {"seed": 1, "ship": o["ship"]})
        assert fixed["legal"], o
    status, ok = api(client, {"seed": 1, "board": "I", "ship": EXAMPLE.removeprefix("I ")})
    assert status == 200 and ok["legal"] and ok["repairs"] is None
    assert ok["picture"].splitlines()[0].split() == ["5", "6", "7", "8", "9"]


def test_api_missing_pilot_cabin(client: FlaskClient) -> None:
    status, data = api(client, {"seed": 1, "board": "II", "ship": ""})
    assert status == 200 and not data["legal"]
    assert data["violations"][0]["rule"] == "GT-S8" and data["violations"][0]["tile"] is None
    assert data["repairs"]["refused"]["rule"] == "GT-R1"


def test_api_counts_halves_and_ranges(client: FlaskClient) -> None:
    """A double cannon pointing sideways with a battery: 1/2 .. 1 (GT-E2)."""
    tiles = generate_tiles(1)
    double = next(t for t in tiles.warehouse if t.kind.value == "cannon2")
    battery = next(t for t in tiles.warehouse if t.kind.value == "battery")
    text = f"III 141@7,7 {double.id}@6,7/1 {battery.id}@8,7"
    status, data = api(client, {"seed": 1, "ship": text})
    assert status == 200
    cannon = data["counts"]["cannon_strength"]
    assert (cannon["min"], cannon["max"], cannon["text"]) == (0, 1, "0 – 1")
    assert data["counts"]["batteries"] == battery.capacity


@pytest.mark.parametrize(("payload", "status", "field"), [
    ({"ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": "x", "ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": 1.5, "ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": True, "ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": 2**70, "ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": "²", "ship": "I 141@7,7"}, 422, "seed"),
    ({"seed": 1, "ship": 5}, 422, "ship"),
    ({"seed": 1, "ship": ["I"]}, 422, "ship"),
    ({"seed": 1, "ship": "I " + "12@6,7 " * 600}, 422, "ship"),
    ({"seed": 1, "ship": "I 141@7,7\x00"}, 422, "ship"),
    ({"seed": 1, "board": 2, "ship": "141@7,7"}, 422, "board"),
    ({"seed": 1}, 422, "ship"),
    ([1, 2], 400, "body"),
])
def test_api_bad_input(client: FlaskClient, payload: Any, status: int, field: str) -> None:
    got, data = api(client, payload)
    assert got == status and data["error"]["field"] == field and data["error"]["message"]


def test_api_needs_json(client: FlaskClient) -> None:
    resp = client.post("/api/ships/check", data="seed=1")
    assert resp.status_code == 415 and resp.get_json()["error"]["field"] == "body"


def test_api_is_in_the_openapi_document(client: FlaskClient) -> None:
    """The entry comes from the page's declaration (workshop.CHECK_API, with shipcheck's
    REPORT_SCHEMA), and real answers, legal and not, match what it promises."""
    import jsonschema_rs

    doc = client.get("/api/openapi.json").get_json()
    entry = doc["paths"]["/api/ships/check"]["post"]
    assert set(entry["responses"]) == {"200", "400", "413", "415", "422", "429", "503"}
    assert entry["summary"] == ships.CHECK_API.summary
    body = entry["requestBody"]["content"]["application/json"]["schema"]
    assert body == json.loads(json.dumps(ships.CHECK_API.body))
    answer = jsonschema_rs.validator_for(
        entry["responses"]["200"]["content"]["application/json"]["schema"])
    request = jsonschema_rs.validator_for(body)
    for payload in ({"seed": 1, "ship": EXAMPLE}, {"seed": 1, "ship": WRONG},
                    {"seed": 4, "board": "III", "ship": "143@7,7"}):
        assert request.is_valid(payload)
        status, data = api(client, payload)
        assert status == 200 and answer.is_valid(data), list(answer.iter_errors(data))[:3]
    assert not data["legal"] or data["repairs"] is None
    assert not request.is_valid({"seed": -1, "ship": EXAMPLE})
    assert not answer.is_valid({**data, "counts": {}})  # the schema is not a blank cheque


_APP = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "AUTO_MIGRATE": True,
                   "DATABASE_URL": "sqlite://"})
WORDS = st.sampled_from(["I", "II", "III", "IIIa", "141@7,7", "12@6,7/1", "30@8,7/2", "@", ",",
                         "/", "99@99,99", "145@1,1", "143@7,7/3", "7@7,6", "0@0,0", ";", "\n"])
TEXT = st.one_of(st.lists(WORDS, max_size=12).map(" ".join), st.text(max_size=40))
VALUE = st.one_of(st.none(), st.booleans(), st.integers(-5, 2**64), st.floats(), TEXT,
                  st.lists(st.integers(), max_size=2))


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(["seed", "board", "ship", "extra"]), VALUE))
def test_api_never_fails_on_any_body(payload: dict[str, Any]) -> None:
    resp = _APP.test_client().post("/api/ships/check", data=json.dumps(payload),
                                   content_type="application/json")
    assert resp.status_code in (200, 422), resp.data[:300]
    data = resp.get_json()
    if resp.status_code == 422:
        assert data["error"]["field"] in ("seed", "board", "ship") and data["error"]["message"]
    else:
        assert isinstance(data["legal"], bool) and data["legal"] == (not data["violations"])


# -- build timer pages -----------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(ships, "clock", c)
    return c


def post_timer(client: FlaskClient, **form: str) -> Any:
    return client.post("/ships/timer", data={"csrf": csrf(client), **form})


def state_of(resp: Any) -> str:
    assert resp.status_code == 303, resp.data[:500]
    return parse_qs(urlsplit(resp.headers["Location"]).query)["state"][0]


def test_timer_pages_follow_gt9(client: FlaskClient, clock: Clock, app: Flask) -> None:
    body = page(client, "/ships/timer")
    assert 'name="round"' in body and 'value="90"' in body
    state = state_of(post_timer(client, action="new", round="2", players="3", player1="Ana",
                                player2="Bo", player3="", run="60"))
    timer = buildtimer.from_json(state)
    assert timer.players == ("Ana", "Bo", "Player 3") and timer.run == 60
    body = page(client, "/ships/timer?state=" + state)
    assert 'value="go"' in body and ">Start</text>" in body
    state = state_of(post_timer(client, action="go", state=state))
    body = page(client, "/ships/timer?state=" + state)
    assert "running on circle 2" in body and "1:00" in body
    clock.now += 20
    resp = post_timer(client, action="flip", state=state)
    assert resp.status_code == 422 and b"GT-9" in resp.data and b"40 s" in resp.data
    clock.now += 40
    assert "Time!" in page(client, "/ships/timer?state=" + state)
    state = state_of(post_timer(client, action="flip", state=state))
    assert buildtimer.from_json(state).circle == 1
    clock.now += 60
    body = page(client, "/ships/timer?state=" + state)
    assert 'id="no-last-flip"' in body
    resp = post_timer(client, action="flip", state=state, by="Ana")
    assert resp.status_code == 422 and b"finished building" in resp.data
    state = state_of(post_timer(client, action="finish", state=state, by="Bo"))
    body = page(client, "/ships/timer?state=" + state)
    assert "Flip to Start (Bo)" in body and "tile 1" in body
    state = state_of(post_timer(client, action="flip", state=state, by="Bo"))
    assert "Last run, on Start" in page(client, "/ships/timer?state=" + state)
    clock.now += 61
    assert "Building is over" in page(client, "/ships/timer?state=" + state)


@pytest.mark.parametrize("form", [
    {"action": "new", "round": "5", "players": "2"},
    {"action": "new", "round": "1", "players": "9"},
    {"action": "new", "round": "1", "players": "2", "run": "1"},
    {"action": "flip", "state": "{"},
    {"action": "jump", "state": '{"round":1,"players":["a","b"]}'},
    {"action": "finish", "state": '{"round":1,"players":["a","b"],"circle":1,"since":5}',
     "by": "zed"},
])
def test_timer_bad_input_is_422(client: FlaskClient, form: dict[str, str]) -> None:
    resp = post_timer(client, **form)
    assert resp.status_code == 422 and b'class="refusal"' in resp.data


def test_timer_bad_state_in_url_and_csrf(client: FlaskClient) -> None:
    assert "refusal" in page(client, "/ships/timer?state=%7Bnope", 422)
    resp = client.post("/ships/timer", data={"action": "new", "round": "1", "players": "2"})
    assert resp.status_code == 400


QUERY = st.dictionaries(st.sampled_from(["seed", "ship", "board", "cell", "tile", "pilot"]),
                        st.one_of(TEXT, st.sampled_from(["1", "0", "I", "IIIa", "6,7", "7,7",
                                                         "141", "12", "13,13", "-1", "²",
                                                         "7,²", "٣"])))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(QUERY)
def test_ship_page_never_fails_on_any_query(query: dict[str, str]) -> None:
    resp = _APP.test_client().get("/ships/check", query_string=query)
    assert resp.status_code in (200, 302, 422), resp.data[:300]


FORM = st.dictionaries(st.sampled_from(["action", "state", "by", "round", "players", "run",
                                        "player1", "player2"]),
                       st.one_of(st.text(max_size=30), st.sampled_from(
                           ["new", "go", "flip", "finish", "2", "Ana", "²", "٣",
                            '{"round":1,"players":["Ana","Bo"],"circle":1,"since":0}'])))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(FORM)
def test_timer_never_fails_on_any_form(form: dict[str, str]) -> None:
    client = _APP.test_client()
    with client.session_transaction() as sess:
        sess["csrf"] = "fuzz"
    resp = client.post("/ships/timer", data={**form, "csrf": "fuzz"})
    assert resp.status_code in (303, 422), resp.data[:300]


def test_timer_names_are_escaped(client: FlaskClient, clock: Clock) -> None:
    hostile = "<script>alert('x')</script>"
    state = state_of(post_timer(client, action="new", round="1", players="2",
                                player1=hostile, player2="\u202eevil 🚀"))
    assert buildtimer.from_json(state).players == (hostile, "\u202eevil 🚀")
    state = state_of(post_timer(client, action="go", state=state))
    state = state_of(post_timer(client, action="finish", state=state, by=hostile))
    body = page(client, "/ships/timer?state=" + state)
    assert "<script>alert" not in body and "&lt;script&gt;alert" in body


def test_api_never_offers_removing_nothing(client: FlaskClient) -> None:
    # GT-R1: #121 hangs on by a wrong connector only; the repair still removes a tile.
    hanging = EXAMPLE.replace("I ", "I 121@5,7 ", 1)
    status, data = api(client, {"seed": 1, "ship": hanging})
    assert status == 200 and not data["legal"]
    options = data["repairs"]["options"]
    assert [o["remove"] for o in options] == [[121]] and options[0]["notation"] == "-121"

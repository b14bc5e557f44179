"""The JSON API with the Flask test client: create, log, refuse, conflict, undo, tokens."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .conftest import new_table_api


def post(client: FlaskClient, table: dict[str, Any], path: str, body: dict[str, Any],
         token: str | None = "use-table") -> Any:
    headers = {}
    if token == "use-table":
        headers["X-Table-Token"] = table["token"]
    elif token is not None:
        headers["X-Table-Token"] = token
    return client.post(f"/api/tables/{table['id']}/{path}", json=body, headers=headers)


def test_create_table_returns_state_and_token(client: FlaskClient) -> None:
    t = new_table_api(client, players=["Zoë", "星"], chance="table")
    assert t["game"] == "toy-dice" and t["players"] == ["Zoë", "星"]
    assert t["seq"] == 0 and t["awaiting"] == "chance" and t["actor"] == "chance"
    assert t["legal"] == [f"r{v}" for v in range(1, 7)]
    assert len(t["token"]) >= 30 and t["join_url"].endswith(t["token"])
    assert t["writable"] is True
    got = client.get(f"/api/tables/{t['id']}").get_json()
    assert got["writable"] is False and "token" not in got


def test_log_legal_entries_and_scores(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "r4"})
    assert r.status_code == 201, r.get_json()
    s = r.get_json()
    assert s["seq"] == 1 and s["actor"] == "Ana" and "+4" in s["legal"]
    s = post(client, t, "events", {"seq": 1, "text": "+3 r2 pass"}).get_json()
    assert s["seq"] == 4 and s["since"] == 1  # a write answers with what came after its seq
    assert s["scores"] == {"Ana": 3, "Bo": 0}
    assert [h["event"] for h in s["history"]] == ["+3", "r2", "pass"]
    s = client.get(f"/api/tables/{t['id']}").get_json()
    assert "since" not in s
    assert [h["event"] for h in s["history"]] == ["r4", "+3", "r2", "pass"]
    assert [h["by"] for h in s["history"]] == [None, "Ana", None, "Bo"]


def test_since_carries_only_the_change(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    url = f"/api/tables/{t['id']}"
    seen = {0: []}  # what a phone showed at each head: the seqs of the history in force
    for path, body in [("events", {"seq": 0, "text": "r5 +5 r1"}), ("undo", {"seq": 3}),
                       ("undo", {"seq": 4}), ("events", {"seq": 5, "text": "+1"})]:
        post(client, t, path, body)
        now = client.get(url).get_json()
        seen[now["seq"]] = [h["seq"] for h in now["history"]]
    full = client.get(url).get_json()
    assert [h["event"] for h in full["history"]] == ["r5", "+1"] and full["undone"] == [2, 3]
    for since, had in seen.items():
        part = client.get(f"{url}?since={since}").get_json()
        assert part["since"] == since and part["seq"] == full["seq"]
        # what the phone had, minus the entries taken back since, plus the new ones = all
        rebuilt = [s for s in had if s not in part["undone"]]
        rebuilt += [h["seq"] for h in part["history"]]
        assert rebuilt == [h["seq"] for h in full["history"]], since
    assert client.get(f"{url}?since=6").get_json()["history"] == []
    assert client.get(f"{url}?since=99").get_json()["since"] == 0  # beyond the head: all
    r = client.get(f"{url}?since=-1")
    assert r.status_code == 422 and r.get_json()["error"]["field"] == "since"
    r = post(client, t, "events", {"seq": 6, "since": 0, "text": "r2"})
    assert [h["event"] for h in r.get_json()["history"]] == ["r5", "+1", "r2"]


def test_illegal_entry_is_refused_with_rule_and_legal(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    post(client, t, "events", {"seq": 0, "text": "r2"})
    r = post(client, t, "events", {"seq": 1, "text": "+5"})
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert err["rule"] == "TOY-1"
    assert "not 5" in err["message"] and err["legal"] == ["+1", "+2", "pass"]
    # nothing stored: the table is still at seq 1
    assert client.get(f"/api/tables/{t['id']}").get_json()["seq"] == 1


def test_unreadable_notation_names_notation(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "banana"})
    assert r.status_code == 422
    assert r.get_json()["error"]["rule"] == "notation"


def test_multi_event_entry_is_all_or_nothing(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "r3 +2 r9"})
    assert r.status_code == 422
    assert client.get(f"/api/tables/{t['id']}").get_json()["seq"] == 0


def test_a_refused_multi_event_entry_names_the_event_and_its_position(
        client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "r3 +5 pass"})
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert err["rule"] == "TOY-1"
    assert err["message"].startswith("event 2 of 3, '+5' (after r3), is refused: ")
    assert "nothing of this entry was stored" in err["message"]
    assert err["legal"] == ["+1", "+2", "+3", "pass"]  # what was legal there, after r3


def test_stale_sequence_gets_409_with_fresh_state(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    assert post(client, t, "events", {"seq": 0, "text": "r1"}).status_code == 201
    r = post(client, t, "events", {"seq": 0, "text": "r2"})
    assert r.status_code == 409
    body = r.get_json()
    assert body["error"]["rule"] == "tracker.stale"
    assert body["state"]["seq"] == 1 and body["state"]["since"] == 0
    assert body["state"]["history"][0]["event"] == "r1"


def test_tokens_missing_wrong_and_cookie_ignored(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "r1"}, token=None)
    assert r.status_code == 401 and r.get_json()["error"]["field"] == "X-Table-Token"
    r = post(client, t, "events", {"seq": 0, "text": "r1"}, token="not-the-token")
    assert r.status_code == 403
    other = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": 0, "text": "r1"}, token=other["token"])
    assert r.status_code == 403
    assert client.get(f"/api/tables/{t['id']}").get_json()["seq"] == 0


def test_undo_is_recorded_not_erased(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    post(client, t, "events", {"seq": 0, "text": "r5 +5"})
    r = post(client, t, "undo", {"seq": 2})
    assert r.status_code == 201
    s = r.get_json()
    assert s["seq"] == 3 and s["history"] == []  # nothing new in force since seq 2
    assert s["undone"] == [2] and s["scores"]["Ana"] == 0 and s["actor"] == "Ana"
    s = post(client, t, "events", {"seq": 3, "text": "+1", "since": 0}).get_json()
    assert [h["event"] for h in s["history"]] == ["r5", "+1"] and s["undone"] == [2]
    log = client.get(f"/api/tables/{t['id']}/log").get_json()
    assert log["events"] == ["r5", "+1"] and log["format"] == 1


def test_undo_with_nothing_logged(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "undo", {"seq": 0})
    assert r.status_code == 422
    assert r.get_json()["error"]["rule"] == "tracker.nothing-to-undo"


def test_seeded_table_deals_and_undo_takes_back_the_deal(client: FlaskClient) -> None:
    t = new_table_api(client, seed=42, chance="tracker")
    assert t["chance"] == "tracker" and t["seq"] == 1  # the first roll was dealt
    first = t["history"][0]
    assert first["source"] == "dealt"
    s = post(client, t, "events", {"seq": 1, "text": "pass"}).get_json()
    assert s["seq"] == 3 and s["history"][-1]["source"] == "dealt"
    s = post(client, t, "undo", {"seq": 3, "since": 0}).get_json()
    assert [h["event"] for h in s["history"]] == [first["event"]]
    assert s["awaiting"] == "decision"


def test_roll_for_us_and_typed_chance_on_a_seeded_table(client: FlaskClient) -> None:
    t = new_table_api(client, seed=5, chance="tracker", auto_deal=False)
    assert t["seq"] == 0 and t["dealt_available"] and t["awaiting"] == "chance"
    r = post(client, t, "events", {"seq": 0, "text": "+1"})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "TOY-2"
    s = post(client, t, "roll", {"seq": 0}).get_json()
    assert s["seq"] == 1 and s["history"][0]["source"] == "dealt"
    dealt = s["history"][0]["event"]
    s = post(client, t, "undo", {"seq": 1}).get_json()  # undoes just the roll here
    assert s["history"] == [] and s["undone"] == [1] and s["seq"] == 2
    wrong = "r1" if dealt != "r1" else "r2"
    r = post(client, t, "events", {"seq": 2, "text": wrong})
    assert r.status_code == 422
    assert r.get_json()["error"] == {"message": f"the seed dealt {dealt}", "rule": "TOY-3",
                                     "legal": [dealt]}
    assert post(client, t, "events", {"seq": 2, "text": dealt}).status_code == 201


def test_roll_for_us_refused_without_seed_or_chance(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    r = post(client, t, "roll", {"seq": 0})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "tracker.no-seed"
    post(client, t, "events", {"seq": 0, "text": "r2"})
    r = post(client, t, "roll", {"seq": 1})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "tracker.not-chance"


def test_finished_game_refuses_more(client: FlaskClient) -> None:
    t = new_table_api(client, players=["Solo"], chance="table", options={"target": 3})
    s = post(client, t, "events", {"seq": 0, "text": "r3 +3"}).get_json()
    assert s["finished"] and s["winners"] == ["Solo"] and s["result"] == "win"
    r = post(client, t, "events", {"seq": 2, "text": "r1"})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "tracker.finished"


def test_export_fields(client: FlaskClient) -> None:
    t = new_table_api(client, players=["Solo"], chance="table", options={"target": 3},
                      location="Café Ørsted")
    post(client, t, "events", {"seq": 0, "text": "r3 +3"})
    ex = client.get(f"/api/tables/{t['id']}/export").get_json()
    assert ex["play"]["location"] == "Café Ørsted" and ex["play"]["duration_min"] >= 1
    assert ex["bgg"]["players"] == [{"username": "", "userid": "", "name": "Solo",
                                     "startposition": "1", "color": "", "score": "3",
                                     "new": "0", "rating": "0", "win": "1"}]
    assert ex["bgg"]["incomplete"] == "0" and ex["bgg"]["location"] == "Café Ørsted"
    play = ex["bgstats"]["plays"][0]
    assert play["playerScores"][0]["winner"] is True and play["locationRefId"] == 1
    assert [loc["name"] for loc in ex["bgstats"]["locations"]] == ["Café Ørsted"]


def test_create_validation_names_fields(client: FlaskClient) -> None:
    cases = [
        ({"game": "nope", "players": ["a"]}, "game"),
        ({"game": "toy-dice", "players": "Ana"}, "players"),
        ({"game": "toy-dice", "players": []}, "players"),
        ({"game": "toy-dice", "players": ["a"] * 5}, "players"),
        ({"game": "toy-dice", "players": ["a", "a"]}, "players"),
        ({"game": "toy-dice", "players": ["a\u0000b"]}, "players"),
        ({"game": "toy-dice", "players": ["x" * 41]}, "players"),
        ({"game": "toy-dice", "players": ["a"], "seed": -1}, "seed"),
        ({"game": "toy-dice", "players": ["a"], "seed": "12x"}, "seed"),
        ({"game": "toy-dice", "players": ["a"], "seed": 2**64}, "seed"),
        ({"game": "toy-dice", "players": ["a"], "seed": True}, "seed"),
        ({"game": "toy-dice", "players": ["a"], "options": [1]}, "options"),
        ({"game": "toy-dice", "players": ["a"], "options": {"target": 999}}, "options"),
        ({"game": "toy-dice", "players": ["a"], "chance": "dice"}, "chance"),
        ({"game": "toy-dice", "players": ["a"], "location": 5}, "location"),
        ({"game": 7, "players": ["a"]}, "game"),
    ]
    for body, field in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, (body, r.get_json())
        assert r.get_json()["error"]["field"] == field, (body, r.get_json())


def test_malformed_requests_are_4xx_json(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    tid = t["id"]
    h = {"X-Table-Token": t["token"]}
    assert client.post("/api/tables", data="{", content_type="application/json").status_code == 400
    assert client.post("/api/tables", data="x=1").status_code == 415
    assert client.post("/api/tables", json=[1, 2]).status_code == 400
    for body in ({"seq": "a", "text": "r1"}, {"seq": -1, "text": "r1"}, {"seq": None},
                 {"seq": 0, "text": 5}, {"seq": 0}, {"seq": 1.5, "text": "r1"},
                 {"seq": 0, "text": "r" * 3000}, {"seq": 0, "text": "   "},
                 {"seq": 0, "text": " , ,"}):
        r = client.post(f"/api/tables/{tid}/events", json=body, headers=h)
        assert 400 <= r.status_code < 500, (body, r.status_code)
        assert "error" in r.get_json()
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/" + "x" * 500).status_code == 404
    assert client.get("/api/nothing-here").get_json()["error"]["rule"] == "http.404"
    assert client.delete(f"/api/tables/{tid}").status_code == 405
    big = {"game": "toy-dice", "players": ["a"], "location": "x" * (5 * 1024 * 1024)}
    assert client.post("/api/tables", json=big).status_code == 413


def test_games_and_openapi(client: FlaskClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").get_json()}
    assert games["galaxy-express"]["min_players"] == 1 and games["galaxy-express"]["sheet"]
    assert games["toy-dice"]["kit"].endswith("/kit/toy-dice")
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    rules = {rule.rule for rule in client.application.url_map.iter_rules()
             if rule.rule.startswith("/api/")}
    documented = {p.replace("{", "<").replace("}", ">") for p in doc["paths"]}
    assert rules == documented


def test_any_typed_text_is_stored_or_refused_never_500(client: FlaskClient) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    t = client.post("/api/tables", json={"game": "galaxy-express", "players": ["P"],
                                         "seed": 3, "chance": "tracker"}).get_json()
    alphabet = st.sampled_from(list("SMQDRX.?@=+ ,abcdefgh0123456789NEWz\u00e9\u0000"))

    @settings(max_examples=150, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.text(alphabet, max_size=12) | st.text(max_size=20))
    def check(text: str) -> None:
        seq = client.get(f"/api/tables/{t['id']}").get_json()["seq"]
        r = post(client, t, "events", {"seq": seq, "text": text})
        assert r.status_code in (201, 422), (text, r.status_code, r.get_json())
        if r.status_code == 422:
            err = r.get_json()["error"]
            assert err["message"] and (err.get("rule") or err.get("field"))

    check()


def test_typed_outcome_on_a_dealing_table_must_match_the_deal(client: FlaskClient) -> None:
    t = new_table_api(client, seed=42, chance="tracker")
    s = post(client, t, "events", {"seq": 1, "text": "pass"}).get_json()
    dealt = s["history"][-1]["event"]
    s = post(client, t, "undo", {"seq": s["seq"]}).get_json()
    wrong = "r1" if dealt != "r1" else "r2"
    r = post(client, t, "events", {"seq": s["seq"], "text": f"pass {wrong}"})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "tracker.dealt"
    r = post(client, t, "events", {"seq": s["seq"], "text": f"pass {dealt}"})
    assert r.status_code == 201
    hist = r.get_json()["history"]
    assert [h["event"] for h in hist[-2:]] == ["pass", dealt] and hist[-1]["source"] == "dealt"


def test_unicode_digits_are_refused_not_crashed_on(client: FlaskClient) -> None:
    # str.isdigit() accepts "²" but int() does not: a 422 naming the field, never a 500.
    r = client.post("/api/tables", json={"game": "toy-dice", "players": ["Ana", "Bo"],
                                         "seed": "²"})
    assert r.status_code == 422 and r.get_json()["error"]["field"] == "seed"
    t = new_table_api(client, chance="table")
    r = post(client, t, "events", {"seq": "١", "text": "r4"})
    assert r.status_code in (400, 422) and r.get_json()["error"]["field"] == "seq"

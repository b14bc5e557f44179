"""The BoardGameGeek / BG Stats export: the real start player, start positions counted from it
in seat order, and each seat's colour or faction where the game gives one."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from pnp.engine import get_game

from .conftest import new_table_api


def export(client: FlaskClient, table: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/tables/{table['id']}/export").get_json()
    return data


def play_first_decision(client: FlaskClient, t: dict[str, Any]) -> dict[str, Any]:
    state = client.get(f"/api/tables/{t['id']}").get_json()
    resp = client.post(f"/api/tables/{t['id']}/events",
                       json={"seq": state["seq"], "text": state["legal"][0]},
                       headers={"X-Table-Token": t["token"]})
    assert resp.status_code == 201, resp.get_json()
    out: dict[str, Any] = resp.get_json()
    return out


def test_weird_galaxy_start_player_is_the_first_option_not_seat_one(
        client: FlaskClient) -> None:
    t = new_table_api(client, game="weird-galaxy", players=["Ana", "Bo", "Cy"], seed=4,
                      chance="tracker", options={"first": 1})
    before = export(client, t)  # no decision yet: the engine says whose turn it is
    assert [p["start_player"] for p in before["play"]["players"]] == [False, True, False]
    after = play_first_decision(client, t)
    assert after["history"][-1]["by"] == "Bo"
    ex = export(client, t)
    players = ex["play"]["players"]
    assert [p["seat"] for p in players] == [1, 2, 3]
    assert [p["start_position"] for p in players] == [3, 1, 2]
    roles = list(get_game("weird-galaxy").seat_roles(
        client.get(f"/api/tables/{t['id']}/log").get_json()["setup"], ["Ana", "Bo", "Cy"]))
    assert [p["role"] for p in players] == roles and all(roles)
    assert [p["startposition"] for p in ex["bgg"]["players"]] == ["3", "1", "2"]
    assert [p["color"] for p in ex["bgg"]["players"]] == roles
    scores = ex["bgstats"]["plays"][0]["playerScores"]
    assert [s["startPlayer"] for s in scores] == [False, True, False]
    assert [s["seatOrder"] for s in scores] == [1, 2, 3]
    assert [s["role"] for s in scores] == roles


def test_galaxy_trucker_colours_and_wormholes_factions(client: FlaskClient) -> None:
    gt = new_table_api(client, game="galaxy-trucker", players=["Ana", "Bo", "Cy"], seed=2,
                       chance="tracker")
    assert [p["role"] for p in export(client, gt)["play"]["players"]] == \
        ["blue", "red", "green"]
    wh = new_table_api(client, game="wormholes", players=["Ana", "Bo"], seed=2,
                       chance="tracker")
    roles = [p["role"] for p in export(client, wh)["play"]["players"]]
    assert roles == ["OrthogonAliens (Sun and Moon ships)",
                     "DiagonAliens (Crown and Arm ships)"]


def test_a_game_without_colours_leaves_them_out(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")  # toy dice: a roll, then Ana decides
    client.post(f"/api/tables/{t['id']}/events", json={"seq": 0, "text": "r2 +2"},
                headers={"X-Table-Token": t["token"]})
    ex = export(client, t)
    assert [p["start_player"] for p in ex["play"]["players"]] == [True, False]
    assert all(p["role"] is None for p in ex["play"]["players"])
    assert all("role" not in s for s in ex["bgstats"]["plays"][0]["playerScores"])


# -- the published formats -------------------------------------------------------------------
def test_doctests() -> None:
    import doctest

    from webscore import export as module

    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


def _finished_game(client: FlaskClient) -> dict[str, Any]:
    t = new_table_api(client, players=["Ana", "Bo"], chance="table", options={"target": 3},
                      location="Kitchen")
    client.post(f"/api/tables/{t['id']}/events", json={"seq": 0, "text": "r3 +3"},
                headers={"X-Table-Token": t["token"]})
    return t


def test_bgg_xml_parses_with_the_published_attributes(client: FlaskClient) -> None:
    """BGG XML API 2 ``/plays``: play date quantity length incomplete nowinstats location;
    item name objecttype objectid; player username userid name startposition color score new
    rating win (flags "0"/"1")."""
    from xml.etree import ElementTree

    t = _finished_game(client)
    for url in (f"/api/tables/{t['id']}/export.xml", f"/t/{t['id']}/play.xml"):
        r = client.get(url)
        assert r.status_code == 200 and r.mimetype == "application/xml"
        root = ElementTree.fromstring(r.data)
        assert root.tag == "plays"
        (play,) = root.findall("play")
        assert set(play.attrib) == {"date", "quantity", "length", "incomplete", "nowinstats",
                                    "location"}
        assert play.get("incomplete") == "0" and play.get("quantity") == "1"
        assert play.get("location") == "Kitchen" and int(play.get("length") or 0) >= 1
        item = play.find("item")
        assert item is not None and item.attrib == {
            "name": get_game("toy-dice").title, "objecttype": "thing", "objectid": ""}
        assert "table" in (play.findtext("comments") or "")
        people = play.findall("players/player")
        assert [set(p.attrib) for p in people] == [{
            "username", "userid", "name", "startposition", "color", "score", "new", "rating",
            "win"}] * 2
        assert [p.get("name") for p in people] == ["Ana", "Bo"]
        assert [p.get("win") for p in people] == ["1", "0"]
        assert [p.get("score") for p in people] == ["3", "0"]
        assert [p.get("startposition") for p in people] == ["1", "2"]
    assert "attachment" in client.get(f"/t/{t['id']}/play.xml").headers["Content-Disposition"]


def test_bgstats_file_has_the_published_fields(client: FlaskClient) -> None:
    """BG Stats' export: top-level games, players, plays; play playDate durationMin gameRefId
    playerScores [playerRefId score winner startPlayer seatOrder newPlayer rank role];
    players id name uuid bggUsername; games id name bggId cooperative highestWins noPoints
    usesTeams."""
    import uuid
    from datetime import datetime

    t = _finished_game(client)
    data = export(client, t)["bgstats"]
    assert {"games", "players", "plays"} <= set(data)
    (game,) = data["games"]
    assert {"id", "name", "bggId", "cooperative", "highestWins", "noPoints",
            "usesTeams"} <= set(game)
    assert game["highestWins"] is True and game["cooperative"] is False
    for p in data["players"]:
        assert {"id", "name", "uuid", "bggUsername"} <= set(p)
        uuid.UUID(p["uuid"])
    (play,) = data["plays"]
    assert {"playDate", "durationMin", "gameRefId", "playerScores"} <= set(play)
    datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert play["gameRefId"] == game["id"] and play["durationMin"] >= 1
    ids = {p["id"]: p["name"] for p in data["players"]}
    scores = play["playerScores"]
    for s in scores:
        assert {"playerRefId", "score", "winner", "startPlayer", "seatOrder", "newPlayer",
                "rank"} <= set(s)
    assert [ids[s["playerRefId"]] for s in scores] == ["Ana", "Bo"]
    assert [(s["winner"], s["rank"], s["seatOrder"]) for s in scores] == \
        [(True, 1, 1), (False, 2, 2)]
    assert [data["locations"][0]["id"]] == [play["locationRefId"]]
    # The same table exports the same ids, so a second import is the same play.
    assert export(client, t)["bgstats"]["plays"][0]["uuid"] == play["uuid"]

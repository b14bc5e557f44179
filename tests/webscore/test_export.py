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

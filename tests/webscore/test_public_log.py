"""A seeded table's hidden deal stays out of the log until the game is over."""

from __future__ import annotations

from flask.testing import FlaskClient

from pnp.engine import log_from_json, replay

from .conftest import new_table_api


def test_unfinished_seeded_log_leaves_the_deal_out_and_still_replays(
        client: FlaskClient) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Solo"], seed=7)
    headers = {"X-Table-Token": t["token"]}
    r = client.post(f"/api/tables/{t['id']}/events", json={"seq": t["seq"], "text": "@a4"},
                    headers=headers)
    assert r.status_code == 201, r.get_json()
    data = client.get(f"/api/tables/{t['id']}/log").get_json()
    assert "deal" not in data["setup"] and data["setup"]["chance"] == "table"
    assert "@a4" in data["events"]
    assert replay(log_from_json(data)).ok
    page = client.get(f"/t/{t['id']}/log.json").get_data(as_text=True)
    assert '"deal"' not in page


def test_finished_seeded_log_is_whole(client: FlaskClient) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Solo"], seed=7)
    headers = {"X-Table-Token": t["token"]}
    r = client.post(f"/api/tables/{t['id']}/events", json={"seq": t["seq"], "text": "X"},
                    headers=headers)
    assert r.status_code == 201, r.get_json()
    data = client.get(f"/api/tables/{t['id']}/log").get_json()
    assert data["setup"]["chance"] == "seeded" and "deal" in data["setup"]
    result = replay(log_from_json(data))
    assert result.ok and result.to_json()["result"] == "conceded"

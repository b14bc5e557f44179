"""GT-R1 on a tracker table: the spot check's buttons never offer removing nothing."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import new_table_api


def test_the_fix_buttons_remove_a_tile_and_work(client: FlaskClient) -> None:
    t = new_table_api(client, game="galaxy-trucker", players=["Ann", "Bo"], seed=1,
                      chance="tracker")
    headers = {"X-Table-Token": t["token"]}
    # Ann's #121 hangs on by a wrong connector only (see tests/games/test_galaxy_trucker_ship)
    ship = "1:I;121@5,7;11@6,6/2;103@6,7/1;141@7,7"
    r = client.post(f"/api/tables/{t['id']}/events", headers=headers,
                    json={"seq": t["seq"], "text": f"{ship} 2:I;142@7,7"})
    assert r.status_code == 201, r.get_json()
    state = r.get_json()
    assert state["legal"] == ["fix:121"]
    client.get(t["join_url"])  # this phone may write: the page shows the entry buttons
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert 'value="fix:121"' in page and 'value="fix:"' not in page
    r = client.post(f"/api/tables/{t['id']}/events", headers=headers,
                    json={"seq": state["seq"], "text": "fix:121"})
    assert r.status_code == 201, r.get_json()

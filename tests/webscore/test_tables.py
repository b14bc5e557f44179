"""Pages: home, new table (QR landing), table page, join/read-only, finish and downloads."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pnp.engine import replay
from pnp.engine.log import log_from_json

from .conftest import csrf

FETCH = {"X-Requested-With": "fetch"}


def create(client: FlaskClient, **form: str) -> str:
    data = {"csrf": csrf(client), "game": "toy-dice", "player": ["Ana", "Bo"],
            "chance": "table", **form}
    r = client.post("/new", data=data)
    assert r.status_code == 303, r.data.decode()[:2000]
    m = re.fullmatch(r"/t/([\w-]+)", r.headers["Location"])
    assert m
    return m.group(1)


def test_home_lists_games_with_players_and_kit_link(client: FlaskClient) -> None:
    page = client.get("/").data.decode()
    assert "Galaxy Express" in page and "1 player" in page
    assert 'href="/kit/galaxy-express"' in page
    assert "Toy Dice" in page and "1-4 players" in page


def test_qr_landing_prefills_game_and_seed(client: FlaskClient) -> None:
    page = client.get("/new?game=galaxy-express&seed=1234").data.decode()
    assert '<option value="galaxy-express" selected>' in page
    assert 'name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="19" value="1234"' in page
    kit_qr = client.get("/tables/new?game=galaxy-express&seed=77").data.decode()
    assert 'maxlength="19" value="77"' in kit_qr
    page = client.get("/new?game=<script>&seed=abc").data.decode()
    assert "<script>&" not in page and 'value="abc"' not in page


def test_new_table_form_errors_keep_input(client: FlaskClient) -> None:
    r = client.post("/new", data={"csrf": csrf(client), "game": "toy-dice",
                                  "player": ["Zoë", "Zoë"], "chance": "table"})
    assert r.status_code == 422
    page = r.data.decode()
    assert "same name" in page and 'value="Zoë"' in page


def test_new_table_without_csrf_is_refused(client: FlaskClient) -> None:
    r = client.post("/new", data={"game": "toy-dice", "player": ["A"]})
    assert r.status_code == 400 and "CSRF" in r.data.decode()
    r = client.post("/new", data={"csrf": "forged", "game": "toy-dice", "player": ["A"]})
    assert r.status_code == 400


def test_table_page_for_the_creator_shows_entry_and_qr(client: FlaskClient) -> None:
    tid = create(client, **{"player": ["Zoë <b>", "星"]})
    page = client.get(f"/t/{tid}").data.decode()
    assert "Zoë &lt;b&gt;" in page and "Zoë <b>" not in page
    assert 'class="choice" type="submit" name="text" value="r6"' in page
    assert 'id="text"' in page and "Join this table" in page and "<svg class=\"qr\"" in page
    join = re.search(r'href="(http://localhost/t/[\w-]+/join\?k=[\w-]+)"', page)
    assert join


def test_spectator_is_read_only_and_join_link_grants_writing(app: FlaskClient,
                                                              client: FlaskClient) -> None:
    tid = create(client)
    page = client.get(f"/t/{tid}").data.decode()
    join = re.search(r'href="http://localhost(/t/[\w-]+/join\?k=[\w-]+)"', page)
    assert join
    other = client.application.test_client()
    watch = other.get(f"/t/{tid}").data.decode()
    assert "read-only" in watch and 'id="text"' not in watch and "join?k=" not in watch
    token = csrf(other)
    r = other.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r1"})
    assert r.status_code == 403
    bad = other.get(f"/t/{tid}/join?k=wrong")
    assert bad.status_code == 403
    ok = other.get(join.group(1).replace("&amp;", "&"))
    assert ok.status_code == 303
    r = other.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r1"})
    assert r.status_code == 303


def test_move_form_logs_and_refuses_with_rule_keeping_text(client: FlaskClient) -> None:
    tid = create(client)
    token = csrf(client)
    r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2"})
    assert r.status_code == 303 and r.headers["Location"].endswith("#entry")
    # Without JavaScript: POST-redirect-GET, the refusal waits on the table's own page.
    r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "1", "text": "+5"})
    assert r.status_code == 303 and r.headers["Location"] == f"/t/{tid}#entry"
    page = client.get(f"/t/{tid}").data.decode()
    assert "TOY-1" in page and "you rolled 2" in page
    assert 'value="+5"' in page  # the entry box keeps what was typed
    assert "TOY-1" not in client.get(f"/t/{tid}").data.decode()  # shown once
    # With JavaScript: the redrawn part of the page, the refusal next to the entry.
    r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "1", "text": "qq"},
                    headers=FETCH)
    assert r.status_code == 422 and r.mimetype == "application/json"
    part = r.get_json()
    assert part["seq"] == 1 and "notation" in part["html"] and 'value="qq"' in part["html"]
    assert part["html"].index('id="refusal"') < part["html"].index('id="text"')


def test_stale_form_post_shows_fresh_state(client: FlaskClient) -> None:
    tid = create(client)
    token = csrf(client)
    client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2"})
    r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r3"},
                    headers=FETCH)
    assert r.status_code == 409
    page = r.get_json()["html"]
    assert "tracker.stale" in page and 'value="r3"' in page
    assert '<code class="notation">r2</code>' in page
    r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r3"})
    assert r.status_code == 303
    page = client.get(r.headers["Location"]).data.decode()
    assert "tracker.stale" in page and 'value="r3"' in page


def test_a_page_post_reads_nothing_when_this_process_saw_the_page(
        app: Flask, client: FlaskClient) -> None:
    """A phone's entry from the page is one INSERT: the table is checked against this
    process's newest snapshot and the redrawn part drawn from the write's own; a page
    ahead of this process (another wrote) is checked against the table as stored."""
    from webscore.db import get_engine
    from webscore.sqlcount import counting
    from webscore.tracker import submit

    from .test_tracker import second_instance

    tid = create(client)
    token = csrf(client)
    engine = get_engine(app)
    with counting(engine) as seen:
        r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2"},
                        headers=FETCH)
    assert r.status_code == 200 and r.get_json()["seq"] == 1
    assert [s.split()[0] for s in seen.sql if not s.startswith("BEGIN")] == ["INSERT"]
    other = second_instance(app)  # another process stores an entry the page then shows
    submit(other, tid, 1, "+2")
    other.dispose()
    with counting(engine) as seen:
        r = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "2", "text": "r5"},
                        headers=FETCH)
    assert r.status_code == 200 and r.get_json()["seq"] == 3, r.get_json()
    assert sum(s.startswith("SELECT") for s in seen.sql) >= 1  # looked at the table first


def test_double_tap_is_not_an_error(client: FlaskClient) -> None:
    tid = create(client)
    token = csrf(client)
    first = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2"})
    again = client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2"})
    assert first.status_code == again.status_code == 303
    state = client.get(f"/api/tables/{tid}").get_json()
    assert [h["event"] for h in state["history"]] == ["r2"]


def test_move_form_without_csrf_refused(client: FlaskClient) -> None:
    tid = create(client)
    r = client.post(f"/t/{tid}/move", data={"seq": "0", "text": "r1"})
    assert r.status_code == 400


def test_undo_form_and_history(client: FlaskClient) -> None:
    tid = create(client)
    token = csrf(client)
    client.post(f"/t/{tid}/move", data={"csrf": token, "seq": "0", "text": "r2 +2"})
    r = client.post(f"/t/{tid}/undo", data={"csrf": token, "seq": "2"})
    assert r.status_code == 303
    page = client.get(f"/t/{tid}").data.decode()
    assert '<code class="notation">r2</code>' in page
    assert '<code class="notation">+2</code>' not in page
    assert "1 entry undone" in page


def test_roll_for_us_button(client: FlaskClient) -> None:
    tid = create(client, chance="tracker", seed="9", manual_deal="1")
    page = client.get(f"/t/{tid}").data.decode()
    assert 'id="roll"' in page
    r = client.post(f"/t/{tid}/roll", data={"csrf": csrf(client), "seq": "0"})
    assert r.status_code == 303
    page = client.get(f"/t/{tid}").data.decode()
    assert "dealt" in page and 'id="roll"' not in page


def test_finish_page_and_downloads(client: FlaskClient) -> None:
    tid = create(client, player=["Solo"], options='{"target": 3}', location="Kitchen")
    client.post(f"/t/{tid}/move", data={"csrf": csrf(client), "seq": "0", "text": "r4 +3"})
    page = client.get(f"/t/{tid}").data.decode()
    assert "Game over" in page and "See the result" in page
    fin = client.get(f"/t/{tid}/finish").data.decode()
    assert "★ winner" in fin and "Solo" in fin and "Kitchen" in fin
    r = client.get(f"/t/{tid}/log.json")
    assert "attachment" in r.headers["Content-Disposition"]
    log = log_from_json(json.loads(r.data))
    result = replay(log)
    assert result.ok and result.applied == 2 and result.to_json()["winner"] == ["Solo"]
    play = json.loads(client.get(f"/t/{tid}/play.json").data)
    assert play["bgg"]["players"][0]["win"] == "1"
    pdf = client.get(f"/t/{tid}/result.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_unknown_table_and_kit(client: FlaskClient) -> None:
    assert client.get("/t/nope").status_code == 404
    assert client.get("/kit/nope").status_code == 404
    r = client.get("/kit/toy-dice")
    assert r.status_code == 404 and "not available yet" in r.data.decode()
    assert client.get("/kit/toy-dice?paper=a3").status_code == 400
    assert client.get("/kit/toy-dice?seed=x").status_code == 422


def test_malformed_form_posts_are_4xx(client: FlaskClient) -> None:
    tid = create(client)
    token = csrf(client)
    for data in ({"csrf": token, "seq": "abc", "text": "r1"},
                 {"csrf": token, "seq": "", "text": "r1"},
                 {"csrf": token, "seq": "0", "text": "r" * 5000},
                 {"csrf": token, "seq": "0"},
                 {"csrf": token, "seq": "99999999999999999999", "text": "r1"}):
        r = client.post(f"/t/{tid}/move", data=data, headers=FETCH)
        assert 400 <= r.status_code < 500, (data, r.status_code)
        assert "refusal" in r.get_data(as_text=True) or r.status_code == 400
        plain = client.post(f"/t/{tid}/move", data=data)
        assert plain.status_code in (303, 400), (data, plain.status_code)
    assert client.post(f"/t/{tid}/roll", data={"csrf": token, "seq": "x"},
                       headers=FETCH).status_code == 422
    assert client.post(f"/t/{tid}/undo", data={"csrf": token}, headers=FETCH).status_code == 422
    assert client.post("/t/" + "x" * 300 + "/move", data={"csrf": token}).status_code in (
        400, 404)
    big = {"csrf": token, "seq": "0", "text": "x" * (5 * 1024 * 1024)}
    assert client.post(f"/t/{tid}/move", data=big).status_code == 413
    r = client.post("/new", data={"csrf": token, "game": "toy-dice", "player": ["A"],
                                  "options": "{not json"})
    assert r.status_code == 422 and "options" in r.data.decode()
    r = client.post("/new", data={"csrf": token, "game": "nope", "player": ["A"]})
    assert r.status_code == 422
    r = client.post("/new", data={"csrf": token, "game": "galaxy-express", "player": ["A"],
                                  "chance": "table", "opt.galaxy-express.planets": "a1 a1"})
    assert r.status_code == 422 and "GE-2" in r.data.decode()


def test_game_option_fields_reach_the_engine(client: FlaskClient) -> None:
    token = csrf(client)
    r = client.post("/new", data={"csrf": token, "game": "galaxy-express", "player": ["A"],
                                  "chance": "table",
                                  "opt.galaxy-express.planets": "a1 c3 f2 h6 d5 b6"})
    assert r.status_code == 303
    tid = r.headers["Location"].rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{tid}").get_json()
    assert sorted(p["cell"] for p in state["summary"]["planets"]) == sorted(
        ["a1", "c3", "f2", "h6", "d5", "b6"])
    assert state["chance"] == "table" and not state["dealt_available"]
    page = client.get(f"/t/{tid}").data.decode()
    assert "Reveal: the number now on top of the delivery queue" in page
    assert 'name="text" value="Q0"' in page and 'id="roll"' not in page


@pytest.mark.slow
def test_kit_download_carries_a_qr_back_to_this_tracker(client: FlaskClient) -> None:
    import pypdfium2 as pdfium
    import zxingcpp

    r = client.get("/kit/galaxy-express?seed=5&paper=letter")
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    assert "attachment" in r.headers["Content-Disposition"]
    pdf = pdfium.PdfDocument(r.data)
    codes: set[str] = set()
    for i in range(min(len(pdf), 6)):
        image = pdf[i].render(scale=150 / 72).to_pil()
        codes |= {c.text for c in zxingcpp.read_barcodes(image)}
    landing = "http://localhost/tables/new?game=galaxy-express&seed=5&chance=tracker"
    assert landing in codes, codes
    page = client.get(landing.removeprefix("http://localhost")).data.decode()
    assert '<option value="galaxy-express" selected>' in page and 'value="5"' in page


def test_table_page_title_and_scripts(client: FlaskClient) -> None:
    tid = create(client)
    page = client.get(f"/t/{tid}").data.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title and title.group(1) == f"Toy Dice · table {tid}"
    assert "<script>" not in page  # no inline script: one file, a Content-Security-Policy
    assert page.count("<script ") == 1 and "/static/table.js" in page
    assert f'data-part="/t/{tid}/part"' in page


def test_a_table_whose_game_is_gone_is_a_clear_404(client: FlaskClient) -> None:
    from pnp.engine import registry

    tid = create(client)
    registry.unregister("toy-dice")  # the autouse fixture's teardown tolerates this
    from webscore.snapshots import clear_cache

    clear_cache()
    r = client.get(f"/t/{tid}")
    assert r.status_code == 404 and "not installed" in r.data.decode()
    r = client.get(f"/api/tables/{tid}")
    assert r.status_code == 404 and "not installed" in r.get_json()["error"]["message"]


def test_security_headers(client: FlaskClient) -> None:
    r = client.get("/")
    assert r.headers["Referrer-Policy"] == "same-origin"
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_a_kits_qr_preselects_the_mode_its_setup_sheet_describes(client: FlaskClient) -> None:
    from pnp.render import galaxy_express, wormholes
    from pnp.render.options import KitOptions

    checked = 'name="chance" value="{}" checked'
    for module, mode in ((galaxy_express, "tracker"), (wormholes, "table")):
        url = module.tracker_url(KitOptions(seed=7, tracker_url="http://localhost"))
        assert url.endswith(f"&chance={mode}")
        page = client.get(url.removeprefix("http://localhost")).data.decode()
        assert checked.format(mode) in page
        other = "table" if mode == "tracker" else "tracker"
        assert checked.format(other) not in page
    odd = client.get("/tables/new?game=wormholes&seed=7&chance=<b>").data.decode()
    assert checked.format("table") in odd and "<b>" not in odd

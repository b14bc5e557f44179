"""Galaxy Express end to end through the tracker: seeded and table play, the drawing, the
filled record sheet (it must pass the sheet checker), and the result PDF."""

from __future__ import annotations

import io
from typing import Any

from flask.testing import FlaskClient
from pypdf import PdfReader

from pnp.engine import Rng, get_game
from pnp.sheets import check_sheet
from webscore.db import get_engine
from webscore.sheetfill import sheet_fields
from webscore.snapshots import snapshot

from .test_api import post


def new_ge(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "galaxy-express", "players": ["Zoë"],
                                         **fields})
    assert r.status_code == 201, r.get_json()
    data: dict[str, Any] = r.get_json()
    return data


def play_random(client: FlaskClient, t: dict[str, Any], seed: int, limit: int = 400,
                concede: bool = False) -> dict[str, Any]:
    """Pick random legal decisions through the API until the game ends."""
    rng = Rng(seed, "test")
    s = t
    for _ in range(limit):
        if s["finished"]:
            break
        choices = [e for e in s["legal"] if e != "X"] or s["legal"]
        text = rng.choice(choices)
        r = post(client, t, "events", {"seq": s["seq"], "text": text})
        assert r.status_code == 201, (text, r.get_json())
        s = r.get_json()
    return s


def test_seeded_game_plays_to_the_end(client: FlaskClient) -> None:
    t = new_ge(client, seed=7, chance="tracker")
    assert t["history"][0]["event"][0] == "Q" and t["awaiting"] == "decision"
    assert t["legal"][0].startswith("@")
    s = play_random(client, t, 3)
    assert s["finished"] and s["result"] in ("win", "lost in space")
    assert s["scores"]["Zoë"] == s["summary"]["score"]


def test_table_play_with_planets_option_needs_typed_reveals(client: FlaskClient) -> None:
    t = new_ge(client, chance="table", options={"planets": "a1 c3 f2 h6 d5 b6"})
    assert t["awaiting"] == "chance" and not t["dealt_available"]
    assert "Q0" in t["legal"]
    s = post(client, t, "events", {"seq": 0, "text": "Q3 +S0 +S3 +M1 +M4"}).get_json()
    assert s["awaiting"] == "decision"
    r = post(client, t, "events", {"seq": s["seq"], "text": "@a1 a1=3"})
    s = r.get_json()
    assert r.status_code == 201 and s["summary"]["queue"]["bottom"] == 3
    # the queue coin 3 went to the bottom: revealing 3 again is impossible (GE-12)
    r = post(client, t, "events", {"seq": s["seq"], "text": "Q3"})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "GE-12"


def test_table_play_without_planets_is_an_options_error(client: FlaskClient) -> None:
    r = client.post("/api/tables", json={"game": "galaxy-express", "players": ["A"],
                                         "chance": "table"})
    assert r.status_code == 422 and r.get_json()["error"]["field"] == "options"
    assert "planet" in r.get_json()["error"]["message"]


def test_illegal_slide_names_ge_rule(client: FlaskClient) -> None:
    t = new_ge(client, seed=7, chance="tracker")
    s = post(client, t, "events", {"seq": t["seq"], "text": t["legal"][0]}).get_json()
    not_up = next(f"S{v}E" for v in range(6) if v not in s["summary"]["suns"]["face_up"])
    r = post(client, t, "events", {"seq": s["seq"], "text": not_up})
    err = r.get_json()["error"]
    assert r.status_code == 422 and err["rule"] == "GE-4" and "not face" in err["message"]


def test_filled_sheet_passes_the_checker(client: FlaskClient) -> None:
    for seed in (7, 11, 19):
        t = new_ge(client, seed=seed, chance="tracker")
        s = play_random(client, t, seed)
        snap = snapshot(get_engine(client.application), t["id"])
        fields = sheet_fields(snap)
        assert fields is not None
        turns = sum(name.endswith("_coin") for name in fields)
        assert turns == s["summary"]["turn"]
        report = check_sheet("galaxy-express", fields)
        bad = [line for line in report["lines"] if not line["ok"]]  # type: ignore[union-attr]
        assert report["ok"], bad
        assert fields["score"] == str(s["summary"]["score"])


def test_board_drawing_escapes_and_shows_state(client: FlaskClient) -> None:
    t = new_ge(client, seed=7, chance="tracker")
    s = post(client, t, "events", {"seq": t["seq"], "text": t["legal"][0]}).get_json()
    page = client.get(f"/t/{t['id']}").data.decode()
    ship = s["summary"]["ship"]
    assert f"ship at {ship}" in page and "Deliver to" in page


def test_result_pdf_has_sheet_fonts_and_qr(client: FlaskClient) -> None:
    t = new_ge(client, seed=7, chance="tracker", location="Mond-Café")
    play_random(client, t, 5)
    data = client.get(f"/t/{t['id']}/result.pdf").data
    reader = PdfReader(io.BytesIO(data))
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Record sheet" in text and "Zoë" in text and "Mond-Café" in text
    fonts = set()
    for page in reader.pages:
        for f in page["/Resources"]["/Font"].values():
            desc = f.get_object()
            fonts.add(str(desc["/BaseFont"]))
            assert "/FontDescriptor" in desc or "/DescendantFonts" in desc
    assert any("DejaVu" in f for f in fonts)
    import pypdfium2 as pdfium
    import zxingcpp

    pdf = pdfium.PdfDocument(data)
    image = pdf[0].render(scale=150 / 72).to_pil()
    codes = [c.text for c in zxingcpp.read_barcodes(image)]
    assert f"http://localhost/t/{t['id']}" in codes


def test_engine_summary_keys_the_drawing_reads() -> None:
    game = get_game("galaxy-express")
    from pnp.engine import new_log

    log = new_log("galaxy-express", ["A"], 3)
    summary = game.summary(game.initial_state(log.setup, log.players, log.seed))
    for key in ("turn", "phase", "ship", "speed", "planets", "queue", "suns", "moons",
                "deliveries", "refuels", "coins_left", "score", "rating"):
        assert key in summary

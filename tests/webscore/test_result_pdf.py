"""The result PDF of a finished table, for every game: a whole engine game is posted through the
API, and /t/<id>/result.pdf carries the score sheet filled from the log (the values the game's
own sheet module writes, which its checker accepts), embedded fonts only, and a QR code that
reads back as the table's address."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from pnp.engine import CHANCE, get_game
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng
from pnp.sheets import check_document
from webscore.db import get_engine
from webscore.sheetfill import sheet_fields
from webscore.snapshots import snapshot, start_state

GAMES = ["galaxy-express", "wormholes", "weird-galaxy", "spatial-delivery", "galaxy-trucker"]
PLAYERS = {"galaxy-express": ["Zoë"], "wormholes": ["Olga", "Dana"],
           "weird-galaxy": ["Ann", "Bea", "Cy"], "spatial-delivery": ["Ann", "Bøn", "Cy", "Dee"],
           "galaxy-trucker": ["Ada", "Ben", "Cy"]}
SEEDS = {"galaxy-express": 7, "wormholes": 7, "weird-galaxy": 11, "spatial-delivery": 5,
         "galaxy-trucker": 13}
OPTIONS: dict[str, dict[str, Any]] = {"galaxy-trucker": {"rounds": "1,2,3"}}


def _events(game_id: str, state: Any, seed: int) -> list[str]:
    """A whole game from the table's own start (its seeded deal included): greedy traders for
    Weird Galaxy (random play rarely reaches the black hole), random legal play for the
    others."""
    game = get_game(game_id)
    if game_id == "weird-galaxy":
        from tests.games.test_weird_galaxy_properties import greedy

        rng, events = Rng(seed, "test-playout"), []
        while game.actor(state) is not None and len(events) < 5000:
            event = greedy(state, rng)
            state = game.apply(state, event)
            events.append(event)
    else:
        state, events = random_playout(game, state, Rng(seed, "result-pdf"), 20_000)
    assert game.outcome(state) is not None, game_id
    return [game.notation(e) for e in events]


def finished_table(client: FlaskClient, game_id: str) -> dict[str, Any]:
    """A seeded table whose every entry (chance ones too) is typed in through the API."""
    r = client.post("/api/tables", json={"game": game_id, "players": PLAYERS[game_id],
                                         "seed": SEEDS[game_id], "chance": "tracker",
                                         "auto_deal": False,
                                         "options": OPTIONS.get(game_id, {})})
    assert r.status_code == 201, r.get_json()
    t: dict[str, Any] = r.get_json()
    snap = snapshot(get_engine(client.application), t["id"])
    events = _events(game_id, start_state(snap.game, snap.table), SEEDS[game_id])
    s = t
    for start in range(0, len(events), 25):
        r = client.post(f"/api/tables/{t['id']}/events",
                        json={"seq": s["seq"], "text": " ".join(events[start:start + 25])},
                        headers={"X-Table-Token": t["token"]})
        assert r.status_code == 201, (start, r.get_json())
        s = r.get_json()
    assert s["finished"] and s["seq"] == len(events)
    return t


def _text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def _expected(game_id: str, f: dict[str, str]) -> list[str]:
    """Strings the filled sheet must show, read from the fields the game's module wrote."""
    if game_id == "galaxy-express":
        return [f"Score: {f['score']}", f"Deliveries: {f['deliveries']}",
                f"Rating: {f['rating']}"]
    if game_id == "wormholes":
        last = int(f["turns"])
        return [f"Turns: {f['turns']}", f"Winner: {f['winner']}", "Orthogon: Olga",
                f"{last} {f[f't{last}_side']} {f[f't{last}_dice']}"]
    if game_id == "weird-galaxy":
        out = [f"Total paid: {f['total_paid']}"]
        for n in (1, 2):
            out.append(f"{n} {f[f'm{n}_source']} {f[f'm{n}_dest']} {f[f'm{n}_dist']} "
                       f"{f[f'm{n}_payoff']}")
        for p, name in enumerate(PLAYERS[game_id], start=1):
            out += [f"Space Bucks ledger: {name}", f"Balance: {f[f'p{p}_balance']}"]
        return out
    if game_id == "spatial-delivery":
        seats = range(1, len(PLAYERS[game_id]) + 1)
        return [f"Winner: {f['winner']}",
                "Total " + " ".join(f[f"p{i}_total"] for i in seats),
                "Round 1 " + " ".join(f[f"p{i}_r1"] for i in seats),
                "End bonus " + " ".join(f[f"p{i}_bonus"] for i in seats)]
    out = []
    for p, name in enumerate(PLAYERS[game_id], start=1):
        out += [f"{name}'s page", f"Total credits: {f[f'p{p}_total']}",
                "Credits after the round " + " ".join(f[f"p{p}_r{r}_credits"]
                                                      for r in ("1", "2", "3"))]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_pdf_carries_the_filled_sheet(client: FlaskClient, game_id: str) -> None:
    t = finished_table(client, game_id)
    snap = snapshot(get_engine(client.application), t["id"])
    fields = sheet_fields(snap)
    assert fields is not None
    report = check_document(game_id, fields)
    lines = report["lines"]
    assert isinstance(lines, list)
    assert report["ok"], [line for line in lines if not line["ok"]]
    data = client.get(f"/t/{t['id']}/result.pdf").data
    reader = PdfReader(io.BytesIO(data))
    text = re.sub(r"\s+", " ", _text(reader))
    for want in _expected(game_id, fields):
        assert want in text, (want, text[:3000])
    for name in PLAYERS[game_id]:
        assert name in text
    for page in reader.pages:  # every font is embedded (DejaVu only)
        for font in page["/Resources"]["/Font"].values():
            desc = font.get_object()
            assert "DejaVu" in str(desc["/BaseFont"])
            assert "/DescendantFonts" in desc or "/FontFile2" in desc["/FontDescriptor"]
    import pypdfium2 as pdfium
    import zxingcpp

    image = pdfium.PdfDocument(data)[0].render(scale=150 / 72).to_pil()
    codes = [c.text for c in zxingcpp.read_barcodes(image)]
    assert codes == [f"http://localhost/t/{t['id']}"]


def test_a_short_unfinished_table_gets_a_partial_sheet(client: FlaskClient) -> None:
    """Spatial Delivery after its first round: the round's points, no totals yet."""
    r = client.post("/api/tables", json={"game": "spatial-delivery", "seed": 3,
                                         "players": ["Ann", "Ben", "Cy"], "chance": "tracker"})
    t = r.get_json()
    s = t
    rng = Rng(3, "partial")
    while s["summary"]["round"] == 1:
        assert s["legal"], s
        text = rng.choice(s["legal"])
        r = client.post(f"/api/tables/{t['id']}/events", json={"seq": s["seq"], "text": text},
                        headers={"X-Table-Token": t["token"]})
        assert r.status_code == 201, r.get_json()
        s = r.get_json()
    snap = snapshot(get_engine(client.application), t["id"])
    fields = sheet_fields(snap)
    assert fields is not None and "p1_r1" in fields and "p1_total" not in fields
    text = _text(PdfReader(io.BytesIO(client.get(f"/t/{t['id']}/result.pdf").data)))
    assert "Not finished yet" in text and "Market share points" in text
    assert "Round 1 " + " ".join(fields[f"p{i}_r1"] for i in (1, 2, 3)) in re.sub(
        r"\s+", " ", text)


def test_a_game_the_sheet_cannot_hold_gets_a_note_not_a_wrong_sheet(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sheet writer that gives up on a play (none does today: Wormholes' record takes any
    game on continuation pages) gets a note in the PDF instead of half a sheet."""
    import pnp.games.wormholes.sheet as wh

    r = client.post("/api/tables", json={"game": "wormholes", "seed": 4,
                                         "players": ["Olga", "Dana"], "chance": "tracker"})
    t = r.get_json()
    s = client.post(f"/api/tables/{t['id']}/events", json={"seq": t["seq"],
                                                          "text": t["legal"][0]},
                    headers={"X-Table-Token": t["token"]}).get_json()
    assert s["seq"] >= 1
    monkeypatch.setattr(type(wh.SHEET), "fields_from_play", lambda self, play: None)
    text = _text(PdfReader(io.BytesIO(client.get(f"/t/{t['id']}/result.pdf").data)))
    assert "no place for" in text and "Turns" not in text


def test_long_log_entries_and_totals_are_wrapped_to_the_page() -> None:
    from pnp.render.fonts import REGULAR, text_width
    from webscore.result_pdf import _chunks, _log_lines

    ship = "3:I;" + ";".join(f"{n}@{n % 9},{n % 7}/2" for n in range(60))
    entries = ["go", ship, "card:I-3", "x" * 400, *["roll:7"] * 50]
    lines = _log_lines(entries, 400, 7.5)
    assert all(text_width(line, REGULAR, 7.5) <= 400 for line in lines)
    assert "".join(lines).replace(" ", "") == "".join(
        f"{n}.{e}" for n, e in enumerate(entries, start=1)).replace(" ", "")
    pieces = _chunks(ship, 150, 9)
    assert "".join(pieces) == ship and len(pieces) > 3
    assert all(p.endswith(";") for p in pieces[:-1])  # broken at the entry's own separators


@pytest.mark.slow
def test_a_long_wormholes_game_fills_as_many_continuation_pages_as_it_needs(
        client: FlaskClient) -> None:
    """A two-ship game of greedy players (dice rolled at the table, so the game is the same
    every run) typed in through the API: the record is written whole (no turn left out),
    checks clean page by page, and the result PDF lays it out as the front page and every
    continuation page the game fills, as tables and as the printed pages filled in."""
    from pnp.games.wormholes.sheet import check_pages, page_of, page_turns, split_pages
    from tests.games.wormholes_greedy import greedy

    r = client.post("/api/tables", json={"game": "wormholes", "players": ["Olga", "Dana"],
                                         "seed": 17, "chance": "table",
                                         "options": {"two_ships": True}})
    assert r.status_code == 201, r.get_json()
    t = r.get_json()
    snap = snapshot(get_engine(client.application), t["id"])
    game = get_game("wormholes")
    state, rng, events = start_state(snap.game, snap.table), Rng(17, "greedy"), []
    while game.actor(state) is not None:
        event = greedy(state, rng) if game.actor(state) != CHANCE else (
            game.dealt_outcome(state) or rng.choice(game.chance_outcomes(state)))
        state = game.apply(state, event)
        events.append(game.notation(event))
    s = t
    for start in range(0, len(events), 40):
        r = client.post(f"/api/tables/{t['id']}/events",
                        json={"seq": s["seq"], "text": " ".join(events[start:start + 40])},
                        headers={"X-Table-Token": t["token"]})
        assert r.status_code == 201, (start, r.get_json())
        s = r.get_json()
    assert s["finished"]
    fields = sheet_fields(snapshot(get_engine(client.application), t["id"]))
    assert fields is not None
    turns = int(fields["turns"])
    last = page_of(turns)
    assert last >= 6, turns  # 253 turns: the front page and five continuation pages
    report = check_pages(split_pages(fields))
    assert report["ok"] and report["pages"] == list(range(1, last + 1))
    reader = PdfReader(io.BytesIO(client.get(f"/t/{t['id']}/result.pdf").data))
    text = re.sub(r"\s+", " ", _text(reader))
    # the record as printed follows, filled in: the front page and each continuation page
    printed = [p.extract_text() for p in reader.pages if "Wormholes - game record" in
               (p.extract_text() or "")]
    assert len(printed) == last and "continued" not in printed[0]
    assert all("Wormholes - game record, continued" in p for p in printed[1:])
    for page in reader.pages:  # every font is embedded (DejaVu only), the printed pages too
        for font in page["/Resources"]["/Font"].values():
            assert "DejaVu" in str(font.get_object()["/BaseFont"])
    for page in range(2, last + 1):
        turns_there = page_turns(page)
        assert (f"Continuation page {page}: turns {turns_there.start}-"
                f"{turns_there.stop - 1}") in text
    assert f"{turns} {fields[f't{turns}_side']} {fields[f't{turns}_dice']}" in text

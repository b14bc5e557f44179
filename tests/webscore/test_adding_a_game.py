"""Adding a game takes one record and one entry point, nothing else (docs/architecture.md).

``tests/webscore/sixth_game.py`` is installed the way a separate distribution would be: a
``*.dist-info`` folder on ``sys.path`` whose ``entry_points.txt`` names its record in the
``pnp.games`` group.  With no other change it shows up in ``pnp games``, ``pnp replay`` and
``pnp kit``, and the tracker hosts it: new-table form option, table page with its board and
the tap targets the board places, its table timer, score-sheet form, the result PDF with
its sheet filled in, and its pages of its own (``GameRecord.pages``).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from pnp import cli
from pnp.engine import Rng, UnknownGame, get_game, new_log, registry
from pnp.engine.play import random_playout

from .conftest import csrf

ENTRY = "sixth-dice = tests.webscore.sixth_game:RECORD"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The sixth game's distribution metadata on sys.path (as ``pip install`` leaves it)."""
    site = tmp_path / "site"
    info = site / "sixth_dice-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sixth-dice\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[pnp.games]\n{ENTRY}\n")
    with pytest.raises(UnknownGame):
        get_game("sixth-dice")
    monkeypatch.syspath_prepend(str(site))
    registry.reload()
    yield
    monkeypatch.undo()
    registry.reload()


def _log(tmp_path: Path) -> Path:
    log = new_log("sixth-dice", ["Ann", "Bo"], seed=4)
    game = get_game("sixth-dice")
    state = game.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(game, state, Rng(4, "sixth"))
    path = tmp_path / "log.json"
    path.write_text(log.with_events([game.notation(e) for e in events]).dumps())
    return path


def test_the_command_lists_replays_and_prints_it(installed: None, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    assert re.search(r"^sixth-dice +Sixth Dice \(1-4 players\)", capsys.readouterr().out, re.M)
    assert cli.main(["replay", str(_log(tmp_path))]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["finished"] and report["game"] == "sixth-dice"
    assert cli.main(["kit", "sixth-dice", "--seed", "3", "--out", str(tmp_path / "kit")]) == 0
    (pdf,) = capsys.readouterr().out.split()
    assert "seed 3" in PdfReader(pdf).pages[0].extract_text()


def test_the_tracker_serves_its_own_pages(installed: None, client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    assert 'href="/sixth"' in home  # the record's pages get a top-bar link
    resp = client.get("/sixth")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/sixth/odds?face=1")
    body = client.get("/sixth/odds?face=6").get_data(as_text=True)
    assert "one time in 6" in body and 'href="/sixth/odds?face=1"' in body  # its template
    assert client.get("/sixth/odds?face=9").status_code == 422  # its view's PageError
    resp = client.post("/api/sixth/odds", json={"face": 2})  # a JSON page of its own
    assert resp.status_code == 200 and resp.get_json() == {"face": 2, "one_in": 6}
    assert client.post("/api/sixth/odds", json={"face": 7}).status_code == 422
    entry = client.get("/api/openapi.json").get_json()["paths"]["/api/sixth/odds"]["post"]
    assert entry["summary"] == "the odds of one face of the sixth game's die"  # its ApiDoc
    assert entry["requestBody"]["content"]["application/json"]["schema"]["required"] == ["face"]
    assert set(entry["responses"]) == {"200", "400", "413", "415", "422", "429", "503"}


def test_the_tracker_hosts_it(installed: None, client: FlaskClient, tmp_path: Path) -> None:
    page = client.get("/new").data.decode()
    assert 'value="sixth-dice"' in page and "Short game: first to 5" in page
    r = client.post("/new", data={"csrf": csrf(client), "game": "sixth-dice", "seed": "4",
                                  "player": ["Ann", "Bo"], "chance": "tracker",
                                  "opt.sixth-dice.short": "on"})
    assert r.status_code == 303, r.data.decode()[:500]
    table = r.headers["Location"]
    tid = table.rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{tid}").get_json()
    assert state["summary"]["target"] == 5  # the option field reached the setup
    tapped = False
    while not state["finished"]:
        move = state["legal"][0] if state["legal"] else None
        if move and move.startswith("+") and not tapped:  # the record's place: a tap target
            page = client.get(table).data.decode()
            tapped = 'class="spot"' in page and f'data-text="{move}"' in page
            assert tapped, "the record's board places no tap target"
        r = client.post(f"/api/tables/{tid}/events" if move else f"/api/tables/{tid}/roll",
                        json={"seq": state["seq"], "text": move} if move
                        else {"seq": state["seq"]},
                        headers={"X-Table-Token": _token(client, tid)})
        assert r.status_code in (200, 201), r.get_json()
        state = r.get_json()
    assert tapped and 'class="sixth-board"' in client.get(table).data.decode()  # its drawer
    timer = client.post(f"/api/tables/{tid}/timer", json={"action": "new", "round": 1},
                        headers={"X-Table-Token": _token(client, tid)})  # its build_timer
    assert timer.status_code == 200 and timer.get_json()["timer"]["phase"] == "ready"

    form = client.get("/sheets/sixth-dice").data.decode()
    assert 'name="t1_roll"' in form and 'name="winner"' in form
    report = client.post("/api/sheets/sixth-dice/check",
                         json={"fields": {"t1_roll": "3", "t1_take": "4"}}).get_json()
    assert report["ok"] is False and "TOY-1" in report["lines"][0]["why"]

    r = client.get(f"{table}/result.pdf")
    assert r.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.data)).pages)
    assert "Sixth Dice turn sheet" in text and re.search(r"Winner: (Ann|Bo)", text)


def _token(client: FlaskClient, tid: str) -> str:
    with client.session_transaction() as sess:
        tokens = sess.get("tokens") or {}
    return str(tokens.get(tid, ""))

"""The `pnp` command: output and one-line errors with non-zero exits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.cli import main
from pnp.engine import new_log
from pnp.engine.play import resolve_dealt
from pnp.games.galaxy_express import GAME


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "galaxy-express" in out and "Matt Worden" in out


def test_setup_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "setup", "galaxy-express", "--seed", "7")
    assert code == 0 and "a1 f1 g2 a4 f6 g6" in out
    code, out, _ = run(capsys, "setup", "galaxy-express", "--seed", "7", "--json", "--table")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 7 and "deal" not in data["setup"]


def write_log(tmp_path: Path, events: list[str]) -> Path:
    log = new_log("galaxy-express", ["Solo"], 7)
    path = tmp_path / "log.json"
    path.write_text(log.with_events(events).dumps(), encoding="utf-8")
    return path


def test_replay_ok_and_illegal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = new_log("galaxy-express", ["Solo"], 7)
    _state, events = resolve_dealt(GAME, GAME.initial_state(log.setup, log.players, 7))
    texts = [GAME.notation(e) for e in events]
    code, out, _ = run(capsys, "replay", str(write_log(tmp_path, [*texts, "@a4"])))
    result = json.loads(out)
    assert code == 0 and result["ok"] and result["applied"] == len(texts) + 1
    assert result["scores"] == {"Solo": 12} and result["finished"] is False
    code, out, _ = run(capsys, "replay", str(write_log(tmp_path, [*texts, "@b2"])))
    result = json.loads(out)
    assert code == 1 and result["error"]["rule"] == "GE-3"
    assert result["error"]["index"] == len(texts)


@pytest.mark.parametrize(("argv", "needle"), [
    (["setup", "chess", "--seed", "1"], "unknown game 'chess'"),
    (["setup", "galaxy-express", "--seed", "x"], "seed must be a whole number"),
    (["setup", "galaxy-express", "--seed", "-4"], "seed must be between"),
    (["replay", "/no/such/file.json"], "cannot read"),
    (["kit", "galaxy-express", "--paper", "a3"], "invalid choice"),
    (["kit", "galaxy-express", "--bleed", "9"], "bleed must be between"),
    (["kit", "chess"], "unknown game"),
    (["nonsense"], "invalid choice"),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                             needle: str) -> None:
    code, _out, err = run(capsys, *argv)
    assert code != 0 and needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_replay_of_garbage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not utf8")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1 and "not UTF-8" in err
    bad.write_text('{"format": 1}', encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1 and "'game'" in err


def test_kit_warns_once_when_its_qr_codes_point_at_localhost(tmp_path: Path,
                                                             capsys: Any) -> None:
    assert main(["kit", "galaxy-express", "--out", str(tmp_path), "--quiet",
                 "--tracker-url", "http://localhost:5000"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "warning" in err[0] and "--tracker-url" in err[0]
    assert main(["kit", "galaxy-express", "--out", str(tmp_path), "--quiet",
                 "--tracker-url", "http://192.168.1.20:5000"]) == 0
    assert capsys.readouterr().err == ""

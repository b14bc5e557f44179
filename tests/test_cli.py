"""The `pnp` command: output and one-line errors with non-zero exits."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
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


def test_setup_without_a_seed_is_table_play(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    code, out, err = run(capsys, "setup", "galaxy-express", "--table")
    assert code == 1 and "give the six planet cells (option 'planets'" in err
    code, out, _ = run(capsys, "setup", "galaxy-express", "--table", "--json",
                       "--option", "planets=a1 f1 g2 a4 f6 g6")
    assert code == 0 and json.loads(out)["setup"]["planets"] == ["a1", "f1", "g2", "a4",
                                                                 "f6", "g6"]
    board = tmp_path / "board.json"
    board.write_text('{"planets": ["d4", "a4", "b6", "f1", "g3", "e6"]}', encoding="utf-8")
    code, out, _ = run(capsys, "setup", "galaxy-express", "--options", str(board))
    arms = next(line for line in out.splitlines() if line.startswith("Arms coins"))
    assert code == 0 and sorted(arms.split(": ")[1].split()) == ["a4", "b6", "d4", "e6", "f1",
                                                                 "g3"]
    assert "table play" in out
    code, out, _ = run(capsys, "setup", "wormholes", "--json", "--option", "two_ships=true")
    assert code == 0 and json.loads(out)["setup"] == {"chance": "table", "two_ships": True}


@pytest.mark.parametrize(("argv", "needle"), [
    (["setup", "wormholes", "--option", "two_ship=true"], "did you mean 'two_ships'"),
    (["setup", "wormholes", "--option", "two_ships"], "an option is NAME=VALUE"),
    (["setup", "wormholes", "--options", "/no/such.json"], "cannot read"),
    (["setup", "galaxy-expres", "--seed", "1"], "did you mean 'galaxy-express'"),
])
def test_setup_refuses_what_it_does_not_know(capsys: pytest.CaptureFixture[str],
                                             argv: list[str], needle: str) -> None:
    code, _out, err = run(capsys, *argv)
    assert code != 0 and needle in err and len(err.strip().splitlines()) == 1


def test_games_says_1_player(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "games")
    assert "Galaxy Express (1 player)" in out and "1 players" not in out


def pnp_shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
           f"{os.environ.get('PATH', '')}", "PYTHONPATH": str(Path(__file__).parent.parent)}
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60)


def test_no_traceback_when_the_reader_goes_away(tmp_path: Path) -> None:
    proc = pnp_shell("pnp setup galaxy-express --seed 7 --json > g.json && "
                     "pnp replay g.json | head -1", tmp_path)
    assert proc.stdout == "{\n" and proc.stderr == ""  # (pnp may finish before head exits)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before pnp writes anything: a broken pipe for sure
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "replay", "g.json"], cwd=tmp_path,
                          env=env, stdout=write, stderr=subprocess.PIPE, text=True, timeout=60)
    os.close(write)
    assert (done.returncode, done.stderr) == (141, "")
    proc = pnp_shell("pnp games >&-; echo status $?", tmp_path)
    assert "Traceback" not in proc.stderr and "standard output is closed" in proc.stderr
    assert proc.stdout == "status 1\n"
    proc = pnp_shell("pnp games > /dev/full; echo status $?", tmp_path)
    assert proc.stderr.startswith("pnp: cannot write the output") and "status 1" in proc.stdout


def test_no_traceback_on_ctrl_c(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", "kit", "galaxy-trucker",
                             "--out", str(tmp_path), "--quiet",
                             "--tracker-url", "http://192.0.2.1:5000"],  # no localhost warning
                            cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)  # well into the kit (imports take about 0.3 s)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert "Traceback" not in err
    # 130, or -2 (ended by SIGINT after the message): a shell shows both as 130
    assert (proc.returncode, err) in ((130, "pnp: interrupted\n"), (-2, "pnp: interrupted\n"),
                                      (0, ""))


def test_kit_warns_once_when_its_qr_codes_point_at_localhost(tmp_path: Path,
                                                             capsys: Any) -> None:
    assert main(["kit", "galaxy-express", "--out", str(tmp_path), "--quiet",
                 "--tracker-url", "http://localhost:5000"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "warning" in err[0] and "--tracker-url" in err[0]
    assert main(["kit", "galaxy-express", "--out", str(tmp_path), "--quiet",
                 "--tracker-url", "http://192.168.1.20:5000"]) == 0
    assert capsys.readouterr().err == ""


def test_a_bug_is_one_line_not_a_traceback(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.cli

    def broken(_: object) -> int:
        raise KeyError("cards")

    monkeypatch.setitem(pnp.cli.COMMANDS, "games", broken)
    code, _out, err = run(capsys, "games")
    assert code == 70 and err == ("pnp: internal error (KeyError: 'cards'); please report it "
                                  "with the command that caused it\n")


def test_kit_out_naming_a_pdf_writes_that_file(tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "gift" / "express.pdf"
    assert main(["kit", "galaxy-express", "--out", str(target), "--quiet",
                 "--tracker-url", "http://192.168.1.20:5000"]) == 0
    assert capsys.readouterr().out.strip() == str(target)
    assert target.is_file() and target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in target.parent.iterdir()] == ["express.pdf"]  # no folder named .pdf

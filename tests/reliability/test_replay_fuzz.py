"""`pnp replay` under fuzzing: logs of every registered game, broken in every way we can think
of (random JSON, wrong types in any field, setups with keys changed or missing, events
replaced, truncated or reordered, cut-off files, bytes that are not UTF-8).  The command must
answer with exit status 0, 1 or 2 and at most one line on stderr: never a traceback."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import main
from pnp.engine import Rng, all_games, get_game, new_log
from pnp.engine.play import random_playout

GAMES = [g.id for g in all_games()]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10)


@cache
def valid_log(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    players = [f"P{i + 1}" for i in range(game.min_players)]
    log = new_log(game_id, players, 5, {"chance": "seeded"})
    state = game.initial_state(log.setup, log.players, log.seed)
    _, played = random_playout(game, state, Rng(5, "replay-fuzz"), 400)
    data: dict[str, Any] = json.loads(json.dumps(
        log.with_events([game.notation(e) for e in played]).to_json()))
    return data


def mutate(base: dict[str, Any]) -> st.SearchStrategy[bytes]:
    def dump(d: Any) -> bytes:
        return json.dumps(d, ensure_ascii=False).encode()

    def set_top(t: tuple[str, Any]) -> bytes:
        return dump({**base, t[0]: t[1]})

    def drop_top(key: str) -> bytes:
        return dump({k: v for k, v in base.items() if k != key})

    def set_setup(t: tuple[str, Any]) -> bytes:
        return dump({**base, "setup": {**base["setup"], t[0]: t[1]}})

    def drop_setup(key: str) -> bytes:
        return dump({**base, "setup": {k: v for k, v in base["setup"].items() if k != key}})

    def nudge_setup(t: tuple[str, int]) -> bytes:
        # The same key, its value changed a little (a number moved, a list cut or doubled).
        key, n = t
        value = base["setup"][key]
        if isinstance(value, bool):
            value = not value
        elif isinstance(value, int):
            value = value + n
        elif isinstance(value, list):
            value = value[:abs(n)] if n < 0 else value + value[:n]
        elif isinstance(value, str):
            value = value[::-1] if n % 2 else value + "x"
        elif isinstance(value, dict):
            value = {k: v for i, (k, v) in enumerate(value.items()) if i != abs(n)}
        return dump({**base, "setup": {**base["setup"], key: value}})

    def set_event(t: tuple[int, str]) -> bytes:
        events = list(base["events"])
        if events:
            events[t[0] % len(events)] = t[1]
        return dump({**base, "events": events})

    def reorder(t: tuple[int, int]) -> bytes:
        events = list(base["events"])
        if events:
            i, j = t[0] % len(events), t[1] % len(events)
            events[i], events[j] = events[j], events[i]
        return dump({**base, "events": events})

    def cut(n: int) -> bytes:
        text = dump(base)
        return text[:n % max(1, len(text))]

    def players(names: list[str]) -> bytes:
        return dump({**base, "players": names})

    keys = sorted(base["setup"]) or ["x"]
    return st.one_of(
        json_values.map(dump),
        st.tuples(st.sampled_from(sorted(base)), json_values).map(set_top),
        st.sampled_from(sorted(base)).map(drop_top),
        st.tuples(st.sampled_from(keys) | st.text(max_size=6), json_values).map(set_setup),
        st.sampled_from(keys).map(drop_setup),
        st.tuples(st.sampled_from(keys), st.integers(-3, 3)).map(nudge_setup),
        st.tuples(st.integers(0, 10**6), st.text(max_size=10)).map(set_event),
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)).map(reorder),
        st.integers(0, 10**6).map(cut),
        st.lists(st.text(max_size=50), max_size=8).map(players),
        st.binary(max_size=200),
    )




def run_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(["replay", str(path)])
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_replay_refuses_broken_logs_cleanly(game_id: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            tally: Counter[str]) -> None:
    base = valid_log(game_id)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(base), encoding="utf-8")
    code, out, err = run_replay(path, capsys)
    assert code == 0 and json.loads(out)["ok"] is True, err
    tried = Counter[str]()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    @given(mutate(base))
    def check(data: bytes) -> None:
        path.write_bytes(data)
        code, out, err = run_replay(path, capsys)
        tried[str(code)] += 1
        assert code in (0, 1, 2), (code, err)
        assert "Traceback" not in err, err
        assert len(err.splitlines()) <= 1, err  # one message, one line
        if err:
            assert err.startswith("pnp: ") and code != 0, err
        else:
            report = json.loads(out)  # a replay that ran reports as JSON, ok or not
            assert report["ok"] is (code == 0)

    check()
    tally["fuzz: broken logs given to pnp replay"] += sum(tried.values())
    assert tried["1"] > 0.5 * sum(tried.values()), tried  # most mutations break the log


def test_refusal_quotes_what_it_echoes(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({**valid_log(GAMES[0]), "evil\nline": 1}), encoding="utf-8")
    code, _, err = run_replay(path, capsys)
    assert code == 1
    assert len(err.splitlines()) == 1, err


@pytest.mark.parametrize("command", ["replay", "check-sheet"])
def test_deeply_nested_json_file_is_refused_cleanly(command: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    try:
        code = main([command, str(path)])
    except RecursionError:
        code = -1
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("pnp: ") and len(err.splitlines()) == 1, (code, err)


@pytest.mark.parametrize("game_id", GAMES)
def test_setup_key_with_a_line_break(game_id: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    base = valid_log(game_id)
    path = tmp_path / "log.json"
    path.write_text(json.dumps({**base, "setup": {**base["setup"], "evil\rkey\n": 1}}),
                    encoding="utf-8")
    code, _, err = run_replay(path, capsys)
    assert code in (0, 1) and len(err.splitlines()) <= 1, err

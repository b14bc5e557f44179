"""The JSON log: shape validation before any rule is checked."""

from __future__ import annotations

import json

import pytest

from pnp.engine import LogError, SetupError, UnknownGame, load_log, new_log, replay
from pnp.engine.log import log_from_json


def good() -> dict[str, object]:
    return new_log("galaxy-express", ["Solo"], 7).to_json()


def test_round_trip() -> None:
    log = new_log("galaxy-express", ["Solo"], 7)
    assert load_log(log.dumps()) == log


@pytest.mark.parametrize(("patch", "message"), [
    ({"format": 2}, "format must be 1"),
    ({"game": 3}, "'game'"),
    ({"seed": "7"}, "seed"),
    ({"seed": -1}, "seed"),
    ({"seed": True}, "seed"),
    ({"setup": []}, "'setup'"),
    ({"players": "Solo"}, "'players'"),
    ({"events": [1, 2]}, "'events'"),
    ({"extra": 1}, "unknown log fields"),
])
def test_malformed_logs_are_refused(patch: dict[str, object], message: str) -> None:
    with pytest.raises(LogError, match=message):
        log_from_json(good() | patch)


def test_not_json() -> None:
    with pytest.raises(LogError, match="not JSON"):
        load_log("{nope")
    with pytest.raises(LogError, match="object"):
        load_log("[]")


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="galaxy-express"):
        replay(log_from_json(good() | {"game": "chess"}))


def test_wrong_player_count_and_bad_setup() -> None:
    with pytest.raises(SetupError, match="takes 1 player, got"):
        replay(log_from_json(good() | {"players": ["A", "B"]}))
    with pytest.raises(SetupError):
        replay(log_from_json(good() | {"setup": {"chance": "seeded", "planets": "a1"}}))
    data = good()
    data["setup"]["deal"]["queue"] = [0, 0, 1, 2, 3, 4]  # type: ignore[index]
    with pytest.raises(SetupError, match="queue"):
        replay(log_from_json(json.loads(json.dumps(data))))

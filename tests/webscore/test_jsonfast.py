"""webscore.jsonfast: orjson reads and writes the app's JSON, with Flask's values out."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from webscore.jsonfast import FastJSON


@dataclass
class Point:
    x: int


def _both(app: Flask, obj: Any) -> tuple[bytes, bytes]:
    plain = DefaultJSONProvider(app)
    plain.sort_keys = False
    with app.app_context():
        return FastJSON(app).response(obj).get_data(), plain.response(obj).get_data()


def test_answers_are_the_values_flask_writes(app: Flask) -> None:
    assert isinstance(app.json, FastJSON)
    obj = {"z": 1, "a": [1.5, None, True, "Zoë ✓"], "when": datetime(2026, 1, 2, tzinfo=UTC),
           "p": Point(3), 7: "int key", "big": 2 ** 70, "nested": {"b": (1, 2)}}
    fast, plain = _both(app, obj)
    assert json.loads(fast) == json.loads(plain)
    assert list(json.loads(fast)) == ["z", "a", "when", "p", "7", "big", "nested"]  # order
    assert fast.endswith(b"\n")  # (an int wider than 64 bits: Flask wrote it)
    small = {k: v for k, v in obj.items() if k != "big"}
    fast, plain = _both(app, small)
    assert json.loads(fast) == json.loads(plain) and "Zoë ✓".encode() in fast  # orjson wrote it


def test_bodies_read_as_python_reads_them(app: Flask) -> None:
    fast = FastJSON(app)
    for text in ['{"seq": 3, "text": "Zoë"}', '[1, 2.5, null]', '{"n": NaN}',
                 '{"big": 123456789012345678901234567890}']:
        got, want = fast.loads(text.encode()), json.loads(text)
        assert json.dumps(got) == json.dumps(want)  # NaN != NaN: compare as written
    bad = b'{"seq": '
    try:
        fast.loads(bad)
    except ValueError as exc:
        assert isinstance(exc, json.JSONDecodeError)  # Python's own error, as before
    else:
        raise AssertionError("a truncated body was read")


def test_an_api_write_answers_as_before(client: Any) -> None:
    made = client.post("/api/tables", json={"game": "galaxy-express",
                                            "players": ["Zoë"], "seed": 3})
    assert made.status_code == 201 and made.data.endswith(b"\n")
    assert made.get_json()["players"] == ["Zoë"] and "Zoë".encode() in made.data
    body = client.post("/api/tables", data=b'{"game": NaN}',
                       headers={"Content-Type": "application/json"})
    assert body.status_code == 422  # read (Python reads NaN), then refused as a game id

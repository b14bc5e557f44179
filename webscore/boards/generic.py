"""The drawing for a game with no board module yet: players, scores and the summary as a list."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pnp.engine.svg import short, svg, text

MAX_LINES = 40


def _lines(summary: dict[str, Any]) -> list[str]:
    out = []
    for key, value in summary.items():
        shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
        if len(shown) > 60:
            shown = shown[:57] + "..."
        out.append(f"{key}: {shown}")
    return out[:MAX_LINES]


def draw(summary: dict[str, Any], players: Sequence[str], scores: Sequence[int]) -> str:
    width = 360
    body = ['<rect width="100%" height="100%" rx="10" fill="#141a33"/>']
    y = 28.0
    body.append(text(16, y, "Players", size=15, weight="bold"))
    for name, score in zip(players, scores, strict=False):
        y += 22
        body.append(text(24, y, short(name, 34), size=13))
        body.append(text(width - 16, y, score, size=13, anchor="end", weight="bold"))
    y += 32
    body.append(text(16, y, "State", size=15, weight="bold"))
    for line in _lines(summary):
        y += 18
        body.append(text(24, y, line, size=11, fill="#b9c2e0"))
    return svg(width, y + 16, body, "players, scores and the game state")

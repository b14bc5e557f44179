"""The entry controls of a table page: the choices the engine allows now, each with its
caption (``Game.describe``) and, for entries a stray tap must not make, the question to ask
first (``Game.confirm``); the board spots they are tapped on; and the one-shot notice (a
refusal or a question) a plain form post leaves for the page it redirects to."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from flask import session

from pnp.engine import CHANCE, IllegalMove, NotationError
from webscore.snapshots import Snapshot
from webscore.tracker import ENUM_BUTTONS

__all__ = ["ENUM_BUTTONS", "Choice", "Overlay", "Spot", "choices", "overlay"]

NOTICE_KEY = "notice"
MAX_NOTICE_TEXT = 900  # a refusal's words kept for the next page (a cookie is small)


@dataclass(frozen=True)
class Choice:
    text: str  # the notation posted
    caption: str  # plain words
    confirm: str | None = None  # asked before logging it


def choices(snap: Snapshot) -> list[Choice]:
    """Every entry possible now, in the engine's order (decisions, or a chance node's
    outcomes)."""
    game, state, actor = snap.game, snap.state, snap.actor
    if actor is None or snap.broken is not None:
        return []
    if actor == CHANCE:
        return [Choice(game.notation(e), game.describe(state, e))
                for e in game.chance_outcomes(state)]
    return [Choice(game.notation(e), game.describe(state, e), game.confirm(state, e))
            for e in game.legal(state)]


def question(snap: Snapshot, text: str) -> str | None:
    """The question to ask before logging ``text`` (None: log it at once, or let the
    engine refuse it)."""
    game, state = snap.game, snap.state
    try:
        events = game.parse_line(text)
    except Exception:  # unreadable text is the engine's to refuse, with its message
        return None
    for event in events:
        if event.CHANCE:
            continue
        try:
            asked = game.confirm(state, event)
        except (IllegalMove, KeyError, ValueError, TypeError, AttributeError):
            asked = None
        if asked:
            return asked
    return None


# -- the one-shot notice a plain form post leaves for the page it redirects to -----------------
def leave_notice(table_id: str, **notice: Any) -> None:
    kept = {k: (v[:MAX_NOTICE_TEXT] if isinstance(v, str) else v) for k, v in notice.items()}
    error = kept.get("error")
    if isinstance(error, dict):
        kept["error"] = {k: (str(v)[:MAX_NOTICE_TEXT] if k != "legal" else None)
                         for k, v in error.items()}
    session[NOTICE_KEY] = {"table": table_id, **kept}


def take_notice(table_id: str) -> dict[str, Any]:
    notice = session.get(NOTICE_KEY)
    if not isinstance(notice, dict) or notice.get("table") != table_id:
        return {}
    session.pop(NOTICE_KEY, None)
    return notice


# -- board spots ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Spot:
    x: float  # the tap target's box, in the board drawing's coordinates
    y: float
    size: float
    label: str  # what the place is ("c4")
    choices: tuple[Choice, ...]
    alike: tuple[Choice, ...] = ()  # other entries with the very same result (not offered here)

    @property
    def key(self) -> str:
        return re.sub(r"[^A-Za-z0-9_-]", "_", self.label)


@dataclass(frozen=True)
class Overlay:
    box: tuple[float, float, float, float]  # the board's viewBox
    spots: tuple[Spot, ...]


_VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')


def viewbox(svg: str) -> tuple[float, float, float, float] | None:
    match = _VIEWBOX.search(svg[:400])
    if not match:
        return None
    parts = match.group(1).split()
    if len(parts) != 4:
        return None
    x, y, w, h = (float(p) for p in parts)
    return (x, y, w, h) if w > 0 and h > 0 else None


def overlay(snap: Snapshot, summary: dict[str, Any], svg: str,
            options: list[Choice]) -> Overlay | None:
    """The choices that have a place on the drawn board, grouped by place, in the drawing's
    own coordinates (the page lays them over the SVG with the same viewBox)."""
    from webscore import boards

    place = boards.placer_for(snap.table.game)
    box = viewbox(svg)
    if place is None or box is None or not options:
        return None
    game, state = snap.game, snap.state
    results: dict[str, Any] = {}
    seen: dict[str, dict[str, Any] | None] = {}

    def result(text: str) -> Any:
        if text not in results:
            try:
                results[text] = game.apply(state, game.parse(text))
            except (IllegalMove, NotationError):
                results[text] = None
        return results[text]

    def after(text: str) -> dict[str, Any] | None:
        if text not in seen:
            outcome = result(text)
            seen[text] = None if outcome is None else game.summary(outcome)
        return seen[text]

    groups: dict[tuple[float, float], list[Choice]] = {}
    labels: dict[tuple[float, float], str] = {}
    for choice in options:
        if choice.confirm:
            continue  # never one stray tap on the board
        try:
            where = place(summary, choice.text, after)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            logging.getLogger(__name__).exception("board place failed for %s", choice.text)
            where = None
        if where is None:
            continue
        x, y, label = where
        key = (round(x, 1), round(y, 1))
        groups.setdefault(key, []).append(choice)
        labels[key] = label
    if not groups:
        return None
    size = boards.spot_for(snap.table.game, summary)
    spots = []
    for (x, y), group in groups.items():
        first = result(group[0].text)
        # Entries that end in the very same state (a slide north or south round the torus
        # to one cell) are one tap: the first is logged, the others stay in the full list.
        same = first is not None and all(result(c.text) == first for c in group[1:])
        spots.append(Spot(x - size / 2, y - size / 2, size, labels[(x, y)],
                          (group[0],) if same else tuple(group),
                          tuple(group[1:]) if same else ()))
    return Overlay(box, tuple(spots))

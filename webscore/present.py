"""A snapshot as the JSON the API returns and the pages draw from (one shape for both).

With ``since`` (the ``seq`` the phone already has) the answer carries only what changed after
it: ``history`` lists the entries in force stored after ``since`` and ``undone`` the entries
taken back by undo rows stored after it.  A phone that drops the ``undone`` entries from its
list and appends ``history`` has the table's whole history, at the cost of the change only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import request, url_for

from pnp.engine import CHANCE
from webscore.snapshots import Snapshot


def actor_label(snap: Snapshot) -> str:
    actor = snap.actor
    if actor is None:
        return "finished"
    if actor == CHANCE:
        return "chance"
    return snap.table.players[actor]


def winners(snap: Snapshot) -> list[str]:
    outcome = snap.outcome
    return [snap.table.players[i] for i in outcome.winners] if outcome else []


def history(snap: Snapshot, since: int = 0) -> list[dict[str, Any]]:
    """The entries in force (after ``since``): notation, the engine's caption in plain
    words, who decided and on which phone."""
    from webscore.db import get_engine
    from webscore.history import captions

    players = snap.table.players
    shown = snap.entries_after(since) if since else snap.entries
    if all(e.caption is not None for e in shown):  # described as they were applied
        words = [str(e.caption) for e in shown]
    else:
        words = captions(snap, get_engine(), len(snap.entries) - len(shown))
    return [{"seq": e.seq, "event": e.text, "caption": words[i], "source": e.source,
             "chance": e.chance,
             "by": players[e.actor] if e.actor is not None and e.actor >= 0 else None,
             "device": e.device}
            for i, e in enumerate(shown)]


@lru_cache(maxsize=4096)
def _links(origin: tuple[Any, ...], table_id: str) -> tuple[tuple[str, str], ...]:
    """The table's addresses as seen from ``origin`` (the environ's values ``url_for``
    builds external addresses from: scheme, host, server name and port, script root),
    built once: four ``url_for`` were a tenth of a write's CPU, and ``request.url_root``
    itself a twentieth.  The same values always give the same addresses; a host the app
    does not trust fails in ``url_for`` as before, and nothing is kept for it."""
    return (("page", url_for("tables.table", table_id=table_id, _external=True)),
            ("log", url_for("api.table_log", table_id=table_id, _external=True)),
            ("export", url_for("api.table_export", table_id=table_id, _external=True)),
            ("result_pdf", url_for("tables.result_pdf", table_id=table_id, _external=True)))


def _origin(environ: dict[str, Any]) -> tuple[Any, ...]:
    return (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"),
            environ.get("SERVER_NAME"), environ.get("SERVER_PORT"), environ.get("SCRIPT_NAME"))


def state_json(snap: Snapshot, *, writable: bool | None = None,
               since: int | None = None) -> dict[str, Any]:
    """The state; with ``since`` (clamped to the head) only the history after it."""
    t = snap.table
    outcome = snap.outcome
    actor = snap.actor
    legal = snap.legal()
    if since is not None and not 0 <= since <= snap.head:
        since = 0
    body: dict[str, Any] = {
        "id": t.id,
        "game": t.game,
        "title": snap.game.title,
        "seed": t.seed,
        "players": list(t.players),
        "location": t.location,
        "chance": "tracker" if t.auto_deal else "table",
        "created_at": t.created_at.isoformat(),
        "seq": snap.head,
        "actor": actor_label(snap),
        "actor_seat": actor if actor is not None and actor >= 0 else None,
        "awaiting": ("finished" if actor is None else "chance" if actor == CHANCE
                     else "decision"),
        "legal": legal,
        "dealt_available": snap.dealt() is not None,
        "summary": snap.summary,
        "scores": dict(zip(t.players, snap.scores(), strict=True)),
        "finished": outcome is not None,
        "result": outcome.result if outcome else None,
        "detail": outcome.detail if outcome else None,
        "winners": winners(snap),
        "history": history(snap, since or 0),
        "undone": snap.undone_after(since) if since else sorted(snap.undone),
        "broken": snap.broken,
        "links": dict(_links(_origin(request.environ), t.id)),
    }
    if since is not None:
        body["since"] = since
    if writable is not None:
        body["writable"] = writable
    return body

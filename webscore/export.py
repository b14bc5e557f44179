"""A finished play in the fields BoardGameGeek's play log and BG Stats' import use.

BGG logs a play as date, length in minutes, location and per player name, score, win, start
position and colour; BG Stats' import file holds players, locations, games and plays
referring to them by id, each player's score with its seat order, whether it started and its
role (colour or faction).  We fill both from the same facts; the BGG object id is left empty
(we do not guess it).  The seats are the table's player list in order around the table; the
start player is the one who made the first decision (the engine knows, e.g. Weird Galaxy's
``first`` option), and start positions count from it in seat order.
"""

from __future__ import annotations

import math
from typing import Any

from webscore.present import winners
from webscore.tracker import Snapshot


def start_seat(snap: Snapshot) -> int:
    """The seat that made (or makes) the game's first decision."""
    for entry in snap.entries:
        if entry.actor is not None and entry.actor >= 0:
            return entry.actor
    actor = snap.actor if not snap.entries else None
    return actor if actor is not None and 0 <= actor < len(snap.table.players) else 0


def play_facts(snap: Snapshot) -> dict[str, Any]:
    start = snap.started_at()
    end = snap.last_at()
    minutes = max(1, math.ceil((end - start).total_seconds() / 60)) if snap.entries else 0
    won = set(winners(snap))
    scores = snap.scores()
    n = len(snap.table.players)
    first = start_seat(snap)
    roles = list(snap.game.seat_roles(snap.table.setup, snap.table.players))
    roles += [""] * (n - len(roles))
    return {
        "date": start.date().isoformat(),
        "start": start.isoformat(timespec="seconds"),
        "duration_min": minutes,
        "location": snap.table.location,
        "game": snap.game.title,
        "finished": snap.outcome is not None,
        "result": snap.outcome.result if snap.outcome else None,
        "players": [{"name": name, "seat": seat + 1, "start_position": (seat - first) % n + 1,
                     "start_player": seat == first, "role": roles[seat] or None,
                     "score": scores[seat], "win": name in won}
                    for seat, name in enumerate(snap.table.players)],
    }


def export(snap: Snapshot) -> dict[str, Any]:
    facts = play_facts(snap)
    comments = f"Logged on the table tracker, table {snap.table.id}"
    if snap.table.seed is not None:
        comments += f", seed {snap.table.seed}"
    bgg = {
        "objectid": None,
        "objectname": facts["game"],
        "playdate": facts["date"],
        "length": facts["duration_min"],
        "location": facts["location"],
        "quantity": 1,
        "incomplete": not facts["finished"],
        "comments": comments,
        "players": [{"name": p["name"], "score": str(p["score"]), "win": p["win"],
                     "startposition": str(p["start_position"]), "color": p["role"] or "",
                     "new": False}
                    for p in facts["players"]],
    }
    locations = [{"id": 1, "name": facts["location"]}] if facts["location"] else []
    bgstats = {
        "players": [{"id": p["seat"], "name": p["name"]} for p in facts["players"]],
        "locations": locations,
        "games": [{"id": 1, "name": facts["game"], "bggId": 0}],
        "plays": [{
            "playDate": facts["start"].replace("T", " ")[:19],
            "durationMin": facts["duration_min"],
            "gameRefId": 1,
            "locationRefId": 1 if locations else None,
            "ignored": False,
            "usesTeams": False,
            "comments": comments,
            "playerScores": [{"playerRefId": p["seat"], "score": str(p["score"]),
                              "winner": p["win"], "seatOrder": p["seat"],
                              "startPlayer": p["start_player"],
                              **({"role": p["role"]} if p["role"] else {})}
                             for p in facts["players"]],
        }],
    }
    return {"play": facts, "bgg": bgg, "bgstats": bgstats}

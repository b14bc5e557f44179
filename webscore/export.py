"""A finished play in the fields BoardGameGeek's play log and BG Stats' import use.

BGG logs a play as date, length in minutes, location and per player name, score, win and start
position; BG Stats' import file holds players, locations, games and plays referring to them by
id.  We fill both from the same facts; the BGG object id is left empty (we do not guess it).
"""

from __future__ import annotations

import math
from typing import Any

from webscore.present import winners
from webscore.tracker import Snapshot


def play_facts(snap: Snapshot) -> dict[str, Any]:
    start = snap.started_at()
    end = snap.last_at()
    minutes = max(1, math.ceil((end - start).total_seconds() / 60)) if snap.entries else 0
    won = set(winners(snap))
    scores = snap.scores()
    return {
        "date": start.date().isoformat(),
        "start": start.isoformat(timespec="seconds"),
        "duration_min": minutes,
        "location": snap.table.location,
        "game": snap.game.title,
        "finished": snap.outcome is not None,
        "result": snap.outcome.result if snap.outcome else None,
        "players": [{"name": name, "seat": seat + 1, "score": scores[seat], "win": name in won}
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
                     "startposition": str(p["seat"]), "new": False}
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
                              "startPlayer": p["seat"] == 1}
                             for p in facts["players"]],
        }],
    }
    return {"play": facts, "bgg": bgg, "bgstats": bgstats}

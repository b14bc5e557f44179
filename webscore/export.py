"""A play in the published fields of BoardGameGeek's XML plays API and of BG Stats' export file.

BGG's XML API 2 ``/plays`` answer holds ``<play date quantity length incomplete nowinstats
location>`` with an ``<item name objecttype objectid>``, ``<comments>`` and
``<players><player username userid name startposition color score new rating win/></players>``
(flags as "0"/"1").  BG Stats' export file holds ``games``, ``players``, ``locations`` and
``plays`` arrays; a play refers to them by id (``gameRefId``, ``locationRefId``) and scores
each player in ``playerScores`` (``playerRefId score winner startPlayer seatOrder newPlayer
rank role``).  Both are filled from the same facts; the BGG object id is left empty (we do not
guess it).  The seats are the table's player list in order around the table; the start player
is the one who made the first decision (the engine knows, e.g. Weird Galaxy's ``first``
option), and start positions count from it in seat order.
"""

from __future__ import annotations

import math
import uuid
from typing import Any
from xml.etree import ElementTree

from webscore.present import winners
from webscore.snapshots import Snapshot

# The fields as published (checked against the BGG XML API 2 plays documentation and BG Stats'
# export file format); tests/webscore/test_export.py parses the export against these lists.
BGG_PLAY = ("date", "quantity", "length", "incomplete", "nowinstats", "location")
BGG_ITEM = ("name", "objecttype", "objectid")
BGG_PLAYER = ("username", "userid", "name", "startposition", "color", "score", "new", "rating",
              "win")
BGSTATS_TOP = ("games", "players", "locations", "plays")
BGSTATS_GAME = ("id", "uuid", "name", "bggId", "cooperative", "highestWins", "noPoints",
                "usesTeams")
BGSTATS_PLAYER = ("id", "uuid", "name", "bggUsername", "isAnonymous")
BGSTATS_PLAY = ("uuid", "playDate", "durationMin", "gameRefId", "locationRefId", "ignored",
                "usesTeams", "comments", "playerScores")
BGSTATS_SCORE = ("playerRefId", "score", "winner", "startPlayer", "seatOrder", "newPlayer",
                 "rank", "role")

_NS = uuid.UUID("5a1d0c4e-7b0e-4c35-9a52-7e1f0a6b2c14")  # ours: the same table, the same ids


def start_seat(snap: Snapshot) -> int:
    """The seat that made (or makes) the game's first decision."""
    for entry in snap.entries:
        if entry.actor is not None and entry.actor >= 0:
            return entry.actor
    actor = snap.actor if not snap.entries else None
    return actor if actor is not None and 0 <= actor < len(snap.table.players) else 0


def _ranks(scores: list[int], won: list[bool]) -> list[int]:
    """1 for the winners, then by score; equal players share a rank."""
    def key(i: int) -> tuple[bool, int]:
        return (won[i], scores[i])

    return [1 + sum(key(j) > key(i) for j in range(len(scores))) for i in range(len(scores))]


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
    finished = snap.outcome is not None
    ranks = _ranks(list(scores), [name in won for name in snap.table.players])
    return {
        "date": start.date().isoformat(),
        "start": start.isoformat(timespec="seconds"),
        "duration_min": minutes,
        "location": snap.table.location,
        "game": snap.game.title,
        "finished": finished,
        "result": snap.outcome.result if snap.outcome else None,
        "players": [{"name": name, "seat": seat + 1, "start_position": (seat - first) % n + 1,
                     "start_player": seat == first, "role": roles[seat] or None,
                     "score": scores[seat], "win": name in won,
                     "rank": ranks[seat] if finished else None}
                    for seat, name in enumerate(snap.table.players)],
    }


def _flag(value: bool) -> str:
    return "1" if value else "0"


def bgg_play(facts: dict[str, Any], comments: str) -> dict[str, Any]:
    """The play as BGG's XML API 2 writes it (every value a string, as in the XML)."""
    return {
        "date": facts["date"], "quantity": "1", "length": str(facts["duration_min"]),
        "incomplete": _flag(not facts["finished"]), "nowinstats": "0",
        "location": facts["location"] or "",
        "item": {"name": facts["game"], "objecttype": "thing", "objectid": ""},
        "comments": comments,
        "players": [{"username": "", "userid": "", "name": p["name"],
                     "startposition": str(p["start_position"]), "color": p["role"] or "",
                     "score": str(p["score"]), "new": "0", "rating": "0",
                     "win": _flag(p["win"])}
                    for p in facts["players"]],
    }


def bgg_xml(play: dict[str, Any]) -> str:
    r"""``<plays><play ...>`` as BGG's XML API 2 answers ``/plays``: one play.

    >>> play = {"date": "2026-01-02", "quantity": "1", "length": "30", "incomplete": "0",
    ...         "nowinstats": "0", "location": "", "comments": "hi",
    ...         "item": {"name": "Wormholes", "objecttype": "thing", "objectid": ""},
    ...         "players": [{"name": "Ann", "win": "1"}]}
    >>> print(bgg_xml(play).replace("><", ">\n<"))
    <?xml version='1.0' encoding='utf-8'?>
    <plays total="1">
    <play date="2026-01-02" quantity="1" length="30" incomplete="0" nowinstats="0" location="">
    <item name="Wormholes" objecttype="thing" objectid="" />
    <comments>hi</comments>
    <players>
    <player name="Ann" win="1" />
    </players>
    </play>
    </plays>
    """
    root = ElementTree.Element("plays", total="1")
    node = ElementTree.SubElement(root, "play", {k: play[k] for k in BGG_PLAY})
    ElementTree.SubElement(node, "item", {k: play["item"][k] for k in BGG_ITEM})
    ElementTree.SubElement(node, "comments").text = play["comments"]
    people = ElementTree.SubElement(node, "players")
    for p in play["players"]:
        ElementTree.SubElement(people, "player", {k: p[k] for k in BGG_PLAYER if k in p})
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True).replace(
        "<?xml version='1.0' encoding='unicode'?>", "<?xml version='1.0' encoding='utf-8'?>")


def bgstats_file(facts: dict[str, Any], table_id: str, comments: str) -> dict[str, Any]:
    """BG Stats' export file with this one play; ids are stable per table (uuid5), so
    importing the same table twice is one play."""
    def uid(*parts: object) -> str:
        return str(uuid.uuid5(_NS, "/".join(str(p) for p in (table_id, *parts))))

    locations = ([{"id": 1, "uuid": uid("location"), "name": facts["location"]}]
                 if facts["location"] else [])
    return {
        "games": [{"id": 1, "uuid": uid("game"), "name": facts["game"], "bggId": 0,
                   "cooperative": False, "highestWins": True, "noPoints": False,
                   "usesTeams": False}],
        "players": [{"id": p["seat"], "uuid": uid("player", p["seat"]), "name": p["name"],
                     "bggUsername": "", "isAnonymous": False} for p in facts["players"]],
        "locations": locations,
        "plays": [{
            "uuid": uid("play"),
            "playDate": facts["start"].replace("T", " ")[:19],
            "durationMin": facts["duration_min"],
            "gameRefId": 1,
            "locationRefId": 1 if locations else None,
            "ignored": False,
            "usesTeams": False,
            "comments": comments,
            "playerScores": [{"playerRefId": p["seat"], "score": str(p["score"]),
                              "winner": p["win"], "startPlayer": p["start_player"],
                              "seatOrder": p["seat"], "newPlayer": False,
                              **({"rank": p["rank"]} if p["rank"] is not None else {}),
                              **({"role": p["role"]} if p["role"] else {})}
                             for p in facts["players"]],
        }],
    }


def export(snap: Snapshot) -> dict[str, Any]:
    facts = play_facts(snap)
    comments = f"Logged on the table tracker, table {snap.table.id}"
    if snap.table.seed is not None:
        comments += f", seed {snap.table.seed}"
    return {"play": facts, "bgg": bgg_play(facts, comments),
            "bgstats": bgstats_file(facts, snap.table.id, comments)}

"""Every rule id the Galaxy Express engine cites, with one line each (the wording and rulings
are in ../shared/RULINGS.md and docs/rulings.md; tests/games/test_rule_ids.py checks that code,
docs and this table agree)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "GE-3": "start: the ship sits on a revealed planet at speed 0",
    "GE-4": "a turn plays one face-up Sun (thrust) or Moon (brake) coin",
    "GE-5": "scanning is free and optional, after the slide",
    "GE-6": "delivery at speed 0 on the planet the queue's top coin names",
    "GE-7": "refuel at speed 0 on any planet, once per turn",
    "GE-9": "win when the queue is empty; lost in space when no coins can save the ship",
    "GE-11": "turn order: coin and slide, scans, at most one delivery and one refuel, end",
    "GE-12": "a revealed value must be physically possible and awaited",
    "GE-13": "seeded play accepts only the outcome the seed dealt",
}

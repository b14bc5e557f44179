"""Every rule id the ship library cites, with one line each.

The full wording and the rulings behind them are in docs/rulings-galaxy-trucker.md; GT-1..GT-4
are the shared rulings.  Tests check that code, docs and this table agree.
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "GT-9": "the sand timer flips when run out; the last flip is a finished builder's",
    "GT-4": "a 2d6 sum names the line; the first tile from the threat's side is struck",
    "GT-S1": "a simple connector touches a double connector",
    "GT-S2": "a connector touches a smooth side",
    "GT-S3": "an engine's exhaust does not point to the rear",
    "GT-S4": "a tile sits on the square behind an engine's exhaust",
    "GT-S5": "a tile sits on the square in front of a cannon's barrel",
    "GT-S6": "a tile lies outside the board's building area",
    "GT-S7": "a tile is not held to the pilot cabin's part of the ship",
    "GT-S8": "the pilot cabin is not on the board's starting square",
    "GT-S9": "one tile per square, each tile once, rotations 0-3",
    "GT-R1": "a spot-check repair removes tiles (never the pilot cabin) until the ship is legal",
    "GT-C1": "cabins hold up to 2 humans or 1 alien; full at launch",
    "GT-C2": "an alien's cabin is joined to life support of its colour",
    "GT-C3": "no alien in the pilot cabin",
    "GT-C4": "at most one alien of each colour",
    "GT-C5": "crew of lost cabins, and aliens that lost their life support, leave",
    "GT-C6": "a figure given up comes from an occupied cabin the player names",
    "GT-E1": "engine strength: simple 1, powered double 2",
    "GT-E2": "cannon strength: forward simple 1, powered double 2; other directions half",
    "GT-E3": "one battery token per powered double or shield, per use",
    "GT-E4": "an alien adds 2 only to a strength above 0",
    "GT-H1": "a small meteor bounces off a smooth side; misses and bounces need no defence",
    "GT-H2": "a shield on the threat's side stops a small meteor or light fire for a token",
    "GT-H3": "a cannon aimed at a large meteor shoots it (front: same column; side: row +-1)",
    "GT-H4": "light fire is stopped only by a shield",
    "GT-H5": "heavy fire cannot be stopped",
    "GT-H6": "the struck tile is destroyed; of the pieces left the player keeps one",
}

"""Every rule id the Wormholes engine cites, with one line each (WH-1..WH-6 are the shared
rulings, WH-7 on ours in docs/rulings.md, WH-T* rules the text states;
tests/games/test_rule_ids.py checks that code, docs and this table agree)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "WH-1": "the board: 23 tiles, cells named by column and row",
    "WH-2": "the bases and where each side's ships start",
    "WH-3": "each player's compass points at the opponent",
    "WH-4": "a straight move passes and ends only on board cells, not on the partner ship",
    "WH-5": "placement: players alternate placing their 12 coins on empty non-base cells",
    "WH-6": "the longer game: both ships on opposing bases",
    "WH-7": "one ship per cell; a ship landed on is sent away",
    "WH-18": "a placer may name which coin (value) of a suit goes down, once per value",
    "WH-T1": "order of play: only the awaited event, from the player it awaits",
    "WH-T2": "dice: one face 0-5 for each ship that rolls (seeded play: the seed's)",
    "WH-T3": "a die moves its own ship exactly its number; a null die does not move it",
    "WH-T4": "both dice must be used if they can be",
    "WH-T5": "coin values: one coin of each rank per suit (seeded play: the deal's)",
    "WH-T6": "a ship that activated a null coin misses its next turn",
    "WH-T7": "a ship landed on is sent to a cell without the lander's ships",
    "WH-T8": "the game ends at once on a win",
}

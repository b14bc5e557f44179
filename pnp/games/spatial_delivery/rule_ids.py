"""Every rule id the Spatial Delivery engine cites, with one line each (SD-1..SD-8 are the
shared rulings, SD-G* ours and SD-T* rules the text states, all in docs/rulings.md;
tests/games/test_rule_ids.py checks that code, docs and this table agree)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "SD-1": "the galaxy: Earth and three rings of hexes",
    "SD-5": "each player's pieces: a ship, 9 stations, 2 tokens; First Delivery tokens",
    "SD-6": "a route is a chain of hex borders from the ship's location",
    "SD-7": "travel: one step to the next station or Earth along routes, one card per step",
    "SD-G5": "payments are exact: no card could be left out",
    "SD-G8": "a Barter needs a face-up card in the market",
    "SD-T1": "turn structure: market picks, then one action of each kind in order",
    "SD-T2": "the Goods Market: two Rocket Fuel, then face-up picks",
    "SD-T3": "a payment or card action names only cards the player holds",
    "SD-T4": "one station per corner",
    "SD-T5": "delivering: from a station, to a touching Settled World of the card's goods",
    "SD-T6": "card powers and their timing",
    "SD-T7": "passing: a turn with no action; a passed player has no more turns this round",
    "SD-T8": "a revealed tile or card must be awaited and physically possible",
    "SD-T9": "seeded play: a revealed outcome must be the one dealt",
    "SD-T10": "the game ends after the last round",
}

"""Every rule id Weird Galaxy cites, with one line each (WG-n from the rulings, WG-Tn stated
by the text); tests check that code, docs and this table agree."""

from __future__ import annotations

from typing import Final

RULES: Final = {
    "WG-1": "the grid is 7 x 7 tiles around the black hole; nothing moves off it",
    "WG-3": "each action costs action points; 3 per turn, unused points are lost",
    "WG-4": "a die is drawn from the bag; a mission's first die stays out for the second draw",
    "WG-6": "a starship carries at most 2 loads",
    "WG-7": "each player has 5 spit shield counters",
    "WG-8": "Phredd spits once per move on a functional, unshielded target within one tile; "
            "a disabled starship cannot move, jump, pick up or deliver",
    "WG-9": "entering an opponent's station tile costs 1 Space Buck, once per tile per turn",
    "WG-11": "a mission is completed once; abandoning a load costs 1 Space Buck",
    "WG-12": "building the black-hole station wins and ends the game",
    "WG-T1": "events come in order: the player on turn decides; dice are resolved when drawn",
    "WG-T4": "a load is picked up on the source tile of an open mission, one per open mission",
    "WG-T5": "a mission is delivered on its destination tile with a load from its source",
    "WG-T6": "Phredd can be shooed only from within one tile of the own starship or a station",
    "WG-T7": "stations are built in order, only while all the own stations are functional",
    "WG-T8": "a spit shield goes on a functional own station that has none",
    "WG-T9": "only a disabled own starship or station can be repainted",
    "WG-T10": "in seeded play the dice show what the seed dealt",
    "WG-T11": "Space Bucks cannot go below zero: a purchase needs the money in hand",
}
"""Rule ids this engine cites (WG-n from the rulings, WG-Tn stated by the text)."""

"""Rule ids the flight engine cites (GT-F1..GT-F26), one line each.

The full wording is in docs/rulings-galaxy-trucker.md, "Flight (part 2)".  The package's one id
table is ``rules.RULES`` (part 1's ship rules); importing this module adds the flight's ids to
it, so that table, the code and the docs keep agreeing (part 1's consistency test).
"""

from __future__ import annotations

from pnp.games.galaxy_trucker.rules import RULES

FLIGHT_RULES: dict[str, str] = {
    "GT-F1": "each player enters a finished ship on the round's board with their pilot cabin",
    "GT-F2": "a tile lies on one ship only",
    "GT-F3": "each player takes a free number tile; it sets the launch order",
    "GT-F4": "illegal ships are repaired before launch; crew placed in number order",
    "GT-F5": "starting positions GT-5; moves count empty spaces only",
    "GT-F6": "decisions come one at a time from the awaited player",
    "GT-F7": "Open Space: move by engine strength; 0 means giving up",
    "GT-F8": "Planets: one marker per row, leader first; farthest behind moves back first",
    "GT-F9": "Abandoned Ship: the first taker gives exactly the card's crew",
    "GT-F10": "Abandoned Station: needs the card's crew, loses none",
    "GT-F11": "Meteoric Swarm: one roll per meteor for every ship",
    "GT-F12": "enemies attack in order; stronger wins, equal ties, weaker pays",
    "GT-F13": "Pirates: the defeated share one roll per shot",
    "GT-F14": "Combat Zone: three lines; the weakest pays, ties to the player ahead",
    "GT-F15": "Stardust: a day per exposed connector, from the last player",
    "GT-F16": "Epidemic: joined occupied cabins lose one figure each",
    "GT-F17": "Sabotage: fewest crew (ties ahead), column and row rolls, three tries",
    "GT-F18": "goods: one block per container, red only in special holds, arranged on loading",
    "GT-F19": "goods lost most valuable first, then battery tokens",
    "GT-F20": "crew lost from named cabins; too few loses all",
    "GT-F21": "giving up: by choice before a card, or no humans / no engines / lapped",
    "GT-F22": "end of round: finish order, best-looking ship, goods, capped losses",
    "GT-F23": "the game ends after its last round; 1 credit or more wins",
    "GT-F24": "card flips and rolls must be possible (and the seed's in seeded play)",
    "GT-F25": "a powered double takes one token from a named battery",
    "GT-F26": "at most two tiles set aside; each one left unused is a lost component",
    "GT-F27": "a flaw found in flight: fix it (tiles lost) and pay 1 credit",
}

RULES.update(FLIGHT_RULES)

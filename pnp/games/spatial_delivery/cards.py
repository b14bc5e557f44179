"""SD-1 tiles and SD-3 cards as data, and the short codes the notation uses for them.

A card is a code: ``R`` for a Rocket Fuel card, or goods colour + power letter (``PB`` is a
pink Robotics card with Barter).  Cards with the same code are interchangeable, so a hand is a
sorted tuple of codes.  The power mix per goods type is **[reconstructed]** (SD-3); change it
here and nowhere else.
"""

from __future__ import annotations

FUEL = "R"
FUEL_CARDS = 30
COLOURS = "YBPG"
COLOUR_SET = frozenset(COLOURS)  # for ``kind in COLOUR_SET`` (a tile kind may be None)
COLOUR_NAMES: dict[str, str] = {
    "Y": "Culture (yellow)", "B": "Medicine (blue)", "P": "Robotics (pink)",
    "G": "Science (green)"}
POWERS: dict[str, str] = {
    "F": "Fast Burn", "O": "Opportunity", "S": "Shortage", "D": "Distant Market",
    "M": "Monopoly", "T": "Trade Agreement", "B": "Barter", "E": "Enterprise",
    "I": "Initiative"}
POWER_MIX: dict[str, int] = {"F": 2, "O": 2, "S": 2, "D": 2, "M": 2, "T": 2, "B": 1, "E": 1,
                             "I": 1}  # SD-3, per goods type: 15 cards
CARD_ACTION_POWERS = frozenset("BEI")  # usable as a Card Action, or upon delivery
DELIVERY_BONUS: dict[str, int] = {"D": 2, "M": 2, "T": 2}  # SD-4
INITIATIVE_POINTS = 1  # SD-4, when the player's token is already on the Next Turn track

SPACE = "S"
TILE_KINDS = COLOURS + SPACE
TILE_POOL: dict[str, int] = {"Y": 5, "B": 5, "P": 5, "G": 5, SPACE: 16}  # SD-1, 36 tiles
SCORE_TOKEN_BY_RING: dict[int, int] = {1: 1, 2: 2, 3: 3}  # SD-2
FIRST_BONUS: tuple[int, ...] = (0, 1, 3, 6, 10, 15)  # SD-5, by tokens of one colour
STATIONS_PER_PLAYER = 9  # SD-5
FUEL_PER_ROUND = 2
PICKS_PER_ROUND = 4


def goods_deck(colour: str) -> tuple[str, ...]:
    """The 15 goods cards of one type, sorted."""
    return tuple(sorted(colour + p for p, n in POWER_MIX.items() for _ in range(n)))


def all_goods() -> tuple[str, ...]:
    return tuple(c for colour in COLOURS for c in goods_deck(colour))


def is_card(code: str) -> bool:
    return code == FUEL or (len(code) == 2 and code[0] in COLOURS and code[1] in POWERS)


def is_goods(code: str) -> bool:
    return code != FUEL


def colour_of(code: str) -> str | None:
    return None if code == FUEL else code[0]


def power_of(code: str) -> str | None:
    return None if code == FUEL else code[1]


def fuel_value(code: str) -> int:
    """SD-6/SD-7: a Fast Burn card spent as fuel pays two segments or two steps."""
    return 2 if code[1:] == "F" else 1


def card_text(code: str) -> str:
    if code == FUEL:
        return "Rocket Fuel"
    return f"{COLOUR_NAMES[code[0]].split(' ')[0]} {POWERS[code[1]]} ({code})"


def first_bonus(count: int) -> int:
    """SD-5 end bonus for one colour: 1, 3, 6, 10, 15 (5 tokens of a colour exist)."""
    return FIRST_BONUS[min(count, len(FIRST_BONUS) - 1)]

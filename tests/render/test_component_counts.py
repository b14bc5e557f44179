"""Every component count a kit prints against the count the rules give (issue 17).

:data:`COUNTS` is transcribed from the rules texts (``../shared/rules/``) and the rulings
(``../shared/RULINGS*.md``, ``docs/rulings*.md``): one row per count, with the section it comes
from and the words that give it (:func:`test_every_quote_is_in_its_source` finds them there).
The kit's side is read from the pieces each kit draws, never typed in.  A row whose kit count
differs on purpose names its ruling, which docs/rulings.md must list; and every kind of piece a
kit prints is either in the table or listed in :data:`EXTRAS` (also in docs/rulings.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from pnp.games.galaxy_trucker.cards import all_cards
from pnp.games.galaxy_trucker.tiles import Kind, generate_tiles
from pnp.games.spatial_delivery.board import SEGMENTS
from pnp.render.galaxy_express.kit import pieces as ge_pieces
from pnp.render.galaxy_trucker.boards import board_pages
from pnp.render.galaxy_trucker.cards import card_pieces
from pnp.render.galaxy_trucker.tiles import tile_pieces
from pnp.render.galaxy_trucker.tokens import bank_pieces, credit_pieces
from pnp.render.spatial_delivery.kit import pieces as sd_pieces
from pnp.render.weird_galaxy.kit import pieces as wg_pieces
from pnp.render.wormholes.kit import pieces as wh_pieces

SHARED = Path("/work/shared")
REPO = Path(__file__).resolve().parents[2]
SOURCES = {
    "GE": SHARED / "rules" / "galaxy-express.txt",
    "WH": SHARED / "rules" / "starship-tactics.txt",
    "WG": SHARED / "rules" / "weird-galaxy.txt",
    "SD": SHARED / "rules" / "spatial-delivery.txt",
    "GT": SHARED / "rules" / "galaxy-trucker.txt",
    "RULINGS": SHARED / "RULINGS.md",
    "COMMERCIAL": SHARED / "RULINGS-commercial.md",
    "rulings.md": REPO / "docs" / "rulings.md",
    "rulings-galaxy-trucker.md": REPO / "docs" / "rulings-galaxy-trucker.md",
}


@dataclass(frozen=True)
class Count:
    game: str
    what: str  # the component, named as the rules name it
    rules: int  # the count the rules give
    source: str  # a key of SOURCES
    section: str  # where in that source
    quote: str  # the source's words that give the count
    kit: Callable[[], int]  # what the kit prints
    ruling: str = ""  # a deliberate difference: its id in docs/rulings.md


# -- what the kits print -------------------------------------------------------------------------

def labels(pieces: dict[str, list[object]], kind: str | None = None) -> Counter[str]:
    return Counter(p.label for k, ps in pieces.items() if kind in (None, k)  # type: ignore[attr-defined]
                   for p in ps)


def kind_count(pieces: Callable[[], dict[str, list[object]]], kind: str) -> Callable[[], int]:
    return lambda: len(pieces().get(kind, []))


def label_count(pieces: Callable[[], dict[str, list[object]]], pattern: str
                ) -> Callable[[], int]:
    rx = re.compile(pattern)
    return lambda: sum(n for label, n in labels(pieces()).items() if rx.fullmatch(label))


def per_colour(pieces: Callable[[], dict[str, list[object]]], kind: str, colours: int
               ) -> Callable[[], int]:
    """How many of ``kind`` each colour gets (the first word of the label names it), or -1
    when the colours do not all get the same number, or there are not ``colours`` of them."""
    def count() -> int:
        per = Counter(label.split(" ")[0] for label, n in labels(pieces(), kind).items()
                      for _ in range(n))
        return per.most_common(1)[0][1] if len(per) == colours and len(set(per.values())) == 1 \
            else -1
    return count


@cache
def gt_tiles(seed: int = 1) -> Counter[tuple[str, int]]:
    """The printed Galaxy Trucker tiles by (kind, capacity), read from the pieces' ids."""
    tiles = generate_tiles(seed)
    by_id = {t.id: t for t in tiles.tiles}
    out: Counter[tuple[str, int]] = Counter()
    for piece in tile_pieces(tiles):
        tile = by_id[int(piece.label.split(" ")[1])]
        out[(tile.kind.value, tile.capacity)] += 1
    return out


def gt_tile(kind: Kind, capacity: int = 0) -> Callable[[], int]:
    return lambda: gt_tiles()[(kind.value, capacity)]


@cache
def gt_cards() -> Counter[tuple[int, str]]:
    """The printed adventure cards by (level, kind); (0, "marked") counts the test-flight cards."""
    cards = all_cards()
    out: Counter[tuple[int, str]] = Counter()
    for piece in card_pieces():
        card = cards[piece.label.removeprefix("adventure card ")]
        out[(card.level, card.kind)] += 1
        out[(card.level, "all")] += 1
        out[(0, "marked")] += card.marked
    return out


def gt_card(level: int, kind: str) -> Callable[[], int]:
    return lambda: gt_cards()[(level, kind)]


@cache
def gt_loose() -> tuple[str, ...]:
    """The labels of Galaxy Trucker's loose pieces: bank, credits, tiles."""
    return tuple(p.label for p in [*bank_pieces(), *credit_pieces(),
                                   *tile_pieces(generate_tiles(1))])


def gt_bank(pattern: str) -> Callable[[], int]:
    """How many of Galaxy Trucker's loose pieces have a label matching ``pattern``."""
    rx = re.compile(pattern)
    return lambda: sum(rx.fullmatch(label) is not None for label in gt_loose())


def gt_boards() -> Counter[str]:
    """Printed ship boards by class (one whole board per class and colour, parts counted once)."""
    pages, _ = board_pages("a4", None)  # type: ignore[arg-type]
    boards = {re.sub(r", part \d+ of \d+$", "", p.label) for p in pages}
    return Counter(b.split("ship board ")[1].split(" ")[0] for b in boards)


def gt_board(cls: str) -> Callable[[], int]:
    return lambda: gt_boards()[cls]


# -- the rules' counts ---------------------------------------------------------------------------

GE, WH, WG, SD = ge_pieces, wh_pieces, wg_pieces, sd_pieces

COUNTS: tuple[Count, ...] = (
    # Galaxy Express: "Equipment", from a single piecepack
    Count("galaxy-express", "tiles (Ace Sun, Ace Moon + 12 for the chart)", 14, "GE",
          "Equipment", "Ace Sun Tile & Ace Moon Tile, face-up - 12 more tiles, facedown",
          kind_count(GE, "tile")),
    Count("galaxy-express", "coins", 24, "GE", "Equipment", "All 24 coins",
          kind_count(GE, "coin")),
    Count("galaxy-express", "dice", 4, "GE", "Equipment", "All 4 dice", kind_count(GE, "die")),
    Count("galaxy-express", "pawn", 1, "GE", "Equipment", "1 pawn (color does not matter)",
          kind_count(GE, "pawn")),
    Count("galaxy-express", "Crown coins (the delivery queue)", 6, "RULINGS", "GE-2",
          "the 6 Crowns and 6 Arms coins go one per tile", label_count(GE, r"Crowns .* coin")),
    Count("galaxy-express", "Arms coins (the planets)", 6, "RULINGS", "GE-2",
          "the 6 Crowns and 6 Arms coins go one per tile", label_count(GE, r"Arms .* coin")),
    # Wormholes: the set-up steps 1-2 and WH-5
    Count("wormholes", "tiles (23 laid, one set aside)", 24, "WH", "set-up step 1",
          "Take all piecepack tiles. Set one aside and lay the remaining 23 face down",
          kind_count(WH, "tile")),
    Count("wormholes", "coins (wormholes)", 24, "RULINGS", "WH-5",
          "players alternate placing their 12 coins suit up on empty non-base cells; 24 "
          "wormholes in all", kind_count(WH, "coin")),
    Count("wormholes", "dice", 4, "WH", "set-up step 2",
          "The OrthogonAlien player takes the suits of Suns and Moons (all coins, dice, and "
          "pawns)", kind_count(WH, "die")),
    Count("wormholes", "pawns (starships, two per player)", 4, "WH", "set-up step 2",
          "Each player places two starships (pawns)", kind_count(WH, "pawn")),
    # It's a Weird, Weird Galaxy!: "Equipment", "Setup", WG-4, WG-7
    Count("weird-galaxy", "tiles", 48, "WG", "Setup", "Lay out the 48 tiles into a 7x7 grid",
          kind_count(WG, "tile")),
    Count("weird-galaxy", "dice", 8, "WG", "Setup",
          "All eight of the dies are placed in a small, opaque drawing bag",
          kind_count(WG, "die")),
    Count("weird-galaxy", "pawns (a starship per suit; an unused one is Phredd)", 8, "WG",
          "Setup", "Each player selects a suit and then places their pawn",
          kind_count(WG, "pawn")),
    Count("weird-galaxy", "Phredd", 1, "WG", "Setup",
          "Place an unused pawn in the black hole in the center. This will be Phredd.",
          kind_count(WG, "standee")),
    Count("weird-galaxy", "counters per player", 12, "WG", "Equipment",
          "a set of twelve unique counters for each player", per_colour(WG, "counter", 5)),
    Count("weird-galaxy", "station counters per player", 7, "RULINGS", "WG-7",
          "each player has 12: 7 stations", lambda: per_colour(
              lambda: {"c": [p for p in wg_pieces()["counter"] if "station" in p.label]},
              "c", 5)()),
    Count("weird-galaxy", "coins (load markers)", 48, "WG", "Equipment / Setup",
          "The remaining space station counters and coins are kept in front of the player",
          kind_count(WG, "coin"), ruling="K-WG-1"),
    # Spatial Delivery: "Board Components", "Player Components", SD-1, SD-3, SD-5
    Count("spatial-delivery", "hex tiles", 37, "SD", "Board Components",
          "37 Hexagonal Tiles (1 Earth, 16 Space, 20 Settled Worlds)", kind_count(SD, "tile")),
    Count("spatial-delivery", "Earth tile", 1, "SD", "Board Components", "1 Earth",
          label_count(SD, "Earth tile")),
    Count("spatial-delivery", "Space tiles", 16, "SD", "Board Components", "16 Space",
          label_count(SD, "space tile")),
    *(Count("spatial-delivery", f"{goods} Settled Worlds", 5, "COMMERCIAL", "SD-1",
            "20 Settled Worlds (5 per goods type", label_count(SD, f"{goods} world tile"))
      for goods in ("Culture", "Medicine", "Robotics", "Science")),
    *(Count("spatial-delivery", f"{goods} Goods cards", 15, "SD", "Board Components",
            "60 Goods Cards (15 each of four different types)",
            label_count(SD, f"{goods} .* card"))
      for goods in ("Culture", "Medicine", "Robotics", "Science")),
    Count("spatial-delivery", "Rocket Fuel cards", 30, "SD", "Board Components",
          "30 Rocket Fuel Cards", label_count(SD, "Rocket Fuel card")),
    *(Count("spatial-delivery", f"{goods} First Delivery tokens", 5, "SD",
            "Board Components", "20 First Delivery Tokens (5 each in pink, blue, green, and "
            "yellow)", label_count(SD, f"{goods} First Delivery token"))
      for goods in ("Culture", "Medicine", "Robotics", "Science")),
    Count("spatial-delivery", "round track board", 1, "SD", "Board Components",
          "1 Round Track Board", label_count(SD, "round track board")),
    Count("spatial-delivery", "round track marker", 1, "SD", "Board Components",
          "1 Round Track Marker", label_count(SD, "round marker")),
    Count("spatial-delivery", "turn order card", 1, "SD", "Board Components",
          "1 Turn Order Card", label_count(SD, "turn order card")),
    Count("spatial-delivery", "spaceships", 5, "SD", "Player Components",
          "5 Spaceships (1 per player)", label_count(SD, r"\w+ spaceship")),
    Count("spatial-delivery", "trade stations per player", 9, "SD", "Player Components",
          "45 Trade Stations (9 per player)", per_colour(SD, "station", 5)),
    Count("spatial-delivery", "player tokens", 10, "SD", "Player Components",
          "10 Player Tokens (2 per player)", label_count(SD, r"\w+ player token")),
    Count("spatial-delivery", "player aids", 5, "SD", "Player Components", "5 Player Aids",
          label_count(SD, "player aid")),
    Count("spatial-delivery", "route segments (none in player colours)", 0, "SD",
          "Sample Trade Journey Turns (the diagram's note)",
          "Trade Routes First Delivery Token, and Sales Markers are not in player colors",
          label_count(SD, r"\w+ route segment")),
    Count("spatial-delivery", "route segments: one per border a route can use", len(SEGMENTS),
          "rulings.md", "SD-G12 (SD-1, SD-G1: the galaxy has 66 such borders)",
          "Score tokens and route segments are unlimited", label_count(SD, "route segment")),
    # Galaxy Trucker: GT-1, GT-3, GT-7 and the text's set-up
    *(Count("galaxy-trucker", f"{name} tiles", n, "COMMERCIAL", "GT-1", quote,
            gt_tile(kind, cap))
      for name, kind, cap, n, quote in (
          ("cabin", Kind.CABIN, 0, 16, "cabin 16"),
          ("engine", Kind.ENGINE, 0, 19, "engine 19"),
          ("double engine", Kind.DOUBLE_ENGINE, 0, 7, "double engine 7"),
          ("cannon", Kind.CANNON, 0, 23, "cannon 23"),
          ("double cannon", Kind.DOUBLE_CANNON, 0, 8, "double cannon 8"),
          ("2-cell battery", Kind.BATTERY, 2, 9, "battery 9 (2 cells)"),
          ("3-cell battery", Kind.BATTERY, 3, 6, "+ 6 (3 cells)"),
          ("shield generator", Kind.SHIELD, 0, 8, "shield generator 8"),
          ("2-box cargo", Kind.CARGO, 2, 9, "cargo 9 (2)"),
          ("3-box cargo", Kind.CARGO, 3, 6, "cargo 9 (2) + 6 (3)"),
          ("1-box special cargo", Kind.SPECIAL_CARGO, 1, 6, "special cargo 6 (1)"),
          ("2-box special cargo", Kind.SPECIAL_CARGO, 2, 3, "special cargo 6 (1) + 3 (2)"),
          ("structural", Kind.STRUCTURAL, 0, 8, "structural 8"),
          ("brown life support", Kind.LIFE_BROWN, 0, 6, "brown (engine) life support 6"),
          ("purple life support", Kind.LIFE_PURPLE, 0, 6, "purple (cannon) life support 6"),
          ("starting cabin", Kind.PILOT, 0, 4, "140 in the warehouse + 4 starting cabins"),
      )),
    Count("galaxy-trucker", "warehouse tiles", 140, "COMMERCIAL", "GT-1",
          "140 in the warehouse", lambda: sum(gt_tiles().values()) - gt_tiles()[("pilot", 0)]),
    *(Count("galaxy-trucker", f"ship boards {cls} (one per player colour)", 4, "COMMERCIAL",
            "GT-3", quote, gt_board(cls))
      for cls, quote in (("I", "I: r5 c7"), ("II", "II: r4 c7"), ("III", "III: r4 c7"),
                         ("IIIa", "IIIa: r3 c6-8"))),
    *(Count("galaxy-trucker", f"level {name} adventure cards", 20, "COMMERCIAL", "GT-7",
            "Adventure cards: 20 per level", gt_card(lv, "all"))
      for lv, name in ((1, "I"), (2, "II"), (3, "III"))),
    *(Count("galaxy-trucker", f"level {name} {kind} cards", n, "COMMERCIAL", "GT-7",
            f"Level {name}: Open Space x{counts['open']}", gt_card(lv, kind))
      for lv, name, counts in (
          (1, "I", {"open": 4, "planets": 4, "meteors": 3, "ship": 2, "station": 2,
                    "smugglers": 1, "slavers": 1, "pirates": 1, "combat": 1, "stardust": 1}),
          (2, "II", {"open": 3, "planets": 4, "meteors": 3, "ship": 2, "station": 2,
                     "smugglers": 1, "slavers": 1, "pirates": 1, "combat": 1, "stardust": 1,
                     "epidemic": 1}),
          (3, "III", {"open": 3, "planets": 4, "meteors": 3, "ship": 2, "station": 2,
                      "smugglers": 1, "slavers": 1, "pirates": 1, "combat": 1,
                      "epidemic": 1, "sabotage": 1}))
      for kind, n in counts.items()),
    Count("galaxy-trucker", "test-flight cards (marked)", 8, "COMMERCIAL", "GT-7",
          "Test flight (marked cards): Smugglers str 4, Stardust, one Open Space, Meteors "
          "[L-F,S-L,S-R], Planets RR|RBB|Y, Combat Zone, Abandoned Ship (-3,+4), Abandoned "
          "Station (5, YG)", gt_card(0, "marked")),
    Count("galaxy-trucker", "space ship markers per colour", 2, "GT", "Setting up the flight",
          "Take the two space ship markers in your color", lambda: min(
              gt_bank(rf"{c} ship marker")() for c in ("blue", "red", "green", "yellow"))),
    Count("galaxy-trucker", "number tiles (one per player, 1-4)", 4, "COMMERCIAL", "GT-5",
          "round 1: 0,-2,-4,-6", gt_bank(r"number tile \d")),
    Count("galaxy-trucker", "grey figures (2 per cabin, 16 cabins + 4 starting)", 40, "GT",
          "Crew", "In each cabin, place 2 grey figures", gt_bank("human")),
    Count("galaxy-trucker", "brown aliens (at most one per ship)", 4, "rulings-galaxy-trucker.md",
          "GT-C4", "At most one alien of each colour on a ship", gt_bank("brown alien")),
    Count("galaxy-trucker", "purple aliens (at most one per ship)", 4,
          "rulings-galaxy-trucker.md", "GT-C4", "At most one alien of each colour on a ship",
          gt_bank("purple alien")),
    Count("galaxy-trucker", "battery tokens (one per E-cell: 9 x 2 + 6 x 3)", 36, "GT",
          "Batteries", "On each battery component, place 2 or 3 green tokens",
          gt_bank("battery token")),
    Count("galaxy-trucker", "two dice", 2, "GT", "Meteoric Swarm",
          "the leader rolls two dice", gt_bank(r".*\b(die|dice)\b.*"), ruling="K-GT-1"),
    Count("galaxy-trucker", "the timer", 1, "GT", "The Timer",
          "must start the timer and put it in the circle on the flight board",
          gt_bank(r".*\b(timer|hourglass)\b.*"), ruling="K-GT-1"),
)

EXTRAS = {
    # game -> the kinds (or labels) the kit prints that the rules do not count, and why
    "galaxy-express": {"card": "K-PP-1"},  # the roll table: stands in for dice
    "wormholes": {"card": "K-PP-1"},
    "weird-galaxy": {"refcard": "K-WG-2"},
    "spatial-delivery": {"score token": "SD-G12"},  # "assorted": the supply is unlimited
    "galaxy-trucker": {"credit coin": "K-GT-2", "good": "GT-G8"},
}


def _id(row: Count) -> str:
    return f"{row.game}: {row.what}"


@pytest.mark.parametrize("row", COUNTS, ids=_id)
def test_the_kit_prints_what_the_rules_count(row: Count) -> None:
    printed = row.kit()
    if row.ruling:
        assert printed != row.rules, (f"{_id(row)}: the kit now prints the rules' {row.rules}; "
                                      f"drop ruling {row.ruling} from the row and the docs")
    else:
        assert printed == row.rules, (f"{_id(row)}: the kit prints {printed}, the rules "
                                      f"({row.source}, {row.section}) say {row.rules}")


def test_every_deliberate_difference_is_a_ruling_in_the_docs() -> None:
    text = "".join(SOURCES[k].read_text(encoding="utf-8")
                   for k in ("rulings.md", "rulings-galaxy-trucker.md"))
    ids = {r.ruling for r in COUNTS if r.ruling} | {i for e in EXTRAS.values()
                                                     for i in e.values()}
    assert {i for i in ids if f"- {i} " not in text} == set()


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def test_every_quote_is_in_its_source() -> None:
    """The transcription: each row's words are in the text it cites (the rules texts live
    outside the repository; a machine without them skips their rows)."""
    missing = []
    for row in COUNTS:
        path = SOURCES[row.source]
        if not path.exists():
            continue
        if _words(row.quote) not in _words(path.read_text(encoding="utf-8")):
            missing.append(f"{_id(row)}: {row.quote!r} not in {path.name}")
    if not any(SOURCES[r.source].exists() for r in COUNTS if r.source.isupper()):
        pytest.skip("rules texts not on this machine")
    assert missing == []


KIND_OF_ROW = {
    "galaxy-express": ("tile", "coin", "die", "pawn"),
    "wormholes": ("tile", "coin", "die", "pawn"),
    "weird-galaxy": ("tile", "die", "pawn", "standee", "counter", "coin"),
}


@pytest.mark.parametrize("game", sorted(KIND_OF_ROW))
def test_every_piecepack_kit_kind_is_counted_or_an_extra(game: str) -> None:
    pieces = {"galaxy-express": ge_pieces, "wormholes": wh_pieces,
              "weird-galaxy": wg_pieces}[game]()
    assert set(pieces) - set(KIND_OF_ROW[game]) == set(EXTRAS[game])


def test_every_spatial_delivery_and_galaxy_trucker_piece_is_counted_or_an_extra() -> None:
    sd = {re.sub(r"^(Culture|Medicine|Robotics|Science|Red|Violet|Orange|White|Brown) ", "",
                 label) for label in labels(sd_pieces())}
    sd = {re.sub(r"^.*(card)$", r"\1", re.sub(r" \d+$", "", s)) for s in sd}
    counted = {"Earth tile", "space tile", "world tile", "card", "First Delivery token",
               "round track board", "round marker", "turn order card", "spaceship",
               "trade station", "player token", "player aid", "route segment"}
    assert sd - counted == set(EXTRAS["spatial-delivery"])
    gt = {re.sub(r"^(\d+|blue|red|green|yellow) ", "", re.sub(r" \d$", "", p.label))
          for p in [*bank_pieces(), *credit_pieces()]}
    counted = {"ship marker", "number tile", "human", "brown alien", "purple alien",
               "battery token"}
    assert gt - counted == set(EXTRAS["galaxy-trucker"])

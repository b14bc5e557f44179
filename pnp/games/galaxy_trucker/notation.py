"""Compact text for ships, crews and shots (docs/notation/galaxy-trucker.md).

Ship: the board name, then one ``id@row,col`` token per tile, ``/r`` after it for r clockwise
quarter turns (omitted when 0): ``II 141@7,7 12@6,7 30@8,7/2``; tokens are separated by spaces
or ``;``, and letters may be in either case.  Crew: ``cabin:HH`` (two
humans), ``cabin:H``, ``cabin:P`` (purple alien), ``cabin:B`` (brown, the text's orange; ``O``
is read too).  Shot: a threat and the 2d6 line, ``L-F@7``.  Printers write tokens in square
order, so printing a parsed text gives the canonical text, and parsing it gives the same value.
"""

from __future__ import annotations

import re

from pnp.engine.errors import NotationError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.crew import Alien, Berth, Crew
from pnp.games.galaxy_trucker.hits import Threat, parse_threat
from pnp.games.galaxy_trucker.ship import Placement, Ship, place
from pnp.games.galaxy_trucker.tiles import TileSet

_TOKEN = re.compile(r"^([0-9]{1,4})@([0-9]{1,3}),([0-9]{1,3})(?:/([0-9]))?$")
_SPLIT = re.compile(r"[\s;]+")
_TOKENS = re.compile(r"([0-9]{1,4})@([0-9]{1,3}),([0-9]{1,3})(?:/([0-3]))?")
_WELL_FORMED = re.compile(r"([^\s;]+)(?:[\s;]+[0-9]{1,4}@[0-9]{1,3},[0-9]{1,3}(?:/[0-3])?)*"
                          r"[\s;]*")


def format_placement(p: Placement) -> str:
    rot = f"/{p.rotation}" if p.rotation else ""
    return f"{p.id}@{p.row},{p.col}{rot}"


def format_ship(ship: Ship) -> str:
    return " ".join([ship.board.name, *(format_placement(p) for p in ship)])


def parse_placement(token: str, tiles: TileSet) -> Placement:
    m = _TOKEN.match(token)
    if m is None:
        raise NotationError(token, "a tile is id@row,col with an optional /rotation 0-3, "
                            "e.g. 12@6,7/1")
    tile_id, row, col, turns = m.groups()
    tile = tiles.by_id.get(int(tile_id))
    if tile is None:
        raise NotationError(token, f"no tile #{tile_id}; ids are 1-140 and the pilot cabins "
                            "141-144")
    rotation = int(turns) if turns else 0
    if rotation > 3:
        raise NotationError(token, "rotation is 0-3 clockwise quarter turns")
    return place(tile, int(row), int(col), rotation)


def parse_ship(text: str, tiles: TileSet) -> Ship:
    """Read a ship; tile ids are looked up in the seed's tile set.

    A well-formed text (every token a tile of the set, rotations 0-3) is read in one pass of
    ``_TOKENS``; anything else is read token by token, which names the first bad one."""
    body = text.strip()
    m = _WELL_FORMED.fullmatch(body)
    name = board_name(m.group(1)) if m is not None else None
    if m is not None and name is not None:
        by_id, placements = tiles.by_id, []
        for tile_id, row, col, turns in _TOKENS.findall(body, m.end(1)):
            tile = by_id.get(int(tile_id))
            if tile is None:
                break
            placements.append(place(tile, int(row), int(col), int(turns) if turns else 0))
        else:
            return Ship.of(BOARDS[name], placements)
    words = [w for w in _SPLIT.split(body) if w]
    name = board_name(words[0]) if words else None
    if name is None:
        raise NotationError(text, f"a ship starts with its board: {', '.join(BOARDS)}")
    return Ship.of(BOARDS[name], (parse_placement(w, tiles) for w in words[1:]))


def placed_cells(text: str) -> dict[tuple[int, int], int]:
    """The squares a ship's text fills and the tile id on each, read without its tile set
    (for a picture of a ship whose seed is unknown); words that are not placements are
    skipped.

    >>> placed_cells("II 141@7,7 12@6,7/1 oops")
    {(7, 7): 141, (6, 7): 12}
    """
    out = {}
    for word in [w for w in _SPLIT.split(text.strip()) if w][1:]:
        m = _TOKEN.match(word)
        if m is not None:
            out[(int(m.group(2)), int(m.group(3)))] = int(m.group(1))
    return out


def board_name(text: str) -> str | None:
    """The board a name means, in any letter case (``iiia`` is ``IIIa``), or None."""
    return _BOARD_NAMES.get(text.lower())


_BOARD_NAMES = {name.lower(): name for name in BOARDS}


_ALIEN_LETTER = {Alien.BROWN: "B", Alien.PURPLE: "P"}
_BERTH = re.compile(r"^([0-9]{1,4}):(HH|H|P|B|O|-)$", re.IGNORECASE)


def format_berth(berth: Berth) -> str:
    if berth.alien is not None:
        return _ALIEN_LETTER[berth.alien]
    return "H" * berth.humans or "-"


def format_crew(crew: Crew) -> str:
    return " ".join(f"{cabin}:{format_berth(b)}" for cabin, b in crew.berths)


def parse_crew(text: str) -> Crew:
    berths: dict[int, Berth] = {}
    for word in (w for w in _SPLIT.split(text.strip()) if w):
        m = _BERTH.match(word)
        if m is None:
            raise NotationError(word, "a berth is cabin:HH, cabin:H, cabin:P (purple alien) "
                                "or cabin:B (brown/orange alien)")
        cabin, what = int(m.group(1)), m.group(2).upper()
        if cabin in berths:
            raise NotationError(word, f"cabin #{cabin} is named twice")
        if what in ("P", "B", "O"):
            berths[cabin] = Berth(0, Alien.PURPLE if what == "P" else Alien.BROWN)
        else:
            berths[cabin] = Berth(what.count("H"))
    return Crew.of(berths)


def format_shot(threat: Threat, line: int) -> str:
    return f"{threat}@{line}"


def parse_shot(text: str) -> tuple[Threat, int]:
    head, at, line = text.strip().partition("@")
    if not at or re.fullmatch(r"\s*[0-9]{1,3}\s*", line) is None:
        raise NotationError(text, "a shot is a threat and the 2d6 line, e.g. L-F@7")
    return parse_threat(head), int(line)

"""Meteors and cannon fire (GT-4, GT-H1..GT-H6): what a threat strikes and how it is stopped.

A threat comes from one side of the ship along the row or column a 2d6 sum names and strikes
the first tile in that line.  A small meteor bounces off a smooth side; a shield on that side
stops small meteors and light fire for one battery token; a cannon aimed at a large meteor
shoots it (a double one for a token); nothing stops heavy fire.  A struck tile is destroyed,
and a ship that falls into pieces keeps the one piece its player chooses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from pnp.engine.errors import IllegalMove, NotationError
from pnp.engine.values import cached, quick_init
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind

Size = Literal["S", "L", "l", "H"]  # small / large meteor, light / heavy shot (GT-7 letters)
Direction = Literal["F", "R", "B", "L"]  # from the front / right / back / left

SIZE_WORDS: dict[str, str] = {"S": "small meteor", "L": "large meteor", "l": "light fire",
                              "H": "heavy fire"}
DIRECTION_WORDS: dict[str, str] = {"F": "the front", "R": "the right", "B": "the back",
                                   "L": "the left"}
FROM: dict[str, Side] = {"F": Side.N, "R": Side.E, "B": Side.S, "L": Side.W}
DICE = range(2, 13)


@dataclass(frozen=True)
class Threat:
    size: Size
    direction: Direction

    # worked out on first use and kept on the value (a card's threats are looked at for
    # every ship they may strike): ``values.cached``, not a property each time
    @cached
    def side(self) -> Side:
        """The side of the ship the threat arrives at."""
        return FROM[self.direction]

    @cached
    def is_meteor(self) -> bool:
        return self.size in ("S", "L")

    @cached
    def along_column(self) -> bool:
        """Front and back threats travel down a column; side threats along a row."""
        return self.direction in ("F", "B")

    def __str__(self) -> str:
        return f"{self.size}-{self.direction}"

    def describe(self) -> str:
        return _WORDS[self.size, self.direction]


_WORDS = {(size, direction): f"{SIZE_WORDS[size]} from {DIRECTION_WORDS[direction]}"
          for size in SIZE_WORDS for direction in DIRECTION_WORDS}


_SIZES: dict[str, Size] = {"S": "S", "L": "L", "l": "l", "H": "H"}
_DIRECTIONS: dict[str, Direction] = {"F": "F", "R": "R", "B": "B", "L": "L"}
_THREAT = re.compile(r"^\s*([SLlH])\s*-?\s*([FRBL])\s*$")


def parse_threat(text: str) -> Threat:
    """``L-F`` (large meteor from the front), ``l-B``, ``H-R``, ``S-L``."""
    m = _THREAT.match(text)
    if m is None:
        raise NotationError(text, "a threat is S, L (small/large meteor), l or H (light/heavy "
                            "fire), a dash, then F, R, B or L (from front/right/back/left)")
    return Threat(_SIZES[m.group(1)], _DIRECTIONS[m.group(2)])


@quick_init
@dataclass(frozen=True)
class Defence:
    """A tile that may stop the threat and the battery tokens it costs."""

    tile: int
    cost: int
    rule: str


@quick_init
@dataclass(frozen=True)
class Impact:
    """Where a threat lands on one ship."""

    threat: Threat
    line: int
    struck: Placement | None
    outcome: Literal["miss", "bounce", "hit"]
    defences: tuple[Defence, ...] = ()

    def describe(self) -> str:
        t = self.threat.describe()
        where = f"{'column' if self.threat.along_column else 'row'} {self.line}"
        if self.struck is None:
            return f"{t} in {where} misses the ship"
        hit = self.struck.describe()
        if self.outcome == "bounce":
            return f"{t} in {where} bounces off the smooth side of {hit}"
        stop = ", ".join(f"#{d.tile} ({d.cost} token{'s' if d.cost != 1 else ''})"
                         for d in self.defences)
        return f"{t} in {where} strikes {hit}" + (f"; it can be stopped by {stop}" if stop
                                                    else "; nothing can stop it")


def _check_line(line: int) -> None:
    if line not in DICE:
        raise IllegalMove("GT-4", f"{line} is not a 2d6 sum; roll again: 2-12",
                          [str(n) for n in DICE])


def first_struck(ship: Ship, threat: Threat, line: int) -> Placement | None:
    """The first tile in the line, seen from the threat's side (None: a miss, GT-4)."""
    _check_line(line)
    # one tile a square: no two tiles in the line share a row (or a column), so no ties
    if threat.along_column:
        in_line = [p for p in ship.placements if p.col == line]
        if not in_line:
            return None
        return min(in_line, key=_ROW) if threat.direction == "F" else max(in_line, key=_ROW)
    in_line = [p for p in ship.placements if p.row == line]
    if not in_line:
        return None
    return min(in_line, key=_COL) if threat.direction == "L" else max(in_line, key=_COL)


_ROW, _COL = attrgetter("row"), attrgetter("col")


def _cannons(ship: Ship, threat: Threat, line: int) -> tuple[Defence, ...]:
    """Cannons aimed at a large meteor: same column (front/back), same or next row (sides)."""
    out = []
    for p in ship.of_kind(Kind.CANNON, Kind.DOUBLE_CANNON):
        if p.barrel is not threat.side:
            continue
        if threat.along_column and p.col != line:
            continue
        if not threat.along_column and abs(p.row - line) > 1:
            continue
        out.append(Defence(p.id, 1 if p.kind is Kind.DOUBLE_CANNON else 0, "GT-H3"))
    return tuple(sorted(out, key=lambda d: (d.cost, d.tile)))


def _shields(ship: Ship, threat: Threat) -> tuple[Defence, ...]:
    return tuple(Defence(p.id, 1, "GT-H2") for p in ship.of_kind(Kind.SHIELD)
                 if threat.side in p.shielded)


def impact(ship: Ship, threat: Threat, line: int) -> Impact:
    """What the threat in ``line`` does to this ship and what may stop it (GT-H1..GT-H5).

    Remembered per ship: a shot is looked at when it is rolled, when the defences are listed
    and when the answer is checked."""
    memo: dict[tuple[str, str, int], Impact] = ship.impacts
    key = (threat.size, threat.direction, line)  # the threat's fields: hashed in C
    found = memo.get(key)
    if found is None:
        found = memo[key] = _impact(ship, threat, line)
    return found


def _impact(ship: Ship, threat: Threat, line: int) -> Impact:
    struck = first_struck(ship, threat, line)
    if struck is None:
        return Impact(threat, line, None, "miss")
    if threat.size == "S":
        if struck.connector(threat.side) is Connector.SMOOTH:
            return Impact(threat, line, struck, "bounce")
        return Impact(threat, line, struck, "hit", _shields(ship, threat))
    if threat.size == "L":
        return Impact(threat, line, struck, "hit", _cannons(ship, threat, line))
    if threat.size == "l":
        return Impact(threat, line, struck, "hit", _shields(ship, threat))
    return Impact(threat, line, struck, "hit")


@quick_init
@dataclass(frozen=True)
class Damage:
    """The result of one threat: tokens spent, the tile destroyed, the pieces left."""

    ship: Ship  # every tile still there (all pieces, before the player keeps one)
    cost: int = 0
    destroyed: int | None = None

    @property
    def pieces(self) -> tuple[frozenset[int], ...]:
        return self.ship.pieces()


_RULE_FOR: dict[str, str] = {"S": "GT-H2", "L": "GT-H3", "l": "GT-H4", "H": "GT-H5"}


def resolve(ship: Ship, hit: Impact, defence: int | None, batteries: int) -> Damage:
    """Apply the player's answer: a tile id to defend with, or None to take the hit."""
    if hit.outcome != "hit" or hit.struck is None:
        if defence is not None:
            raise IllegalMove("GT-H1", f"{hit.describe()}: nothing to defend against; take no "
                              "action")
        return Damage(ship)
    if defence is not None:
        options = {d.tile: d for d in hit.defences}
        chosen = options.get(defence)
        if chosen is None:
            can = ", ".join(f"#{t}" for t in options)
            raise IllegalMove(_RULE_FOR[hit.threat.size], f"#{defence} cannot stop the "
                              f"{hit.threat.describe()} striking {hit.struck.describe()}; "
                              + (f"legal: {can}, or take the hit" if can
                                 else "nothing can stop it: take the hit"),
                              [f"#{t}" for t in options])
        if chosen.cost > batteries:
            raise IllegalMove("GT-E3", f"#{defence} needs {chosen.cost} battery token but none "
                              "is left; take the hit or use a free defence",
                              [f"#{d.tile}" for d in hit.defences if d.cost <= batteries])
        return Damage(ship, chosen.cost)
    return destroy(ship, hit.struck.id)


def destroy(ship: Ship, tile_id: int) -> Damage:
    """Remove one tile (a hit, or sabotage); the pieces left are ``Damage.pieces``."""
    return Damage(ship.without({tile_id}), 0, tile_id)


def keep_piece(ship: Ship, tile_id: int) -> tuple[Ship, frozenset[int]]:
    """Keep the piece holding ``tile_id``; the others are lost (GT-H6).  Returns lost ids."""
    if tile_id not in ship:
        firsts = [f"#{min(piece)}" for piece in ship.pieces()]
        raise IllegalMove("GT-H6", f"#{tile_id} is not on the ship; keep one piece by naming "
                          f"any of its tiles: {', '.join(firsts)}", firsts)
    piece = ship.piece_of(tile_id)
    return ship.keeping(piece), ship.ids - piece


def must_choose(ship: Ship) -> bool:
    """True when the ship has fallen into more than one piece."""
    return len(ship.pieces()) > 1

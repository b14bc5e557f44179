"""A ship: placed tiles (tile, row, column, rotation) on one ship board.

A ``Ship`` is a plain value: equal ships have equal placements, in square order.  Physical
impossibilities (two tiles on one square, one tile twice, a rotation outside 0-3) are refused
when the value is made (GT-S9); rule breaches are found by ``check`` (check.py), because the
rules let a player build a wrong ship and only the spot check catches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from pnp.engine.errors import IllegalMove
from pnp.engine.values import cached, quick_init
from pnp.games.galaxy_trucker.boards import Board, Cell
from pnp.games.galaxy_trucker.sides import DELTAS, SIDES, Side
from pnp.games.galaxy_trucker.tiles import (
    BARREL,
    EXHAUST,
    SHIELDED,
    Connector,
    Kind,
    Tile,
    joins,
)


@quick_init
@dataclass(frozen=True)
class Placement:
    tile: Tile
    row: int
    col: int
    rotation: int = 0

    @cached
    def id(self) -> int:
        """The tile's id (kept: ships look placements up by id at every step)."""
        return self.tile.id

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)

    @cached
    def kind(self) -> Kind:
        return self.tile.kind

    @cached
    def faces(self) -> tuple[Connector, ...]:
        """The connectors now facing N, E, S, W (the tile's table for this rotation)."""
        return self.tile.faces[self.rotation % 4]

    def connector(self, side: Side) -> Connector:
        """The connector that now faces ``side`` of the square."""
        return self.faces[side]

    def neighbour(self, side: Side) -> Cell:
        dr, dc = DELTAS[side]
        return (self.row + dr, self.col + dc)

    @cached
    def exhaust(self) -> Side | None:
        """Where an engine's exhaust points (None for other tiles)."""
        return EXHAUST.turned(self.rotation) if self.kind.is_engine else None

    @cached
    def barrel(self) -> Side | None:
        """Where a cannon's barrel points (None for other tiles)."""
        return BARREL.turned(self.rotation) if self.kind.is_cannon else None

    @property
    def shielded(self) -> frozenset[Side]:
        """The two sides of the ship a shield generator covers (empty for other tiles)."""
        if self.kind is not Kind.SHIELD:
            return frozenset()
        return _SHIELDED[self.rotation % 4]

    def describe(self) -> str:
        return f"{self.tile.label} #{self.id} at row {self.row}, column {self.col}"


_new = object.__new__
_PILOT = Kind.PILOT
_SHIELDED = tuple(frozenset(s.turned(r) for s in SHIELDED) for r in range(4))
_EXHAUSTS = tuple(EXHAUST.turned(r) for r in range(4))
_BARRELS = tuple(BARREL.turned(r) for r in range(4))
_ENGINES = frozenset({Kind.ENGINE, Kind.DOUBLE_ENGINE})
_CANNONS = frozenset({Kind.CANNON, Kind.DOUBLE_CANNON})


def place(tile: Tile, row: int, col: int, rotation: int = 0) -> Placement:
    """``Placement(tile, row, col, rotation)`` (rotation 0-3) with its looked-up values
    (id, kind, faces, exhaust, barrel) filled in at once: every ship reads them all for every
    tile, and one call costs less than five first uses."""
    p = _new(Placement)
    kind = tile.kind
    p.__dict__.update(tile=tile, row=row, col=col, rotation=rotation, id=tile.id, kind=kind,
                      faces=tile.faces[rotation],
                      exhaust=_EXHAUSTS[rotation] if kind in _ENGINES else None,
                      barrel=_BARRELS[rotation] if kind in _CANNONS else None)
    return p


_square = attrgetter("row", "col")  # square order
_ROTATIONS = frozenset(range(4))


@quick_init
@dataclass(frozen=True)
class Ship:
    board: Board
    placements: tuple[Placement, ...]

    @staticmethod
    def of(board: Board, placements: Iterable[Placement]) -> Ship:
        """A ship from placements in any order; refuses physical impossibilities (GT-S9)."""
        items = sorted(placements, key=_square)
        cells = {(p.row, p.col): p for p in items}
        ids = {p.id: p for p in items}
        n = len(items)
        if len(cells) == n and len(ids) == n and {p.rotation for p in items} <= _ROTATIONS:
            ship = Ship(board, tuple(items))
            ship.__dict__.update(by_cell=cells, by_id=ids)  # the lookups, made on the way
            return ship
        cells, ids = {}, {}  # something is impossible: the first one found is named
        for p in items:
            if p.rotation not in _ROTATIONS:
                raise IllegalMove("GT-S9", f"tile #{p.id} has rotation {p.rotation}; a "
                                  "rotation is 0-3 clockwise quarter turns")
            cell, tile_id = (p.row, p.col), p.tile.id
            if cell in cells:
                raise IllegalMove("GT-S9", f"tile #{p.id} and tile #{cells[cell].id} are both "
                                  f"on row {p.row}, column {p.col}; one tile per square")
            if tile_id in ids:
                raise IllegalMove("GT-S9", f"tile #{p.id} is placed twice; each tile once")
            cells[cell] = p
            ids[tile_id] = p
        ship = Ship(board, tuple(items))
        ship.__dict__.update(by_cell=cells, by_id=ids)  # the lookups, made on the way
        return ship

    # -- looking things up ------------------------------------------------------------------
    @cached
    def by_cell(self) -> dict[Cell, Placement]:
        return {p.cell: p for p in self.placements}

    @cached
    def by_id(self) -> dict[int, Placement]:
        return {p.id: p for p in self.placements}

    def at(self, cell: Cell) -> Placement | None:
        return self.by_cell.get(cell)

    def __getitem__(self, tile_id: int) -> Placement:
        try:
            return self.by_id[tile_id]
        except KeyError:
            raise IllegalMove("GT-S9", f"tile #{tile_id} is not on this ship; tiles on it: "
                              f"{', '.join(str(i) for i in sorted(self.by_id))}") from None

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.by_id

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __len__(self) -> int:
        return len(self.placements)

    @cached
    def ids(self) -> frozenset[int]:
        return frozenset(self.by_id)

    @cached
    def pilot(self) -> Placement | None:
        for p in self.placements:
            if p.kind is _PILOT:
                return p
        return None

    def of_kind(self, *kinds: Kind) -> tuple[Placement, ...]:
        """The tiles of these kinds, in square order (remembered per ship: the flight asks
        for the same kinds at every card)."""
        memo = self._kinds
        found = memo.get(kinds)
        if found is None:
            found = memo[kinds] = tuple([p for p in self.placements if p.kind in kinds])
        return found

    @cached
    def _kinds(self) -> dict[tuple[Kind, ...], tuple[Placement, ...]]:
        return {}

    @cached
    def impacts(self) -> dict[Any, Any]:
        """``hits.impact``'s memo: (threat, line) -> what it does to this ship."""
        return {}

    def beside(self, p: Placement, side: Side) -> Placement | None:
        dr, dc = DELTAS[side]
        return self.by_cell.get((p.row + dr, p.col + dc))

    # -- changing (new values) ----------------------------------------------------------------
    def adding(self, placement: Placement) -> Ship:
        return Ship.of(self.board, (*self.placements, placement))

    def without(self, tile_ids: Iterable[int]) -> Ship:
        gone = frozenset(tile_ids)
        missing = gone - self.ids
        if missing:
            raise IllegalMove("GT-S9", f"tile(s) {sorted(missing)} are not on this ship; tiles "
                              f"on it: {', '.join(str(i) for i in sorted(self.ids))}")
        return self._part(tuple(p for p in self.placements if p.id not in gone), gone)

    def keeping(self, tile_ids: Iterable[int]) -> Ship:
        keep = frozenset(tile_ids)
        placements = tuple(p for p in self.placements if p.id in keep)
        return self._part(placements, self.ids - keep)

    def _part(self, placements: tuple[Placement, ...], gone: frozenset[int]) -> Ship:
        """The ship less the ``gone`` tiles; the joins already worked out are carried over
        (losing tiles makes no new join), so a damaged ship does not work them out again."""
        part = Ship(self.board, placements)
        old = self.__dict__.get("links")
        if old is not None:
            part.__dict__["links"] = {
                p.id: (links - gone if not links.isdisjoint(gone) else links)
                for p in placements for links in (old[p.id],)}
        return part

    # -- how tiles hold together ----------------------------------------------------------
    def joined(self, p: Placement) -> Iterator[Placement]:
        """Neighbours held to ``p`` by a legal connector join."""
        cells, faces, row, col = self.by_cell, p.faces, p.row, p.col
        for side, (dr, dc) in enumerate(DELTAS):
            q = cells.get((row + dr, col + dc))
            if q is not None and joins(faces[side], q.faces[(side + 2) % 4]):
                yield q

    @cached
    def links(self) -> dict[int, frozenset[int]]:
        """Each tile's neighbours held to it by a legal join."""
        cells = self.by_cell
        out: dict[int, frozenset[int]] = {}
        smooth, universal = Connector.SMOOTH, Connector.UNIVERSAL
        for p in self.placements:
            faces, row, col = p.faces, p.row, p.col
            held = []
            for side, (dr, dc) in enumerate(DELTAS):
                q = cells.get((row + dr, col + dc))
                if q is None:
                    continue
                a, b = faces[side], q.faces[(side + 2) % 4]
                if a is not smooth and b is not smooth and (a is b or a is universal
                                                             or b is universal):
                    held.append(q.tile.id)
            out[p.tile.id] = frozenset(held)
        return out

    def piece_of(self, tile_id: int, removed: frozenset[int] = frozenset()) -> frozenset[int]:
        """Tiles held (through joins, avoiding ``removed``) to ``tile_id``."""
        seen = {tile_id}
        todo = [tile_id]
        while todo:
            for n in self.links[todo.pop()]:
                if n not in seen and n not in removed:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def pieces(self) -> tuple[frozenset[int], ...]:
        """The separate pieces: largest first, then by smallest tile id (worked out once a
        ship: a hit asks for them more than once)."""
        return self._pieces

    @cached
    def _pieces(self) -> tuple[frozenset[int], ...]:
        left = set(self.ids)
        out: list[frozenset[int]] = []
        while left:
            piece = self.piece_of(min(left))
            out.append(piece)
            left -= piece
        return tuple(sorted(out, key=lambda s: (-len(s), min(s))))

    # -- counts the flight needs ------------------------------------------------------------
    def exposed(self) -> tuple[tuple[int, Side], ...]:
        """Connectors with no tile beside them (holes inside the ship count too)."""
        return self._exposed

    @cached
    def _exposed(self) -> tuple[tuple[int, Side], ...]:
        cells, smooth = self.by_cell, Connector.SMOOTH
        out = []
        for p in self.placements:
            faces, row, col = p.faces, p.row, p.col
            for side in SIDES:
                dr, dc = DELTAS[side]
                if faces[side] is not smooth and (row + dr, col + dc) not in cells:
                    out.append((p.id, side))
        return tuple(out)

    @property
    def exposed_connectors(self) -> int:
        return len(self._exposed)

    def capacity(self, *kinds: Kind) -> int:
        return sum(p.tile.capacity for p in self.placements if p.kind in kinds)

    @property
    def battery_cells(self) -> int:
        return self.capacity(Kind.BATTERY)

    @property
    def containers(self) -> int:
        """Ordinary cargo containers (any goods but red)."""
        return self.capacity(Kind.CARGO)

    @property
    def special_containers(self) -> int:
        """Reinforced containers (any goods, red included)."""
        return self.capacity(Kind.SPECIAL_CARGO)

    def shields(self) -> frozenset[Side]:
        """The sides some shield generator covers."""
        out: set[Side] = set()
        for p in self.placements:
            out |= p.shielded
        return frozenset(out)

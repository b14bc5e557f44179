"""The spot check: what is wrong with a ship (GT-S1..GT-S8) and how it may be repaired (GT-R1).

Each violation names its rule, its tile, the side concerned and the tiles of which at least one
must go for the mistake to disappear.  Removing tiles never creates a new mistake (a tile left
hanging falls off and is lost), so a repair works exactly when every violation loses a tile.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from pnp.engine.errors import IllegalMove, legal_hint
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector


@dataclass(frozen=True)
class Violation:
    rule: str
    tile: int
    side: Side | None
    message: str
    tiles: frozenset[int]  # at least one of these must go to fix it
    other: int | None = None  # the second tile of a two-tile mistake

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


def _pair(rule: str, p: Placement, side: Side, q: Placement, text: str) -> Violation:
    return Violation(rule, p.id, side, f"{p.describe()}: {text} on its {side.word} side "
                     f"(against #{q.id}); remove #{p.id} or #{q.id}, or turn one of them",
                     frozenset({p.id, q.id}), q.id)


def check(ship: Ship) -> list[Violation]:
    """Every building mistake on the ship, in square order, each with tile, side and rule."""
    out: list[Violation] = []
    board = ship.board
    pilot = ship.pilot
    if pilot is not None and pilot.cell != board.start:
        out.append(Violation("GT-S8", pilot.id, None, f"{pilot.describe()}: the pilot cabin "
                             f"belongs on row {board.start[0]}, column {board.start[1]}",
                             frozenset({pilot.id})))
    cells, squares = ship.by_cell, board.cells
    smooth, simple, double = Connector.SMOOTH, Connector.SIMPLE, Connector.DOUBLE
    east, south = Side.E, Side.S
    # the joins (``Ship.links``) fall out of the same look at each touching pair
    held: dict[int, list[int]] | None = (None if "links" in ship.__dict__
                                         else {p.id: [] for p in ship.placements})
    for p in ship:
        row, col = cell = p.row, p.col
        if cell not in squares:
            out.append(Violation("GT-S6", p.id, None, f"{p.describe()}: not a square of board "
                                 f"{board.name}; remove it", frozenset({p.id})))
        # each touching pair once: the square to the right (E) and the one behind (S)
        for side, q in ((east, cells.get((row, col + 1))), (south, cells.get((row + 1, col)))):
            if q is None:
                continue
            a, b = p.faces[side], q.faces[side - 2]  # side - 2: the opposite side (W, N)
            if a is b:
                if held is not None and a is not smooth:
                    held[p.id].append(q.id)
                    held[q.id].append(p.id)
                continue
            if a is smooth:
                out.append(_pair("GT-S2", q, side.opposite, p, f"{b.word} connector against the "
                                 f"smooth side of #{p.id}"))
            elif b is smooth:
                out.append(_pair("GT-S2", p, side, q, f"{a.word} connector against the smooth "
                                 f"side of #{q.id}"))
            elif (a is simple and b is double) or (a is double and b is simple):
                out.append(_pair("GT-S1", p, side, q, f"{a.word} connector against a {b.word} "
                                 "one"))
            elif held is not None:  # different, neither smooth, one universal: they join
                held[p.id].append(q.id)
                held[q.id].append(p.id)
        exhaust = p.exhaust
        if exhaust is not None:
            if exhaust is not Side.S:
                out.append(Violation("GT-S3", p.id, exhaust, f"{p.describe()}: the exhaust "
                                     f"points {exhaust.word}; it must point to the rear "
                                     "(rotation 0)", frozenset({p.id})))
            behind = ship.at(p.neighbour(exhaust))
            if behind is not None:
                out.append(Violation("GT-S4", p.id, exhaust, f"{p.describe()}: "
                                     f"{behind.describe()} blocks the exhaust; remove one of "
                                     "them", frozenset({p.id, behind.id}), behind.id))
        barrel = p.barrel
        if barrel is not None:
            ahead = ship.at(p.neighbour(barrel))
            if ahead is not None:
                out.append(Violation("GT-S5", p.id, barrel, f"{p.describe()}: "
                                     f"{ahead.describe()} sits in front of the barrel "
                                     f"({barrel.word}); remove one of them",
                                     frozenset({p.id, ahead.id}), ahead.id))
    if held is not None:
        ship.__dict__["links"] = {i: frozenset(ns) for i, ns in held.items()}
    if len(ship):
        start = pilot.id if pilot is not None else min(ship.pieces()[0])
        root = _touching(ship, start, [v for v in out if v.rule in ("GT-S1", "GT-S2")])
        for p in ship:
            if p.id not in root:
                out.append(Violation("GT-S7", p.id, None, f"{p.describe()}: not held by "
                                     "connectors to the rest of the ship; it is lost",
                                     frozenset({p.id})))
    return out


def _touching(ship: Ship, start: int, mismatches: list[Violation]) -> frozenset[int]:
    """Tiles held to ``start``, counting a flagged mismatch as holding.

    A tile that meets the ship only through a wrong connector is already reported (GT-S1,
    GT-S2); reporting it a second time as loose would count one mistake twice.
    """
    extra: dict[int, set[int]] = {}
    for v in mismatches:
        a, b = sorted(v.tiles)
        extra.setdefault(a, set()).add(b)
        extra.setdefault(b, set()).add(a)
    seen = {start}
    todo = [start]
    while todo:
        at = todo.pop()
        for n in (ship.links[at] | extra[at]) if at in extra else ship.links[at]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def is_legal(ship: Ship) -> bool:
    return not check(ship)


@dataclass(frozen=True)
class Repair:
    """A spot-check repair: tiles the player removed, tiles that fell off with them."""

    ship: Ship
    removed: frozenset[int]
    fallen: frozenset[int]

    @property
    def lost(self) -> int:
        """Components lost along the way (each costs a credit at the end, GT-6)."""
        return len(self.removed) + len(self.fallen)

    @property
    def notation(self) -> str:
        return " ".join(f"-{i}" for i in sorted(self.removed)) or "-"


def _pilot_id(ship: Ship) -> int:
    pilot = ship.pilot
    if pilot is None:
        raise IllegalMove("GT-R1", "a ship without its pilot cabin cannot be spot-checked; "
                          "add the pilot cabin on the starting square")
    if pilot.cell != ship.board.start:
        raise IllegalMove("GT-S8", f"{pilot.describe()}: the pilot cabin belongs on the "
                          "starting square; no removal can fix that")
    return pilot.id


def remove(ship: Ship, removed: Iterable[int]) -> Repair:
    """Take ``removed`` off; whatever no longer holds to the pilot cabin falls off too."""
    pilot = _pilot_id(ship)
    gone = frozenset(removed)
    if pilot in gone:
        raise IllegalMove("GT-R1", f"the pilot cabin #{pilot} stays on the ship; remove other "
                          "tiles")
    result = ship.without(gone)
    kept = result.piece_of(pilot)
    return Repair(result.keeping(kept), gone, result.ids - kept)


def repair(ship: Ship, removed: Iterable[int]) -> Repair:
    """The player's chosen removals; refused (GT-R1) when the ship is still not legal, or when
    nothing is removed (the text: "remove one or more components")."""
    done = remove(ship, removed)
    if not done.removed:
        raise IllegalMove("GT-R1", "a repair removes one or more tiles",
                          lambda: _repair_notations(ship) if check(ship) else [], hint=True)
    left = check(done.ship)
    if left:
        raise IllegalMove("GT-R1", f"after removing {done.notation} the ship still breaks the "
                          f"rules: {'; '.join(str(v) for v in left)}",
                          lambda: _repair_notations(ship))
    return done


def _repair_notations(ship: Ship) -> list[str]:
    """The repair options as written in a log (a refusal's legal list)."""
    return [r.notation for r in repair_options(ship)]


@dataclass(frozen=True)
class RepairSearch:
    """Repair options found, and whether the list is every minimal option (see GT-B4)."""

    options: tuple[Repair, ...]
    complete: bool


SEARCH_BUDGET = 4000  # removal sets examined; a few hundredths of a second per thousand


def repair_options(ship: Ship, max_removals: int | None = None,
                   budget: int = SEARCH_BUDGET) -> tuple[Repair, ...]:
    """The minimal removal choices, fewest lost components first (``find_repairs``)."""
    return find_repairs(ship, max_removals, budget).options


def find_repairs(ship: Ship, max_removals: int | None = None,
                 budget: int = SEARCH_BUDGET) -> RepairSearch:
    """Minimal removal choices: no chosen tile superfluous, never the pilot cabin (GT-R1).

    Exact for choices of up to ``max_removals`` tiles (default: the number of mistakes, which
    always admits one option: one tile off per mistake) while the search stays within
    ``budget`` removal sets; smaller choices are found first.  A ship with many mistakes can
    have thousands of minimal choices: past the budget the search stops (``complete`` is
    False) and, if it found nothing yet, returns one minimal choice built greedily.
    Search: a working choice must take a tile off some shortest path from each unresolved
    mistake's tiles to the pilot cabin, so branching over those paths finds every minimal one.
    """
    pilot = _pilot_id(ship)
    mistakes = [v for v in check(ship) if v.rule != "GT-S7"]  # hanging tiles fall anyway
    limit = len(mistakes) if max_removals is None else max_removals
    found: list[frozenset[int]] = []
    seen: set[frozenset[int]] = set()
    spent = 0

    def open_mistakes(chosen: frozenset[int]) -> list[Violation]:
        kept = ship.piece_of(pilot, chosen)
        return [v for v in mistakes if v.tiles <= kept]

    def path(start: int, chosen: frozenset[int]) -> list[int]:
        prev: dict[int, int | None] = {start: None}
        todo = deque([start])
        while todo:
            at = todo.popleft()
            if at == pilot:
                break
            for n in sorted(ship.links[at]):
                if n not in prev and n not in chosen:
                    prev[n] = at
                    todo.append(n)
        out: list[int] = []
        step: int | None = pilot
        while step is not None:
            out.append(step)
            step = prev[step]
        return out

    class OutOfBudget(Exception):
        pass

    def search(chosen: frozenset[int], size: int) -> None:
        nonlocal spent
        if chosen in seen or any(f <= chosen for f in found):
            return
        spent += 1
        if spent > budget:
            raise OutOfBudget
        seen.add(chosen)
        left = open_mistakes(chosen)
        if not left:
            found.append(chosen)
            return
        if len(chosen) >= size:
            return
        branch: set[int] = set()
        for t in left[0].tiles:
            branch.update(path(t, chosen))
        branch.discard(pilot)
        for u in sorted(branch):
            search(chosen | {u}, size)

    complete = True
    try:
        for size in range(limit + 1):
            seen.clear()
            search(frozenset(), size)
    except OutOfBudget:
        complete = False
    if not found:
        found.append(_greedy(ship, pilot, open_mistakes))
    if frozenset() in found:
        # Only tiles that are not held are wrong: they fall off, but a repair removes one or
        # more tiles (GT-R1), so the choices are one of those tiles each.
        loose = ship.ids - ship.piece_of(pilot)
        found = [frozenset({i}) for i in sorted(loose)] or found
    repairs = [remove(ship, r) for r in found]
    ordered = sorted(repairs, key=lambda r: (r.lost, len(r.removed), sorted(r.removed)))
    return RepairSearch(tuple(ordered), complete)


def _greedy(ship: Ship, pilot: int,
            open_mistakes: Callable[[frozenset[int]], list[Violation]]) -> frozenset[int]:
    """One minimal choice: a tile off each open mistake, then drop the ones not needed.

    Working is monotone (removing more never brings a mistake back), so one pass of dropping
    leaves every remaining tile necessary.
    """
    chosen: frozenset[int] = frozenset()
    while left := open_mistakes(chosen):
        chosen |= {max(left[0].tiles - {pilot})}
    for tile in sorted(chosen):
        if not open_mistakes(chosen - {tile}):
            chosen -= {tile}
    return chosen


def explain(violations: Iterable[Violation]) -> str:
    lines = [str(v) for v in violations]
    return "\n".join(lines) if lines else "the ship is legal"


def refuse_if_illegal(ship: Ship) -> None:
    """Raise the first violation as an IllegalMove (with the repair options as legal)."""
    found = check(ship)
    if found:
        first = found[0]

        @cache
        def options() -> list[str]:
            return _repair_notations(ship) if ship.pilot else []
        raise IllegalMove(first.rule, lambda: f"{first.message} ({legal_hint(options())})",
                          options)

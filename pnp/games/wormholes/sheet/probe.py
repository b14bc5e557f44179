"""A record checked again with a few fields changed, from the turn the change touches.

The photo reader (``pnp.sheetread.settle``) checks one page hundreds of times, each time with
one or two fields read another way, and a record's check follows the ships turn by turn
(3-9 ms a page).  What the checker reads on a turn row is that row's fields and what it knows
of the table (ships, lost turns, wormhole values, the winner: ``check.Checker.row``), so a
change on turn n leaves every line before it as it was; and once the table is back where the
unchanged record had it at the start of a later turn, every line from there on is the same
too.  ``Probe`` checks the record once, keeping the table at the start of each turn, then
checks a change from its first turn until the table meets the unchanged run again, and
takes the rest of the report from that run.  A change anywhere else (players, layout, result,
page number) is checked whole.  The report is the one ``check_sheet`` gives, line for line
(tests/games/test_wormholes_sheet_probe.py compares them on played records).

>>> from pnp.games.wormholes.sheet.check import check_sheet
>>> fields = {"t1_side": "O", "t1_dice": "S3 M2", "t2_side": "D", "t3_side": "D"}
>>> probe = Probe(fields)
>>> probe.check({"t3_side": "O"}) == check_sheet({**fields, "t3_side": "O"})
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.sheetspec import Line
from pnp.games.wormholes.board import Cell, Suit
from pnp.games.wormholes.sheet.check import Checker, check_flat, check_pages, check_sheet
from pnp.games.wormholes.sheet.fields import (
    GAME_ID,
    PAGE_ROWS,
    layout_fields,
    page_turns,
    rows_written,
    turn_of,
)
from pnp.games.wormholes.sheet.pages import (
    is_page_field,
    join_pages,
    numbered_pages,
    page_row,
    split_front,
)

Lines = list[dict[str, object]]
LAYOUT = frozenset(layout_fields())


class _Seen(dict[Cell, Suit]):
    """The wormholes' cells, remembering which cells a turn row asked about (the base run
    only: a change of the layout then re-checks the rows that asked about a cell it moved)."""

    def __init__(self, coins: Mapping[Cell, Suit]) -> None:
        super().__init__(coins)
        self.asked: set[Cell] = set()

    def get(self, cell: Cell, default: Suit | None = None) -> Suit | None:  # type: ignore[override]
        self.asked.add(cell)
        return super().get(cell, default)

    def __contains__(self, cell: object) -> bool:
        self.asked.add(cell)  # type: ignore[arg-type]
        return super().__contains__(cell)


class _Over:
    """The record's fields with a few changed, without copying the others."""

    __slots__ = ("base", "changes")

    def __init__(self, base: Mapping[str, str], changes: Mapping[str, str]) -> None:
        self.base, self.changes = base, changes

    def get(self, name: str, default: str = "") -> str:
        value = self.changes.get(name)
        return self.base.get(name, default) if value is None else value


@dataclass(frozen=True)
class _At:
    """What the checker knew at the start of a turn row, and how many lines it had written."""

    pos: tuple[tuple[Suit, Cell | None], ...]
    lost: tuple[tuple[Suit, bool | None], ...]
    values: frozenset[tuple[Cell, int]]
    winner: int | None
    win_turn: int
    turns: int
    prev: int | None
    blank: int | None
    lines: int

    @classmethod
    def of(cls, checker: Checker, prev: int | None, blank: int | None) -> _At:
        t = checker.t
        return cls(tuple(t.pos.items()), tuple(t.lost.items()), frozenset(t.values.items()),
                   checker.winner, checker.win_turn, checker.turns, prev, blank,
                   len(checker.lines))

    def same(self, other: _At) -> bool:
        """The same table (the lines written so far may differ)."""
        return (self.pos, self.lost, self.values, self.winner, self.win_turn, self.turns,
                self.prev, self.blank) == (other.pos, other.lost, other.values, other.winner,
                                           other.win_turn, other.turns, other.prev, other.blank)

    def restore(self, checker: Checker) -> None:
        t = checker.t
        t.pos, t.lost, t.values = dict(self.pos), dict(self.lost), dict(self.values)
        checker.winner, checker.win_turn, checker.turns = self.winner, self.win_turn, self.turns


Piece = tuple[int, int] | list[Line]
"""A stretch of a changed record's report: the unchanged run's lines ``[a, b)``, or lines of
its own."""


class FlatProbe:
    """A record by turn number (``check_flat``'s fields), checked once; then with changes.

    A turn row reads its own fields and the table (``check.Checker.row``), and of the
    wormholes' layout only the cells it asks about.  So with a few fields changed, a row is
    the unchanged run's again when none of its fields changed, the table at its start is the
    same, and the layout still puts the same coins on every cell it asked about: only the
    other rows are checked again (a changed row, the rows after it until the table meets the
    unchanged run's, and, when a wormhole's cell changed, the rows that asked about either
    cell)."""

    def __init__(self, fields: Mapping[str, str], problems: list[Line] | None = None) -> None:
        self.fields = dict(fields)
        self.problems = list(problems or [])
        base = Checker(self.fields)
        seen = base.t.coins = _Seen({})
        base.layout()
        self.layout_lines = len(base.lines)
        self.at: dict[int, _At] = {}
        self.asked: dict[int, frozenset[Cell]] = {}
        self.top = rows_written(base.f)
        prev: int | None = None
        blank: int | None = None
        for n in range(1, self.top + 1):
            self.at[n] = _At.of(base, prev, blank)
            seen.asked = set()
            prev, blank = base.row(n, prev, blank)
            self.asked[n] = frozenset(seen.asked)
        self.at[self.top + 1] = _At.of(base, prev, blank)
        base.t.coins = dict(seen)
        self.coins = base.t.coins
        self.totals = base.totals()
        self.base = base
        self.lines: Lines = [line.to_json() for line in base.lines]
        self.wrong_at = [(i, line.field) for i, line in enumerate(base.lines) if not line.ok]
        self.head = [line.to_json() for line in self.problems]
        self.head_wrong = frozenset(line.field for line in self.problems if not line.ok)

    def _run(self, changes: Mapping[str, str]
             ) -> tuple[list[Piece], dict[str, str], int] | None:
        """The changed record's report as pieces, its totals and its last turn; None when a
        change is one the rows do not read (players, result: checked whole)."""
        turns = set()
        for name in changes:
            turn = turn_of(name)
            if turn:
                turns.add(turn)
            elif name not in LAYOUT:
                return None
        checker = Checker({})
        checker.f = _Over(self.base.f, {k: str(v) for k, v in changes.items()})  # type: ignore[assignment]
        checker.names, checker.two = self.base.names, self.base.two  # not turn fields
        pieces: list[Piece] = []
        must = set(turns)
        if any(name in LAYOUT for name in changes):
            checker.layout()
            if checker.t.layout_known != self.base.t.layout_known:
                return None
            moved = {c for c in self.coins.keys() | checker.t.coins.keys()
                     if self.coins.get(c) != checker.t.coins.get(c)}
            must |= {n for n, cells in self.asked.items() if cells & moved}
            pieces.append(checker.lines)
            checker.lines = []
        else:
            checker.t.coins, checker.t.layout_known = self.coins, self.base.t.layout_known
            pieces.append((0, self.layout_lines))
        last = max(turns, default=0)
        top = rows_written({**self.fields, **changes}) if last >= self.top else self.top
        order = sorted(must)
        n, k = 1, 0  # the next row, the next row that must be checked again (``order[k]``)
        synced = True  # the table is the unchanged run's at the start of row ``n``
        self.at[1].restore(checker)
        prev, blank = self.at[1].prev, self.at[1].blank
        while n <= top:
            if synced and n <= self.top:
                while k < len(order) and order[k] < n:
                    k += 1
                stop = min(order[k] if k < len(order) else top + 1, top + 1, self.top + 1)
                if stop > n:  # rows n .. stop-1 are the unchanged run's
                    if checker.lines:
                        pieces.append(checker.lines)
                        checker.lines = []
                    pieces.append((self.at[n].lines, self.at[stop].lines))
                    at = self.at[stop]
                    at.restore(checker)
                    prev, blank, n = at.prev, at.blank, stop
                    continue
            prev, blank = checker.row(n, prev, blank)
            n += 1
            synced = n <= self.top + 1 and _At.of(checker, prev, blank).same(self.at[n])
        if checker.lines:
            pieces.append(checker.lines)
            checker.lines = []
        if synced and top == self.top:
            pieces.append((self.at[top + 1].lines, len(self.lines)))
            return pieces, self.totals, self.base.turns
        totals = checker.totals()
        pieces.append(checker.lines)
        return pieces, totals, checker.turns

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_flat`` of the fields with ``changes`` (by turn number)."""
        run = self._run(changes) if changes else None
        if run is None:
            return check_flat({**self.fields, **changes}, self.problems)
        pieces, totals, turns = run
        lines = list(self.head)
        for piece in pieces:
            if isinstance(piece, tuple):
                lines += self.lines[piece[0]:piece[1]]
            else:
                lines += [line.to_json() for line in piece]
        return {
            "ok": all(line["ok"] for line in lines) and len(lines) > len(self.head),
            "game": GAME_ID,
            "turns": turns,
            "lines": lines,
            "totals": totals,
        }

    def wrong(self, changes: Mapping[str, str]) -> frozenset[str]:
        """The fields of ``check``'s wrong lines, without making its report."""
        run = self._run(changes) if changes else None
        if run is None:
            return _bad(check_flat({**self.fields, **changes}, self.problems))
        out = set(self.head_wrong)
        for piece in run[0]:
            if isinstance(piece, tuple):
                a, b = piece
                i = bisect_left(self.wrong_at, (a, ""))
                while i < len(self.wrong_at) and self.wrong_at[i][0] < b:
                    out.add(self.wrong_at[i][1])
                    i += 1
            else:
                out.update(line.field for line in piece if not line.ok)
        return frozenset(out)


class Probe:
    """``check_sheet`` of a page's fields (the front page, or a front and one continuation
    page, as the kit's form has them), checked once; then ``check`` with a few changed."""

    def __init__(self, fields: Mapping[str, str]) -> None:
        self.fields = dict(fields)
        front, more = split_front(self.fields)
        self.more = more is not None
        self.written = sum(bool(str(v).strip()) for v in (more or {}).values())
        if more is None:
            self.flat = FlatProbe(self.fields)
            self.first = 0
            self.pages: list[int] = []
        else:
            flat, problems, self.pages = join_pages([front, more])
            self.flat = FlatProbe(flat, problems)
            self.first = page_turns(self.pages[-1]).start

    def _flat_name(self, name: str) -> str | None:
        """The changed field's name in the record by turn number (None: check it whole)."""
        row = page_row(name)
        if not self.more:
            return name if not is_page_field(name) else None
        if row is None or not 1 <= row[0] <= PAGE_ROWS:
            return None  # the page number, the seed, the players ...
        return f"t{self.first + row[0] - 1}_{row[1]}"

    def _flat(self, changes: Mapping[str, str]) -> dict[str, str] | None:
        """The changes by turn number; None when the page is checked whole."""
        flat: dict[str, str] = {}
        written = self.written
        for name, value in changes.items():
            to = self._flat_name(name)
            if to is None:
                return None
            written += bool(str(value).strip()) - bool(str(self.fields.get(name, "")).strip())
            flat[to] = value
        if self.more and not written:  # the continuation page now reads blank
            return None
        return flat

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_sheet`` of the fields with ``changes``."""
        flat = self._flat(changes)
        if flat is None:
            return check_sheet({**self.fields, **changes})
        report = self.flat.check(flat)
        return {**report, "pages": self.pages} if self.more else report

    def wrong(self, changes: Mapping[str, str]) -> frozenset[str]:
        """The fields of ``check``'s wrong lines (``SheetSpec.wrong_prober``)."""
        flat = self._flat(changes)
        if flat is None:
            return _bad(check_sheet({**self.fields, **changes}))
        return self.flat.wrong(flat)


class PagesProbe:
    """``check_pages`` of a record's pages, checked once; then ``check`` with a few fields of
    page ``index`` changed (the page a photo of the record is being settled on)."""

    def __init__(self, pages: Sequence[Mapping[str, str]], index: int) -> None:
        self.pages = [dict(page) for page in pages]
        self.index = index
        flat, problems, self.numbers, each = numbered_pages(self.pages)
        self.number = each[index]
        self.flat = FlatProbe(flat, problems)

    def _flat_name(self, name: str) -> str | None:
        if self.number is None:
            return None  # a page given twice: checked whole
        if self.number == 1:  # the front page, first in page order: its turns as named
            return name if (turn_of(name) or name in LAYOUT) and self.index == 0 \
                else None
        row = page_row(name)
        if row is None or not 1 <= row[0] <= PAGE_ROWS:
            return None
        return f"t{page_turns(self.number).start + row[0] - 1}_{row[1]}"

    def _flat(self, changes: Mapping[str, str]) -> dict[str, str] | None:
        flat: dict[str, str] = {}
        for name, value in changes.items():
            to = self._flat_name(name)
            if to is None:
                return None
            flat[to] = value
        return flat

    def _whole(self, changes: Mapping[str, str]) -> dict[str, object]:
        pages = list(self.pages)
        pages[self.index] = {**pages[self.index], **changes}
        return check_pages(pages)

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_pages`` of the pages with ``changes`` on page ``index``."""
        flat = self._flat(changes)
        if flat is None:
            return self._whole(changes)
        return {**self.flat.check(flat), "pages": self.numbers}

    def wrong(self, changes: Mapping[str, str]) -> frozenset[str]:
        """The fields of ``check``'s wrong lines."""
        flat = self._flat(changes)
        if flat is None:
            return _bad(self._whole(changes))
        return self.flat.wrong(flat)


__all__ = ["FlatProbe", "PagesProbe", "Probe"]


def _bad(report: Mapping[str, object]) -> frozenset[str]:
    """The fields of a report's wrong lines."""
    lines = report["lines"]
    assert isinstance(lines, list)
    return frozenset(str(line["field"]) for line in lines if not line["ok"])

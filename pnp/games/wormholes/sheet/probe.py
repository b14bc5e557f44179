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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.sheetspec import Line
from pnp.games.wormholes.board import Cell, Suit
from pnp.games.wormholes.sheet.check import Checker, check_flat, check_pages, check_sheet
from pnp.games.wormholes.sheet.fields import (
    GAME_ID,
    PAGE_ROWS,
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

    def restore(self, checker: Checker, base: Checker) -> None:
        t = checker.t
        t.pos, t.lost, t.values = dict(self.pos), dict(self.lost), dict(self.values)
        t.coins, t.layout_known = base.t.coins, base.t.layout_known  # set by the layout only
        checker.winner, checker.win_turn, checker.turns = self.winner, self.win_turn, self.turns


class FlatProbe:
    """A record by turn number (``check_flat``'s fields), checked once; then with changes."""

    def __init__(self, fields: Mapping[str, str], problems: list[Line] | None = None) -> None:
        self.fields = dict(fields)
        self.problems = list(problems or [])
        base = Checker(self.fields)
        base.layout()
        self.at: dict[int, _At] = {}
        self.top = rows_written(base.f)
        prev: int | None = None
        blank: int | None = None
        for n in range(1, self.top + 1):
            self.at[n] = _At.of(base, prev, blank)
            prev, blank = base.row(n, prev, blank)
        self.at[self.top + 1] = _At.of(base, prev, blank)
        self.totals = base.totals()
        self.base = base
        self.lines: Lines = [line.to_json() for line in base.lines]
        self.head = [line.to_json() for line in self.problems]

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_flat`` of the fields with ``changes`` (by turn number)."""
        turns = [turn_of(name) for name in changes]
        if not changes or 0 in turns:
            return check_flat({**self.fields, **changes}, self.problems)
        first, last = min(turns), max(turns)
        top = rows_written({**self.fields, **changes}) if last >= self.top else self.top
        if first > top + 1:
            first = top + 1
        start = self.at.get(first)
        if start is None:  # past the rows the unchanged record reads: from its end
            start, first = self.at[self.top + 1], self.top + 1
        checker = Checker({})
        checker.f = {**self.base.f, **{k: str(v) for k, v in changes.items()}}
        checker.names, checker.two = self.base.names, self.base.two  # not turn fields
        start.restore(checker, self.base)
        prev, blank = start.prev, start.blank
        tail: Lines | None = None
        for n in range(first, top + 1):
            if n > last and top == self.top and _At.of(checker, prev, blank).same(self.at[n]):
                tail = self.lines[self.at[n].lines:]
                break
            prev, blank = checker.row(n, prev, blank)
        if tail is None and top == self.top and \
                _At.of(checker, prev, blank).same(self.at[top + 1]):
            tail = self.lines[self.at[top + 1].lines:]
        if tail is None:
            totals = checker.totals()
            tail = []
        else:
            totals = self.totals
            checker.turns = self.base.turns
        ours = [line.to_json() for line in checker.lines]
        lines = [*self.head, *self.lines[:start.lines], *ours, *tail]
        return {
            "ok": all(line["ok"] for line in lines) and bool(start.lines + len(ours) + len(tail)),
            "game": GAME_ID,
            "turns": checker.turns,
            "lines": lines,
            "totals": totals,
        }


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

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_sheet`` of the fields with ``changes``."""
        flat: dict[str, str] = {}
        written = self.written
        for name, value in changes.items():
            to = self._flat_name(name)
            if to is None:
                return check_sheet({**self.fields, **changes})
            written += bool(str(value).strip()) - bool(str(self.fields.get(name, "")).strip())
            flat[to] = value
        if self.more and not written:  # the continuation page now reads blank
            return check_sheet({**self.fields, **changes})
        report = self.flat.check(flat)
        return {**report, "pages": self.pages} if self.more else report


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
            return name if turn_of(name) and self.index == 0 else None
        row = page_row(name)
        if row is None or not 1 <= row[0] <= PAGE_ROWS:
            return None
        return f"t{page_turns(self.number).start + row[0] - 1}_{row[1]}"

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        """``check_pages`` of the pages with ``changes`` on page ``index``."""
        flat: dict[str, str] = {}
        for name, value in changes.items():
            to = self._flat_name(name)
            if to is None:
                pages = list(self.pages)
                pages[self.index] = {**pages[self.index], **changes}
                return check_pages(pages)
            flat[to] = value
        return {**self.flat.check(flat), "pages": self.numbers}


__all__ = ["FlatProbe", "PagesProbe", "Probe"]

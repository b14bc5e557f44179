"""Checking a filled Weird Galaxy Trade Mission Worksheet.

The paper worksheet has one row per mission rolled: source tile, destination tile, the
city-block distance between them (the worksheet's layout version 3; older prints leave it
out), payoff and the Space Bucks collected when it was completed.  The checker reads tiles the
way players write them ("f4", "4 of Summer", "summer 4", "ace moons"), checks the two dice
could name them (WG-4: different suits), recomputes each distance and payoff (WG-5: the
payoff is half the distance, rounded up) and the total paid out.  Field names are the
AcroForm names a printed sheet should use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import Line
from pnp.games.weird_galaxy.data import POS_OF, RANKS, SUIT_NAMES, TILE_AT, manhattan, payoff
from pnp.games.weird_galaxy.state import State

ROWS = 40
COLUMNS = ("source", "dest", "dist", "payoff", "paid")
TOTAL_FIELDS = ("total_paid",)
_RANK_WORDS = {"null": 0, "n": 0, "0": 0, "ace": 1, "a": 1, "1": 1, "2": 2, "two": 2,
               "3": 3, "three": 3, "4": 4, "four": 4, "5": 5, "five": 5}
_SUIT_WORDS = {name.lower(): letter for letter, name in SUIT_NAMES.items()}
_SUIT_WORDS.update({name.lower().rstrip("s"): letter for letter, name in SUIT_NAMES.items()})
_MARKS = {"x", "✓", "✔", "yes", "y", "done", "/yes"}


def field_names() -> list[str]:
    names = ["seed"]
    for n in range(1, ROWS + 1):
        names += [f"m{n}_{c}" for c in COLUMNS]
    return [*names, *TOTAL_FIELDS]


def read_tile(text: str) -> tuple[str, int] | None:
    """(suit letter, rank) from 'f4', '4f', '4 of Summer', 'summer 4', 'Ace Moons'; else None."""
    t = text.strip().lower()
    m = re.fullmatch(r"([a-h])\s*([na0-5])|([na0-5])\s*([a-h])", t)
    if m:
        suit = m.group(1) or m.group(4)
        rank = m.group(2) or m.group(3)
        return suit, _RANK_WORDS[rank]
    words = [w for w in re.split(r"[\s,]+", t) if w and w != "of"]
    if len(words) != 2:
        return None
    for rank_word, suit_word in (words, words[::-1]):
        suit = _SUIT_WORDS.get(suit_word) or _SUIT_WORDS.get(suit_word.removesuffix("s"))
        if rank_word in _RANK_WORDS and suit is not None:
            return suit, _RANK_WORDS[rank_word]
    return None


def _int(text: str) -> int | None:
    t = text.strip().lstrip("$").strip()
    return int(t) if re.fullmatch(r"\d{1,4}", t) else None


def _name(tile: tuple[str, int]) -> str:
    return f"{tile[0]}{RANKS[tile[1]]}"


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every row; the report lists each checked field with what it should say."""
    f = {k: str(v) for k, v in fields.items() if v is not None}
    rows = [row for n in range(1, ROWS + 1) if (row := _row(f, n)) is not None]
    return _report(f, [line for lines, _paid in rows for line in lines],
                   sum(paid for _lines, paid in rows), len(rows))


Row = tuple[list[dict[str, object]], int] | None  # a mission row's lines and what it paid out


def _row(f: Mapping[str, str], n: int) -> Row:
    """Mission row ``n``'s lines and what it paid out; None for a blank row.  A row reads its
    own fields only (``Probe`` reads again just the rows a change is on)."""
    cells = {c: f.get(f"m{n}_{c}", "").strip() for c in COLUMNS}
    if not any(cells.values()):
        return None
    lines: list[Line] = []
    tiles: dict[str, tuple[str, int] | None] = {}
    for c in ("source", "dest"):
        tile = read_tile(cells[c])
        tiles[c] = tile
        lines.append(Line(f"m{n}_{c}", cells[c], _name(tile) if tile else "a tile",
                          tile is not None,
                          "" if tile else "not a tile: write suit and rank, e.g. f4 or "
                                          "'4 of Summer'"))
    src, dst = tiles["source"], tiles["dest"]
    paid_out = 0
    if src is not None and dst is not None and src[0] == dst[0]:
        lines.append(Line(f"m{n}_dest", cells["dest"], "another suit than the source",
                          False, "WG-4: the first die stays out of the bag, so source and "
                                 "destination never share a suit"))
    elif src is not None and dst is not None:
        pay = payoff(POS_OF[src], POS_OF[dst])
        if cells["dist"]:  # the worksheet's version 3 has the players write the distance
            far = manhattan(POS_OF[src], POS_OF[dst])
            ok = _int(cells["dist"]) == far
            lines.append(Line(f"m{n}_dist", cells["dist"], str(far), ok, "" if ok else
                              f"WG-5: the city-block distance from {_name(src)} to "
                              f"{_name(dst)} (rows plus columns, no diagonals)"))
        ok = _int(cells["payoff"]) == pay
        lines.append(Line(f"m{n}_payoff", cells["payoff"], str(pay), ok, "" if ok else
                          f"WG-5: half the city-block distance from {_name(src)} to "
                          f"{_name(dst)}, rounded up"))
        paid = cells["paid"]
        if paid:
            amount = pay if paid.lower() in _MARKS else _int(paid)
            ok = amount == pay
            lines.append(Line(f"m{n}_paid", paid, str(pay), ok, "" if ok else
                              "WG-5: a completed mission pays exactly its payoff"))
            paid_out = pay
    return [line.to_json() for line in lines], paid_out


def _report(f: Mapping[str, str], lines: list[dict[str, object]], total: int,
            rows: int) -> dict[str, object]:
    """The rows' lines, then the total paid's."""
    written = f.get("total_paid", "").strip()
    if written or rows:
        ok = _int(written) == total
        lines = [*lines, Line("total_paid", written, str(total), ok, "" if ok else
                              "the sum of the payoffs of the completed missions").to_json()]
    return {
        "ok": all(line["ok"] for line in lines),
        "game": "weird-galaxy",
        "missions": rows,
        "lines": lines,
        "totals": {"total_paid": str(total)},
    }


_ROW_FIELD = re.compile(r"m(\d{1,2})_[a-z]+")


class Probe:
    """``check_sheet`` of ``fields`` with a few changed, for the photo reader's many tries
    (``SheetSpec.prober``): only the rows the changes are on are read again.  ``wrong`` gives
    just the fields of the wrong lines (``SheetSpec.wrong_prober``), without the report.

    >>> fields = {"m1_source": "a1", "m1_dest": "b2", "m1_payoff": "1", "total_paid": "0"}
    >>> Probe(fields).check({"m1_payoff": "2"}) == check_sheet({**fields, "m1_payoff": "2"})
    True
    >>> sorted(Probe(fields).wrong({"m1_payoff": "2"}))
    ['m1_payoff']
    """

    def __init__(self, fields: Mapping[str, str]) -> None:
        self.f = {k: str(v) for k, v in fields.items() if v is not None}
        self.seen: dict[tuple[object, ...], tuple[Row, frozenset[str]]] = {}
        self.rows = {n: self._row(self.f, n) for n in range(1, ROWS + 1)}
        # the sheet's own sums, for ``wrong``: what its rows paid, how many are written, and
        # the rows with a wrong line
        self.paid = sum(row[1] for row, _bad in self.rows.values() if row is not None)
        self.count = sum(row is not None for row, _bad in self.rows.values())
        self.bad_rows = {n: bad for n, (_row, bad) in self.rows.items() if bad}

    def _row(self, f: Mapping[str, str], n: int) -> tuple[Row, frozenset[str]]:
        """Row ``n``'s lines and the fields of its wrong ones, remembered by what its cells
        say: the reader tries the same readings of a row again and again, each beside other
        rows' tries."""
        key = (n, *(f.get(f"m{n}_{c}", "") for c in COLUMNS))
        if key not in self.seen:
            row = _row(f, n)
            bad = frozenset() if row is None else frozenset(
                str(line["field"]) for line in row[0] if not line["ok"])
            self.seen[key] = (row, bad)
        return self.seen[key]

    def _changed(self, changes: Mapping[str, str]) -> tuple[dict[str, str],
                                                          dict[int, tuple[Row, frozenset[str]]]]:
        f = {**self.f, **{k: str(v) for k, v in changes.items()}}
        rows = dict(self.rows)
        for name in changes:
            m = _ROW_FIELD.fullmatch(name)
            if m is not None and 1 <= (n := int(m.group(1))) <= ROWS:
                rows[n] = self._row(f, n)
        return f, rows

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        f, rows = self._changed(changes)
        read = [row for n in range(1, ROWS + 1) if (row := rows[n][0]) is not None]
        return _report(f, [line for lines, _paid in read for line in lines],
                       sum(paid for _lines, paid in read), len(read))

    def wrong(self, changes: Mapping[str, str]) -> frozenset[str]:
        """The fields of ``check(changes)``'s wrong lines: only the changed rows are read
        again, the others' sums kept (the reader asks this thousands of times a photo)."""
        touched: set[int] = set()
        for name in changes:
            m = _ROW_FIELD.fullmatch(name)
            if m is not None and 1 <= (n := int(m.group(1))) <= ROWS:
                touched.add(n)
        bad: set[str] = set()
        for n, row_bad in self.bad_rows.items():
            if n not in touched:
                bad |= row_bad
        total, count = self.paid, self.count
        for n in touched:
            old, _old_bad = self.rows[n]
            cells = {f"m{n}_{c}": str(changes.get(f"m{n}_{c}", self.f.get(f"m{n}_{c}", "")))
                     for c in COLUMNS}
            row, row_bad = self._row(cells, n)
            bad |= row_bad
            total += (row[1] if row is not None else 0) - (old[1] if old is not None else 0)
            count += (row is not None) - (old is not None)
        written = str(changes.get("total_paid", self.f.get("total_paid", ""))).strip()
        if (written or count) and _int(written) != total:
            bad.add("total_paid")
        return frozenset(bad)


_BEARS = {"source": ("source", "dest", "dist", "payoff", "paid"),
          "dest": ("dest", "dist", "payoff", "paid"), "dist": ("dist",),
          "payoff": ("payoff",), "paid": ("paid",)}
"""The lines of its row each column's value can change (``_row``): the tiles decide every
line after them (the destination's line is also WG-4's), a number only its own."""


def bears_on(name: str) -> frozenset[str] | None:
    """The fields of the report lines ``name``'s value can change (``SheetSpec.bears_on``):
    a tile or the paid column its row's lines and the total paid (what a completed mission
    paid), the distance and payoff their own line; None for a field that is not the
    worksheet's.

    >>> sorted(bears_on("m3_dest")), sorted(bears_on("m3_dist")), bears_on("p1_name")
    (['m3_dest', 'm3_dist', 'm3_paid', 'm3_payoff', 'total_paid'], ['m3_dist'], None)
    """
    m = re.fullmatch(r"m(\d{1,2})_([a-z]+)", name)
    if m is not None and 1 <= int(m.group(1)) <= ROWS and m.group(2) in _BEARS:
        row = [f"m{m.group(1)}_{c}" for c in _BEARS[m.group(2)]]
        total = m.group(2) in ("source", "dest", "paid")
        return frozenset([*row, *(["total_paid"] if total else [])])
    if name in ("total_paid", "seed"):
        return frozenset({name} if name == "total_paid" else ())
    return None


def sheet_tile(pos: tuple[int, int]) -> str:
    """A tile as the printed worksheet has it written: its suit letter ticked and its rank
    as a digit (0 null, 1 ace), e.g. 'a0' for aN; ``read_tile`` reads both.

    >>> from pnp.games.weird_galaxy.data import POS_OF
    >>> sheet_tile(POS_OF[("a", 0)]), read_tile("a0") == read_tile("aN")
    ('a0', True)
    """
    suit, rank = TILE_AT[pos]
    return f"{suit}{rank}"


def worksheet_from_play(states: Sequence[State]) -> dict[str, str] | None:
    """The Trade Missions worksheet for a played game: every mission rolled, in order, from
    the last state (a game with more missions than the sheet's rows stops at the last row).
    None for an empty play.  (The ledger is ``ledger.fields_from_play``.)"""
    if not states:
        return None
    final = states[-1]
    fields: dict[str, str] = {}
    if final.seed is not None:
        fields["seed"] = str(final.seed)
    total = 0
    for row, mission in enumerate(final.missions[:ROWS], start=1):
        p = f"m{row}_"
        fields[p + "source"] = sheet_tile(mission.source)
        fields[p + "dest"] = sheet_tile(mission.dest)
        fields[p + "dist"] = str(manhattan(mission.source, mission.dest))
        fields[p + "payoff"] = str(mission.payoff)
        if mission.completed_by is not None:
            fields[p + "paid"] = str(mission.payoff)
            total += mission.payoff
    fields["total_paid"] = str(total)
    return fields

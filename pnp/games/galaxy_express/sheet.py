"""Checking a filled Galaxy Express record sheet.

The printed sheet has one row per turn (coin, speed, direction, scans, delivery, refuel) and a
score box.  The checker recomputes the speed column from the coins, checks each mark against
the rules it needs (speed 0 for deliveries and refuels, no coin twice between refuels), and
recomputes the totals and the rating.  Field names are shared with the printed AcroForm.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from pnp.engine.sheetspec import (
    Column,
    Field,
    FilledSheet,
    Layout,
    Line,
    Numbered,
    Prober,
    Section,
    SheetSpec,
)
from pnp.engine.steps import Played
from pnp.games.galaxy_express import events as ge
from pnp.games.galaxy_express.events import rank_value
from pnp.games.galaxy_express.rules import GalaxyExpress
from pnp.games.galaxy_express.scoring import rating_of, score_of

ROWS = 40
TOTAL_FIELDS = ("deliveries", "refuels", "coins_left", "score", "rating")
_COIN = re.compile(r"\s*([SsMm])\s*([0-5NnAa])\s*")
_MARKS = {"x", "X", "✓", "✔", "yes", "y", "1", "true", "on", "/Yes", "Yes"}


COLUMNS = ("coin", "speed", "dir", "scans", "deliver", "refuel")


def field_names() -> list[str]:
    names = ["seed"]
    for n in range(1, ROWS + 1):
        names += [f"t{n}_{c}" for c in COLUMNS]
    return [*names, *TOTAL_FIELDS]


def _marked(text: str) -> bool:
    return text.strip() in _MARKS


def _int(text: str) -> int | None:
    t = text.strip()
    return int(t) if re.fullmatch(r"-?\d{1,4}", t) else None


@dataclass(frozen=True)
class _Run:
    """What the checker knows at the start of a row: the speed, the marks counted so far,
    the coins played since the last refuel (``"S3"`` and the turn) and the last row written."""

    speed: int = 0
    deliveries: int = 0
    refuels: int = 0
    spent: tuple[tuple[str, int], ...] = ()
    last_row: int = 0


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every line; the report lists each checked field with what it should say."""
    f = {k: str(v) for k, v in fields.items() if v is not None}
    lines: list[dict[str, object]] = []
    run = _Run()
    for n in range(1, ROWS + 1):
        run, row = _turn(f, n, run)
        lines += row
    return _report(f, lines, run)


def _turn(f: Mapping[str, str], n: int, run: _Run) -> tuple[_Run, list[dict[str, object]]]:
    """Turn row ``n`` read after ``run``: what the checker knows after it, and its lines.  A
    row reads its own fields only (``Probe`` starts at the row a change is on)."""
    lines: list[Line] = []
    coin_text = f.get(f"t{n}_coin", "").strip()
    if not coin_text:
        if any(f.get(f"t{n}_{c}", "").strip() for c in ("speed", "dir", "deliver", "refuel")):
            lines.append(Line(f"t{n}_coin", "", "a coin", False,
                              "GE-4: every turn plays exactly one Sun or Moon coin"))
        return run, [line.to_json() for line in lines]
    m = _COIN.fullmatch(coin_text)
    if m is None:
        lines.append(Line(f"t{n}_coin", coin_text, "S0-S5 or M0-M5", False,
                          "not a coin: write S (thrust) or M (brake) and its rank"))
        return replace(run, last_row=n), [line.to_json() for line in lines]
    spent = dict(run.spent)
    deliveries, refuels = run.deliveries, run.refuels
    suit = m.group(1).upper()
    rank = m.group(2).upper()
    value = rank_value(rank)
    key = f"{suit}{value}"
    if key in spent:
        lines.append(Line(f"t{n}_coin", coin_text, "an unspent coin", False,
                          f"GE-4: {key} was already played on turn {spent[key]} and no "
                          "refuel has returned it since"))
    else:
        lines.append(Line(f"t{n}_coin", coin_text, key, True))
    spent[key] = n
    speed = max(0, min(10, run.speed + (value if suit == "S" else -value)))
    written = f.get(f"t{n}_speed", "").strip()
    lines.append(Line(f"t{n}_speed", written, str(speed), _int(written) == speed,
                      "" if _int(written) == speed else
                      f"GE-4: speed after {key} is {speed} (clamped to 0..10)"))
    direction = f.get(f"t{n}_dir", "").strip().upper()
    if speed == 0 and direction:
        lines.append(Line(f"t{n}_dir", direction, "", False,
                          "GE-4: at speed 0 the ship does not move"))
    elif speed > 0 and direction not in ("N", "E", "S", "W"):
        lines.append(Line(f"t{n}_dir", direction, "N, E, S or W", False,
                          f"GE-4: at speed {speed} the ship slides in one direction"))
    elif direction:
        lines.append(Line(f"t{n}_dir", direction, direction, True))
    if _marked(f.get(f"t{n}_deliver", "")):
        deliveries += 1
        ok = speed == 0
        lines.append(Line(f"t{n}_deliver", "x", "x" if ok else "", ok,
                          "" if ok else "GE-6: a delivery needs speed 0 on the planet"))
    if _marked(f.get(f"t{n}_refuel", "")):
        refuels += 1
        ok = speed == 0
        lines.append(Line(f"t{n}_refuel", "x", "x" if ok else "", ok,
                          "" if ok else "GE-7: refuelling needs speed 0 on a planet"))
        spent = {}  # GE-7: every coin comes back, this turn's included
    return (_Run(speed, deliveries, refuels, tuple(sorted(spent.items())), n),
            [line.to_json() for line in lines])


def _report(f: Mapping[str, str], rows: list[dict[str, object]],
            run: _Run) -> dict[str, object]:
    """The rows' lines, then the score box's, recomputed from what the rows leave."""
    lines: list[Line] = []
    deliveries, refuels = run.deliveries, run.refuels
    if deliveries > 6:
        lines.append(Line("deliveries", str(deliveries), "at most 6", False,
                          "GE-6: the queue holds six Crown coins"))
    coins_left = 12 - len(run.spent)
    score = score_of(min(deliveries, 6), refuels, coins_left)
    expected = {"deliveries": str(deliveries), "refuels": str(refuels),
                "coins_left": str(coins_left), "score": str(score), "rating": rating_of(score)}
    why = {"deliveries": "count of marked deliveries", "refuels": "count of marked refuels",
           "coins_left": "GE-10: 12 minus the coins played since the last refuel",
           "score": f"GE-10: 20 x {deliveries} - 10 x {refuels} + {coins_left}",
           "rating": f"GE-10: the rating for {score} points"}
    for name in TOTAL_FIELDS:
        written = f.get(name, "").strip()
        if name == "rating":
            ok = _norm(written) == _norm(expected[name])
        else:
            ok = _int(written) == int(expected[name])
        lines.append(Line(name, written, expected[name], ok, "" if ok else why[name]))
    out = [*rows, *(line.to_json() for line in lines)]
    return {
        "ok": all(line["ok"] for line in out),
        "game": "galaxy-express",
        "turns": run.last_row,
        "lines": out,
        "totals": expected,
    }


_TURN_FIELD = re.compile(r"t(\d{1,2})_[a-z]+")


class Probe:
    """``check_sheet`` of ``fields`` with a few changed, for the photo reader's many tries
    (``SheetSpec.prober``): the rows before the first change are as they were, and once the
    speed, the marks and the coins spent are back where the unchanged sheet had them, so are
    the rows after.

    >>> fields = {"t1_coin": "S3", "t1_speed": "3", "t2_coin": "M1", "t2_speed": "2"}
    >>> Probe(fields).check({"t1_speed": "8"}) == check_sheet({**fields, "t1_speed": "8"})
    True
    """

    def __init__(self, fields: Mapping[str, str]) -> None:
        self.f = {k: str(v) for k, v in fields.items() if v is not None}
        self.at: list[_Run] = []  # before each row (index n - 1), then after the last
        self.rows: list[list[dict[str, object]]] = []
        run = _Run()
        for n in range(1, ROWS + 1):
            self.at.append(run)
            run, row = _turn(self.f, n, run)
            self.rows.append(row)
        self.at.append(run)
        # past the last row written, a row the changes leave blank changes nothing
        self.written = max((n for n in range(1, ROWS + 1) if any(
            self.f.get(f"t{n}_{c}", "").strip() for c in COLUMNS)), default=0)

    def check(self, changes: Mapping[str, str]) -> dict[str, object]:
        f = {**self.f, **{k: str(v) for k, v in changes.items()}}
        turns = [int(m.group(1)) for name in changes if (m := _TURN_FIELD.fullmatch(name))
                 and 1 <= int(m.group(1)) <= ROWS]
        first = min(turns, default=ROWS + 1)
        last = max(turns, default=0)
        rows = self.rows[:first - 1]
        run = self.at[first - 1]
        n = first
        end = max(last, self.written)
        while n <= end:
            if n > last and run == self.at[n - 1]:
                rows += self.rows[n - 1:]
                run = self.at[ROWS]
                break
            run, row = _turn(f, n, run)
            rows.append(row)
            n += 1
        else:  # the rest are blank: no lines, the same run
            rows += [[] for _ in range(n, ROWS + 1)]
        return _report(f, [line for row in rows for line in row], run)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def fields_from_play(play: Played) -> dict[str, str]:
    """The record sheet a careful player writes for a played game: a row per coin played
    (speed after it, direction), the cells scanned that turn, the delivery and refuel marks,
    and the totals."""
    fields: dict[str, str] = {}
    if play.seed is not None:
        fields["seed"] = str(play.seed)
    row = 0
    for step in play.steps:
        event = step.event
        if isinstance(event, ge.Play):
            row += 1
            fields[f"t{row}_coin"] = f"{event.suit}{event.value}"
            fields[f"t{row}_speed"] = str(step.state.speed)
            fields[f"t{row}_dir"] = event.direction or ""
        elif isinstance(event, ge.Scan) and row:
            key = f"t{row}_scans"
            cell = ge.format_event(event)[1:]
            fields[key] = f"{fields[key]} {cell}" if fields.get(key) else cell
        elif isinstance(event, ge.Deliver) and row:
            fields[f"t{row}_deliver"] = "x"
        elif isinstance(event, ge.Refuel) and row:
            fields[f"t{row}_refuel"] = "x"
    summary = GalaxyExpress().summary(play.final)
    fields.update({k: str(summary[k]) for k in TOTAL_FIELDS})
    return fields


_HEADS = {"coin": ("Coin", "S3 / M0"), "speed": ("Speed", "0-10"), "dir": ("Dir", "N E S W"),
          "scans": ("Scans", "cells"), "deliver": ("Deliver", "x"), "refuel": ("Refuel", "x")}
_TOTALS = {"deliveries": "Deliveries", "refuels": "Refuels", "coins_left": "Coins left",
           "score": "Score", "rating": "Rating"}


class RecordSheet(SheetSpec):
    """The Galaxy Express record sheet: a row per turn and the score box."""

    title = "Record sheet"
    causal_rows = True
    """A turn row's lines read that row and the rows before it only (the photo reader's row
    search, ``pnp.sheetread.rows``, relies on it); the totals read them all."""

    def field_names(self) -> list[str]:
        return field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_sheet(fields)

    def prober(self, fields: Mapping[str, str]) -> Prober:
        """The check from the row a change is on (``Probe``)."""
        return Probe(fields).check

    def fields_from_play(self, play: Played) -> dict[str, str]:
        return fields_from_play(play)

    def layout(self) -> Layout:
        return Layout(
            head=(Field("seed", "Seed"),),
            rows=Numbered(ROWS, "Turn", "t{n}_{key}",
                          tuple(Column(*_HEADS[c], key=c) for c in COLUMNS)),
            totals=tuple(Field(k, _TOTALS[k]) for k in TOTAL_FIELDS))

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        turns = sum(isinstance(e, ge.Play) for e in play.events)
        rows = [[str(n)] + [fields.get(f"t{n}_{c}", "") for c in COLUMNS]
                for n in range(1, turns + 1)]
        return FilledSheet(self.title, [Section(
            "Turns", ["Turn", *[_HEADS[c][0] for c in COLUMNS]], rows,
            [(_TOTALS[k], fields[k]) for k in TOTAL_FIELDS])])


SHEET = RecordSheet()

"""Checking a filled Weird Galaxy Space Bucks ledger, alone or with the Trade Missions worksheet.

The printed ledger has one block per player (up to five): a name, the balance brought forward
(0 at the start of a game, WG-9), then one row per turn in which that player's Space Bucks
moved: the turn number, what the player earned (mission payoffs), received in station fees,
paid in station fees, spent (stations, spit shields, abandoned loads) and the new balance.  A
totals row closes each block.  The checker recomputes every balance from the row before it, so
one slip is pointed at once instead of making every later row wrong, and recomputes the totals
from the entries.  Across players the fees paid must equal the fees received (every fee goes
from one player to another); with the worksheet, the payoffs earned must equal the payoffs the
worksheet says were paid out.  Field names are the AcroForm names of the printed ledger.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import (
    FilledSheet,
    Line,
    Prober,
    Section,
    SheetSpec,
    WrongProber,
    numbered_rows,
)
from pnp.engine.steps import Played
from pnp.games.weird_galaxy import sheet
from pnp.games.weird_galaxy.state import State

PLAYERS = 5
ROWS = 36
ENTRIES = ("earned", "fees_in", "fees_out", "spent")
COLUMNS = ("turn", *ENTRIES, "balance")
TOTALS = (*ENTRIES, "balance")
HEAD = ("name", "start")
_SIGN = {"earned": 1, "fees_in": 1, "fees_out": -1, "spent": -1}
FEES_FIELD = "all_fees"
"""The report line that compares the fees paid and received over all players (no form field)."""
EARNED_FIELD = "all_earned"
"""The report line that compares the ledger's payoffs with the worksheet (no form field)."""


def row_field(player: int, row: int, column: str) -> str:
    return f"p{player}_r{row}_{column}"


def field_names() -> list[str]:
    names: list[str] = []
    for p in range(1, PLAYERS + 1):
        names += [f"p{p}_{h}" for h in HEAD]
        for n in range(1, ROWS + 1):
            names += [row_field(p, n, c) for c in COLUMNS]
        names += [f"p{p}_{t}" for t in TOTALS]
    return names


def all_field_names() -> list[str]:
    """The worksheet's fields and the ledger's: everything a printed kit's forms hold."""
    return [*sheet.field_names(), *field_names()]


def _amount(text: str) -> int | None:
    """A whole number of Space Bucks, 0 or more ('$3', '3', ' 3 '); None when unreadable."""
    t = text.strip().lstrip("$").strip()
    return int(t) if re.fullmatch(r"\d{1,4}", t) else None


def _check_player(p: int, f: Mapping[str, str], lines: list[Line]) -> dict[str, int] | None:
    """Check one block; its recomputed totals, or None when the block is empty."""
    mine = [k for k in f if k.startswith(f"p{p}_") and f[k].strip()]
    if not mine:
        return None
    who = f.get(f"p{p}_name", "").strip() or f"player {p}"
    start_text = f.get(f"p{p}_start", "").strip()
    start = 0 if not start_text else _amount(start_text)
    if start is None:
        lines.append(Line(f"p{p}_start", start_text, "a whole number of Space Bucks", False,
                          f"{who}: the balance brought forward is a whole number, 0 at the "
                          "start of a game (WG-9)"))
        start = 0
    sums = dict.fromkeys(ENTRIES, 0)
    balance = start  # the previous balance as written (or as it should be, if unreadable)
    last_turn: int | None = None
    for n in range(1, ROWS + 1):
        cells = {c: f.get(row_field(p, n, c), "").strip() for c in COLUMNS}
        if not any(cells.values()):
            continue
        turn = cells["turn"]
        if turn:
            value = _amount(turn)
            if value is None or value == 0 or (last_turn is not None and value < last_turn):
                least = 1 if last_turn is None else last_turn
                lines.append(Line(row_field(p, n, "turn"), turn, f"a turn number >= {least}",
                                  False, f"{who}: rows follow the game, so turn numbers never "
                                         "go down"))
            else:
                last_turn = value
        change = 0
        readable = True
        for c in ENTRIES:
            if not cells[c]:
                continue
            value = _amount(cells[c])
            if value is None:
                readable = False
                lines.append(Line(row_field(p, n, c), cells[c], "a whole number, 0 or more",
                                  False, f"{who}: write amounts as whole Space Bucks, without "
                                         "a sign (the column says which way they go)"))
                continue
            sums[c] += value
            change += _SIGN[c] * value
        expected = balance + change
        written = cells["balance"]
        got = _amount(written)
        field = row_field(p, n, "balance")
        if not readable:
            lines.append(Line(field, written, "?", False,
                              f"{who}: cannot recompute this balance until the row's amounts "
                              "are whole numbers"))
            balance = got if got is not None else balance
            continue
        if expected < 0:
            lines.append(Line(field, written, "0 or more", False,
                              f"{who}: {balance} + {_signed(cells)} leaves {expected}; nobody "
                              "can pay Space Bucks they do not have (WG-9, WG-T11), so an "
                              "income is missing or an amount is wrong"))
        else:
            ok = got == expected
            lines.append(Line(field, written, str(expected), ok, "" if ok else
                              f"{who}: the balance before ({balance}) {_signed(cells)}"))
        balance = got if got is not None else max(expected, 0)
    totals = {**sums, "balance": start + sum(_SIGN[c] * sums[c] for c in ENTRIES)}
    for c in TOTALS:
        field = f"p{p}_{c}"
        written = f.get(field, "").strip()
        ok = _amount(written) == totals[c]
        why = (f"{who}: the sum of the {c.replace('_', ' ')} column" if c != "balance" else
               f"{who}: brought forward {start} + earned + fees in - fees out - spent")
        lines.append(Line(field, written, str(totals[c]), ok, "" if ok else why))
    return totals


def _signed(cells: Mapping[str, str]) -> str:
    parts = []
    for c in ENTRIES:
        value = _amount(cells[c]) if cells[c] else None
        if value:
            parts.append(f"{'+' if _SIGN[c] > 0 else '-'} {value} {c.replace('_', ' ')}")
    return " ".join(parts) if parts else "with no change"


def check_ledger(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every balance and total of the ledger; lines like the worksheet checker's."""
    f = {k: str(v) for k, v in fields.items() if v is not None}
    lines: list[Line] = []
    players: dict[int, dict[str, int]] = {}
    for p in range(1, PLAYERS + 1):
        totals = _check_player(p, f, lines)
        if totals is not None:
            players[p] = totals
    if len(players) >= 2:
        paid = sum(t["fees_out"] for t in players.values())
        received = sum(t["fees_in"] for t in players.values())
        ok = paid == received
        lines.append(Line(FEES_FIELD, f"{received} received", f"{paid} received", ok,
                          "" if ok else
                          f"every station fee goes from one player to another (WG-9): the "
                          f"blocks record {paid} paid but {received} received; a fee is "
                          "missing on one side"))
    return {
        "ok": all(line.ok for line in lines),
        "game": "weird-galaxy",
        "players": len(players),
        "lines": [line.to_json() for line in lines],
        "totals": {f"p{p}_{c}": str(v) for p, t in players.items() for c, v in t.items()},
    }


def check_all(fields: Mapping[str, str]) -> dict[str, object]:
    """The worksheet and the ledger of one game together, with the payoffs compared."""
    work = sheet.check_sheet(fields)
    ledger = check_ledger(fields)
    raw_lines = [*_lines(work), *_lines(ledger)]
    work_totals = work.get("totals")
    paid_text = work_totals.get("total_paid") if isinstance(work_totals, dict) else None
    ledger_totals = ledger.get("totals")
    assert isinstance(ledger_totals, dict)
    earned = [int(v) for k, v in ledger_totals.items() if k.endswith("_earned")]
    if earned and work.get("missions") and paid_text is not None:
        paid = int(str(paid_text))
        ok = sum(earned) == paid
        raw_lines.append(Line(EARNED_FIELD, str(sum(earned)), str(paid), ok, "" if ok else
                              "the players' earned columns add up to what the worksheet's "
                              "completed missions paid (WG-5, WG-11)").to_json())
    return {
        "ok": all(bool(line["ok"]) for line in raw_lines),
        "game": "weird-galaxy",
        "missions": work.get("missions"),
        "players": ledger["players"],
        "lines": raw_lines,
        "totals": {**(work_totals if isinstance(work_totals, dict) else {}),
                   **ledger_totals},
    }


def _lines(report: Mapping[str, object]) -> list[dict[str, object]]:
    lines = report.get("lines")
    assert isinstance(lines, list)
    return [line for line in lines if isinstance(line, dict)]


def ledger_from_play(states: Sequence[State], names: Sequence[str]) -> dict[str, str] | None:
    """The Space Bucks ledger blocks, or None when a block needs more rows than printed."""
    first = states[0]
    if len(first.players) > PLAYERS:
        return None
    out: dict[str, str] = {}
    rows = [0] * len(first.players)
    for seat, player in enumerate(first.players):
        out[f"p{seat + 1}_name"] = names[seat] if seat < len(names) else player.name
        out[f"p{seat + 1}_start"] = str(player.balance)
    opening = first
    bounds = [i for i in range(1, len(states))
              if states[i].turn_number != states[i - 1].turn_number]
    for end in [*bounds, len(states) - 1]:
        closing = states[end]
        for seat, (was, now) in enumerate(zip(opening.players, closing.players, strict=True)):
            a, b = was.account, now.account
            moved = {"earned": b.earned - a.earned, "fees_in": b.fees_in - a.fees_in,
                     "fees_out": b.fees_out - a.fees_out,
                     "spent": (b.building + b.shields + b.forfeits)
                     - (a.building + a.shields + a.forfeits)}
            if not any(moved.values()):
                continue
            rows[seat] += 1
            if rows[seat] > ROWS:
                return None
            p, n = seat + 1, rows[seat]
            out[row_field(p, n, "turn")] = str(opening.turn_number)
            for column, amount in moved.items():
                if amount:
                    out[row_field(p, n, column)] = str(amount)
            out[row_field(p, n, "balance")] = str(now.balance)
        opening = closing
    for seat, player in enumerate(states[-1].players):
        a, p = player.account, seat + 1
        out[f"p{p}_earned"] = str(a.earned)
        out[f"p{p}_fees_in"] = str(a.fees_in)
        out[f"p{p}_fees_out"] = str(a.fees_out)
        out[f"p{p}_spent"] = str(a.building + a.shields + a.forfeits)
        out[f"p{p}_balance"] = str(a.balance)
    return out


def fields_from_play(states: Sequence[State], events: Sequence[object],
                     names: Sequence[str] = ()) -> dict[str, str] | None:
    """The worksheet and ledger a careful table writes for a played game (``states[i + 1]`` is
    ``events[i]`` applied to ``states[i]``; ``names`` label the ledger blocks).

    The worksheet takes every mission rolled (``sheet.worksheet_from_play``).  The ledger gets
    one row per turn in which a player's Space Bucks moved, read from the change of the
    engine's ``Account`` between the turn's first and last state; stations, spit shields and
    abandoned loads all go in the "spent" column.  When the worksheet or a ledger block would
    overflow its rows the ledger is left out (its payoffs could no longer match the
    worksheet): the worksheet alone is returned.  None for an empty play."""
    del events  # every entry is read from the engine's states
    fields = sheet.worksheet_from_play(states)
    if fields is None:
        return None
    ledger = ledger_from_play(states, names)
    if ledger is None or len(states[-1].missions) > sheet.ROWS:
        return fields
    return {**fields, **ledger}


_TOTAL_LABELS = (("Earned", "earned"), ("Fees in", "fees_in"), ("Fees out", "fees_out"),
                 ("Spent", "spent"), ("Balance", "balance"))


class KitSheets(SheetSpec):
    """The Trade Missions worksheet (the sheet the tracker's form mirrors) and, in a filled
    kit, the Space Bucks ledger checked with it."""

    title = "Weird Galaxy worksheet and ledger"

    def field_names(self) -> list[str]:
        return sheet.field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return sheet.check_sheet(fields)

    def prober(self, fields: Mapping[str, str]) -> Prober:
        """Only the rows a change is on read again (``sheet.Probe``)."""
        return sheet.Probe(fields).check

    def wrong_prober(self, fields: Mapping[str, str]) -> WrongProber:
        return sheet.Probe(fields).wrong

    def bears_on(self, name: str) -> frozenset[str] | None:
        """The worksheet's per-line equations (``sheet.bears_on``)."""
        return sheet.bears_on(name)

    def check_document(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_all(fields)

    def document_field_names(self) -> list[str]:
        return all_field_names()

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return fields_from_play(play.states, play.events, play.players)

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        f = fields
        missions = numbered_rows(f, "m{n}_", list(sheet.COLUMNS), sheet.ROWS)
        sections = [Section("Trade Missions worksheet",
                            ["Mission", "Source", "Destination", "Distance", "Payoff",
                             "Paid"], missions,
                            [("Total paid", f.get("total_paid", ""))])]
        for p in range(1, PLAYERS + 1):
            if f"p{p}_name" not in f:
                continue
            rows = numbered_rows(f, f"p{p}_r{{n}}_", list(COLUMNS), ROWS)
            sections.append(Section(
                f"Space Bucks ledger: {f[f'p{p}_name']}",
                ["Row", "Turn", "Earned", "Fees in", "Fees out", "Spent", "Balance"],
                [["start", "", "", "", "", "", f.get(f"p{p}_start", "")], *rows],
                [(label, f.get(f"p{p}_{c}", "")) for label, c in _TOTAL_LABELS]))
        note = "" if "p1_name" in f else ("The ledger is left empty: this game needs more "
                                          "rows than the printed sheet has.")
        return FilledSheet(self.title, sections, note)


SHEET = KitSheets()

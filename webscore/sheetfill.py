"""The score sheet a table's log fills in (for the result PDF), for every game.

``sheet_fields`` gives the printed sheet's fields (its AcroForm names) as a careful player would
have written them, so the same dictionary can be handed to ``pnp.sheets.check_sheet``: a
tracked game's sheet must check out.  Galaxy Express is written here from the log; the other
games replay the log into engine states and hand them to their sheet module's
``fields_from_play``.  ``filled_sheet`` lays the fields out as ruled tables for the PDF.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.games.galaxy_express import events as ge
from webscore.tracker import Snapshot, start_state

GE_COLUMNS = ("coin", "speed", "dir", "scans", "deliver", "refuel")


@dataclass
class Section:
    """One ruled table of the sheet: a header row, value rows, then totals on one line."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    totals: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class FilledSheet:
    title: str
    sections: list[Section]
    note: str = ""  # why some of the sheet stays empty


def galaxy_express_fields(snap: Snapshot) -> tuple[dict[str, str], int]:
    """The record-sheet fields for the effective log, and the number of turns played."""
    game = snap.game
    state = start_state(game, snap.table)
    fields: dict[str, str] = {}
    if snap.table.seed is not None:
        fields["seed"] = str(snap.table.seed)
    row = 0
    for entry in snap.entries:
        event = game.parse(entry.text)
        state = game.apply(state, event)
        if isinstance(event, ge.Play):
            row += 1
            fields[f"t{row}_coin"] = f"{event.suit}{event.value}"
            fields[f"t{row}_speed"] = str(state.speed)
            fields[f"t{row}_dir"] = event.direction or ""
        elif isinstance(event, ge.Scan) and row:
            key = f"t{row}_scans"
            cell = game.notation(event)[1:]
            fields[key] = f"{fields[key]} {cell}" if fields.get(key) else cell
        elif isinstance(event, ge.Deliver) and row:
            fields[f"t{row}_deliver"] = "x"
        elif isinstance(event, ge.Refuel) and row:
            fields[f"t{row}_refuel"] = "x"
    summary = game.summary(snap.state)
    fields.update({"deliveries": str(summary["deliveries"]), "refuels": str(summary["refuels"]),
                   "coins_left": str(summary["coins_left"]), "score": str(summary["score"]),
                   "rating": str(summary["rating"])})
    return fields, row


def play_of(snap: Snapshot) -> tuple[list[Any], list[Any]]:
    """Engine states and events of the effective log (``states[i + 1]`` follows
    ``events[i]``)."""
    game = snap.game
    states = [start_state(game, snap.table)]
    events = []
    for entry in snap.entries:
        events.append(game.parse(entry.text))
        states.append(game.apply(states[-1], events[-1]))
    return states, events


def sheet_fields(snap: Snapshot) -> dict[str, str] | None:
    """The printed sheet's fields for the table's game; None when the game has no sheet, the
    log is broken, or the sheet has no place for what was played."""
    if snap.broken is not None:
        return None
    game_id = snap.table.game
    if game_id == "galaxy-express":
        return galaxy_express_fields(snap)[0]
    names = list(snap.table.players)
    states, events = play_of(snap)
    if game_id == "wormholes":
        from pnp.games.wormholes import sheet as wh

        fields = wh.fields_from_play(states, events)
        if fields is not None:
            for side, name in zip(wh.PLAYER_FIELDS, names, strict=False):
                fields[side] = name
            if snap.table.seed is not None:
                fields["seed"] = str(snap.table.seed)
        return fields
    if game_id == "weird-galaxy":
        from pnp.games.weird_galaxy import sheet as wg

        return wg.fields_from_play(states, events, names)
    if game_id == "spatial-delivery":
        from pnp.games.spatial_delivery import sheet as sd

        return sd.fields_from_play(states, events, names)
    if game_id == "galaxy-trucker":
        from pnp.games.galaxy_trucker import sheet as gt

        return gt.fields_from_play(states, events)
    return None


# -- layouts ---------------------------------------------------------------------------------
def _rows(fields: dict[str, str], key: Callable[[int], str], columns: list[str],
          first: Callable[[int], str], limit: int) -> list[list[str]]:
    """Numbered rows ``1..limit`` that hold at least one value."""
    out = []
    for n in range(1, limit + 1):
        cells = [fields.get(f"{key(n)}{c}", "") for c in columns]
        if any(cells):
            out.append([first(n), *cells])
    return out


def _galaxy_express(snap: Snapshot) -> FilledSheet:
    fields, turns = galaxy_express_fields(snap)
    rows = [[str(n)] + [fields.get(f"t{n}_{c}", "") for c in GE_COLUMNS]
            for n in range(1, turns + 1)]
    return FilledSheet("Record sheet", [Section(
        "Turns", ["Turn", "Coin", "Speed", "Dir", "Scans", "Deliver", "Refuel"], rows,
        [("Deliveries", fields["deliveries"]), ("Refuels", fields["refuels"]),
         ("Coins left", fields["coins_left"]), ("Score", fields["score"]),
         ("Rating", fields["rating"])])])


def _wormholes(f: dict[str, str]) -> FilledSheet:
    from pnp.games.wormholes.board import SUIT_NAMES, SUITS
    from pnp.games.wormholes.sheet import COINS_PER_SUIT, MOVE_COLUMNS, ROWS, SLOTS

    coins = [[SUIT_NAMES[s], *[f.get(f"wh_{s}{k}", "") for k in range(1, COINS_PER_SUIT + 1)]]
             for s in SUITS]
    cols = ["side", "dice", *[f"{c}{k}" for k in SLOTS for c in MOVE_COLUMNS]]
    heads = ["Side", "Dice", *[f"{c.title()} {k}" for k in SLOTS for c in MOVE_COLUMNS]]
    turns = _rows(f, lambda n: f"t{n}_", cols, str, ROWS)
    return FilledSheet("Wormholes record sheet", [
        Section("Wormhole coins placed", ["Suit", *map(str, range(1, COINS_PER_SUIT + 1))],
                coins, [("Orthogon", f.get("orthogon", "")), ("Diagon", f.get("diagon", ""))]),
        Section("Turns", ["Turn", *heads], turns,
                [("Turns", f.get("turns", "")), ("Winner", f.get("winner", ""))]),
    ])


def _weird_galaxy(f: dict[str, str]) -> FilledSheet:
    from pnp.games.weird_galaxy import ledger
    from pnp.games.weird_galaxy.sheet import COLUMNS, ROWS

    missions = _rows(f, lambda n: f"m{n}_", list(COLUMNS), str, ROWS)
    sections = [Section("Trade Missions worksheet",
                        ["Mission", "Source", "Destination", "Payoff", "Paid"], missions,
                        [("Total paid", f.get("total_paid", ""))])]
    for p in range(1, ledger.PLAYERS + 1):
        if f"p{p}_name" not in f:
            continue
        rows = _rows(f, lambda n, p=p: f"p{p}_r{n}_", list(ledger.COLUMNS), str,
                     ledger.ROWS)
        sections.append(Section(
            f"Space Bucks ledger: {f[f'p{p}_name']}",
            ["Row", "Turn", "Earned", "Fees in", "Fees out", "Spent", "Balance"],
            [["start", "", "", "", "", "", f.get(f"p{p}_start", "")], *rows],
            [(label, f.get(f"p{p}_{c}", "")) for label, c in
             (("Earned", "earned"), ("Fees in", "fees_in"), ("Fees out", "fees_out"),
              ("Spent", "spent"), ("Balance", "balance"))]))
    note = "" if "p1_name" in f else ("The ledger is left empty: this game needs more rows "
                                      "than the printed sheet has.")
    return FilledSheet("Weird Galaxy worksheet and ledger", sections, note)


def _spatial_delivery(f: dict[str, str]) -> FilledSheet:
    from pnp.games.spatial_delivery.cards import COLOUR_NAMES, COLOURS
    from pnp.games.spatial_delivery.sheet import MAX_PLAYERS, ROUND_ROWS

    seats = [i for i in range(1, MAX_PLAYERS + 1) if f"p{i}_name" in f]
    lines = [(f"Round {n}", f"r{n}") for n in range(1, ROUND_ROWS + 1)
             if any(f"p{i}_r{n}" in f for i in seats)]
    lines += [(f"First deliveries: {COLOUR_NAMES[c].split(' ')[0]}", f"fd_{c.lower()}")
              for c in COLOURS]
    lines += [("End bonus", "bonus"), ("Stations built", "stations"), ("Total", "total")]
    rows = [[label, *[f.get(f"p{i}_{key}", "") for i in seats]] for label, key in lines]
    return FilledSheet("Spatial Delivery score sheet", [Section(
        "Market share points", ["", *[f[f"p{i}_name"] for i in seats]], rows,
        [("Rounds", f.get("rounds", "")), ("Winner", f.get("winner", ""))])])


_GT_LABELS = {"place": "Finish place", "gaveup": "Gave up", "flight": "Credits in flight",
              "finish": "Finish reward", "exposed": "Exposed connectors",
              "fewest": "Fewest on the table", "looks": "Best-looking bonus",
              "red": "Red goods", "yellow": "Yellow goods", "green": "Green goods",
              "blue": "Blue goods", "goods": "Goods sold for", "lost": "Components lost",
              "loss": "Loss", "round": "Round sum", "credits": "Credits after the round"}


def _galaxy_trucker(f: dict[str, str], rounds: list[str]) -> FilledSheet:
    from pnp.games.galaxy_trucker.sheet import LINES, SEATS, round_key

    sections = []
    for s in range(1, SEATS + 1):
        if f"p{s}_name" not in f:
            continue
        rows = [[_GT_LABELS[line], *[f.get(f"p{s}_{round_key(r)}_{line}", "") for r in rounds]]
                for line in LINES]
        sections.append(Section(f"{f[f'p{s}_name']}'s page", ["", *[f"Round {r}"
                                                                      for r in rounds]],
                                rows, [("Total credits", f.get(f"p{s}_total", ""))]))
    return FilledSheet("Galaxy Trucker score sheets", sections)


def filled_sheet(snap: Snapshot) -> FilledSheet | None:
    """The sheet laid out for the result PDF; None when there is nothing to show (a broken
    log, a game without a sheet).  A game the sheet cannot hold gets a note and no tables."""
    if snap.broken is not None:
        return None
    game_id = snap.table.game
    if game_id == "galaxy-express":
        return _galaxy_express(snap)
    fields = sheet_fields(snap)
    if fields is None:
        if game_id not in ("wormholes", "weird-galaxy", "spatial-delivery", "galaxy-trucker"):
            return None
        return FilledSheet("Score sheet", [], "This game holds a move the printed sheet has "
                                             "no place for, so the sheet is not filled in.")
    if game_id == "wormholes":
        return _wormholes(fields)
    if game_id == "weird-galaxy":
        return _weird_galaxy(fields)
    if game_id == "spatial-delivery":
        return _spatial_delivery(fields)
    return _galaxy_trucker(fields, list(snap.state.rounds))

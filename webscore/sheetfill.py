"""The score sheet a table's log fills in (for the result PDF), per game where we know it.

For Galaxy Express the fields are the printed record sheet's (``t{N}_coin`` ...), so the same
dictionary can be handed to ``pnp.sheets.check_sheet``: a tracked game's sheet must check out.
"""

from __future__ import annotations

from typing import Any

from pnp.games.galaxy_express import events as ge
from webscore.tracker import Snapshot, start_state

GE_COLUMNS = ("coin", "speed", "dir", "scans", "deliver", "refuel")


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


def filled_sheet(snap: Snapshot) -> dict[str, Any] | None:
    """{"title", "columns", "rows", "totals"} or None for a game with no sheet layout yet."""
    if snap.table.game != "galaxy-express" or snap.broken is not None:
        return None
    fields, turns = galaxy_express_fields(snap)
    rows = [[str(n)] + [fields.get(f"t{n}_{c}", "") for c in GE_COLUMNS]
            for n in range(1, turns + 1)]
    return {"title": "Record sheet", "columns": ["Turn", "Coin", "Speed", "Dir", "Scans",
                                                 "Deliver", "Refuel"],
            "rows": rows,
            "totals": [("Deliveries", fields["deliveries"]), ("Refuels", fields["refuels"]),
                       ("Coins left", fields["coins_left"]), ("Score", fields["score"]),
                       ("Rating", fields["rating"])]}

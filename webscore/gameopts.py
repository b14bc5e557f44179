"""Friendly form fields for the game options a table most often needs (the rest: JSON box).

Each game's record declares its option fields (``GameRecord.options``); this reads them from
the new-table form, whose field names are ``opt.<game>.<option>``.
"""

from __future__ import annotations

from typing import Any

from pnp.engine import UnknownGame, all_records, get_record


def fields() -> dict[str, list[dict[str, str]]]:
    """Every game's option fields, by game id (for the new-table form)."""
    return {r.id: [o.to_json() for o in r.options] for r in all_records() if r.options}


def from_form(game_id: str, form: Any) -> dict[str, Any]:
    """The options these fields give for ``game_id`` (empty fields give nothing)."""
    try:
        record = get_record(game_id)
    except UnknownGame:
        return {}
    return record.read_options({o.name: form.get(f"opt.{game_id}.{o.name}")
                                for o in record.options})

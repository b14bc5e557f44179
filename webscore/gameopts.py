"""Friendly form fields for the game options a table most often needs (the rest: JSON box).

Each entry names an option of the game's ``new_setup`` and how to read it from a form.
"""

from __future__ import annotations

from typing import Any

FIELDS: dict[str, list[dict[str, str]]] = {
    "galaxy-express": [{
        "name": "planets", "kind": "text", "label": "Planet cells",
        "hint": "real coins and no seed: the six cells your Arms coins landed on, "
                "e.g. a1 c3 f2 h6 d5 b6"}],
    "wormholes": [{
        "name": "two_ships", "kind": "checkbox", "label": "Longer game: two ships each",
        "hint": ""}],
}


def from_form(game_id: str, form: Any) -> dict[str, Any]:
    """The options these fields give for ``game_id`` (empty fields give nothing)."""
    out: dict[str, Any] = {}
    for field in FIELDS.get(game_id, []):
        key = f"opt.{game_id}.{field['name']}"
        if field["kind"] == "checkbox":
            if form.get(key):
                out[field["name"]] = True
        else:
            value = (form.get(key) or "").strip()
            if value:
                out[field["name"]] = value[:200]
    return out

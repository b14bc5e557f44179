"""Handwriting the rules can fill: a written field whose value the game's check works out from
the sheet's numbers (Spatial Delivery's winner box: the most market share points, then the
tie-breaks of SD-5), taken from the check's ``totals`` rather than asked.

The eye does not read handwriting, so such a field is asked like a name, unless the check
computes it.  Then its value is the rules' (``ruled``, "chosen by the rules"), shown with its
crop for the person to compare, never ``read``: a winner written wrongly is the person's to
correct.  It is filled only when the numbers it follows from are settled: the value must be
the same whatever the fields still asked turn out to be (each tried at its likely readings),
else it stays asked.  An empty box stays empty (nothing written, nothing filled)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.reading import FieldReading

NOTE = "chosen by the rules from the sheet's numbers: compare it with what is written"
TRIED = 3
"""The likely readings of each asked field tried before the rules' value is trusted."""


def fill(spec: SheetSpec, fields: Sequence[FieldReading],
         given: Mapping[str, str] | None = None) -> tuple[FieldReading, ...]:
    """``fields`` with each handwritten field the check computes filled from the rules."""
    fillable = [f for f in fields if f.status == "ask" and not f.candidates]
    if not fillable:
        return tuple(fields)
    values = {f.name: f.value for f in fields} | dict(given or {})
    ruled = _computed(spec, values, {f.name for f in fillable})
    if not ruled:
        return tuple(fields)
    asked = [f for f in fields if f.status == "ask" and f.candidates]
    for f in asked:  # the value must not hang on a field still asked
        for value, _ in f.candidates[:TRIED]:
            other = _computed(spec, {**values, f.name: value}, set(ruled))
            ruled = {k: v for k, v in ruled.items() if other.get(k) == v}
        if not ruled:
            return tuple(fields)
    return tuple(replace(f, value=ruled[f.name], status="ruled", confidence=0.0, note=NOTE)
                 if f.name in ruled else f for f in fields)


def _computed(spec: SheetSpec, values: Mapping[str, str], names: set[str]) -> dict[str, str]:
    """The check's own value for each of ``names`` it computes (its ``totals``)."""
    try:
        totals = spec.check(dict(values)).get("totals")
    except (ValueError, KeyError, TypeError, IndexError):
        return {}
    if not isinstance(totals, dict):
        return {}
    return {k: str(v) for k, v in totals.items() if k in names and str(v).strip()}


__all__ = ["NOTE", "fill"]

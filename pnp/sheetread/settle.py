"""The rules settle what the eye could not, as scannable chess score sheets do.

Each field the eye is unsure of keeps its likeliest readings.  The game's own sheet checker
(``SheetSpec.check``) is run with each of them in turn, the rest of the sheet as read: when
exactly one reading leaves the fewest lines of the report wrong, and none about that field,
the rules chose it and the field is ``ruled``; when readings tie (the rules do not constrain
the field) or every reading is wrong, the field is asked.  A field the eye is sure of is never
changed, so a real mistake written clearly is still reported by the check; and the rules may
pick only a reading the eye itself found plausible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.boxes import Draft
from pnp.sheetread.reading import FieldReading, Status

READ_AT = 0.985  # the eye alone is sure of a field at or above this probability
PLAUSIBLE = 0.04  # a reading the rules may choose has at least this probability
PASSES = 3


def _wrong(spec: SheetSpec, values: Mapping[str, str]) -> tuple[int, frozenset[str]]:
    report = spec.check(values)
    lines = report.get("lines")
    bad = [line for line in lines if isinstance(line, dict) and not line.get("ok")] \
        if isinstance(lines, list) else []
    return len(bad), frozenset(str(line.get("field", "")) for line in bad)


def settle(spec: SheetSpec, drafts: Sequence[Draft], given: Mapping[str, str],
           crops: Mapping[str, bytes] | None = None) -> tuple[FieldReading, ...]:
    """Every field's final reading: read, ruled by the rules, or asked."""
    crops = crops or {}
    values = {**{d.name: d.best[0] for d in drafts}, **given}
    status: dict[str, Status] = {}
    notes: dict[str, str] = {}
    doubtful = []
    for d in drafts:
        if d.name in given:
            status[d.name] = "read"
        elif not d.candidates:
            status[d.name] = "ask"
            notes[d.name] = "handwriting: type what the sheet says"
        elif d.best[1] >= READ_AT:
            status[d.name] = "read"
        else:
            doubtful.append(d)
    chosen: dict[str, float] = {}
    for _ in range(PASSES):
        changed = False
        for d in doubtful:
            if status.get(d.name) == "ruled":
                continue
            if len(d.candidates) < 2:
                continue  # nothing to compare: the rules cannot tell this reading apart
            scores = []
            for value, p in d.candidates:
                count, fields = _wrong(spec, {**values, d.name: value})
                scores.append((count, d.name in fields, value, p))
            best = min(s[0] for s in scores)
            winners = [s for s in scores if s[0] == best]
            if len(winners) != 1 or winners[0][1] or winners[0][3] < PLAUSIBLE:
                continue
            value, p = winners[0][2], winners[0][3]
            status[d.name] = "ruled"
            chosen[d.name] = p
            first = d.best[0]
            notes[d.name] = ("the rules agree with the likeliest reading" if value == first
                             else f"read {_shown(first)} first; the rules chose "
                                  f"{_shown(value)}")
            values[d.name] = value
            changed = True
        if not changed:
            break
    out = []
    for d in drafts:
        st = status.get(d.name, "ask")
        if st == "ask" and d.name not in notes:
            notes[d.name] = "unsure: confirm or correct"
        value = values[d.name] if st != "ask" or d.candidates else ""
        confidence = (1.0 if d.name in given else chosen.get(d.name, d.best[1])
                      if d.candidates else 0.0)
        out.append(FieldReading(d.name, value, st, confidence, d.candidates,
                                crops.get(d.name, b""), notes.get(d.name, "")))
    return tuple(out)


def _shown(value: str) -> str:
    return repr(value) if value else "empty"


__all__ = ["PLAUSIBLE", "READ_AT", "settle"]

"""A checked sheet as people read it: one line per mistake, carried mistakes grouped.

A checker's report lists every field it checked (``lines``: field, value, expected, ok, why).
Most wrong fields on a real sheet are not separate mistakes: one slip in a running total makes
every later total in that column wrong by the same amount.  :func:`group` finds those: a wrong
field is *carried* from an earlier wrong field of the same column (the field name without its
row number, so ``t4_speed`` and ``t9_speed`` are one column) when it is off by the same
amount.  :func:`render` prints each mistake once, with what is written, what it should be and
why, and the fields carried from it indented under it.

>>> lines = [{"field": "r1_total", "value": "5", "expected": "5", "ok": True, "why": ""},
...          {"field": "r2_total", "value": "9", "expected": "8", "ok": False,
...           "why": "R-3: 5 + 3 = 8"},
...          {"field": "r3_total", "value": "11", "expected": "10", "ok": False,
...           "why": "R-3: 8 + 2 = 10"}]
>>> print(render({"ok": False, "game": "demo", "lines": lines}))
demo sheet: 1 mistake (2 wrong fields)
r2_total: written 9, should be 8 - R-3: 5 + 3 = 8
  r3_total: written 11, should be 10 - carried from r2_total (off by the same 1)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_ROW = re.compile(r"\d+")


@dataclass
class Mistake:
    """A wrong field, and the later wrong fields that only carry it on."""

    line: Mapping[str, Any]
    carried: list[Mapping[str, Any]] = field(default_factory=list)


def column(name: str) -> str:
    """A field's column: its name without row numbers (``t12_speed`` -> ``t#_speed``)."""
    return _ROW.sub("#", name)


def _row(name: str) -> tuple[int, ...]:
    return tuple(int(n) for n in _ROW.findall(name))


def _offset(line: Mapping[str, Any]) -> float | None:
    """How far the written number is from the right one (None: not both numbers)."""
    try:
        return float(str(line.get("value", "")).replace("\u2212", "-")) - float(
            str(line.get("expected", "")).replace("\u2212", "-"))
    except ValueError:
        return None


def group(lines: Sequence[Mapping[str, Any]]) -> list[Mistake]:
    """The wrong lines as mistakes, in sheet order, each with the lines carried from it."""
    mistakes: list[Mistake] = []
    open_by_column: dict[str, tuple[Mistake, float]] = {}
    for line in lines:
        if line.get("ok", True):
            continue
        name = str(line.get("field", ""))
        col, off = column(name), _offset(line)
        start = open_by_column.get(col)
        if (start is not None and off is not None and off != 0 and off == start[1]
                and _row(name) > _row(str(start[0].line.get("field", "")))):
            start[0].carried.append(line)
            continue
        mistake = Mistake(line)
        mistakes.append(mistake)
        if off is not None and col != name:  # only a numbered column can carry a mistake
            open_by_column[col] = (mistake, off)
    return mistakes


def _shown(value: Any) -> str:
    text = "" if value is None else str(value)
    return text if text.strip() else "(empty)"


def _number(off: float) -> str:
    return str(int(off)) if off == int(off) else f"{off:g}"


def render(report: Mapping[str, Any]) -> str:
    """The short report: a summary line, then one line per mistake."""
    name = str(report.get("game", "score"))
    lines = [line for line in report.get("lines", []) if isinstance(line, Mapping)]
    mistakes = group(lines)
    wrong = sum(1 + len(m.carried) for m in mistakes)
    if not mistakes:
        checked = len(lines)
        return f"{name} sheet: every line checks out ({checked} fields checked)"
    noun = "mistake" if len(mistakes) == 1 else "mistakes"
    out = [f"{name} sheet: {len(mistakes)} {noun} ({wrong} wrong field{'s' * (wrong != 1)})"]
    for m in mistakes:
        line = m.line
        why = str(line.get("why", "")).strip()
        out.append(f"{line.get('field')}: written {_shown(line.get('value'))}, should be "
                   f"{_shown(line.get('expected'))}" + (f" - {why}" if why else ""))
        for follower in m.carried:
            off = _offset(follower)
            by = f" (off by the same {_number(abs(off))})" if off is not None else ""
            out.append(f"  {follower.get('field')}: written {_shown(follower.get('value'))}, "
                       f"should be {_shown(follower.get('expected'))} - carried from "
                       f"{line.get('field')}{by}")
    return "\n".join(out)


__all__ = ["Mistake", "column", "group", "render"]

"""The game's sheet check with its answers remembered, for the rules' many tries of one photo.

The search tries the same values again (15-35 % of its checks on a photographed sheet), and a
check can cost 7 ms; ``Checked`` remembers them, and where the game has a quicker check of a
few changed fields (``SheetSpec.prober``) checks a try as its change to the first values
checked.  ``wrong`` and ``wrong_with`` give the fields of a report's wrong lines.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from pnp.engine.sheetspec import Prober, SheetSpec, WrongProber
from pnp.engine.steps import Played

MAX_CHANGED = 40  # values further from the first ones checked are checked afresh
SETTLE_SECONDS = 0.8
"""CPU seconds the rules may spend on one photo.  A sheet check costs 0.05-0.7 ms (Wormholes:
3-7 ms) and a photo usually needs tens of them (0.02-0.3 s), but one where nearly every box
looks doubtful (deep shadow, blur: 1,189 checks, 3.7 s) would blow the 2 s a photo; past this
the fields not yet settled are asked, which is always safe (the person decides)."""


class Checked(SheetSpec):
    """The game's sheet spec with its checks remembered: the search tries the same values
    again (15-35 % of its checks on a photographed sheet), and a check can cost 7 ms.  Where
    the game has a quicker check of a few changed fields (``SheetSpec.prober``: Wormholes
    checks from the turn a change touches), the values are checked as changes to the first
    ones checked."""

    def __init__(self, spec: SheetSpec, seconds: float | None = None) -> None:
        self.spec = spec
        self.memo: dict[tuple[tuple[str, str], ...], dict[str, object]] = {}
        self.until = time.thread_time() + (SETTLE_SECONDS if seconds is None else seconds)
        self.base: dict[str, str] = {}
        self.probe: Prober | None = None
        self.wrong_probe: WrongProber | None = None
        self.near: dict[frozenset[tuple[str, str]], dict[str, object]] = {}
        self.bad: dict[frozenset[tuple[str, str]], frozenset[str]] = {}
        self.ref: Mapping[str, str] | None = None  # the values tries are changes to ...
        self.seen: dict[str, str] = {}  # ... and what they held then
        self.probes: bool | None = None  # whether the game has a prober (None: not known yet)

    def spent(self) -> bool:
        """Whether the photo's time for the rules is up (this thread's CPU time, so a busy
        machine or another request does not use it up)."""
        return time.thread_time() > self.until

    def field_names(self) -> list[str]:
        return self.spec.field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        if self.probe is not None and len(fields) == len(self.base):
            changes = frozenset((k, v) for k, v in fields.items() if self.base.get(k) != v)
            if len(changes) <= MAX_CHANGED and all(k in self.base for k, _v in changes):
                if changes not in self.near:
                    self.near[changes] = self.probe(dict(changes))
                return self.near[changes]
        key = tuple(sorted(fields.items()))
        if key not in self.memo:
            probe = self.spec.prober(fields)
            if probe is None:
                self.memo[key] = self.spec.check(fields)
            else:  # later values are checked as changes to these
                self.base, self.probe, self.near, self.bad = dict(fields), probe, {}, {}
                self.wrong_probe = self.spec.wrong_prober(fields)
                self.ref, self.probes = None, True
                self.memo[key] = probe({})
        return self.memo[key]

    def wrong_with(self, values: Mapping[str, str], extra: Mapping[str, str]) -> frozenset[str]:
        """``wrong`` of ``values`` with ``extra`` changed, checked as a change to ``values``:
        where the game has a prober, ``values`` are checked whole once (``rebase``) and each
        try is then checked from the one turn it changes.  ``values`` are taken to be the same
        while they stay the same object with the same contents (``settle`` rules fields in
        place, the audit puts its fixes in)."""
        if self.probes is not False and (values is not self.ref or values != self.seen):
            self.rebase(values)
        if self.probe is None or len(values) != len(self.base) or \
                any(k not in self.base for k in extra):
            return wrong(self, {**values, **extra})[1]
        changes = frozenset((k, v) for k, v in extra.items() if self.base[k] != v)
        if len(changes) > MAX_CHANGED:
            return wrong(self, {**values, **extra})[1]
        if changes not in self.bad and self.wrong_probe is not None:
            self.bad[changes] = self.wrong_probe(dict(changes))
        elif changes not in self.bad:
            if changes not in self.near:
                self.near[changes] = self.probe(dict(changes))
            self.bad[changes] = bad(self.near[changes])
        return self.bad[changes]

    def rebase(self, values: Mapping[str, str]) -> None:
        """Check ``values`` whole and make them the values later tries are changes to, so a
        try is checked from the turn it changes alone.  (Tries used to be changes to the
        first values checked, the first try's change among them, and the rules' choices
        since: each try then re-checked every turn from the earliest of those changes to its
        own, on a Wormholes front page the whole record each time when that was a wormhole's
        cell: 302 of a photo's 620 checks.)"""
        self.ref, self.seen = values, dict(values)
        key = tuple(sorted(values.items()))
        probe = self.spec.prober(values)
        self.probes = probe is not None
        if probe is None:
            return
        self.base, self.probe, self.near, self.bad = dict(values), probe, {}, {}
        self.wrong_probe = self.spec.wrong_prober(values)
        if key not in self.memo:
            self.memo[key] = probe({})

    def bears_on(self, name: str) -> frozenset[str] | None:
        return self.spec.bears_on(name)

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return self.spec.fields_from_play(play)


def wrong(spec: SheetSpec, values: Mapping[str, str]) -> tuple[int, frozenset[str]]:
    found = bad(spec.check(values))
    return len(found), found


def bad(report: Mapping[str, object]) -> frozenset[str]:
    """The fields of a report's wrong lines."""
    lines = report.get("lines")
    if not isinstance(lines, list):
        return frozenset()
    try:  # a report's lines are Line.to_json() dicts (a photo's search reads thousands)
        return frozenset([str(line["field"]) for line in lines if not line["ok"]])
    except (KeyError, TypeError):
        return frozenset(str(line.get("field", "")) for line in lines
                         if isinstance(line, dict) and not line.get("ok"))


def wrong_with(spec: SheetSpec, values: Mapping[str, str],
               extra: Mapping[str, str]) -> frozenset[str]:
    """The fields of the wrong lines with ``extra`` changed from ``values``."""
    if isinstance(spec, Checked):
        return spec.wrong_with(values, extra)
    return wrong(spec, {**values, **extra})[1]


__all__ = ["MAX_CHANGED", "SETTLE_SECONDS", "Checked", "bad", "wrong", "wrong_with"]

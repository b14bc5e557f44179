"""The joint row search: doubtful fields along a sheet's chained rows, settled together.

A record sheet's rows chain: a Galaxy Express turn's speed follows from the speed before it
and the coin played, and the coins spent follow from every coin since the last refuel.  So a
doubtful coin early on bears on every later speed line, every doubtful field on the sheet
shares lines with it, and the group is far too large for ``settle``'s joint try of every
combination (``MAX_JOINT``): it was asked whole.  Along the rows the search is small.

A sheet whose spec says its rows are causal (``causal_rows``: a line of turn row ``n``
depends on rows ``1..n`` only; the totals on all of them) is searched row by row.  Every
reading of a row's doubtful fields (every value their doubtful boxes could hold, as
``settle.space``, not only the eye's candidates) extends every reading of the rows before
that still checks out, and a reading is dropped as soon as a line of its rows so far is
wrong: no later row can put that line right.  Each reading is weighed by the eye's odds of
its values (``FLOOR`` for a value the eye did not list, each field's odds over all its values
summing to 1), and past ``MAX_BEAM`` readings the lightest are set aside, their weight kept:
it bounds what every reading that grows from them could weigh.  A field is pinned by the rows
when one value holds ``PINNED`` of the weight of every reading that checks out in the end,
the set-aside weight counted against it.  So a value is pinned only when the readings that
check out all but agree on it, whatever the readings not followed to the end would have
said.

The search only pins values; ``settle`` still decides whether to take each one: a value the
eye found plausible, the eye's first reading overruled only where the eye hesitated, a box
the eye was sure of never changed.  A real mistake on a sheet leaves no reading that checks
out (the lines it breaks stay wrong whatever the doubtful digits say), so nothing is pinned:
the fields are asked, and the check reports the mistake.

>>> row_of("t12_speed"), row_of("score"), row_of("t3_coin") < row_of("coins_left")
(12, inf, True)
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.boxes import Draft

MAX_BEAM = 12
"""Readings followed to the next row, at most: the heaviest (a row whose doubtful digits no
line ties down would multiply them without end)."""
FLOOR = 0.01
"""The eye's odds of a value it did not list (its candidates stop at 1 %)."""
PINNED = 0.995
"""A field is pinned along the rows when its value has this share of the weight of every
reading that checks out (a field the eye alone reads needs 98.5 %)."""

_ROW = re.compile(r"t(\d{1,3})_")
Wrong = Callable[[Mapping[str, str]], frozenset[str]]
"""The fields of the wrong lines with the given fields changed from the sheet as read."""
Found = list[tuple[tuple[str, ...], float]]


def row_of(name: str) -> float:
    """The turn row a field is on (``t12_speed``: 12); a field on no row (the totals) comes
    after them all."""
    m = _ROW.match(name)
    return int(m.group(1)) if m else math.inf


def causal(spec: SheetSpec) -> bool:
    """Whether the sheet's rows are causal (``causal_rows`` on the game's spec, also when
    ``settle`` wraps it)."""
    inner = getattr(spec, "spec", spec)
    return bool(getattr(inner, "causal_rows", False))


def search(wrong: Wrong, names: Sequence[str], options: Sequence[Mapping[str, float]],
           near: frozenset[str], spent: Callable[[], bool] = lambda: False
           ) -> tuple[Found, float] | None:
    """The readings of the group (a value for each of ``names``, from its ``options``, each
    with the eye's odds) under which no line among ``near`` nor any of the group's own lines
    is wrong, each with its weight; and the weight set aside.  None when the photo's time for
    the rules ran out.

    >>> def wrong(extra):  # a = 1; b = a + 1; total = b + 1 (rows 1, 2 and the totals)
    ...     f = {"t1_a": "9", "t2_b": "9", "total": "9", **extra}
    ...     bad = {"t1_a"} if f["t1_a"] != "1" else set()
    ...     if f["t2_b"] != str(int(f["t1_a"]) + 1): bad.add("t2_b")
    ...     if f["total"] != str(int(f["t2_b"]) + 1): bad.add("total")
    ...     return frozenset(bad)
    >>> digits = {str(d): 0.1 for d in range(10)}
    >>> found, aside = search(wrong, ["t1_a", "t2_b", "total"], [digits] * 3,
    ...                       frozenset({"t1_a"}))
    >>> [(reading, round(w, 6)) for reading, w in found], aside
    ([(('1', '2', '3'), 0.001)], 0.0)
    >>> search(wrong, ["t2_b", "total"], [{"2": .5, "5": .5}, {"7": .5, "8": .5}],
    ...        frozenset({"t2_b"}))
    ([], 0.0)
    """
    rows = sorted({row_of(n) for n in names})
    watched = near | frozenset(names)
    beam: list[tuple[dict[str, str], float, frozenset[str]]] = [({}, 1.0, frozenset())]
    aside = 0.0
    for row in rows:
        here = [(n, o) for n, o in zip(names, options, strict=True) if row_of(n) == row]
        grown: list[tuple[dict[str, str], float, frozenset[str]]] = []
        for partial, weight, _bad in beam:
            for combo in itertools.product(*(o.items() for _n, o in here)):
                if spent():
                    return None
                reading = {**partial, **{n: v for (n, _o), (v, _p) in zip(here, combo,
                                                                          strict=True)}}
                bad = wrong(reading) & watched
                if not any(row_of(f) <= row for f in bad):
                    grown.append((reading, weight * math.prod(p for _v, p in combo), bad))
        grown.sort(key=lambda rwb: -rwb[1])
        aside += sum(w for _r, w, _b in grown[MAX_BEAM:])
        beam = grown[:MAX_BEAM]
    found = [(tuple(reading[n] for n in names), w) for reading, w, bad in beam if not bad]
    return found, aside  # a reading with a wrong line of later rows or the totals is out


def odds(d: Draft, values: Sequence[str]) -> dict[str, float]:
    """The eye's odds of each of a field's values (``FLOOR`` for one it did not list),
    summing to 1."""
    seen = dict(d.candidates)
    raw = {v: max(seen.get(v, 0.0), FLOOR) for v in values}
    total = sum(raw.values())
    return {v: p / total for v, p in raw.items()}


def along(spec: SheetSpec, values: Mapping[str, str], group: Sequence[Draft],
          options: Sequence[Sequence[str]], near: frozenset[str]) -> dict[str, tuple[str, float]]:
    """The fields of ``group`` the rows pin down, with their values and the eye's odds of
    them (``search`` with ``settle``'s remembered checks of the sheet as read, ``values``,
    while the photo's time lasts; ``spec`` is ``settle``'s wrapped spec).  Nothing when no
    reading checks out (a real mistake, or a misreading the eye was sure of: asked)."""
    wrong_with = getattr(spec, "wrong_with", None)
    spent = getattr(spec, "spent", None)
    if wrong_with is None or spent is None:
        return {}  # not settle's spec: nothing to search with

    def wrong(extra: Mapping[str, str]) -> frozenset[str]:
        return frozenset(wrong_with(values, extra))

    result = search(wrong, [d.name for d in group],
                    [odds(d, o) for d, o in zip(group, options, strict=True)], near, spent)
    if result is None:
        return {}
    found, aside = result
    total = sum(w for _r, w in found) + aside
    out: dict[str, tuple[str, float]] = {}
    for i, d in enumerate(group):
        mass: dict[str, float] = {}
        for reading, w in found:
            mass[reading[i]] = mass.get(reading[i], 0.0) + w
        if mass:
            value, w = max(mass.items(), key=lambda vw: vw[1])
            if w >= PINNED * total:
                out[d.name] = (value, dict(d.candidates).get(value, 0.0))
    return out


__all__ = ["FLOOR", "MAX_BEAM", "PINNED", "along", "causal", "odds", "row_of", "search"]

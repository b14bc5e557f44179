"""The rules settle what the eye could not, as scannable chess score sheets do.

Each field the eye is unsure of keeps its likeliest readings.  The game's own sheet checker
(``SheetSpec.check``) is run with each of them in turn, the rest of the sheet as read; the
lines of the report that change with the field are the lines it bears on.  When exactly one
plausible reading leaves all of those lines right, the rules chose it and the field is
``ruled``; doubtful fields that bear on the same lines are settled together (the one
combination that leaves their lines right), or not at all.  When the readings tie (no line
depends on the field: the rules cannot tell), or none of them is right, the field is asked.
A field the eye is sure of is never changed, so a real mistake written clearly is still
reported by the check, and the rules pick only a reading the eye itself found plausible.
A reading the sheet is wrong with is also what a player's slip looks like, so the rules take
a value only when the eye saw no such rival nearly as clearly (``choices.slip_rival``: under half
as clearly, so the odds that they hide a slip stay under 1 %); they never overrule the eye's
first reading, and when the eye hesitated between the two the person is asked which is
written (the check then reports a slip).  The values tried are all
those the doubtful boxes could hold (``space``), not only the eye's candidates, so a misreading
the eye never listed cannot be the only one that checks out.  Last, when the sheet as read does
not check out, a reading the eye was not quite certain of that another digit would put right
is asked (``audit``): a confident misreading would otherwise pass for the player's mistake.
While some field is still asked the audit waits for the person's answers (``second_look``):
a line an unconfirmed field leaves wrong says nothing yet about the readings beside it.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread import checked, joint, rows
from pnp.sheetread.audit import AUDIT_BELOW, audit, second_look
from pnp.sheetread.boxes import Draft
from pnp.sheetread.checked import Checked, wrong_with
from pnp.sheetread.choices import (
    PLAUSIBLE,
    fits,
    hides_ink,
    shown,
    slip_rival,
    space,
    surely_inked,
    unclean,
)
from pnp.sheetread.reading import FieldReading, Status, percent
from pnp.sheetread.rivals import rival

READ_AT = 0.985  # the eye alone is sure of a field at or above this probability
PASSES = 3
MAX_JOINT = 150  # combinations tried for a group of doubtful fields settled together
COSTLY = 4  # a field whose check costs this many times the median is tried last


def settle(spec: SheetSpec, drafts: Sequence[Draft], given: Mapping[str, str],
           crops: Mapping[str, bytes] | None = None) -> tuple[FieldReading, ...]:
    """Every field's final reading: read, ruled by the rules, or asked."""
    crops = crops or {}
    spec = Checked(spec, checked.SETTLE_SECONDS)
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
        elif d.best[1] >= READ_AT and not unclean(d.best[0]) and fits(d.box, d.best[0]):
            status[d.name] = "read"
        else:
            doubtful.append(d)
    chosen: dict[str, float] = {}
    why: dict[str, str] = {}  # why the rules could not settle a field
    for d in doubtful:
        if len(space(d)) <= 1:
            why[d.name] = "too many doubtful digits for the rules"
    for _ in range(PASSES):
        # the fields with fewest values to try first: when the time runs out, the ones left
        # (asked) are those that would have cost the most checks (a Wormholes coin's cell:
        # 110 readings, each a whole check, as every turn depends on it)
        open_ = sorted((d for d in doubtful if d.name not in chosen and len(space(d)) > 1),
                       key=lambda d: len(space(d)))
        if not open_:
            break
        lines = joint.lines_of(spec, open_)
        if lines is not None:  # the game says which lines each field bears on
            ruled = _by_lines(spec, values, open_, lines, why)
        else:
            ruled = _by_reach(spec, values, open_, why)
        if not ruled:
            break
        for d in open_:
            if d.name not in ruled:
                continue
            value, p = ruled[d.name]
            first, p_first = d.best
            other = slip_rival(d, value)
            if other is not None:
                # the eye saw a value the sheet is wrong with nearly as clearly: perhaps the
                # player's own slip, so the person says which (the check then reports it)
                status[d.name] = "ask"
                notes[d.name] = (
                    f"read {shown(first)} ({percent(p_first)}); the rules would expect "
                    f"{shown(value)}: which is written?" if value != first else
                    f"read {shown(first)} ({percent(p_first)}) or {shown(other[0])} "
                    f"({percent(other[1])}); the sheet checks out with {shown(value)} only, "
                    f"but {shown(other[0])} may be written: which is it?")
                chosen[d.name] = p_first
                continue
            status[d.name] = "ruled"
            chosen[d.name] = p
            notes[d.name] = ("the rules agree with the likeliest reading" if value == first
                             else f"read {shown(first)} first; the rules chose "
                                  f"{shown(value)}")
            values[d.name] = value
        for d in open_:  # a choice the eye's sure digits made, not the rules: asked
            # (at most 9 checks a sure digit, tried even past the rules' time)
            twin = rival(spec, values, d, values[d.name]) \
                if status.get(d.name) == "ruled" and d.name in ruled else None
            if twin is not None:
                status[d.name], chosen[d.name] = "ask", d.best[1]
                notes[d.name] = (f"read {shown(d.best[0])} ({percent(d.best[1])}); the rules "
                                 f"cannot tell {shown(values[d.name])} from {shown(twin)}: "
                                 "which is written?")
                values[d.name] = d.best[0]
        spec.ref = None  # ``values`` changed in place
    if all(status.get(d.name) in ("read", "ruled") for d in drafts):
        audit(spec, drafts, values, status, notes, given)
    # else the audit waits for the person: ``second_look`` runs it on the confirmed values
    out = []
    for d in drafts:
        st = status.get(d.name, "ask")
        if st == "ask" and d.name not in notes:
            notes[d.name] = f"unsure ({why[d.name]}): confirm or correct" if d.name in why \
                else "unsure: confirm or correct"
        value = values[d.name] if st != "ask" or d.candidates else ""
        confidence = (1.0 if d.name in given else chosen.get(d.name, d.best[1])
                      if d.candidates else 0.0)
        out.append(FieldReading(d.name, value, st, confidence, d.candidates,
                                crops.get(d.name, b""), notes.get(d.name, ""), d.parts))
    return tuple(out)


def _by_reach(spec: Checked, values: Mapping[str, str], open_: list[Draft],
              why: dict[str, str]) -> dict[str, tuple[str, float]]:
    """The open fields the rules settle, each tried alone with the others as read to find
    the lines it bears on, then those sharing lines together (``_jointly``)."""
    wrong = _reach(spec, values, open_)
    # a field an earlier pass could not settle keeps that pass's reason
    why.update((d.name, "no time left for the rules") for d in open_
               if d.name not in wrong and d.name not in why)
    open_ = [d for d in open_ if d.name in wrong]
    reach = {name: frozenset().union(*sets.values()) - frozenset.intersection(
        *sets.values()) for name, sets in wrong.items()}
    ruled = {}
    for d in open_:
        near = reach[d.name]
        if not near:
            why[d.name] = "no line of the check depends on it"
            continue  # the rules cannot tell
        if any(near & reach[o.name] for o in open_ if o is not d):
            continue  # another doubtful field bears on the same lines: settled jointly
        good = [v for v, w in wrong[d.name].items() if not (w & near) and d.name not in w
                and not surely_inked(d, v)]
        p = dict(d.candidates).get(good[0], 0.0) if len(good) == 1 else 0.0
        if p >= PLAUSIBLE and not unclean(good[0]) and fits(d.box, good[0]) \
                and not hides_ink(d, good[0]):
            ruled[d.name] = (good[0], p)
        else:
            why[d.name] = (f"{len(good)} values check out" if len(good) != 1 else
                           f"only {shown(good[0])} checks out, which the eye hardly saw")
    # the groups settle together in the same pass (a field ruled alone bears on no line
    # of theirs); the next pass tries again what the values ruled now may decide
    ruled.update(_jointly(spec, values, [d for d in open_ if d.name not in ruled], reach,
                          why))
    return ruled


def _by_lines(spec: Checked, values: Mapping[str, str], open_: list[Draft],
              lines: Mapping[str, frozenset[str]],
              why: dict[str, str]) -> dict[str, tuple[str, float]]:
    """The open fields the rules settle with the lines the game says each bears on
    (``joint``): a field takes the value every consistent combination of its group gives
    it, when the eye found that value plausible."""
    ruled: dict[str, tuple[str, float]] = {}
    found = joint.weights(spec, values, open_, lines)
    for d in open_:
        shares = found[d.name]
        if shares is None:
            why.setdefault(d.name, "no time left for the rules" if spec.spent() else
                           "too many readings to try")
            continue
        if lines[d.name] == {d.name} and not spec.bears_on(d.name):
            why.setdefault(d.name, "no line of the check depends on it")
            continue
        good = sorted(shares)
        top = max(good, key=lambda v: shares[v], default="")
        if len(good) > 1 and shares[top] >= rows.PINNED:
            good = [top]  # the others check out too, but the eye all but ruled them out
        p = dict(d.candidates).get(good[0], 0.0) if len(good) == 1 else 0.0
        if p >= PLAUSIBLE and not unclean(good[0]) and fits(d.box, good[0]) \
                and not hides_ink(d, good[0]):
            ruled[d.name] = (good[0], p)
        else:
            why.setdefault(d.name, f"{len(good)} values check out" if len(good) != 1 else
                           f"only {shown(good[0])} checks out, which the eye hardly saw")
    return ruled


def _reach(spec: Checked, values: Mapping[str, str],
           open_: Sequence[Draft]) -> dict[str, dict[str, frozenset[str]]]:
    """The wrong lines under each value of each open field, while the time lasts.  A field
    whose first check costs ``COSTLY`` times the others' (a Wormholes coin's cell: every turn
    is checked again) waits until the others are done: when the time runs out, it is the one
    asked."""
    wrong: dict[str, dict[str, frozenset[str]]] = {}
    took: list[float] = []
    costly: list[Draft] = []
    for d in open_:
        if spec.spent():  # the rest stays open: asked
            return wrong
        options = space(d)
        start = time.thread_time()
        wrong_with(spec, values, {d.name: options[0]})  # remembered
        took.append(time.thread_time() - start)
        if len(took) > 4 and took[-1] > COSTLY * statistics.median(took):
            costly.append(d)
            continue
        wrong[d.name] = {v: wrong_with(spec, values, {d.name: v}) for v in options}
    for d in costly:
        if spec.spent():
            break
        wrong[d.name] = {v: wrong_with(spec, values, {d.name: v}) for v in space(d)}
    return wrong



def _jointly(spec: SheetSpec, values: Mapping[str, str], open_: Sequence[Draft],
             reach: Mapping[str, frozenset[str]],
             why: dict[str, str]) -> dict[str, tuple[str, float]]:
    """Doubtful fields that bear on the same lines, settled together: each group's one
    combination of plausible readings under which none of its lines is wrong."""
    out: dict[str, tuple[str, float]] = {}
    groups: list[list[Draft]] = []
    for d in open_:
        if not reach[d.name]:
            continue
        joined = [g for g in groups if any(reach[d.name] & reach[o.name] for o in g)]
        merged = [d, *(o for g in joined for o in g)]
        groups = [g for g in groups if g not in joined] + [merged]
    for group in groups:
        if len(group) < 2:
            continue
        options = [space(d) for d in group]
        near = frozenset().union(*(reach[d.name] for d in group))
        fine = _Fits(spec, values, [d.name for d in group], near)
        tried = options
        many = math.prod(len(o) for o in options) > MAX_JOINT
        if many and rows.causal(spec):  # rows that chain: what they pin down, searched
            pinned = rows.along(spec, values, group, options, near)
            out.update((d.name, pinned[d.name]) for d in group
                       if d.name in pinned and _takes(d, *pinned[d.name]))
            if pinned:
                continue
        if many:
            # too many to try them all: the readings the eye found plausible, then every
            # reading one field away from the one that checks out must not check out
            tried = [[v for v in o if dict(d.candidates).get(v, 0.0) >= PLAUSIBLE]
                     for d, o in zip(group, options, strict=True)]
            if math.prod(len(o) for o in tried) > MAX_JOINT:
                said = f"{len(group)} doubtful fields on one line: too many readings to try"
                why.update((d.name, said) for d in group)
                continue
        good: list[tuple[str, ...]] = []
        late = False
        for combo in itertools.product(*tried):
            late = isinstance(spec, Checked) and spec.spent()
            if late:
                break  # no time left: the group is asked
            if fine(combo):
                good.append(combo)
                if len(good) > 1:
                    break
        if tried is not options and len(good) == 1 and not late:
            near_misses = ((*good[0][:i], v, *good[0][i + 1:])
                           for i, (d, o) in enumerate(zip(group, options, strict=True))
                           for v in o if v != good[0][i] and not surely_inked(d, v))
            if any(fine(combo) for combo in near_misses):
                good.append(good[0])  # another reading checks out too: asked
        if late or len(good) != 1:
            said = ("no time left for the rules" if late else
                    f"{len(group)} doubtful fields on one line, "
                    f"{'several readings' if good else 'no reading'} check out")
            why.update((d.name, said) for d in group)
            continue
        picked = {d.name: (v, dict(d.candidates).get(v, 0.0))
                  for d, v in zip(group, good[0], strict=True)}
        if all(_takes(d, v, p) for d, (v, p) in zip(group, picked.values(), strict=True)):
            out.update(picked)
    return out


def _takes(d: Draft, value: str, p: float) -> bool:
    """Whether the rules may take ``value`` for a field (its eye's odds ``p``)."""
    return p >= PLAUSIBLE and not unclean(value) and fits(d.box, value) \
        and not hides_ink(d, value)


class _Fits:
    """Whether a combination of a group's readings leaves none of its lines wrong."""

    def __init__(self, spec: SheetSpec, values: Mapping[str, str], names: list[str],
                 near: frozenset[str]) -> None:
        self.spec, self.values, self.names, self.near = spec, values, names, near

    def __call__(self, combo: tuple[str, ...]) -> bool:
        w = wrong_with(self.spec, self.values, dict(zip(self.names, combo, strict=True)))
        return not (w & self.near) and not (w & set(self.names))



__all__ = ["AUDIT_BELOW", "PLAUSIBLE", "READ_AT", "fits", "second_look", "settle", "space"]

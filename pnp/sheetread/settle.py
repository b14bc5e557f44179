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
They overrule the eye's first reading only when the eye hesitated between the two (a first
reading under 50 %, the other over 25 %); otherwise the person is asked which is written,
since the "inconsistent" reading may be the player's own mistake.  The values tried are all
those the doubtful boxes could hold (``space``), not only the eye's candidates, so a misreading
the eye never listed cannot be the only one that checks out.  Last, when the sheet as read does
not check out, a reading the eye was not quite certain of that another digit would put right
is asked (``_audit``): a confident misreading would otherwise pass for the player's mistake.
While some field is still asked the audit waits for the person's answers (``second_look``):
a line an unconfirmed field leaves wrong says nothing yet about the readings beside it.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import Prober, SheetSpec
from pnp.engine.steps import Played
from pnp.sheetread.boxes import Draft, joined
from pnp.sheetread.layout import FieldBox
from pnp.sheetread.reading import FieldReading, Status, percent

READ_AT = 0.985  # the eye alone is sure of a field at or above this probability
PLAUSIBLE = 0.04  # a reading the rules may choose has at least this probability
PASSES = 3
SWITCH_BELOW = 0.5  # the rules may overrule the eye's first reading only under even odds
SWITCH_MIN = 0.25  # ... and only for a reading the eye gave at least this much
MAX_JOINT = 150  # combinations tried for a group of doubtful fields settled together
AUDIT_BELOW = 0.9995  # a read field under this is asked when another value would check out
AUDIT_ROUNDS = 3  # the audit looks again as if what it asked were put right, this often
BOX_SURE = 0.99  # a box the eye is this sure of keeps its reading while the rules search
MAX_UNSURE_BOXES = 2
COSTLY = 4  # a field whose check costs this many times the median is tried last
MAX_CHANGED = 40  # values further from the first ones checked are checked afresh
SETTLE_SECONDS = 0.8
"""CPU seconds the rules may spend on one photo.  A sheet check costs 0.05-0.7 ms (Wormholes:
3-7 ms) and a photo usually needs tens of them (0.02-0.3 s), but one where nearly every box
looks doubtful (deep shadow, blur: 1,189 checks, 3.7 s) would blow the 2 s a photo; past this
the fields not yet settled are asked, which is always safe (the person decides)."""


def space(d: Draft) -> list[str]:
    """Every value the field could hold with its doubtful boxes written any way at all (its
    sure boxes as read): the rules choose a value only when it is the one among all of these
    that checks out, so a misreading the eye never listed cannot slip through."""
    if not d.parts:
        return [v for v, _p in d.candidates]
    if any(not options for options in d.parts):
        return [v for v, _p in d.candidates]
    weakest = min(range(len(d.parts)), key=lambda i: d.parts[i][0][1])
    choices: list[tuple[str, ...]] = []
    for i, options in enumerate(d.parts):
        if options[0][1] >= BOX_SURE and i != weakest:
            choices.append((options[0][0],))
        elif d.box.kind == "tick":
            choices.append(("", "x"))
        elif d.box.kind == "choice" and i == 0:
            choices.append(("", *d.box.options))
        elif d.box.signed and i == 0:
            choices.append(("", "-"))
        else:
            choices.append(("", *d.box.alphabet))  # a digit the box may not hold never checks out
    if sum(len(c) > 1 for c in choices) > MAX_UNSURE_BOXES:
        return [v for v, _p in d.candidates][:1]  # too many doubts for the rules: asked
    return list(dict.fromkeys(joined(list(combo)) for combo in itertools.product(*choices)))


class _Checked(SheetSpec):
    """The game's sheet spec with its checks remembered: the search tries the same values
    again (15-35 % of its checks on a photographed sheet), and a check can cost 7 ms.  Where
    the game has a quicker check of a few changed fields (``SheetSpec.prober``: Wormholes
    checks from the turn a change touches), the values are checked as changes to the first
    ones checked."""

    def __init__(self, spec: SheetSpec) -> None:
        self.spec = spec
        self.memo: dict[tuple[tuple[str, str], ...], dict[str, object]] = {}
        self.until = time.thread_time() + SETTLE_SECONDS
        self.base: dict[str, str] = {}
        self.probe: Prober | None = None
        self.near: dict[frozenset[tuple[str, str]], dict[str, object]] = {}
        self.bad: dict[frozenset[tuple[str, str]], frozenset[str]] = {}
        self.ref: Mapping[str, str] | None = None  # the values ``drift`` is of
        self.drift: dict[str, str] = {}

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
                self.ref = None
                self.memo[key] = probe({})
        return self.memo[key]

    def wrong_with(self, values: Mapping[str, str], extra: Mapping[str, str]) -> frozenset[str]:
        """``_wrong`` of ``values`` with ``extra`` changed, without copying the page's values
        for every try: what ``values`` changed from the first values checked is kept while
        ``values`` stays the same object (``settle`` forgets it when it rules a field)."""
        if self.probe is None or len(values) != len(self.base) or \
                any(k not in self.base for k in extra):
            return _wrong(self, {**values, **extra})[1]
        if values is not self.ref:
            self.ref = values
            self.drift = {k: v for k, v in values.items() if self.base.get(k) != v}
        changes = frozenset((k, v) for k, v in {**self.drift, **extra}.items()
                            if self.base[k] != v)
        if len(changes) > MAX_CHANGED:
            return _wrong(self, {**values, **extra})[1]
        if changes not in self.bad:
            if changes not in self.near:
                self.near[changes] = self.probe(dict(changes))
            self.bad[changes] = _bad(self.near[changes])
        return self.bad[changes]

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return self.spec.fields_from_play(play)


def _wrong(spec: SheetSpec, values: Mapping[str, str]) -> tuple[int, frozenset[str]]:
    bad = _bad(spec.check(values))
    return len(bad), bad


def _bad(report: Mapping[str, object]) -> frozenset[str]:
    """The fields of a report's wrong lines."""
    lines = report.get("lines")
    return frozenset(str(line.get("field", "")) for line in lines
                     if isinstance(line, dict) and not line.get("ok")) \
        if isinstance(lines, list) else frozenset()


def _wrong_with(spec: SheetSpec, values: Mapping[str, str],
                extra: Mapping[str, str]) -> frozenset[str]:
    """The fields of the wrong lines with ``extra`` changed from ``values``."""
    if isinstance(spec, _Checked):
        return spec.wrong_with(values, extra)
    return _wrong(spec, {**values, **extra})[1]


def settle(spec: SheetSpec, drafts: Sequence[Draft], given: Mapping[str, str],
           crops: Mapping[str, bytes] | None = None) -> tuple[FieldReading, ...]:
    """Every field's final reading: read, ruled by the rules, or asked."""
    crops = crops or {}
    spec = _Checked(spec)
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
        elif d.best[1] >= READ_AT and not _unclean(d.best[0]) and fits(d.box, d.best[0]):
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
                    and not _surely_inked(d, v)]
            p = dict(d.candidates).get(good[0], 0.0) if len(good) == 1 else 0.0
            if p >= PLAUSIBLE and not _unclean(good[0]) and fits(d.box, good[0]) \
                    and not _hides_ink(d, good[0]):
                ruled[d.name] = (good[0], p)
            else:
                why[d.name] = (f"{len(good)} values check out" if len(good) != 1 else
                               f"only {_shown(good[0])} checks out, which the eye hardly saw")
        # the groups settle together in the same pass (a field ruled alone bears on no line
        # of theirs); the next pass tries again what the values ruled now may decide
        ruled.update(_jointly(spec, values, [d for d in open_ if d.name not in ruled], reach,
                              why))
        if not ruled:
            break
        for d in open_:
            if d.name not in ruled:
                continue
            value, p = ruled[d.name]
            first, p_first = d.best
            if value != first and (p_first >= SWITCH_BELOW or p < SWITCH_MIN):
                # the eye saw another value clearly: perhaps the player's own mistake, so
                # the person says which (the check then reports it if it was one)
                status[d.name] = "ask"
                notes[d.name] = (f"read {_shown(first)} ({percent(p_first)}); the rules would "
                                 f"expect {_shown(value)}: which is written?")
                chosen[d.name] = p_first
                continue
            status[d.name] = "ruled"
            chosen[d.name] = p
            notes[d.name] = ("the rules agree with the likeliest reading" if value == first
                             else f"read {_shown(first)} first; the rules chose "
                                  f"{_shown(value)}")
            values[d.name] = value
        spec.ref = None  # ``values`` changed in place
    if all(status.get(d.name) in ("read", "ruled") for d in drafts):
        _audit(spec, drafts, values, status, notes, given)
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


def _reach(spec: _Checked, values: Mapping[str, str],
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
        _wrong_with(spec, values, {d.name: options[0]})  # remembered
        took.append(time.thread_time() - start)
        if len(took) > 4 and took[-1] > COSTLY * statistics.median(took):
            costly.append(d)
            continue
        wrong[d.name] = {v: _wrong_with(spec, values, {d.name: v}) for v in options}
    for d in costly:
        if spec.spent():
            break
        wrong[d.name] = {v: _wrong_with(spec, values, {d.name: v}) for v in space(d)}
    return wrong


def second_look(spec: SheetSpec, drafts: Sequence[Draft], confirmed: Mapping[str, str],
                trusted: frozenset[str]) -> dict[str, str]:
    """The audit once the person has confirmed what was asked: ``confirmed`` holds every
    field's value (``trusted`` the ones the person confirmed or changed).  When the sheet
    still does not check out, each other reading under ``AUDIT_BELOW`` that another value
    would put right is asked now, ``{name: note}``.  Run before the person's answers are in,
    the audit would ask every reading on a line an unconfirmed field leaves wrong."""
    status: dict[str, Status] = {name: "ask" for name in trusted}
    notes: dict[str, str] = {}
    _audit(_Checked(spec), drafts, confirmed, status, notes, {})
    return {name: notes[name] for name, st in status.items()
            if st == "ask" and name not in trusted}


def _audit(spec: SheetSpec, drafts: Sequence[Draft], values: Mapping[str, str],
           status: dict[str, Status], notes: dict[str, str], given: Mapping[str, str]) -> None:
    """When the sheet as read does not check out, a reading the eye was not quite certain of
    (under ``AUDIT_BELOW``) that another value of its weakest box would put right is asked
    rather than trusted: it may be a misreading, not the player's mistake.  Nothing is
    changed: the person says which is written, and the check reports a real mistake.

    Two misreadings on one line hide each other: with a Galaxy Trucker round's goods misread
    too, putting its credits in flight right (a 0 read as 5 at 99.94 %) leaves the round's
    line as wrong as before, so it would be trusted, and once the person corrected the goods
    the check would blame the player for the eye's 5.  So the audit looks again
    (``AUDIT_ROUNDS``) as if each field it asks held the value that puts most right, and
    asks too what would then put more right."""
    values = dict(values)
    for look in range(AUDIT_ROUNDS):
        base = _wrong(spec, values)[1]
        if not base:
            return
        fixes: dict[str, str] = {}
        for d in drafts:
            if (status.get(d.name) == "ask" or d.name in given
                    or d.box.kind not in ("digits", "choice") or d.best[1] >= AUDIT_BELOW
                    or not d.parts):
                continue
            if isinstance(spec, _Checked) and spec.spent():
                # no time left to audit it: asked, not trusted
                status[d.name] = "ask"
                notes[d.name] = (f"read {_shown(values[d.name])} ({percent(d.best[1])}); too "
                                 "many doubtful fields on this photo to try the rules: confirm")
                continue
            tried = {v: len(_wrong_with(spec, values, {d.name: v}))
                     for v in space(d) if v != values[d.name]}
            better = [v for v, n in tried.items() if n < len(base)]
            if not better:
                continue
            status[d.name] = "ask"
            seen = dict(d.candidates).get(values[d.name], 0.0)
            beside = "" if look == 0 else "with the fields asked beside it, "
            notes[d.name] = (f"read {_shown(values[d.name])} ({percent(seen)}), but {beside}"
                             f"the sheet would check out with {_shown(better[0])}: which is "
                             "written?")
            fixes[d.name] = min(better, key=lambda v: tried[v])
        if not fixes:
            return
        values.update(fixes)  # as if the person wrote what puts most right


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
        if math.prod(len(o) for o in options) > MAX_JOINT:
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
            late = isinstance(spec, _Checked) and spec.spent()
            if late:
                break  # no time left: the group is asked
            if fine(combo):
                good.append(combo)
                if len(good) > 1:
                    break
        if tried is not options and len(good) == 1 and not late:
            near_misses = ((*good[0][:i], v, *good[0][i + 1:])
                           for i, (d, o) in enumerate(zip(group, options, strict=True))
                           for v in o if v != good[0][i] and not _surely_inked(d, v))
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
        if all(p >= PLAUSIBLE and not _unclean(v) and fits(d.box, v) and not _hides_ink(d, v)
               for d, (v, p) in zip(group, picked.values(), strict=True)):
            out.update(picked)
    return out


class _Fits:
    """Whether a combination of a group's readings leaves none of its lines wrong."""

    def __init__(self, spec: SheetSpec, values: Mapping[str, str], names: list[str],
                 near: frozenset[str]) -> None:
        self.spec, self.values, self.names, self.near = spec, values, names, near

    def __call__(self, combo: tuple[str, ...]) -> bool:
        w = _wrong_with(self.spec, self.values, dict(zip(self.names, combo, strict=True)))
        return not (w & self.near) and not (w & set(self.names))


def fits(box: FieldBox, value: str) -> bool:
    """Whether ``value`` is one the field's boxes can hold: every digit one its comb may hold
    (a rank 0-5, not 7), and a choice with a comb both ticked and written (a Weird Galaxy tile
    with no suit ticked is unfinished, not "3").  A reading that does not fit is never taken
    without the person: the eye misread something, or the player made a slip the check would
    not name.

    >>> from pnp.sheetread.layout import choice
    >>> from pnp.render.geometry import Rect
    >>> tile = choice("m1_source", Rect(0, 0, 200, 20), tuple("ab"), 1, alphabet="012345")
    >>> [fits(tile, v) for v in ("a3", "", "3", "a", "a7", "b0")]
    [True, True, False, False, False, True]
    """
    if not value or box.kind not in ("digits", "choice"):
        return True
    rest = value
    if box.kind == "choice":
        option = next((o for o in box.options if value.startswith(o)), None)
        if option is None:
            return False
        rest = value[len(option):]
        if not box.boxes:
            return rest == ""
        if not rest:
            return False
    return all(ch in box.alphabet for ch in rest.lstrip("-"))


def _unclean(value: str) -> bool:
    """A reading with an unknown mark ('?': ink in a sign box that is no minus) or a gap
    between digits ('_') is never taken without the person."""
    return "?" in value or "_" in value


def _hides_ink(d: Draft, value: str) -> bool:
    """Whether ``value`` is an empty reading of a field where the eye saw ink (a non-empty
    reading at least ``PLAUSIBLE``): the rules never rule written ink away (a thin 1 can look
    nearly blank, and an empty field often checks out), the person says."""
    return value == "" and any(v != "" and p >= PLAUSIBLE for v, p in d.candidates)


def _surely_inked(d: Draft, value: str) -> bool:
    """Whether ``value`` is an empty reading of a field the eye never thought empty (no empty
    reading among its candidates: every box surely holds ink).  Such a reading is no rival
    to the one that checks out: "" and "0" often check out alike."""
    return value == "" and all(v != "" for v, _p in d.candidates)


def _shown(value: str) -> str:
    return repr(value) if value else "empty"


__all__ = ["PLAUSIBLE", "READ_AT", "second_look", "settle"]

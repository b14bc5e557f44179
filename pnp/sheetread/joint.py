"""Doubtful fields settled by the checker's own equations, line by line.

Where a game says which report lines each field bears on (``SheetSpec.bears_on``: a Weird
Galaxy mission's tiles bear on their row's lines and the total paid, its distance on its own
line), the doubtful fields are settled together without trying every combination: the fields
that share a line make a group (a mission row), and each group's readings are searched field
by field, a line checked as soon as every doubtful field it depends on has a reading (the
tiles first, then the distance, payoff and paid), so a reading that breaks a line is dropped
with every combination behind it.  The search finds *every* combination of the group's values
(all those its doubtful boxes could hold, ``choices.space``) that leaves none of its lines
wrong; a field takes a value only when every such combination gives it that same value (the
one consistent reading), so one field of a row can be settled while another stays asked.

A line many doubtful fields bear on (the total paid, on a photo with many doubtful rows:
``WIDE``) does not join their rows into one group; it ties them only where the rows' own
combinations are few enough to be tried together (``MAX_ACROSS``).  Leaving a line out only
leaves more combinations, never fewer: a field is then settled less often, never wrongly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence

from pnp.sheetread import rows
from pnp.sheetread.boxes import Draft
from pnp.sheetread.checked import Checked
from pnp.sheetread.choices import space, surely_inked

WIDE = 6  # a line more doubtful fields than this bear on ties no group
MAX_NODES = 20_000  # readings tried in one group before it is given up (asked)
MAX_ACROSS = 400  # combinations of groups tried together on a line they share
WEIGH_NODES = 2000
"""Readings a group's search tries past the point where every field has two values that
check out, for the weights to pin one of them (``rows.PINNED``)."""
Values = dict[str, frozenset[str]]
Found = tuple[list[dict[str, str]], bool] | None  # the combinations, and whether all


def lines_of(spec: Checked, drafts: Sequence[Draft]) -> dict[str, frozenset[str]] | None:
    """The lines each doubtful field bears on (its own always), or None when the game does
    not say for one of them."""
    out = {}
    for d in drafts:
        lines = spec.bears_on(d.name)
        if lines is None:
            return None
        out[d.name] = lines | {d.name}
    return out


def consistent(spec: Checked, values: Mapping[str, str], drafts: Sequence[Draft],
               lines: Mapping[str, frozenset[str]]) -> dict[str, Values | None]:
    """For each doubtful field, the values it takes in the combinations of its group that
    leave none of the group's lines wrong (empty: none does), or None when the group could
    not be searched (time or size): its fields are asked."""
    weighed = weights(spec, values, drafts, lines)
    return {name: None if w is None else {name: frozenset(w)} for name, w in weighed.items()}


def weights(spec: Checked, values: Mapping[str, str], drafts: Sequence[Draft],
            lines: Mapping[str, frozenset[str]]) -> dict[str, dict[str, float] | None]:
    """For each doubtful field, the values it takes in the combinations of its group that
    leave none of the group's lines wrong, each with its share of their weight (a
    combination weighs the eye's odds of its values, ``rows.odds``: a value the eye did not
    list ``rows.FLOOR``), or None when the group could not be searched (time or size)."""
    odds = {d.name: rows.odds(d, _options(d)) for d in drafts}
    scope: dict[str, set[str]] = {}
    for d in drafts:
        for line in lines[d.name]:
            scope.setdefault(line, set()).add(d.name)
    narrow = {line for line, names in scope.items() if len(names) <= WIDE}
    groups = _groups([d.name for d in drafts], lines, narrow)
    found: dict[str, Found] = {}
    kept: dict[str, Found] = {}
    for group in sorted(groups, key=lambda g: math.prod(len(odds[n]) for n in g)):
        # the groups with fewest readings first: when the time runs out, the ones left
        # (asked) are those that would have cost the most
        search = None if spec.spent() else _search(spec, values, group, odds, lines,
                                                   scope, narrow)
        for name in group:
            found[name] = search
            kept[name] = search
    _across(spec, values, groups, found, scope, narrow, kept)
    return {name: None if combos is None else _shares(name, *combos, odds)
            for name, combos in kept.items()}


def _shares(name: str, combos: list[dict[str, str]], whole: bool,
            odds: Mapping[str, Mapping[str, float]]) -> dict[str, float]:
    """Each value of ``name`` among ``combos`` with its share of their weight; 0 for each
    when the search stopped early (``whole`` false: every field had two values, and the
    weights of those not tried could have been any)."""
    if not whole:
        return {combo[name]: 0.0 for combo in combos}
    mass: dict[str, float] = {}
    for combo in combos:
        w = math.prod(odds[k][v] for k, v in combo.items())
        mass[combo[name]] = mass.get(combo[name], 0.0) + w
    total = sum(mass.values()) or 1.0
    return {v: w / total for v, w in mass.items()}


def _options(d: Draft) -> list[str]:
    """The values a doubtful field may hold, the eye's likeliest first; an empty reading of a
    field the eye never thought empty is no rival ("" and "0" often check out alike)."""
    seen = dict(d.candidates)
    values = [v for v in space(d) if not surely_inked(d, v)]
    return sorted(values, key=lambda v: -seen.get(v, 0.0))


def _groups(names: list[str], lines: Mapping[str, frozenset[str]],
            narrow: set[str]) -> list[list[str]]:
    """The fields joined by the narrow lines they share, each group in search order: the
    fields bearing on most lines (a mission's tiles) first, so lines are whole early."""
    parent = {name: name for name in names}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    owner: dict[str, str] = {}
    for name in names:
        for line in lines[name] & narrow:
            if line in owner:
                parent[root(name)] = root(owner[line])
            else:
                owner[line] = name
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(root(name), []).append(name)
    return [sorted(g, key=lambda n: (-len(lines[n]), names.index(n))) for g in groups.values()]


def _search(spec: Checked, values: Mapping[str, str], group: list[str],
            odds: Mapping[str, Mapping[str, float]], lines: Mapping[str, frozenset[str]],
            scope: Mapping[str, set[str]], narrow: set[str]) -> Found:
    """Every combination of the group's values (``odds``: each field's values, the eye's
    likeliest first, with their odds) that leaves none of its narrow lines wrong, each line
    checked once its last doubtful field has a value, and whether that is all of them: the
    search stops early once nothing more could be settled (``_undecided``).  None past
    ``MAX_NODES`` or the photo's time."""
    whole: list[frozenset[str]] = []  # the lines whole once field k has its value
    for k, name in enumerate(group):
        done = set(group[:k + 1])
        whole.append(frozenset(line for line in lines[name] & narrow
                               if scope[line] <= done))
    combos: list[dict[str, str]] = []
    mass: dict[str, dict[str, float]] = {name: {} for name in group}
    weight = [1.0] * (len(group) + 1)  # the eye's odds of the values chosen before field k
    rest = [0.0] * len(group)  # the odds of field k's values not tried yet
    nodes = 0
    chosen: dict[str, str] = {}
    stop = False
    seen_two: list[int] = []  # the nodes tried when every field had two values, and since

    def walk(k: int) -> bool:  # False: given up
        nonlocal nodes, stop
        if k == len(group):
            combos.append(dict(chosen))
            for name, v in chosen.items():
                mass[name][v] = mass[name].get(v, 0.0) + weight[k]
            if all(len(m) > 1 for m in mass.values()):
                # nothing is the one consistent value any more; only the weights may still
                # pin one, and only while it is worth the search (``WEIGH_NODES``)
                seen_two.append(nodes)
                left = sum(w * r for w, r in zip(weight, rest, strict=False))
                stop = nodes - seen_two[0] > WEIGH_NODES or _undecided(mass, left)
            return True
        name = group[k]
        rest[k] = sum(odds[name].values())
        for v, p in odds[name].items():
            nodes += 1
            if nodes > MAX_NODES or (nodes % 16 == 0 and spec.spent()):
                return False
            rest[k] -= p
            chosen[name] = v
            weight[k + 1] = weight[k] * p
            if not (spec.wrong_with(values, chosen) & whole[k]) and not walk(k + 1):
                return False
            del chosen[name]
            if stop:
                break
        rest[k] = 0.0
        return True

    if not walk(0):
        return None
    return combos, not stop


def _undecided(mass: Mapping[str, Mapping[str, float]], left: float) -> bool:
    """Whether no value of a group's fields (each with two that check out) can reach
    ``rows.PINNED`` of the weight any more, whatever the combinations not tried yet (weighing
    at most ``left``) say: the others already outweigh its share."""
    margin = (1 - rows.PINNED) / rows.PINNED
    for m in mass.values():
        total = sum(m.values())
        if total < margin * left:  # a value not seen yet could still have all of it
            return False
        if any(total - w < margin * (w + left) for w in m.values()):
            return False
    return True


def _across(spec: Checked, values: Mapping[str, str], groups: list[list[str]],
            found: Mapping[str, Found],
            scope: Mapping[str, set[str]], narrow: set[str],
            out: dict[str, Found]) -> None:
    """The wide lines (a total of every row): the groups that bear on one are tried together
    when their combinations are few, and only combinations that leave it right are kept.
    When none is (a player's slip in the total, or a row's misreading the search kept), the
    line says nothing and the groups keep what their own lines allowed."""
    for line in sorted(set(scope) - narrow):
        tied = [g for g in groups if scope[line] & set(g)]
        searched = [found[g[0]] for g in tied]
        sets = [s[0] for s in searched if s is not None and s[1] and s[0]]
        if len(sets) < len(tied) or math.prod(len(s) for s in sets) > MAX_ACROSS or \
                spec.spent():
            continue  # a group given up, cut short or with no reading: the line says nothing
        kept = []
        for parts in itertools.product(*sets):
            chosen = {k: v for part in parts for k, v in part.items()}
            if line not in spec.wrong_with(values, chosen):
                kept.append(chosen)
        if not kept:
            continue
        for g in tied:
            for name in g:
                out[name] = (kept, True)


__all__ = ["MAX_NODES", "WEIGH_NODES", "WIDE", "consistent", "lines_of", "weights"]

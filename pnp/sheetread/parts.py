"""A page printed in parts, merged before the check: the Wormholes record on A5, whose A4
pages each come in three landscape parts (``SheetLayout.part``: the whole page's id, the
part's number, how many).

The parts carry the whole page's field names, so a page's parts joined are that page as the
game's checker reads it.  ``merged`` takes pages as read, in page order (each photo's
values), and joins each run of parts of one page: the same whole page and, for a page printed
again and again, the same number in its Page boxes.  A part given twice, or a part missing
before the page's last one given (or at the end of a page that is not the record's last),
is named in a report line; a missing part's rows would otherwise read as turns not played.
The record's last page may stop early: the game may have ended before its last part.

>>> merged("wormholes", [{"orthogon": "Ann", "t1_side": "O"}, {"t5_side": "D"},
...                      {"t18_side": ""}])[0]
[{'orthogon': 'Ann', 't1_side': 'O', 't5_side': 'D', 't18_side': ''}]
>>> pages, problems = merged("wormholes", [{"orthogon": "Ann"}, {"t18_side": "O"}])
>>> print(problems[0].why)
part 2 of 3 of page 1 (turns 5-17) is missing: photograph every part of each page, a blank one too
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from pnp.engine.sheetspec import Line
from pnp.sheetread.layout import SheetLayout, layouts

PAGE_FIELD = "page"
"""A page printed again and again carries its number in this field, on each of its parts."""


@cache
def _parts(game: str) -> tuple[tuple[SheetLayout, frozenset[str], frozenset[str]], ...]:
    """Each part layout of the game, its field names (the seed the QR gives included) and
    the names no other part of its page has."""
    found = [lay for lay in layouts(game) if lay.part is not None]
    out = []
    for lay in found:
        names = frozenset(lay.field_names()) | {lay.seed_field or ""}
        others = {n for o in found if o.part and lay.part and o.part[0] == lay.part[0]
                  and o is not lay for n in o.field_names()}
        out.append((lay, names, names - others - {lay.seed_field or ""}))
    return tuple(out)


def part_of(game: str, names: Iterable[str]) -> SheetLayout | None:
    """The part a page's field names are of, or None (a whole page, or a game without
    parts): the part whose fields hold them all, one of them its own."""
    given = set(names)
    for lay, fields, own in _parts(game):
        if given <= fields and not own.isdisjoint(given):
            return lay
    return None


def has_parts(game: str) -> bool:
    return bool(_parts(game))


@dataclass
class _Page:
    whole: str
    number: str
    count: int
    layouts: dict[int, SheetLayout] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)


def merged(game: str, pages: Sequence[Mapping[str, str]]) -> tuple[list[dict[str, str]],
                                                                    list[Line]]:
    """The pages with each page's parts joined, and what is wrong with the parts given."""
    out, problems, _owner = joined(game, pages)
    return out, problems


def joined(game: str, pages: Sequence[Mapping[str, str]]
           ) -> tuple[list[dict[str, str]], list[Line], list[int]]:
    """``merged``, and the index of the joined page each page given went into."""
    if not has_parts(game):
        return [dict(p) for p in pages], [], list(range(len(pages)))
    out: list[dict[str, str] | _Page] = []
    problems: list[Line] = []
    owner: list[int] = []
    for page in pages:
        lay = part_of(game, page)
        if lay is None or lay.part is None:
            out.append(dict(page))
            owner.append(len(out) - 1)
            continue
        whole, k, count = lay.part
        number = str(page.get(PAGE_FIELD, "")).strip()
        last = out[-1] if out else None
        if not (isinstance(last, _Page) and (last.whole, last.number) == (whole, number)):
            last = _Page(whole, number, count)
            out.append(last)
        owner.append(len(out) - 1)
        if k in last.layouts:
            problems.append(Line(PAGE_FIELD, number, "", False,
                                 f"{_name(lay, number)} is given twice: only the first is "
                                 "read"))
            continue
        last.layouts[k] = lay
        last.values.update({n: str(v) for n, v in page.items()
                            if str(v).strip() or n not in last.values})
    for p in out:
        if not isinstance(p, _Page):
            continue
        top = max(p.layouts) if out[-1] is p else p.count  # the record may end early
        for k in range(1, top + 1):
            if k not in p.layouts:
                problems.append(Line(PAGE_FIELD, p.number, "", False,
                                     f"{_missing(game, p, k)} is missing: photograph every "
                                     "part of each page, a blank one too"))
    return [p.values if isinstance(p, _Page) else p for p in out], problems, owner


def _name(lay: SheetLayout, number: str) -> str:
    """"part 2 of 3 of page 1 (turns 5-17)", from the part's title."""
    assert lay.part is not None
    _whole, k, count = lay.part
    rows = lay.title.rpartition("(")[2].rstrip(")")
    page = "page 1" if PAGE_FIELD not in lay.field_names() else (
        f"page {number}" if number else "a continuation page")
    return f"part {k} of {count} of {page} ({rows})"


def _missing(game: str, page: _Page, k: int) -> str:
    lay = next(lay for lay, _f, _o in _parts(game) if lay.part == (page.whole, k, page.count))
    return _name(lay, page.number)


def with_problems(report: Mapping[str, object], problems: Sequence[Line]) -> dict[str, object]:
    """A check's report with the parts' problems leading its lines (and not ok)."""
    if not problems:
        return dict(report)
    lines = report.get("lines")
    return {**report, "ok": False,
            "lines": [*(p.to_json() for p in problems), *(lines if isinstance(lines, list)
                                                         else [])]}


__all__ = ["has_parts", "joined", "merged", "part_of", "with_problems"]

"""A record in pages: the front page, then continuation pages numbered by hand.

One continuation print serves every page number, so its rows are named by their place on the
page (``r1_side``) and its ``page`` comb says which turns they are.  ``join_pages`` turns the
pages, in the order given, into one record whose turns are named by number (what the checker
reads) and names what is wrong with the pages themselves: a page without a number, a number
given twice, a page out of order, rows of another game (another seed).  ``split_pages`` is its
inverse: a record by turn number cut into the pages a player fills.

>>> front = {"seed": "7", "t1_side": "O"}
>>> more = {"page": "3", "r2_side": "D"}
>>> fields, problems, numbers = join_pages([front, {"page": "2", "r1_side": "O"}, more])
>>> fields["t31_side"], fields["t78_side"], problems, numbers
('O', 'D', [], [1, 2, 3])
>>> _, problems, _ = join_pages([front, more, {"page": "2"}])
>>> print(problems[0].why)
page 2 comes after page 3: give the pages in page order (1, 2, 3...)
>>> [p.get("page") for p in split_pages({"t1_side": "O", "t80_side": "D"})]
[None, '2', '3']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from pnp.engine.sheetspec import Line
from pnp.games.wormholes.sheet.fields import (
    MAX_PAGE,
    PAGE_FIELD,
    PAGE_ROWS,
    page_of,
    page_turns,
    rows_written,
)

_PAGE_ROW = re.compile(r"r(\d{1,3})_([a-z]+\d?)")
_TURN = re.compile(r"t(\d{1,5})_([a-z]+\d?)")


@lru_cache(maxsize=8192)
def page_row(name: str) -> tuple[int, str] | None:
    """A continuation page's row field as (row, column): ``r3_side`` -> (3, "side").  Field
    names come back thousands of times while a photo's readings are tried, so they are parsed
    once."""
    m = _PAGE_ROW.fullmatch(name)
    return None if m is None else (int(m.group(1)), m.group(2))


def is_page_field(name: str) -> bool:
    """A continuation page's own field (its number, or a row by its place on the page)."""
    return name == PAGE_FIELD or page_row(name) is not None


def split_front(fields: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str] | None]:
    """A flat record as the kit's form holds it: the front page's fields and the one
    continuation page's (None when it has none written)."""
    front = {k: v for k, v in fields.items() if not is_page_field(k)}
    more = {k: v for k, v in fields.items() if is_page_field(k)}
    return front, (more if any(str(v).strip() for v in more.values()) else None)


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ...

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _number(page: Mapping[str, str], k: int, last: int, problems: list[Line]) -> int:
    """The page number of the ``k``-th page given (1 for a front page); a missing or
    unreadable number is named and taken as the next page."""
    if not any(is_page_field(name) for name in page):
        return 1
    written = str(page.get(PAGE_FIELD, "")).strip()
    guess = max(last + 1, 2)
    if written.isascii() and written.isdigit() and 2 <= int(written) <= MAX_PAGE:
        return int(written)
    if not written:
        problems.append(Line(PAGE_FIELD, "", str(guess), False,
                             f"the {_ordinal(k)} page given has no page number: write it in "
                             f"its Page boxes ({guess} if it follows page {guess - 1}); read "
                             f"as page {guess}"))
    else:
        problems.append(Line(PAGE_FIELD, written, str(guess), False,
                             f"a continuation page is numbered 2 to {MAX_PAGE} (page 1 is the "
                             f"front); the {_ordinal(k)} page given was read as page {guess}"))
    return guess


def join_pages(pages: Sequence[Mapping[str, str]]
               ) -> tuple[dict[str, str], list[Line], list[int]]:
    """The pages, in the order given, as one record by turn number; what is wrong with the
    pages themselves; the page numbers read, in page order."""
    out, problems, numbers, _each = numbered_pages(pages)
    return out, problems, numbers


def numbered_pages(pages: Sequence[Mapping[str, str]]
                   ) -> tuple[dict[str, str], list[Line], list[int], list[int | None]]:
    """``join_pages``, and the number each page given was read as (None: a page given twice,
    not read)."""
    each: list[int | None] = []
    out: dict[str, str] = {}
    problems: list[Line] = []
    seen: dict[int, int] = {}
    last = 0
    for k, page in enumerate(pages, start=1):
        number = _number(page, k, last, problems)
        each.append(None if number in seen else number)
        if number in seen:
            problems.append(Line(PAGE_FIELD, str(number), "", False,
                                 f"page {number} is given twice (the {_ordinal(seen[number])} "
                                 f"and the {_ordinal(k)} page): only the first is read"))
            continue
        if number < last:
            problems.append(Line(PAGE_FIELD, str(number), f"before page {last}", False,
                                 f"page {number} comes after page {last}: give the pages in "
                                 "page order (1, 2, 3...)"))
        seen[number] = k
        last = max(last, number)
        first = page_turns(number).start
        for name, value in page.items():
            text = str(value)
            m = page_row(name)
            if name == PAGE_FIELD:
                continue
            if m is not None:
                row = m[0]
                if 1 <= row <= PAGE_ROWS:
                    out[f"t{first + row - 1}_{m[1]}"] = text
                elif text.strip():
                    problems.append(Line(name, text, "", False, f"a continuation page has "
                                         f"rows 1 to {PAGE_ROWS}"))
            elif name == "seed" and text.strip() and out.get("seed", "").strip() not in (
                    "", text.strip()):
                problems.append(Line("seed", text, out["seed"], False,
                                     f"page {number} is from the kit of seed {text.strip()}, "
                                     f"the pages before it of seed {out['seed']}: is it another "
                                     "game's page?"))
            elif text.strip() or name not in out:
                out[name] = text
    return out, problems, sorted(seen), each


def split_pages(fields: Mapping[str, str]) -> list[dict[str, str]]:
    """A record by turn number as the pages a player fills: the front page (every field but
    the turns after its last row), then a continuation page for each further page up to the
    last written turn, with its number."""
    front: dict[str, str] = {}
    more: dict[int, dict[str, str]] = {}
    for name, value in fields.items():
        m = _TURN.fullmatch(name)
        page = page_of(int(m.group(1))) if m else 1
        if page == 1:
            front[name] = value
            continue
        assert m is not None
        row = int(m.group(1)) - page_turns(page).start + 1
        more.setdefault(page, {})[f"r{row}_{m.group(2)}"] = value
    top = page_of(rows_written(fields)) if rows_written(fields) else 1
    return [front, *({PAGE_FIELD: str(p), **more.get(p, {})} for p in range(2, top + 1))]


__all__ = ["is_page_field", "join_pages", "numbered_pages", "page_row", "split_front",
           "split_pages"]

"""The record sheet's fields and pages: which field holds what, and which turns each page holds.

The front page holds turns 1-30 with the players, the wormhole layout and the result; a
continuation page, printed as many times as a game needs, holds 46 turns and a page-number comb
(``page``): page N holds turns 46N-61 to 46N-16 (page 2: 31-76, page 3: 77-122, ...).  A
continuation page's rows are named by their place on the page (``r1_side`` ... ``r46_back2``),
since one print serves every page number; the checker reads them as turns once it knows the
page (``pages.join_pages``).  A whole record may also name every turn by its number
(``t123_side``): that is what ``fields_from_play`` writes, and what the checker reads.

>>> page_turns(1), page_turns(2), page_turns(5)
(range(1, 31), range(31, 77), range(169, 215))
>>> [page_of(t) for t in (1, 30, 31, 76, 77, 436)]
[1, 1, 2, 2, 3, 10]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from pnp.games.wormholes.board import SUITS

GAME_ID = "wormholes"
FRONT_ROWS = 30
"""Turn rows on the front page (below the players, the layout and the result)."""
PAGE_ROWS = 46
"""Turn rows on each continuation page.  Greedy engine playouts end within 92 turns in 99 of
100 one-ship games; two-ship games run to 436 (docs/rulings.md, WH record sheet), ten pages."""
MAX_PAGE = 99
"""The page comb has two boxes: 99 pages hold 4,538 turns."""
PAGE_FIELD = "page"
SLOTS = (1, 2)
MOVE_COLUMNS = ("ship", "from", "to", "value", "jump", "send", "back")
TURN_COLUMNS = ("side", "dice")
TOTAL_FIELDS = ("winner", "turns")
PLAYER_FIELDS = ("orthogon", "diagon")
COINS_PER_SUIT = 6


def page_turns(page: int) -> range:
    """The turns page ``page`` (1 the front, 2 on continuation pages) holds."""
    if page <= 1:
        return range(1, FRONT_ROWS + 1)
    first = FRONT_ROWS + (page - 2) * PAGE_ROWS + 1
    return range(first, first + PAGE_ROWS)


def page_of(turn: int) -> int:
    """The page that holds turn ``turn``."""
    if turn <= FRONT_ROWS:
        return 1
    return 2 + (turn - FRONT_ROWS - 1) // PAGE_ROWS


def layout_fields() -> list[str]:
    return [f"wh_{s}{k}" for s in SUITS for k in range(1, COINS_PER_SUIT + 1)]


def columns() -> list[str]:
    """A turn row's columns: side, dice, then each ship move's."""
    return [*TURN_COLUMNS, *(f"{c}{k}" for k in SLOTS for c in MOVE_COLUMNS)]


@lru_cache(maxsize=4096)
def row_fields(n: int, prefix: str = "t") -> tuple[str, ...]:
    """Turn ``n``'s fields (``prefix`` "r": row ``n`` of a continuation page); made once a
    row (the checker asks for them on every check of a photo's many)."""
    return tuple(f"{prefix}{n}_{c}" for c in columns())


@lru_cache(maxsize=4096)
def move_fields(n: int, k: int) -> dict[str, str]:
    """Turn ``n``'s ship move ``k``'s fields by column (``{"to": "t3_to1", ...}``; shared:
    never change it)."""
    return {c: f"t{n}_{c}{k}" for c in MOVE_COLUMNS}


def continuation_fields() -> list[str]:
    """A continuation page's fields: its number, then its rows."""
    return [PAGE_FIELD, *(name for i in range(1, PAGE_ROWS + 1) for name in row_fields(i, "r"))]


def field_names() -> list[str]:
    """The kit's fillable record: the front page and one continuation page."""
    names = ["seed", *PLAYER_FIELDS, "two_ships", *layout_fields()]
    for n in page_turns(1):
        names += row_fields(n)
    return [*names, *continuation_fields(), *TOTAL_FIELDS]


def rows_written(fields: Mapping[str, str]) -> int:
    """The highest turn (``t{n}_...``) holding a value; 0 for none."""
    top = 0
    for name, value in fields.items():
        turn = turn_of(name)
        if turn > top and str(value).strip():
            top = turn
    return top


_ROW_NAME = re.compile(r"t(\d{1,5})_[a-z]+\d?")


@lru_cache(maxsize=8192)
def turn_of(name: str) -> int:
    """The turn a field ``t{n}_...`` belongs to, 0 for any other field (parsed once a name:
    a photo's readings are checked hundreds of times)."""
    m = _ROW_NAME.fullmatch(name)
    return int(m.group(1)) if m else 0

"""Reading what people write on the record sheet: sides, ships, dice, cells and sends, each
forgiving of case and spacing, None when unreadable (the checker then names the field).

>>> read_dice("S3 M2", 0), read_dice("3 2", 0), read_dice("3", 0)
({'S': 3, 'M': 2}, {'S': 3, 'M': 2}, None)
>>> read_sends("e5 f9>f5")
[SendNote(cell=(5, 5), then=None), SendNote(cell=(6, 9), then=(6, 5))]

The record's layout version 2 has every cell written in a comb of digits: the column's digit
(a1 b2 c3 d4 e5 f6 g7 h8 i9 j0, as printed on the sheet) and then the row, so ``513`` is e13
and ``02`` is j2; ``on_paper`` spells a record for that paper:

>>> read_cell("513"), read_cell("02"), read_cell("e13"), read_cell("519")
((5, 13), (10, 2), (5, 13), None)
>>> on_paper({"t1_dice": "S3 M2", "t2_dice": "M4", "t1_from1": "j1", "t1_to1": "i1",
...           "wh_S1": "e13", "t1_send1": "e5>e9"})
{'t1_dice': '32', 't2_dice': '4', 't1_to1': '91', 'wh_S1': '513', 't1_send1': 'e5>e9'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.games.wormholes.board import (
    CELLS,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    parse_cell,
)

_FACES = {"0": 0, "N": 0, "NULL": 0, "1": 1, "A": 1, "ACE": 1, "2": 2, "3": 3, "4": 4, "5": 5}


def read_face(text: str) -> int | None:
    return _FACES.get(text.strip().upper())


_CELL_DIGITS = re.compile(r"\s*([0-9])\s*(0?[1-9]|1[0-8])\s*")
COLUMN_DIGITS = "1234567890"
"""The digit that stands for each column a..j on the record's version 2 (j is 0)."""


def written_cell(text: str) -> Cell | None:
    """A cell of the board's bounding box from its name ('e7', ' E7 ') or its digits ('57':
    column digit, then row), or None (whether it is on the board is a rule)."""
    m = _CELL_DIGITS.fullmatch(text)
    if m is not None:
        return COLUMN_DIGITS.index(m.group(1)) + 1, int(m.group(2))
    return parse_cell(text)


def read_cell(text: str) -> Cell | None:
    """A board cell from its name or its digits, or None."""
    cell = written_cell(text)
    return cell if cell in CELLS else None


def cell_digits(text: str) -> str:
    """A cell's name as the digits the record's version 2 has it written in ('e13' -> '513');
    anything else as it is."""
    cell = parse_cell(text)
    return text if cell is None else f"{COLUMN_DIGITS[cell[0] - 1]}{cell[1]}"


_CELL_COLUMNS = ("to", "jump")


def on_paper(fields: Mapping[str, str]) -> dict[str, str]:
    """A record (as ``fields_from_play`` or the form spells it) as written on the version 2
    paper: cells in digits, the dice as their faces in suit order (one face when one ship
    rolled, nothing when none did), no "from" column (the checker follows the ships)."""
    out: dict[str, str] = {}
    for name, value in fields.items():
        column = name.rpartition("_")[2].rstrip("12")
        if column == "from" and name[:1] in "tr":
            continue
        if (column in _CELL_COLUMNS and name[:1] in "tr") or name.startswith("wh_"):
            value = cell_digits(value)
        elif column == "dice":
            value = "".join(ch for ch in value if ch.isdigit())
        out[name] = value
    return out


def read_side(text: str, names: Mapping[int, str]) -> int | None:
    """0 or 1 from 'O', 'D', 'Orthog...', 'Diag...', or a player's name."""
    t = text.strip().lower()
    if not t:
        return None
    for seat in (0, 1):
        if names.get(seat) and t == names[seat].strip().lower():
            return seat
    if SIDE_NAMES[0].lower().startswith(t) or t in ("orthogon", "o"):
        return 0
    if SIDE_NAMES[1].lower().startswith(t) or t in ("diagon", "d"):
        return 1
    return None


def read_ship(text: str) -> Suit | None:
    t = text.strip().upper()
    if not t:
        return None
    for s in SUITS:
        if t == s or (len(t) > 1 and SUIT_NAMES[s].upper().startswith(t)):
            return s
    return None


def read_dice(text: str, seat: int) -> dict[Suit, int] | None:
    """'S3 M2', 'S3M2', 'm4', or bare faces in suit order ('3 2'); None if unreadable."""
    t = re.sub(r"[\s,;/+_-]", "", text.upper())
    if not t:
        return {}
    if re.fullmatch(r"[0-5NA]{1,2}", t) and not re.fullmatch(r"[SMCA][0-5NA]", t):
        if len(t) != 2:
            return None  # one bare face: which ship's?
        return {s: _FACES[ch] for s, ch in zip(SIDE_SUITS[seat], t, strict=True)}
    if len(t) % 2 or len(t) > 4:
        return None
    out: dict[Suit, int] = {}
    for i in range(0, len(t), 2):
        suit, face = t[i], t[i + 1]
        if suit not in "SMCA" or face not in _FACES or suit in out:
            return None
        out[SUITS[SUITS.index(suit)]] = _FACES[face]
    return out


@dataclass(frozen=True)
class SendNote:
    cell: Cell
    then: Cell | None  # where the sent ship's own wormhole jump took it ('e5>e9')


_MARKS = {"x", "✓", "✔", "yes", "y", "1", "true", "on", "/yes"}


def marked(text: str) -> bool:
    return text.strip().lower() in _MARKS


def read_back(text: str) -> tuple[Suit | None, SendNote] | None:
    """'c10', 'M c10', 'M:c10>c14': the own ship (the mover when not named) sent back, and
    where; None when unreadable (blank reads as an empty list at the caller)."""
    m = re.fullmatch(r"\s*(?:([SMCAsmca])\s*[:\s]?\s*)?([a-jA-J]\d{1,2}(?:>[a-jA-J]\d{1,2})?)\s*",
                     text)
    if m is None:
        return None
    notes = read_sends(m.group(2))
    if not notes or len(notes) != 1:
        return None
    suit = m.group(1).upper() if m.group(1) else None
    return (None if suit is None else SUITS[SUITS.index(suit)]), notes[0]


def read_sends(text: str) -> list[SendNote] | None:
    """'e5', 'e5 f9', 'e5>e9': the cells landed-on ships were sent to, in order."""
    out = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        parts = token.split(">")
        if len(parts) > 2:
            return None
        first = read_cell(parts[0])
        then = read_cell(parts[1]) if len(parts) == 2 else None
        if first is None or (len(parts) == 2 and then is None):
            return None
        out.append(SendNote(first, then))
    return out


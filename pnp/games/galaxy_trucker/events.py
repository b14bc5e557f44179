"""Galaxy Trucker flight events and their notation (docs/notation/galaxy-trucker.md, Flight).

No event text holds a space, so a typed line is split on white space only (commas belong to
squares and lists).  Decisions: ``2:I;141@7,7;12@6,7/1`` (take number tile 2 and enter this
ship; ``;aside=57,101`` after it: tiles set aside and never added), ``fix:12,30`` (spot-check
repair), ``crew:12P,15B`` / ``crew:-`` (aliens), ``go`` / ``quit`` (before a card),
``pow:36,37@74,74`` / ``pow:-`` (doubles powered, batteries spent), ``land:2``, ``yes``,
``yes:12,141`` (abandoned ship: the cabins giving crew), ``no``, ``cargo:97=YG,112=R`` /
``cargo:-`` (the whole cargo after loading), ``lose:12,12`` (crew given up), ``drop:97,74``
(the hold or battery giving each lost block or token), ``def:89@74`` / ``def:50`` (stop a
threat with a tile, paying from a battery), ``take`` (take the hit), ``keep:12`` (the piece
kept).  Chance: ``card:II-7`` (card turned up), ``roll:7`` (a 2d6 sum).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.engine import Chance, Decision, NotationError
from pnp.games.galaxy_trucker.cards import all_cards
from pnp.games.galaxy_trucker.notation import board_name


@dataclass(frozen=True)
class Enter(Decision):
    number: int
    ship: str  # part 1 ship notation with ';' between tokens (read against the tile set)
    aside: tuple[int, ...] = ()  # tiles set aside while building and never added (lost)


@dataclass(frozen=True)
class Fix(Decision):
    removed: tuple[int, ...]


@dataclass(frozen=True)
class Aliens(Decision):
    aliens: tuple[tuple[int, str], ...]  # (cabin, "P" | "B"), by cabin


@dataclass(frozen=True)
class Go(Decision):
    pass


@dataclass(frozen=True)
class Quit(Decision):
    pass


@dataclass(frozen=True)
class Power(Decision):
    doubles: tuple[int, ...]
    batteries: tuple[int, ...]


@dataclass(frozen=True)
class Land(Decision):
    row: int


@dataclass(frozen=True)
class Yes(Decision):
    cabins: tuple[int, ...] = ()


@dataclass(frozen=True)
class No(Decision):
    pass


@dataclass(frozen=True)
class Cargo(Decision):
    holds: tuple[tuple[int, str], ...]  # (hold tile, goods letters), by tile


@dataclass(frozen=True)
class Lose(Decision):
    cabins: tuple[int, ...]


@dataclass(frozen=True)
class Drop(Decision):
    tiles: tuple[int, ...]  # hold or battery giving each lost block or token, in order


@dataclass(frozen=True)
class Defend(Decision):
    tile: int
    battery: int | None = None


@dataclass(frozen=True)
class Take(Decision):
    pass


@dataclass(frozen=True)
class Keep(Decision):
    tile: int


@dataclass(frozen=True)
class Flip(Chance):
    card: str


@dataclass(frozen=True)
class Roll(Chance):
    total: int


GTEvent = (Enter | Fix | Aliens | Go | Quit | Power | Land | Yes | No | Cargo | Lose | Drop
           | Defend | Take | Keep | Flip | Roll)

_ID = r"[0-9]{1,4}"
_IDS = rf"{_ID}(?:,{_ID})*"
_ENTER = re.compile(rf"([1-4]):((?:IIIa|III|II|I)(?:;[0-9@,/]+)*)(?:;aside=({_IDS}))?",
                    re.IGNORECASE)
_ENTER_START = re.compile(r"[1-4]:(?:IIIa|III|II|I)?", re.IGNORECASE)
_SHIP_TOKEN = re.compile(r"[0-9]{1,4}@[0-9]{1,3},[0-9]{1,3}(?:/[0-3])?")
_I = re.IGNORECASE  # letters may be typed in either case
_FIX = re.compile(rf"fix:({_IDS})", _I)
_ALIENS = re.compile(rf"crew:(-|{_ID}[PB](?:,{_ID}[PB])?)", _I)
_POWER = re.compile(rf"pow:(?:-|({_IDS})@({_IDS}))", _I)
_LAND = re.compile(r"land:([1-4])", _I)
_YES = re.compile(rf"yes(?::({_IDS}))?", _I)
_CARGO = re.compile(rf"cargo:(-|{_ID}=[RYGB]{{1,3}}(?:,{_ID}=[RYGB]{{1,3}})*)", _I)
_LOSE = re.compile(rf"lose:({_IDS})", _I)
_DROP = re.compile(rf"drop:({_IDS})", _I)
_DEFEND = re.compile(rf"def:({_ID})(?:@({_ID}))?", _I)
_KEEP = re.compile(rf"keep:({_ID})", _I)
_FLIP = re.compile(r"card:(I{1,3}-[0-9]{1,2})", _I)
_ROLL = re.compile(r"roll:([0-9]{1,2})", _I)
_WORDS: dict[str, GTEvent] = {"go": Go(), "quit": Quit(), "no": No(), "take": Take()}
_VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}

HELP = ("expected e.g. 1:I;141@7,7;12@6,7/1, fix:12, drop:97, crew:12P or crew:-, go, quit, "
        "pow:36@74 or pow:-, land:2, yes, yes:12,141, no, cargo:97=YG or cargo:-, lose:12, "
        "def:89@74, take, keep:12, card:I-5, roll:7")


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def _sorted_goods(text: str) -> str:
    return "".join(sorted(text, key=lambda g: -_VALUE[g]))


def parse_event(text: str) -> GTEvent:
    t = text.strip()
    if not t:
        raise NotationError(text, "empty event")
    word = _WORDS.get(t.lower())
    if word is not None:
        return word
    if t[0] in "1234":  # a ship entry starts with its number tile (``2:I;...``)
        return _enter(text, t)
    # every other event starts with its own word (``fix:``, ``roll:``, ...): only that
    # word's pattern can match, so it is the one tried (the text is read once per process)
    head = t.split(":", 1)[0].lower()
    read = _BY_HEAD.get(head)
    if read is not None:
        event = read(text, t)
        if event is not None:
            return event
    raise NotationError(text, HELP)


def _enter(text: str, t: str) -> GTEvent:
    if _ENTER_START.match(t):
        # A ship as the ships page shows it (spaces between tokens) reads as with ';'.
        t = re.sub(r"[\s;]+", ";", re.sub(r"^([1-4]):[\s;]*", r"\1:", t))
    if m := _ENTER.fullmatch(t):
        tokens = m.group(2).split(";")
        bad = [w for w in tokens[1:] if not _SHIP_TOKEN.fullmatch(w)]
        if bad:
            raise NotationError(text, f"{bad[0]!r} is not a tile id@row,col with an optional "
                                "/rotation 0-3")
        board = board_name(tokens[0])
        assert board is not None  # the pattern admits only board names
        aside = tuple(sorted(set(_ids(m.group(3))))) if m.group(3) else ()
        return Enter(int(m.group(1)), ";".join([board, *tokens[1:]]), aside)
    if _ENTER_START.match(t):
        raise NotationError(text, "a ship entry is the number tile, ':', the board and the "
                            "tiles, separated by ';' or spaces: 2:I;141@7,7;12@6,7/1 (the "
                            "ships page's text pasted after '2:' works too)")
    raise NotationError(text, HELP)


def _fix(text: str, t: str) -> GTEvent | None:
    m = _FIX.fullmatch(t)
    return Fix(tuple(sorted(set(_ids(m.group(1)))))) if m else None


def _aliens(text: str, t: str) -> GTEvent | None:
    m = _ALIENS.fullmatch(t)
    if m is None:
        return None
    if m.group(1) == "-":
        return Aliens(())
    return Aliens(tuple(sorted((int(w[:-1]), w[-1].upper()) for w in m.group(1).split(","))))


def _power(text: str, t: str) -> GTEvent | None:
    m = _POWER.fullmatch(t)
    if m is None:
        return None
    if m.group(1) is None:
        return Power((), ())
    return Power(_ids(m.group(1)), _ids(m.group(2)))


def _land(text: str, t: str) -> GTEvent | None:
    m = _LAND.fullmatch(t)
    return Land(int(m.group(1))) if m else None


def _yes(text: str, t: str) -> GTEvent | None:
    m = _YES.fullmatch(t)
    if m is None:
        return None
    return Yes(_ids(m.group(1)) if m.group(1) else ())


def _cargo(text: str, t: str) -> GTEvent | None:
    m = _CARGO.fullmatch(t)
    if m is None:
        return None
    if m.group(1) == "-":
        return Cargo(())
    holds: dict[int, str] = {}
    for item in m.group(1).split(","):
        tile, _, goods = item.partition("=")
        if int(tile) in holds:
            raise NotationError(text, f"hold #{tile} is named twice")
        holds[int(tile)] = _sorted_goods(goods.upper())
    return Cargo(tuple(sorted(holds.items())))


def _lose(text: str, t: str) -> GTEvent | None:
    m = _LOSE.fullmatch(t)
    return Lose(_ids(m.group(1))) if m else None


def _drop(text: str, t: str) -> GTEvent | None:
    m = _DROP.fullmatch(t)
    return Drop(_ids(m.group(1))) if m else None


def _defend(text: str, t: str) -> GTEvent | None:
    m = _DEFEND.fullmatch(t)
    if m is None:
        return None
    return Defend(int(m.group(1)), int(m.group(2)) if m.group(2) else None)


def _keep(text: str, t: str) -> GTEvent | None:
    m = _KEEP.fullmatch(t)
    return Keep(int(m.group(1))) if m else None


def _flip(text: str, t: str) -> GTEvent | None:
    m = _FLIP.fullmatch(t)
    if m is None:
        return None
    if m.group(1).upper() not in all_cards():
        raise NotationError(text, "cards are I-1..I-20, II-1..II-20, III-1..III-20")
    return Flip(m.group(1).upper())


def _roll(text: str, t: str) -> GTEvent | None:
    m = _ROLL.fullmatch(t)
    return Roll(int(m.group(1))) if m else None


_BY_HEAD: dict[str, Callable[[str, str], GTEvent | None]] = {
    "fix": _fix, "crew": _aliens, "pow": _power, "land": _land, "yes": _yes,
    "cargo": _cargo, "lose": _lose, "drop": _drop, "def": _defend, "keep": _keep,
    "card": _flip, "roll": _roll}
"""The reader of each event word (the text before ``:``; ``yes`` may stand alone): its
pattern, which starts with that word, and the event (None when the pattern does not match)."""


def split_line(text: str) -> list[str]:
    """A typed line's events: white space separates them, except inside a ship entry, whose
    tiles may be pasted with spaces as the ships page shows them (``2:I 141@7,7 12@6,7/1``).

    >>> split_line("2:I 141@7,7 12@6,7/1 aside=57 go")
    ['2:I;141@7,7;12@6,7/1;aside=57', 'go']
    >>> split_line("2: iiia; 141@7,7")
    ['2:iiia;141@7,7']
    """
    out: list[str] = []
    joining = False
    for word in text.split():
        piece = word.strip(";")
        if joining and (_SHIP_TOKEN.fullmatch(piece) or board_name(piece)
                        or piece.lower().startswith("aside=")):
            out[-1] = f"{out[-1].rstrip(';')};{piece}".replace(":;", ":")
            continue
        joining = bool(_ENTER_START.match(word))
        out.append(word)
    return out


def _list(ids: tuple[int, ...]) -> str:
    return ",".join(str(i) for i in ids)


def format_event(event: GTEvent) -> str:
    write = _WRITE.get(type(event))
    if write is None:
        raise TypeError(f"not a Galaxy Trucker event: {event!r}")
    return write(event)


def _ids_or(word: str, ids: tuple[int, ...]) -> str:
    return f"{word}:{_list(ids)}" if ids else word


_WRITE: dict[type, Callable[[Any], str]] = {
    Enter: lambda e: f"{e.number}:{e.ship}" + (f";aside={_list(e.aside)}" if e.aside else ""),
    Fix: lambda e: f"fix:{_list(e.removed)}",
    Aliens: lambda e: "crew:" + (",".join(f"{c}{a}" for c, a in e.aliens) or "-"),
    Go: lambda e: "go",
    Quit: lambda e: "quit",
    Power: lambda e: (f"pow:{_list(e.doubles)}@{_list(e.batteries)}" if e.doubles
                      else "pow:-"),
    Land: lambda e: f"land:{e.row}",
    Yes: lambda e: _ids_or("yes", e.cabins),
    No: lambda e: "no",
    Cargo: lambda e: "cargo:" + (",".join(f"{t}={g}" for t, g in e.holds) or "-"),
    Lose: lambda e: f"lose:{_list(e.cabins)}",
    Drop: lambda e: f"drop:{_list(e.tiles)}",
    Defend: lambda e: f"def:{e.tile}" + (f"@{e.battery}" if e.battery is not None else ""),
    Take: lambda e: "take",
    Keep: lambda e: f"keep:{e.tile}",
    Flip: lambda e: f"card:{e.card}",
    Roll: lambda e: f"roll:{e.total}",
}
"""How each kind of event is written (its exact type: events are final values)."""

"""The adventure cards of GT-7 as data, read from one compact spec.

One line per card: ``level kind parameters`` and ``*`` for the test flight's marked cards.
Card ids are the level and the line's number within the level (``I-1`` .. ``III-20``), which is
also what our printed cards carry.  Parameters by kind:

- ``open`` (Open Space)
- ``planets ROWS DAYS`` rows of goods letters separated by ``|``
- ``ship CREW CREDITS DAYS`` (Abandoned Ship), ``station CREW GOODS DAYS``
- ``meteors THREATS`` (comma-separated ``S-F`` style threats, hits.parse_threat)
- ``smugglers STRENGTH LOSE_GOODS REWARD DAYS``, ``slavers STRENGTH LOSE_CREW CREDITS DAYS``,
  ``pirates STRENGTH SHOTS CREDITS DAYS``
- ``combat LINE LINE LINE`` each ``criterion:penalty`` with criterion crew/engines/cannons and
  penalty ``days3``, ``crew2``, ``goods3`` or threats ``l-B,H-B``
- ``stardust``, ``epidemic``, ``sabotage``
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pnp.games.galaxy_trucker.hits import Threat, parse_threat

LEVELS = ("I", "II", "III")
GOODS_VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}
GOODS_WORDS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

SPEC = """
I open *
I open
I open
I open
I planets RGBBB|RYB|RBBB|RG 3
I planets RR|RBB|Y 2 *
I planets YGBB|YY 3
I planets GG|Y|BBB 2
I meteors L-F,S-L,S-R *
I meteors S-F,S-B,S-L,S-R
I meteors L-F,S-F,L-F
I ship 2 3 1
I ship 3 4 1 *
I station 5 YG 1 *
I station 6 RR 1
I smugglers 4 2 YGB 1 *
I slavers 6 3 5 1
I pirates 5 l-F,H-F,l-F 4 1
I combat crew:days3 engines:crew2 cannons:l-B,H-B *
I stardust *
II open
II open
II open
II planets RRRY|RRGG|RBBBB 4
II planets RR|GGGG 3
II planets RY|YGB|GG|Y 2
II planets GGGG|YY|BBB 3
II meteors S-F,L-F,S-R,L-R,S-R
II meteors S-F,L-F,S-L,L-L,S-L
II meteors S-F,S-F,S-B,S-B,S-L,S-R
II ship 4 6 1
II ship 5 8 2
II station 7 RY 1
II station 8 YYG 2
II smugglers 8 3 RYY 1
II slavers 7 4 8 2
II pirates 6 H-F,l-F,H-F 7 2
II combat cannons:days4 engines:goods3 crew:l-R,l-L,l-F,H-B
II stardust
II epidemic
III open
III open
III open
III planets YYYYY|RYY|RR 5
III planets GBBBB|YB 1
III planets RYB|RGBB|RBBBB 2
III planets RRR|YYY|GGG|BBB 3
III meteors L-R,S-R,L-R,S-F,S-B
III meteors L-L,S-L,L-L,S-F,S-B
III meteors L-F,S-B,S-B,S-L,S-L,S-R,S-R
III ship 6 10 2
III ship 7 11 2
III station 9 RYGB 2
III station 10 YYGG 2
III smugglers 9 4 RRYYG 2
III slavers 8 5 10 2
III pirates 10 l-L,H-F,l-F,H-F,l-R 12 2
III combat crew:goods4 cannons:crew4 engines:l-R,l-L,l-F,l-F,H-B,H-B
III epidemic
III sabotage
"""

KIND_WORDS = {
    "open": "Open Space", "planets": "Planets", "ship": "Abandoned Ship",
    "station": "Abandoned Station", "meteors": "Meteoric Swarm", "smugglers": "Smugglers",
    "slavers": "Slavers", "pirates": "Pirates", "combat": "Combat Zone",
    "stardust": "Stardust", "epidemic": "Epidemic", "sabotage": "Sabotage",
}
ENEMIES = ("smugglers", "slavers", "pirates")
CRITERIA = ("crew", "engines", "cannons")


@dataclass(frozen=True)
class Line:
    """One Combat Zone line: the weakest in ``criterion`` pays ``penalty`` (``amount`` or
    ``threats``)."""

    criterion: str  # crew / engines / cannons
    penalty: str  # days / crew / goods / shots
    amount: int = 0
    threats: tuple[Threat, ...] = ()

    def describe(self) -> str:
        who = {"crew": "fewest crew", "engines": "weakest engines",
               "cannons": "weakest cannons"}[self.criterion]
        if self.penalty == "shots":
            return f"{who}: shot at by {', '.join(str(t) for t in self.threats)}"
        what = "flight days" if self.penalty == "days" else self.penalty
        return f"{who}: loses {self.amount} {what}"


@dataclass(frozen=True)
class Card:
    id: str  # "II-7"
    level: int  # 1, 2, 3
    kind: str
    marked: bool = False  # one of the test flight's eight cards
    planets: tuple[str, ...] = ()
    days: int = 0
    crew: int = 0  # abandoned ship: crew given up; station: crew needed
    credits: int = 0
    goods: str = ""  # station or smugglers' reward
    strength: int = 0
    loss: int = 0  # smugglers: goods lost; slavers: crew lost
    threats: tuple[Threat, ...] = ()  # meteors or pirates' shots
    lines: tuple[Line, ...] = ()

    @property
    def title(self) -> str:
        return KIND_WORDS[self.kind]

    def describe(self) -> str:
        k = self.kind
        threats = ", ".join(str(t) for t in self.threats)
        days = f"{self.days} day{'s' if self.days != 1 else ''}"
        if k == "planets":
            body = f"{' | '.join(self.planets)}, {days}"
        elif k == "ship":
            body = f"give {self.crew} crew for {self.credits} credits, {days}"
        elif k == "station":
            body = f"needs {self.crew} crew, goods {self.goods}, {days}"
        elif k == "meteors":
            body = threats
        elif k == "smugglers":
            body = (f"strength {self.strength}, lose {self.loss} goods / win {self.goods}, "
                    f"{days}")
        elif k == "slavers":
            body = (f"strength {self.strength}, lose {self.loss} crew / win {self.credits} "
                    f"credits, {days}")
        elif k == "pirates":
            body = (f"strength {self.strength}, shots {threats} / win {self.credits} credits, "
                    f"{days}")
        elif k == "combat":
            body = "; ".join(line.describe() for line in self.lines)
        else:
            body = ""
        return f"{self.id} {self.title}" + (f": {body}" if body else "")


_GOODS = re.compile(r"^[RYGB]+$")


def _goods(text: str) -> str:
    if not _GOODS.match(text):
        raise ValueError(f"goods {text!r}: letters R, Y, G, B")
    return "".join(sorted(text, key=lambda g: -GOODS_VALUE[g]))


def _threats(text: str) -> tuple[Threat, ...]:
    return tuple(parse_threat(t) for t in text.split(","))


def _line(text: str) -> Line:
    criterion, _, penalty = text.partition(":")
    if criterion not in CRITERIA:
        raise ValueError(f"combat line {text!r}: criterion is one of {CRITERIA}")
    m = re.fullmatch(r"(days|crew|goods)([0-9]+)", penalty)
    if m:
        return Line(criterion, m.group(1), int(m.group(2)))
    return Line(criterion, "shots", threats=_threats(penalty))


def parse_card(card_id: str, level: int, words: list[str]) -> Card:
    """One spec line (without its level word) as a card."""
    marked = words[-1] == "*"
    if marked:
        words = words[:-1]
    kind, args = words[0], words[1:]
    n = [int(a) for a in args if a.isdigit()]
    base = Card(card_id, level, kind, marked)
    if kind in ("open", "stardust", "epidemic", "sabotage") and not args:
        return base
    if kind == "planets" and len(args) == 2:
        rows = tuple(_goods(r) for r in args[0].split("|"))
        return Card(card_id, level, kind, marked, planets=rows, days=int(args[1]))
    if kind == "ship" and len(n) == 3 == len(args):
        return Card(card_id, level, kind, marked, crew=n[0], credits=n[1], days=n[2])
    if kind == "station" and len(args) == 3:
        return Card(card_id, level, kind, marked, crew=int(args[0]), goods=_goods(args[1]),
                    days=int(args[2]))
    if kind == "meteors" and len(args) == 1:
        return Card(card_id, level, kind, marked, threats=_threats(args[0]))
    if kind == "smugglers" and len(args) == 4:
        return Card(card_id, level, kind, marked, strength=int(args[0]), loss=int(args[1]),
                    goods=_goods(args[2]), days=int(args[3]))
    if kind == "slavers" and len(n) == 4 == len(args):
        return Card(card_id, level, kind, marked, strength=n[0], loss=n[1], credits=n[2],
                    days=n[3])
    if kind == "pirates" and len(args) == 4:
        return Card(card_id, level, kind, marked, strength=int(args[0]),
                    threats=_threats(args[1]), credits=int(args[2]), days=int(args[3]))
    if kind == "combat" and len(args) == 3:
        return Card(card_id, level, kind, marked, lines=tuple(_line(a) for a in args))
    raise ValueError(f"card {card_id}: cannot read {' '.join(words)!r}")


@cache
def all_cards() -> dict[str, Card]:
    """Every card by id, in spec order."""
    out: dict[str, Card] = {}
    count = {lvl: 0 for lvl in LEVELS}
    for raw in SPEC.strip().splitlines():
        words = raw.split()
        level = words[0]
        count[level] += 1
        card_id = f"{level}-{count[level]}"
        out[card_id] = parse_card(card_id, LEVELS.index(level) + 1, words[1:])
    return out


@cache
def card(card_id: str) -> Card:
    """The card of this id (a memo: the flight looks its card up at every step)."""
    return all_cards()[card_id]


@cache
def level_cards(level: int) -> tuple[Card, ...]:
    return tuple(c for c in all_cards().values() if c.level == level)


@cache
def test_flight() -> tuple[Card, ...]:
    """The eight marked level-I cards (GT-7)."""
    return tuple(c for c in all_cards().values() if c.marked)

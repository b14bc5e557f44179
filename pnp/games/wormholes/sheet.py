"""Checking a filled Wormholes record sheet.

The printed sheet (pnp/render/wormholes/sheet.py) has the wormhole layout (the cells of the six
coins of each suit) and one row per turn: the side (O or D), the dice, and up to two ship moves,
each with the ship, the cell it left, the cell its die took it to, the value of the wormhole it
activated there, the cell the wormhole jump took it to, the cell it sent an opposing ship to,
and the cell its own ship was sent back to when the ship it sent jumped onto it (WH-15).  The
"two ships" box says the game was the two-ship variant (WH-6, WH-13, WH-17).  The printed
sheet holds ``ROWS`` turns; the checker reads any number (a log or the tracker may hold more).

The checker follows the ships from their bases and recomputes what the sheet lets it: turns
alternate; the dice are the ones the side rolls (a ship in a black hole sits out); every die
move is a straight line of exactly the die's length over board cells, not onto the partner
ship (WH-4, WH-T3); a ship that landed on a wormhole records its value, one of each rank per
suit and the same value every time (WH-T5); the jump follows the coin's axis by that value and
takes the open direction (WH-3, WH-12); a landed-on ship is sent to a free cell (WH-7, WH-T7);
an unused die had no move left (WH-T4, WH-11); the first landing on an opposing base wins
(WH-2, WH-T8; both ships in the two-ship variant, whose ships standing on opposing bases may
skip their roll).  Where the sheet cannot say where a ship went (a sent ship's own wormhole trip
without its ``>cell``), the checker takes the ship's next written ``from`` as fact.

``fields_from_play`` writes the sheet for a game played through the engine (what the tracker
can offer as a filled record); every such sheet checks clean (tests/games/test_wormholes_sheet).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pnp.engine.sheetspec import (
    Block,
    Column,
    Field,
    FilledSheet,
    Grid,
    GridRow,
    Layout,
    Line,
    Section,
    SheetSpec,
    numbered_rows,
)
from pnp.engine.steps import Played
from pnp.games.wormholes.board import (
    ALL_BASES,
    AXES,
    BASES,
    CELLS,
    COMPASS,
    DIRECTIONS,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    START,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    axis_vectors,
    cell_name,
    opponent,
    parse_cell,
    ray,
)
from pnp.games.wormholes.events import Move, Place, Roll, RollChoice, Send, WHEvent
from pnp.games.wormholes.state import State

GAME_ID = "wormholes"
ROWS = 122
"""Printed turn rows: the front page's 30 and two continuation pages of 46; greedy engine
playouts (docs/rulings.md, WH record sheet) end within 92 turns in 99 of 100 games."""
SLOTS = (1, 2)
MOVE_COLUMNS = ("ship", "from", "to", "value", "jump", "send", "back")
TURN_COLUMNS = ("side", "dice")
TOTAL_FIELDS = ("winner", "turns")
PLAYER_FIELDS = ("orthogon", "diagon")
COINS_PER_SUIT = 6


def layout_fields() -> list[str]:
    return [f"wh_{s}{k}" for s in SUITS for k in range(1, COINS_PER_SUIT + 1)]


def row_fields(n: int) -> list[str]:
    names = [f"t{n}_{c}" for c in TURN_COLUMNS]
    for k in SLOTS:
        names += [f"t{n}_{c}{k}" for c in MOVE_COLUMNS]
    return names


def field_names() -> list[str]:
    names = ["seed", *PLAYER_FIELDS, "two_ships", *layout_fields()]
    for n in range(1, ROWS + 1):
        names += row_fields(n)
    return [*names, *TOTAL_FIELDS]


# -- reading what people write -------------------------------------------------------------

_FACES = {"0": 0, "N": 0, "NULL": 0, "1": 1, "A": 1, "ACE": 1, "2": 2, "3": 3, "4": 4, "5": 5}


def read_face(text: str) -> int | None:
    return _FACES.get(text.strip().upper())


def read_cell(text: str) -> Cell | None:
    """A board cell from its name ('e7', ' E7 '), or None."""
    cell = parse_cell(text)
    return cell if cell in CELLS else None


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
    t = re.sub(r"[\s,;/+-]", "", text.upper())
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


def rows_written(fields: Mapping[str, str]) -> int:
    """The highest turn row holding a value (the printed ``ROWS`` at least)."""
    top = ROWS
    for name, value in fields.items():
        m = _ROW_NAME.fullmatch(name)
        if m and str(value).strip():
            top = max(top, int(m.group(1)))
    return top


_ROW_NAME = re.compile(r"t(\d{1,5})_[a-z]+\d?")
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


# -- the board as the sheet knows it -------------------------------------------------------

def _die_ends(start: Cell, seat: int, value: int, blocked: set[Cell]) -> list[Cell]:
    """WH-4: every cell a straight die move of `value` can end on."""
    ends = []
    for name in DIRECTIONS:
        end = ray(start, COMPASS[seat][name], value)
        if end is not None and end not in blocked:
            ends.append(end)
    return ends


def _names(cells: list[Cell]) -> str:
    return ", ".join(cell_name(c) for c in cells) or "none"


@dataclass
class Table:
    """What the checker knows while it reads the rows: ships, coins, black holes."""

    pos: dict[Suit, Cell | None] = field(default_factory=lambda: {s: START[s] for s in SUITS})
    lost: dict[Suit, bool | None] = field(default_factory=lambda: dict.fromkeys(SUITS, False))
    coins: dict[Cell, Suit] = field(default_factory=dict)
    values: dict[Cell, int] = field(default_factory=dict)
    layout_known: bool = False

    def partner_cells(self, suit: Suit) -> set[Cell]:
        return {c for s in SIDE_SUITS[OWNER[suit]] if s != suit and (c := self.pos[s])}

    def ship_at(self, cell: Cell, but: Suit | None = None) -> Suit | None:
        return next((s for s in SUITS if s != but and self.pos[s] == cell), None)


class Checker:
    def __init__(self, fields: Mapping[str, str]) -> None:
        self.f = {k: str(v) for k, v in fields.items() if v is not None}
        self.lines: list[Line] = []
        self.t = Table()
        self.winner: int | None = None
        self.win_turn = 0
        self.turns = 0
        self.names = {0: self.get("orthogon"), 1: self.get("diagon")}
        self.two = marked(self.get("two_ships"))

    def get(self, name: str) -> str:
        return self.f.get(name, "").strip()

    def ok(self, name: str, value: str, expected: str | None = None) -> None:
        self.lines.append(Line(name, value, value if expected is None else expected, True))

    def bad(self, name: str, value: str, expected: str, why: str) -> None:
        self.lines.append(Line(name, value, expected, False, why))

    # -- the wormhole layout (WH-5) ----------------------------------------------------------
    def layout(self) -> None:
        names = layout_fields()
        if not any(self.get(n) for n in names):
            self.bad("wh_S1", "", "the cells of the 24 wormholes",
                     "WH-5: write where each coin was placed, so that landings on wormholes "
                     "can be checked")
            return
        self.t.layout_known = True
        seen: dict[Cell, str] = {}
        for name in names:
            suit: Suit = SUITS[SUITS.index(name[3])]
            text = self.get(name)
            if not text:
                self.bad(name, "", "a cell", f"WH-5: each side places all six "
                         f"{SUIT_NAMES[suit]} coins")
                continue
            cell = parse_cell(text)
            if cell is None or cell not in CELLS:
                self.bad(name, text, "a board cell (a1-j18)",
                         "WH-1: not a cell of the galaxy" if cell else "not a cell name")
            elif cell in ALL_BASES:
                self.bad(name, text, "a cell that is not a base",
                         "WH-5: wormholes are never placed on a base")
            elif cell in seen:
                self.bad(name, text, "an empty cell", f"WH-5: {cell_name(cell)} already holds "
                         f"the coin of {seen[cell]}")
            else:
                seen[cell] = name
                self.t.coins[cell] = suit
                self.ok(name, cell_name(cell))

    # -- the turns ---------------------------------------------------------------------------
    def rows(self) -> None:
        prev: int | None = None
        for n in range(1, rows_written(self.f) + 1):
            names = row_fields(n)
            if not any(self.get(x) for x in names):
                continue
            if self.winner is not None:
                self.bad(f"t{n}_side", self.get(f"t{n}_side"), "",
                         f"WH-T8: the game ended on turn {self.win_turn}; nothing is played "
                         "after a win")
                continue
            self.turns = n
            prev = self.turn(n, prev)

    def turn(self, n: int, prev: int | None) -> int:
        side_name = f"t{n}_side"
        written = self.get(side_name)
        seat = read_side(written, self.names)
        expected: int | None = opponent(prev) if prev is not None else None
        if (seat is not None and expected is not None and seat != expected
                and all(self.t.lost[s] is not False for s in SIDE_SUITS[expected])):
            for s in SIDE_SUITS[expected]:  # WH-14: both ships sat out, the turn passed
                self.t.lost[s] = False
            expected = seat
        if seat is None:
            want = SIDE_NAMES[expected][0] if expected is not None else "O or D"
            self.bad(side_name, written, want, "write O (OrthogonAliens) or D (DiagonAliens)")
            seat = expected if expected is not None else self.guess_side(n)
        elif expected is not None and seat != expected:
            self.bad(side_name, written, SIDE_NAMES[expected][0],
                     f"WH-T1: the sides take turns; {SIDE_NAMES[expected]} play after "
                     f"{SIDE_NAMES[seat]}")
            seat = expected
        else:
            self.ok(side_name, SIDE_NAMES[seat][0])
        resting = [s for s in SIDE_SUITS[seat] if self.t.lost[s]]
        unsure = [s for s in SIDE_SUITS[seat] if self.t.lost[s] is None]
        for s in SIDE_SUITS[seat]:
            self.t.lost[s] = False  # the lost turn is this one (WH-T6)
        dice = self.dice(n, seat, resting, unsure)
        used: set[Suit] = set()
        for k in SLOTS:
            if self.winner is None:
                self.slot(n, k, seat, dice, used)
            elif any(self.get(f"t{n}_{c}{k}") for c in MOVE_COLUMNS):
                self.bad(f"t{n}_ship{k}", self.get(f"t{n}_ship{k}"), "",
                         "WH-T8: the game ended with the move before")
        if self.winner is None and dice is not None:
            self.unused_dice(n, seat, dice, used)
        return seat

    def guess_side(self, n: int) -> int:
        ship = read_ship(self.get(f"t{n}_ship1"))
        return OWNER[ship] if ship else 0

    def dice(self, n: int, seat: int, resting: list[Suit], unsure: list[Suit]
             ) -> dict[Suit, int] | None:
        name = f"t{n}_dice"
        written = self.get(name)
        rolling = [s for s in SIDE_SUITS[seat] if s not in resting]
        example = " ".join(f"{s}3" for s in rolling) or "(blank)"
        dice = read_dice(written, seat)
        if dice is None:
            self.bad(name, written, example, "write each die as its suit and face, like "
                     f"{example}")
            return None
        wrong = [s for s in dice if OWNER[s] != seat]
        if wrong:
            self.bad(name, written, example, f"WH-T2: the {SUIT_NAMES[wrong[0]]} die is "
                     f"not {SIDE_NAMES[seat]}'")
            return None
        sitting = [s for s in dice if s in resting]
        if sitting:
            self.bad(name, written, example, f"WH-T6: the {SUIT_NAMES[sitting[0]]} ship is "
                     "in a black hole and misses this turn; its die is not rolled")
            return {s: v for s, v in dice.items() if s not in resting}
        missing = [s for s in rolling if s not in dice and s not in unsure
                   and not (self.two and self.t.pos[s] in BASES[opponent(seat)])]
        if missing:
            self.bad(name, written, example, f"WH-T2: the {SUIT_NAMES[missing[0]]} ship "
                     "rolls this turn: write its die too")
            return dice
        pretty = " ".join(f"{s}{v}" for s, v in sorted(dice.items(),
                                                        key=lambda kv: SUITS.index(kv[0])))
        self.ok(name, pretty)
        return dice

    def slot(self, n: int, k: int, seat: int, dice: dict[Suit, int] | None,
             used: set[Suit]) -> None:
        col = {c: f"t{n}_{c}{k}" for c in MOVE_COLUMNS}
        text = {c: self.get(col[c]) for c in MOVE_COLUMNS}
        if not any(text.values()):
            return
        ship = read_ship(text["ship"])
        mine = "/".join(SIDE_SUITS[seat])
        if ship is None:
            self.bad(col["ship"], text["ship"], mine, "write the ship's suit letter")
            return
        if OWNER[ship] != seat:
            self.bad(col["ship"], text["ship"], mine, f"WH-T1: the {SUIT_NAMES[ship]} ship "
                     f"is not {SIDE_NAMES[seat]}'; it is their turn")
            return
        if ship in used:
            self.bad(col["ship"], text["ship"], "the other ship", f"WH-T3: the "
                     f"{SUIT_NAMES[ship]} die is already used this turn")
            return
        if dice is not None and ship not in dice:
            self.bad(col["ship"], text["ship"], "/".join(dice) or "no move",
                     f"WH-T3: the {SUIT_NAMES[ship]} ship did not roll this turn")
            return
        used.add(ship)
        self.ok(col["ship"], ship)
        start = self.check_from(col["from"], text["from"], ship)
        die = dice.get(ship) if dice is not None else None
        end = self.check_to(col["to"], text["to"], ship, seat, start, die)
        if end is None:
            return
        self.t.pos[ship] = end
        sends = read_sends(text["send"])
        if sends is None:
            self.bad(col["send"], text["send"], "a cell, like e5 (or e5>e9)",
                     "write the cell the landed-on ship was sent to")
            sends = []
        pending = list(sends)
        backs = self.read_backs(col["back"], text["back"])
        # a null die used in place activates the wormhole under the ship, like a landing
        if die == 0 or self.landing(ship, seat, end, pending, col, backs):
            if self.t.pos[ship] == end or die == 0:
                self.activate(col, text, ship, seat, end, pending, backs)
            else:
                self.lapsed(col, text, ship, end)
        elif text["value"] or text["jump"]:
            which = "value" if text["value"] else "jump"
            self.bad(col[which], text[which], "", "WH-T8: the landing on the base ended the "
                     "game")
        for extra in pending:
            self.bad(col["send"], cell_name(extra.cell), "", "WH-T7: no opposing ship was "
                     "landed on, so none is sent")
        for _, note in backs:
            self.bad(col["back"], cell_name(note.cell), "", "WH-15: no ship of yours was hit "
                     "by the ship you sent, so none was sent back")

    def read_backs(self, name: str, text: str) -> list[tuple[Suit | None, SendNote]]:
        out = []
        for part in re.split(r"[,;]|\s{2,}", text.strip()):
            if not part.strip():
                continue
            back = read_back(part)
            if back is None:
                self.bad(name, text, "a cell, like c10 (or M c10 for the other ship)",
                         "write the cell your ship was sent back to")
                return []
            out.append(back)
        return out

    def lapsed(self, col: dict[str, str], text: dict[str, str], ship: Suit, cell: Cell) -> None:
        """WH-15: the mover was sent away before its wormhole opened: the coin is turned (its
        value may be written) but nothing jumps."""
        suit = self.t.coins.get(cell)
        if text["value"] and suit is not None:
            value = read_face(text["value"])
            if value is None:
                self.bad(col["value"], text["value"], "0-5", "write the value: 0 (null) to 5")
            else:
                self.check_value(col["value"], text["value"], suit, cell, value)
                self.t.values[cell] = value
        if text["jump"]:
            self.bad(col["jump"], text["jump"], "", f"WH-15: the {SUIT_NAMES[ship]} ship was "
                     f"sent away from {cell_name(cell)} before its wormhole opened; it does "
                     "not jump")

    def check_from(self, name: str, text: str, ship: Suit) -> Cell | None:
        known = self.t.pos[ship]
        cell = read_cell(text)
        if known is not None:
            if cell != known:
                self.bad(name, text, cell_name(known), f"the {SUIT_NAMES[ship]} ship stood "
                         f"on {cell_name(known)}")
            else:
                self.ok(name, cell_name(known))
            return known
        if cell is None:
            self.bad(name, text, "a board cell", "write the cell the ship left")
            return None
        self.ok(name, cell_name(cell))
        return cell

    def check_to(self, name: str, text: str, ship: Suit, seat: int, start: Cell | None,
                 die: int | None) -> Cell | None:
        cell = read_cell(text)
        if start is None or die is None:
            if cell is None:
                self.bad(name, text, "a board cell", "write the cell the die took the ship to")
            else:
                self.ok(name, cell_name(cell))
            return cell
        if die == 0:
            on_coin = start in self.t.coins or not self.t.layout_known
            if not on_coin:  # WH-11: spent at once; writing the ship's own cell is harmless
                if cell == start or not text:
                    self.ok(name, cell_name(start) if text else "")
                else:
                    self.bad(name, text, cell_name(start), "WH-T3: a null die does not move "
                             "the ship")
                return None
            if cell != start:
                self.bad(name, text, cell_name(start), "WH-T3: a null die does not move the "
                         "ship; it activates the wormhole it stands on")
            else:
                self.ok(name, cell_name(start))
            return start
        ends = _die_ends(start, seat, die, self.t.partner_cells(ship))
        if cell is not None and cell in ends:
            self.ok(name, cell_name(cell))
            return cell
        if cell is not None:
            why = self.why_not(start, cell, die, ship)
        elif parse_cell(text) is not None:
            why = f"WH-1: {text} is a gap, not a cell of the galaxy"
        else:
            why = "write a board cell"
        self.bad(name, text, _names(ends), why)
        return cell  # read on from where the sheet says the ship went

    @staticmethod
    def straight(a: Cell, b: Cell) -> bool:
        dx, dy = b[0] - a[0], b[1] - a[1]
        return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))

    def why_not(self, start: Cell, cell: Cell, die: int, ship: Suit) -> str:
        if not self.straight(start, cell):
            return (f"WH-T3: a die moves its ship in a straight line (orthogonal or diagonal) "
                    f"from {cell_name(start)}")
        dist = max(abs(cell[0] - start[0]), abs(cell[1] - start[1]))
        if dist != die:
            return (f"WH-T3: {cell_name(start)} to {cell_name(cell)} is {dist} cells; the "
                    f"{SUIT_NAMES[ship]} die shows {die}")
        if cell in self.t.partner_cells(ship):
            return "WH-4: a ship never lands on its partner"
        return "WH-4: the line leaves the galaxy or crosses a gap"

    def wins_on(self, ship: Suit, cell: Cell) -> bool:
        """WH-2, WH-13: a landing on an opposing base wins (in the two-ship variant when the
        partner stands on one too)."""
        goal = BASES[opponent(OWNER[ship])]
        if cell not in goal:
            return False
        return not self.two or any(self.t.pos[s] in goal for s in SIDE_SUITS[OWNER[ship]]
                                   if s != ship)

    def landing(self, ship: Suit, seat: int, end: Cell, sends: list[SendNote],
                col: Mapping[str, str], backs: list[tuple[Suit | None, SendNote]]) -> bool:
        """A ship arrived on `end`: a win ends it (False); else send any ship landed on."""
        if self.wins_on(ship, end):
            self.win(seat, ship, end)
            return False
        victim = self.t.ship_at(end, but=ship)
        if victim is not None and OWNER[victim] != seat:
            self.send(victim, seat, sends, col["send"])
            self.sent_back(victim, ship, seat, backs, col["back"])
        return True

    def sent_back(self, victim: Suit, mover: Suit, seat: int,
                  backs: list[tuple[Suit | None, SendNote]], name: str) -> None:
        """WH-15: the sent ship's own jump ended on one of the mover's side's ships, which its
        owner then sends on (the "sent back" column)."""
        cell = self.t.pos[victim]
        if cell is None:
            return
        hit = self.t.ship_at(cell, but=victim)
        if hit is None or OWNER[hit] != seat:
            return
        if not backs:
            self.bad(name, "", "a free cell", f"WH-7: the sent {SUIT_NAMES[victim]} ship "
                     f"jumped onto the {SUIT_NAMES[hit]} ship at {cell_name(cell)}, which "
                     f"was sent on: write where (like c10)")
            self.t.pos[hit] = None
            return
        named, note = backs.pop(0)
        if named is not None and named != hit:
            self.bad(name, f"{named} {cell_name(note.cell)}", f"{hit} {cell_name(note.cell)}",
                     f"the ship hit at {cell_name(cell)} was the {SUIT_NAMES[hit]} ship")
        self.arrive_sent(hit, OWNER[victim], note, name)

    def send(self, victim: Suit, seat: int, sends: list[SendNote], name: str) -> None:
        if not sends:
            self.bad(name, "", "a free cell", f"WH-7: the {SUIT_NAMES[victim]} ship was "
                     "landed on and must be sent to another cell")
            self.t.pos[victim] = None
            return
        self.arrive_sent(victim, seat, sends.pop(0), name)

    def arrive_sent(self, victim: Suit, seat: int, note: SendNote, name: str) -> None:
        """A ship sent to ``note.cell`` (WH-7), and its own trip through a wormhole there."""
        taken = {c for s in SUITS if s != victim and (c := self.t.pos[s])}
        if note.cell in taken:
            holder = self.t.ship_at(note.cell)
            rule = "WH-T7" if holder is not None and OWNER[holder] == seat else "WH-7"
            self.bad(name, cell_name(note.cell), "a cell without a ship",
                     f"{rule}: {cell_name(note.cell)} holds a ship")
        else:
            self.ok(name, cell_name(note.cell))
        self.t.pos[victim] = note.cell
        suit = self.t.coins.get(note.cell)
        if suit is None:
            if note.then is not None and self.t.layout_known:
                self.bad(name, cell_name(note.cell), cell_name(note.cell), f"WH-5: no "
                         f"wormhole on {cell_name(note.cell)}, so the sent ship stays there")
            elif note.then is not None:
                self.t.pos[victim] = note.then
            return
        known = self.t.values.get(note.cell)
        if known is None:  # it opens under the sent ship; its value is not on the sheet
            self.t.pos[victim] = note.then or note.cell  # no '>cell': it stayed there
            if note.then is None and not self.t.lost[victim]:
                self.t.lost[victim] = None  # a black hole, or no way out: the sheet can't say
            self.sent_wins(victim, note.then)
            return
        if known == 0:
            self.t.lost[victim] = True  # WH-14: the lost turn goes with the ship
            return
        blocked = self.t.partner_cells(victim)
        options = [e for v in axis_vectors(suit)
                   if (e := ray(note.cell, v, known)) is not None and e not in blocked]
        if note.then is not None and note.then not in options:
            self.bad(name, f"{cell_name(note.cell)}>{cell_name(note.then)}",
                     " or ".join(f"{cell_name(note.cell)}>{cell_name(e)}" for e in options)
                     or cell_name(note.cell),
                     f"WH-3: the {SUIT_NAMES[suit]} wormhole on {cell_name(note.cell)} shows "
                     f"{known} and throws along {'/'.join(AXES[suit])}")
        if note.then is not None:
            self.t.pos[victim] = note.then
        elif len(options) == 1:
            self.t.pos[victim] = options[0]  # the only open way: the jump is forced
        elif options:
            self.bad(name, cell_name(note.cell), " or ".join(
                f"{cell_name(note.cell)}>{cell_name(e)}" for e in options),
                f"WH-12: the {SUIT_NAMES[suit]} wormhole on {cell_name(note.cell)} throws "
                "the sent ship on; write where its owner sent it")
            self.t.pos[victim] = None
        self.sent_wins(victim, self.t.pos[victim])

    def sent_wins(self, victim: Suit, cell: Cell | None) -> None:
        """WH-13: a sent ship's own wormhole jump onto an opposing base wins for its owner."""
        if cell is not None and self.wins_on(victim, cell):
            self.win(OWNER[victim], victim, cell)

    def activate(self, col: dict[str, str], text: dict[str, str], ship: Suit, seat: int,
                 cell: Cell, sends: list[SendNote],
                 backs: list[tuple[Suit | None, SendNote]]) -> None:
        """The ship activates the wormhole on `cell`: value, then black hole or jump."""
        suit = self.t.coins.get(cell)
        value = read_face(text["value"]) if text["value"] else None
        if suit is None and self.t.layout_known:
            if text["value"] or text["jump"]:
                which = "value" if text["value"] else "jump"
                self.bad(col[which], text[which], "", f"WH-5: the layout has no wormhole on "
                         f"{cell_name(cell)}")
            return
        if text["value"] and value is None:
            self.bad(col["value"], text["value"], "0-5", "write the value: 0 (null) to 5")
            return
        if value is None:
            if suit is None:
                return  # layout unknown and nothing written: a plain landing
            known = self.t.values.get(cell)
            if known is None:
                self.bad(col["value"], "", "0-5", f"WH-T5: the ship landed on the "
                         f"{SUIT_NAMES[suit]} wormhole at {cell_name(cell)}: write the value "
                         "it showed")
                self.t.pos[ship] = None if text["jump"] else cell
                return
            value = known  # seen before: writing it again is optional
        elif suit is not None:
            self.check_value(col["value"], text["value"], suit, cell, value)
        else:
            self.ok(col["value"], str(value))
        self.t.values[cell] = value
        if value == 0:  # black hole (WH-T6): the ship misses its next turn
            self.t.lost[ship] = True
            if text["jump"]:
                self.bad(col["jump"], text["jump"], "", "WH-T6: a null wormhole is a black "
                         "hole; the ship stays")
            return
        self.jump(col, text, ship, seat, cell, suit, value, sends, backs)

    def check_value(self, name: str, text: str, suit: Suit, cell: Cell, value: int) -> None:
        known = self.t.values.get(cell)
        if known is not None and known != value:
            self.bad(name, text, str(known), f"WH-T5: the coin on {cell_name(cell)} showed "
                     f"{known} before; a coin keeps its value")
            return
        if known is None:
            others = {c for c, v in self.t.values.items()
                      if v == value and self.t.coins.get(c) == suit}
            if others:
                free = [v for v in range(6)
                        if not any(self.t.coins.get(c) == suit and w == v
                                   for c, w in self.t.values.items())]
                self.bad(name, text, "/".join(map(str, free)),
                         f"WH-T5: one {SUIT_NAMES[suit]} coin of each rank; {value} already "
                         f"showed on {_names(sorted(others))}")
                return
        self.ok(name, str(value))

    def jump(self, col: dict[str, str], text: dict[str, str], ship: Suit, seat: int,
             cell: Cell, suit: Suit | None, value: int, sends: list[SendNote],
             backs: list[tuple[Suit | None, SendNote]]) -> None:
        written = read_cell(text["jump"]) if text["jump"] else None
        if suit is None:  # no layout: take the written jump as it is
            if written is not None:
                self.ok(col["jump"], cell_name(written))
                self.t.pos[ship] = written
                self.landing(ship, seat, written, sends, col, backs)
            return
        blocked = self.t.partner_cells(ship)
        options = [e for v in axis_vectors(suit)
                   if (e := ray(cell, v, value)) is not None and e not in blocked]
        axis = "/".join(AXES[suit])
        if not options:
            if text["jump"]:
                self.bad(col["jump"], text["jump"], "", f"WH-12: no {axis} jump of {value} "
                         f"from {cell_name(cell)} stays on the board; the ship stays")
            return
        if written is None or written not in options:
            why = (f"WH-3: a {SUIT_NAMES[suit]} wormhole jumps {value} along {axis} "
                   f"(WH-12: {'the only open direction' if len(options) == 1 else 'either'})")
            self.bad(col["jump"], text["jump"], " or ".join(cell_name(e) for e in options),
                     why if text["jump"] else f"the jump is not written; {why}")
            if len(options) == 1:
                written = options[0]
            elif written is None:
                self.t.pos[ship] = None
                return
            else:
                self.t.pos[ship] = None
                return
        else:
            self.ok(col["jump"], cell_name(written))
        self.t.pos[ship] = written
        self.landing(ship, seat, written, sends, col, backs)

    def unused_dice(self, n: int, seat: int, dice: dict[Suit, int], used: set[Suit]) -> None:
        """WH-T4, WH-11: a die left unused must have had no move left."""
        for ship, die in dice.items():
            if ship in used:
                continue
            start = self.t.pos[ship]
            if start is None:
                continue
            if die == 0:
                if start in self.t.coins:
                    self.bad(f"t{n}_dice", self.get(f"t{n}_dice"), f"a {ship} row from "
                             f"{cell_name(start)} to {cell_name(start)}",
                             f"WH-11: the {SUIT_NAMES[ship]} ship's null die on the wormhole "
                             f"at {cell_name(start)} activates it")
                continue
            ends = _die_ends(start, seat, die, self.t.partner_cells(ship))
            if ends:
                self.bad(f"t{n}_dice", self.get(f"t{n}_dice"), f"a {ship} move to one of "
                         f"{_names(ends)}", f"WH-T4: both dice are used when they can be; "
                         f"the {SUIT_NAMES[ship]} ship could still move {die}")

    def win(self, seat: int, ship: Suit, cell: Cell) -> None:
        if self.winner is None:
            self.winner = seat
            self.win_turn = self.turns
            del ship, cell

    # -- totals --------------------------------------------------------------------------------
    def totals(self) -> dict[str, str]:
        winner = SIDE_NAMES[self.winner] if self.winner is not None else ""
        expected = {"winner": winner, "turns": str(self.turns)}
        written = self.get("winner")
        side = read_side(written, self.names) if written else None
        if self.winner is None:
            if written:
                self.bad("winner", written, "", "WH-2: no ship has landed on an opposing base "
                         "on this sheet")
        elif side != self.winner:
            self.bad("winner", written, winner, f"WH-2: the {SIDE_NAMES[self.winner]} landed "
                     f"on an opposing base on turn {self.win_turn}")
        else:
            self.ok("winner", written, winner)
        turns = self.get("turns")
        if turns:
            ok = turns.isascii() and turns.isdigit() and int(turns) == self.turns
            if ok:
                self.ok("turns", turns)
            else:
                self.bad("turns", turns, str(self.turns), "the number of the last turn row")
        return expected


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every line; the report lists each checked field with what it should say."""
    checker = Checker(fields)
    checker.layout()
    checker.rows()
    totals = checker.totals()
    lines = checker.lines
    return {
        "ok": all(line.ok for line in lines) and bool(lines),
        "game": GAME_ID,
        "turns": checker.turns,
        "lines": [line.to_json() for line in lines],
        "totals": totals,
    }


# -- writing the sheet from a played game ---------------------------------------------------

@dataclass
class _Sent:
    victim: Suit
    cell: Cell  # where it was sent
    ended: Cell  # where its own trip through a wormhole there ended


@dataclass
class _Writing:
    """The move being written: its row and slot, ship, die landing and that coin's flips."""

    row: int
    slot: int
    ship: Suit
    to: Cell
    flips: int
    sends: list[_Sent] = field(default_factory=list)
    jumped: Cell | None = None  # where the mover stood when the ship it sent hit it


def fields_from_play(states: Sequence[State], events: Sequence[WHEvent]
                     ) -> dict[str, str] | None:
    """The sheet a careful player writes for a played game (``states[i + 1]`` is
    ``events[i]`` applied to ``states[i]``).  Every turn gets its row, also past the printed
    ``ROWS`` (the checker reads them all).  None is never returned today; the type keeps the
    SheetSpec contract."""
    fields: dict[str, str] = {}
    placed: dict[str, int] = dict.fromkeys(SUITS, 0)
    row = slot = 0
    writing: _Writing | None = None

    def close(after: State) -> bool:
        nonlocal writing
        if writing is None:
            return True
        w, writing = writing, None
        notes, backs = [], []
        jumped_to: Cell | None = None
        for sent in w.sends:
            trip = "" if sent.ended == sent.cell else f">{cell_name(sent.ended)}"
            if OWNER[sent.victim] != OWNER[w.ship]:
                notes.append(cell_name(sent.cell) + trip)
                continue
            who = "" if sent.victim == w.ship else f"{sent.victim} "
            backs.append(who + cell_name(sent.cell) + trip)  # WH-15: sent back
        if any(sent.victim == w.ship for sent in w.sends):
            jumped_to = w.jumped
        coin = after.coin_at(w.to)
        if coin is not None and coin.flips > w.flips:
            fields[f"t{w.row}_value{w.slot}"] = str(coin.value)
        end = after.ship(w.ship).cell if jumped_to is None else jumped_to
        if end != w.to:
            fields[f"t{w.row}_jump{w.slot}"] = cell_name(end)
        if notes:
            fields[f"t{w.row}_send{w.slot}"] = " ".join(notes)
        if backs:
            fields[f"t{w.row}_back{w.slot}"] = ", ".join(backs)
        return True

    for before, event, after in zip(states, events, states[1:], strict=False):
        if isinstance(event, Place):
            placed[event.suit] += 1
            fields[f"wh_{event.suit}{placed[event.suit]}"] = cell_name(event.cell)
        elif isinstance(event, Roll):
            if not close(before):
                return None
            row, slot = row + 1, 0
            fields[f"t{row}_side"] = SIDE_NAMES[before.turn][0]
            fields[f"t{row}_dice"] = " ".join(f"{s}{v}" for s, v in event.dice)
        elif isinstance(event, RollChoice) and not event.ships:
            if not close(before):  # WH-17: no ship rolls, the turn passes; its row says so
                return None
            row, slot = row + 1, 0
            fields[f"t{row}_side"] = SIDE_NAMES[before.turn][0]
            fields[f"t{row}_dice"] = "-"
        elif isinstance(event, Move):
            if not close(before):
                return None
            slot += 1
            start = before.ship(event.ship).cell
            die = before.die(event.ship)
            end = start if event.direction is None else ray(
                start, COMPASS[before.turn][event.direction], die)
            assert end is not None
            fields[f"t{row}_ship{slot}"] = event.ship
            fields[f"t{row}_from{slot}"] = cell_name(start)
            fields[f"t{row}_to{slot}"] = cell_name(end)
            coin = before.coin_at(end)
            writing = _Writing(row, slot, event.ship, end, coin.flips if coin else 0)
        elif isinstance(event, Send) and writing is not None:
            if event.ship == writing.ship and writing.jumped is None:
                writing.jumped = before.ship(writing.ship).cell  # where it was hit (WH-15)
            writing.sends.append(_Sent(event.ship, event.cell, event.cell))
        if writing is not None and writing.sends and not isinstance(event, Roll | Move):
            last = writing.sends[-1]
            last.ended = after.ship(last.victim).cell
    if not close(states[-1]):
        return None
    fields["turns"] = str(row)
    if states[0].two_ships:
        fields["two_ships"] = "x"
    if states[-1].winner is not None:
        fields["winner"] = SIDE_NAMES[states[-1].winner][0]
    return fields


WH_COLUMNS = {"side": ("Side", "O / D"), "dice": ("Dice", "S3 M1"), "ship": ("Ship", "S M C A"),
              "from": ("From", "cell"), "to": ("To", "by die"), "value": ("Value", "0-5"),
              "jump": ("Jump to", "cell"), "send": ("Sent to", "cell>cell"),
              "back": ("Sent back", "cell")}


class RecordSheet(SheetSpec):
    """The players, the wormholes placed (a row per suit, a box per coin) and the turn record
    with its two ship moves, as printed; winner and turns close it."""

    title = "Wormholes record sheet"

    def field_names(self) -> list[str]:
        return field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_sheet(fields)

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        """The printed sheet's fields; None for a game longer than its ``ROWS`` turns (the
        module's ``fields_from_play`` writes every turn, for a JSON sheet)."""
        fields = fields_from_play(play.states, play.events)
        if fields is not None and rows_written(fields) > ROWS:
            return None
        if fields is not None:
            for side, name in zip(PLAYER_FIELDS, play.players, strict=False):
                fields[side] = name
            if play.seed is not None:
                fields["seed"] = str(play.seed)
        return fields

    def layout(self) -> Layout:
        coins = range(1, COINS_PER_SUIT + 1)
        suits = Grid(tuple(Column(f"Coin {k}", "cell") for k in coins),
                     tuple(GridRow(SUIT_NAMES[s] + "s", tuple(f"wh_{s}{k}" for k in coins))
                           for s in SUITS), corner="Suit")
        columns = [WH_COLUMNS[c] for c in TURN_COLUMNS] + [WH_COLUMNS[c] for _ in SLOTS
                                                         for c in MOVE_COLUMNS]
        turns = Grid(tuple(Column(*c) for c in columns),
                     tuple(GridRow(str(n), tuple(row_fields(n))) for n in range(1, ROWS + 1)),
                     corner="Turn",
                     groups=(("", len(TURN_COLUMNS)),
                             *((f"Ship move {k}", len(MOVE_COLUMNS)) for k in SLOTS)))
        names = dict(zip(PLAYER_FIELDS, SIDE_NAMES, strict=True))
        return Layout(
            head=(Field("seed", "Seed"),
                  *(Field(f, names[f], "player") for f in PLAYER_FIELDS),
                  Field("two_ships", "Two ships", "x if played with two ships each")),
            blocks=(Block("Wormholes placed", suits, style="suits"),
                    Block("Turns", turns, style="turns")),
            totals=tuple(Field(f, f.capitalize()) for f in TOTAL_FIELDS))

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        f = fields
        coins = [[SUIT_NAMES[s], *[f.get(f"wh_{s}{k}", "") for k in
                                   range(1, COINS_PER_SUIT + 1)]] for s in SUITS]
        cols = ["side", "dice", *[f"{c}{k}" for k in SLOTS for c in MOVE_COLUMNS]]
        heads = ["Side", "Dice", *[f"{c.title()} {k}" for k in SLOTS for c in MOVE_COLUMNS]]
        return FilledSheet(self.title, [
            Section("Wormhole coins placed",
                    ["Suit", *map(str, range(1, COINS_PER_SUIT + 1))], coins,
                    [("Orthogon", f.get("orthogon", "")), ("Diagon", f.get("diagon", "")),
                     ("Two ships", f.get("two_ships", ""))]),
            Section("Turns", ["Turn", *heads], numbered_rows(f, "t{n}_", cols, rows_written(f)),
                    [("Turns", f.get("turns", "")), ("Winner", f.get("winner", ""))]),
        ])


SHEET = RecordSheet()

__all__ = ["ROWS", "SHEET", "check_sheet", "field_names", "fields_from_play", "layout_fields",
           "row_fields"]

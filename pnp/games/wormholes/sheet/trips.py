"""Where the record sheet's ships go after their die: the wormhole a ship lands on (its value,
then a jump along the coin's axis, or a black hole), a landed-on ship sent away (and its own
trip through a wormhole there), and a mover sent back by the ship it sent (WH-3, WH-5, WH-7,
WH-12, WH-13, WH-15, WH-T5 to WH-T8).

``Trips`` is the checker's base: it holds what the checker knows (``Table``) and its report
lines; ``check.Checker`` reads the turn rows on top of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnp.engine.sheetspec import Line
from pnp.games.wormholes.board import (
    AXES,
    BASES,
    COMPASS,
    DIRECTIONS,
    OWNER,
    SIDE_SUITS,
    START,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    axis_vectors,
    cell_name,
    opponent,
    ray,
)
from pnp.games.wormholes.sheet.marks import SendNote, marked, read_cell, read_face


def die_ends(start: Cell, seat: int, value: int, blocked: set[Cell]) -> list[Cell]:
    """WH-4: every cell a straight die move of `value` can end on."""
    ends = []
    for name in DIRECTIONS:
        end = ray(start, COMPASS[seat][name], value)
        if end is not None and end not in blocked:
            ends.append(end)
    return ends


def cell_list(cells: list[Cell]) -> str:
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


class Trips:
    """The report so far, what the sheet has shown of the table, and the trips ships take."""

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
                         f"showed on {cell_list(sorted(others))}")
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

    def win(self, seat: int, ship: Suit, cell: Cell) -> None:
        if self.winner is None:
            self.winner = seat
            self.win_turn = self.turns
            del ship, cell

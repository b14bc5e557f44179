"""Checking a filled Wormholes record sheet, turn row by turn row.

The checker follows the ships from their bases and recomputes what the sheet lets it: turns
alternate; the dice are the ones the side rolls (a ship in a black hole sits out); every die
move is a straight line of exactly the die's length over board cells, not onto the partner
ship (WH-4, WH-T3); an unused die had no move left (WH-T4, WH-11); what happens where a ship
lands is ``trips.Trips``'.  Every turn takes the next row: a blank row, or a whole missing page,
between written turns is named, and the checker reads on from what the sheet says after it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import Line
from pnp.games.wormholes.board import (
    ALL_BASES,
    BASES,
    CELLS,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    cell_name,
    opponent,
)
from pnp.games.wormholes.sheet.fields import (
    GAME_ID,
    MOVE_COLUMNS,
    SLOTS,
    layout_fields,
    move_fields,
    page_of,
    page_turns,
    row_fields,
    rows_written,
)
from pnp.games.wormholes.sheet.marks import (
    SendNote,
    read_back,
    read_cell,
    read_dice,
    read_face,
    read_sends,
    read_ship,
    read_side,
    written_cell,
)
from pnp.games.wormholes.sheet.pages import join_pages, split_front
from pnp.games.wormholes.sheet.trips import Trips, cell_list, die_ends


class Checker(Trips):
    """Reads the layout, the turn rows and the result of one whole record."""

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
            cell = written_cell(text)
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
        blank: int | None = None  # the first of a run of blank rows
        for n in range(1, rows_written(self.f) + 1):
            prev, blank = self.row(n, prev, blank)

    def row(self, n: int, prev: int | None, blank: int | None) -> tuple[int | None, int | None]:
        """Read turn row ``n`` after the side ``prev`` played (None: unknown), ``blank`` the
        first of the blank rows just before it; the same two for the next row.  What a row
        reads is its own fields and the table (``Trips.t``), so ``probe`` can start here."""
        if not any(self.get(x) for x in row_fields(n)):
            return prev, (n if blank is None else blank)
        if self.winner is not None:
            self.bad(f"t{n}_side", self.get(f"t{n}_side"), "",
                     f"WH-T8: the game ended on turn {self.win_turn}; nothing is played "
                     "after a win")
            return prev, blank
        if blank is not None:
            self.gap(blank, n - 1)
            blank, prev = None, None
        self.turns = n
        return self.turn(n, prev), blank

    def gap(self, first: int, last: int) -> None:
        """Turns ``first``-``last`` are blank but a later turn is written: a page (or a row)
        is missing.  What happened there is unknown, so the ships are read on from the rows
        after it (their next ``from``)."""
        whole = [p for p in range(page_of(first), page_of(last) + 1)
                 if page_turns(p).start >= first and page_turns(p).stop - 1 <= last]
        for p in whole:
            r = page_turns(p)
            which = "the front page" if p == 1 else f"continuation page {p}"
            self.bad(f"t{r.start}_side", "", f"turns {r.start}-{r.stop - 1}",
                     f"{which} (turns {r.start}-{r.stop - 1}) is missing: turn {last + 1} is "
                     f"written{' on page ' + str(page_of(last + 1)) if p > 1 else ''}")
        if not whole:
            rows = f"turn {first} is" if first == last else f"turns {first}-{last} are"
            self.bad(f"t{first}_side", "", "O or D",
                     f"{rows} blank but turn {last + 1} is written: every turn takes the next "
                     "row (a turn that passed gets - as its dice)")
        for s in SUITS:
            self.t.pos[s] = None
            self.t.lost[s] = None

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
        if dice is None and len(face := written.strip()) == 1 and read_face(face) is not None:
            must = [s for s in rolling if s not in unsure and not (
                self.two and self.t.pos[s] in BASES[opponent(seat)])]
            alone = rolling if len(rolling) == 1 else must
            if len(alone) == 1:  # one face: the only ship that rolls this turn
                dice = {alone[0]: read_face(face) or 0}
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
        col = move_fields(n, k)
        text = {c: self.get(name) for c, name in col.items()}
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


    def check_from(self, name: str, text: str, ship: Suit) -> Cell | None:
        known = self.t.pos[ship]
        cell = read_cell(text)
        if known is not None:
            if not text.strip():
                return known  # the ship's cell is known: the column may stay blank (paper v2)
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
        ends = die_ends(start, seat, die, self.t.partner_cells(ship))
        if cell is not None and cell in ends:
            self.ok(name, cell_name(cell))
            return cell
        if cell is not None:
            why = self.why_not(start, cell, die, ship)
        elif written_cell(text) is not None:
            why = f"WH-1: {text} is a gap, not a cell of the galaxy"
        else:
            why = "write a board cell"
        self.bad(name, text, cell_list(ends), why)
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
            ends = die_ends(start, seat, die, self.t.partner_cells(ship))
            if ends:
                self.bad(f"t{n}_dice", self.get(f"t{n}_dice"), f"a {ship} move to one of "
                         f"{cell_list(ends)}", f"WH-T4: both dice are used when they can be; "
                         f"the {SUIT_NAMES[ship]} ship could still move {die}")


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


def check_flat(fields: Mapping[str, str], problems: Sequence[Line] = ()) -> dict[str, object]:
    """Check a record whose turns are named by number (``t{n}_...``); ``problems`` found
    before (in the pages) lead the report."""
    checker = Checker(fields)
    checker.layout()
    checker.rows()
    totals = checker.totals()
    lines = [*problems, *checker.lines]
    return {
        "ok": all(line.ok for line in lines) and bool(checker.lines),
        "game": GAME_ID,
        "turns": checker.turns,
        "lines": [line.to_json() for line in lines],
        "totals": totals,
    }


def check_pages(pages: Sequence[Mapping[str, str]]) -> dict[str, object]:
    """Check a record given page by page, in page order: the front page's fields, then each
    continuation page's (its ``page`` number and rows ``r1_...``).  A page without a number,
    one given twice or out of order is named; a missing page shows as its turns missing."""
    fields, problems, numbers = join_pages(pages)
    return {**check_flat(fields, problems), "pages": numbers}


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every line; the report lists each checked field with what it should say.
    ``fields`` name turns by number, or hold the kit's front page and one continuation page
    (its ``page`` and ``r1_...`` fields, as the fillable PDF and the web form have them)."""
    front, more = split_front(fields)
    if more is None:
        return check_flat(fields)
    return check_pages([front, more])

"""The Wormholes record sheet: its fields and pages, how a filled one is checked, and how a
played game is written on it.

The printed record (pnp/render/wormholes/sheet.py) has the wormhole layout (the cells of the
six coins of each suit) and one row per turn: the side (O or D), the dice, and up to two ship
moves, each with the ship, the cell it left, the cell its die took it to, the value of the
wormhole it activated there, the cell the wormhole jump took it to, the cell it sent an
opposing ship to, and the cell its own ship was sent back to when the ship it sent jumped onto
it (WH-15).  The "two ships" box says the game was the two-ship variant (WH-6, WH-13, WH-17).
The front page holds 30 turns; a continuation page, printed as often as a game needs, holds 46
more and carries its page number (``fields``, ``pages``): no game is too long for the paper.

Modules: ``fields`` (the names and which turns each page holds), ``marks`` (reading what
people write), ``pages`` (a record given page by page), ``trips`` and ``check`` (the checker),
``write`` (``fields_from_play``).  The checker follows the ships from their bases and
recomputes what the sheet lets it (see ``check`` and ``trips``); where the sheet cannot say
where a ship went (a sent ship's own wormhole trip without its ``>cell``), it takes the ship's
next written ``from`` as fact.  Every record ``fields_from_play`` writes checks clean
(tests/games/test_wormholes_sheet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import (
    Block,
    Column,
    Field,
    FilledSheet,
    Grid,
    GridRow,
    Layout,
    Prober,
    Section,
    SheetSpec,
    WrongProber,
    numbered_rows,
)
from pnp.engine.steps import Played
from pnp.games.wormholes.board import SIDE_NAMES, SUIT_NAMES, SUITS
from pnp.games.wormholes.sheet.check import check_flat, check_pages, check_sheet
from pnp.games.wormholes.sheet.fields import (
    COINS_PER_SUIT,
    FRONT_ROWS,
    GAME_ID,
    MOVE_COLUMNS,
    PAGE_FIELD,
    PAGE_ROWS,
    PLAYER_FIELDS,
    SLOTS,
    TOTAL_FIELDS,
    TURN_COLUMNS,
    columns,
    field_names,
    layout_fields,
    page_of,
    page_turns,
    row_fields,
    rows_written,
)
from pnp.games.wormholes.sheet.pages import join_pages, page_row, split_front, split_pages
from pnp.games.wormholes.sheet.probe import PagesProbe, Probe
from pnp.games.wormholes.sheet.write import fields_from_play

WH_COLUMNS = {"side": ("Side", "O / D"), "dice": ("Dice", "S3 M1"), "ship": ("Ship", "S M C A"),
              "from": ("From", "cell"), "to": ("To", "by die"), "value": ("Value", "0-5"),
              "jump": ("Jump to", "cell"), "send": ("Sent to", "cell>cell"),
              "back": ("Sent back", "cell")}


def by_number(fields: Mapping[str, str]) -> dict[str, str]:
    """A record with every turn named by its number (the kit form's continuation page read as
    the turns its page number says)."""
    front, more = split_front(fields)
    return dict(fields) if more is None else join_pages([front, more])[0]


class RecordSheet(SheetSpec):
    """The players, the wormholes placed (a row per suit, a box per coin) and the turn record
    with its two ship moves, as printed; winner and turns close it.  The fields are the kit's
    fillable pages: the front and one continuation page."""

    title = "Wormholes record sheet"
    _last: tuple[dict[str, str], Probe] | None = None

    def field_names(self) -> list[str]:
        return field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_sheet(fields)

    def check_pages(self, pages: Sequence[Mapping[str, str]]) -> dict[str, object]:
        return check_pages(pages)

    @staticmethod
    def line_field(fields: Mapping[str, str], name: str) -> str:
        """The name a page's field has in its check's report: a continuation page's row
        (``r35_to1``) as the turn its page number makes it (page 2: ``t65_to1``), any other
        field (or a page whose number is unreadable) by its own name.

        >>> SHEET.line_field({"page": "2"}, "r35_to1"), SHEET.line_field({}, "t3_to1")
        ('t65_to1', 't3_to1')
        """
        row = page_row(name)
        page = str(fields.get(PAGE_FIELD, "")).strip()
        if row is None or not page.isdigit() or int(page) < 2:
            return name
        return f"t{page_turns(int(page)).start + row[0] - 1}_{row[1]}"

    def prober(self, fields: Mapping[str, str]) -> Prober:
        """The check of the rows a change touches (``probe``: 4-10x quicker)."""
        return self._probe(fields).check

    def wrong_prober(self, fields: Mapping[str, str]) -> WrongProber:
        """The fields of the wrong lines with a few changed, without the report."""
        return self._probe(fields).wrong

    def _probe(self, fields: Mapping[str, str]) -> Probe:
        """The probe of ``fields``; the last one made again when the fields are the same
        (``prober`` and ``wrong_prober`` are asked for together)."""
        last = self._last
        if last is not None and last[0] == fields:
            return last[1]
        probe = Probe(fields)
        self._last = (dict(fields), probe)
        return probe

    def pages_prober(self, pages: Sequence[Mapping[str, str]], index: int) -> Prober:
        """The record's pages checked from the turn a change on page ``index`` touches."""
        return PagesProbe(pages, index).check

    def fields_from_play(self, play: Played) -> dict[str, str]:
        """The whole record, every turn by its number, however long the game."""
        fields = fields_from_play(play.states, play.events)
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
        cols = tuple(Column(*WH_COLUMNS[c]) for c in TURN_COLUMNS) + tuple(
            Column(*WH_COLUMNS[c]) for _ in SLOTS for c in MOVE_COLUMNS)
        groups = (("", len(TURN_COLUMNS)),
                  *((f"Ship move {k}", len(MOVE_COLUMNS)) for k in SLOTS))
        turns = Grid(cols, tuple(GridRow(str(n), tuple(row_fields(n))) for n in page_turns(1)),
                     corner="Turn", groups=groups)
        more = Grid(cols, tuple(GridRow(str(i), tuple(row_fields(i, "r")))
                                for i in range(1, PAGE_ROWS + 1)), corner="Row", groups=groups)
        names = dict(zip(PLAYER_FIELDS, SIDE_NAMES, strict=True))
        return Layout(
            head=(Field("seed", "Seed"),
                  *(Field(f, names[f], "player") for f in PLAYER_FIELDS),
                  Field("two_ships", "Two ships", "x if played with two ships each")),
            blocks=(Block("Wormholes placed", suits, style="suits"),
                    Block(f"Turns 1-{FRONT_ROWS}", turns, style="turns"),
                    Block("Continuation page", more, style="turns",
                          head=(Field(PAGE_FIELD, "Page number",
                                      f"2 holds turns {page_turns(2).start}-"
                                      f"{page_turns(2).stop - 1}, 3 the next {PAGE_ROWS}..."),))),
            totals=tuple(Field(f, f.capitalize()) for f in TOTAL_FIELDS))

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        """The record as its pages: the front page's table, then one per continuation page
        the game fills (its number and turns in the title)."""
        f = by_number(fields)
        coins = [[SUIT_NAMES[s], *[f.get(f"wh_{s}{k}", "") for k in
                                   range(1, COINS_PER_SUIT + 1)]] for s in SUITS]
        heads = ["Side", "Dice", *[f"{c.title()} {k}" for k in SLOTS for c in MOVE_COLUMNS]]
        rows = numbered_rows(f, "t{n}_", columns(), rows_written(f))
        sections = [Section("Wormhole coins placed",
                            ["Suit", *map(str, range(1, COINS_PER_SUIT + 1))], coins,
                            [("Orthogon", f.get("orthogon", "")),
                             ("Diagon", f.get("diagon", "")),
                             ("Two ships", f.get("two_ships", ""))])]
        for page in range(1, page_of(max(rows_written(f), 1)) + 1):
            turns = page_turns(page)
            title = (f"Turns {turns.start}-{turns.stop - 1} (front page)" if page == 1 else
                     f"Continuation page {page}: turns {turns.start}-{turns.stop - 1}")
            sections.append(Section(title, ["Turn", *heads],
                                    [r for r in rows if int(r[0]) in turns]))
        sections[-1].totals += [("Turns", f.get("turns", "")), ("Winner", f.get("winner", ""))]
        return FilledSheet(self.title, sections)


SHEET = RecordSheet()

__all__ = ["COINS_PER_SUIT", "FRONT_ROWS", "GAME_ID", "MOVE_COLUMNS", "PAGE_FIELD", "PAGE_ROWS",
           "PLAYER_FIELDS", "SHEET", "SLOTS", "TOTAL_FIELDS", "TURN_COLUMNS", "WH_COLUMNS",
           "by_number", "check_flat", "check_pages", "check_sheet", "field_names",
           "fields_from_play", "join_pages", "layout_fields", "page_of", "page_turns",
           "row_fields", "rows_written", "split_front", "split_pages"]

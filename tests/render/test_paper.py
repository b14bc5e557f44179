"""How much paper the kits take (pnp/render/paper.py) and the packer that fills the sheets
(pnp/render/pack.py).

The ``slow`` tests build every kit on A4 and Letter, double-sided and gutter-folded: every
sheet of pieces is at least 30 % full and, unless it is the last of its part, 60 %; and the
table in docs/printing.md is what the kits give now (``PNP_WRITE_DOCS=1`` rewrites it).
"""

from __future__ import annotations

import itertools
import os
import re
from functools import cache
from pathlib import Path

import pytest

from pnp.engine import PnpError
from pnp.render.geometry import Rect, inch, mm
from pnp.render.kits import kit_ids
from pnp.render.options import KitOptions
from pnp.render.pack import Item, fill, pack
from pnp.render.paper import PaperReport, SheetFill, paper_report, union_area
from tests.render.test_layout import kit_page_lists

DOC = Path(__file__).resolve().parents[2] / "docs" / "printing.md"

BEFORE = {  # pages, sheets, sheets of pieces, emptiest sheet of pieces (%): commit 2c267e0
    ("galaxy-express", "a4", "long"): (16, 8, 4, 12),
    ("galaxy-express", "a4", "fold"): (10, 10, 5, 24),
    ("galaxy-express", "letter", "long"): (16, 8, 4, 12),
    ("galaxy-express", "letter", "fold"): (10, 10, 5, 25),
    ("galaxy-trucker", "a4", "long"): (58, 29, 13, 4),
    ("galaxy-trucker", "a4", "fold"): (64, 64, 40, 4),
    ("galaxy-trucker", "letter", "long"): (58, 29, 13, 7),
    ("galaxy-trucker", "letter", "fold"): (64, 64, 40, 7),
    ("piecepack", "a4", "long"): (12, 6, 4, 25),
    ("piecepack-seasons", "a4", "long"): (12, 6, 4, 25),
    ("piecepack", "a4", "fold"): (7, 7, 6, 47),
    ("piecepack-seasons", "a4", "fold"): (7, 7, 6, 47),
    ("piecepack", "letter", "long"): (12, 6, 4, 26),
    ("piecepack-seasons", "letter", "long"): (12, 6, 4, 26),
    ("piecepack", "letter", "fold"): (7, 7, 6, 49),
    ("piecepack-seasons", "letter", "fold"): (7, 7, 6, 49),
    ("spatial-delivery", "a4", "long"): (50, 25, 19, 12),
    ("spatial-delivery", "a4", "fold"): (64, 64, 57, 22),
    ("spatial-delivery", "letter", "long"): (54, 27, 21, 20),
    ("spatial-delivery", "letter", "fold"): (66, 66, 59, 23),
    ("weird-galaxy", "a4", "long"): (30, 15, 9, 17),
    ("weird-galaxy", "a4", "fold"): (22, 22, 14, 9),
    ("weird-galaxy", "letter", "long"): (32, 16, 10, 17),
    ("weird-galaxy", "letter", "fold"): (23, 23, 15, 10),
    ("wormholes", "a4", "long"): (24, 12, 4, 25),
    ("wormholes", "a4", "fold"): (15, 15, 6, 47),
    ("wormholes", "letter", "long"): (26, 13, 5, 5),
    ("wormholes", "letter", "fold"): (16, 16, 7, 5),
}
LAYOUTS = {"long": "double-sided", "fold": "gutter fold"}


# -- the packer and the measure ----------------------------------------------------------------

def test_union_area_counts_overlaps_once_and_clips() -> None:
    clip = Rect(0, 0, 100, 100)
    assert union_area([Rect(0, 0, 10, 10), Rect(5, 5, 10, 10)], clip) == pytest.approx(175)
    assert union_area([Rect(-10, -10, 20, 20)], clip) == pytest.approx(100)
    assert union_area([], clip) == 0.0


def test_pack_places_every_piece_once_inside_the_area_without_overlaps() -> None:
    area = Rect(0, 0, mm(180), mm(250))
    items = ([Item(inch(2), inch(2), mm(6))] * 14 + [Item(inch(0.75), inch(0.75), mm(4))] * 24
             + [Item(mm(54), mm(38), mm(6))] * 4 + [Item(mm(63), mm(89), mm(6))])
    sheets = pack(items, area, area)
    placed = sorted(s.index for sheet in sheets for s in sheet)
    assert placed == list(range(len(items)))
    for sheet in sheets:
        for s in sheet:
            assert area.contains(s.rect)
            assert (s.rect.w, s.rect.h) == (items[s.index].w, items[s.index].h)
        for a, b in itertools.combinations(sheet, 2):  # gutters kept: the smaller at least
            assert not a.rect.expand(mm(2) - 0.01).overlaps(b.rect.expand(mm(2) - 0.01))
    assert len(sheets) == 2  # a sheet per kind of piece took four


def test_coins_stack_beside_a_row_of_tiles() -> None:
    """Three 2 in tiles leave a column too narrow for a tile: coins stack in it, two deep."""
    area = Rect(0, 0, mm(190), inch(2))
    sheets = pack([Item(inch(2), inch(2), mm(6))] * 3 + [Item(inch(0.75), inch(0.75), mm(4))] * 2,
                  area, area)
    assert len(sheets) == 1 and len(sheets[0]) == 5


def test_a_one_sided_piece_wider_than_the_sheet_goes_a_quarter_turn_round() -> None:
    """Spatial Delivery's 150 x 58 mm round track on an A5 sheet (118 mm wide inside its crop
    marks) beside the 86 x 122 mm player aids: the track turns, the aids stay upright."""
    area = Rect(0, 0, mm(118), mm(164))
    track, aid = Item(mm(150), mm(58), mm(6), turnable=True), Item(mm(86), mm(122), mm(6),
                                                                    turnable=True)
    sheets = pack([track, aid, aid], area, area)
    spots = {s.index: s for sheet in sheets for s in sheet}
    assert spots[0].turned and (spots[0].rect.w, spots[0].rect.h) == (mm(58), mm(150))
    assert all(area.contains(s.rect) for s in spots.values())
    with pytest.raises(PnpError, match="150 x 58 mm piece is larger than the printable area"):
        pack([Item(mm(150), mm(58), mm(6))], area, area)  # two-sided: its back must match


def test_a_nearly_empty_last_sheet_takes_pieces_from_the_sheets_before() -> None:
    area = Rect(0, 0, mm(180), mm(250))
    sheets = pack([Item(inch(2), inch(2), mm(6))] * 15, area, area)  # 12 fit on a sheet
    assert len(sheets) == 2
    assert fill(sheets[-1], area) >= 0.3
    assert fill(sheets[0], area) >= 0.6


def test_problems_allow_the_last_sheet_of_a_part_to_be_emptier() -> None:
    report = PaperReport(4, 2, (SheetFill(3, "pieces", 0.8), SheetFill(5, "pieces", 0.4),
                                SheetFill(7, "cards", 0.5), SheetFill(9, "cards", 0.2)))
    assert report.problems() == ["page 7 (cards) is 50% full", "page 9 (cards) is 20% full"]


# -- every kit ---------------------------------------------------------------------------------

@cache
def report(stem: str, paper: str, layout: str) -> PaperReport:
    game = "piecepack" if stem.startswith("piecepack") else stem
    options = KitOptions(paper=paper, gutter_fold=layout == "fold")  # type: ignore[arg-type]
    return paper_report(kit_page_lists(game, options)[stem], layout == "long")


ROWS = [(stem, paper, layout) for stem in [*kit_ids(), "piecepack-seasons"]
        for paper in ("a4", "letter") for layout in LAYOUTS]


@pytest.mark.slow
@pytest.mark.parametrize(("stem", "paper", "layout"), ROWS)
def test_sheets_of_pieces_are_full(stem: str, paper: str, layout: str) -> None:
    assert report(stem, paper, layout).problems() == []


def table() -> str:
    lines = ["| kit | paper | printed | pages | sheets of paper | sheets of pieces | "
             "emptiest sheet of pieces |", "|---|---|---|--:|--:|--:|--:|"]
    for stem, paper, layout in sorted(ROWS, key=lambda r: (r[0], r[1], r[2] != "long")):
        pages, sheets, pieces, lowest = BEFORE[(stem, paper, layout)]
        now = report(stem, paper, layout)
        lines.append(f"| {stem} | {paper.upper() if paper == 'a4' else 'Letter'} | "
                     f"{LAYOUTS[layout]} | {pages} → {now.pages} | {sheets} → {now.sheets} | "
                     f"{pieces} → {len(now.fills)} | {lowest} % → {round(now.lowest() * 100)} % |")
    return "\n".join(lines)


@pytest.mark.slow
def test_docs_printing_table_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.compile(r"(<!-- paper table -->\n).*?(<!-- /paper table -->)", re.S)
    assert block.search(text), "docs/printing.md lost its paper table markers"
    fresh = block.sub(lambda m: m.group(1) + table() + "\n" + m.group(2), text)
    if os.environ.get("PNP_WRITE_DOCS") == "1":
        DOC.write_text(fresh, encoding="utf-8")
    assert fresh == text, "docs/printing.md's paper table is stale: PNP_WRITE_DOCS=1 rewrites it"

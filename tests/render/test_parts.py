"""The parts list: counts by kind, and a header tall enough for its text."""

from __future__ import annotations

from pnp.render.geometry import mm
from pnp.render.parts import parts_header, summarise
from pnp.render.piecepack import full_piecepack, roll_table
from pnp.render.suits import CLASSIC


def test_summary_counts_in_a_fixed_order() -> None:
    pieces = [p for ps in full_piecepack().values() for p in ps] + [roll_table(CLASSIC)]
    assert summarise(pieces) == [("tile", 24), ("coin", 24), ("die", 4), ("pawn", 4),
                                 ("card", 1)]


def test_header_grows_with_its_notes_and_narrows() -> None:
    pieces = full_piecepack()["tile"]
    _, short = parts_header("t", pieces, mm(190))
    _, longer = parts_header("t", pieces, mm(190), notes=("a long note " * 30,))
    _, narrow = parts_header("t", pieces, mm(120), notes=("a long note " * 30,))
    assert mm(15) < short < longer < narrow

"""The Wormholes galaxy (``board``): the cells and tiles (WH-1), the compasses (WH-3), straight
lines across gaps (WH-4).

Positions are built directly (table play; ``wormholes_positions``); the whole flow from the
opening roll is in ``test_wormholes_properties``."""

from __future__ import annotations

from pnp.games.wormholes.board import CELLS, COMPASS, TILE_ROWS, ray
from tests.games.wormholes_positions import at, cell_of, legal, play, refused, run


def test_wh1_board_has_23_tiles_92_cells_and_a_half_turn_symmetry() -> None:
    assert sum(len(c) for c in TILE_ROWS.values()) == 23
    assert len(CELLS) == 92
    assert all((11 - x, 19 - y) in CELLS for x, y in CELLS)
    assert {at("j1"), at("j2"), at("a17"), at("a18")} <= CELLS
    assert at("a1") not in CELLS and at("j18") not in CELLS


def test_wh3_each_side_reads_north_toward_the_other() -> None:
    assert COMPASS[0]["N"] == (0, 1) and COMPASS[1]["N"] == (0, -1)
    assert COMPASS[0]["E"] == (1, 0) and COMPASS[1]["E"] == (-1, 0)
    s = run(play(ships={"S": "e14"}), "S2M0", "S:N")
    assert cell_of(s, "S") == "e16"
    d = run(play(ships={"C": "e14"}, turn=1), "C2A0", "C:N")
    assert cell_of(d, "C") == "e12"


def test_wh3_diagonal_axes_are_the_same_lines_in_both_compasses() -> None:
    # Crown wormhole 1 at e9: for the OrthogonAliens NW is d10 and SE f8 (a gap? f8 is a cell).
    state = play(ships={"S": "e7"}, coins=[("C", "e9", 1)])
    state = run(state, "S2M0", "S:N")
    assert legal(state) == {"S*NW", "S*SE"}
    assert cell_of(run(state, "S*NW"), "S") == "d10"
    dstate = play(ships={"C": "e11"}, coins=[("C", "e9", 1)], turn=1)
    dstate = run(dstate, "C2A0", "C:N")  # DiagonAliens' north is down the board
    assert cell_of(dstate, "C") == "e9"
    assert legal(dstate) == {"C*NW", "C*SE"}
    assert cell_of(run(dstate, "C*SE"), "C") == "d10"


def test_wh4_no_shortcut_across_a_gap() -> None:
    assert ray(at("g4"), (0, 1), 5) is None  # g7 and g8 are gaps, g9 is a cell
    state = run(play(ships={"S": "g4"}), "S5M1")
    refused(state, "S:N", "WH-4")
    assert not any(m.startswith("S") for m in legal(state))  # g4 with a 5 has no way out
    state = run(play(ships={"S": "g4"}), "S4M1")
    refused(state, "S:N", "WH-4")  # g7 and g8 are gaps even though g8 is not the end
    assert "S:NW" in legal(state) and cell_of(run(state, "S:NW"), "S") == "c8"


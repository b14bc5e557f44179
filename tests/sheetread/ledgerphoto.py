"""A simulated phone photo of a filled Weird Galaxy ledger page (the game's sheet is its
worksheet: the ledger's lines are the whole kit's check's), with or without a planted
mistake: player 1's third balance written 2 too high."""

from __future__ import annotations

from functools import cache

import numpy as np

WG, SEED = "weird-galaxy", 7
MISTAKE = "p1_r3_balance"
LEDGER = {"p1_name": "Ann", "p1_start": "0",
          "p1_r1_turn": "3", "p1_r1_earned": "4", "p1_r1_balance": "4",
          "p1_r2_turn": "7", "p1_r2_spent": "3", "p1_r2_balance": "1",
          "p1_r3_turn": "9", "p1_r3_earned": "5", "p1_r3_balance": "6",
          "p1_earned": "9", "p1_fees_in": "0", "p1_fees_out": "0", "p1_spent": "3",
          "p1_balance": "6",
          "p2_name": "Bo", "p2_start": "0",
          "p2_r1_turn": "4", "p2_r1_earned": "2", "p2_r1_balance": "2",
          "p2_earned": "2", "p2_fees_in": "0", "p2_fees_out": "0", "p2_spent": "0",
          "p2_balance": "2"}
"""Players 1 and 2's blocks as written, every line right (0 + 4 - 3 + 5 = 6)."""


def fields(mistake: bool = False) -> dict[str, str]:
    return {**LEDGER, MISTAKE: "8"} if mistake else dict(LEDGER)


@cache
def photo(layout_id: str = "ledger1.a4", mistake: bool = False, version: int = 2) -> bytes:
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import sheet_layout

    layout = sheet_layout(WG, layout_id, version)
    rng = np.random.default_rng(5)
    page = sim.write(sim.page_from_layout(layout, SEED), layout, fields(mistake), rng).image
    shot = sim.Shot(tilt=8.0, turn=-3.0, size=(1536, 2048), blur=0.5, quality=88, shadow=0.2)
    return bytes(sim.photograph(page, shot, rng))

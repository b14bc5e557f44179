"""The JSON picture of a Weird Galaxy state that `pnp replay` prints and the tracker draws."""

from __future__ import annotations

from typing import Any

from pnp.games.weird_galaxy.data import (
    CAPACITY,
    HOLE,
    MAX_SHIELDS,
    RANKS,
    SIZE,
    STATION_COSTS,
    STATIONS,
    SUIT_NAMES,
    TILE_AT,
    Pos,
    station_pos,
    tile_name,
)
from pnp.games.weird_galaxy.state import Player, State


def _where(pos: Pos) -> dict[str, Any]:
    return {"at": tile_name(pos), "row": pos[0], "col": pos[1]}


def _player(seat: int, p: Player) -> dict[str, Any]:
    k = len(p.stations)
    nxt = None
    if k < STATIONS:
        nxt = {"index": k, **_where(station_pos(p.suit, k)), "cost": STATION_COSTS[k]}
    return {
        "seat": seat,
        "name": p.name,
        "suit": p.suit,
        "suit_name": SUIT_NAMES[p.suit],
        "home": tile_name(station_pos(p.suit, 0)),
        "ship": {**_where(p.ship.pos), "disabled": p.ship.disabled,
                 "loads": [tile_name(s) for s in p.ship.loads], "capacity": CAPACITY},
        "stations": [{"index": s.index, **_where(s.pos), "disabled": s.disabled,
                      "shield": s.shield} for s in p.stations],
        "next_station": nxt,
        "shields_left": MAX_SHIELDS - p.shields_used,
        "space_bucks": p.balance,
        "ledger": {"earned": p.account.earned, "fees_in": p.account.fees_in,
                   "fees_out": p.account.fees_out, "stations": p.account.building,
                   "shields": p.account.shields, "forfeits": p.account.forfeits},
    }


def summary(state: State) -> dict[str, Any]:
    pend = state.pending
    winner = state.winner
    return {
        "grid": {
            "size": SIZE,
            "hole": _where(HOLE),
            "tiles": [{"row": r, "col": c, "tile": tile_name((r, c)), "suit": s,
                       "suit_name": SUIT_NAMES[s], "rank": RANKS[k]}
                      for (r, c), (s, k) in sorted(TILE_AT.items())],
        },
        "phredd": _where(state.phredd),
        "players": [_player(i, p) for i, p in enumerate(state.players)],
        "missions": [{"number": m.number, "source": tile_name(m.source),
                      "dest": tile_name(m.dest), "payoff": m.payoff,
                      "rolled_by": m.rolled_by, "completed_by": m.completed_by,
                      "open": m.open} for m in state.missions],
        "turn": {"seat": state.turn, "player": state.players[state.turn].name,
                 "number": state.turn_number, "points_left": state.points,
                 "paid_fees_on": sorted(tile_name(p) for p in state.paid)},
        "awaiting": ("finished" if winner is not None else
                     "chance" if pend is not None else "decision"),
        "pending": None if pend is None else {
            "for": pend.kind, "step": pend.step, "die_in_hand": pend.drawn,
            "source": tile_name(pend.first) if pend.first else None,
            "held_out": pend.held_out, "bag": list(pend.bag())},
        "chance": "seeded" if state.seeded else "table",
        "balances_public": state.public_balances,
        "result": None if winner is None else {
            "winner": winner, "name": state.players[winner].name,
            "how": "built the black-hole station"},
    }

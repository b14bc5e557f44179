"""The JSON picture of a Weird Galaxy state that `pnp replay` prints and the tracker draws,
and its declared shape (``Summary``), shared by the engine and the board."""

from __future__ import annotations

from typing import TypedDict

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


class Where(TypedDict):
    at: str  # the tile's name, e.g. "f4"
    row: int
    col: int


class ShipSummary(Where):
    disabled: bool
    loads: list[str]  # the source tiles of the loads carried
    capacity: int


class StationSummary(Where):
    index: int  # 0 home world .. 6 black hole
    disabled: bool
    shield: bool


class NextStation(Where):
    index: int
    cost: int


class LedgerSummary(TypedDict):
    earned: int
    fees_in: int
    fees_out: int
    stations: int
    shields: int
    forfeits: int


class PlayerSummary(TypedDict):
    seat: int
    name: str
    suit: str
    suit_name: str
    home: str
    ship: ShipSummary
    stations: list[StationSummary]
    next_station: NextStation | None
    shields_left: int
    space_bucks: int
    ledger: LedgerSummary


class TileSummary(TypedDict):
    row: int
    col: int
    tile: str
    suit: str
    suit_name: str
    rank: str


class GridSummary(TypedDict):
    size: int
    hole: Where
    tiles: list[TileSummary]


class MissionSummary(TypedDict):
    number: int
    source: str
    dest: str
    payoff: int
    rolled_by: int
    completed_by: int | None
    open: bool


class TurnSummary(TypedDict):
    seat: int
    player: str
    number: int
    points_left: int
    paid_fees_on: list[str]


PendingSummary = TypedDict("PendingSummary", {
    "for": str, "step": str, "die_in_hand": str | None, "source": str | None,
    "held_out": str | None, "bag": list[str]})


class ResultSummary(TypedDict):
    winner: int
    name: str
    how: str


class Summary(TypedDict):
    grid: GridSummary
    phredd: Where
    players: list[PlayerSummary]
    missions: list[MissionSummary]
    turn: TurnSummary
    awaiting: str  # "finished" | "chance" | "decision"
    pending: PendingSummary | None
    chance: str  # "seeded" | "table"
    balances_public: bool
    result: ResultSummary | None


def _where(pos: Pos) -> Where:
    return {"at": tile_name(pos), "row": pos[0], "col": pos[1]}


def _player(seat: int, p: Player) -> PlayerSummary:
    k = len(p.stations)
    nxt: NextStation | None = None
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


def summary(state: State) -> Summary:
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

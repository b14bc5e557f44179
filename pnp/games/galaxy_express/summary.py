"""Galaxy Express's public summary (``GalaxyExpress.summary``): its shape, shared by the
engine that writes it and the tracker's board that draws it, and how a state is read into it."""

from __future__ import annotations

from typing import TypedDict

from pnp.games.galaxy_express.board import COLS, ROWS, cell_name
from pnp.games.galaxy_express.reveal import need_text
from pnp.games.galaxy_express.scoring import rating_of, score_of
from pnp.games.galaxy_express.state import Coins, State


class BoardSize(TypedDict):
    cols: int
    rows: int


class PlanetSummary(TypedDict):
    cell: str  # a1..h6
    number: int | None  # None while face down


class QueueSummary(TypedDict):
    top: int | None
    remaining: int
    delivered: list[int]
    bottom: int | None  # the start planet's coin, moved to the bottom (GE-3)


class CoinsSummary(TypedDict):
    face_up: list[int]
    spent: list[int]
    in_stack: int


class Summary(TypedDict):
    board: BoardSize
    turn: int
    phase: str
    ship: str | None  # the ship's cell
    speed: int
    refuels: int
    deliveries: int
    planets: list[PlanetSummary]
    queue: QueueSummary
    suns: CoinsSummary
    moons: CoinsSummary
    awaiting: str  # "over" | "chance" | "decision"
    chance: list[str]  # what the table owes, in words
    chance_mode: str  # "seeded" | "table"
    coins_left: int
    score: int
    rating: str
    result: str | None


def coins_left(state: State) -> int:
    return 12 - state.spent_count


def score(state: State) -> int:
    """GE-10, as the game stands."""
    return score_of(len(state.delivered), state.refuels, coins_left(state))


def result_text(state: State) -> str:
    return {"win": "win", "lost": "lost in space", "conceded": "conceded"}.get(
        state.result or "", "in play")


def summarise(state: State) -> Summary:
    """The public summary in its declared shape."""
    points = score(state)
    return {
        "board": {"cols": COLS, "rows": ROWS},
        "turn": state.turn,
        "phase": state.phase,
        "ship": cell_name(state.ship) if state.ship is not None else None,
        "speed": state.speed,
        "refuels": state.refuels,
        "deliveries": len(state.delivered),
        "planets": [{"cell": cell_name(c), "number": n}
                    for c, n in zip(state.planets, state.numbers, strict=True)],
        "queue": {"top": state.queue_top, "remaining": 6 - len(state.delivered),
                  "delivered": list(state.delivered), "bottom": state.queue_bottom},
        "suns": _coins_json(state.suns),
        "moons": _coins_json(state.moons),
        "awaiting": ("over" if state.result else "chance" if state.pending
                     else "decision"),
        "chance": [need_text(n) for n in state.pending],
        "chance_mode": "seeded" if state.seeded else "table",
        "coins_left": coins_left(state),
        "score": points,
        "rating": rating_of(points),
        "result": result_text(state) if state.result else None,
    }


def _coins_json(coins: Coins) -> CoinsSummary:
    return {"face_up": list(coins.face_up), "spent": sorted(coins.spent),
            "in_stack": len(coins.in_stack)}


__all__ = ["BoardSize", "CoinsSummary", "PlanetSummary", "QueueSummary", "Summary",
           "coins_left", "result_text", "score", "summarise"]

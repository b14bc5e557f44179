"""Scores, the winner (SD-5) and the public summary of a state."""

from __future__ import annotations

from pnp.engine import Outcome
from pnp.games.spatial_delivery.board import (
    AXIAL,
    CORNERS,
    HEX_COUNT,
    RING,
    SEGMENTS,
    corner_name,
    hex_name,
    location_name,
    segment_name,
)
from pnp.games.spatial_delivery.cards import (
    COLOUR_SET,
    COLOURS,
    FUEL,
    SPACE,
    STATIONS_PER_PLAYER,
)
from pnp.games.spatial_delivery.chance import need_text
from pnp.games.spatial_delivery.offers import actor
from pnp.games.spatial_delivery.state import State
from pnp.games.spatial_delivery.summary import HexSummary, Summary


def scores(state: State) -> list[int]:
    return [s.points + s.bonus for s in state.seats]


def ranking_key(state: State, seat: int) -> tuple[int, int, int]:
    """SD-5: score, then First Delivery tokens, then stations built."""
    s = state.seats[seat]
    return (s.points + s.bonus, sum(s.firsts), len(state.stations_of(seat)))


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    keys = [ranking_key(state, i) for i in range(state.players)]
    best = max(keys)
    winners = tuple(i for i, k in enumerate(keys) if k == best)
    detail = (f"{best[0]} market share points" + (
        f", {best[1]} First Delivery tokens, {best[2]} stations" if
        sum(1 for k in keys if k[0] == best[0]) > 1 else ""))
    return Outcome(winners, "win" if len(winners) == 1 else "shared win", detail)


def typed_summary(state: State) -> Summary:
    """The public summary in its declared shape (``summary.Summary``)."""
    result = outcome(state)
    return {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "turn": actor(state) if state.phase != "over" else None,
        "stage": state.stage,
        "must_take": state.must_take,
        "extra_turns": state.extra_turns,
        "hexes": [_hex_json(state, h) for h in range(HEX_COUNT)],
        "routes": [{"border": segment_name(s),
                    "corners": [corner_name(c) for c in SEGMENTS[s].corners]}
                   for s in sorted(state.segments)],
        "stations": [{"corner": corner_name(c), "hexes": [hex_name(h) for h in CORNERS[c]],
                      "owner": owner} for c, owner in state.stations],
        "ships": [{"seat": i, "at": location_name(s.location), "passed": s.passed}
                  for i, s in enumerate(state.seats)],
        "hands": [{"seat": i, "size": len(s.hand), "fuel": s.hand.count(FUEL),
                   "cards": list(s.hand)} for i, s in enumerate(state.seats)],
        "market": {c: {"face_up": g.market, "deck": len(g.deck),
                       "discards": len(g.discards)}
                   for c, g in zip(COLOURS, state.goods, strict=True)},
        "fuel_depot": state.fuel_in_depot,
        "this_turn": list(state.order),
        "next_turn": list(state.next_track),
        "scores": scores(state),
        "first_delivery_tokens": [dict(zip(COLOURS, s.firsts, strict=True))
                                  for s in state.seats],
        "bonus": [s.bonus for s in state.seats],
        "stations_left": [STATIONS_PER_PLAYER - len(state.stations_of(i))
                          for i in range(state.players)],
        "awaiting": ("over" if state.phase == "over" else "chance" if state.pending
                     else "decision"),
        "chance": [need_text(n) for n in state.pending],
        "chance_mode": "seeded" if state.seeded else "table",
        "result": ({"result": result.result, "winners": list(result.winners),
                    "detail": result.detail} if result else None),
    }


def _hex_json(state: State, h: int) -> HexSummary:
    kind = state.tiles[h]
    q, r = AXIAL[h]
    return {
        "hex": hex_name(h), "q": q, "r": r, "ring": RING[h],
        "tile": (None if kind is None else "earth" if kind == "E" else "space"
                 if kind == SPACE else "world"),
        "goods": kind if kind in COLOUR_SET else None,
        "score_token": state.tokens[h] or None,
        "first_delivery": state.firsts[h],
    }

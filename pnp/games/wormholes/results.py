"""The result (WH-T8) and the public summary of a state."""

from __future__ import annotations

from pnp.engine import CHANCE, Outcome
from pnp.games.wormholes.board import (
    AXES,
    BASES,
    COMPASS,
    DIRECTIONS,
    ORDERED_CELLS,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    SUITS,
    cell_name,
    direction_name,
)
from pnp.games.wormholes.offers import actor, legal, notes, possible_values
from pnp.games.wormholes.state import Activate, ChooseJump, State
from pnp.games.wormholes.summary import Summary


def scores(state: State) -> list[int]:
    return [1 if state.winner == i else 0 for i in (0, 1)]


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome((state.winner,), "win", state.result)


def typed_summary(game_id: str, state: State) -> Summary:
    """The public summary in its declared shape (``summary.Summary``)."""
    seat = actor(state)
    pending: dict[str, object] | None = None
    if seat == CHANCE:
        if state.phase == "opening":
            pending = {"kind": "opening-roll"}
        elif state.stack:
            top = state.stack[-1]
            assert isinstance(top, Activate)
            coin = state.coin_at(top.cell)
            assert coin is not None
            pending = {"kind": "reveal", "cell": cell_name(top.cell),
                       "possible": possible_values(state, coin)}
        else:
            pending = {"kind": "roll", "dice": list(state.rolling)}
    tasks: list[dict[str, object]] = []
    for t in state.stack:
        if isinstance(t, Activate):
            tasks.append({"kind": "activate", "ship": t.ship, "cell": cell_name(t.cell)})
        elif isinstance(t, ChooseJump):
            tasks.append({"kind": "jump", "ship": t.ship, "distance": t.distance,
                          "options": [direction_name(OWNER[t.ship], v) for v in t.options]})
        else:
            tasks.append({"kind": "send", "ship": t.ship, "by": t.by})
    return {
        "game": game_id,
        "phase": state.phase,
        "variant": "two ships" if state.two_ships else "one ship",
        "board": {"width": 10, "height": 18,
                  "cells": [cell_name(c) for c in ORDERED_CELLS],
                  "bases": {SIDE_NAMES[i]: [cell_name(c) for c in BASES[i]]
                            for i in (0, 1)}},
        "sides": [{"seat": i, "player": state.players[i], "side": SIDE_NAMES[i],
                   "suits": list(SIDE_SUITS[i]),
                   "compass": {d: list(COMPASS[i][d]) for d in DIRECTIONS}}
                  for i in (0, 1)],
        "axes": {s: list(AXES[s]) for s in SUITS},
        "ships": [{"suit": s.suit, "owner": s.owner, "cell": cell_name(s.cell),
                   "lost_turn": s.lost_turn} for s in state.ships],
        "wormholes": [{"cell": cell_name(c.cell), "suit": c.suit, "owner": c.owner,
                       "value": c.value, "flips": c.flips,
                       "side_up": "value" if c.flips % 2 else "suit"}
                      for c in state.coins],
        "opening_roll": list(state.last_opening) if state.last_opening else None,
        "high_roller": state.high,
        "first_mover": state.first_mover,
        "turn": state.turn if state.phase in ("placement", "play") else None,
        "turns": state.turns,
        "step": state.step if state.phase == "play" else None,
        "dice": [{"suit": s, "face": v, "used": s not in state.unused}
                 for s, v in state.dice],
        "skipped": list(state.skipped),
        "actor": seat,
        "pending_chance": pending,
        "effects": tasks,
        "legal": notes(legal(state))[:200],
        "winner": state.winner,
        "result": state.result or None,
    }

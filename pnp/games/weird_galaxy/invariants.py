"""Weird Galaxy's bookkeeping invariants: what must hold in every state, whatever was played
(fees paid equal fees received, balances never negative, the ledger agrees with the missions,
stations and shields).  Tests and replay checks ask it."""

from __future__ import annotations

from pnp.games.weird_galaxy.data import CAPACITY, SHIELD_COST, STATION_COSTS, tile_name
from pnp.games.weird_galaxy.state import State


def check_invariants(state: State) -> list[str]:
    """Broken bookkeeping, if any (used by tests and by replay checks)."""
    problems = []
    fees_in = sum(p.account.fees_in for p in state.players)
    fees_out = sum(p.account.fees_out for p in state.players)
    if fees_in != fees_out:
        problems.append(f"fees received {fees_in} != fees paid {fees_out}")
    for seat, p in enumerate(state.players):
        if p.balance < 0:
            problems.append(f"{p.name} has a negative balance {p.balance}")
        earned = sum(m.payoff for m in state.missions if m.completed_by == seat)
        if earned != p.account.earned:
            problems.append(f"{p.name} earned {p.account.earned}, missions say {earned}")
        if p.account.building != sum(STATION_COSTS[s.index] for s in p.stations):
            problems.append(f"{p.name}'s station spending does not match the stations")
        if p.account.shields != SHIELD_COST * p.shields_used:
            problems.append(f"{p.name}'s shield spending does not match the shields")
        if len(p.ship.loads) > CAPACITY:
            problems.append(f"{p.name} carries {len(p.ship.loads)} loads")
        for src in set(p.ship.loads):
            if p.ship.loads.count(src) > state.open_from(src):
                problems.append(f"{p.name} carries a worthless load from {tile_name(src)}")
        if [s.index for s in p.stations] != list(range(len(p.stations))):
            problems.append(f"{p.name}'s stations are out of order")
    return problems


__all__ = ["check_invariants"]

"""Weird Galaxy test tables: a table-play start and hand-placed ships, stations and money."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.engine import IllegalMove
from pnp.games.weird_galaxy import GAME
from pnp.games.weird_galaxy.data import (
    HOLE,
    POS_OF,
    RANKS,
    Pos,
    station_pos,
)
from pnp.games.weird_galaxy.rule_ids import RULES
from pnp.games.weird_galaxy.state import State, Station


# -- helpers -------------------------------------------------------------------------------
def pos(name: str) -> Pos:
    return HOLE if name == "hole" else POS_OF[(name[0], RANKS.index(name[1]))]


def table(suits: str = "ac", first: int = 0) -> State:
    """Table play: every die event is typed in, as at a real table."""
    names = [f"P{i}" for i in range(len(suits))]
    return GAME.initial_state({"chance": "table", "suits": list(suits), "first": first},
                              names, None)


def run(state: State, line: str) -> State:
    for event in GAME.parse_line(line):
        state = GAME.apply(state, event)
    return state


def refused(state: State, line: str, rule: str) -> IllegalMove:
    """Apply all but the last token, then check the last one is refused under ``rule``."""
    *ok, last = line.split()
    state = run(state, " ".join(ok))
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, GAME.parse(last))
    assert info.value.rule == rule, info.value
    assert info.value.rule in RULES
    assert "legal" in info.value.message
    return info.value


def put_ship(state: State, seat: int, where: str, *, disabled: bool = False,
             loads: tuple[str, ...] = ()) -> State:
    p = state.players[seat]
    ship = replace(p.ship, pos=pos(where), disabled=disabled,
                   loads=tuple(sorted(pos(x) for x in loads)))
    return _set(state, seat, replace(p, ship=ship))


def give(state: State, seat: int, bucks: int) -> State:
    p = state.players[seat]
    return _set(state, seat, replace(p, account=replace(p.account,
                                                        earned=p.account.earned + bucks)))


def with_stations(state: State, seat: int, count: int, **flags: bool) -> State:
    """Stations 0..count-1 already standing (paid for), optionally all disabled/shielded."""
    p = state.players[seat]
    stations = tuple(Station(k, station_pos(p.suit, k), **flags) for k in range(count))
    return _set(state, seat, replace(p, stations=stations))


def _set(state: State, seat: int, player: object) -> State:
    players = list(state.players)
    players[seat] = player  # type: ignore[call-overload]
    return replace(state, players=tuple(players))


def bucks(state: State) -> list[int]:
    return [p.balance for p in state.players]

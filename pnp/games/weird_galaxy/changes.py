"""The small steps every Weird Galaxy decision is made of: changing one seat's player, its
ledger (the only way money moves) or the action points, the words refusals share, and the
refusal itself (its legal list built only when it is shown)."""

from __future__ import annotations

from pnp.engine.errors import IllegalMove
from pnp.engine.values import replace
from pnp.games.weird_galaxy.data import (
    ACTION_COSTS,
    HOLE,
    POS_OF,
    Pos,
    tile_name,
)
from pnp.games.weird_galaxy.events import (
    Tile,
    format_event,
)
from pnp.games.weird_galaxy.legal import (
    chance_outcomes,
    legal_decisions,
)
from pnp.games.weird_galaxy.state import (
    Player,
    State,
)


def set_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def credit(state: State, seat: int, **changes: int) -> State:
    """Add to ledger fields of one seat (the only way money moves)."""
    p = state.players[seat]
    acct = replace(p.account, **{k: getattr(p.account, k) + v for k, v in changes.items()})
    return set_player(state, seat, replace(p, account=acct))


def spend_points(state: State, action: str) -> State:
    return replace(state, points=state.points - ACTION_COSTS[action])


def bucks(n: int) -> str:
    return f"{n} Space Buck{'' if n == 1 else 's'}"


def where(pos: Pos) -> str:
    return "in the black hole" if pos == HOLE else f"at {tile_name(pos)}"


def pos_of_tile(tile: Tile) -> Pos:
    return POS_OF[(tile.suit, tile.rank)]


def refuse(state: State, rule: str, what: str) -> IllegalMove:
    """A refusal whose legal list is built only when it is shown."""
    return IllegalMove(rule, what, lambda: [format_event(e) for e in (legal_decisions(state)
                                                                  or chance_outcomes(state))],
                       hint=True)


def cost_check(state: State, action: str, label: str) -> None:
    cost = ACTION_COSTS[action]
    if cost > state.points:
        raise refuse(state, "WG-3", f"{label} costs {cost} action point"
                                     f"{'s' if cost != 1 else ''}, only {state.points} left")


def ship_check(state: State, label: str) -> None:
    if state.players[state.turn].ship.disabled:
        raise refuse(state, "WG-8", f"your starship is disabled by Phredd spit and cannot "
                                     f"{label}; repaint it first (paint, 2 points)")


def without(loads: tuple[Pos, ...], src: Pos) -> tuple[Pos, ...]:
    """The loads less one from ``src``."""
    out = list(loads)
    out.remove(src)
    return tuple(out)


def set_station(state: State, seat: int, index: int, *, disabled: bool | None = None,
                 shield: bool | None = None) -> State:
    p = state.players[seat]
    stations = tuple(
        replace(s, disabled=s.disabled if disabled is None else disabled,
                shield=s.shield if shield is None else shield) if s.index == index else s
        for s in p.stations)
    return set_player(state, seat, replace(p, stations=stations))


__all__ = ["bucks", "cost_check", "credit", "pos_of_tile", "refuse", "set_player", "set_station",
           "ship_check", "spend_points", "where", "without"]

"""A Galaxy Express pilot that plays from public information only.

It is not the rules (those are in rules.py) but a player: it lets tests and benchmarks run
whole winning games through the engine, and gives the tracker something to suggest.  Greedy:
head for the planet the queue wants (or the nearest unscanned planets), keep the target
reachable with the fewest coins, scan everything in reach, deliver, and refuel only when the
coins left cannot reach the target.
"""

from __future__ import annotations

from pnp.games.galaxy_express.board import mask_of, scan_reach, spread
from pnp.games.galaxy_express.events import Deliver, EndTurn, GEEvent, Play, Refuel, Scan, Start
from pnp.games.galaxy_express.lost import coins_to_stop
from pnp.games.galaxy_express.rules import GalaxyExpress
from pnp.games.galaxy_express.state import State

_FAR = 99
REFUEL_BELOW = 8  # refuel at a planet with fewer coins left (89 wins in 100 seeds)
REFUEL_BELOW = 8  # refuel at a planet with fewer coins left (89 wins in 100 seeds)


def _target(state: State) -> tuple[int, bool]:
    """Cells to head for, and whether they must be stopped on (True) or only passed near."""
    for cell, number in zip(state.planets, state.numbers, strict=True):
        if number is not None and number == state.queue_top:
            return 1 << cell, True
    unknown = [c for c, n in zip(state.planets, state.numbers, strict=True) if n is None]
    near = 0
    for cell in unknown:
        near |= mask_of(list(scan_reach(cell)))
    return near, False


def _cost(state: State) -> int:
    """Coins still needed to reach the target from here (lower is better)."""
    assert state.ship is not None
    targets, must_stop = _target(state)
    if not must_stop and targets >> state.ship & 1:
        return 0
    if must_stop:
        found = coins_to_stop(state.ship, state.speed, state.suns.unspent,
                              state.moons.unspent, targets)
        return _FAR if found is None else found
    # Scanning needs no stop: count slides until a target is in reach, one coin each
    # (an optimistic estimate: any speed change of up to 5 per coin).
    cells, speeds = 1 << state.ship, {state.speed}
    for step in range(1, 4):
        speeds = {max(0, min(10, s + d)) for s in speeds for d in range(-5, 6)}
        reach = 0
        for s in speeds:
            if s:
                reach |= spread(cells, s)
        if reach & targets:
            return step
        cells |= reach
    return _FAR


def play_game(game: GalaxyExpress, state: State, max_events: int = 5000,
              ) -> tuple[State, list[GEEvent]]:
    """Play to the end: the pilot decides, the seed deals (seeded play only)."""
    events: list[GEEvent] = []
    for _ in range(max_events):
        actor = game.actor(state)
        if actor is None:
            break
        event = game.dealt_outcome(state) if actor < 0 else choose(game, state)
        if event is None:
            raise ValueError("the pilot needs a seeded deal to play chance outcomes")
        state = game.apply(state, event)
        events.append(event)
    return state, events


def choose(game: GalaxyExpress, state: State) -> GEEvent:
    """The pilot's next decision (the state must await a decision)."""
    legal = game.legal(state)
    if state.phase == "start":
        return next(e for e in legal if isinstance(e, Start))
    if state.phase == "orbit":
        for event in legal:
            if isinstance(event, (Scan, Deliver)):
                return event
        low = 12 - state.spent_count < REFUEL_BELOW
        if any(isinstance(e, Refuel) for e in legal) and (low or _cost(state) >= _FAR):
            return Refuel()
        return EndTurn()
    plays = [e for e in legal if isinstance(e, Play)]
    if not plays:
        return legal[0]
    return min(plays, key=lambda m: (_cost(game.apply(state, m)), m.value, m.suit))

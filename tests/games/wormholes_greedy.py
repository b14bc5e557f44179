"""A greedy Wormholes player for long test games: each decision moves its side's ships toward
the nearest opposing base (and sends an opposing ship as far from home as it can), with a
share of random choices so games differ.  Two-ship games played this way run a median of about
100 turns and up to several hundred (docs/rulings.md, WH record sheet)."""

from __future__ import annotations

from typing import Any

from pnp.engine import CHANCE, Rng, get_game
from pnp.games.wormholes.board import BASES, OWNER, SIDE_SUITS, opponent
from pnp.games.wormholes.events import Send

GAME = get_game("wormholes")
RANDOM_PERCENT = 15


def _distance(state: Any, seat: int) -> int:
    """How far a side's ships stand from the nearest opposing base, summed (king moves)."""
    goal = BASES[opponent(seat)]
    total = 0
    for suit in SIDE_SUITS[seat]:
        x, y = state.ship(suit).cell
        total += min(max(abs(x - gx), abs(y - gy)) for gx, gy in goal)
    return total


def greedy(state: Any, rng: Rng) -> Any:
    choices = GAME.playout_choices(state)
    if len(choices) == 1 or rng.below(100) < RANDOM_PERCENT:
        return rng.choice(choices)
    seat = state.turn

    def score(event: Any) -> tuple[int, int]:
        after = GAME.apply(state, event)
        if after.winner is not None:
            return (-1000 if after.winner == seat else 1000, 0)
        if isinstance(event, Send):
            return (-_distance(after, OWNER[event.ship]), 0)
        return (_distance(after, seat), -_distance(after, opponent(seat)))

    best = min(score(e) for e in choices)
    return rng.choice([e for e in choices if score(e) == best])


def play_greedy(seed: int, two_ships: bool = True, max_events: int = 20_000
                ) -> tuple[list[Any], list[Any]]:
    """A seeded game of two greedy players: its states (from the start) and events."""
    options = {"chance": "seeded", "two_ships": two_ships}
    state = GAME.initial_state(GAME.new_setup(seed, ["Olga", "Dana"], options),
                               ["Olga", "Dana"], seed)
    rng = Rng(seed, "greedy")
    states, events = [state], []
    for _ in range(max_events):
        actor = GAME.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = GAME.dealt_outcome(state) or rng.choice(GAME.chance_outcomes(state))
        else:
            event = greedy(state, rng)
        state = GAME.apply(state, event)
        states.append(state)
        events.append(event)
    return states, events

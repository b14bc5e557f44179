"""Resolving effects until someone must act: landings (a win, a ship sent away, a wormhole
activated), jumps, black holes, and the next turn when no die move is left (WH-T4, WH-T6,
WH-T8, WH-2, WH-6, WH-13..WH-15)."""

from __future__ import annotations

from pnp.engine.values import replace
from pnp.games.wormholes.board import (
    BASES,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    Cell,
    Suit,
    Vector,
    axis_vectors,
    cell_name,
    opponent,
    ray,
)
from pnp.games.wormholes.dice import candidates
from pnp.games.wormholes.offers import ship_name, side
from pnp.games.wormholes.state import Activate, ChooseJump, SendAway, State, Step, Task


def start_turn(state: State, seat: int) -> State:
    """Begin `seat`'s turn: black holes take their lost turns (WH-T6, WH-14)."""
    skipped: list[int] = []
    for _ in range(3):
        ships = [state.ship(s) for s in SIDE_SUITS[seat]]
        active = tuple(s.suit for s in ships if not s.lost_turn)
        resting = tuple(s.suit for s in ships if s.lost_turn)
        for s in ships:
            if s.lost_turn:
                state = state.with_ship(replace(s, lost_turn=False))
        if active:
            step: Step = ("roll-choice" if state.two_ships and any(
                state.ship(s).cell in BASES[opponent(seat)] for s in active) else "roll")
            return replace(state, turns=state.turns + 1, turn=seat, step=step,
                           rolling=active, dice=(), unused=(), skipped=tuple(skipped),
                           resting=resting)
        state = replace(state, turns=state.turns + 1)
        skipped.append(seat)
        seat = opponent(seat)
    raise AssertionError("lost turns are cleared as they are taken")  # pragma: no cover


def settle(state: State) -> State:
    while state.phase == "play":
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, Activate):
                if state.ship(top.ship).cell != top.cell:  # WH-15
                    state = replace(state, stack=state.stack[:-1])
                    continue
                coin = state.coin_at(top.cell)
                assert coin is not None
                if coin.value is None:
                    return state  # the table (or the seed) reveals it
                state = activate(replace(state, stack=state.stack[:-1]), top)
                continue
            return state
        if state.step == "move" and not candidates(state):
            state = start_turn(replace(state, auto=passed(state)), opponent(state.turn))
            if state.skipped:
                lost = " and ".join(side(state, s) for s in state.skipped)
                state = replace(state, auto=f"{state.auto}; {lost} lost the turn to black "
                                            "holes (WH-14)".lstrip("; "))
        return state
    return state


def passed(state: State) -> str:
    """Why the turn ended by itself, or "" when every die was used."""
    left = [f"{SUIT_NAMES[s]} {state.die(s)}" for s in state.unused]
    if not left:
        return ""
    dice = " and ".join(left) + (" dice" if len(left) > 1 else " die")
    return (f"{side(state, state.turn)}'s turn passed: no legal move was left for "
            f"the {dice} (WH-T4)")


def arrive(state: State, suit: Suit, end: Cell, by_die: bool) -> State:
    """A ship landed by die or jump: win, send the opponent there, activate (die only)."""
    if wins(state, suit):
        return finish(state, suit, by_die)
    tasks: list[Task] = []
    if by_die and state.coin_at(end) is not None:
        tasks.append(Activate(suit, end))
    victim = next((s for s in state.ships if s.cell == end and s.suit != suit), None)
    if victim is not None:  # the text's order: send first, then activate
        tasks.append(SendAway(victim.suit, OWNER[suit]))
    return replace(state, stack=(*state.stack, *tasks)) if tasks else state


def wins(state: State, suit: Suit) -> bool:
    """WH-2, WH-6, WH-13: the ship's landing ends the game."""
    seat = OWNER[suit]
    goal = BASES[opponent(seat)]
    if state.ship(suit).cell not in goal:
        return False
    return not state.two_ships or all(state.ship(s).cell in goal for s in SIDE_SUITS[seat])


def finish(state: State, suit: Suit, by_die: bool) -> State:
    seat = OWNER[suit]
    how = "its die" if by_die else "a wormhole jump"
    where = cell_name(state.ship(suit).cell)
    text = (f"{SIDE_NAMES[seat]} win: the {ship_name(suit)} landed on the opposing base "
            f"{where} by {how}")
    return replace(state, phase="over", winner=seat, result=text, stack=(), unused=())


def activate(state: State, task: Activate) -> State:
    """The coin is known: flip it, then black hole, jump, or forced/no jump."""
    ship = state.ship(task.ship)
    coin = state.coin_at(task.cell)
    assert coin is not None and coin.value is not None
    state = state.with_coin(replace(coin, flips=coin.flips + 1))
    if ship.cell != task.cell:  # WH-15: the ship was sent away meanwhile
        return state
    if coin.value == 0:  # black hole (WH-T6, WH-14)
        if ship.owner == state.turn and ship.suit in state.unused:
            return replace(state, unused=tuple(s for s in state.unused if s != ship.suit))
        return state.with_ship(replace(ship, lost_turn=True))
    own = state.own_cells(ship.owner)
    options = []
    for vec in axis_vectors(coin.suit):
        end = ray(ship.cell, vec, coin.value)
        if end is not None and end not in own:
            options.append(vec)
    if not options:
        return state
    if len(options) == 1:
        return do_jump(state, ship.suit, options[0], coin.value)
    task2 = ChooseJump(ship.suit, coin.value, tuple(options))
    return replace(state, stack=(*state.stack, task2))


def do_jump(state: State, suit: Suit, vec: Vector, distance: int) -> State:
    ship = state.ship(suit)
    end = ray(ship.cell, vec, distance)
    assert end is not None
    return arrive(state.with_ship(replace(ship, cell=end)), suit, end, by_die=False)

"""Resolving effects until someone must act: landings (a win, a ship sent away, a wormhole
activated), jumps, black holes, and the next turn when no die move is left (WH-T4, WH-T6,
WH-T8, WH-2, WH-6, WH-13..WH-15).

Every function here but ``start_turn`` works on a *draft*: the copy of the state the event
being applied has just made and nobody else holds yet, changed in place
(``pnp.engine.values.edit``), so an event makes one new state however many effects follow."""

from __future__ import annotations

from pnp.engine.values import edit, replace
from pnp.games.wormholes.board import (
    BASES,
    OWNER,
    RAYS,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    Cell,
    Suit,
    Vector,
    axis_vectors,
    cell_name,
    opponent,
)
from pnp.games.wormholes.dice import any_candidate, any_move
from pnp.games.wormholes.offers import ship_name, side
from pnp.games.wormholes.state import (
    PARTNER_INDEX,
    SHIP_INDEX,
    SIDE_INDEX,
    Activate,
    ChooseJump,
    Coin,
    SendAway,
    Ship,
    State,
    made,
)

GOAL: dict[Suit, tuple[Cell, Cell]] = {s: BASES[opponent(OWNER[s])] for s in OWNER}  # WH-2


def start_turn(state: State, seat: int) -> State:
    """Begin `seat`'s turn: black holes take their lost turns (WH-T6, WH-14)."""
    return begin_turn(replace(state), seat)


def begin_turn(draft: State, seat: int, **changes: object) -> State:
    """``start_turn`` on a draft (with any other ``changes``)."""
    a, b = SIDE_INDEX[seat]
    now = draft.ships
    if not now[a].lost_turn and not now[b].lost_turn:  # the usual turn, written out
        goal = BASES[opponent(seat)]
        fields = draft.__dict__  # the draft's, in place (a draft has no memo)
        fields["turns"] = draft.turns + 1
        fields["turn"] = seat
        fields["step"] = ("roll-choice" if draft.two_ships and (
            now[a].cell in goal or now[b].cell in goal) else "roll")
        fields["rolling"] = SIDE_SUITS[seat]
        fields["dice"] = fields["unused"] = fields["skipped"] = fields["resting"] = ()
        fields.update(changes)  # (callers name fields: ``auto``)
        return draft
    if changes:
        edit(draft, **changes)
    skipped: list[int] = []
    for _ in range(3):
        ships = [draft.ship(s) for s in SIDE_SUITS[seat]]
        active = tuple(s.suit for s in ships if not s.lost_turn)
        resting = tuple(s.suit for s in ships if s.lost_turn)
        for s in ships:
            if s.lost_turn:
                set_ship(draft, replace(s, lost_turn=False))
        if active:
            step = ("roll-choice" if draft.two_ships and any(
                draft.ship(s).cell in BASES[opponent(seat)] for s in active) else "roll")
            return edit(draft, turns=draft.turns + 1, turn=seat, step=step,
                        rolling=active, dice=(), unused=(), skipped=tuple(skipped),
                        resting=resting)
        edit(draft, turns=draft.turns + 1)
        skipped.append(seat)
        seat = opponent(seat)
    raise AssertionError("lost turns are cleared as they are taken")  # pragma: no cover


def landed(state: State, ships: tuple[Ship, ...], left: tuple[Suit, ...]) -> State:
    """``settle(arrive(...))`` of a die move onto a plain cell (no wormhole, no ship, no
    win) in one copy: the other die moves next, or the usual turn begins."""
    fresh = state.__dict__.copy()  # ``fields_of``, written out (the usual event's path)
    if "memo" in fresh:
        del fresh["memo"]
    fresh["ships"] = ships
    fresh["unused"] = left
    if left:
        if any_move(ships, left, state.dice, state.coin_slots):
            return made(fresh)
        return settle(made(fresh))  # the turn passes with a die left (named in ``auto``)
    seat = 1 - state.turn
    a, b = SIDE_INDEX[seat]
    if ships[a].lost_turn or ships[b].lost_turn:
        return settle(made(fresh))
    goal = BASES[state.turn]
    fresh["turns"] = state.turns + 1  # ``begin_turn``'s usual turn
    fresh["turn"] = seat
    fresh["step"] = "roll-choice" if state.two_ships and (
        ships[a].cell in goal or ships[b].cell in goal) else "roll"
    fresh["rolling"] = SIDE_SUITS[seat]
    fresh["dice"] = fresh["skipped"] = fresh["resting"] = ()
    fresh["auto"] = ""
    return made(fresh)


def set_ship(draft: State, ship: Ship) -> State:
    """The draft with this ship moved or changed, in place."""
    ships = list(draft.ships)
    ships[SHIP_INDEX[ship.suit]] = ship
    draft.__dict__["ships"] = tuple(ships)  # (a draft has no memo; coin_slots stay)
    return draft


def set_coin(draft: State, coin: Coin) -> State:
    """The draft with the coin on ``coin.cell`` changed, in place (the coins stay where
    they were, so ``coin_slots`` holds)."""
    coins = list(draft.coins)
    coins[draft.coin_slots[coin.cell]] = coin
    draft.__dict__["coins"] = tuple(coins)
    return draft


def settle(state: State) -> State:
    fields = state.__dict__  # the draft's, changed in place
    while state.phase == "play":
        stack = state.stack
        if stack:
            top = stack[-1]
            if type(top) is Activate:
                if state.ships[SHIP_INDEX[top.ship]].cell != top.cell:  # WH-15
                    fields["stack"] = stack[:-1]
                    continue
                if state.coins[state.coin_slots[top.cell]].value is None:
                    return state  # the table (or the seed) reveals it
                fields["stack"] = stack[:-1]
                activate(state, top)
                continue
            return state
        if state.step == "move" and not any_candidate(state):
            begin_turn(state, opponent(state.turn), auto=passed(state) if state.unused else "")
            if state.skipped:
                lost = " and ".join(side(state, s) for s in state.skipped)
                edit(state, auto=f"{state.auto}; {lost} lost the turn to black "
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
    if end in GOAL[suit] and wins(state, suit):
        return finish(state, suit, by_die)
    stack = state.stack
    if by_die and end in state.coin_slots:
        stack = (*stack, Activate(suit, end))
    for s in state.ships:
        if s.cell == end and s.suit != suit:  # the text's order: send first, then activate
            stack = (*stack, SendAway(s.suit, OWNER[suit]))
            break
    state.__dict__["stack"] = stack  # the draft's, in place
    return state


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
    return edit(state, phase="over", winner=seat, result=text, stack=(), unused=())


def activate(state: State, task: Activate) -> State:
    """The coin is known: flip it, then black hole, jump, or forced/no jump."""
    ships = state.ships
    ship = ships[SHIP_INDEX[task.ship]]
    coin = state.coins[state.coin_slots[task.cell]]
    value = coin.value
    assert value is not None
    set_coin(state, Coin(coin.suit, coin.cell, coin.ordinal, value, coin.flips + 1,
                         coin.chosen))
    if ship.cell != task.cell:  # WH-15: the ship was sent away meanwhile
        return state
    if value == 0:  # black hole (WH-T6, WH-14)
        if ship.owner == state.turn and ship.suit in state.unused:
            return edit(state, unused=tuple(s for s in state.unused if s != ship.suit))
        return set_ship(state, Ship(ship.suit, ship.cell, True))
    partner = ships[PARTNER_INDEX[ship.suit]].cell  # own cells: the ship's and its partner's
    options = []
    for vec in axis_vectors(coin.suit):
        end = RAYS[ship.cell, vec][value]
        if end is not None and end != partner and end != ship.cell:
            options.append(vec)
    if not options:
        return state
    if len(options) == 1:
        return do_jump(state, ship.suit, options[0], value)
    task2 = ChooseJump(ship.suit, value, tuple(options))
    state.__dict__["stack"] = (*state.stack, task2)  # the draft's, in place
    return state


def do_jump(state: State, suit: Suit, vec: Vector, distance: int) -> State:
    ship = state.ships[SHIP_INDEX[suit]]
    end = RAYS[ship.cell, vec][distance]
    assert end is not None
    return arrive(set_ship(state, Ship(suit, end, ship.lost_turn)), suit, end, by_die=False)

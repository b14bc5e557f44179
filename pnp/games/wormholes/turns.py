"""A movement turn's events: which ships roll (WH-6), the roll (WH-T2), a die move (WH-4,
WH-T3, WH-T4 with WH-10), and what a landing asks for: a coin's value (WH-T5), a jump's
direction (WH-3) and where a ship landed on is sent (WH-T7, WH-7)."""

from __future__ import annotations

from pnp.engine import IllegalMove
from pnp.engine.values import edit, replace
from pnp.games.wormholes.board import (
    BASES,
    CELLS,
    COMPASS,
    OWNER,
    RAYS,
    SIDE_NAMES,
    SUIT_NAMES,
    Suit,
    axis_vectors,
    cell_name,
    direction_name,
    opponent,
)
from pnp.games.wormholes.dice import MOVES, allowed, any_move
from pnp.games.wormholes.effects import GOAL, arrive, do_jump, landed, settle, start_turn
from pnp.games.wormholes.events import Jump, Move, Reveal, Roll, RollChoice, Send, format_event
from pnp.games.wormholes.offers import check_dealt, legal_of, possible_values, ship_name, side
from pnp.games.wormholes.setup import roll_dice
from pnp.games.wormholes.state import (
    PARTNER_INDEX,
    SHIP_INDEX,
    Activate,
    ChooseJump,
    Coin,
    SendAway,
    Ship,
    State,
    fields_of,
    made,
)

# a wormhole suit's two jump directions in each side's compass (WH-3)
AXIS_NAMES: dict[tuple[int, Suit], list[str]] = {
    (seat, suit): [direction_name(seat, v) for v in axis_vectors(suit)]
    for seat in (0, 1) for suit in OWNER}


def _face(v: int) -> str:
    return {0: "null", 1: "ace"}.get(v, str(v))


def roll_choice(state: State, event: RollChoice) -> State:
    seat = state.turn
    for s in event.ships:
        if OWNER[s] != seat:
            raise IllegalMove("WH-T1", f"the {ship_name(s)} is not {side(state, seat)}"
                                       "'s", legal_of(state))
        if s in state.resting:
            raise IllegalMove("WH-T6", f"the {ship_name(s)} is in a black hole and misses "
                                       "this turn; it does not roll", legal_of(state))
    for s in state.rolling:
        if s not in event.ships and state.ship(s).cell not in BASES[opponent(seat)]:
            raise IllegalMove("WH-6", f"only a ship standing on an opposing base may skip "
                                      f"its roll; the {ship_name(s)} must roll",
                              legal_of(state))
    if not event.ships:
        return start_turn(state, opponent(seat))
    return replace(state, step="roll", rolling=event.ships)


def roll(state: State, event: Roll) -> State:
    dice = event.dice
    if len(dice) == 2:  # the usual roll, written out
        (a, x), (b, y) = dice
        given: tuple[Suit, ...] = (a, b)
        faces: tuple[int, ...] = (x, y)
    else:
        given, faces = tuple([s for s, _ in dice]), tuple([v for _, v in dice])
    if given != state.rolling:  # (the rolling ships never rest: roll_choice, begin_turn)
        for s in given:
            if s in state.resting:
                raise IllegalMove("WH-T6", f"the {ship_name(s)} is in a black hole and "
                                           "misses this turn; roll only "
                                           f"{', '.join(state.rolling)}", legal_of(state))
        want = " and ".join(f"the {SUIT_NAMES[s]} die" for s in state.rolling)
        raise IllegalMove("WH-T2", f"this roll needs {want} (one face each, like "
                                   f"{''.join(s + '3' for s in state.rolling)})",
                          legal_of(state))
    seed = state.seed
    if seed is not None and state.deal is not None and (
            faces != roll_dice(seed, state.rolls, len(given))):
        check_dealt(state, event, "WH-T2")  # the seed's roll differs: refused
    ships, slots = state.ships, state.coin_slots
    unused = given if 0 not in faces else tuple(
        [s for s, v in dice if v > 0 or ships[SHIP_INDEX[s]].cell in slots])
    fresh = fields_of(state)
    fresh["step"] = "move"
    fresh["dice"] = dice
    fresh["unused"] = unused
    fresh["rolls"] = state.rolls + 1
    fresh["skipped"] = ()
    nxt = made(fresh)
    if any_move(ships, unused, dice, slots):  # ``settle`` has nothing to do
        return nxt
    return settle(nxt)


def move(state: State, event: Move) -> State:
    seat = state.turn
    suit = event.ship
    if OWNER[suit] != seat:
        raise IllegalMove("WH-T1", f"the {ship_name(suit)} is not {side(state, seat)}'s; it "
                                   "is their turn", legal_of(state))
    unused = state.unused
    if suit not in unused:
        why = ("its die is used" if suit in dict(state.dice) else "it did not roll")
        raise IllegalMove("WH-T3", f"the {ship_name(suit)} cannot move now: {why}",
                          legal_of(state))
    dice = state.dice
    value = dice[0][1] if dice[0][0] == suit else state.die(suit)
    ships = state.ships
    i = SHIP_INDEX[suit]
    ship = ships[i]
    direction = event.direction
    if value == 0:
        if direction is not None:
            raise IllegalMove("WH-T3", f"the {SUIT_NAMES[suit]} die shows null: the ship "
                                       f"stays and activates its wormhole ({suit}:0)",
                              legal_of(state))
        end = ship.cell
        if state.coin_at(end) is None:  # a null die's one candidate (dice.die_moves)
            raise IllegalMove("WH-T3", f"the {ship_name(suit)} has no wormhole under it to "
                                       "activate; its null die is spent", legal_of(state))
    else:
        if direction is None:
            raise IllegalMove("WH-T3", f"the {SUIT_NAMES[suit]} die shows {value}: the ship "
                                       f"must move {value} in a straight line",
                              legal_of(state))
        end_or_none = RAYS[ship.cell, COMPASS[seat][direction]][value]  # ``ray``, looked up
        if end_or_none is None:
            raise IllegalMove("WH-4", f"{value} {direction} from {cell_name(ship.cell)} "
                                      "leaves the galaxy or crosses a gap",
                              legal_of(state))
        end = end_or_none
        if end == ships[PARTNER_INDEX[suit]].cell:  # a straight move leaves its cell
            raise IllegalMove("WH-4", f"{cell_name(end)} holds your own ship; a ship "
                                      "never lands on its partner", legal_of(state))
    # the move is one of dice.candidates (what die_moves lists); WH-10 chooses among them
    if len(unused) >= 2 and not free_other(state, suit, seat) and not allowed(
            state, (suit, direction, end)):
        other = next(s for s in unused if s != suit)
        raise IllegalMove("WH-T4", f"after {format_event(event)} the {SUIT_NAMES[other]} "
                                   "die could not be used, and another move keeps both "
                                   "dice in play", legal_of(state))
    k = unused.index(suit)
    left = unused[k + 1:] if k == 0 else unused[:k] + unused[k + 1:]
    moved = list(ships)
    moved[i] = Ship(suit, end, ship.lost_turn)
    if direction is not None and end not in state.coin_slots and end not in GOAL[suit]:
        for there in ships:
            if there.cell == end:
                break
        else:  # a plain landing: no wormhole, no ship landed on, no win
            return landed(state, tuple(moved), left)
    fresh = fields_of(state)
    fresh["unused"] = left
    fresh["ships"] = tuple(moved)
    if direction is None:  # a null die re-activates what the ship sits on
        fresh["stack"] = (*state.stack, Activate(suit, end))
        return settle(made(fresh))
    return settle(arrive(made(fresh), suit, end, by_die=True))


def free_other(state: State, suit: Suit, seat: int) -> bool:
    """``dice.free_die`` for the other of two unused dice (both rolled by ``seat``), read
    from the state without calls: when it holds, every move keeps that die in play."""
    (a, x), (b, y) = state.dice  # two unused dice: the two rolled
    other, value = (b, y) if a == suit else (a, x)
    cell = state.ships[SHIP_INDEX[other]].cell
    if value == 0:
        return cell in state.coin_slots
    return len(MOVES[cell, seat][value]) > 1


# -- wormholes (WH-T5, WH-T6, WH-3, WH-12) ----------------------------------------------
def reveal(state: State, event: Reveal) -> State:
    top = state.stack[-1]
    assert isinstance(top, Activate)
    if event.cell != top.cell:
        raise IllegalMove("WH-T1", f"the wormhole being activated is at "
                                   f"{cell_name(top.cell)}, not {cell_name(event.cell)}",
                          legal_of(state))
    coin = state.coin_at(top.cell)
    assert coin is not None and coin.value is None
    possible = possible_values(state, coin)
    if event.value not in possible:
        raise IllegalMove("WH-T5", f"the {SIDE_NAMES[coin.owner]} have one "
                                   f"{SUIT_NAMES[coin.suit]} coin of each rank and the "
                                   f"{_face(event.value)} is already revealed elsewhere; "
                                   f"this one can be {', '.join(map(str, possible))}",
                          legal_of(state))
    if state.deal is not None and state.seed is not None and (
            event.value != state.deal[SHIP_INDEX[coin.suit]][coin.ordinal]):
        check_dealt(state, event, "WH-T5")  # the seed dealt another value: refused
    fresh = fields_of(state)  # (the coins stay where they were: coin_slots holds)
    coins = list(state.coins)
    coins[state.coin_slots[coin.cell]] = Coin(coin.suit, coin.cell, coin.ordinal, event.value,
                                              coin.flips, coin.chosen)
    fresh["coins"] = tuple(coins)
    return settle(made(fresh))


def jump_choice(state: State, event: Jump) -> State:
    top = state.stack[-1]
    assert isinstance(top, ChooseJump)
    owner = OWNER[top.ship]
    if event.ship != top.ship:
        raise IllegalMove("WH-T1", f"the {ship_name(top.ship)} is the one jumping, not "
                                   f"the {ship_name(event.ship)}", legal_of(state))
    coin = state.coin_at(state.ship(top.ship).cell)
    assert coin is not None
    vec = COMPASS[owner][event.direction]
    axis = AXIS_NAMES[owner, coin.suit]
    if event.direction not in axis:
        raise IllegalMove("WH-3", f"a {SUIT_NAMES[coin.suit]} wormhole jumps "
                                  f"{' or '.join(axis)} only (in {SIDE_NAMES[owner]}' "
                                  f"compass), not {event.direction}", legal_of(state))
    if vec not in top.options:  # pragma: no cover - a single open direction is forced
        raise IllegalMove("WH-4", f"jumping {event.direction} leaves the galaxy",
                          legal_of(state))
    fresh = fields_of(state)
    fresh["stack"] = state.stack[:-1]
    return settle(do_jump(made(fresh), top.ship, vec, top.distance))


# -- landing on an opponent (WH-T7, WH-7) -----------------------------------------------
def send(state: State, event: Send) -> State:
    top = state.stack[-1]
    assert isinstance(top, SendAway)
    if event.ship != top.ship:
        raise IllegalMove("WH-T1", f"the ship to send away is the {ship_name(top.ship)}",
                          legal_of(state))
    where = cell_name(event.cell)
    if event.cell not in CELLS:
        raise IllegalMove("WH-1", f"{where} is a gap, not a cell of the galaxy",
                          legal_of(state))
    there = state.ship_at(event.cell)
    if there is not None and there.owner == top.by:
        raise IllegalMove("WH-T7", f"{where} holds your own {ship_name(there.suit)}; send "
                                   "the ship to a cell without your ships",
                          legal_of(state))
    if there is not None:
        raise IllegalMove("WH-7", f"{where} holds the {ship_name(there.suit)}; two ships "
                                  "never share a cell", legal_of(state))
    victim = state.ship(top.ship)
    nxt = state.with_ship(replace(victim, cell=event.cell), stack=state.stack[:-1])
    if nxt.coin_at(event.cell) is not None:
        edit(nxt, stack=(*nxt.stack, Activate(top.ship, event.cell)))
    return settle(nxt)

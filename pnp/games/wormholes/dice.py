"""Moving by the dice (WH-4, WH-T3, WH-T4, WH-10): which die moves a ship may make, and the
WH-10 look-ahead that keeps both dice in play when a move can."""

from __future__ import annotations

from functools import lru_cache

from pnp.games.wormholes.board import (
    BASES,
    CELLS,
    COMPASS,
    DIRECTIONS,
    OWNER,
    SUITS,
    Cell,
    Suit,
    axis_vectors,
    opponent,
    ray,
    rays,
)
from pnp.games.wormholes.events import Move
from pnp.games.wormholes.setup import RANKS
from pnp.games.wormholes.state import PARTNER_INDEX, SHIP_INDEX, Coin, Ship, State

Candidate = tuple[Suit, str | None, Cell]


@lru_cache(maxsize=64)
def move_event(suit: Suit, direction: str | None) -> Move:
    """One immutable event per ship and direction (the legal list offers them all the time)."""
    return Move(suit, direction)


def straight_moves(cell: Cell, seat: int, value: int) -> tuple[tuple[str, Cell], ...]:
    """(direction, end) of every straight move of ``value`` from ``cell`` that stays on the
    board, in compass order (own ships are the caller's to exclude)."""
    return moves_from(cell, seat)[value]


def moves_from(cell: Cell, seat: int) -> tuple[tuple[tuple[str, Cell], ...], ...]:
    """``straight_moves`` from one cell for every die value 0-5 (each the dice can show),
    read from ``MOVES`` (worked out for a cell off the board, which has none)."""
    found = MOVES.get((cell, seat))
    return _moves_from(cell, seat) if found is None else found


def _moves_from(cell: Cell, seat: int) -> tuple[tuple[tuple[str, Cell], ...], ...]:
    rows = [(name, rays(cell, COMPASS[seat][name])) for name in DIRECTIONS]
    return tuple(tuple([(name, end) for name, ends in rows if (end := ends[value]) is not None])
                 for value in RANKS)


MOVES: dict[tuple[Cell, int], tuple[tuple[tuple[str, Cell], ...], ...]] = {
    (cell, seat): _moves_from(cell, seat) for cell in CELLS for seat in (0, 1)}
"""(cell, seat) -> per die value, the (direction, end) of each straight move from the cell
in the seat's compass: a table made once from the board's rays, as the board never changes
(die moves ask it at every roll and move)."""


def roll_choices(state: State) -> list[tuple[Suit, ...]]:
    must = [s for s in state.rolling
            if state.ship(s).cell not in BASES[opponent(state.turn)]]
    may = [s for s in state.rolling if s not in must]
    out = []
    for k in range(2 ** len(may)):
        chosen = set(must) | {s for i, s in enumerate(may) if k >> i & 1}
        out.append(tuple(s for s in SUITS if s in chosen))
    return sorted(out, key=lambda t: (-len(t), [SUITS.index(s) for s in t]))


def die_moves(state: State, suit: Suit,
              partner_at: Cell | None = None) -> list[tuple[str | None, Cell]]:
    """The die's moves for this ship (`partner_at`: where its partner would stand)."""
    ship = state.ship(suit)
    value = state.die(suit)
    if value == 0:
        return [(None, ship.cell)] if state.coin_at(ship.cell) else []
    own = state.own_cells(ship.owner) if partner_at is None else {ship.cell, partner_at}
    return [(name, end) for name, end in straight_moves(ship.cell, ship.owner, value)
            if end not in own]


def candidates(state: State) -> tuple[Candidate, ...]:
    """Every die move a ship may make now before WH-10 (once per state): the turn
    passes when this is empty, and WH-10 only chooses among these."""
    memo = state.memo
    found: tuple[Candidate, ...] | None = memo.get("cands")
    if found is None:
        cands: list[Candidate] = []
        ships = state.ships
        for s in state.unused:  # die_moves of each ship, written out
            cell = ships[SHIP_INDEX[s]].cell
            value = state.die(s)
            if value == 0:
                if state.coin_at(cell) is not None:
                    cands.append((s, None, cell))
            else:  # a straight move never ends where it starts; the partner may stand there
                partner = ships[PARTNER_INDEX[s]].cell
                cands += [(s, d, end) for d, end in MOVES[cell, OWNER[s]][value]
                          if end != partner]
        found = memo["cands"] = tuple(cands)
    return found


def any_candidate(state: State) -> bool:
    """Whether ``candidates`` is not empty, without listing them (the turn passes when it
    is): a replay never asks for the list, a legal list works it out once."""
    memo = state.__dict__.get("memo")
    found = None if memo is None else memo.get("cands")
    if found is not None:
        return bool(found)
    return any_move(state.ships, state.unused, state.dice, state.coin_slots)


def any_move(ships: tuple[Ship, ...], unused: tuple[Suit, ...],
             dice: tuple[tuple[Suit, int], ...], slots: dict[Cell, int]) -> bool:
    """``any_candidate`` for these ships, dice not used yet, dice and coin slots (the state
    an event is about to make)."""
    for s, value in dice:
        if s not in unused:
            continue
        cell = ships[SHIP_INDEX[s]].cell
        if value == 0:
            if cell in slots:
                return True
            continue
        partner = ships[PARTNER_INDEX[s]].cell
        for _, end in MOVES[cell, OWNER[s]][value]:
            if end != partner:
                return True
    return False


def moves(state: State) -> tuple[Candidate, ...]:
    """The die moves allowed now (WH-10 applied), worked out once per state."""
    memo = state.memo
    found: tuple[Candidate, ...] | None = memo.get("moves")
    if found is None:
        cands = candidates(state)
        unused = state.unused
        if len(unused) >= 2:  # WH-10 (a free die stays in play whatever its partner does)
            a, b = unused[0], unused[1]
            free = {a: free_die(state, b), b: free_die(state, a)}
            cands = tuple(c for c in cands
                          if free[c[0]] or keeps_other_die(state, *c)) or cands
        found = memo["moves"] = cands
    return found


def allowed(state: State, move: Candidate) -> bool:
    """WH-10 for one candidate move: it keeps the other die in play, or no move does
    (the whole list is worked out only in that second case)."""
    unused = state.unused
    if len(unused) < 2 or free_die(state, unused[1] if unused[0] == move[0] else unused[0]):
        return True
    listed = state.__dict__.get("memo", {}).get("moves")  # (no memo made for it)
    if listed is None and keeps_other_die(state, *move):
        return True
    return move in moves(state)


def other_die(state: State, suit: Suit) -> tuple[bool, Cell | None]:
    """Whether the die of ``suit`` has a move wherever its partner ends up (a null die on a
    wormhole, or two or more straight ends: the partner blocks one at most), and else the
    one end the partner could block (None: no move at all)."""
    cell = state.ships[SHIP_INDEX[suit]].cell
    value = state.die(suit)
    if value == 0:
        return cell in state.coin_slots, None
    ends = MOVES[cell, OWNER[suit]][value]
    return len(ends) > 1, ends[0][1] if len(ends) == 1 else None


def free_die(state: State, suit: Suit) -> bool:
    """``other_die``'s first answer: every die move keeps such a die in play."""
    return other_die(state, suit)[0]


def keeps_other_die(state: State, suit: Suit, _d: str | None, end: Cell) -> bool:
    """WH-10: after this die move, can the other die still be used (or has it won)?
    (The other die has a move with its partner on a cell when it is free, or its one
    end is not that cell.)"""
    unused = state.unused  # two ships' dice: the mover's and its partner's
    other = unused[1] if unused[0] == suit else unused[0]
    free, single = other_die(state, other)
    if free:
        return True
    if end not in state.coin_slots:  # ``landings`` is [end] or, in the goal, a win
        if end in BASES[opponent(OWNER[suit])] and (
                not state.two_ships or state.ships[SHIP_INDEX[other]].cell
                in BASES[opponent(OWNER[suit])]):
            return True
        return (single is not None and single != end) or chain_keeps(state, suit, other, end)
    finals = landings(state, suit, other, end)
    for final in finals:
        if final is None or (single is not None and single != final):
            return True
    return any(chain_keeps(state, suit, other, c)
               for c in dict.fromkeys([end, *finals]) if c is not None)


def chain_keeps(state: State, suit: Suit, other: Suit, cell: Cell) -> bool:
    """WH-10 with the chain: the mover on ``cell`` sends the opponent ship there onto a
    wormhole (the mover's choice) whose jump throws it back onto the mover or onto the
    partner, and the ship hit is sent on by the opponent.  The chain counts when the
    mover can force it: for some wormhole and some value it may show (luck, as for the
    mover's own jump), every jump its owner may choose and every cell the ship hit may be
    sent to leaves the other die a move."""
    seat = OWNER[suit]
    for victim in state.ships:
        if victim.cell == cell and OWNER[victim.suit] != seat:
            break
    else:
        return False
    partner = state.ship(other).cell
    victim_partner = next(s.cell for s in state.ships
                          if s.owner == victim.owner and s.suit != victim.suit)
    taken = {s.cell for s in state.ships if s.suit not in (suit, victim.suit)} | {cell}
    free = [c for c in CELLS if c not in taken]
    goal = BASES[seat]  # the victim's owner wins on these

    def kept(hit: Cell) -> bool:
        if hit in goal:
            return False
        if hit == cell:  # the mover is sent anywhere; the partner moves from its cell
            return all(die_moves_from(state, other, partner, f) for f in free)
        if hit == partner:  # the partner is sent anywhere and moves from there
            return all(die_moves_from(state, other, f, cell) for f in free)
        return False

    for coin in state.coins:
        if coin.cell in taken:
            continue
        values = ([coin.value] if coin.value is not None
                  else values_known_to(state, coin, seat))
        for v in values:
            hits = [] if v == 0 else [
                c for vec in axis_vectors(coin.suit)
                if (c := ray(coin.cell, vec, v)) is not None and c != victim_partner]
            if hits and all(kept(h) for h in hits):
                return True
    return False


def die_moves_from(state: State, suit: Suit, start: Cell, partner_at: Cell) -> bool:
    """Whether the ship's die could move it from ``start`` (partner on ``partner_at``)."""
    value = state.die(suit)
    if value == 0:
        return state.coin_at(start) is not None
    return any(end != partner_at for _, end in straight_moves(start, OWNER[suit], value))


def landings(state: State, suit: Suit, other: Suit, end: Cell) -> list[Cell | None]:
    """WH-10: where a die move onto ``end`` may leave the ship (None: it wins), counting
    the wormhole there: its jump in either open direction, and, while it is hidden, every
    value it may still show (the mover cannot know which)."""
    goal = BASES[opponent(OWNER[suit])]
    partner = state.ship(other).cell
    # a landing in the goal wins when the partner needs not be there too, or is
    goal_wins = not state.two_ships or partner in goal
    if goal_wins and end in goal:
        return [None]
    coin = state.coin_at(end)
    if coin is None:
        return [end]
    values = ([coin.value] if coin.value is not None
              else values_known_to(state, coin, OWNER[suit]))
    vectors = axis_vectors(coin.suit)
    out: list[Cell | None] = []
    for value in values:
        jumps = [] if value == 0 else [
            c for c in [ray(end, vec, value) for vec in vectors]
            if c is not None and c != partner]
        out += [None if goal_wins and c in goal else c for c in jumps] or [end]
    return out


def values_known_to(state: State, coin: Coin, seat: int) -> list[int]:
    """What ``seat`` can know of a hidden coin: its own named value, or any value of the
    suit not seen yet (WH-10 judges a move on what the mover can know)."""
    if coin.chosen is not None and coin.owner == seat:
        return [coin.chosen]
    seen = state.revealed_values(coin.suit)
    return [v for v in RANKS if v not in seen]

"""Writing the record sheet for a game played through the engine: what the tracker offers as
a filled record, and what the tests play and check (every such record checks clean).

A move's row holds its ship, the cell it left and the cell its die took it to; the wormhole's
value when the move turned a coin; where the jump took it; where the ships it landed on were
sent (``e5>e9`` when a sent ship went on through a wormhole there); and where its own ship went
when the sent ship jumped onto it (WH-15, the "sent back" column).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.games.wormholes.board import COMPASS, OWNER, SIDE_NAMES, SUITS, Cell, Suit, cell_name, ray
from pnp.games.wormholes.events import Move, Place, Roll, RollChoice, Send, WHEvent
from pnp.games.wormholes.state import State


@dataclass
class _Sent:
    victim: Suit
    cell: Cell  # where it was sent
    ended: Cell  # where its own trip through a wormhole there ended


@dataclass
class _Writing:
    """The move being written: its row and slot, ship, die landing and that coin's flips."""

    row: int
    slot: int
    ship: Suit
    to: Cell
    flips: int
    sends: list[_Sent] = field(default_factory=list)
    jumped: Cell | None = None  # where the mover stood when the ship it sent hit it


def fields_from_play(states: Sequence[State], events: Sequence[WHEvent]) -> dict[str, str]:
    """The record a careful player writes for a played game (``states[i + 1]`` is
    ``events[i]`` applied to ``states[i]``), every whole turn by its number however long the
    game (``pages.split_pages`` cuts it into the pages filled)."""
    fields: dict[str, str] = {}
    placed: dict[str, int] = dict.fromkeys(SUITS, 0)
    row = slot = 0
    writing: _Writing | None = None

    def close(after: State) -> None:
        nonlocal writing
        if writing is None:
            return
        w, writing = writing, None
        notes, backs = [], []
        jumped_to: Cell | None = None
        for sent in w.sends:
            trip = "" if sent.ended == sent.cell else f">{cell_name(sent.ended)}"
            if OWNER[sent.victim] != OWNER[w.ship]:
                notes.append(cell_name(sent.cell) + trip)
                continue
            who = "" if sent.victim == w.ship else f"{sent.victim} "
            backs.append(who + cell_name(sent.cell) + trip)  # WH-15: sent back
        if any(sent.victim == w.ship for sent in w.sends):
            jumped_to = w.jumped
        coin = after.coin_at(w.to)
        if coin is not None and coin.flips > w.flips:
            fields[f"t{w.row}_value{w.slot}"] = str(coin.value)
        end = after.ship(w.ship).cell if jumped_to is None else jumped_to
        if end != w.to:
            fields[f"t{w.row}_jump{w.slot}"] = cell_name(end)
        if notes:
            fields[f"t{w.row}_send{w.slot}"] = " ".join(notes)
        if backs:
            fields[f"t{w.row}_back{w.slot}"] = ", ".join(backs)

    for before, event, after in zip(states, events, states[1:], strict=False):
        if isinstance(event, Place):
            placed[event.suit] += 1
            fields[f"wh_{event.suit}{placed[event.suit]}"] = cell_name(event.cell)
        elif isinstance(event, Roll):
            close(before)
            row, slot = row + 1, 0
            fields[f"t{row}_side"] = SIDE_NAMES[before.turn][0]
            fields[f"t{row}_dice"] = " ".join(f"{s}{v}" for s, v in event.dice)
        elif isinstance(event, RollChoice) and not event.ships:
            close(before)  # WH-17: no ship rolls, the turn passes; its row says so
            row, slot = row + 1, 0
            fields[f"t{row}_side"] = SIDE_NAMES[before.turn][0]
            fields[f"t{row}_dice"] = "-"
        elif isinstance(event, Move):
            close(before)
            slot += 1
            start = before.ship(event.ship).cell
            die = before.die(event.ship)
            end = start if event.direction is None else ray(
                start, COMPASS[before.turn][event.direction], die)
            assert end is not None
            fields[f"t{row}_ship{slot}"] = event.ship
            fields[f"t{row}_from{slot}"] = cell_name(start)
            fields[f"t{row}_to{slot}"] = cell_name(end)
            coin = before.coin_at(end)
            writing = _Writing(row, slot, event.ship, end, coin.flips if coin else 0)
        elif isinstance(event, Send) and writing is not None:
            if event.ship == writing.ship and writing.jumped is None:
                writing.jumped = before.ship(writing.ship).cell  # where it was hit (WH-15)
            writing.sends.append(_Sent(event.ship, event.cell, event.cell))
        if writing is not None and writing.sends and not isinstance(event, Roll | Move):
            last = writing.sends[-1]
            last.ended = after.ship(last.victim).cell
    close(states[-1])
    end_state = states[-1]
    if end_state.winner is None and row and (end_state.step == "move" or end_state.stack):
        # a game stopped mid-turn: the turn under way is not written yet (its dice are only
        # checkable with its moves, WH-T4), so the record ends with the last whole turn
        for name in [k for k in fields if k.startswith(f"t{row}_")]:
            del fields[name]
        row -= 1
    fields["turns"] = str(row)
    if states[0].two_ships:
        fields["two_ships"] = "x"
    if states[-1].winner is not None:
        fields["winner"] = SIDE_NAMES[states[-1].winner][0]
    return fields

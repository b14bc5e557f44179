"""What the table reveals: tiles laid and goods cards turned up, owed as ``Need``s; in seeded
play the seed's (SD-T8, SD-T9)."""

from __future__ import annotations

from collections import Counter

from pnp.engine import IllegalMove
from pnp.engine.values import replace
from pnp.games.spatial_delivery.board import RING, hex_name
from pnp.games.spatial_delivery.cards import (
    COLOUR_NAMES,
    COLOUR_SET,
    SCORE_TOKEN_BY_RING,
    TILE_POOL,
    colour_of,
)
from pnp.games.spatial_delivery.checks import ci
from pnp.games.spatial_delivery.events import Flip, SDEvent, TileLaid, format_event
from pnp.games.spatial_delivery.market import settle
from pnp.games.spatial_delivery.offers import legal
from pnp.games.spatial_delivery.state import Goods, Need, State, flip_need, made, tile_need


def chance_outcomes(state: State) -> list[SDEvent]:
    if state.phase == "over":
        return []
    out: list[SDEvent] = []
    for need in dict.fromkeys(state.pending):
        if need.kind == "tile":
            assert isinstance(need.key, int)
            out += [TileLaid(need.key, k) for k in tiles_left(state)]
        else:
            assert isinstance(need.key, str)
            out += [Flip(c) for c in sorted(set(state.goods[ci(need.key)].deck))]
    return out


def dealt_outcome(state: State) -> SDEvent | None:
    if not state.seeded or not state.pending or state.phase == "over":
        return None
    need = state.pending[0]
    if need.kind == "tile":
        assert isinstance(need.key, int) and state.hidden_tiles is not None
        return TileLaid(need.key, state.hidden_tiles[need.key])
    assert isinstance(need.key, str)
    return Flip(state.goods[ci(need.key)].deck[0])


def tiles_left(state: State) -> list[str]:
    used = Counter(t for t in state.tiles[1:] if t is not None)
    return [k for k in sorted(TILE_POOL) if TILE_POOL[k] - used[k] > 0]


def need_text(need: Need) -> str:
    if need.kind == "tile":
        assert isinstance(need.key, int)
        return f"the tile laid at {hex_name(need.key)} ({hex_name(need.key)}=?)"
    assert isinstance(need.key, str)
    return f"the {COLOUR_NAMES[need.key]} card turned face up (^{need.key}?)"


def apply_chance(state: State, event: TileLaid | Flip) -> State:
    colour = ""
    if isinstance(event, TileLaid):
        want: Need = tile_need(event.hex)
    else:
        colour = event.card[0]  # a goods card's colour (fuel is never turned up: parse)
        want = flip_need(colour)
    pending = state.pending
    if want not in pending:
        awaited = (f"the table owes {need_text(pending[0])}" if pending
                   else "no tile or card is waiting to be revealed now")
        raise IllegalMove("SD-T8", f"{format_event(event)} is not awaited: {awaited}",
                          lambda: [format_event(e) for e in chance_outcomes(state)]
                          or [format_event(e) for e in legal(state)])
    if isinstance(event, TileLaid):
        possible = TILE_POOL.get(event.kind, 0) > state.tiles[1:].count(event.kind)
    else:
        g = state.goods[ci(colour)]
        possible = event.card in g.deck
    if not possible:  # the outcome list is made only when the refusal is shown
        if isinstance(event, TileLaid):
            why = f"all {TILE_POOL[event.kind]} tiles of that kind are laid"
        else:
            why = "no such card is left in that deck"
        raise IllegalMove("SD-T8", f"{format_event(event)} is impossible: {why}",
                          lambda: [format_event(e) for e in chance_outcomes(state)
                                   if need_of(e) == want], hint=True)
    if state.seeded and not _was_dealt(state, event):
        dealt = dealt_for(state, want)
        if dealt != event:
            raise IllegalMove("SD-T9", "this table plays a seeded deal: "
                                       f"{need_text(want)} is "
                                       f"{format_event(dealt)}, not {format_event(event)}",
                              [format_event(dealt)])
    at = pending.index(want)
    pending = (*pending[:at], *pending[at + 1:])
    if isinstance(event, TileLaid):
        h, kind = event.hex, event.kind
        world = kind in COLOUR_SET
        tokens = state.tokens
        if world:
            tokens = (*tokens[:h], SCORE_TOKEN_BY_RING[RING[h]], *tokens[h + 1:])
        tiles = (*state.tiles[:h], kind, *state.tiles[h + 1:])
        firsts = (*state.firsts[:h], world, *state.firsts[h + 1:])
        state = replace(state, pending=pending, tiles=tiles, tokens=tokens, firsts=firsts)
    else:
        if state.seeded:  # the seed's card is the deck's top one (``_was_dealt``)
            deck = g.deck[1:]
        else:
            left = list(g.deck)
            left.remove(event.card)
            deck = tuple(left)
        i = ci(colour)
        goods = list(state.goods)
        goods[i] = Goods(event.card, deck, g.discards, g.reshuffles)  # (``replace``, written out)
        fresh = state.__dict__.copy()  # ``made``: neither field feeds a derived lookup
        fresh["pending"] = pending
        fresh["goods"] = tuple(goods)
        state = made(fresh)
    return settle(state)


def _was_dealt(state: State, event: TileLaid | Flip) -> bool:
    """Whether the seed dealt this (awaited, possible) outcome: ``dealt_for`` without
    making the dealt event."""
    if isinstance(event, TileLaid):
        return state.hidden_tiles is not None and state.hidden_tiles[event.hex] == event.kind
    colour = colour_of(event.card)
    assert colour is not None
    return state.goods[ci(colour)].deck[0] == event.card


def dealt_for(state: State, need: Need) -> SDEvent:
    if need.kind == "tile":
        assert isinstance(need.key, int) and state.hidden_tiles is not None
        return TileLaid(need.key, state.hidden_tiles[need.key])
    assert isinstance(need.key, str)
    return Flip(state.goods[ci(need.key)].deck[0])


def need_of(event: SDEvent) -> Need | None:
    if isinstance(event, TileLaid):
        return tile_need(event.hex)
    if isinstance(event, Flip):
        colour = colour_of(event.card)
        return flip_need(colour) if colour else None
    return None

"""Wormholes properties (hypothesis): random legal playouts, replay, notation, corrupted logs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.engine import IllegalMove, NotationError, Rng, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import random_playout
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import CELLS, DIRECTIONS, SUITS
from pnp.games.wormholes.events import (
    ChooseFirst,
    Jump,
    Move,
    OpeningRoll,
    Place,
    Reveal,
    Roll,
    RollChoice,
    Send,
    WHEvent,
    parse_event,
)
from pnp.games.wormholes.state import SendAway, State

P = ["Olga", "Dana"]
FAST = settings(max_examples=20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
MAX_EVENTS = 800


def start(seed: int, chance: str, two_ships: bool) -> tuple[Any, State]:
    log = new_log("wormholes", P, seed=seed,
                  options={"chance": chance, "two_ships": two_ships})
    return log, GAME.initial_state(log.setup, P, seed)


def check_invariants(state: State) -> None:
    cells = [s.cell for s in state.ships]
    assert set(cells) <= CELLS
    sending = [t for t in state.stack if isinstance(t, SendAway)]
    # Two ships share a cell only while the one landed on waits to be sent away, or when the
    # winning ship landed on an occupied base (the game ends before any send).
    shared = 4 - len(set(cells))
    assert shared == len(sending) or (state.winner is not None and shared == 1)
    assert all(cells.count(state.ship(t.ship).cell) == 2 for t in sending)
    coin_cells = [c.cell for c in state.coins]
    assert len(set(coin_cells)) == len(coin_cells) <= 24
    for suit in SUITS:
        values = [c.value for c in state.coins if c.suit == suit and c.value is not None]
        assert len(values) == len(set(values))
        if state.deal is not None:
            deal = state.deal[SUITS.index(suit)]
            assert all(c.value in (None, deal[c.ordinal]) for c in state.coins if c.suit == suit)
    actor = GAME.actor(state)
    if actor is None:
        assert state.winner is not None and not GAME.legal(state)
    elif actor == CHANCE:
        assert GAME.chance_outcomes(state) and not GAME.legal(state)
        if state.deal is not None:
            assert GAME.dealt_outcome(state) in GAME.chance_outcomes(state)
    else:
        assert GAME.legal(state), "a seat to act always has a legal decision"


def playout(seed: int, chance: str, two_ships: bool) -> tuple[Any, State, list[WHEvent]]:
    log, state = start(seed, chance, two_ships)
    rng = Rng(seed, "test/playout")
    events: list[WHEvent] = []
    for _ in range(MAX_EVENTS):
        check_invariants(state)
        if GAME.actor(state) is None:
            break
        nxt, played = random_playout(GAME, state, rng, max_events=1)
        state = nxt
        events += played
    return log, state, events


seeds = st.integers(min_value=0, max_value=2**40)
chances = st.sampled_from(["seeded", "table"])


@FAST
@given(seed=seeds, chance=chances, two_ships=st.booleans())
def test_random_playouts_never_raise_and_replay_to_the_same_state(
        seed: int, chance: str, two_ships: bool) -> None:
    log, final, events = playout(seed, chance, two_ships)
    texts = [GAME.notation(e) for e in events]
    assert [parse_event(t) for t in texts] == events
    result = replay(log.with_events(texts))
    assert result.ok, result.error
    assert result.state == final
    assert result.to_json()["finished"] == (final.winner is not None)


@FAST
@given(seed=seeds, chance=chances, two_ships=st.booleans(), data=st.data())
def test_every_listed_event_applies_and_only_listed_ones_do(
        seed: int, chance: str, two_ships: bool, data: st.DataObject) -> None:
    log, _, events = playout(seed, chance, two_ships)
    index = data.draw(st.integers(0, len(events) - 1), label="index")
    state = replay(log.with_events([GAME.notation(e) for e in events[:index]])).state
    dealt = GAME.dealt_outcome(state)
    listed = GAME.legal(state) + ([dealt] if dealt else GAME.chance_outcomes(state))
    for event in listed:
        GAME.apply(state, event)
    near: list[WHEvent] = [Move(s, d) for s in SUITS for d in (*DIRECTIONS, None)]
    near += [Jump(s, d) for s in SUITS for d in DIRECTIONS]
    near += [Send(s, c) for s in SUITS for c in sorted(CELLS)]
    near += [Reveal(c.cell, v) for c in state.coins for v in range(6)]
    near += [Roll(((a, x), (b, y))) for a, b in (("S", "M"), ("C", "A"))
             for x in range(6) for y in range(6)]
    probe = data.draw(st.one_of(events_strategy, st.sampled_from(near)), label="probe")
    if probe not in listed:
        with pytest.raises(IllegalMove):
            GAME.apply(state, probe)


@FAST
@given(seed=seeds, chance=chances, data=st.data())
def test_a_log_with_one_corrupted_event_is_refused_there(seed: int, chance: str,
                                                         data: st.DataObject) -> None:
    log, _, events = playout(seed, chance, two_ships=False)
    texts = [GAME.notation(e) for e in events]
    index = data.draw(st.integers(0, len(texts) - 1), label="index")
    original = texts[index]
    mutation = data.draw(st.one_of(
        st.text(alphabet="SMCAOsmca0123456789:*>@=-abcdefghijNESWrolnx ", min_size=1,
                max_size=8),
        st.builds(lambda i, ch: original[:i] + ch + original[i + 1:],
                  st.integers(0, max(0, len(original) - 1)),
                  st.sampled_from(list("SMCA012345679NESW:*>@=-abj"))),
        st.sampled_from([GAME.notation(e) for e in events]),
    ), label="mutation")
    assume(mutation.strip() != original)
    before = replay(log.with_events(texts[:index])).state
    try:
        event = parse_event(mutation)
    except NotationError:
        event = None
    if event is not None:
        try:
            GAME.apply(before, event)
            assume(False)  # another legal event: a different game, not a corrupted one
        except IllegalMove:
            pass
    result = replay(log.with_events([*texts[:index], mutation, *texts[index + 1:]]))
    assert not result.ok and result.applied == index
    assert result.error is not None and result.error["index"] == index
    assert result.error["rule"] == "notation" or str(result.error["rule"]).startswith("WH-")
    assert result.error["message"]


@FAST
@given(seed=seeds, data=st.data())
def test_seeded_chance_events_cannot_be_changed(seed: int, data: st.DataObject) -> None:
    log, _, events = playout(seed, "seeded", two_ships=False)
    chance_at = [i for i, e in enumerate(events) if e.CHANCE]
    index = data.draw(st.sampled_from(chance_at), label="index")
    before = replay(log.with_events([GAME.notation(e) for e in events[:index]])).state
    others = [e for e in GAME.chance_outcomes(before) if e != events[index]]
    assume(others)
    other = data.draw(st.sampled_from(others), label="other")
    with pytest.raises(IllegalMove) as info:
        GAME.apply(before, other)
    assert info.value.rule in ("WH-T2", "WH-T5")
    assert GAME.notation(events[index]) in info.value.message


faces = st.integers(0, 5)
suits = st.sampled_from(SUITS)
cells = st.sampled_from(sorted(CELLS))
box = st.tuples(st.integers(1, 10), st.integers(1, 18))


@st.composite
def rolls(draw: st.DrawFn) -> Roll:
    chosen = draw(st.lists(suits, min_size=1, max_size=2, unique=True))
    return Roll(tuple((s, draw(faces)) for s in sorted(chosen, key=SUITS.index)))


events_strategy = st.one_of(
    st.builds(OpeningRoll, faces, faces),
    st.builds(ChooseFirst, st.booleans()),
    st.builds(Place, suits, box),
    st.builds(lambda ss: RollChoice(tuple(sorted(set(ss), key=SUITS.index))),
              st.lists(suits, max_size=2)),
    rolls(),
    st.builds(Move, suits, st.one_of(st.none(), st.sampled_from(DIRECTIONS))),
    st.builds(Jump, suits, st.sampled_from(DIRECTIONS)),
    st.builds(Send, suits, box),
    st.builds(Reveal, box, faces),
)


@settings(max_examples=300, deadline=None)
@given(event=events_strategy)
def test_notation_round_trips_for_any_event(event: WHEvent) -> None:
    text = GAME.notation(event)
    assert GAME.parse(text) == event
    assert GAME.parse(text.lower()) == event
    assert GAME.parse(f" {text.upper()} ") == event or "=" in text or "@" in text or ">" in text


@pytest.mark.slow
@pytest.mark.parametrize("chance", ["seeded", "table"])
def test_many_full_games_finish_with_a_winner_and_replay(chance: str) -> None:
    finished = 0
    for seed in range(100):
        log, state = start(seed, chance, two_ships=False)
        final, events = random_playout(GAME, state, Rng(seed, "slow"), max_events=20_000)
        finished += final.winner is not None
        texts = [GAME.notation(e) for e in events]
        assert replay(log.with_events(texts)).state == final
    assert finished >= 95, finished

"""Weird Galaxy properties: playouts keep the books, every well-formed event round-trips,
legal() == apply(), corrupted logs, and whole games played to a win by a simple greedy
player (replay, offered events and parser fuzzing: tests/games/test_contract.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import IllegalMove, NotationError, SetupError, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.log import GameLog
from pnp.engine.rng import Rng
from pnp.games.weird_galaxy import GAME
from pnp.games.weird_galaxy.data import DIRECTIONS, RANKS, SUITS, Pos
from pnp.games.weird_galaxy.events import (
    Abandon,
    Build,
    Deliver,
    Draw,
    EndTurn,
    InstallShield,
    Jump,
    Move,
    MovePhredd,
    PickUp,
    Repaint,
    Roll,
    RollMission,
    Shoo,
    Target,
    Tile,
    WGEvent,
)
from pnp.games.weird_galaxy.invariants import check_invariants
from pnp.games.weird_galaxy.rule_ids import RULES
from pnp.games.weird_galaxy.state import State

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
MODES = st.sampled_from(["seeded", "table"])
PLAYERS = st.integers(min_value=2, max_value=5)
TILES = [Tile(s, r) for s in SUITS for r in range(len(RANKS))]


def start(seed: int, mode: str, n: int) -> tuple[GameLog, State]:
    log = new_log("weird-galaxy", [f"P{i}" for i in range(n)], seed, {"chance": mode})
    return log, GAME.initial_state(log.setup, log.players, log.seed)


def step(state: State, rng: Rng) -> WGEvent:
    """One random event: the dealt die, a random physical die, or a random legal decision."""
    if GAME.actor(state) == CHANCE:
        dealt = GAME.dealt_outcome(state)
        return dealt if dealt is not None else rng.choice(GAME.chance_outcomes(state))
    return rng.choice(GAME.legal(state))


def playout(seed: int, mode: str, n: int, length: int,
            chooser: Any = step) -> tuple[GameLog, list[State], list[WGEvent]]:
    log, state = start(seed, mode, n)
    rng = Rng(seed, "test-playout")
    states, events = [state], []
    for _ in range(length):
        if GAME.actor(state) is None:
            break
        event = chooser(state, rng)
        state = GAME.apply(state, event)
        states.append(state)
        events.append(event)
    return log, states, events


def universe(state: State) -> list[WGEvent]:
    """Every well-formed event naming things that exist in notation."""
    out: list[WGEvent] = [Move(d) for d in DIRECTIONS]
    targets: list[Target | None] = [None, *(Target(s) for s in SUITS),
                                    *(Target(t.suit, t) for t in TILES)]
    out += [MovePhredd(d, t) for d in DIRECTIONS for t in targets]
    out += [RollMission(), Shoo(), Jump(), Build(), Repaint(), PickUp(), EndTurn()]
    out += [e for t in TILES for e in (InstallShield(t), Repaint(t), Abandon(t))]
    out += [Deliver(k) for k in range(1, len(state.missions) + 2)]
    out += [Draw(s) for s in SUITS] + [Roll(r) for r in range(len(RANKS))]
    return out


def accepted(state: State) -> set[WGEvent]:
    """What the rules say is acceptable now, from legal() and the dice lists only."""
    if GAME.actor(state) == CHANCE:
        dealt = GAME.dealt_outcome(state)
        return {dealt} if dealt is not None else set(GAME.chance_outcomes(state))
    return set(GAME.legal(state))


# -- playouts -------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_random_playouts_never_raise_and_keep_the_books(seed: int, mode: str, n: int) -> None:
    _, states, _ = playout(seed, mode, n, 400)
    for s in states:
        assert check_invariants(s) == []
        assert 0 <= s.points <= 3
        assert GAME.summary(s)["turn"]["seat"] == s.turn


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS)
def test_seeded_dice_are_reproducible(seed: int, n: int) -> None:
    a = playout(seed, "seeded", n, 200)[2]
    b = playout(seed, "seeded", n, 200)[2]
    assert a == b


# -- notation -------------------------------------------------------------------------------


def test_every_well_formed_event_round_trips() -> None:
    _, state = start(1, "table", 2)
    for event in universe(state):
        assert GAME.parse(GAME.notation(event)) == event


# -- the rules agree with themselves --------------------------------------------------------
@settings(max_examples=10, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_apply_accepts_exactly_what_legal_lists(seed: int, mode: str, n: int) -> None:
    _, states, _ = playout(seed, mode, n, 240)
    for s in states[::20]:
        ok = accepted(s)
        for event in universe(s):
            try:
                GAME.apply(s, event)
            except IllegalMove as exc:
                assert event not in ok, (GAME.notation(event), exc)
                assert exc.rule in RULES
            else:
                assert event in ok, GAME.notation(event)


@settings(max_examples=60, deadline=None)
@given(SEEDS, PLAYERS, st.data())
def test_a_log_with_one_event_corrupted_is_refused(seed: int, n: int, data: Any) -> None:
    log, states, events = playout(seed, "seeded", n, 200)
    texts = [GAME.notation(e) for e in events]
    i = data.draw(st.integers(0, len(texts) - 1))
    s = states[i]
    kind = data.draw(st.sampled_from(["event", "text"]))
    if kind == "event":
        wrong = [e for e in universe(s) if e not in accepted(s)]
        new = GAME.notation(data.draw(st.sampled_from(wrong)))
    else:
        new = _mangle(texts[i], data)
        try:
            parsed = GAME.parse(new)
        except NotationError:
            parsed = None
        if parsed is not None and parsed in accepted(s):
            return  # the corruption spelled another event that is legal here
    texts[i] = new
    result = replay(log.with_events(texts))
    assert result.error is not None and result.error["index"] == i, (new, result.error)
    assert result.error["rule"] == "notation" or result.error["rule"] in RULES


def _mangle(text: str, data: Any) -> str:
    how = data.draw(st.sampled_from(["drop", "insert", "replace", "junk"]))
    if how == "junk" or not text:
        return str(data.draw(st.text(min_size=1, max_size=8)))
    k = data.draw(st.integers(0, len(text) - 1))
    ch = data.draw(st.sampled_from("NESWP:*abcdhz0123456789x-"))
    if how == "drop":
        return text[:k] + text[k + 1:] or "?"
    if how == "insert":
        return text[:k] + ch + text[k:]
    return text[:k] + ch + text[k + 1:]


# -- whole games ----------------------------------------------------------------------------
def _dist(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def greedy(state: State, rng: Rng) -> WGEvent:
    """A plain trader: build when it can, deliver, pick up, fly to the nearest goal, roll
    missions when few are open, hyperjump when stuck, now and then spit at an opponent."""
    if GAME.actor(state) == CHANCE:
        return step(state, rng)
    legal = GAME.legal(state)
    me = state.players[state.turn]
    ship = me.ship
    for kind in (Build, Deliver, PickUp):
        found = [e for e in legal if isinstance(e, kind)]
        if found:
            return found[0]
    paints = [e for e in legal if isinstance(e, Repaint)]
    if paints and (ship.disabled or any(s.disabled for s in me.stations)):
        return paints[0]
    spits = [e for e in legal if isinstance(e, MovePhredd) and e.target is not None
             and e.target.suit != me.suit]
    if spits and rng.below(6) == 0:
        return rng.choice(spits)
    goals = [m.dest for m in state.missions if m.open and m.source in ship.loads]
    if len(ship.loads) < 2:
        goals += [m.source for m in state.missions
                  if m.open and ship.loads.count(m.source) < state.open_from(m.source)]
    moves = [e for e in legal if isinstance(e, Move)]
    if goals and moves:
        goal = min(goals, key=lambda g: (_dist(ship.pos, g), g))
        def after(e: Move) -> Pos:
            dr, dc = DIRECTIONS[e.direction]
            return (ship.pos[0] + dr, ship.pos[1] + dc)
        best = min(moves, key=lambda e: (_dist(after(e), goal), e.direction))
        if _dist(after(best), goal) < _dist(ship.pos, goal):
            return best
    open_missions = sum(1 for m in state.missions if m.open)
    if RollMission() in legal and open_missions < 2 * len(state.players):
        return RollMission()
    if Jump() in legal:  # stuck (fees it cannot pay, or nothing near): try elsewhere
        return Jump()
    return EndTurn()


@pytest.mark.parametrize("seed,n", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 2)])
def test_greedy_players_finish_a_game_that_replays(seed: int, n: int) -> None:
    log, states, events = playout(seed, "seeded", n, 30_000, chooser=greedy)
    final = states[-1]
    assert final.winner is not None, "nobody reached the black hole"
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.result == "win"
    assert len(final.players[final.winner].stations) == 7
    for s in [*states[::50], final]:
        assert check_invariants(s) == []
    result = replay(log.with_events([GAME.notation(e) for e in events]))
    assert result.ok and result.state == final
    assert result.to_json()["winner"] == [final.players[final.winner].name]


@pytest.mark.slow
def test_a_hundred_greedy_games_all_end_in_a_win() -> None:
    for seed in range(100):
        _, states, _ = playout(seed, "seeded", 2 + seed % 4, 30_000, chooser=greedy)
        assert states[-1].winner is not None, seed
        assert all(check_invariants(s) == [] for s in states[::25])


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=3),
    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["chance", "suits", "first", "public_balances", "x"]),
                       JSON_VALUES, max_size=4),
       st.none() | st.integers(0, 2**63 - 1), PLAYERS)
def test_any_setup_starts_a_game_or_raises_setup_error(setup: dict[str, Any],
                                                       seed: int | None, n: int) -> None:
    try:
        state = GAME.initial_state(setup, [f"P{i}" for i in range(n)], seed)
    except SetupError:
        return
    assert len(state.players) == n and GAME.actor(state) == state.turn


@pytest.mark.slow
def test_engine_random_playouts_finish_games() -> None:
    """pnp.engine.play.random_playout (with this game's playout_choices) reaches a win."""
    from pnp.engine.play import random_playout

    for seed in range(6):
        log, state = start(seed, "seeded", 2)
        final, events = random_playout(GAME, state, Rng(seed, "engine"), 20_000)
        assert final.winner is not None, seed
        assert replay(log.with_events([GAME.notation(e) for e in events])).state == final

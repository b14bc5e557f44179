"""The contract every registered game keeps (docs/architecture.md, "The engine contract"),
checked once over every record instead of a copy per game: a new game gets these tests by
being registered.

- invariants along random seeded and table playouts: the actor, legal and chance lists agree,
  every legal decision and possible outcome round-trips through the notation, a dealt
  outcome is a possible one, ``apply`` leaves its input state unchanged, scores and summary
  have their shape;
- replay equality: folding ``apply`` over the notation, ``replay_steps`` and ``replay`` give
  the same states, and every prefix of a log replays to the state at that point;
- corrupted logs: an unreadable or illegal event is reported at its index with a rule id,
  never raised;
- the score sheet: its layout places exactly its fields, and the sheet written from a played
  game checks clean.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine import (
    CHANCE,
    GameLog,
    IllegalMove,
    NotationError,
    Rng,
    all_records,
    get_game,
    get_record,
    new_log,
    play_log,
    replay,
    replay_steps,
)
from pnp.engine.play import random_playout

GAMES = [r.id for r in all_records()]
MAX_EVENTS = 400  # per playout: enough to cross several turns, rounds or phases
SAMPLE = 12  # legal events round-tripped per state


@cache
def playout(game_id: str, chance: str, seed: int) -> tuple[GameLog, tuple[Any, ...]]:
    """A log of random play (the seed's deal in seeded play, random outcomes at a table) and
    the states along it, checking the invariants at every step."""
    game = get_game(game_id)
    players = [f"P{i + 1}" for i in range(min(game.max_players, max(game.min_players, 3)))]
    log = new_log(game_id, players, seed, {"chance": chance})
    state = game.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, f"contract/{chance}")
    states, texts = [state], []
    while len(texts) < MAX_EVENTS and game.actor(state) is not None:
        event = _step_checked(game, state, rng, chance)
        before = repr(state)
        nxt = game.apply(state, event)
        assert repr(state) == before, "apply changed its input state"
        texts.append(game.notation(event))
        state = nxt
        states.append(state)
    scores = game.scores(state)
    assert len(scores) == len(players) and all(isinstance(s, int) for s in scores)
    json.dumps(game.summary(state))
    outcome = game.outcome(state)
    assert (outcome is None) == (game.actor(state) is not None)
    return log.with_events(texts), tuple(states)


def _step_checked(game: Any, state: Any, rng: Rng, chance: str) -> Any:
    actor = game.actor(state)
    if actor == CHANCE:
        assert game.legal(state) == []
        outcomes = game.chance_outcomes(state)
        assert outcomes, "a chance node with no possible outcome"
        dealt = game.dealt_outcome(state)
        if chance == "seeded":
            assert dealt is not None and dealt in outcomes
        else:
            assert dealt is None
        _round_trips(game, rng.shuffled(outcomes)[:SAMPLE])
        return dealt if dealt is not None else rng.choice(outcomes)
    assert 0 <= actor < len(game.scores(state))
    legal = game.legal(state)
    assert legal, "a decision with nothing legal"
    assert game.chance_outcomes(state) == []
    _round_trips(game, rng.shuffled(legal)[:SAMPLE])
    return rng.choice(game.playout_choices(state))


def _round_trips(game: Any, events: list[Any]) -> None:
    for event in events:
        text = game.notation(event)
        assert game.parse(text) == event, text
        assert game.notation(game.parse(text)) == text


@pytest.mark.parametrize("chance", ["seeded", "table"])
@pytest.mark.parametrize("game_id", GAMES)
def test_replay_is_the_fold_of_apply(game_id: str, chance: str) -> None:
    log, states = playout(game_id, chance, 3)
    game = get_game(game_id)
    start = game.initial_state(log.setup, log.players, log.seed)
    steps = list(replay_steps(game, start, log.events))
    assert [s.state for s in steps] == list(states[1:])
    assert [s.index for s in steps] == list(range(len(log.events)))
    assert [s.text for s in steps] == list(log.events)
    result = replay(log)
    assert result.ok and result.applied == len(log.events) and result.state == states[-1]
    played = play_log(log)
    assert played.states == list(states) and played.final == states[-1]
    for cut in (0, len(log.events) // 3, len(log.events) // 2):
        assert replay(log.with_events(log.events[:cut])).state == states[cut]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_corrupted_log_is_reported_at_its_index(game_id: str) -> None:
    log, states = playout(game_id, "seeded", 5)
    game = get_game(game_id)
    events = list(log.events)
    at = len(events) // 2
    garbled = replay(log.with_events([*events[:at], "%%not notation%%", *events[at + 1:]]))
    assert not garbled.ok and garbled.error is not None
    assert garbled.error["index"] == at and garbled.error["rule"] == "notation"
    assert garbled.state == states[at]
    # an event that reads fine but is not legal here: the one before it, played again
    later = next((i for i in range(at, len(events))
                  if not game.is_legal(states[i], game.parse(events[i - 1]))), None)
    if later is not None:
        bad = replay(log.with_events([*events[:later], events[later - 1]]))
        assert bad.error is not None and bad.error["index"] == later
        assert bad.error["rule"] not in ("", "notation") and bad.error["message"]


@pytest.mark.parametrize("game_id", [r.id for r in all_records() if r.sheet is not None])
def test_the_sheet_places_its_fields_and_a_played_game_checks(game_id: str) -> None:
    sheet = get_record(game_id).sheet
    assert sheet is not None
    names = sheet.field_names()
    assert len(set(names)) == len(names)
    assert sheet.layout().field_names() == names
    for chance in ("seeded", "table"):
        log, _ = playout(game_id, chance, 3)
        play = play_log(log)
        fields = sheet.fields_from_play(play)
        if fields is None:
            continue  # the sheet has no place for this game (said in the result PDF)
        # a record longer than the kit's fillable form (a Wormholes game past its one fillable
        # continuation page goes on further printed pages): the checker takes it whole
        longer = set(fields) - set(sheet.document_field_names())
        report = sheet.check(fields) if longer else sheet.check_document(fields)
        assert report["ok"], [line for line in report["lines"]  # type: ignore[union-attr]
                              if not line["ok"]]
        filled = sheet.filled(fields, play)
        assert filled.sections or filled.note


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refusal_builds_its_legal_list_only_when_shown(game_id: str) -> None:
    """Decisions legal a moment ago, refused now: none builds its legal list until its
    message or list is read, and then both name what would have been legal."""
    _, states = playout(game_id, "seeded", 5)
    game = get_game(game_id)
    refused = 0
    earlier: list[Any] = []
    for state in states[:120]:
        if game.actor(state) in (None, CHANCE):
            continue
        for event in earlier:
            try:
                game.apply(state, event)
            except IllegalMove as exc:
                refused += 1
                assert not exc.legal_built, (exc.rule, game.notation(event))
                shown = exc.to_json()
                assert exc.legal_built and shown["message"] == exc.message
                assert shown["legal"] == list(exc.legal)
        earlier = game.legal(state)[:6]
    assert refused >= 5


# -- the same properties over many seeds (hypothesis) -------------------------------------
SEEDS = st.integers(min_value=0, max_value=2**40)
MODES = st.sampled_from(["seeded", "table"])
SLOW_OK = settings(deadline=None, suppress_health_check=list(HealthCheck))


def _start(game_id: str, seed: int, mode: str, extra: int) -> tuple[Any, GameLog, Any]:
    """A new game with between min and max players (``extra`` picks how many)."""
    game = get_game(game_id)
    n = game.min_players + extra % (game.max_players - game.min_players + 1)
    log = new_log(game_id, [f"P{i + 1}" for i in range(n)], seed, {"chance": mode})
    return game, log, game.initial_state(log.setup, log.players, log.seed)


@pytest.mark.parametrize("game_id", GAMES)
@settings(SLOW_OK, max_examples=12)
@given(seed=SEEDS, mode=MODES, extra=st.integers(0, 3))
def test_random_playouts_replay_to_the_same_state(game_id: str, seed: int, mode: str,
                                                  extra: int) -> None:
    game, log, state = _start(game_id, seed, mode, extra)
    final, events = random_playout(game, state, Rng(seed, "contract/playout"), 3000)
    result = replay(log.with_events([game.notation(e) for e in events]))
    assert result.ok, result.error
    assert result.state == final
    assert result.to_json()["finished"] == (game.outcome(final) is not None)
    assert (game.outcome(final) is None) == (game.actor(final) is not None)


@pytest.mark.parametrize("game_id", GAMES)
@settings(SLOW_OK, max_examples=10)
@given(seed=SEEDS, mode=MODES, extra=st.integers(0, 3))
def test_every_offered_event_round_trips(game_id: str, seed: int, mode: str,
                                         extra: int) -> None:
    """Every listed decision and possible outcome (not a sample), state after state."""
    game, _, state = _start(game_id, seed, mode, extra)
    rng = Rng(seed, "contract/offered")
    for _ in range(150):
        actor = game.actor(state)
        if actor is None:
            break
        offered = game.legal(state) + game.chance_outcomes(state)
        assert offered, "a game that goes on always offers something"
        _round_trips(game, offered)
        if actor == CHANCE:
            event = game.dealt_outcome(state) or rng.choice(game.chance_outcomes(state))
        else:
            assert game.chance_outcomes(state) == []
            event = rng.choice(game.playout_choices(state))
        state = game.apply(state, event)
        json.dumps(game.summary(state))


@cache
def _notations(game_id: str) -> tuple[str, ...]:
    """Real notations of the game (a playout's), to mutate into near misses."""
    log, _ = playout(game_id, "table", 3)
    return tuple(dict.fromkeys(log.events))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_text_is_read_or_refused_with_a_notation_error(game_id: str,
                                                           data: st.DataObject) -> None:
    """Random text and near misses of real notations (a character changed, added or
    dropped): an event that reads back the same, or a NotationError saying why."""
    real = _notations(game_id)
    alphabet = sorted(set("".join(real)) | set(" ,;:@*-#=>+!x"))
    near = st.builds(lambda text, i, ch, how: (text[:i] + ch + text[i + 1:] if how == 0
                                               else text[:i] + ch + text[i:] if how == 1
                                               else text[:i] + text[i + 1:]),
                     st.sampled_from(real), st.integers(0, 40), st.sampled_from(alphabet),
                     st.integers(0, 2))
    text = data.draw(st.one_of(st.text(max_size=40), near), label="text")
    game = get_game(game_id)
    try:
        event = game.parse(text)
    except NotationError as exc:
        assert exc.message
        return
    assert game.parse(game.notation(event)) == event


CORRUPTIONS = st.sampled_from(["replace", "garble", "drop", "duplicate", "swap"])


@pytest.mark.parametrize("game_id", GAMES)
@settings(SLOW_OK, max_examples=30)
@given(seed=SEEDS, mode=MODES, how=CORRUPTIONS, where=st.integers(min_value=0),
       junk=st.text(max_size=8), data=st.data())
def test_a_corrupted_log_is_refused_cleanly(game_id: str, seed: int, mode: str, how: str,
                                            where: int, junk: str,
                                            data: st.DataObject) -> None:
    """One event replaced (by a real notation or junk), dropped, doubled or swapped: replay
    never raises; a refusal names a rule of the game (or ``notation``) at or after the
    change, and exactly there when the replaced event is not legal where it stands."""
    game, log, state = _start(game_id, seed, mode, 0)
    _, events = random_playout(game, state, Rng(seed, "contract/corrupt"), 300)
    texts = [game.notation(e) for e in events]
    if not texts:
        return
    i = where % len(texts)
    bad = list(texts)
    if how == "replace":
        bad[i] = data.draw(st.sampled_from(_notations(game_id)), label="other")
    elif how == "garble":
        bad[i] = junk
    elif how == "drop":
        del bad[i]
    elif how == "duplicate":
        bad.insert(i, bad[i])
    elif i + 1 < len(bad):
        bad[i], bad[i + 1] = bad[i + 1], bad[i]
    result = replay(log.with_events(bad))
    if result.ok:
        return
    assert result.error is not None and result.error["message"]
    rule = result.error["rule"]
    assert rule == "notation" or rule in get_record(game_id).rules, rule
    assert result.error["index"] >= i  # the untouched prefix still replays
    if how in ("replace", "garble"):
        before = replay(log.with_events(texts[:i])).state
        try:
            legal_there = game.is_legal(before, game.parse(bad[i]))
        except NotationError:
            legal_there = False
        if not legal_there:
            assert result.error["index"] == i

"""The GT-9 build timer state machine: circles, flips only when the sand has run out, the last
flip to Start only by a finished player, number tiles, and its text form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.buildtimer import START, BadTimer, Timer, from_json, new_timer

ANA, BO, CY = "Ana", "Bo", "Cy"


def started(round_number: int = 2, run: int = 90, at: float = 1000.0) -> Timer:
    return new_timer(round_number, [ANA, BO, CY], run).go(at)


def refused(rule: str, fn: object, *args: object) -> IllegalMove:
    assert callable(fn)
    with pytest.raises(IllegalMove) as info:
        fn(*args)
    assert info.value.rule == rule, info.value
    return info.value


def test_go_puts_the_sand_on_the_round_number() -> None:
    for rnd in (1, 2, 3):
        t = new_timer(rnd, [ANA, BO])
        assert t.phase(0) == "ready" and t.circle is None
        t = t.go(50.0)
        assert t.circle == rnd and t.since == 50.0
        assert t.circles() == (*range(rnd, 0, -1), START)
        assert t.phase(60) == "running" and t.left(60) == 80


def test_round_two_from_go_to_the_end_of_building() -> None:
    t = started(2)
    # the sand on circle 2 is still running: nobody may flip yet
    err = refused("GT-9", t.flip, 1010.0)
    assert "circle 2" in err.message and "80 s" in err.message
    assert t.may_flip(1010.0) == ()
    # run out: anyone may flip to circle 1
    assert t.phase(1090.0) == "out" and t.may_flip(1090.0) == (ANA, BO, CY)
    t = t.flip(1095.0)
    assert t.circle == 1 and t.since == 1095.0 and t.phase(1100) == "running"
    # a finished player may not skip circle 1: the sand must run out there first
    t = t.finish(BO, 1100.0)
    assert t.tile_of(BO) == 1
    refused("GT-9", t.flip, 1150.0, BO)
    # out on circle 1: only Bo (finished) may make the last flip
    assert t.may_flip(1185.0) == (BO,)
    err = refused("GT-9", t.flip, 1185.0, ANA)
    assert err.legal == (BO,) and "Bo (tile 1)" in err.message
    refused("GT-9", t.flip, 1185.0)
    t = t.flip(1190.0, BO)
    assert t.circle == START and t.phase(1200.0) == "last"
    refused("GT-9", t.flip, 1200.0, BO)  # no flip after Start
    t = t.finish(CY, 1250.0)  # still building time: Cy finishes second
    assert t.tile_of(CY) == 2
    assert t.phase(1279.9) == "last" and t.phase(1280.0) == "over"
    assert t.building_over(1300.0)
    refused("GT-9", t.flip, 1300.0, BO)
    # after the end the last builder still takes the tile left
    t = t.finish(ANA, 1300.0)
    assert t.tiles == (BO, CY, ANA) and t.tile_of(ANA) == 3


def test_round_one_waits_for_a_finished_player() -> None:
    t = started(1, run=30)
    assert t.circle == 1
    assert t.may_flip(1031.0) == ()  # out, but nobody has finished
    refused("GT-9", t.flip, 1031.0, ANA)
    t = t.finish(ANA, 1040.0)
    t = t.flip(1041.0, ANA)
    assert t.circle == START and t.left(1041.0) == 30


def test_everyone_finished_ends_building_early() -> None:
    t = new_timer(3, [ANA, BO]).go(0.0)
    t = t.finish(ANA, 5.0).finish(BO, 6.0)
    assert t.phase(7.0) == "over" and t.circle == 3


def test_tracker_refusals() -> None:
    t = new_timer(2, [ANA, BO])
    refused("timer.not-started", t.flip, 0.0)
    refused("timer.not-started", t.finish, ANA, 0.0)
    t = t.go(0.0)
    refused("timer.started", t.go, 1.0)
    t = t.finish(ANA, 1.0)
    err = refused("timer.finished", t.finish, ANA, 2.0)
    assert err.legal == (BO,)
    with pytest.raises(BadTimer) as info:
        t.finish("Zed", 3.0)
    assert info.value.field == "by"


@pytest.mark.parametrize(("args", "field"), [
    ((0, [ANA, BO]), "round"),
    ((4, [ANA, BO]), "round"),
    (("x", [ANA, BO]), "round"),
    ((True, [ANA, BO]), "round"),
    (("²", [ANA, BO]), "round"),
    ((1, [ANA]), "players"),
    ((1, [ANA, BO, CY, "Di", "Ed"]), "players"),
    ((1, [ANA, ANA]), "players"),
    ((1, "Ana,Bo"), "players"),
    ((1, [ANA, 7]), "players"),
    ((1, [ANA, "x" * 41]), "players"),
    ((1, [ANA, BO], 5), "run"),
    ((1, [ANA, BO], 601), "run"),
    ((1, [ANA, BO], "ninety"), "run"),
])
def test_bad_options_name_their_field(args: tuple[object, ...], field: str) -> None:
    with pytest.raises(BadTimer) as info:
        new_timer(*args)
    assert info.value.field == field


def test_blank_names_get_seat_names_and_options_read_text() -> None:
    t = new_timer("3", ["", "  Zoë  ", None], "45")
    assert t.players == ("Player 1", "Zoë", "Player 3") and t.round == 3 and t.run == 45


@pytest.mark.parametrize("text", [
    None, "", "[]", "{", '{"round": 1}', '{"round": 1, "players": ["a", "b"], "x": 1}',
    '{"round": 2, "players": ["a", "b"], "circle": 1}',
    '{"round": 2, "players": ["a", "b"], "circle": 3, "since": 5}',
    '{"round": 2, "players": ["a", "b"], "circle": 1, "since": "5"}',
    '{"round": 2, "players": ["a", "b"], "circle": 1, "since": 1e300}',
    '{"round": 2, "players": ["a", "b"], "tiles": ["a"]}',
    '{"round": 2, "players": ["a", "b"], "circle": 1, "since": 5, "tiles": ["c"]}',
    '{"round": 2, "players": ["a", "b"], "circle": 1, "since": 5, "tiles": ["a", "a"]}',
    "x" * 3000,
])
def test_malformed_states_are_refused(text: object) -> None:
    with pytest.raises(BadTimer):
        from_json(text)


EVENTS = st.lists(st.tuples(st.sampled_from(["go", "flip", "finish", "wait"]),
                            st.sampled_from([ANA, BO, CY, None]),
                            st.floats(min_value=0, max_value=200)), max_size=30)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3), st.integers(10, 120), EVENTS)
def test_any_sequence_keeps_the_timer_consistent(rnd: int, run: int,
                                                 events: list[tuple[str, str | None, float]]
                                                 ) -> None:
    t = new_timer(rnd, [ANA, BO, CY], run)
    now = 0.0
    for action, who, step in events:
        now += step
        before = t
        try:
            if action == "go":
                t = t.go(now)
            elif action == "flip":
                t = t.flip(now, who)
            elif action == "finish":
                t = t.finish(who or ANA, now)
        except IllegalMove:
            assert t == before
            continue
        if action == "flip":
            # a flip happens only on run-out sand, one circle down, Start only by a finisher
            assert before.circle is not None and t.circle == before.circle - 1
            assert before.left(now) == 0
            if t.circle == START:
                assert who in before.tiles
        assert t.circle is None or START <= t.circle <= rnd
        assert len(set(t.tiles)) == len(t.tiles)
        assert from_json(t.to_json()) == t
        assert json.loads(t.to_json())["round"] == rnd


def test_deeply_nested_state_is_refused_cleanly() -> None:
    from pnp.games.galaxy_trucker.buildtimer import BadTimer, from_json

    with pytest.raises(BadTimer):
        from_json("[" * 999 + "]" * 999)  # within the length limit, deeper than json allows

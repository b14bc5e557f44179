"""Galaxy Express: one test (at least one legal and one illegal case) per ruling id."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.engine import IllegalMove, NotationError, SetupError, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import resolve_dealt
from pnp.games.galaxy_express import GAME, rating_of, score_of
from pnp.games.galaxy_express.board import cell_name, mask_of, parse_cell
from pnp.games.galaxy_express.events import Play, parse_event
from pnp.games.galaxy_express.lost import can_reach_planet
from pnp.games.galaxy_express.state import State

# Six planets, one per tile (GE-2): a1 c3 e5 g1 b6 h4.
PLANETS = ["a1", "c3", "e5", "g1", "b6", "h4"]


def seeded(numbers: list[int], queue: list[int], suns: list[int], moons: list[int],
           planets: list[str] = PLANETS, seed: int = 1) -> State:
    """A seeded table with a hand-made deal, setup reveals done."""
    setup = {"chance": "seeded", "planets": planets, "crowns": [], "start": planets[0],
             "deal": {"numbers": dict(zip(planets, numbers, strict=True)), "queue": queue,
                      "suns": suns, "moons": moons}}
    state = GAME.initial_state(setup, ["Solo"], seed)
    return resolve_dealt(GAME, state)[0]


def table(planets: list[str] = PLANETS) -> State:
    """A table-play state: nothing hidden is known to the engine."""
    return GAME.initial_state({"chance": "table", "planets": planets}, ["Solo"], None)


def run(state: State, line: str) -> State:
    """Apply a typed line; in seeded play, what the seed deals is filled in as it comes."""
    for event in GAME.parse_line(line):
        state = GAME.apply(state, event)
        if state.seeded:
            state = resolve_dealt(GAME, state)[0]
    return state


# Numbers: a1=2 c3=3 e5=0 g1=1 b6=4 h4=5.  Queue: 3 first.  Suns 1,2 face up; Moons 1,3.
BASIC = dict(numbers=[2, 3, 0, 1, 4, 5], queue=[3, 2, 0, 1, 4, 5],
             suns=[1, 2, 3, 4, 5, 0], moons=[1, 3, 0, 2, 4, 5])


def basic() -> State:
    return seeded(**BASIC)  # type: ignore[arg-type]


def numbers_by_cell(state: State) -> dict[str, int | None]:
    return {cell_name(c): n for c, n in zip(state.planets, state.numbers, strict=True)}


def at(name: str) -> int:
    cell = parse_cell(name)
    assert cell is not None
    return cell


# -- GE-1 board: 8x6 torus --------------------------------------------------------------------
def test_ge1_slide_wraps_around_the_edge() -> None:
    s = run(basic(), "@a1 S2W")  # a1 two cells west wraps to g1
    assert cell_name(s.ship or 0) == "g1" and s.speed == 2


def test_ge1_scan_reaches_across_the_edge() -> None:
    s = run(basic(), "@a1 S1S")  # a1 one south wraps to a6, next to b6 and (a1 below)
    assert cell_name(s.ship or 0) == "a6"
    assert {cell_name(c) for c in GAME._scannable(s)} == {"b6"}


def test_ge1_cells_off_the_chart_are_refused() -> None:
    with pytest.raises(NotationError):
        parse_event("@i3")
    with pytest.raises(NotationError):
        parse_event("@a7")
    with pytest.raises(SetupError, match="GE-1"):
        table(["a1", "c3", "e5", "g1", "b6", "z9"])


# -- GE-2 setup -------------------------------------------------------------------------------
def test_ge2_setup_is_deterministic_and_one_coin_per_tile() -> None:
    a = GAME.new_setup(7, ["Solo"], {"chance": "seeded"})
    b = GAME.new_setup(7, ["Solo"], {"chance": "seeded"})
    assert a == b
    cells = [parse_cell(c) for c in a["planets"] + a["crowns"]]
    tiles = {((c or 0) % 8 // 2, (c or 0) // 8 // 2) for c in cells}
    assert len(tiles) == 12  # every tile holds exactly one coin
    assert sorted(a["deal"]["numbers"].values()) == list(range(6))
    assert sorted(a["deal"]["queue"]) == list(range(6))
    assert GAME.new_setup(8, ["Solo"], {"chance": "seeded"}) != a


def test_ge2_setup_is_pinned_across_versions() -> None:
    # A kit printed today must match the tracker's replay of seed 7 forever.
    a = GAME.new_setup(7, ["Solo"], {"chance": "seeded"})
    assert a["planets"] == ["a1", "f1", "g2", "a4", "f6", "g6"]
    assert a["start"] == "a4"


def test_ge2_two_planets_on_one_tile_is_refused() -> None:
    with pytest.raises(SetupError, match="GE-2"):
        table(["a1", "b2", "e5", "g1", "b6", "h4"])  # a1 and b2 share the first tile
    with pytest.raises(SetupError, match="GE-2"):
        table(["a1", "c3", "e5"])


def test_ge2_table_play_without_seed_needs_planets() -> None:
    with pytest.raises(SetupError, match="planet"):
        new_log("galaxy-express", ["Solo"], None, {"chance": "table"})
    log = new_log("galaxy-express", ["Solo"], None, {"chance": "table", "planets": PLANETS})
    assert log.setup["planets"] == sorted(PLANETS, key=lambda c: parse_cell(c) or 0)


# -- GE-3 start -------------------------------------------------------------------------------
def test_ge3_start_on_a_planet_reveals_it() -> None:
    s = run(basic(), "@e5")
    assert s.phase == "turn" and numbers_by_cell(s) == {
        "a1": None, "g1": None, "c3": None, "h4": None, "e5": 0, "b6": None}


def test_ge3_start_off_a_planet_is_refused() -> None:
    with pytest.raises(IllegalMove) as err:
        run(basic(), "@b2")
    assert err.value.rule == "GE-3"
    assert "@a1" in err.value.legal


def test_ge3_start_on_the_queue_top_moves_it_to_the_bottom() -> None:
    s = run(basic(), "@c3")  # c3 is 3 and the queue shows 3
    assert s.queue_bottom == 3 and s.queue_top == 2 and s.delivered == ()
    assert s.hidden_queue == (2, 0, 1, 4, 5, 3)


def test_ge3_table_play_bottom_coin_comes_last() -> None:
    s = table()
    s = run(s, "Q3 +S1 +S2 +M1 +M3 @c3 c3=3")
    assert GAME.actor(s) == CHANCE and s.queue_bottom == 3
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("Q3"))  # it went to the bottom: not next
    assert err.value.rule == "GE-12"


# -- GE-4 coins and speed ---------------------------------------------------------------------
def test_ge4_thrust_then_brake_and_clamps() -> None:
    s = run(basic(), "@a1 S2N")
    assert s.speed == 2
    s = run(s, ". M3")  # brake 3 from 2 clamps at 0 and stays
    assert s.speed == 0 and cell_name(s.ship or 0) == "a3"


def test_ge4_speed_clamps_at_ten() -> None:
    s = replace(run(basic(), "@a1"), speed=9)
    s = run(s, "S2E")
    assert s.speed == 10


def test_ge4_only_face_up_coins_can_be_played() -> None:
    with pytest.raises(IllegalMove) as err:
        run(basic(), "@a1 S5E")
    assert err.value.rule == "GE-4" and "S1E" in err.value.legal


def test_ge4_direction_rules() -> None:
    s = run(basic(), "@a1")
    with pytest.raises(IllegalMove, match="must slide") as err:
        GAME.apply(s, Play("S", 2))
    assert err.value.rule == "GE-4"
    with pytest.raises(IllegalMove, match="stays") as err:
        GAME.apply(s, Play("M", 1, "N"))
    assert err.value.rule == "GE-4"
    assert GAME.apply(s, Play("M", 1)).speed == 0


def test_ge4_full_lap_returns_to_the_same_cell() -> None:
    s = replace(run(basic(), "@a1"), speed=6)
    s = run(s, "S2E")  # speed 8: eight columns east is a full lap
    assert cell_name(s.ship or 0) == "a1"
    s = replace(run(basic(), "@a1"), speed=4)
    s = run(s, "S2N")  # speed 6: six rows north
    assert cell_name(s.ship or 0) == "a1"


# -- GE-5 scanning ----------------------------------------------------------------------------
def test_ge5_scan_a_neighbour_after_the_slide() -> None:
    s = run(basic(), "@a1 S2E")  # a1 -> c1; c3 is two away, not in reach; b1? no planet
    s = run(s, ". S1N")  # speed 3 north from c1 to c4: next to c3
    s = run(s, "?c3")
    assert numbers_by_cell(s)["c3"] == 3


def test_ge5_scan_out_of_reach_or_known_is_refused() -> None:
    s = run(basic(), "@a1 S2E")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("?c3"))
    assert err.value.rule == "GE-5" and "not on or next to" in err.value.message
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("?d4"))
    assert err.value.rule == "GE-5" and "no planet" in err.value.message


def test_ge5_scan_before_sliding_is_refused() -> None:
    with pytest.raises(IllegalMove) as err:
        run(basic(), "@a1 ?a1")
    assert err.value.rule == "GE-11"


def test_ge5_scan_at_speed_zero() -> None:
    # Stay put on a1 with a brake at speed 0: the neighbour b1? none; a1 itself is known.
    s = run(basic(), "@a1 M1")
    assert s.speed == 0 and GAME._scannable(s) == []
    with pytest.raises(IllegalMove, match="already known") as err:
        GAME.apply(s, parse_event("?a1"))
    assert err.value.rule == "GE-5"


# -- GE-6 delivery ----------------------------------------------------------------------------
def test_ge6_stop_reveals_and_delivers() -> None:
    # Planets in a row: a1(3) and c1 has no planet; build a dedicated chart.
    planets = ["a1", "d1", "e3", "g5", "b6", "h4"]
    s = seeded([2, 3, 0, 1, 4, 5], [3, 0, 1, 2, 4, 5], suns=[3, 1, 2, 4, 5, 0],
               moons=[3, 1, 0, 2, 4, 5], planets=planets)
    s = run(s, "@a1 S3E")  # a1 -> d1 at speed 3
    assert cell_name(s.ship or 0) == "d1" and s.speed == 3
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("D"))
    assert err.value.rule == "GE-6" and "speed 3" in err.value.message
    s = run(s, ". M3")  # stop on d1: revealed automatically (GE-6), it is 3
    assert numbers_by_cell(s)["d1"] == 3
    s = run(s, "D")
    assert s.delivered == (3,) and s.queue_top == 0
    assert GAME.scores(s) == [20 + 10]  # 1 delivery, 2 coins spent


def test_ge6_wrong_planet_is_refused() -> None:
    s = run(basic(), "@a1 M1")  # at rest on a1 = 2, the queue shows 3
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("D"))
    assert err.value.rule == "GE-6" and "queue shows 3" in err.value.message


# -- GE-7 refuel ------------------------------------------------------------------------------
def test_ge7_refuel_returns_every_coin() -> None:
    s = run(basic(), "@a1 M1")
    assert s.moons.spent == {1}
    s = run(s, "R")
    assert s.refuels == 1 and s.spent_count == 0
    assert len(s.suns.face_up) == 2 and len(s.moons.face_up) == 2
    assert GAME.scores(s) == [-10 + 12]


def test_ge7_refuel_once_per_turn_and_only_at_rest() -> None:
    s = run(basic(), "@a1 M1 R")
    with pytest.raises(IllegalMove, match="already") as err:
        GAME.apply(s, parse_event("R"))
    assert err.value.rule == "GE-7"
    s = run(basic(), "@a1 S1E")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("R"))
    assert err.value.rule == "GE-7"


def test_ge7_seeded_reshuffle_is_deterministic() -> None:
    a = run(basic(), "@a1 M1 R")
    b = run(basic(), "@a1 M1 R")
    assert a == b and a.suns.hidden_stack is not None


# -- GE-8 refill ------------------------------------------------------------------------------
def test_ge8_refill_after_the_turn() -> None:
    s = run(basic(), "@a1 S1E")
    assert s.suns.face_up == (2,)
    s = run(s, ".")
    assert s.suns.face_up == (2, 3) and s.phase == "turn"


def test_ge8_empty_stack_shows_fewer() -> None:
    s = table()
    s = run(s, "Q1 +S0 +S1 +M0 +M1 @a1 a1=5")
    for coin, reveal in [("S1E", "+S2"), ("S0E", "+S3"), ("S2E", "+S4"), ("S3E", "+S5")]:
        s = run(s, f"{coin} . {reveal}")
    s = run(s, "S4E .")  # the stack is empty: nothing to turn up
    assert s.suns.face_up == (5,) and GAME.actor(s) == 0
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("+S4"))
    assert err.value.rule == "GE-12"


# -- GE-9 end ---------------------------------------------------------------------------------
def test_ge9_lost_in_space_is_detected() -> None:
    s = run(basic(), "@a1")
    # Only a Sun 3 left, far from any planet: no sequence can stop anywhere.
    s = replace(s, suns=replace(s.suns, face_up=(3,), spent=frozenset({0, 1, 2, 4, 5}),
                                hidden_stack=()),
                moons=replace(s.moons, face_up=(), spent=frozenset(range(6)), hidden_stack=()),
                phase="orbit")
    s = run(s, ".")
    assert s.result == "lost" and GAME.outcome(s) is not None
    assert GAME.outcome(s).result == "lost in space"  # type: ignore[union-attr]


def test_ge9_not_lost_while_a_stop_exists() -> None:
    s = run(basic(), "@a1")
    # A single null brake at rest on a planet: play it, stay, refuel.
    s = replace(s, suns=replace(s.suns, face_up=(), spent=frozenset(range(6)), hidden_stack=()),
                moons=replace(s.moons, face_up=(0,), spent=frozenset({1, 2, 3, 4, 5}),
                              hidden_stack=()), phase="orbit")
    s = run(s, ".")
    assert s.result is None and GAME.legal(s)[0] == Play("M", 0)


def _brute_force(ship: int, speed: int, suns: frozenset[int], moons: frozenset[int],
                 planets: frozenset[int]) -> bool:
    """An independent, cell-by-cell depth-first search for GE-9."""
    from pnp.games.galaxy_express.board import DIRECTION_NAMES, slide

    seen: set[tuple[int, int, frozenset[int], frozenset[int]]] = set()

    def go(cell: int, sp: int, su: frozenset[int], mo: frozenset[int]) -> bool:
        key = (cell, sp, su, mo)
        if key in seen:
            return False
        seen.add(key)
        for suit, pool in (("S", su), ("M", mo)):
            for v in pool:
                nsp = min(10, sp + v) if suit == "S" else max(0, sp - v)
                nsu = su - {v} if suit == "S" else su
                nmo = mo - {v} if suit == "M" else mo
                if nsp == 0:
                    if cell in planets or go(cell, 0, nsu, nmo):
                        return True
                else:
                    for d in DIRECTION_NAMES:
                        if go(slide(cell, d, nsp), nsp, nsu, nmo):
                            return True
        return False

    return go(ship, speed, suns, moons)


def test_ge9_search_matches_brute_force() -> None:
    from pnp.engine.rng import Rng

    rng = Rng(99, "lost-check")
    agree = lost = 0
    for _ in range(150):
        planets = frozenset(rng.below(48) for _ in range(6))
        suns = frozenset(v for v in range(6) if rng.below(3) == 0)
        moons = frozenset(v for v in range(6) if rng.below(3) == 0)
        ship, speed = rng.below(48), rng.below(11)
        fast = can_reach_planet(ship, speed, suns, moons, mask_of(list(planets)))
        assert fast == _brute_force(ship, speed, suns, moons, planets)
        agree += 1
        lost += not fast
    assert agree == 150 and 5 < lost < 145  # both answers are exercised


def test_ge9_look_ahead_agrees_with_the_fewest_coins_search() -> None:
    """``can_reach_planet`` stops a layer early (one coin of look-ahead); it must answer as
    the exhaustive layer search does, sun 0 at speed 0 and empty coin sets included."""
    from pnp.engine.rng import Rng
    from pnp.games.galaxy_express.lost import coins_to_stop

    rng = Rng(5, "look-ahead")
    answers = set()
    for _ in range(1500):
        planets = sum(1 << rng.below(48) for _ in range(rng.below(7)))
        suns = frozenset(v for v in range(6) if rng.below(2) == 0)
        moons = frozenset(v for v in range(6) if rng.below(2) == 0)
        ship, speed = rng.below(48), rng.below(11)
        exhaustive = coins_to_stop(ship, speed, suns, moons, planets) is not None
        assert can_reach_planet(ship, speed, suns, moons, planets) == exhaustive
        answers.add(exhaustive)
    assert answers == {True, False}
    assert can_reach_planet(at("c3"), 0, frozenset({0}), frozenset(), 1 << at("c3"))
    assert not can_reach_planet(at("c3"), 0, frozenset({1}), frozenset(), 1 << at("c3"))


def test_ge9_win_when_the_queue_is_empty() -> None:
    s = run(basic(), "@a1")
    s = replace(s, ship=at("c3"), queue_top=3, delivered=(0, 1, 2, 4, 5), hidden_queue=(3,),
                phase="orbit", speed=0, numbers=s.hidden_numbers or ())
    s = run(s, "D")
    assert s.result == "win" and GAME.outcome(s).winners == (0,)  # type: ignore[union-attr]
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("."))
    assert err.value.rule == "GE-9"


def test_ge9_concede_any_time() -> None:
    s = run(basic(), "@a1 S1E X")
    assert s.result == "conceded" and GAME.actor(s) is None
    assert GAME.outcome(s).winners == ()  # type: ignore[union-attr]


# -- GE-10 score ------------------------------------------------------------------------------
def test_ge10_sample_game_scores_109() -> None:
    assert score_of(6, 2, 9) == 109
    assert rating_of(109) == "Employee of the Year!!"


@pytest.mark.parametrize(("score", "rating"), [
    (100, "Employee of the Year!!"), (99, "Nice going, kid!"), (90, "Nice going, kid!"),
    (89, "Not bad ... for a rookie!"), (80, "Not bad ... for a rookie!"),
    (79, "Maybe you need to spend more time at the Academy!"),
    (-30, "Maybe you need to spend more time at the Academy!"),
])
def test_ge10_ratings(score: int, rating: str) -> None:
    assert rating_of(score) == rating


def test_ge10_score_counts_unspent_coins_in_stacks_too() -> None:
    s = run(basic(), "@a1 S1E .")
    assert GAME.scores(s) == [11]


# -- GE-11 turn order, GE-12 possible chance, GE-13 seeded deal -------------------------------
def test_ge11_parts_of_a_turn_in_order() -> None:
    s = run(basic(), "@a1")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("."))
    assert err.value.rule == "GE-11" and "S1E" in err.value.legal
    s = run(s, "S1E")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, parse_event("S2E"))
    assert err.value.rule == "GE-11" and "." in err.value.legal


def test_ge12_impossible_reveals_are_refused() -> None:
    s = run(table(), "Q3 +S3")
    with pytest.raises(IllegalMove, match="already face up") as err:
        GAME.apply(s, parse_event("+S3"))  # a second Sun 3
    assert err.value.rule == "GE-12" and "+S0" in err.value.legal
    s = run(s, "+S1 +M0 +M1 @a1 a1=2 S3E")
    with pytest.raises(IllegalMove, match="spent") as err:
        GAME.apply(run(s, "."), parse_event("+S3"))  # the Sun 3 just played
    assert err.value.rule == "GE-12"


def test_ge12_planet_number_already_seen() -> None:
    s = run(table(), "Q3 +S1 +S2 +M1 +M3 @a1 a1=2 S2N . +S3 S1E")  # a1 -> a3 -> d3
    assert cell_name(s.ship or 0) == "d3"
    s = run(s, "?c3")
    with pytest.raises(IllegalMove, match="already showed 2") as err:
        GAME.apply(s, parse_event("c3=2"))
    assert err.value.rule == "GE-12"
    assert numbers_by_cell(GAME.apply(s, parse_event("c3=4")))["c3"] == 4


def test_ge12_decisions_wait_for_owed_reveals() -> None:
    s = run(table(), "Q3 +S1")
    with pytest.raises(IllegalMove, match="first log what the table revealed") as err:
        GAME.apply(s, parse_event("@a1"))
    assert err.value.rule == "GE-12"


def test_ge13_seeded_play_refuses_other_outcomes() -> None:
    s = GAME.initial_state(GAME.new_setup(7, ["Solo"], {"chance": "seeded"}), ["Solo"], 7)
    dealt = GAME.dealt_outcome(s)
    assert dealt is not None
    others = [e for e in GAME.chance_outcomes(s) if e != dealt and type(e) is type(dealt)]
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, others[0])
    assert err.value.rule == "GE-13" and err.value.legal == (GAME.notation(dealt),)
    assert GAME.apply(s, dealt) != s


# -- logs, replay and the CLI's view of them --------------------------------------------------
def test_replay_reports_the_first_illegal_event() -> None:
    log = new_log("galaxy-express", ["Solo"], 7, {"chance": "seeded"})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    state, events = resolve_dealt(GAME, state)
    texts = [GAME.notation(e) for e in events] + ["@b2"]
    result = replay(log.with_events(texts))
    assert not result.ok and result.error is not None
    assert result.error["index"] == len(events) and result.error["rule"] == "GE-3"
    out = result.to_json()
    assert out["finished"] is False and out["scores"] == {"Solo": 12}


def test_summary_is_public_only() -> None:
    s = basic()
    summary = GAME.summary(s)
    assert "deal" not in str(summary) and summary["planets"][0]["number"] is None
    assert summary["suns"]["face_up"] == [1, 2] and summary["chance_mode"] == "seeded"


def test_ge1_non_ascii_digits_are_not_cells() -> None:
    assert parse_cell("a²") is None and parse_cell("a٣") is None
    with pytest.raises(SetupError, match="GE-1"):
        table(["a1", "c3", "e5", "g1", "b6", "h²"])


def test_scan_shorthand_in_a_log_says_how_to_write_it() -> None:
    from pnp.engine import NotationError
    from pnp.games.galaxy_express.events import parse_event, parse_turn

    assert len(parse_turn("?c4=5")) == 2
    with pytest.raises(NotationError, match=r"'\?c4' then 'c4=5'"):
        parse_event("?c4=5")

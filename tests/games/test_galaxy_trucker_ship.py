"""Galaxy Trucker ships: the seven typical mistakes, exposed connectors, spot-check repairs
and the ship notation (crew and strength: test_galaxy_trucker_crew.py)."""

from __future__ import annotations

import pytest

from pnp.engine.errors import IllegalMove, NotationError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.check import (
    check,
    explain,
    find_repairs,
    refuse_if_illegal,
    remove,
    repair,
    repair_options,
)
from pnp.games.galaxy_trucker.crew import (
    Alien,
    Berth,
    Crew,
)
from pnp.games.galaxy_trucker.notation import (
    format_crew,
    format_ship,
    parse_crew,
    parse_ship,
)
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Kind, TileSet, generate_tiles
from tests.games.gt_ships import PILOT, S, put, rules, ship, t

# -- the seven typical mistakes -----------------------------------------------------------


def test_legal_ship_has_no_violations() -> None:
    s = ship(put(1, S, "uuuu", 7, 8), put(2, Kind.ENGINE, "u---", 8, 8),
             put(3, Kind.CANNON, "--u-", 6, 7))
    assert check(s) == []


def test_mistake_1_simple_against_double() -> None:
    s = ship(put(1, S, "-s-u", 7, 8), put(2, S, "---d", 7, 9))
    assert rules(s) == [("GT-S1", 1, Side.E, 2)]
    assert "remove #1 or #2" in check(s)[0].message


def test_mistake_2_connector_against_smooth() -> None:
    s = ship(put(1, S, "-s-u", 7, 8), put(2, S, "s---", 7, 9))
    assert rules(s) == [("GT-S2", 1, Side.E, 2)]
    # reported on the tile whose connector meets the smooth side, whichever way round
    s = ship(put(1, S, "---u", 7, 8), put(2, S, "---s", 7, 9))
    assert rules(s) == [("GT-S2", 2, Side.W, 1)]


def test_mistake_3_engine_not_pointing_to_the_rear() -> None:
    # turned a quarter clockwise: its connector faces the pilot, the exhaust points left
    s = ship(put(1, Kind.ENGINE, "u---", 7, 6, rot=1))
    assert rules(s) == [("GT-S3", 1, Side.W, None)]


def test_mistake_4_tile_behind_an_engine() -> None:
    s = ship(put(1, S, "uuuu", 7, 8), put(2, Kind.ENGINE, "u---", 8, 8),
             put(3, S, "-u--", 9, 8), put(4, S, "uu-u", 9, 9), put(5, S, "uuu-", 8, 9),
             put(6, S, "uuuu", 7, 9))
    assert rules(s) == [("GT-S4", 2, Side.S, 3)]


def test_mistake_5_tile_in_front_of_a_cannon() -> None:
    s = ship(put(1, Kind.CANNON, "--u-", 7, 8, rot=1), put(2, S, "--u-", 7, 9),
             put(3, S, "u--u", 8, 9), put(4, S, "-u-u", 8, 8), put(5, S, "uu--", 8, 7))
    assert rules(s) == [("GT-S5", 1, Side.E, 2)]


def test_a_barrel_blocked_on_any_side_is_found_whichever_way_the_ship_is_turned() -> None:
    """A cannon whose barrel faces a tile that touches it smoothly, both held to the pilot
    cabin: the one mistake is GT-S5, the same turned four ways."""
    for k in range(4):
        def at(dr: int, dc: int, k: int = k) -> tuple[int, int]:
            for _ in range(k):
                dr, dc = dc, -dr  # a quarter turn clockwise about the pilot cabin
            return 7 + dr, 7 + dc
        s = ship(put(1, S, "uuuu", *at(0, 1), rot=k),
                 put(3, Kind.CANNON, "-uuu", *at(1, 0), rot=(1 + k) % 4),
                 put(4, S, "uuu-", *at(1, 1), rot=k), board="III")
        assert rules(s) == [("GT-S5", 3, Side((1 + k) % 4), 4)]


def test_mistake_6_outside_the_building_area() -> None:
    s = ship(put(1, S, "uuuu", 7, 8), put(2, S, "uuuu", 7, 9), put(3, S, "--u-", 6, 9))
    assert rules(s) == [("GT-S6", 3, None, None)]


def test_mistake_7_not_attached() -> None:
    # beside the ship, but only smooth sides touch: it is not held
    s = ship(put(1, S, "uu-u", 7, 8), put(2, S, "u---", 8, 7), put(3, S, "-uu-", 8, 8))
    assert rules(s) == [("GT-S7", 3, None, None)]
    s = ship(put(1, S, "uuuu", 7, 5))
    assert rules(s) == [("GT-S7", 1, None, None)]


def test_a_tile_held_only_by_a_wrong_connector_is_one_mistake() -> None:
    s = ship(put(1, S, "-s-u", 7, 8), put(2, S, "--ud", 7, 9), put(3, S, "u---", 8, 9))
    # 3 hangs from 2, 2 meets 1 with the wrong connector: one mistake, no "loose" reports
    assert rules(s) == [("GT-S1", 1, Side.E, 2)]
    # 2 and 3 are not held anyway: they fall off, but a repair removes a tile (GT-R1)
    assert [(set(o.removed), set(o.fallen)) for o in repair_options(s)] == [
        ({2}, {3}), ({3}, {2})]


def test_pilot_cabin_off_the_start_square() -> None:
    s = Ship.of(BOARDS["I"], [Placement(PILOT, 7, 6)])
    assert rules(s) == [("GT-S8", 141, None, None)]
    with pytest.raises(IllegalMove) as e:
        repair_options(s)
    assert e.value.rule == "GT-S8"


def test_physical_impossibilities_are_refused() -> None:
    with pytest.raises(IllegalMove, match="both on row 7, column 7") as e:
        ship(put(1, S, "uuuu", 7, 7))
    assert e.value.rule == "GT-S9"
    with pytest.raises(IllegalMove, match="placed twice"):
        ship(put(1, S, "uuuu", 7, 8), put(1, S, "uuuu", 7, 9))
    with pytest.raises(IllegalMove, match="rotation 4"):
        ship(put(1, S, "uuuu", 7, 8, rot=4))


def pop_quiz_ship() -> Ship:
    """One ship with each of the seven typical mistakes once (board II)."""
    return ship(
        put(1, S, "usuu", 7, 8), put(2, S, "--ud", 7, 9),  # 1: simple against double
        put(3, S, "uu--", 8, 7),  # 2: its right universal meets the engine's smooth side
        put(4, Kind.ENGINE, "u---", 7, 6, rot=1),  # 3: exhaust to the left
        put(5, Kind.ENGINE, "u---", 8, 8), put(6, S, "-u--", 9, 8),  # 4: 6 behind engine 5
        put(7, Kind.CANNON, "--u-", 6, 7), put(8, S, "-u--", 5, 7),  # 5: 8 before the barrel
        put(9, S, "--uu", 5, 8), put(10, S, "u-u-", 6, 8),  # (these hold 8 on)
        put(11, S, "u-uu", 9, 9), put(12, S, "u-u-", 8, 9),  # (these hold 6 and 2)
        put(13, S, "u---", 10, 9),  # 6: below the board
        put(14, S, "uuuu", 9, 4),  # 7: on its own
        board="II",
    )


def test_pop_quiz_ship_with_all_seven_mistakes() -> None:
    s = pop_quiz_ship()
    assert rules(s) == [
        ("GT-S5", 7, Side.N, 8),
        ("GT-S3", 4, Side.W, None),
        ("GT-S1", 1, Side.E, 2),
        ("GT-S2", 3, Side.E, 5),
        ("GT-S4", 5, Side.S, 6),
        ("GT-S6", 13, None, None),
        ("GT-S7", 14, None, None),
    ]
    options = repair_options(s)
    # the right-hand part (2, 6, 11, 12, 13) only meets the ship through the wrong
    # connector of mistake 1, and 14 touches nothing: they come off whatever is chosen
    loose = {2, 6, 11, 12, 13, 14}
    for r in options:
        assert check(r.ship) == [] and loose <= r.fallen and 4 in r.removed
    removed = {r.removed for r in options}
    # the engine turned sideways must go; then one of 3/5 and one of 7/8 (or 9 or 10, which
    # hold 8); or take 1 off, which drops 5 and 10-9-8 with it
    assert removed == {frozenset({4, a, b}) for a in (3, 5) for b in (7, 8, 9, 10)} | {
        frozenset({1, 4})}
    assert options[0].lost == 9 and options[-1].removed == {1, 4} and options[-1].lost == 12


# -- exposed connectors -------------------------------------------------------------------


def test_exposed_connectors_count_an_internal_hole() -> None:
    # a 3 x 3 block of universal tiles round an empty square at (8,7), on board III
    ring = [(7, 6), (7, 8), (8, 6), (8, 8), (9, 6), (9, 7), (9, 8)]
    s = Ship.of(BOARDS["III"], [Placement(PILOT, 7, 7),
                                *(put(i + 1, S, "uuuu", r, c) for i, (r, c) in enumerate(ring))])
    assert (8, 7) not in s.by_cell
    assert check(s) == []
    hole = [(tid, side) for tid, side in s.exposed() if s[tid].neighbour(side) == (8, 7)]
    assert sorted(hole) == sorted([(141, Side.S), (3, Side.E), (4, Side.W), (6, Side.N)])
    assert s.exposed_connectors == 12 + 4  # the block's outline, and the hole


def test_exposed_connectors_ignore_smooth_sides_and_count_each_once() -> None:
    s = ship(put(1, Kind.CABIN, "s-d-", 6, 7, rot=2))  # turned half round
    # rotation 2: printed N (s) faces S (joins the pilot), printed S (d) faces N
    assert s[1].connector(Side.S).value == "s" and s[1].connector(Side.N).value == "d"
    assert check(s) == []
    assert s.exposed_connectors == 3 + 1  # pilot E, S, W + the cabin's front double


# -- spot-check repairs -------------------------------------------------------------------


def text_repair_ship() -> Ship:
    """The text's example: cabin against battery; the battery carries an engine."""
    return ship(put(1, Kind.CABIN, "--su", 7, 8),  # simple facing down
                put(2, Kind.BATTERY, "d-uu", 8, 8, capacity=2),  # double facing up
                put(3, S, "uu--", 8, 7),
                put(4, Kind.ENGINE, "u---", 9, 8))


def test_repair_options_cabin_or_battery() -> None:
    s = text_repair_ship()
    assert rules(s) == [("GT-S1", 1, Side.S, 2)]
    options = {r.removed: (r.fallen, r.lost) for r in repair_options(s)}
    assert options == {
        frozenset({1}): (frozenset(), 1),  # remove the cabin
        frozenset({2}): (frozenset({4}), 2),  # remove the battery: the engine falls off
        frozenset({3}): (frozenset({2, 4}), 3),  # cut the battery loose
    }
    first = repair_options(s)[0]
    assert first.notation == "-1" and check(first.ship) == []


def test_repair_refuses_choices_that_do_not_fix_the_ship() -> None:
    s = text_repair_ship()
    with pytest.raises(IllegalMove) as e:
        repair(s, [4])
    assert e.value.rule == "GT-R1" and set(e.value.legal) == {"-1", "-2", "-3"}
    with pytest.raises(IllegalMove, match="pilot cabin #141 stays"):
        repair(s, [141])
    done = repair(s, [2, 1])  # more than needed is still a legal repair
    assert done.lost == 3 and check(done.ship) == []


def test_refusal_names_the_first_mistake_and_the_options() -> None:
    s = text_repair_ship()
    with pytest.raises(IllegalMove) as e:
        refuse_if_illegal(s)
    assert e.value.rule == "GT-S1" and e.value.legal == ("-1", "-2", "-3")
    assert "legal: -1, -2, -3" in e.value.message
    assert explain(check(s)).startswith("[GT-S1] cabin #1 at row 7, column 8")
    assert explain([]) == "the ship is legal"
    refuse_if_illegal(repair(s, [1]).ship)


def test_repair_of_a_legal_ship_is_nothing() -> None:
    s = ship(put(1, S, "uuuu", 7, 8))
    assert [r.notation for r in repair_options(s)] == ["-"]


def test_hanging_tiles_are_the_removal_offered() -> None:
    s = ship(put(1, S, "uuuu", 7, 5))
    (only,) = repair_options(s)  # GT-R1: one or more tiles removed, never none
    assert only.removed == {1} and only.fallen == frozenset() and only.lost == 1


def test_repair_options_are_minimal_and_complete_on_two_mistakes() -> None:
    # two mistakes, each pair also held from below; tile 7 carries both lower branches
    s = ship(put(1, S, "-s-u", 7, 8), put(2, S, "--ud", 7, 9),
             put(3, S, "-u-s", 7, 6), put(4, S, "-du-", 7, 5),
             put(5, S, "u--u", 8, 9), put(6, S, "-u-u", 8, 8), put(7, S, "uu-u", 8, 7),
             put(9, S, "-u-u", 8, 6), put(8, S, "uu--", 8, 5))
    assert rules(s) == [("GT-S1", 4, Side.E, 3), ("GT-S1", 1, Side.E, 2)]
    removed = {r.removed for r in repair_options(s)}
    expected = {frozenset({7})} | {frozenset({a, b}) for a in (1, 2, 5, 6)
                                   for b in (3, 4, 8, 9)}
    assert removed == expected
    for r in repair_options(s):
        assert check(r.ship) == []
        for tile in r.removed:  # nothing chosen is superfluous
            assert check(remove(s, r.removed - {tile}).ship) != []


def grid_of_mistakes() -> Ship:
    """Board III full of universal tiles, ten of them engines turned sideways."""
    cells = sorted(BOARDS["III"].cells - {(7, 7)})
    bad = set(cells[::3][:10])
    return ship(*(put(i + 1, Kind.ENGINE, "uu-u", r, c, rot=1) if (r, c) in bad
                  else put(i + 1, S, "uuuu", r, c) for i, (r, c) in enumerate(cells)),
                board="III")


def test_repair_search_is_bounded_on_a_ship_full_of_mistakes() -> None:
    s = grid_of_mistakes()
    assert len(check(s)) >= 10
    search = find_repairs(s)
    assert not search.complete and search.options
    for r in search.options:
        assert check(r.ship) == []
        for tile in r.removed:
            assert check(remove(s, r.removed - {tile}).ship) != []
    # with no budget at all, one minimal choice is still built greedily
    (greedy,) = find_repairs(s, budget=0).options
    assert check(greedy.ship) == []
    assert all(check(remove(s, greedy.removed - {t}).ship) for t in greedy.removed)


def test_small_repair_searches_are_complete() -> None:
    assert find_repairs(text_repair_ship()).complete
    assert find_repairs(pop_quiz_ship()).complete


# -- notation ------------------------------------------------------------------------------


def test_ship_notation_round_trip() -> None:
    tiles = TileSet(0, (PILOT, t(1, S, "uuuu"), t(2, Kind.ENGINE, "u---"),
                        t(3, Kind.CANNON, "--u-")))
    s = ship(Placement(tiles[1], 7, 8), Placement(tiles[2], 8, 8),
             Placement(tiles[3], 7, 9, 1))
    text = format_ship(s)
    assert text == "I 141@7,7 1@7,8 3@7,9/1 2@8,8"
    assert parse_ship(text, tiles) == s
    assert parse_ship("I; 2@8,8 ;3@7,9/1  141@7,7 1@7,8/0", tiles) == s


@pytest.mark.parametrize("bad", ["", "IV 141@7,7", "I 141@7", "I 141@7,7/4", "I 999@7,7",
                                 "I x@1,2"])
def test_ship_notation_errors(bad: str) -> None:
    tiles = TileSet(0, (PILOT,))
    with pytest.raises(NotationError):
        parse_ship(bad, tiles)


def test_crew_notation_round_trip() -> None:
    crew = Crew.of({141: Berth(2), 3: Berth(1), 5: Berth(0, Alien.BROWN),
                    9: Berth(0, Alien.PURPLE)})
    assert format_crew(crew) == "3:H 5:B 9:P 141:HH"
    assert parse_crew(format_crew(crew)) == crew
    assert parse_crew("5:O 141:HH 3:H 9:P") == crew
    for bad in ("3:HHH", "3:X", "3:H 3:HH", "three:H"):
        with pytest.raises(NotationError):
            parse_crew(bad)


def test_remove_reports_fallen_tiles() -> None:
    s = text_repair_ship()
    r = remove(s, [3])
    assert r.fallen == {2, 4} and r.ship.ids == {141, 1}


# #121 touches the seed-1 example ship only through a double connector on #103's smooth side:
# it is never held, so it falls off with any repair, but GT-R1 still asks for a removal.
HANGING = ("I 121@5,7 11@6,6/2 103@6,7/1 98@7,6/1 141@7,7 65@7,8 80@7,9/2 28@8,6 50@8,7/1 "
           "5@8,9/3 61@9,9/2")


def test_gt_r1_a_repair_never_removes_nothing() -> None:
    from pnp.games.galaxy_trucker.check import repair, repair_options

    ship = parse_ship(HANGING, generate_tiles(1))
    assert [v.rule for v in check(ship)] == ["GT-S2"]
    options = repair_options(ship)
    assert options and all(o.removed for o in options)
    assert [(sorted(o.removed), o.notation) for o in options] == [([121], "-121")]
    with pytest.raises(IllegalMove, match="removes one or more tiles") as exc:
        repair(ship, [])
    assert exc.value.rule == "GT-R1" and exc.value.legal == ("-121",)
    assert repair(ship, [121]).ship.ids == ship.ids - {121}
    assert 121 in repair(ship, [103]).fallen  # any removal that works is accepted (GT-B4)

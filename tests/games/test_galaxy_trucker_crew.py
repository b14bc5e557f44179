"""Galaxy Trucker crew placement, batteries and containers, and engine/cannon strength (the
text's examples), on ships built by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.check import check
from pnp.games.galaxy_trucker.crew import (
    Alien,
    Berth,
    Crew,
    after_epidemic,
    berth_options,
    check_crew,
    crew_after_loss,
    epidemic_cabins,
    full_batteries,
    full_crew,
    lose_crew,
    spend_batteries,
)
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.strength import (
    cannon_choices,
    cannon_strength,
    engine_choices,
    engine_strength,
    format_strength,
)
from pnp.games.galaxy_trucker.tiles import Kind
from tests.games.gt_ships import put, ship, t

# -- crew ----------------------------------------------------------------------------------


def crew_ship() -> Ship:
    return ship(put(1, Kind.CABIN, "-uuu", 7, 8), put(2, Kind.LIFE_PURPLE, "---u", 7, 9),
                put(3, Kind.CABIN, "-uu-", 6, 7), put(4, Kind.LIFE_BROWN, "u--u", 8, 8),
                put(5, Kind.CABIN, "uu--", 8, 7))


def test_crew_placement_rules() -> None:
    s = crew_ship()
    assert check(s) == []
    assert berth_options(s, 1) == (Berth(2), Berth(0, Alien.BROWN), Berth(0, Alien.PURPLE))
    assert berth_options(s, 5) == (Berth(2), Berth(0, Alien.BROWN))
    assert berth_options(s, 3) == (Berth(2),)
    assert berth_options(s, 2) == ()
    assert berth_options(s, 141) == (Berth(2),)  # never an alien in the pilot cabin
    crew = full_crew(s, {Alien.PURPLE: 1})
    assert crew.total == 1 + 2 * 3 and crew.humans == 6 and crew.aliens == (Alien.PURPLE,)
    with pytest.raises(IllegalMove) as e:
        full_crew(s, {Alien.BROWN: 3})
    assert e.value.rule == "GT-C2" and e.value.legal == ("#1", "#5")
    with pytest.raises(IllegalMove) as e:
        check_crew(s, Crew.of({141: Berth(0, Alien.PURPLE)}))
    assert e.value.rule == "GT-C3"
    with pytest.raises(IllegalMove) as e:
        check_crew(s, Crew.of({1: Berth(1, Alien.PURPLE)}))
    assert e.value.rule == "GT-C1"
    with pytest.raises(IllegalMove) as e:
        check_crew(s, Crew.of({2: Berth(2)}))
    assert e.value.rule == "GT-C1"
    with pytest.raises(IllegalMove) as e:
        check_crew(s, Crew.of({141: Berth(1)}), launch=True)
    assert e.value.rule == "GT-C1"


def test_one_alien_per_colour() -> None:
    s = ship(put(1, Kind.CABIN, "-u-u", 7, 8), put(2, Kind.LIFE_PURPLE, "--uu", 7, 9),
             put(3, Kind.CABIN, "u---", 8, 9))
    assert berth_options(s, 3) == (Berth(2), Berth(0, Alien.PURPLE))
    with pytest.raises(IllegalMove) as e:
        check_crew(s, Crew.of({1: Berth(0, Alien.PURPLE), 3: Berth(0, Alien.PURPLE)}))
    assert e.value.rule == "GT-C4"


def test_life_support_must_be_joined_not_just_beside() -> None:
    s = ship(put(1, Kind.CABIN, "---u", 7, 8), put(2, Kind.LIFE_BROWN, "-uu-", 7, 9))
    assert berth_options(s, 1) == (Berth(2),)


def test_alien_leaves_when_its_life_support_is_lost() -> None:
    """GT-C5."""
    s = crew_ship()
    crew = full_crew(s, {Alien.PURPLE: 1})
    left, gone = crew_after_loss(s.without([2]), crew)
    assert gone == ((1, Berth(0, Alien.PURPLE)),) and left.total == 6
    left, gone = crew_after_loss(s.without([3]), crew)
    assert gone == ((3, Berth(2)),) and left.aliens == (Alien.PURPLE,)


def test_epidemic_strikes_joined_occupied_cabins() -> None:
    s = crew_ship()  # cabins 1, 3, 5 all joined to the pilot cabin; 1 and 5 are not joined
    crew = full_crew(s)
    assert epidemic_cabins(s, crew) == (1, 3, 5, 141)
    lonely = Crew.of({1: Berth(2), 5: Berth(1)})
    assert epidemic_cabins(s, lonely) == ()
    sick = after_epidemic(s, full_crew(s, {Alien.PURPLE: 1}))
    assert sick.as_dict() == {141: Berth(1), 3: Berth(1), 5: Berth(1)} and sick.total == 3


def test_giving_up_crew_names_cabins() -> None:
    """GT-C6."""
    crew = Crew.of({141: Berth(2), 1: Berth(0, Alien.PURPLE), 3: Berth(1)})
    left = lose_crew(crew, [141, 141, 1])
    assert left.as_dict() == {3: Berth(1)} and left.aliens == ()
    with pytest.raises(IllegalMove) as e:
        lose_crew(crew, [3, 3])
    assert e.value.rule == "GT-C6" and e.value.legal == ("#1", "#141")


def test_batteries_and_containers() -> None:
    s = ship(put(1, Kind.BATTERY, "---u", 7, 8, capacity=3),
             put(2, Kind.BATTERY, "u---", 8, 7, capacity=2),
             put(3, Kind.CARGO, "--u-", 6, 7, capacity=3),
             put(4, Kind.SPECIAL_CARGO, "-u--", 7, 6, capacity=2))
    assert s.battery_cells == 5 and s.containers == 3 and s.special_containers == 2
    tokens = full_batteries(s)
    assert tokens == {1: 3, 2: 2}
    assert spend_batteries(s, tokens, [1, 1, 2]) == {1: 1, 2: 1}
    with pytest.raises(IllegalMove) as e:
        spend_batteries(s, tokens, [2, 2, 2])
    assert e.value.rule == "GT-E3" and e.value.legal == ("#1 (3)",)


# -- strength: the text's examples --------------------------------------------------------


def engines_ship(simple: int, double: int) -> Ship:
    row = [put(100 + i, Kind.ENGINE, "u---", 8, 5 + i) for i in range(simple)]
    row += [put(200 + i, Kind.DOUBLE_ENGINE, "u---", 8, 5 + simple + i) for i in range(double)]
    return ship(*row)


def test_engine_strength_one_three_five() -> None:
    green = engines_ship(1, 2)
    crew = Crew()
    options = engine_choices(green, crew, batteries=5)
    assert [(c.batteries, c.strength) for c in options] == [(0, 1), (1, 3), (2, 5)]
    assert engine_choices(green, crew, batteries=1)[-1].strength == 3
    assert engine_strength(engines_ship(3, 0), crew) == 3  # yellow: nothing to decide
    with pytest.raises(IllegalMove) as e:
        engine_strength(green, crew, [100])
    assert e.value.rule == "GT-E1" and e.value.legal == ("#200", "#201")
    with pytest.raises(IllegalMove):
        engine_strength(green, crew, [200, 200])


def cannons(forward: list[Kind], side: list[Kind]) -> Ship:
    """Cannons pointing forward in row 6 (nothing in front), and to the left from column 5."""
    row = [Placement(t(100 + i, k, "--u-"), 6, 6 + i) for i, k in enumerate(forward)]
    row += [Placement(t(200 + i, k, "--u-"), 7 + i, 5, 3) for i, k in enumerate(side)]
    return ship(*row, board="III")


C, C2 = Kind.CANNON, Kind.DOUBLE_CANNON


def test_smugglers_fight_red_ties_green_wins_blue_cannot() -> None:
    smugglers = Fraction(4)
    crew = Crew()
    red = cannons([C, C, C2], [C2])
    assert cannon_strength(red, crew, [102, 200]) == 5  # what red would like
    best_with_one = cannon_choices(red, crew, batteries=1)[-1]
    assert best_with_one.powered == (102,) and best_with_one.strength == smugglers  # a tie
    green = cannons([C2, C2], [C])
    strength = cannon_choices(green, crew, batteries=2)[-1].strength
    assert strength == Fraction(9, 2) and strength > smugglers
    assert format_strength(strength) == "4 1/2"
    blue = cannons([C, C, C], [])
    assert max(c.strength for c in cannon_choices(blue, crew, batteries=3)) == 3
    assert format_strength(Fraction(1, 2)) == "1/2" and format_strength(Fraction(3)) == "3"


def test_cannon_power_choice_is_checked() -> None:
    """GT-E2: only double cannons of the ship, each once."""
    red = cannons([C, C, C2], [C2])
    for bad in ([100], [102, 102], [999]):
        with pytest.raises(IllegalMove) as e:
            cannon_strength(red, Crew(), bad)
        assert e.value.rule == "GT-E2"
    assert cannon_strength(red, Crew(), [200]) == 3  # the side double alone: 2 + 1
    rear = ship(Placement(t(1, C, "--u-"), 8, 7, 2))
    assert cannon_strength(rear, Crew()) == Fraction(1, 2)


def test_aliens_add_two_only_to_nonzero_strength() -> None:
    """GT-E4."""
    purple = Crew.of({141: Berth(2), 1: Berth(0, Alien.PURPLE)})
    brown = Crew.of({1: Berth(0, Alien.BROWN)})
    only_doubles = cannons([C2], [])
    assert cannon_strength(only_doubles, purple) == 0  # no bare teeth
    assert cannon_strength(only_doubles, purple, [100]) == 4
    assert cannon_strength(cannons([], [C]), purple) == Fraction(5, 2)
    assert engine_strength(engines_ship(0, 1), brown) == 0
    assert engine_strength(engines_ship(0, 1), brown, [200]) == 4
    assert engine_strength(engines_ship(1, 0), brown) == 3
    assert engine_strength(engines_ship(1, 0), purple) == 1

"""Galaxy Trucker hits: threats from every side, misses, bounces, shields, cannons, and a
ship that falls apart (GT-4, GT-H1..GT-H6)."""

from __future__ import annotations

import pytest

from pnp.engine.errors import IllegalMove, NotationError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.check import check
from pnp.games.galaxy_trucker.hits import (
    Defence,
    Threat,
    destroy,
    first_struck,
    impact,
    keep_piece,
    must_choose,
    parse_threat,
    resolve,
)
from pnp.games.galaxy_trucker.notation import format_shot, parse_shot
from pnp.games.galaxy_trucker.picture import picture
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Kind, Tile, generate_tiles, sides_from

PILOT = generate_tiles(0)[141]
CANNON, SHIELD, STRUCT, ENGINE, UNDER, SIDE_CANNON = 1, 2, 3, 4, 5, 6


def put(tile_id: int, kind: Kind, sides: str, row: int, col: int, rot: int = 0) -> Placement:
    return Placement(Tile(tile_id, kind, sides_from(sides)), row, col, rot)


def plus_ship() -> Ship:
    """Board I:   row 6:        cannon(1)^
                  row 7: A(3)   pilot   shield(2, covers front and right)
                  row 8: D(6)<  B(5)    engine(4)
    """
    return Ship.of(BOARDS["I"], [
        Placement(PILOT, 7, 7),
        put(CANNON, Kind.CANNON, "--u-", 6, 7),
        put(SHIELD, Kind.SHIELD, "---u", 7, 8),
        put(STRUCT, Kind.STRUCTURAL, "uuss", 7, 6),
        put(ENGINE, Kind.ENGINE, "u---", 8, 7),
        put(UNDER, Kind.STRUCTURAL, "s--s", 8, 6),
        put(SIDE_CANNON, Kind.DOUBLE_CANNON, "--s-", 8, 5, rot=3),
    ])


def test_the_plus_ship_picture() -> None:
    lines = picture(plus_ship()).splitlines()
    assert lines[0].split() == ["5", "6", "7", "8", "9"]
    assert "  7   .  s # uu P uu S    ." in lines
    assert "  8 < G ss #    e    .    ." in lines
    assert "    +- -++- -++-*-+" in lines  # the engine's exhaust


def T(text: str) -> Threat:
    return parse_threat(text)


def test_the_plus_ship_is_legal() -> None:
    s = plus_ship()
    assert check(s) == []
    assert s[SIDE_CANNON].barrel is not None and s[SIDE_CANNON].barrel.word == "left"
    assert s[SHIELD].shielded == {Side.N, Side.E}
    assert s.shields() == {Side.N, Side.E}


@pytest.mark.parametrize(("threat", "line", "struck"), [
    ("S-F", 7, CANNON), ("S-F", 6, STRUCT), ("S-F", 8, SHIELD), ("S-F", 5, SIDE_CANNON),
    ("S-B", 7, ENGINE), ("S-B", 6, UNDER), ("S-B", 8, SHIELD),
    ("S-L", 7, STRUCT), ("S-L", 8, SIDE_CANNON), ("S-L", 6, CANNON),
    ("S-R", 7, SHIELD), ("S-R", 8, ENGINE), ("S-R", 6, CANNON),
    ("S-F", 9, None), ("S-L", 9, None), ("S-R", 5, None), ("S-B", 2, None), ("S-F", 12, None),
])
def test_first_tile_struck_from_every_side(threat: str, line: int, struck: int | None) -> None:
    p = first_struck(plus_ship(), T(threat), line)
    assert (p.id if p else None) == struck


def test_small_meteors_bounce_off_smooth_sides_and_hit_connectors() -> None:
    s = plus_ship()
    assert impact(s, T("S-F"), 7).outcome == "bounce"  # the barrel side is smooth
    assert impact(s, T("S-B"), 7).outcome == "bounce"  # so is the exhaust
    assert impact(s, T("S-R"), 7).outcome == "bounce"  # shield's right side is smooth
    hit = impact(s, T("S-F"), 6)  # the structural's front connector is exposed
    assert hit.outcome == "hit" and hit.defences == (Defence(SHIELD, 1, "GT-H2"),)
    hit = impact(s, T("S-L"), 7)  # its left simple connector: no shield covers the left
    assert hit.outcome == "hit" and hit.defences == ()
    miss = impact(s, T("S-F"), 11)
    assert miss.outcome == "miss" and "misses" in miss.describe()


def test_shield_costs_a_battery_token() -> None:
    s = plus_ship()
    hit = impact(s, T("S-F"), 6)
    assert resolve(s, hit, SHIELD, batteries=2).cost == 1
    with pytest.raises(IllegalMove) as e:
        resolve(s, hit, SHIELD, batteries=0)
    assert e.value.rule == "GT-E3"
    damage = resolve(s, hit, None, batteries=2)
    assert damage.destroyed == STRUCT and damage.cost == 0


def test_large_meteor_from_the_front_needs_a_cannon_in_its_column() -> None:
    s = plus_ship()
    hit = impact(s, T("L-F"), 7)
    assert hit.struck is not None and hit.struck.id == CANNON
    assert hit.defences == (Defence(CANNON, 0, "GT-H3"),)  # a simple cannon shoots for free
    assert resolve(s, hit, CANNON, batteries=0).destroyed is None
    hit = impact(s, T("L-F"), 8)  # no cannon in column 8; a shield does not help
    assert hit.struck is not None and hit.struck.id == SHIELD and hit.defences == ()
    with pytest.raises(IllegalMove) as e:
        resolve(s, hit, SHIELD, batteries=3)
    assert e.value.rule == "GT-H3" and e.value.legal == ()


def test_large_meteor_from_the_side_same_or_adjacent_row() -> None:
    s = plus_ship()
    for line, struck in ((7, STRUCT), (8, SIDE_CANNON)):
        hit = impact(s, T("L-L"), line)
        assert hit.struck is not None and hit.struck.id == struck
        assert hit.defences == (Defence(SIDE_CANNON, 1, "GT-H3"),)  # a double: one token
    hit = impact(s, T("L-L"), 6)  # two rows from the side cannon
    assert hit.struck is not None and hit.struck.id == CANNON and hit.defences == ()
    assert impact(s, T("L-R"), 7).defences == ()  # the side cannon points the other way
    with pytest.raises(IllegalMove) as e:
        resolve(s, impact(s, T("L-L"), 7), SIDE_CANNON, batteries=0)
    assert e.value.rule == "GT-E3"


def test_large_meteor_from_behind_needs_a_rear_cannon_in_its_column() -> None:
    s = Ship.of(BOARDS["I"], [Placement(PILOT, 7, 7), put(9, Kind.CANNON, "--u-", 8, 7, rot=2)])
    assert check(s) == []
    assert impact(s, T("L-B"), 7).defences == (Defence(9, 0, "GT-H3"),)
    assert impact(s, T("L-F"), 7).defences == ()


def test_light_fire_only_shields_heavy_fire_nothing() -> None:
    s = plus_ship()
    light = impact(s, T("l-R"), 7)
    assert light.struck is not None and light.struck.id == SHIELD
    assert light.defences == (Defence(SHIELD, 1, "GT-H2"),)
    assert impact(s, T("l-L"), 7).defences == ()  # no shield covers the left
    with pytest.raises(IllegalMove) as e:  # GT-H4: a cannon does not stop light fire
        resolve(s, impact(s, T("l-F"), 7), CANNON, batteries=2)
    assert e.value.rule == "GT-H4" and e.value.legal == ("#2",)
    heavy = impact(s, T("H-B"), 7)
    assert heavy.outcome == "hit" and heavy.defences == ()
    with pytest.raises(IllegalMove) as e:
        resolve(s, heavy, SHIELD, batteries=5)
    assert e.value.rule == "GT-H5"
    damage = resolve(s, heavy, None, batteries=5)
    assert damage.destroyed == ENGINE and ENGINE not in damage.ship
    assert not must_choose(damage.ship)


def test_nothing_to_defend_against_a_miss_or_a_bounce() -> None:
    s = plus_ship()
    for hit in (impact(s, T("H-F"), 3), impact(s, T("S-F"), 7)):
        assert resolve(s, hit, None, batteries=1).ship == s
        with pytest.raises(IllegalMove) as e:
            resolve(s, hit, SHIELD, batteries=1)
        assert e.value.rule == "GT-H1"


def test_a_hit_that_splits_the_ship_and_the_choice_of_piece() -> None:
    s = plus_ship()
    damage = resolve(s, impact(s, T("H-F"), 6), None, batteries=0)
    assert damage.destroyed == STRUCT
    assert damage.pieces == (frozenset({141, CANNON, SHIELD, ENGINE}),
                             frozenset({UNDER, SIDE_CANNON}))
    assert must_choose(damage.ship)
    kept, lost = keep_piece(damage.ship, 141)
    assert kept.ids == {141, CANNON, SHIELD, ENGINE} and lost == {UNDER, SIDE_CANNON}
    kept, lost = keep_piece(damage.ship, SIDE_CANNON)  # the player may keep the other one
    assert kept.ids == {UNDER, SIDE_CANNON} and len(lost) == 4
    with pytest.raises(IllegalMove) as e:
        keep_piece(damage.ship, STRUCT)
    assert e.value.rule == "GT-H6" and e.value.legal == ("#1", "#5")


def test_sabotage_destroys_the_tile_on_a_square() -> None:
    s = plus_ship()
    target = s.at((7, 7))
    assert target is not None
    damage = destroy(s, target.id)  # the pilot cabin: the ship falls into four pieces
    assert damage.pieces == (frozenset({STRUCT, UNDER, SIDE_CANNON}), frozenset({CANNON}),
                             frozenset({SHIELD}), frozenset({ENGINE}))
    assert s.at((9, 9)) is None


def test_line_must_be_a_2d6_sum() -> None:
    for line in (1, 13, 0):
        with pytest.raises(IllegalMove) as e:
            impact(plus_ship(), T("S-F"), line)
        assert e.value.rule == "GT-4"


def test_threat_and_shot_notation() -> None:
    for text in ("S-F", "L-R", "l-B", "H-L"):
        assert str(parse_threat(text)) == text
    assert parse_threat(" L F ") == Threat("L", "F")
    assert parse_shot("L-F@7") == (Threat("L", "F"), 7)
    assert format_shot(Threat("l", "B"), 11) == "l-B@11"
    for bad in ("X-F", "L-X", "LF7", "", "h-F"):
        with pytest.raises(NotationError):
            parse_threat(bad)
    for bad in ("L-F", "L-F@", "L-F@x"):
        with pytest.raises(NotationError):
            parse_shot(bad)

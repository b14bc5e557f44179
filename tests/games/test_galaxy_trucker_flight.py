"""Galaxy Trucker flight, card by card: the text's worked examples and each card's rules.

Ships here are hand-made from tiles with universal connectors (an engine's exhaust and a
cannon's barrel smooth, as printed), so every ship is legal and its numbers are easy to see.
A flight starts at the gate before a card, in table play (cards and rolls typed in).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.engine import IllegalMove, SetupError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.check import check
from pnp.games.galaxy_trucker.crew import Alien, full_batteries, full_crew
from pnp.games.galaxy_trucker.flight import move
from pnp.games.galaxy_trucker.game import GalaxyTrucker
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.state import Stage, State, Trucker
from pnp.games.galaxy_trucker.tiles import Kind, Tile, sides_from

GAME = GalaxyTrucker()
DEFAULT_SIDES = {Kind.ENGINE: "uu-u", Kind.DOUBLE_ENGINE: "uu-u", Kind.CANNON: "-uuu",
                 Kind.DOUBLE_CANNON: "-uuu"}


def part(tile_id: int, kind: Kind, row: int, col: int, rot: int = 0, cap: int = 0,
         sides: str | None = None) -> Placement:
    tile = Tile(tile_id, kind, sides_from(sides or DEFAULT_SIDES.get(kind, "uuuu")), cap)
    return Placement(tile, row, col, rot)


def ship(seat: int, *parts: Placement, pilot: str = "uuuu") -> Ship:
    cabin = Tile(141 + seat, Kind.PILOT, sides_from(pilot), 0, "blue")
    s = Ship.of(BOARDS["I"], [Placement(cabin, 7, 7), *parts])
    assert check(s) == [], check(s)
    return s


def flying(*ships: Ship, pos: tuple[int, ...] | None = None, rounds: tuple[str, ...] = ("1",),
           drawn: tuple[str, ...] = ()) -> State:
    """Ships launched with full crew and batteries, at the gate before a card."""
    truckers = tuple(
        Trucker(ship=s, number=i + 1, crew=full_crew(s),
                batteries=tuple(sorted(full_batteries(s).items())),
                pos=pos[i] if pos else -2 * i)
        for i, s in enumerate(ships))
    state = State(tile_seed=0, seed=None, rounds=rounds, test_flight=False, truckers=truckers,
                  phase="gate", names=tuple("ABCD"[:len(ships)]), drawn=drawn)
    return GAME._run(replace(state, stage=Stage(todo=state.order())))


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, GAME.parse(text))
    return state


def flip(state: State, card_id: str) -> State:
    """Everyone flying says go, then the card is turned up."""
    while state.ask is not None and state.ask.kind == "gate":
        state = play(state, "go")
    return play(state, f"card:{card_id}")


def asked(state: State) -> tuple[int, str] | None:
    return (state.ask.seat, state.ask.kind) if state.ask and not state.need else None


def refused(state: State, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        play(state, text)
    assert info.value.rule == rule, info.value
    assert info.value.message
    return info.value


def at_gate(state: State) -> bool:
    return state.phase == "gate" and asked(state) is not None and state.ask is not None \
        and state.ask.kind == "gate"


# -- the flight board --------------------------------------------------------------------------
def test_moving_counts_empty_spaces_only() -> None:
    # The text: Blue loses 3 days and ends just in front of Red.
    assert move(10, -3, [6]) == 7  # one space in front of the marker at 6
    assert move(10, -3, [8, 9]) == 5 and move(10, -3, [7, 6]) == 5
    assert move(10, -3, [9, 8, 7]) == 4
    assert move(0, 2, [1]) == 3  # overtaking passes the occupied space
    assert move(39, 1, [0]) == 41  # the loop: space 0 is taken
    assert move(10, 0, [10]) == 10


def test_starting_positions_by_number_tile_and_round_gap() -> None:
    s = flying(ship(0), ship(1), ship(2))
    assert [t.pos for t in s.truckers] == [0, -2, -4]
    seeded = GAME.initial_state(GAME.new_setup(3, ["A", "B", "C"], {"rounds": "3"}),
                                ["A", "B", "C"], 3)
    while seeded.phase in ("build", "fix", "crew"):
        seeded = play(seeded, GAME.notation(GAME.legal(seeded)[-1]))
    assert sorted(t.pos for t in seeded.truckers if t.pos is not None) == [-8, -4, 0]


# -- Open Space ------------------------------------------------------------------------------
def test_open_space_moves_by_engine_power_and_no_power_gives_up() -> None:
    a = ship(0, part(1, Kind.ENGINE, 8, 7), part(2, Kind.ENGINE, 8, 6))
    b = ship(1, part(11, Kind.DOUBLE_ENGINE, 8, 7), part(12, Kind.BATTERY, 7, 6, cap=2))
    c = ship(2)
    s = flip(flying(a, b, c), "I-1")
    assert s.truckers[0].pos == 2  # A moved at once, no choice to make
    assert asked(s) == (1, "engines")
    refused(s, "pow:11@99", "GT-E3")
    s = play(s, "pow:11@12")
    assert s.truckers[1].pos == 0  # -2 -> -1 -> 0: A has left the start space
    assert s.truckers[1].batteries == ((12, 1),)
    assert at_gate(s)
    assert s.truckers[2].out and not s.truckers[0].out and not s.truckers[1].out
    assert any("no engine power" in line for line in s.log)


def test_an_orange_alien_does_not_push_a_ship_without_engines() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.LIFE_BROWN, 5, 7),
             part(3, Kind.ENGINE, 8, 7))
    b = ship(1, part(11, Kind.CABIN, 6, 7), part(12, Kind.LIFE_BROWN, 5, 7))
    s = flying(a, b)
    for seat in (0, 1):
        t = s.truckers[seat]
        assert t.ship is not None
        cabin = 1 if seat == 0 else 11
        s = s.with_trucker(seat, replace(t, crew=full_crew(t.ship, {Alien.BROWN: cabin})))
    s = flip(s, "I-1")
    assert s.truckers[0].pos == 3  # 1 engine + 2 for the alien
    assert s.truckers[1].out  # 0 stays 0: the alien does not get out and push


# -- Planets ---------------------------------------------------------------------------------
def test_planets_one_marker_per_row_leader_first_and_farthest_behind_moves_first() -> None:
    hold = (Kind.CARGO, 3)
    a = ship(0, part(1, hold[0], 7, 6, cap=3))
    b = ship(1, part(11, hold[0], 7, 6, cap=3))
    c = ship(2)
    s = flip(flying(a, b, c, pos=(10, 9, 3)), "I-6")  # RR | RBB | Y, 2 days
    assert asked(s) == (0, "land")
    s = play(s, "land:2")
    assert asked(s) == (1, "land")
    refused(s, "land:2", "GT-F8")
    refused(s, "land:4", "GT-F8")
    s = play(s, "land:3", "no")
    assert asked(s) == (0, "cargo") and s.ask is not None and s.ask.goods == "RBB"
    refused(s, "cargo:1=RB", "GT-F18")  # red needs a special hold
    s = play(s, "cargo:1=BB")
    assert asked(s) == (1, "cargo")
    s = play(s, "cargo:11=Y")
    # B (behind) moves first: 9 -> 7; then A: 10 -> 8.  (A first would give A 7, B 6.)
    assert [t.pos for t in s.truckers] == [8, 7, 3]
    assert s.truckers[0].goods == ((1, "BB"),) and s.truckers[1].goods == ((11, "Y"),)


def test_landing_without_holds_blocks_a_planet_and_still_costs_the_days() -> None:
    s = flip(flying(ship(0), ship(1, part(11, Kind.CARGO, 7, 6, cap=2))), "I-8")  # GG|Y|BBB
    s = play(s, "land:1")  # A has no hold: nothing to load, no question
    assert asked(s) == (1, "land")
    refused(s, "land:1", "GT-F8")
    s = play(s, "land:3")
    assert asked(s) == (1, "cargo")
    s = play(s, "cargo:11=BB")
    # 2 days, B (behind) first: -2 -> -4; then A: 0 -> -2.
    assert s.truckers[0].goods == () and s.truckers[0].pos == -2
    assert s.truckers[1].pos == -4 and s.truckers[1].goods == ((11, "BB"),)


# -- Abandoned Ship and Station ----------------------------------------------------------------
def test_abandoned_ship_first_taker_gives_exact_crew() -> None:
    a = ship(0)
    b = ship(1, part(11, Kind.CABIN, 6, 7))
    c = ship(2, part(21, Kind.CABIN, 6, 7))
    s = flip(flying(a, b, c), "I-12")  # 2 crew, 3 credits, 1 day
    assert asked(s) == (0, "ship")
    s = play(s, "no")
    refused(s, "yes:11", "GT-F9")
    refused(s, "yes:141,141", "GT-C6")  # not B's cabin
    s = play(s, "yes:11,11")
    b_after = s.truckers[1]
    assert b_after.credits == 3 and b_after.crew.total == 2 and b_after.pos == -3
    assert at_gate(s) and s.truckers[2].crew.total == 4  # C was never offered it


def test_abandoned_station_needs_crew_and_loses_none() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7))  # 4 crew: not enough for 6
    b = ship(1, part(11, Kind.CABIN, 6, 7), part(12, Kind.CABIN, 7, 6),
             part(13, Kind.SPECIAL_CARGO, 7, 8, cap=2), part(14, Kind.CARGO, 8, 7, cap=2))
    s = flip(flying(a, b), "I-15")  # 6 crew, RR, 1 day
    assert asked(s) == (1, "station")  # A could not dock: no question asked
    s = play(s, "yes")
    assert asked(s) == (1, "cargo")
    refused(s, "cargo:14=RR", "GT-F18")
    refused(s, "cargo:13=RR,14=Y", "GT-F18")
    s = play(s, "cargo:13=RR")
    assert s.truckers[1].crew.total == 6 and s.truckers[1].goods == ((13, "RR"),)
    assert s.truckers[1].pos == -3


# -- Meteoric Swarm ----------------------------------------------------------------------------
def test_meteors_one_roll_each_for_every_ship_with_shields_and_cannons() -> None:
    a = ship(0, part(1, Kind.CANNON, 6, 7), part(2, Kind.BATTERY, 7, 6, cap=2),
             part(3, Kind.SHIELD, 7, 8, rot=3, sides="uu-u"))
    b = ship(1, part(11, Kind.STRUCTURAL, 6, 7, sides="--u-"),
             part(12, Kind.STRUCTURAL, 7, 6, sides="-u--"),
             part(13, Kind.STRUCTURAL, 7, 8, sides="---u"))
    s = flip(flying(a, b), "I-9")  # L-F, S-L, S-R
    assert s.need == "roll"
    s = play(s, "roll:7")  # large meteor down column 7
    assert asked(s) == (0, "defend")
    refused(s, "def:2", "GT-H3")
    s = play(s, "def:1")  # A's forward cannon in column 7 shoots it, free
    # B had no cannon: its front tile in column 7 is gone, nothing asked.
    assert 11 not in s.truckers[1].ship.ids and s.truckers[1].lost == 1  # type: ignore[union-attr]
    assert s.need == "roll"
    s = play(s, "roll:7")  # small meteor along row 7 from the left
    assert asked(s) == (0, "defend")  # battery #2's left side has a connector
    refused(s, "def:3", "GT-E3")
    s = play(s, "def:3@2")
    assert s.truckers[0].batteries == ((2, 1),)
    # B's tile #12 shows a smooth side to the left: it bounced, nothing asked.
    s = play(s, "roll:7")  # small meteor from the right: smooth sides on both ships
    assert at_gate(s)
    assert s.truckers[0].lost == 0 and len(s.truckers[0].ship or ()) == 4
    assert s.truckers[1].lost == 1


def test_a_broken_ship_keeps_the_piece_its_player_names() -> None:
    a = ship(0, part(1, Kind.STRUCTURAL, 7, 8), part(2, Kind.CABIN, 7, 9),
             part(3, Kind.STRUCTURAL, 6, 7))
    s = flip(flying(a, ship(1)), "I-11")  # L-F, S-F, L-F
    s = play(s, "roll:8")  # column 8: the structural at 7,8 holds the cabin at 7,9
    assert asked(s) == (0, "keep")
    refused(s, "keep:1", "GT-H6")
    s = play(s, "keep:2")  # keep the cabin, lose the pilot cabin's piece
    t = s.truckers[0]
    assert t.ship is not None and t.ship.ids == {2} and t.lost == 3
    assert t.crew.total == 2 and t.crew.berths[0][0] == 2


# -- Enemies -------------------------------------------------------------------------------------
def smuggler_ships() -> tuple[Ship, Ship, Ship]:
    """The text's example: Red ties at 4 with one token, Green wins with 4 1/2, Blue has 3."""
    red = ship(0, part(1, Kind.CANNON, 6, 6), part(2, Kind.CANNON, 6, 8),
               part(3, Kind.DOUBLE_CANNON, 6, 7), part(4, Kind.BATTERY, 7, 8, cap=2),
               part(5, Kind.DOUBLE_CANNON, 7, 9, rot=1))
    green = ship(1, part(11, Kind.CANNON, 6, 7), part(12, Kind.DOUBLE_CANNON, 6, 6),
                 part(13, Kind.DOUBLE_CANNON, 7, 5, rot=3), part(14, Kind.CANNON, 7, 9, rot=1),
                 part(15, Kind.BATTERY, 7, 8, cap=2), part(16, Kind.CARGO, 7, 6, cap=2))
    blue = ship(2, part(21, Kind.CANNON, 6, 6), part(22, Kind.CANNON, 6, 7),
                part(23, Kind.CANNON, 6, 8))
    return red, green, blue


def test_smugglers_fight_in_order_the_texts_example() -> None:
    red, green, blue = smuggler_ships()
    s = flying(red, green, blue)
    s = s.with_trucker(0, replace(s.truckers[0], batteries=((4, 1),)))  # Red has one token
    s = flip(s, "I-16")  # smugglers strength 4, lose 2 goods, reward YGB, 1 day
    assert asked(s) == (0, "cannons")
    refused(s, "pow:3,5@4,4", "GT-E3")  # strength 5 would take two tokens
    s = play(s, "pow:3@4")  # 4: a tie, nothing happens to Red
    assert s.truckers[0].pos == 0 and s.truckers[0].batteries == ((4, 0),)
    assert asked(s) == (1, "cannons")
    s = play(s, "pow:12,13@15,15")  # 1 + 2 + 1 + 1/2 = 4 1/2 beats 4
    assert any("4 1/2" in line for line in s.log)
    assert asked(s) == (1, "reward")
    s = play(s, "yes")
    assert asked(s) == (1, "cargo") and s.ask is not None and s.ask.goods == "YGB"
    refused(s, "cargo:16=YGB", "GT-F18")  # two containers
    s = play(s, "cargo:16=YG")  # the blue block is dumped
    assert s.truckers[1].goods == ((16, "YG"),) and s.truckers[1].pos == -3
    assert at_gate(s)  # Blue was never attacked
    assert s.truckers[2].pos == -4 and not any("C " in line for line in s.log)


def test_losing_to_smugglers_takes_the_most_valuable_goods_then_batteries() -> None:
    a = ship(0, part(1, Kind.SPECIAL_CARGO, 7, 6, cap=1), part(2, Kind.CARGO, 7, 8, cap=2),
             part(3, Kind.BATTERY, 8, 7, cap=2))
    b = ship(1, part(11, Kind.CARGO, 7, 8, cap=2), part(12, Kind.BATTERY, 8, 7, cap=2))
    s = flying(a, b)
    s = s.with_trucker(0, replace(s.truckers[0], goods=((1, "R"), (2, "GB"))))
    s = s.with_trucker(1, replace(s.truckers[1], goods=((11, "B"),)))
    s = flip(s, "I-16")
    assert at_gate(s)  # no cannons, no choices: both lost
    assert s.truckers[0].goods == ((2, "B"),) and s.truckers[0].batteries == ((3, 2),)
    assert s.truckers[1].goods == () and s.truckers[1].batteries == ((12, 1),)


def test_the_player_names_which_block_of_a_colour_and_which_battery_is_lost() -> None:
    a = ship(0, part(1, Kind.CARGO, 7, 6, cap=2), part(2, Kind.CARGO, 7, 8, cap=2),
             part(3, Kind.BATTERY, 8, 7, cap=2), part(4, Kind.BATTERY, 6, 7, cap=2))
    s = flying(a, ship(1))
    s = s.with_trucker(0, replace(s.truckers[0], goods=((1, "YB"), (2, "Y"))))
    s = flip(s, "I-16")  # no cannons: A loses 2 goods
    assert asked(s) == (0, "drop")  # a yellow block in #1 and in #2: A decides
    assert {GAME.notation(e) for e in GAME.legal(s)} == {"drop:1,2", "drop:2,1"}
    refused(s, "drop:1,1", "GT-F19")  # after #1's yellow, the other yellow (in #2) goes next
    refused(s, "drop:2", "GT-F19")  # two are owed
    s = play(s, "drop:2,1")
    assert s.truckers[0].goods == ((1, "B"),)
    t = replace(s.truckers[0], goods=((1, "B"),))
    s2 = flip(flying(a, ship(1)).with_trucker(0, t), "I-16")
    assert asked(s2) == (0, "drop")  # blue, then a token from #3 or #4
    refused(s2, "drop:3,3", "GT-F19")  # the blue block goes before any token
    s2 = play(s2, "drop:1,4")
    assert s2.truckers[0].goods == () and s2.truckers[0].batteries == ((3, 2), (4, 1))


def test_slavers_take_named_crew_or_everyone_from_a_small_crew() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.CABIN, 7, 6))
    b = ship(1)
    s = flip(flying(a, b), "I-17")  # strength 6, 3 crew, 5 credits, 1 day
    assert asked(s) == (0, "lose")
    refused(s, "lose:141", "GT-F20")
    refused(s, "lose:141,141,141", "GT-C6")
    s = play(s, "lose:141,141,2")
    assert s.truckers[0].crew.total == 3
    # B had 2 crew: both taken; with no humans B gives up once the card is over.
    assert s.truckers[1].crew.total == 0 and s.truckers[1].out


def test_pirates_defeated_players_share_the_first_defeated_players_rolls() -> None:
    a = ship(0, part(1, Kind.STRUCTURAL, 6, 7))
    b = ship(1, part(11, Kind.STRUCTURAL, 6, 7))
    c = ship(2, part(21, Kind.DOUBLE_CANNON, 6, 6), part(22, Kind.CANNON, 6, 7),
             part(23, Kind.DOUBLE_CANNON, 6, 8), part(24, Kind.BATTERY, 7, 8, cap=3),
             part(25, Kind.CANNON, 7, 9, rot=1))
    s = flip(flying(a, b, c), "I-18")  # strength 5: [l-F, H-F, l-F], 4 credits, 1 day
    assert asked(s) == (2, "cannons")  # A and B had no choice: both lost
    s = play(s, "pow:21,23@24,24")  # 2 + 1 + 2 + 1/2 beats 5
    s = play(s, "yes")
    assert s.truckers[2].credits == 4 and s.truckers[2].pos == -5
    rolls = 0
    while s.need == "roll":
        s = play(s, "roll:7" if rolls == 0 else "roll:12")
        rolls += 1
    assert rolls == 3  # one roll per shot, not one per defeated player
    assert s.truckers[0].lost == s.truckers[1].lost == 1  # the same light shot hit both
    assert s.truckers[2].lost == 0 and at_gate(s)


def test_a_player_beating_pirates_may_decline_the_reward() -> None:
    strong = ship(0, *(part(i, Kind.DOUBLE_CANNON, 6, col) for i, col in ((1, 6), (2, 7),
                                                                         (3, 8))),
                  part(4, Kind.BATTERY, 7, 8, cap=3))
    s = flip(flying(strong, ship(1)), "I-18")
    s = play(s, "pow:1,2,3@4,4,4")
    assert asked(s) == (0, "reward")
    s = play(s, "no")
    assert s.truckers[0].credits == 0 and s.truckers[0].pos == 0 and at_gate(s)
    assert s.truckers[1].lost == 0  # beaten pirates attack nobody else


# -- Combat Zone ----------------------------------------------------------------------------------
def test_combat_zone_ties_go_to_the_player_ahead() -> None:
    # Line 1 (fewest crew): both have 4, A is ahead and loses 3 days.  Line 2 (engines): the
    # text's Yellow (3 simple engines) and Green (1 simple + 2 doubles): Yellow, now ahead,
    # pays on a tie, so Green powers only one double.
    green = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.ENGINE, 8, 7),
                 part(3, Kind.DOUBLE_ENGINE, 8, 6), part(4, Kind.DOUBLE_ENGINE, 8, 8),
                 part(5, Kind.BATTERY, 7, 8, cap=2))
    yellow = ship(1, part(11, Kind.CABIN, 6, 7), part(12, Kind.ENGINE, 8, 7),
                  part(13, Kind.ENGINE, 8, 6), part(14, Kind.ENGINE, 8, 8))
    s = flip(flying(green, yellow), "I-19")
    assert s.truckers[0].pos == -4 and s.truckers[1].pos == -2  # 0 -> -1, -3, -4
    assert asked(s) == (0, "engines")  # Yellow (leader) had nothing to choose: 3
    s = play(s, "pow:3@5")  # 3: a tie with Yellow, who is ahead
    assert asked(s) == (1, "lose")
    s = play(s, "lose:11,11")
    assert s.truckers[1].crew.total == 2 and s.truckers[0].crew.total == 4
    # Line 3 (cannons): both 0, Yellow ahead is shot at: rolls follow.
    assert s.need == "roll"
    s = play(s, "roll:12", "roll:12")
    assert at_gate(s) and s.truckers[0].batteries == ((5, 1),)


def test_level_three_combat_zone_goods_crew_and_engines_lines() -> None:
    # Line 1: fewest crew loses 4 goods; line 2: weakest cannons loses 4 crew; line 3:
    # weakest engines is shot at six times.
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.CABIN, 7, 6),
             part(3, Kind.CANNON, 6, 6), part(4, Kind.CARGO, 7, 8, cap=2))
    b = ship(1, part(11, Kind.CARGO, 7, 8, cap=3), part(12, Kind.ENGINE, 8, 7))
    s = flying(a, b, rounds=("3",))
    s = s.with_trucker(1, replace(s.truckers[1], goods=((11, "RYG"),)))
    s = s.with_trucker(0, replace(s.truckers[0], goods=((4, "B"),)))
    s = flip(s, "III-18")
    assert s.truckers[1].goods == ()  # B (2 crew) lost its 3 blocks; no battery to add
    assert s.truckers[0].goods == ((4, "B"),)
    # B has no cannon (0 < A's 1): B loses 4 crew, having 2: everyone.
    assert s.truckers[1].crew.total == 0
    # A has no engine (0 < B's 1): A is shot at: six rolls.
    rolls = 0
    while s.need == "roll":
        s = play(s, "roll:2")
        rolls += 1
    assert rolls == 6 and at_gate(s)
    assert s.truckers[1].out and not s.truckers[0].out  # B had no humans left


def test_combat_zone_is_ignored_by_a_lone_player() -> None:
    s = flying(ship(0), ship(1))
    s = flip(s, "I-1")  # both have no engines: both give up
    assert s.order() == ()
    lone = flying(ship(0), ship(1))
    lone = play(lone, "go", "quit")
    lone = play(lone, "card:I-19")
    assert at_gate(lone) and lone.truckers[0].pos == 0 and lone.truckers[0].crew.total == 2


# -- Stardust, Epidemic, Sabotage -------------------------------------------------------------
def test_stardust_is_counted_from_the_last_player() -> None:
    a = ship(0)  # the pilot cabin alone: 4 exposed connectors
    b = ship(1, part(11, Kind.STRUCTURAL, 6, 7, sides="--u-"))  # 3 exposed
    s = flip(flying(a, b, pos=(10, 8)), "I-20")
    # B first: 8 -> 5; then A: 10 -> 6.  (A first would end A 5, B 4.)
    assert [t.pos for t in s.truckers] == [6, 5]


def test_epidemic_strikes_joined_occupied_cabins() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(3, Kind.STRUCTURAL, 7, 8),
             part(2, Kind.CABIN, 7, 9))
    s = flip(flying(a, ship(1), rounds=("2",)), "II-20")
    crew = dict(s.truckers[0].crew.berths)
    assert crew[141].humans == 1 and crew[1].humans == 1 and crew[2].humans == 2
    assert s.truckers[1].crew.total == 2  # a lone pilot cabin is joined to no cabin


def test_sabotage_hits_the_smallest_crew_and_gives_up_after_three_misses() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7))
    b = ship(1, part(11, Kind.STRUCTURAL, 6, 7))
    s = flip(flying(a, b, rounds=("3",)), "III-20")
    s = play(s, "roll:3", "roll:3", "roll:7")  # (row 3, col 3) empty; then column 7 ...
    s = play(s, "roll:6")  # ... row 6: B's structural
    assert s.truckers[1].lost == 1 and 11 not in s.truckers[1].ship.ids  # type: ignore
    assert s.truckers[0].lost == 0 and at_gate(s)
    s2 = flip(flying(a, b, rounds=("3",)), "III-20")
    s2 = play(s2, "roll:2", "roll:2", "roll:12", "roll:12", "roll:5", "roll:11")
    assert at_gate(s2) and s2.truckers[1].lost == 0
    assert sum("nothing at" in line for line in s2.log) == 3


def test_sabotage_tie_goes_to_the_ship_ahead() -> None:
    s = flip(flying(ship(0), ship(1), rounds=("3",)), "III-20")
    assert any("strike A" in line for line in s.log)


# -- giving up ------------------------------------------------------------------------------
def test_quitting_before_a_card_makes_a_spectator() -> None:
    s = flying(ship(0), ship(1), pos=(10, 5))
    s = play(s, "go", "quit", "card:I-20")
    assert s.truckers[1].out and s.truckers[1].pos == 5  # stardust passed B by
    assert s.truckers[0].pos == 6


def test_a_lapped_player_gives_up_once_the_card_is_over() -> None:
    s = flip(flying(ship(0), ship(1), pos=(45, 4), rounds=("2",)), "II-20")
    assert s.truckers[1].out and not s.truckers[0].out
    assert any("lapped" in line for line in s.log)


def test_decisions_out_of_turn_and_chance_out_of_place_are_refused() -> None:
    s = flying(ship(0), ship(1))
    refused(s, "pow:-", "GT-F6")
    refused(s, "cargo:-", "GT-F6")  # goods are arranged only when loading
    refused(s, "roll:7", "GT-F24")
    s = play(s, "go", "go")
    refused(s, "go", "GT-F24")
    refused(s, "card:II-1", "GT-F24")  # round 1 holds level-I cards only
    s = play(s, "card:I-9")
    refused(s, "card:I-1", "GT-F24")
    refused(s, "roll:13", "GT-F24")


# -- end of round --------------------------------------------------------------------------------
def test_end_of_round_rewards_goods_and_capped_losses() -> None:
    a = ship(0, part(1, Kind.CARGO, 7, 6, cap=2))
    b = ship(1, part(11, Kind.STRUCTURAL, 6, 7), part(12, Kind.CARGO, 7, 6, cap=2))
    c = ship(2, part(21, Kind.CARGO, 7, 6, cap=2))
    s = flying(a, b, c, drawn=tuple(f"I-{n}" for n in range(1, 8)))  # one card to go
    s = s.with_trucker(0, replace(s.truckers[0], goods=((1, "YG"),), lost=7, credits=2))
    s = s.with_trucker(1, replace(s.truckers[1], goods=((12, "B"),), lost=1))
    s = s.with_trucker(2, replace(s.truckers[2], goods=((21, "YY"),)))
    s = play(s, "go", "go", "quit", "card:I-20")  # C gives up; stardust: A 6, B 8 exposed
    assert s.phase == "over"
    # A: place 1 (4), fewest exposed (2), goods 5, losses 7 capped at 5 -> 2 + 6 = 8.
    # B: place 2 (3), goods 1, loss 1 -> 3.  C: gave up, half of 6 = 3.
    assert GAME.scores(s) == [8, 3, 3]
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (0, 1, 2) and outcome.result == "win"
    assert "round 1: place 1 +4, best-looking +2, goods +5, lost components -5 -> 8" in \
        s.truckers[0].history


def test_round_3a_losses_are_uncapped_and_credits_never_go_below_zero() -> None:
    s = flying(ship(0), ship(1), rounds=("3a",),
               drawn=tuple(f"III-{n}" for n in range(1, 9)) + tuple(f"II-{n}" for n in
                                                                   range(1, 5))
               + tuple(f"I-{n}" for n in range(1, 4)))
    s = s.with_trucker(0, replace(s.truckers[0], lost=15, credits=20))
    s = s.with_trucker(1, replace(s.truckers[1], lost=30))
    s = play(s, "go", "go", "card:I-20")
    assert s.phase == "over"
    # A: 20 + 12 + 6 (tie for looks? A 4 exposed, B 4 exposed: both) - 15 = 23.
    assert GAME.scores(s) == [23, 0]


# -- setup, building, spot check, crew ------------------------------------------------------
def seeded(seed: int = 7, players: int = 2, **options: object) -> State:
    names = ["A", "B", "C", "D"][:players]
    return GAME.initial_state(GAME.new_setup(seed, names, dict(options)), names, seed)


def test_entering_ships_refuses_wrong_boards_pilots_shared_tiles_and_numbers() -> None:
    s = seeded()
    assert asked(s) == (0, "enter")
    offer = GAME.notation(GAME.legal(s)[0])
    _, _, text = offer.partition(":")
    refused(s, f"1:II;{text.split(';', 1)[1]}", "GT-F1")
    refused(s, "1:I;142@7,7", "GT-F1")
    refused(s, "3:I;141@7,7", "GT-F3")
    s = play(s, f"2:{text}")
    refused(s, "2:I;142@7,7", "GT-F3")
    first_tile = text.split(";")[1].split("@")[0]
    if first_tile != "141":
        refused(s, f"1:I;142@7,7;{first_tile}@6,7", "GT-F2")
    s = play(s, "1:I;142@7,7")
    assert [t.number for t in s.truckers] == [2, 1]
    assert s.phase == "gate" and s.order() == (1, 0)


def test_tiles_set_aside_and_never_added_are_lost_components() -> None:
    s = seeded()
    refused(s, "1:I;141@7,7;aside=1,2,3", "GT-F26")
    refused(s, "1:I;141@7,7;aside=141", "GT-F26")
    refused(s, "1:I;141@7,7;12@6,7;aside=12", "GT-F26")
    s = play(s, "1:I;141@7,7;aside=57,101")
    refused(s, "2:I;142@7,7;57@6,7", "GT-F2")
    refused(s, "2:I;142@7,7;aside=101", "GT-F2")
    s = play(s, "2:I;142@7,7")
    assert s.truckers[0].lost == 2 and s.truckers[0].aside == (57, 101)
    assert GAME.parse("1:I;141@7,7;aside=101,57") == GAME.parse("1:I;141@7,7;aside=57,101")


def test_an_illegal_ship_is_repaired_at_the_spot_check() -> None:
    s = seeded()
    s = play(s, "1:I;141@7,7;100@5,5")  # off the board and loose
    s = play(s, "2:I;142@7,7")
    assert s.phase == "fix" and asked(s) == (0, "fix")
    refused(s, "fix:141", "GT-R1")
    s = play(s, "fix:100")
    assert s.truckers[0].lost == 1 and s.truckers[0].ship is not None
    assert s.truckers[0].ship.ids == {141} and s.phase == "gate"


def test_aliens_are_placed_by_the_rules() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.LIFE_PURPLE, 5, 7))
    state = State(tile_seed=0, seed=None, rounds=("1",), test_flight=False,
                  truckers=(Trucker(ship=a, number=1), Trucker(ship=ship(1), number=2)),
                  phase="crew", stage=Stage(todo=(0, 1)), names=("A", "B"))
    s = GAME._run(state)
    assert asked(s) == (0, "crew")
    assert {GAME.notation(e) for e in GAME.legal(s)} == {"crew:-", "crew:1P"}
    refused(s, "crew:141P", "GT-C3")
    refused(s, "crew:1B", "GT-C2")
    s = play(s, "crew:1P")
    assert s.truckers[0].crew.total == 3 and s.phase == "gate"


def test_the_test_flight_is_the_eight_marked_cards() -> None:
    s = seeded(3, test_flight=True)
    assert s.deck is not None and sorted(s.deck) == sorted(
        ["I-1", "I-6", "I-9", "I-13", "I-14", "I-16", "I-19", "I-20"])
    table = seeded(3, test_flight=True, chance="table")
    while table.phase != "gate" or table.need is None:
        table = play(table, GAME.notation(GAME.legal(table)[0]))
    assert {GAME.notation(e) for e in GAME.chance_outcomes(table)} == {
        f"card:{c}" for c in ["I-1", "I-6", "I-9", "I-13", "I-14", "I-16", "I-19", "I-20"]}
    refused(table, "card:I-2", "GT-F24")


def test_seeded_decks_follow_gt8_and_refuse_other_outcomes() -> None:
    from pnp.games.galaxy_trucker.cards import card
    from pnp.games.galaxy_trucker.rounds import deal

    for seed in range(30):
        for index, name, size, level in ((0, "1", 8, 1), (1, "2", 12, 2), (2, "3", 16, 3)):
            deck = deal(seed, index, name, False)
            assert len(deck) == size == len(set(deck)) and card(deck[0]).level == level
            levels = [card(c).level for c in deck]
            assert levels.count(level) == 8 and all(lv <= level for lv in levels)
    s = seeded(4)
    while s.need is None:
        s = play(s, GAME.notation(GAME.legal(s)[0]))
    dealt = GAME.dealt_outcome(s)
    assert dealt is not None
    other = next(e for e in GAME.chance_outcomes(s) if e != dealt)
    refused(s, GAME.notation(other), "GT-F24")


def test_setup_errors_are_clear() -> None:
    from pnp.engine import SetupError

    with pytest.raises(SetupError, match="rounds"):
        GAME.new_setup(1, ["A", "B"], {"rounds": "1,4"})
    with pytest.raises(SetupError, match="tiles"):
        GAME.new_setup(None, ["A", "B"], {"chance": "table"})
    with pytest.raises(SetupError, match="test flight"):
        GAME.new_setup(1, ["A", "B"], {"rounds": "2,3", "test_flight": True})
    with pytest.raises(SetupError):
        GAME.new_setup(1, ["A"], {})
    table = GAME.new_setup(None, ["A", "B"], {"tiles": "5", "rounds": ["1", 2, "3A"]})
    assert table["chance"] == "table" and table["tiles"] == 5
    assert table["rounds"] == ["1", "2", "3a"]
    with pytest.raises(SetupError, match="tiles"):
        GAME.new_setup(None, ["A", "B"], {"tiles": "five"})
    text = GAME.describe_setup(table, None)
    assert "seat 1 blue #141" in text and "Rounds: 1, 2, 3a" in text


def test_summary_is_json_with_ships_crew_goods_and_the_card() -> None:
    import json

    s = flip(flying(*smuggler_ships()), "I-16")
    summary = GAME.summary(s)
    json.dumps(summary)
    assert summary["card"]["id"] == "I-16" and summary["decision"]["kind"] == "cannons"
    assert summary["ships"][0]["ship"].startswith("I ") and summary["ships"][0]["crew"]
    assert [x["space"] for x in summary["ships"]] == [0, 38, 36]


def test_gt_g8_the_bank_running_out_of_goods_gives_only_what_is_left() -> None:
    # I-6 offers RR | RBB | Y.  Ship C already holds 15 of the 16 blue blocks the bank (the
    # kit) has, so B landing on row 2 is offered R and one B only ("out of luck", FAQ).
    a = ship(0)
    b = ship(1, part(11, Kind.CARGO, 7, 6, cap=3))
    s = flying(a, b, ship(2), pos=(10, 9, 3))
    holder = replace(s.truckers[2], goods=((900, "B" * 15),))  # 15 blue blocks already out
    s = s.with_trucker(2, holder)
    s = flip(s, "I-6")
    s = play(s, "no", "land:2", "no")
    assert asked(s) == (1, "cargo") and s.ask is not None and s.ask.goods == "RB"
    refused(s, "cargo:11=BB", "GT-F18")
    s = play(s, "cargo:11=B")
    assert s.truckers[1].goods == ((11, "B"),)


def test_gt_g8_the_bank_matches_the_kit() -> None:
    from pnp.games.galaxy_trucker.goods import BANK
    from pnp.render.galaxy_trucker.tokens import COUNTS

    kit = {"R": COUNTS["red"], "Y": COUNTS["yellow"], "G": COUNTS["green"], "B": COUNTS["blue"]}
    assert kit == BANK


def test_gt_g7_the_first_games_spot_check_redistributes_the_number_tiles() -> None:
    s = seeded(first_game=True)
    assert GAME.new_setup(7, ["A", "B"], {"first_game": True})["first_game"] is True
    s = play(s, "1:I;141@7,7;100@5,5")  # number 1, but off the board and loose
    s = play(s, "2:I;142@7,7")
    assert asked(s) == (0, "fix")
    s = play(s, "fix:100")
    # the legal ship takes number 1; the removed tile is not a lost component (lenient)
    assert [t.number for t in s.truckers] == [2, 1] and s.truckers[0].lost == 0
    assert s.phase == "gate" and s.order() == (1, 0)
    full = play(seeded(), "1:I;141@7,7;100@5,5", "2:I;142@7,7", "fix:100")
    assert [t.number for t in full.truckers] == [1, 2] and full.truckers[0].lost == 1
    with pytest.raises(SetupError, match="first_game"):
        seeded(first_game="yes")


def test_gt_f27_a_flaw_found_in_flight_is_fixed_and_costs_a_credit() -> None:
    a = ship(0, part(1, Kind.CABIN, 6, 7), part(2, Kind.STRUCTURAL, 5, 7))
    s = flying(a, ship(1), drawn=("I-1",))  # after the round's first card
    assert asked(s) == (0, "gate")
    assert "fix:2" not in [GAME.notation(e) for e in GAME.legal(s)]  # typed, never offered
    s = play(s, "fix:1")  # #2 hangs on #1 and falls with it
    t = s.truckers[0]
    assert t.ship is not None and t.ship.ids == {141}
    assert t.lost == 2 and t.credits == -1 and t.crew.total == 2  # the cabin's crew went
    assert asked(s) == (0, "gate") and "fixes a flaw" in s.log[-1]
    s = play(s, "go")
    assert asked(s) == (1, "gate")
    before = flying(a, ship(1))
    refused(before, "fix:1", "GT-F27")  # before the first card the spot check has passed

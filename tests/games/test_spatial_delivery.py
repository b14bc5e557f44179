"""Spatial Delivery: the text's sample turns, and tests for every rule id (SD-*, SD-T*, SD-G*)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.engine import IllegalMove, NotationError, SetupError, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import resolve_dealt
from pnp.games.spatial_delivery import GAME
from pnp.games.spatial_delivery.board import (
    BORDERS,
    CORNER_COUNT,
    EARTH,
    EARTH_CORNERS,
    EARTH_HEX,
    HEX_COUNT,
    RING_HEXES,
    SEGMENTS,
    parse_corner,
    parse_hex,
)
from pnp.games.spatial_delivery.cards import FUEL_CARDS, all_goods, first_bonus, goods_deck
from pnp.games.spatial_delivery.events import Build, Deliver, Travel, parse_event
from pnp.games.spatial_delivery.routes import site_problem
from pnp.games.spatial_delivery.state import Goods, State

PLAYERS = ["Alice", "Bob", "Carol"]

# The sample turns' corner of the galaxy: Earth, A1 (pink) and A2 (space); B2 blue, B1 and B3
# green.  Alice's station stands at A1B1B2, Bob's at A2B2B3; both routes start at EA1A2.
SAMPLE_TILES = {
    "A1": "P", "A2": "S", "A3": "S", "A4": "S", "A5": "S", "A6": "S",
    "B1": "G", "B2": "B", "B3": "G", "B4": "Y", "B5": "S", "B6": "P", "B7": "S", "B8": "Y",
    "B9": "S", "B10": "B", "B11": "S", "B12": "S",
}
# Setup flips, then each pick followed by the card turned up under it.
SAMPLE_MARKET = """
^YM ^BF ^PM ^GD
+P ^PT  +B ^BB  +Y ^YS
+P ^PS  +Y ^YT  +P ^PF
+B ^BM  +G ^GS  +Y ^YF
+G ^GO  +G ^GM  +Y ^YO
"""


def corner(name: str) -> int:
    c = parse_corner(name)
    assert c is not None, name
    return c


def hx(name: str) -> int:
    h = parse_hex(name)
    assert h is not None, name
    return h


def run(state: State, text: str) -> State:
    """Apply a typed line of events; in seeded play the dealt chance outcomes fill in."""
    for event in GAME.parse_line(text):
        state = GAME.apply(state, event)
        if state.seeded:
            state = resolve_dealt(GAME, state)[0]
    return state


def table(tiles: dict[str, str] | None = None, players: list[str] = PLAYERS,
          rounds: int = 5) -> State:
    """Table play with rings 1-2 laid as given (tiles not given are filled from the pool)."""
    state = GAME.initial_state({"chance": "table", "rounds": rounds}, players, None)
    tiles = dict(SAMPLE_TILES if tiles is None else tiles)
    return run(state, " ".join(f"{h}={k}" for h, k in tiles.items()))


def sample_market() -> State:
    return run(table(), SAMPLE_MARKET)


def refused(state: State, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        run(state, text)
    return info.value


def with_hand(state: State, seat: int, *cards: str) -> State:
    return state.with_seat(seat, replace(state.seats[seat], hand=tuple(sorted(cards))))


def journey(tiles: dict[str, str] | None = None, hands: dict[int, tuple[str, ...]] | None = None,
            players: list[str] = PLAYERS) -> State:
    """A Trade Journey start with chosen hands (the market picks done, then hands replaced)."""
    state = run(table(tiles, players), "^YM ^BF ^PM ^GD")
    n = len(players)
    for _ in range(4 * n):  # take yellow each time, a flip after each
        state = run(state, "+Y")
        left = sorted(set(state.goods[0].deck))
        if left:
            state = run(state, f"^{left[0]}")
    assert state.phase == "journey"
    for seat, cards in (hands or {}).items():
        state = with_hand(state, seat, *cards)
    return state


def points(state: State) -> list[int]:
    return [s.points for s in state.seats]


# -- the text's sample turns ---------------------------------------------------------------------
def test_sample_market_gives_the_hands_of_the_sample() -> None:
    s = sample_market()
    assert s.phase == "journey" and s.current == 0
    assert s.seats[0].hand == ("BB", "GS", "PM", "PT", "R", "R")
    assert s.seats[1].hand == ("BF", "GD", "GO", "R", "R", "YS")
    assert s.fuel_in_depot == FUEL_CARDS - 6


def test_sample_alice_earns_6_on_her_first_turn() -> None:
    s = run(sample_market(), "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT")
    assert s.seats[0].points == 4  # station + three worlds
    assert s.seats[0].location == corner("A1B1B2")
    s = run(s, "D:BB>B2!")  # Medicine in ring 2, Barter used upon delivery
    assert s.seats[0].points == 6 and s.seats[0].firsts == (0, 1, 0, 0)
    assert s.must_take and GAME.legal(s) == [parse_event(t) for t in ("+Y", "+B", "+P", "+G")]
    s = run(s, "+B ^BO .")
    assert s.seats[0].hand == ("BM",)  # the blue Medicine card she drew
    assert s.current == 1
    assert s.tokens[hx("B2")] == 0 and not s.firsts[hx("B2")]


def alice_and_bob() -> State:
    s = run(sample_market(), "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BB>B2! +B ^BO .")
    return run(s, "B:EA1A2-A1A2B2-A2B2B3:R.BF.YS")


def test_sample_bob_earns_7_with_distant_market() -> None:
    s = alice_and_bob()
    assert s.seats[1].points == 3  # station next to two worlds, one new segment paid
    assert len(s.segments) == 3  # Alice's two and his one
    s = run(s, "D:GD>B3")
    assert s.seats[1].points == 7 and s.seats[1].firsts == (0, 0, 0, 1)


def test_sample_bob_cannot_deliver_to_the_world_alice_emptied() -> None:
    s = alice_and_bob()
    err = refused(s, "D:BF>B2")
    assert err.rule == "SD-T3"  # he spent his blue card on the station
    s2 = with_hand(s, 1, "BM", "GD", "GO", "R")
    err = refused(s2, "D:BM>B2")
    assert err.rule == "SD-T5" and "no score token" in err.message


def test_sample_later_delivery_from_alices_station_gives_alice_one() -> None:
    s = run(alice_and_bob(), "D:GD>B3 . pass")  # Bob delivers; Carol passes
    assert s.current == 0
    err = refused(s, "D:BM>B2")  # Alice's drawn Medicine card: B2 already sold this round
    assert err.rule == "SD-T5"
    s = run(s, "pass")
    assert s.current == 1
    s = run(s, "T:A1B1B2:R")  # one step: past the junction at A1A2B2 to Alice's station
    assert s.seats[1].location == corner("A1B1B2")
    s = run(s, "D:GO>B1")
    assert points(s) == [7, 9, 0]
    assert s.seats[1].firsts == (0, 0, 0, 2)
    s = run(s, ". pass")  # all have passed: Return to Earth, round 2's market
    assert s.round == 2 and s.phase == "market"
    assert [s.tokens[hx(h)] for h in ("B1", "B2", "B3", "A1")] == [2, 2, 2, 1]
    assert all(seat.location == EARTH and not seat.passed for seat in s.seats)


# -- SD-1 geometry and station sites ---------------------------------------------------------------
def test_sd1_geometry_counts() -> None:
    assert HEX_COUNT == 37 and [len(RING_HEXES[k]) for k in (1, 2, 3)] == [6, 12, 18]
    assert len(BORDERS) == 90
    assert sum(1 for b in BORDERS if EARTH_HEX not in b) == 84
    assert CORNER_COUNT == 54 and CORNER_COUNT - len(EARTH_CORNERS) == 48
    for seg in SEGMENTS:  # every route border joins two three-hex corners, away from Earth
        assert EARTH_HEX not in seg.hexes and len(set(seg.corners)) == 2


def test_sd1_sites_need_a_world_three_laid_hexes_and_no_earth() -> None:
    s = journey()
    assert site_problem(s, corner("A1B1B2")) is None
    assert site_problem(s, corner("EA1A2"))[0] == "SD-1"  # type: ignore[index]
    # A6, B11 and B12 are all space: no world to trade with
    assert site_problem(s, corner("A6B11B12")) == ("SD-1", "no Settled World touches A6B11B12")
    edge = corner("B1B2C2")  # ring 3 is not laid in round 1
    assert "edge of the galaxy" in site_problem(s, edge)[1]  # type: ignore[index]


def test_sd1_building_at_the_edge_before_ring_3_is_refused() -> None:
    s = journey(hands={0: ("R", "R", "R", "GO", "PO")})
    err = refused(s, "B:EA1A2-A1A2B2-A1B1B2-B1B2C2:R.R.R.GO.PO")
    assert err.rule == "SD-1"


def test_sd1_ring_3_is_laid_after_round_2() -> None:
    s = journey()
    for _ in range(2):
        s = run(s, "pass pass pass")
        if s.phase == "market":
            while s.phase == "market":
                left = [g for g in s.goods if g.market]
                colour = "YBPG"[s.goods.index(left[0])]
                s = run(s, f"+{colour}")
                if s.pending:
                    s = run(s, GAME.notation(GAME.chance_outcomes(s)[0]))
    assert s.phase == "ring3" and s.round == 3
    assert {n.key for n in s.pending} == set(RING_HEXES[3])
    assert GAME.actor(s) == CHANCE
    err = refused(s, "pass")
    assert err.rule == "SD-T8"
    kinds = "YSSSSSYYBBBPPPGGGS"  # what the pool still holds after SAMPLE_TILES
    s = run(s, " ".join(f"C{i + 1}={kinds[i]}" for i in range(18)))
    assert s.phase == "market" and s.tokens[hx("C1")] == 3 and s.firsts[hx("C1")]
    assert s.tokens[hx("C6")] == 0 and s.outermost_ring == 3


# -- SD-2 score tokens ---------------------------------------------------------------------------
def test_sd2_tokens_by_ring_and_replenished_only_where_taken() -> None:
    s = table()
    assert s.tokens[hx("A1")] == 1 and s.tokens[hx("B2")] == 2 and s.tokens[hx("A2")] == 0
    s = run(run(sample_market(), "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BB>B2 ."), "pass pass")
    assert s.tokens[hx("B2")] == 0
    s = run(s, "pass")
    assert s.round == 2 and s.tokens[hx("B2")] == 2 and s.tokens[hx("B1")] == 2


# -- SD-3 cards ----------------------------------------------------------------------------------
def test_sd3_card_list() -> None:
    assert len(all_goods()) == 60 and FUEL_CARDS == 30
    deck = goods_deck("P")
    assert len(deck) == 15
    assert {p: deck.count("P" + p) for p in "FOSDMTBEI"} == {
        "F": 2, "O": 2, "S": 2, "D": 2, "M": 2, "T": 2, "B": 1, "E": 1, "I": 1}


def test_sd3_opportunity_goes_anywhere_but_takes_no_first_token() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "YO")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:YO>B2")
    assert s.seats[0].points == 4 + 2 and s.seats[0].firsts == (0, 0, 0, 0)
    assert s.firsts[hx("B2")] and s.tokens[hx("B2")] == 0
    err = refused(journey(hands={0: ("R", "R", "PM", "GS", "PT", "YS")}),
                  "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:YS>B2")
    assert err.rule == "SD-T5" and "only an Opportunity" in err.message


def test_sd3_shortage_delivers_without_a_token() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BO"), 1: ("R", "BS", "GO")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BO>B2 .")
    s = run(s, "T:A1B1B2:R D:BS>B2")
    assert s.seats[1].points == 2 + 0  # supply token worth ring 2; no first token left
    assert s.seats[0].points == 6 + 1  # the station's owner


# -- SD-4 bonuses ----------------------------------------------------------------------------------
def test_sd4_distant_market_only_in_the_outermost_ring() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "PD")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:PD>A1")
    assert s.seats[0].points == 4 + 1  # ring 1: no bonus in round 1


def test_sd4_monopoly_from_own_station_trade_agreement_from_others() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BM"), 1: ("R", "GT", "PT")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BM>B2 .")
    assert s.seats[0].points == 4 + 2 + 2
    s = run(s, "T:A1B1B2:R D:GT>B1")
    assert s.seats[1].points == 2 + 2 and s.seats[0].points == 9


def test_sd4_trade_agreement_gives_nothing_at_home() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BT")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BT>B2")
    assert s.seats[0].points == 6


def test_sd4_g6_initiative_places_the_token_then_scores_one() -> None:
    s = journey(hands={2: ("YI", "PI")})
    s = run(s, "pass pass A:YI")
    assert s.next_track == (2,)
    s = run(s, ". A:PI")
    assert s.next_track == (2,) and s.seats[2].points == 1


# -- SD-5 pieces, end bonus, ties ----------------------------------------------------------------
def test_sd5_bonus_table_and_the_example() -> None:
    assert [first_bonus(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]
    assert first_bonus(4) + first_bonus(2) == 13


def test_sd5_end_bonus_and_tie_breaks() -> None:
    s = journey()
    s = s.with_seat(0, replace(s.seats[0], points=10, firsts=(0, 4, 2, 0)))  # 10 + 13 = 23
    s = s.with_seat(1, replace(s.seats[1], points=20, firsts=(1, 1, 1, 0)))  # 20 + 3 = 23
    s = s.with_seat(2, replace(s.seats[2], points=22, firsts=(1, 0, 0, 0)))  # 22 + 1 = 23
    s = replace(s, round=5)
    s = run(s, "pass pass pass")
    assert s.phase == "over" and GAME.scores(s) == [23, 23, 23]
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)  # six First Delivery tokens
    s2 = replace(s, seats=tuple(replace(x, firsts=(1, 1, 1, 0), points=20, bonus=3)
                                for x in s.seats),
                 stations=((corner("A1B1B2"), 2),))
    out2 = GAME.outcome(s2)
    assert out2 is not None and out2.winners == (2,)  # then most stations


def test_sd5_nine_stations_at_most() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT")})
    s = replace(s, stations=tuple((c, 0) for c in (20, 21, 22, 23, 24, 25, 26, 27, 28)))
    err = refused(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT")
    assert err.rule == "SD-5"


# -- SD-6 explore and build ---------------------------------------------------------------------
def alice_built() -> State:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT"),
                       1: ("R", "R", "R", "R", "BF", "YS", "PF", "GO", "GS", "BO")})
    return run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT .")


def test_sd6_route_through_earth_is_refused() -> None:
    s = alice_built()
    # a route back to an Earth corner can only end there: the station site is what is wrong,
    # and the refusal names that rule (SD-1), not the route's
    err = refused(s, "B:EA2A3-A2A3B4-A2B3B4-A2B2B3-A1A2B2-EA1A2:R.R.R.R")
    assert err.rule == "SD-1" and "touches Earth" in err.message
    err = refused(s, "B:EA1A2-EA2A3-A2A3B4-A3B4B5:R.R.GO")  # along Earth's edge
    assert err.rule == "SD-6" and "Earth's edge" in err.message


def test_sd6_route_through_a_station_is_refused() -> None:
    s = alice_built()
    err = refused(s, "B:EA1A2-A1A2B2-A1B1B2-A1B1B12:R.GO.PF")
    assert err.rule == "SD-6" and "through the station at A1B1B2" in err.message


def test_sd6_route_with_no_new_segment_is_refused() -> None:
    s = alice_built()  # A1A2B2 is a junction of Alice's route and a legal site (A1 is a world)
    err = refused(s, "B:EA1A2-A1A2B2:GO")
    assert err.rule == "SD-6" and "at least one new segment" in err.message


def test_sd6_unpaid_and_mismatched_payments_are_refused() -> None:
    s = alice_built()
    err = refused(s, "B:EA1A2-A1A2B2-A2B2B3:BF.YS")  # the new segment is not paid
    assert err.rule == "SD-6" and err.message.startswith("unpaid")
    err = refused(s, "B:EA1A2-A1A2B2-A2B2B3:R.YS.PF")  # neither card matches blue or green
    assert err.rule == "SD-6" and "at least 1" in err.message
    err = refused(s, "B:EA1A2-A1A2B2-A2B2B3:R.R.BF.YS")  # one fuel card too many
    assert err.rule == "SD-G5"
    s2 = run(s, "B:EA1A2-A1A2B2-A2B2B3:R.BF.YS")  # one substitute allowed for two worlds
    assert s2.seats[1].points == 3 and s2.seats[1].location == corner("A2B2B3")


def test_sd6_a_single_world_must_be_matched() -> None:
    tiles = dict(SAMPLE_TILES, B3="S")
    s = journey(tiles, hands={0: ("R", "R", "PO", "YO", "BO")})
    err = refused(s, "B:EA1A2-A1A2B2-A2B2B3:R.YO")  # only B2 (blue) touches A2B2B3
    assert err.rule == "SD-6" and "all of the goods cards must match" in err.message
    assert run(s, "B:EA1A2-A1A2B2-A2B2B3:R.R.BO").seats[0].points == 2


def test_sd6_fast_burn_pays_two_segments() -> None:
    s = journey(hands={0: ("PF", "PM", "GS", "PT")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:PF.PM.GS.PT")
    assert s.seats[0].points == 4 and s.seats[0].hand == ()


def test_sd6_route_must_start_at_the_ship() -> None:
    s = run(alice_built(), "B:EA1A2-A1A2B2-A2B2B3:R.BF.YS . pass pass")
    assert s.current == 1 and s.seats[1].location == corner("A2B2B3")
    err = refused(s, "B:EA2A3-A2A3B4-A2B3B4:R.R.GO.GS")
    assert err.rule == "SD-6" and "must begin where the ship is: A2B2B3" in err.message
    s = run(s, "B:A2B2B3-A2B3B4:R.GO.GS")  # B3 green, B4 yellow: one substitute
    assert s.seats[1].points == 3 + 3 and s.seats[1].location == corner("A2B3B4")


# -- SD-7 travel ---------------------------------------------------------------------------------
def bob_at_home() -> State:
    """Alice at A1B1B2, Bob at A2B2B3 (both joined through the junction A1A2B2); Bob's turn."""
    s = run(alice_built(), "B:EA1A2-A1A2B2-A2B2B3:R.BF.YS . pass pass")
    assert s.current == 1
    return s


def test_sd7_one_step_per_card_and_earth_is_a_stop() -> None:
    s = bob_at_home()
    assert run(s, "T:E:R").seats[1].location == EARTH
    assert run(s, "T:A1B1B2-E:PF").seats[1].location == EARTH  # Fast Burn: two steps
    err = refused(s, "T:A1B1B2-E:R")
    assert err.rule == "SD-7" and err.message.startswith("unpaid")
    err = refused(s, "T:A2B3B4:R")  # no route there
    assert err.rule == "SD-7" and "one step reaches E, A1B1B2" in err.message


def test_sd7_a_step_stops_at_the_first_station() -> None:
    s = bob_at_home()
    s = replace(s, stations=(*s.stations, (corner("A1A2B2"), 2)))  # Carol's at the junction
    err = refused(s, "T:A1B1B2:R")
    assert err.rule == "SD-7" and "one step reaches A1A2B2" in err.message
    assert run(s, "T:A1A2B2-A1B1B2:R.R").seats[1].location == corner("A1B1B2")


def test_sd_g9_a_step_cannot_return_to_where_it_began() -> None:
    s = bob_at_home()
    err = refused(s, "T:A2B2B3:R")
    assert err.rule == "SD-7"


# -- SD-8 rounds ---------------------------------------------------------------------------------
def test_sd8_rounds_option() -> None:
    log = new_log("spatial-delivery", PLAYERS, None, {"chance": "table", "rounds": 1})
    assert log.setup == {"chance": "table", "rounds": 1}
    s = GAME.initial_state(log.setup, log.players, None)
    assert s.rounds == 1
    for bad in (0, 10, True, "5"):
        with pytest.raises(SetupError, match="SD-8"):
            GAME.new_setup(None, PLAYERS, {"rounds": bad})
    s = journey()
    s = replace(s, rounds=1)
    s = run(s, "pass pass pass")
    assert s.phase == "over" and GAME.outcome(s) is not None


def test_setup_errors() -> None:
    with pytest.raises(SetupError):
        GAME.new_setup(None, PLAYERS, {"chance": "seeded"})
    with pytest.raises(SetupError):
        GAME.new_setup(1, PLAYERS, {"chance": "dice"})
    with pytest.raises(SetupError):
        GAME.initial_state({"chance": "seeded"}, PLAYERS, None)
    with pytest.raises(SetupError):
        GAME.initial_state({"chance": "table", "deal": []}, PLAYERS, None)
    with pytest.raises(SetupError):
        GAME.check_players(["Alice", "Bob"])
    with pytest.raises(SetupError):
        GAME.check_players(["a", "b", "c", "d", "e", "f"])


# -- SD-T1 turn structure ------------------------------------------------------------------------
def test_t1_actions_in_order_and_once_each() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BM", "BO", "YB", "YE")})
    err = refused(s, "+Y")
    assert err.rule == "SD-T1"
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT")
    err = refused(s, "B:A1B1B2-A1B1B12:BO")
    assert err.rule == "SD-T1" and "after the trade mission" in err.message
    s = run(s, "D:BM>B2")
    err = refused(s, "D:BO>B2")
    assert err.rule == "SD-T1"
    s = run(s, "A:YE")
    err = refused(s, "A:YB")
    assert err.rule == "SD-T1" and "end of the turn" in err.message
    assert GAME.legal(s) == [parse_event(".")]


def test_t1_market_phase_takes_only_cards() -> None:
    s = run(table(), "^YM ^BF ^PM ^GD")
    assert s.phase == "market" and GAME.actor(s) == 0
    err = refused(s, "pass")
    assert err.rule == "SD-T1" and "Goods Market" in err.message


# -- SD-T2 the Goods Market ------------------------------------------------------------------------
def test_t2_two_fuel_and_four_picks_each_in_turn_order() -> None:
    s = run(table(), "^YM ^BF ^PM ^GD")
    assert [x.hand for x in s.seats] == [("R", "R")] * 3
    s = run(s, "+Y ^YO")
    assert GAME.actor(s) == 1 and s.seats[0].hand == ("R", "R", "YM")
    s = run(table(), SAMPLE_MARKET)
    assert all(len(x.hand) == 6 for x in s.seats) and s.phase == "journey"


def test_t2_an_empty_slot_cannot_be_taken() -> None:
    s = run(table(), "^YM ^BF ^PM ^GD")
    s = s.with_goods(0, Goods())
    err = refused(s, "+Y")
    assert err.rule == "SD-T2"


# -- SD-T3 hands -----------------------------------------------------------------------------------
def test_t3_cards_must_be_in_hand() -> None:
    s = journey(hands={0: ("R", "PM", "GS", "PT")})
    err = refused(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT")
    assert err.rule == "SD-T3" and "no R" in err.message
    err = refused(s, "A:YE")
    assert err.rule == "SD-T3"


# -- SD-T4 one station per corner ------------------------------------------------------------------
def test_t4_one_station_per_corner() -> None:
    s = with_hand(bob_at_home(), 2, "R", "R", "R", "BO", "GO")
    s = replace(s, current=2, seats=tuple(replace(x, passed=False) for x in s.seats))
    err = refused(s, "B:EA2A3-A2A3B4-A2B3B4-A2B2B3:R.R.R.BO.GO")
    assert err.rule == "SD-T4" and "already stands at A2B2B3" in err.message


# -- SD-T5 delivering ------------------------------------------------------------------------------
def test_t5_delivery_needs_an_adjacent_matching_world_with_a_token() -> None:
    s = journey(hands={0: ("R", "R", "R", "PM", "GS", "PT", "BM", "YO", "GM")})
    err = refused(s, "D:BM>B2")
    assert err.rule == "SD-T5" and "at Earth" in err.message
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT")
    err = refused(s, "D:GM>B3")
    assert err.rule == "SD-T5" and "does not touch" in err.message
    err = refused(s, "D:GM>B2")
    assert err.rule == "SD-T5" and "buys Medicine" in err.message
    err = refused(s, "D:R>B2")
    assert err.rule == "SD-T5"
    s2 = run(journey(dict(SAMPLE_TILES, B1="S"), hands={0: ("R", "R", "PM", "BO", "YO")}),
             "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.BO")
    err = refused(s2, "D:YO>B1")
    assert err.rule == "SD-T5" and "not a Settled World" in err.message


# -- SD-T6 card powers and their timing ------------------------------------------------------------
def test_t6_only_barter_enterprise_initiative_are_card_actions() -> None:
    s = journey(hands={0: ("PM", "PF", "YB")})
    for card in ("PM", "PF"):
        err = refused(s, f"A:{card}")
        assert err.rule == "SD-T6"
    s2 = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BO")})
    err = refused(s2, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BO>B2!")
    assert err.rule == "SD-T6"


def test_t6_barter_as_card_action_takes_a_card_then_the_turn_ends() -> None:
    s = journey(hands={0: ("YB",)})
    market = s.goods[1].market
    s = run(s, "A:YB")
    assert s.must_take
    err = refused(s, ".")
    assert err.rule == "SD-T1" and "Barter" in err.message
    s = run(s, "+B")
    assert s.seats[0].hand == (market,) and GAME.actor(s) == CHANCE


# -- SD-T7 passing ---------------------------------------------------------------------------------
def test_t7_pass_only_without_actions_and_passed_players_are_skipped() -> None:
    s = journey(hands={0: ("YB",), 1: ("R",)})
    err = refused(s, ".")
    assert err.rule == "SD-T7"
    s = run(s, "A:YB +Y")
    s = run(s, GAME.notation(GAME.chance_outcomes(s)[0]))
    err = refused(s, "pass")  # Alice's turn is not over yet: she acted
    assert err.rule == "SD-T7"
    s = run(s, ". pass pass")  # Bob and Carol pass
    assert s.current == 0
    s = run(s, "pass")
    assert s.round == 2 and s.phase == "market"


# -- SD-T8 / SD-T9 chance --------------------------------------------------------------------------
def test_t8_impossible_or_unawaited_outcomes_are_refused() -> None:
    s = GAME.initial_state({"chance": "table"}, PLAYERS, None)
    s = run(s, " ".join(f"A{i}=Y" for i in range(1, 6)))
    err = refused(s, "A6=Y")
    assert err.rule == "SD-T8" and "all 5 tiles" in err.message
    err = refused(s, "C1=S")
    assert err.rule == "SD-T8" and "not awaited" in err.message
    err = refused(s, "+Y")
    assert err.rule == "SD-T8" and "first log" in err.message
    s = run(s, "^YB")
    err = refused(s, "^YM")
    assert err.rule == "SD-T8"
    s = run(table(), "^YB ^BF ^PM ^GD +Y")
    err = refused(s, "^YB")  # the only yellow Barter is in Alice's hand
    assert err.rule == "SD-T8" and "no such card" in err.message


def seeded_state(seed: int = 7) -> State:
    log = new_log("spatial-delivery", PLAYERS, seed, {"chance": "seeded"})
    return GAME.initial_state(log.setup, log.players, log.seed)


def test_t9_seeded_play_follows_the_seed() -> None:
    s = seeded_state()
    dealt = GAME.dealt_outcome(s)
    assert dealt is not None
    other = next(e for e in GAME.chance_outcomes(s) if e != dealt and
                 GAME.notation(e).split("=")[0] == GAME.notation(dealt).split("=")[0])
    with pytest.raises(IllegalMove) as info:
        GAME.apply(s, other)
    assert info.value.rule == "SD-T9" and info.value.legal == (GAME.notation(dealt),)
    done = resolve_dealt(GAME, s)[0]
    assert done.phase == "market" and done == resolve_dealt(GAME, seeded_state())[0]
    assert done.tiles != resolve_dealt(GAME, seeded_state(8))[0].tiles
    assert GAME.dealt_outcome(table()) is None


# -- SD-T10 game over ------------------------------------------------------------------------------
def test_t10_nothing_after_the_end() -> None:
    s = replace(journey(), rounds=1)
    s = run(s, "pass pass pass")
    assert GAME.actor(s) is None and GAME.legal(s) == []
    err = refused(s, "pass")
    assert err.rule == "SD-T10"


# -- SD-T11 Return to Earth ------------------------------------------------------------------------
def test_t11_turn_order_follows_the_next_turn_track() -> None:
    s = journey(hands={0: ("PI",), 2: ("YI",)})
    s = run(s, "pass pass A:YI .")  # Alice passes, Bob passes, Carol takes the first space
    assert s.next_track == (2,)
    s = run(s, "pass")
    assert s.order == (2, 0, 1) and s.next_track == ()
    assert s.phase == "market" and GAME.actor(s) == 2
    s2 = journey(hands={1: ("PI",), 2: ("YI",)})
    s2 = run(s2, "pass A:PI . A:YI . pass pass")
    assert s2.order == (1, 2, 0)


# -- SD-T12 scoring during play --------------------------------------------------------------------
def test_t12_station_scores_one_plus_one_per_world() -> None:
    s = journey(hands={0: ("R", "R", "BO", "YO"), 1: ("R", "R", "R", "PO", "GO", "YO")})
    s = run(s, "B:EA1A2-A1A2B2-A2B2B3:R.R.BO.YO .")  # B2 and B3 touch it; one substitute
    assert s.seats[0].points == 3
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.PO.GO.YO")  # one new segment, three worlds
    assert s.seats[1].points == 4


# -- gaps settled ----------------------------------------------------------------------------------
def test_g1_no_route_along_earths_edge() -> None:
    s = alice_built()
    err = refused(s, "B:EA1A2-EA2A3-A2A3B4-A3B4B5:R.R.GO")
    assert err.rule == "SD-6" and "runs along Earth's edge" in err.message


def test_g5_payments_are_exact() -> None:
    s = bob_at_home()
    err = refused(s, "T:E:R.R")
    assert err.rule == "SD-G5" and "leave it out" in err.message
    err = refused(s, "T:E:R.PF")
    assert err.rule == "SD-G5"
    assert run(s, "T:E:PF").seats[1].hand.count("PF") == 0  # a Fast Burn may pay one step


def test_g12_tokens_come_from_an_unlimited_supply() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BS", "BS")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BS>B2 .")
    s = replace(s, current=0, stage=0)
    s = run(s, "D:BS>B2")  # Shortage: the world has no token; one comes from the supply
    assert s.seats[0].points == 4 + 2 + 2


def test_g2_reshuffle_when_the_deck_runs_out() -> None:
    s = run(table(), "^YB ^BF ^PM ^GD")
    s = s.with_goods(0, Goods(market="YB", deck=(), discards=("YE", "YM", "YM")))
    s = run(s, "+Y")
    g = s.goods[0]
    assert g.deck == ("YE", "YM", "YM") and g.discards == () and g.reshuffles == 1
    assert [GAME.notation(e) for e in GAME.chance_outcomes(s)] == ["^YE", "^YM"]
    s2 = run(table(), "^YB ^BF ^PM ^GD").with_goods(0, Goods(market="YB"))
    s2 = run(s2, "+Y")
    assert s2.goods[0].market is None and not s2.pending  # stays empty


def test_g2_seeded_reshuffle_comes_from_the_seed() -> None:
    s = resolve_dealt(GAME, seeded_state())[0]
    s = s.with_goods(0, Goods(market="YB", deck=(), discards=("YE", "YM", "YO")))
    a = run(s, "+Y")
    b = run(s, "+Y")
    assert a == b and sorted((*a.goods[0].deck, a.goods[0].market or "")) == [
        "YE", "YM", "YO"]


def test_g3_fuel_depot_short() -> None:
    s = journey(hands={0: ("R",) * 26, 1: (), 2: ()})
    s = run(s, "pass pass pass")
    assert [x.hand.count("R") for x in s.seats] == [28, 2, 0] and s.fuel_in_depot == 0


def test_g4_an_empty_market_ends_the_picks() -> None:
    s = run(table(), "^YB ^BF ^PM ^GD")
    s = replace(s, goods=(Goods(market="YB"), Goods(), Goods(), Goods()))
    s = run(s, "+Y")
    assert s.phase == "journey" and s.seats[0].hand == ("R", "R", "YB")


def test_g7_enterprise_turns_stack() -> None:
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BE", "YE")})
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BE>B2! A:YE .")
    assert s.current == 0 and s.extra_turns == 1
    s = run(s, "pass")
    assert s.current == 1 and s.extra_turns == 0 and s.seats[0].passed


def test_g8_barter_needs_a_face_up_card() -> None:
    s = journey(hands={0: ("YB",)})
    s = replace(s, goods=tuple(replace(g, market=None) for g in s.goods))
    err = refused(s, "A:YB")
    assert err.rule == "SD-G8"


def test_g10_initial_turn_order_is_the_seating() -> None:
    assert table().order == (0, 1, 2)


# -- notation, summary, replay ---------------------------------------------------------------------
def test_notation_round_trips_and_refuses_garbage() -> None:
    for text in ("+Y", "B:EA1A2-A1A2B2:R.PF", "T:A1B1B2-E:R.R", "D:GD>B3", "D:BB>B2!",
                 "A:YE", ".", "pass", "B3=G", "C18=S", "^PD"):
        assert GAME.notation(GAME.parse(text)) == text
    assert GAME.parse("b:a2a1e-b2a1a2:r") == Build((corner("EA1A2"), corner("A1A2B2")), ("R",))
    assert GAME.parse("T:E:") == Travel((EARTH,), ())
    assert GAME.parse("d:go>b1") == Deliver("GO", hx("B1"))
    for bad in ("", "+R", "B:EA1A2-A1A3:R", "D:GZ>B3", "D:GO>B13", "^R", "E=S", "A7=G",
                "B:EA1A2:X", "Q"):
        with pytest.raises(NotationError):
            GAME.parse(bad)


def test_g11_summary_is_json_for_the_hex_map_with_public_hands() -> None:
    import json

    s = run(alice_and_bob(), "D:GD>B3")
    data = json.loads(json.dumps(GAME.summary(s)))
    assert len(data["hexes"]) == 37
    b2 = next(h for h in data["hexes"] if h["hex"] == "B2")
    assert b2 == {"hex": "B2", "q": -1, "r": 2, "ring": 2, "tile": "world", "goods": "B",
                  "score_token": None, "first_delivery": False}
    assert {r["border"] for r in data["routes"]} == {"A1|A2", "A1|B2", "A2|B2"}
    assert [st["corner"] for st in data["stations"]] == ["A1B1B2", "A2B2B3"]
    assert data["ships"][1]["at"] == "A2B2B3" and data["scores"] == [6, 7, 0]
    assert data["hands"][0] == {"seat": 0, "size": 1, "fuel": 0, "cards": ["BM"]}
    assert data["market"]["B"]["face_up"] == "BO" and data["turn"] == 1
    assert data["awaiting"] == "decision" and data["result"] is None


SAMPLE_EVENTS = [
    *(f"{h}={k}" for h, k in SAMPLE_TILES.items()), *SAMPLE_MARKET.split(),
    "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT", "D:BB>B2!", "+B", "^BO", ".",
    "B:EA1A2-A1A2B2-A2B2B3:R.BF.YS", "D:GD>B3", ".", "pass", "pass",
    "T:A1B1B2:R", "D:GO>B1", ".", "pass",
]


def test_replay_of_the_sample_and_the_first_bad_event() -> None:
    log = new_log("spatial-delivery", PLAYERS, None, {"chance": "table"})
    result = replay(log.with_events(SAMPLE_EVENTS))
    assert result.ok and result.to_json()["scores"] == {"Alice": 7, "Bob": 9, "Carol": 0}
    bad = replay(log.with_events([*SAMPLE_EVENTS[:-4], "D:GO>B2"]))
    assert bad.error is not None and bad.error["index"] == len(SAMPLE_EVENTS) - 4
    assert bad.error["rule"] == "SD-T5"


def test_the_recorded_sample_log_replays(tmp_path: object) -> None:
    from pathlib import Path

    from pnp.engine import load_log

    path = Path(__file__).parent / "data" / "spatial_delivery_sample.json"
    log = load_log(path.read_text())
    assert list(log.events) == SAMPLE_EVENTS
    result = replay(log)
    assert result.ok and result.state.round == 2


def test_the_texts_card_action_example_barter_then_enterprise() -> None:
    """Deliver a Barter, take an Enterprise with it, use that as the card action: one more turn."""
    s = journey(hands={0: ("R", "R", "PM", "GS", "PT", "BB")})
    s = s.with_goods(3, replace(s.goods[3], market="GE", deck=tuple(
        c for c in s.goods[3].deck if c != "GE") + ((s.goods[3].market,) if s.goods[3].market
                                                    else ())))
    s = run(s, "B:EA1A2-A1A2B2-A1B1B2:R.R.PM.GS.PT D:BB>B2! +G")
    s = run(s, GAME.notation(GAME.chance_outcomes(s)[0]))
    assert s.seats[0].hand == ("GE",) and s.stage == 2
    s = run(s, "A:GE .")
    assert s.current == 0 and s.stage == 0 and s.seats[0].hand == ()

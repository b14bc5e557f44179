"""Galaxy Trucker ship properties over random seeded ships: legality kept by the notation
round-trip, removal and re-adding, exposed-connector identity, exact repair options (against
brute force), and hits that leave well-formed pieces."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine.errors import IllegalMove, NotationError
from pnp.engine.rng import Rng
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.build import (
    fits_cleanly,
    holds,
    open_squares,
    placement_problems,
    random_ship,
)
from pnp.games.galaxy_trucker.check import check, find_repairs, remove, repair_options
from pnp.games.galaxy_trucker.crew import full_crew
from pnp.games.galaxy_trucker.hits import (
    DICE,
    Threat,
    first_struck,
    impact,
    keep_piece,
    parse_threat,
    resolve,
)
from pnp.games.galaxy_trucker.notation import format_ship, parse_crew, parse_ship, parse_shot
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.strength import (
    cannon_choices,
    cannon_halves,
    engine_choices,
    format_halves,
    format_strength,
)
from pnp.games.galaxy_trucker.tiles import Connector, TileSet, generate_tiles, joins

SEEDS = st.integers(min_value=0, max_value=2**32)
BOARD_NAMES = st.sampled_from(sorted(BOARDS))
TILESETS: dict[int, TileSet] = {}


def tiles(seed: int) -> TileSet:
    key = seed % 5
    if key not in TILESETS:
        TILESETS[key] = generate_tiles(key)
    return TILESETS[key]


def legal_ship(seed: int, board: str) -> Ship:
    return random_ship(tiles(seed), BOARDS[board], Rng(seed, "prop"))


def broken_ship(seed: int, board: str, turns: int) -> Ship:
    """A legal ship with a few tiles turned: real mistakes inside a held-together ship."""
    rng = Rng(seed, "broken")
    s = legal_ship(seed, board)
    ps = list(s.placements)
    for _ in range(turns):
        i = rng.below(len(ps))
        if ps[i].id != 141:
            ps[i] = replace(ps[i], rotation=(ps[i].rotation + 1 + rng.below(3)) % 4)
    return Ship.of(s.board, ps)


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES)
def test_random_ships_are_legal_and_round_trip(seed: int, board: str) -> None:
    s = legal_ship(seed, board)
    assert check(s) == []
    assert len(s) > 1
    text = format_ship(s)
    again = parse_ship(text, tiles(seed))
    assert again == s and format_ship(again) == text and check(again) == []
    shuffled = " ".join([board, *Rng(seed, "order").shuffled(text.split()[1:])])
    assert parse_ship(shuffled, tiles(seed)) == s


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES)
def test_exposed_connectors_identity(seed: int, board: str) -> None:
    # on a legal ship every touching pair joins or is smooth-smooth, so each join hides two
    s = legal_ship(seed, board)
    connectors = sum(p.tile.connector_count for p in s)
    joins_ = sum(len(v) for v in s.links.values()) // 2
    assert s.exposed_connectors == connectors - 2 * joins_


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES, st.integers(min_value=0, max_value=200))
def test_removing_a_loose_end_and_adding_it_back(seed: int, board: str, pick: int) -> None:
    s = legal_ship(seed, board)
    ends = [p for p in s if p.id != 141 and len(s.without([p.id]).pieces()) == 1]
    if not ends:
        return
    p = ends[pick % len(ends)]
    smaller = s.without([p.id])
    assert check(smaller) == []
    assert holds(smaller, p) and placement_problems(smaller, p) == []
    assert smaller.adding(p) == s
    assert p.cell in open_squares(smaller)


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES, st.integers(min_value=0, max_value=143), st.integers(0, 3),
       st.integers(0, 50))
def test_fast_placement_test_agrees_with_the_full_check(
        seed: int, board: str, tile: int, rotation: int, where: int) -> None:
    s = legal_ship(seed, board)
    unused = [t for t in tiles(seed).warehouse if t.id not in s]
    squares = open_squares(s)
    if not squares:
        return
    p = Placement(unused[tile % len(unused)], *squares[where % len(squares)], rotation)
    assert fits_cleanly(s, p) == (holds(s, p) and not placement_problems(s, p))


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES, st.integers(min_value=1, max_value=4))
def test_every_repair_option_works_and_is_minimal(seed: int, board: str, turns: int) -> None:
    s = broken_ship(seed, board, turns)
    options = repair_options(s)
    assert options
    for r in options:
        assert check(r.ship) == []
        assert r.ship.ids | r.removed | r.fallen == s.ids
        assert 141 in r.ship
        assert r.removed or not check(s)  # GT-R1: a repair removes one or more tiles
        if len(r.removed) > 1:
            for tile in r.removed:
                assert check(remove(s, r.removed - {tile}).ship) != []
    if not check(s):
        assert [r.notation for r in options] == ["-"]
    elif not check(remove(s, ()).ship):  # only tiles that are not held are wrong
        loose = s.ids - s.piece_of(141)
        assert {r.removed for r in options} == {frozenset({i}) for i in loose}


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(min_value=1, max_value=3))
def test_repair_options_match_brute_force(seed: int, turns: int) -> None:
    s = broken_ship(seed, "I", turns)
    mistakes = [v for v in check(s) if v.rule != "GT-S7"]
    others = sorted(s.ids - {141})
    if len(others) > 11:
        others_kept = set(others[:11])
        s = s.keeping(s.piece_of(141) & (others_kept | {141}))
        mistakes = [v for v in check(s) if v.rule != "GT-S7"]
        others = sorted(s.ids - {141})
    limit = len(mistakes)
    good = [frozenset(c) for n in range(limit + 1) for c in combinations(others, n)
            if not check(remove(s, c).ship)]
    minimal = {g for g in good if not any(h < g for h in good)}
    if frozenset() in minimal and check(s):  # GT-R1: remove one of the tiles not held
        minimal = {frozenset({i}) for i in s.ids - s.piece_of(141)}
    search = find_repairs(s)
    assert search.complete and {r.removed for r in search.options} == minimal


@settings(max_examples=80, deadline=None)
@given(SEEDS, BOARD_NAMES, st.sampled_from(["S", "L", "l", "H"]),
       st.sampled_from(["F", "R", "B", "L"]), st.sampled_from(list(DICE)))
def test_hits_strike_the_first_tile_and_leave_clean_pieces(
        seed: int, board: str, size: str, direction: str, line: int) -> None:
    s = legal_ship(seed, board)
    threat = Threat(size, direction)  # type: ignore[arg-type]
    hit = impact(s, threat, line)
    struck = first_struck(s, threat, line)
    assert hit.struck == struck
    in_line = [p for p in s if (p.col if threat.along_column else p.row) == line]
    if struck is None:
        assert in_line == [] and hit.outcome == "miss"
        return
    # nothing lies between the threat's side and the struck tile
    dr, dc = threat.side.delta
    r, c = struck.row + dr, struck.col + dc
    while 0 <= r <= 14 and 0 <= c <= 14:
        assert s.at((r, c)) is None
        r, c = r + dr, c + dc
    if size == "S":
        smooth = struck.connector(threat.side) is Connector.SMOOTH
        assert (hit.outcome == "bounce") == smooth
    for d in hit.defences:
        assert d.tile in s and d.cost in (0, 1)
    damage = resolve(s, hit, None, batteries=0)
    if hit.outcome == "bounce":
        assert damage.ship == s
        return
    assert damage.ship.ids == s.ids - {struck.id}
    pieces = damage.pieces
    assert frozenset().union(*pieces) == damage.ship.ids if pieces else damage.ship.ids == set()
    for piece in pieces:
        kept, lost = keep_piece(damage.ship, min(piece))
        assert kept.ids == piece and lost == damage.ship.ids - piece
        assert len(kept.pieces()) == 1


@settings(max_examples=40, deadline=None)
@given(SEEDS, BOARD_NAMES, st.integers(min_value=0, max_value=6))
def test_strength_choices_grow_with_batteries(seed: int, board: str, batteries: int) -> None:
    s = legal_ship(seed, board)
    crew = full_crew(s)
    engines = engine_choices(s, crew, batteries)
    assert [c.batteries for c in engines] == list(range(len(engines)))
    assert all(b.strength - a.strength == 2 for a, b in pairwise(engines))
    cannons = cannon_choices(s, crew, batteries)
    assert all(b.strength > a.strength for a, b in pairwise(cannons))
    assert len(cannons) <= batteries + 1
    for c in cannons:  # the flight adds and compares them in half points
        assert c.strength == Fraction(cannon_halves(s, crew, c.powered), 2)
        assert format_halves(cannon_halves(s, crew, c.powered)) == format_strength(c.strength)


def test_joins_is_symmetric_and_matches_the_text() -> None:
    for a in Connector:
        for b in Connector:
            assert joins(a, b) == joins(b, a)
    assert not joins(Connector.SIMPLE, Connector.DOUBLE)
    assert all(joins(Connector.UNIVERSAL, c) for c in Connector if c is not Connector.SMOOTH)
    assert not any(joins(Connector.SMOOTH, c) for c in Connector)
    assert {s.opposite.opposite for s in SIDES} == set(SIDES) and Side.N.opposite is Side.S


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789@,/;: -IabHPBOSLlFRX\u00b2\u0663")),
               max_size=40))
def test_parsers_refuse_junk_cleanly(text: str) -> None:
    """Any text is a value or a NotationError/IllegalMove - never another exception."""
    for parse in (lambda x: parse_ship(x, tiles(0)), parse_crew, parse_shot, parse_threat):
        with contextlib.suppress(NotationError, IllegalMove):
            parse(text)


@settings(max_examples=60, deadline=None)
@given(SEEDS, BOARD_NAMES, st.integers(min_value=0, max_value=6))
def test_the_joins_the_spot_check_notes_are_the_ships_links(seed: int, board: str,
                                                            turns: int) -> None:
    """``check`` notes each tile's joins (``Ship.links``) as it looks at the touching pairs:
    the same as working them out on their own, mistakes or not."""
    s = broken_ship(seed, board, turns)
    fresh, known = Ship.of(s.board, s.placements), Ship.of(s.board, s.placements)
    links = known.links  # worked out on their own, before the check
    found = check(fresh)
    assert fresh.__dict__["links"] == links
    assert found == check(known)

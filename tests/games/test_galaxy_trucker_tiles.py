"""Galaxy Trucker tiles and boards: the GT-1 mix and GT-2 connector totals for every seed."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from pathlib import Path

import pytest

from pnp.games.galaxy_trucker.boards import BOARDS, board
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import (
    BARREL,
    EXHAUST,
    FIT_BITS,
    PILOT_IDS,
    Connector,
    Kind,
    Tile,
    generate_tiles,
    sides_from,
    sides_text,
    statistics,
)

GT1 = Counter({"cabin": 16, "engine": 19, "engine2": 7, "cannon": 23, "cannon2": 8,
               "battery 2": 9, "battery 3": 6, "shield": 8, "cargo 2": 9, "cargo 3": 6,
               "special 1": 6, "special 2": 3, "structural": 8, "life-brown": 6,
               "life-purple": 6})
GT2_SIDES = Counter({"smooth": 241, "simple": 111, "double": 111, "universal": 97})
GT2_PER_TILE = Counter({"1": 31, "2": 55, "3": 38, "4": 16})


@pytest.mark.parametrize("seed", range(100))
def test_tile_set_matches_gt1_and_gt2_exactly(seed: int) -> None:
    tiles = generate_tiles(seed)
    stats = statistics(tiles)
    assert stats["kinds"] == GT1
    assert stats["sides"] == GT2_SIDES
    assert stats["connectors per tile"] == GT2_PER_TILE
    assert len(tiles.warehouse) == 140 and len(tiles.tiles) == 144
    assert [t.id for t in tiles.tiles] == list(range(1, 145))
    for t in tiles.warehouse:
        if t.kind.is_engine:
            assert t.connector(EXHAUST) is Connector.SMOOTH
        if t.kind.is_cannon:
            assert t.connector(BARREL) is Connector.SMOOTH
        if t.kind is Kind.STRUCTURAL:
            assert t.connector_count == 4
    for t in tiles.pilots:
        assert t.sides == (Connector.UNIVERSAL,) * 4
    assert [t.id for t in tiles.pilots] == list(PILOT_IDS)
    assert {t.colour for t in tiles.pilots} == {"blue", "red", "green", "yellow"}


def test_the_deal_is_pinned() -> None:
    """A printed kit must match the tracker's tiles for its seed next year: the deal of these
    seeds is pinned (a speed-up of ``generate_tiles`` must deal the very same tiles)."""
    h = hashlib.sha256()
    for seed in (0, 1, 7, 2026, 2**63 - 1):
        for t in generate_tiles(seed).tiles:
            h.update(f"{t.id} {t.kind.value} {sides_text(t)} {t.capacity} {t.colour};".encode())
    assert h.hexdigest()[:16] == "01aee9a265076804"


def test_same_seed_same_tiles_other_seed_other_tiles() -> None:
    assert generate_tiles(7) == generate_tiles(7)
    a, b = generate_tiles(7), generate_tiles(8)
    assert [sides_text(t) for t in a.tiles] != [sides_text(t) for t in b.tiles]
    # the kinds and ids stay put: the printed id tells the function
    assert [t.kind for t in a.tiles] == [t.kind for t in b.tiles]


def test_capacities() -> None:
    tiles = generate_tiles(3)
    cells = Counter(t.capacity for t in tiles.warehouse if t.kind is Kind.BATTERY)
    assert cells == Counter({2: 9, 3: 6})
    holds = Counter(t.capacity for t in tiles.warehouse if t.kind is Kind.SPECIAL_CARGO)
    assert holds == Counter({1: 6, 2: 3})
    assert tiles[141].label == "pilot cabin (blue)"
    assert 145 not in tiles and 1 in tiles


def test_sides_text_round_trip_and_errors() -> None:
    assert sides_from("sdu-") == (Connector.SIMPLE, Connector.DOUBLE, Connector.UNIVERSAL,
                                  Connector.SMOOTH)
    for bad in ("sdu", "sdux", "SDU-"):
        with pytest.raises(ValueError):
            sides_from(bad)


@pytest.mark.parametrize(("name", "cells", "cap"),
                         [("I", 18, 5), ("II", 27, 8), ("III", 36, 11), ("IIIa", 36, None)])
def test_boards_match_gt3(name: str, cells: int, cap: int | None) -> None:
    b = board(name)
    assert len(b.cells) == cells
    assert b.max_penalty == cap
    assert b.start == (7, 7) and b.start in b.cells
    # every number a 2d6 roll names is a plain row or column number of the board
    assert all(2 <= r <= 12 for r in b.rows) and all(2 <= c <= 12 for c in b.columns)


def test_board_rows_and_penalty() -> None:
    assert BOARDS["I"].rows == (5, 6, 7, 8, 9)
    assert (9, 7) not in BOARDS["I"].cells and (9, 6) in BOARDS["I"].cells
    assert BOARDS["III"].columns == tuple(range(3, 12))
    assert (6, 4) not in BOARDS["III"].cells and (6, 3) in BOARDS["III"].cells
    assert BOARDS["IIIa"].rows == tuple(range(3, 12))
    assert BOARDS["I"].penalty(3) == 3 and BOARDS["I"].penalty(12) == 5
    assert BOARDS["IIIa"].penalty(40) == 40
    with pytest.raises(KeyError, match="boards: I, II, III, IIIa"):
        board("IV")


def test_seed_0_tile_set_is_pinned() -> None:
    """A kit printed today must match the tracker's tiles later: the generator is frozen."""
    path = Path(__file__).parent / "data" / "galaxy_trucker_tiles_seed0.txt"
    rows = [line.split() for line in path.read_text().splitlines() if not line.startswith("#")]
    tiles = generate_tiles(0)
    assert len(rows) == 144
    for tile_id, label, sides in rows:
        t = tiles[int(tile_id)]
        assert (t.label.replace(" ", "-"), sides_text(t)) == (label, sides)


def test_id_ranges_as_documented_in_gt_b2() -> None:
    ranges = {"cabin": (1, 16), "engine": (17, 35), "engine2": (36, 42), "cannon": (43, 65),
              "cannon2": (66, 73), "battery 2": (74, 82), "battery 3": (83, 88),
              "shield": (89, 96), "cargo 2": (97, 105), "cargo 3": (106, 111),
              "special 1": (112, 117), "special 2": (118, 120), "structural": (121, 128),
              "life-brown": (129, 134), "life-purple": (135, 140)}
    tiles = generate_tiles(11)
    for label, (lo, hi) in ranges.items():
        assert {t.id for t in tiles.warehouse if t.label == label} == set(range(lo, hi + 1))
    doc = (Path(__file__).parents[2] / "docs/rulings-galaxy-trucker.md").read_text()
    flat = " ".join(doc.split())
    for text in ("cabins 1-16", "engines 17-35", "double engines 36-42", "cannons 43-65",
                 "double cannons 66-73", "batteries 74-82", "83-88", "shields 89-96",
                 "cargo 97-105", "106-111", "special cargo 112-117", "118-120",
                 "structural 121-128", "brown life support 129-134", "purple 135-140",
                 "141-144"):
        assert text in flat


def test_fit_tables_are_the_turned_faces_for_every_kind_and_sides() -> None:
    """``Tile.fit_codes`` and ``Tile.demands`` (written out per rotation) against their
    definition: the faces a rotation turns to each side, the exhaust kept to the rear and
    the barrel's square empty, for all 13 kinds x 256 side combinations."""
    accepts = {Connector.SMOOTH: 1, Connector.SIMPLE: 2 | 8, Connector.DOUBLE: 4 | 8,
               Connector.UNIVERSAL: 2 | 4 | 8}
    for kind in Kind:
        for sides in itertools.product(list(Connector), repeat=4):
            tile = Tile(1, kind, sides)
            codes, demands = [], []
            for rotation in range(4):
                faces = tile.faces[rotation]
                exhaust = (EXHAUST + rotation) % 4 if kind.is_engine else None
                barrel = (BARREL + rotation) % 4 if kind.is_cannon else None
                demands.append(tuple(0 if side in (exhaust, barrel) else accepts[faces[side]]
                                     for side in range(4)))
                if exhaust is not None and exhaust != Side.S:
                    continue
                blocked = exhaust if exhaust is not None else barrel
                codes.append((rotation, sum((1 << 4 if side == blocked else FIT_BITS[faces[side]])
                                            << 5 * side for side in range(4))))
            assert tile.fit_codes == tuple(codes), (kind, sides)
            assert tile.demands == tuple(demands), (kind, sides)


def _dealt_by_shuffling_each_tile(seed: int) -> list[tuple[Connector, ...]]:
    """The definition ``generate_tiles`` reads from tables: each tile's allowed sides
    shuffled in turn, its connectors on the first ones, types dealt N to W."""
    from pnp.engine.rng import Rng
    from pnp.games.galaxy_trucker import tiles as t

    rng = Rng(seed, "galaxy-trucker/tiles")
    counts = t._connector_counts(rng)
    types = t._TYPES[:]
    rng.shuffle(types)
    allowed = [list(a) for a in t._ALLOWED]
    for sides in allowed:
        rng.shuffle(sides)
    out, dealt = [], 0
    for index, n in enumerate(counts):
        faces = [Connector.SMOOTH] * 4
        for side in sorted(allowed[index][:n]):
            faces[side] = types[dealt]
            dealt += 1
        out.append(tuple(faces))
    return out


@pytest.mark.parametrize("seed", [*range(40), 2**63 - 1])
def test_side_tables_deal_as_shuffling_each_tile(seed: int) -> None:
    dealt = [tile.sides for tile in generate_tiles(seed).warehouse]
    assert dealt == _dealt_by_shuffling_each_tile(seed)

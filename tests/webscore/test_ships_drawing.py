"""The ship SVG: pipes per connector type, turned tiles, the board grid and numbers, mistakes
marked on their tile and side, tappable squares, escaped text."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from pnp.games.galaxy_trucker import Placement, Ship, board, check, generate_tiles
from pnp.games.galaxy_trucker import ship_drawing as drawing
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile, sides_from

NS = "{http://www.w3.org/2000/svg}"


def pipes(svg: str, connector: Connector) -> int:
    return svg.count(f'class="pipe {connector.word}"')


def test_each_connector_type_has_its_own_number_of_pipes() -> None:
    tile = Tile(1, Kind.STRUCTURAL, sides_from("sdu-"))
    body = drawing.tile_body(tile, 0)
    assert (pipes(body, Connector.SIMPLE), pipes(body, Connector.DOUBLE),
            pipes(body, Connector.UNIVERSAL)) == (1, 2, 3)
    # the whole tile turns with its rotation, the printed sides go along
    assert 'rotate(270 32.0 32.0)' in drawing.tile_body(tile, 3)
    assert drawing.describe_tile(tile, 1).endswith(
        "front smooth, right simple, rear double, left universal")


def test_the_ship_is_valid_svg_with_numbers_squares_and_tiles() -> None:
    tiles = generate_tiles(1)
    b = board("II")
    ship = Ship.of(b, [Placement(tiles[141], 7, 7), Placement(tiles[12], 6, 7, 2)])
    svg = drawing.draw(ship, link=lambda r, c: f"/x?cell={r},{c}&a=<b>")
    root = ElementTree.fromstring(svg)
    texts = [t.text for t in root.iter(f"{NS}text")]
    for n in (*b.rows, *b.columns):
        assert str(n) in texts
    assert "141" in texts and "12" in texts
    anchors = list(root.iter(f"{NS}a"))
    assert len(anchors) == len(b.cells)  # every valid square is tappable, tiles on them too
    assert all("&a=<b>" in a.get("href", "") for a in anchors)  # escaped, then parsed back
    assert "&amp;a=&lt;b&gt;" in svg


def test_mistakes_are_marked_on_their_tile_and_side() -> None:
    tiles = generate_tiles(1)
    # docs example with #11 turned back: a universal connector on #98's smooth side
    placements = [Placement(tiles[11], 6, 6), Placement(tiles[103], 6, 7, 1),
                  Placement(tiles[98], 7, 6, 1), Placement(tiles[141], 7, 7)]
    ship = Ship.of(board("I"), placements)
    found = check(ship)
    assert [(v.rule, v.tile, v.side) for v in found] == [("GT-S2", 11, Side.S)]
    svg = drawing.draw(ship, found)
    assert ">S2</text>" in svg
    # the red bar lies on the rear edge of row 6, column 6
    x = drawing.LEFT + (6 - 5) * drawing.CELL
    y = drawing.TOP + (6 - 5) * drawing.CELL + drawing.CELL
    bar = re.search(rf'<line x1="{x}" y1="{y}" x2="{x + drawing.CELL}" y2="{y}" '
                    rf'stroke="{drawing.BAD}"', svg)
    assert bar is not None
    assert drawing.draw(ship).count(drawing.BAD) == 0


def test_every_kind_draws_and_the_legend_names_the_connectors() -> None:
    tiles = generate_tiles(2)
    kinds = {t.kind: t for t in tiles.tiles}
    assert set(kinds) == set(Kind)
    for tile in kinds.values():
        for r in range(4):
            ElementTree.fromstring(drawing.tile_svg(tile, r))
    legend = drawing.legend()
    for word in ("simple", "double", "universal", "smooth", "exposed", "mistake"):
        assert f">{word}</text>" in legend

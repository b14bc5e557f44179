"""Galaxy Trucker drawn from the flight engine's summary, phone first (one narrow column): the
40-space flight loop with a rocket per seat (pilot-cabin colours: blue, red, green, yellow) and
the current card in its middle (stage, last roll, whose decision), the flight order under it
(leader first, lapped and given-up players marked), then one panel per seat with a small ship
drawing (``ship_drawing.draw``), the crew, battery tokens and goods laid on their tiles,
and the credits.

Tile faces depend on the seed the tiles were printed from; a summary without ``tile_seed``
still shows the ship's squares and tile ids.  Every text is escaped; anything the summary
lacks or gets wrong is drawn as unknown rather than failing.

This module puts the parts together and says where an entry is tapped; the parts are
``loop_drawing`` (the loop and the card), ``seat_drawing`` (one seat's ship, the chips),
``focus_drawing`` (the zoomed ship and a card's planets) and ``draw_common`` (sizes, colours,
reading the summary).
"""

from __future__ import annotations

from typing import Any

from pnp.engine.errors import PnpError
from pnp.engine.svg import short, svg, text
from pnp.games.galaxy_trucker.captions import tiles_named
from pnp.games.galaxy_trucker.draw_common import (
    BAD,
    CX1,
    CX2,
    CY,
    GOODS,
    INK,
    MIN_CELL,
    MUTED,
    PAD,
    PLANET_H,
    SHIP_Y,
    SPARE_H,
    SPOT_SHARE,
    STRIP_Y,
    W,
    as_dict,
    as_int,
    as_list,
    ships_of,
)
from pnp.games.galaxy_trucker.events import Land, parse_event
from pnp.games.galaxy_trucker.focus_drawing import (
    focus_layout,
    focus_seat,
    planet_centre,
    planet_shift,
    planets,
    zoomed,
)
from pnp.games.galaxy_trucker.loop_drawing import centre, loop, space_xy
from pnp.games.galaxy_trucker.seat_drawing import chips, tile_marks


def draw(summary: dict[str, Any]) -> str:
    ships = ships_of(summary)
    layout = focus_layout(summary, ships)
    focus = layout.seat if layout is not None else focus_seat(summary, ships)
    if layout is not None:
        bottom = layout.y + len(layout.rows) * layout.cell
    elif ships:
        bottom = SHIP_Y + planet_shift(summary) + SPARE_H
    else:
        bottom = STRIP_Y
    height = bottom + PAD + 4
    rounds = as_list(summary.get("rounds"))
    number = as_int(summary.get("round_number"))
    head = "Galaxy Trucker"
    if number is not None and rounds:
        head += f" · round {number} of {len(rounds)}"
    board = next((str(s.get("board")) for s in ships if s.get("board")), "")
    body = [f'<rect width="{W}" height="{height:.0f}" fill="#0b1026"/>',
            text(PAD, 17, head, size=13, weight="bold", fill=INK)]
    if board:
        body.append(text(W - PAD, 17, f"flight board {short(board, 6)}", size=11,
                         anchor="end", fill=MUTED))
    body += loop(summary, ships)
    body += centre(summary)
    body += chips(summary, ships, focus)
    body += planets(summary)
    body += zoomed(summary, ships, layout, [as_int(i) for i in as_list(summary.get("order"))])
    return svg(W, height, body, "Galaxy Trucker flight board and ships")


# -- tapping the board: a tile of the zoomed ship makes the entry the engine offers there ----
def spot_size(summary: dict[str, Any]) -> float:
    layout = focus_layout(summary)
    size = (layout.cell if layout is not None else MIN_CELL) * SPOT_SHARE
    return min(size, PLANET_H) if planet_shift(summary) else size  # a planet's row holds it


def place(summary: dict[str, Any], notation: str, after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped: landing on a planet on that planet of the card; any other
    on the tile of the zoomed (deciding) ship it names first.  Entries naming neither (fly
    on, give up, accept or decline, enter a ship) stay buttons."""
    decision = as_dict(summary.get("decision"))
    layout = focus_layout(summary)
    if layout is None or as_int(decision.get("seat")) != layout.seat:
        return None
    try:
        event = parse_event(notation)
    except PnpError:
        return None
    if isinstance(event, Land):  # a planet of the card, over the ship
        where = planet_centre(summary, event.row)
        return None if where is None else (where[0], where[1], f"planet {event.row}")
    tiles = tiles_named(event)
    if not tiles:
        return None
    where = layout.centre(tiles[0])
    if where is None:
        return None
    return where[0], where[1], f"#{tiles[0]}"


__all__ = ["BAD", "CX1", "CX2", "CY", "GOODS", "MIN_CELL", "SPOT_SHARE", "W", "draw",
           "focus_layout", "place", "planet_centre", "space_xy", "spot_size", "tile_marks"]

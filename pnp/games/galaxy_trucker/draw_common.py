"""What every part of the Galaxy Trucker board drawing shares: the drawing's width, colours
and rows (the loop on top, the seats' chips, the zoomed ship), and reading the flight engine's
summary defensively (anything missing or wrong is drawn as unknown, never a failure)."""

from __future__ import annotations

import math
from typing import Any

from pnp.engine.svg import short
from pnp.games.galaxy_trucker import ship_drawing

W = 440
PAD = 8
SEATS = [ship_drawing.PILOT_COLOUR[c] for c in ("blue", "red", "green", "yellow")]
INK, MUTED, ACCENT, BAD = "#e8ecf8", "#98a2c7", "#ffcf4a", "#ff6b6b"
GOODS = {"R": "#ef476f", "Y": "#ffd23f", "G": "#2ec27e", "B": "#4c8dff"}
ALIENS = {"B": "#b07a45", "P": "#9b5de5"}
ORDINAL = ["leader", "2nd", "3rd", "4th", "5th"]
PHASE_WORDS = {"build": "building", "fix": "spot check", "crew": "crew boards",
               "over": "game over"}

# the loop: a flat stadium (two half circles joined by straights) travelled clockwise from the
# top, short enough that the ship to decide on gets most of a phone's screen
R = 50.0
LOOP_TOP = 28.0
CX1, CX2, CY = 30 + R, W - 30 - R, LOOP_TOP + 12 + R
STRAIGHT = CX2 - CX1
PERIMETER = 2 * STRAIGHT + 2 * math.pi * R
STRIP_Y = CY + R + 27  # one chip per seat: a thumbnail of the ship, where it flies
CHIP_H = 58.0
FOCUS_Y = STRIP_Y + CHIP_H + 6  # the ship to decide on, zoomed
SHIP_Y = FOCUS_Y + 40
SHIP_W = W - 2 * PAD
SHIP_MAX_H = 400.0
MIN_CELL = 58.0  # a tile is at least this big (47 px on a 390 px phone: a thumb's target)
MAX_CELL = 88.0
PLANET_H = 60.0  # a Planets card's planets as tap targets, over the zoomed ship
SPARE_H = 110.0  # no ship to zoom on (building, between rounds): its outline, or the pay
SPOT_SHARE = 0.94  # a tile's tap target: nearly the whole tile



# -- reading the summary defensively ---------------------------------------------------------
def as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def wrap(value: object, width: int, lines: int) -> list[str]:
    """Greedy word wrap by characters; the last line is clipped with an ellipsis."""
    out: list[str] = []
    line = ""
    for word in str(value).split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = short(out[-1] + " …", width)
    return [short(x, width) for x in out]


def seat_colour(seat: object) -> str:
    s = as_int(seat)
    return SEATS[s % len(SEATS)] if s is not None and s >= 0 else "#888888"


def seat_name(summary: dict[str, Any], ship: dict[str, Any], seat: int) -> str:
    names = as_list(summary.get("player_names"))
    if 0 <= seat < len(names) and str(names[seat]).strip():
        return str(names[seat])
    return str(ship.get("name") or f"seat {seat + 1}")



def ships_of(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The summary's ships, each with a seat (its index when the seat is missing or wrong)
    and the name to show (``_name``)."""
    ships = [dict(s) for s in as_list(summary.get("ships")) if isinstance(s, dict)]
    for i, s in enumerate(ships):
        seat = as_int(s.get("seat"))
        s["seat"] = seat if seat is not None and 0 <= seat < 16 else i
        s["_name"] = seat_name(summary, s, s["seat"])
    return ships


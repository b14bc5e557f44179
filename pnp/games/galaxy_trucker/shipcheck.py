"""A ship's report: the spot check (GT-S rules, with a missing pilot cabin), what the ship
offers (strength ranges, crew, batteries, holds) and its repair options, as plain JSON.

The tracker's ship check page and ``POST /api/ships/check`` show this report; the rules are
the ship library's (check, crew, strength), so no rule is written twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.check import Violation, check, find_repairs
from pnp.games.galaxy_trucker.crew import Alien, Berth, Crew, supports
from pnp.games.galaxy_trucker.notation import format_ship
from pnp.games.galaxy_trucker.picture import picture
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.strength import (
    cannon_choices,
    cannon_strength,
    engine_choices,
    engine_strength,
    format_strength,
)
from pnp.games.galaxy_trucker.tiles import PILOT_IDS, Kind

MAX_REPAIRS_SHOWN = 20


def one_pilot(ship: Ship) -> None:
    """GT-S8: a ship has one pilot cabin; raises IllegalMove naming both when it has two."""
    pilots = ship.of_kind(Kind.PILOT)
    if len(pilots) > 1:
        both = " and ".join(f"#{p.id}" for p in pilots)
        raise IllegalMove("GT-S8", f"a ship has one pilot cabin; {both} are both on it")


def _range(low: Fraction, high: Fraction) -> dict[str, Any]:
    """Numbers (halves are exact in JSON) and the text the page shows, e.g. ``4 1/2 - 6``."""
    words = format_strength(low) if low == high else \
        f"{format_strength(low)} – {format_strength(high)}"
    return {"min": float(low), "max": float(high), "text": words}


def _alien_crew(ship: Ship, alien: Alien) -> Crew:
    for cabin in ship.of_kind(Kind.CABIN):
        if alien in supports(ship, cabin):
            return Crew.of({cabin.id: Berth(0, alien)})
    return Crew()


def counts(ship: Ship) -> dict[str, Any]:
    """What the ship offers: exposed connectors, strength ranges, crew, batteries, holds.

    A range runs from no double powered and no alien, to every double the batteries can
    power plus the alien of that colour when some cabin is joined to its life support; the
    two maxima each assume all batteries and that alien, so both may not hold at once.
    """
    batteries = ship.battery_cells
    brown, purple = _alien_crew(ship, Alien.BROWN), _alien_crew(ship, Alien.PURPLE)
    engine_low = Fraction(engine_strength(ship, Crew()))
    engine_high = engine_choices(ship, brown, batteries)[-1].strength
    cannon_low = cannon_strength(ship, Crew())
    cannon_high = cannon_choices(ship, purple, batteries)[-1].strength
    cabins = ship.of_kind(Kind.PILOT, Kind.CABIN)
    return {
        "tiles": len(ship),
        "exposed_connectors": ship.exposed_connectors,
        "engine_strength": {**_range(engine_low, engine_high),
                            "simple": len(ship.of_kind(Kind.ENGINE)),
                            "double": len(ship.of_kind(Kind.DOUBLE_ENGINE))},
        "cannon_strength": {**_range(cannon_low, cannon_high),
                            "simple": len(ship.of_kind(Kind.CANNON)),
                            "double": len(ship.of_kind(Kind.DOUBLE_CANNON))},
        "crew": {"cabins": len(cabins), "humans_max": 2 * len(cabins),
                 "brown_alien_possible": bool(brown.berths),
                 "purple_alien_possible": bool(purple.berths)},
        "batteries": batteries,
        "containers": ship.containers,
        "special_containers": ship.special_containers,
        "shields": [side.word for side in sorted(ship.shields())],
    }


def _violation(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "tile": v.tile, "side": v.side.word if v.side is not None else None,
            "other": v.other, "tiles": sorted(v.tiles), "message": v.message}


def spot_check(ship: Ship) -> list[dict[str, Any]]:
    """The library's violations, plus a missing pilot cabin (the library checks only one
    that is present), as plain dicts."""
    found = [_violation(v) for v in check(ship)]
    if ship.pilot is None:
        row, col = ship.board.start
        found.insert(0, {"rule": "GT-S8", "tile": None, "side": None, "other": None,
                         "tiles": [], "message": "no pilot cabin: every ship starts from "
                         f"one (#{PILOT_IDS[0]}-#{PILOT_IDS[-1]}) on row {row}, column {col}"})
    return found


def repairs(ship: Ship, shown_at_most: int = MAX_REPAIRS_SHOWN) -> dict[str, Any]:
    """The repair options (GT-R1, GT-B4) of an illegal ship, fewest lost components first."""
    try:
        search = find_repairs(ship)
    except IllegalMove as exc:
        return {"options": [], "complete": False, "more": 0,
                "refused": {"rule": exc.rule, "message": exc.message}}
    shown = search.options[:shown_at_most]
    return {
        "options": [{"remove": sorted(r.removed), "fallen": sorted(r.fallen), "lost": r.lost,
                     "penalty": ship.board.penalty(r.lost), "notation": r.notation,
                     "ship": format_ship(r.ship)} for r in shown],
        "complete": search.complete,
        "more": len(search.options) - len(shown),
    }


_INT = {"type": "integer"}
_RANGE = {"type": "object", "required": ["min", "max", "text", "simple", "double"],
          "properties": {"min": {"type": "number"}, "max": {"type": "number"},
                         "text": {"type": "string"}, "simple": _INT, "double": _INT}}
REPORT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["seed", "board", "ship", "legal", "violations", "counts", "repairs",
                 "picture"],
    "properties": {
        "seed": _INT, "board": {"type": "string"}, "ship": {"type": "string"},
        "legal": {"type": "boolean"},
        "violations": {"type": "array", "items": {
            "type": "object", "required": ["rule", "tile", "side", "other", "tiles", "message"],
            "properties": {
                "rule": {"type": "string"}, "tile": {"type": ["integer", "null"]},
                "side": {"type": ["string", "null"]}, "other": {"type": ["integer", "null"]},
                "tiles": {"type": "array", "items": _INT}, "message": {"type": "string"}}}},
        "counts": {"type": "object", "required": [
            "tiles", "exposed_connectors", "engine_strength", "cannon_strength", "crew",
            "batteries", "containers", "special_containers", "shields"], "properties": {
            "tiles": _INT, "exposed_connectors": _INT, "engine_strength": _RANGE,
            "cannon_strength": _RANGE,
            "crew": {"type": "object", "properties": {
                "cabins": _INT, "humans_max": _INT, "brown_alien_possible": {"type": "boolean"},
                "purple_alien_possible": {"type": "boolean"}}},
            "batteries": _INT, "containers": _INT, "special_containers": _INT,
            "shields": {"type": "array", "items": {"type": "string"}}}},
        "repairs": {"type": ["object", "null"], "properties": {
            "options": {"type": "array", "items": {"type": "object", "properties": {
                "remove": {"type": "array", "items": _INT},
                "fallen": {"type": "array", "items": _INT}, "lost": _INT, "penalty": _INT,
                "notation": {"type": "string"}, "ship": {"type": "string"}}}},
            "complete": {"type": "boolean"}, "more": _INT,
            "refused": {"type": "object", "properties": {
                "rule": {"type": "string"}, "message": {"type": "string"}}}}},
        "picture": {"type": "string"}}}
"""The JSON Schema of ``report``: the tracker's OpenAPI document describes
``POST /api/ships/check`` with it (``workshop.CHECK_API``), and a test holds reports to it."""


def report(seed: int, ship: Ship) -> dict[str, Any]:
    """Everything the ship check page and ``POST /api/ships/check`` show for one ship."""
    violations = spot_check(ship)
    return {
        "seed": seed,
        "board": ship.board.name,
        "ship": format_ship(ship),
        "legal": not violations,
        "violations": violations,
        "counts": counts(ship),
        "repairs": repairs(ship) if violations else None,
        "picture": picture(ship),
    }


__all__ = ["MAX_REPAIRS_SHOWN", "REPORT_SCHEMA", "counts", "one_pilot", "repairs", "report",
           "spot_check"]

"""Engine and cannon strength (GT-E1, GT-E2) with the player's choice of doubles to power.

Simple engines and cannons always count; a double counts only when a battery token is spent
on it for this calculation (GT-E3); an alien adds 2 only to a strength that is already above
zero (GT-E4).  Cannon strength comes in halves, so it is a ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pnp.engine.errors import IllegalMove
from pnp.games.galaxy_trucker.crew import Alien, Crew
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.sides import Side
from pnp.games.galaxy_trucker.tiles import Kind

ALIEN_BONUS = 2


@dataclass(frozen=True)
class Choice:
    """Which doubles to power and what strength that gives (batteries spent = len(powered))."""

    powered: tuple[int, ...]
    strength: Fraction

    @property
    def batteries(self) -> int:
        return len(self.powered)


def _powered(ship: Ship, powered: Iterable[int], kind: Kind, rule: str) -> list[Placement]:
    chosen = list(powered)
    if not chosen:
        return []
    doubles = {p.id: p for p in ship.of_kind(kind)}

    def names() -> str:  # written only for a refusal
        return ", ".join(f"#{i}" for i in sorted(doubles)) or "none"

    if len(set(chosen)) != len(chosen):
        raise IllegalMove(rule, f"a double is powered once per count (one token); doubles on "
                          f"this ship: {names()}")
    out = []
    for tile_id in chosen:
        if tile_id not in doubles:
            raise IllegalMove(rule, f"#{tile_id} is not a {kind.value} of this ship; ones you "
                              f"may power: {names()}", [f"#{i}" for i in sorted(doubles)])
        out.append(doubles[tile_id])
    return out


def engine_strength(ship: Ship, crew: Crew, powered: Iterable[int] = ()) -> int:
    """Simple engines 1 each, powered double engines 2 each, +2 for a brown alien (GT-E1)."""
    doubles = _powered(ship, powered, Kind.DOUBLE_ENGINE, "GT-E1")
    base = len(ship.of_kind(Kind.ENGINE)) + 2 * len(doubles)
    return base + (ALIEN_BONUS if base > 0 and crew.has(Alien.BROWN) else 0)


def _cannon_value(p: Placement) -> Fraction:
    return Fraction(_halves(p), 2)


def _halves(p: Placement) -> int:
    """A cannon's value in half points (the sum is worked out in whole numbers)."""
    full = 2 if p.kind is Kind.DOUBLE_CANNON else 1
    return 2 * full if p.barrel is Side.N else full


def cannon_strength(ship: Ship, crew: Crew, powered: Iterable[int] = ()) -> Fraction:
    """Forward cannons full value, others half; powered doubles count double (GT-E2)."""
    return Fraction(cannon_halves(ship, crew, powered), 2)


def cannon_halves(ship: Ship, crew: Crew, powered: Iterable[int] = ()) -> int:
    """``cannon_strength`` in half points (a whole number, cheaper to add and compare)."""
    doubles = _powered(ship, powered, Kind.DOUBLE_CANNON, "GT-E2")
    halves = sum([_halves(p) for p in (*ship.of_kind(Kind.CANNON), *doubles)])
    if halves > 0 and crew.has(Alien.PURPLE):
        halves += 2 * ALIEN_BONUS
    return halves


def engine_choices(ship: Ship, crew: Crew, batteries: int) -> tuple[Choice, ...]:
    """The strength for each number of tokens one may spend (0 up to doubles or tokens)."""
    doubles = [p.id for p in ship.of_kind(Kind.DOUBLE_ENGINE)]
    return tuple(Choice(tuple(doubles[:n]), Fraction(engine_strength(ship, crew, doubles[:n])))
                 for n in range(min(len(doubles), batteries) + 1))


def cannon_order(ship: Ship) -> list[int]:
    """The double cannons in the order they are best powered: forward ones first, then by
    id (``cannon_choices`` powers the first n)."""
    doubles = sorted(ship.of_kind(Kind.DOUBLE_CANNON),
                     key=lambda p: (-_cannon_value(p), p.id))
    return [p.id for p in doubles]


def cannon_choices(ship: Ship, crew: Crew, batteries: int) -> tuple[Choice, ...]:
    """The best strength for each number of tokens: forward doubles are powered first."""
    ids = cannon_order(ship)
    return tuple(Choice(tuple(ids[:n]), cannon_strength(ship, crew, ids[:n]))
                 for n in range(min(len(ids), batteries) + 1))


def format_halves(halves: int) -> str:
    """``format_strength`` of ``halves`` half points.

    >>> [format_halves(h) for h in (0, 1, 8, 9)]
    ['0', '1/2', '4', '4 1/2']
    """
    whole, rest = divmod(halves, 2)
    if not rest:
        return str(whole)
    return f"{whole} 1/2" if whole else "1/2"


def format_strength(value: Fraction) -> str:
    """4, 4 1/2, 1/2 - the way the text writes half points."""
    whole, rest = divmod(value.numerator, value.denominator)  # Fraction's divmod is slow
    if rest == 0:
        return str(whole)
    part = f"{rest}/{value.denominator}"  # in lowest terms, as the value is
    return f"{whole} {part}" if whole else part

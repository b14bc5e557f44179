"""Crew on board: humans and aliens per cabin (GT-C1..GT-C4) and battery tokens (GT-E3).

Orange aliens (the text's "orange", GT-1's "brown" life support) boost engines; purple aliens
boost cannons.  An alien needs a cabin joined by connectors to life support of its colour, and
never the pilot cabin.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from pnp.engine.errors import IllegalMove
from pnp.engine.values import cached, quick_init
from pnp.games.galaxy_trucker.ship import Placement, Ship
from pnp.games.galaxy_trucker.tiles import Kind


class Alien(Enum):
    BROWN = "brown"  # the text's orange alien: +2 engine strength
    PURPLE = "purple"  # +2 cannon strength

    @property
    def life_support(self) -> Kind:
        return Kind.LIFE_BROWN if self is Alien.BROWN else Kind.LIFE_PURPLE


@quick_init
@dataclass(frozen=True)
class Berth:
    """Who is in one cabin: 0-2 humans, or one alien."""

    humans: int = 0
    alien: Alien | None = None

    @property
    def count(self) -> int:
        return self.humans + (1 if self.alien else 0)


TWO_HUMANS = Berth(2)


@quick_init
@dataclass(frozen=True)
class Crew:
    """Berths by cabin id (cabins left empty are simply absent)."""

    berths: tuple[tuple[int, Berth], ...] = ()

    @staticmethod
    def of(berths: Mapping[int, Berth]) -> Crew:
        return Crew(tuple(sorted((k, v) for k, v in berths.items() if v.count)))

    def as_dict(self) -> dict[int, Berth]:
        return dict(self.berths)

    # kept once worked out (``values.cached``): the flight counts a crew at most steps
    @cached
    def humans(self) -> int:
        return sum(b.humans for _, b in self.berths)

    @cached
    def aliens(self) -> tuple[Alien, ...]:
        return tuple(b.alien for _, b in self.berths if b.alien is not None)

    @cached
    def total(self) -> int:
        return sum(b.count for _, b in self.berths)

    def has(self, alien: Alien) -> bool:
        return alien in self.aliens


def _cabin_words(ship: Ship) -> str:
    return ", ".join(f"#{p.id}" for p in ship.of_kind(Kind.PILOT, Kind.CABIN)) or "none"


def supports(ship: Ship, cabin: Placement) -> frozenset[Alien]:
    """The alien colours a cabin may hold: life support of that colour joined to it."""
    if cabin.kind is not Kind.CABIN:
        return frozenset()
    by_id = ship.by_id  # the joined neighbours, from the ship's table of joins
    kinds = [by_id[i].tile.kind for i in ship.links[cabin.id]]
    return frozenset(a for a, life in _LIFE if life in kinds)


_LIFE = ((Alien.BROWN, Kind.LIFE_BROWN), (Alien.PURPLE, Kind.LIFE_PURPLE))


def berth_options(ship: Ship, cabin_id: int) -> tuple[Berth, ...]:
    """What a cabin may get at launch: 2 humans, or one alien of a colour it supports."""
    cabin = ship[cabin_id]
    if not cabin.kind.is_cabin:
        return ()
    aliens = sorted(supports(ship, cabin), key=lambda a: a.value)
    return (TWO_HUMANS, *(Berth(0, a) for a in aliens))


def full_crew(ship: Ship, aliens: Mapping[Alien, int] | None = None) -> Crew:
    """Launch crew: 2 humans per cabin, except the cabins named for aliens (checked)."""
    berths = {p.id: TWO_HUMANS for p in ship.of_kind(Kind.PILOT, Kind.CABIN)}
    for alien, cabin in (aliens or {}).items():
        berths[cabin] = Berth(0, alien)
    crew = Crew.of(berths)
    check_crew(ship, crew, launch=True)
    return crew


def check_crew(ship: Ship, crew: Crew, launch: bool = False) -> None:
    """Refuse a crew the rules do not allow; at launch every cabin must be full (GT-C1)."""
    seen: dict[Alien, int] = {}
    for cabin_id, berth in crew.berths:
        p = ship.by_id.get(cabin_id)
        if p is None or not p.kind.is_cabin:
            raise IllegalMove("GT-C1", f"#{cabin_id} is not a cabin of this ship; crew goes "
                              f"in cabins: {_cabin_words(ship)}")
        if berth.humans < 0 or berth.humans > 2 or (berth.alien and berth.humans):
            raise IllegalMove("GT-C1", f"cabin #{cabin_id} holds {berth.humans} human(s)"
                              f"{' and an alien' if berth.alien else ''}; a cabin holds up to "
                              "2 humans or 1 alien")
        if berth.alien is None:
            continue
        if p.kind is Kind.PILOT:
            raise IllegalMove("GT-C3", f"no alien in the pilot cabin #{cabin_id}; put it in "
                              "a cabin joined to its life support")
        if berth.alien not in supports(ship, p):
            able = [f"#{c.id}" for c in ship.of_kind(Kind.CABIN)
                    if berth.alien in supports(ship, c)]
            raise IllegalMove("GT-C2", f"cabin #{cabin_id} is not joined to "
                              f"{berth.alien.value} life support; cabins that are: "
                              f"{', '.join(able) or 'none'}", able)
        if berth.alien in seen:
            raise IllegalMove("GT-C4", f"a second {berth.alien.value} alien (cabins "
                              f"#{seen[berth.alien]} and #{cabin_id}); one of each colour at "
                              "most")
        seen[berth.alien] = cabin_id
    if launch:
        held = dict(crew.berths)
        for p in ship.of_kind(Kind.PILOT, Kind.CABIN):
            b = held.get(p.id)
            if b is None or (b.alien is None and b.humans != 2):
                raise IllegalMove("GT-C1", f"cabin #{p.id} must start with 2 humans or 1 "
                                  f"alien, not {b.humans if b else 0} human(s)")


def crew_after_loss(ship: Ship, crew: Crew) -> tuple[Crew, tuple[tuple[int, Berth], ...]]:
    """Crew left after the ship lost tiles, and the berths that left (GT-C5).

    Figures in cabins no longer on the ship go back to the bank; an alien whose cabin lost
    its life support leaves too.
    """
    kept: dict[int, Berth] = {}
    gone: list[tuple[int, Berth]] = []
    for cabin_id, berth in crew.berths:
        p = ship.by_id.get(cabin_id)
        if p is None or (berth.alien is not None and berth.alien not in supports(ship, p)):
            gone.append((cabin_id, berth))
        else:
            kept[cabin_id] = berth
    if not gone:  # (a crew is always sorted, without empty berths: ``Crew.of`` made it)
        return crew, ()
    return Crew(tuple(kept.items())), tuple(gone)  # still sorted, still no empty berth


def full_batteries(ship: Ship) -> dict[int, int]:
    """Battery tokens at launch: one per E-cell."""
    return {p.id: p.tile.capacity for p in ship.of_kind(Kind.BATTERY)}


def spend_batteries(ship: Ship, tokens: Mapping[int, int],
                    from_tiles: Iterable[int]) -> dict[int, int]:
    """Take one token from each named battery tile (a tile may be named more than once)."""
    left = {k: v for k, v in tokens.items() if k in ship and ship[k].kind is Kind.BATTERY}
    for tile_id in from_tiles:
        if left.get(tile_id, 0) <= 0:
            have = [f"#{k} ({v})" for k, v in sorted(left.items()) if v > 0]
            raise IllegalMove("GT-E3", f"battery #{tile_id} has no token to spend; batteries "
                              f"with tokens: {', '.join(have) or 'none'}", have)
        left[tile_id] -= 1
    return left


def epidemic_cabins(ship: Ship, crew: Crew) -> tuple[int, ...]:
    """Occupied cabins joined by connectors to another occupied cabin (they each lose one)."""
    occupied = {cabin for cabin, berth in crew.berths if berth.count and cabin in ship}
    return tuple(sorted(c for c in occupied if ship.links[c] & occupied))


def lose_crew(crew: Crew, cabins: Iterable[int]) -> Crew:
    """Give up one figure from each named cabin (a cabin may be named twice for 2 humans).

    The player chooses the cabins (GT-C6); a cabin holds humans or an alien, never both, so
    the cabin names the figure.
    """
    held = crew.as_dict()
    for cabin in cabins:
        berth = held.get(cabin)
        if berth is None or berth.count == 0:
            able = [f"#{c}" for c, b in sorted(held.items()) if b.count]
            raise IllegalMove("GT-C6", f"cabin #{cabin} has nobody left to give up; cabins "
                              f"with crew: {', '.join(able) or 'none'}", able)
        held[cabin] = Berth(0) if berth.alien is not None else Berth(berth.humans - 1)
    return Crew.of(held)


def after_epidemic(ship: Ship, crew: Crew) -> Crew:
    """Each occupied cabin joined to another occupied cabin loses one figure."""
    return lose_crew(crew, epidemic_cabins(ship, crew))

"""The legal list of the Galaxy Trucker flight: the answers to each kind of ask, one
generator per kind (``OPTIONS``), in the order the list shows them, and the refusals that
show it (built only when a refusal is shown).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pnp.engine import IllegalMove
from pnp.engine.values import replace
from pnp.games.galaxy_trucker import goods as cargo
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.build import style_order, typical_ship
from pnp.games.galaxy_trucker.check import repair_options
from pnp.games.galaxy_trucker.crew import Alien, Crew, supports
from pnp.games.galaxy_trucker.events import (
    Aliens,
    Cargo,
    Defend,
    Drop,
    Enter,
    Fix,
    Go,
    GTEvent,
    Keep,
    Land,
    Lose,
    No,
    Power,
    Quit,
    Take,
    Yes,
    format_event,
)
from pnp.games.galaxy_trucker.flow import battery_list, card_of, shot_at, used_tiles
from pnp.games.galaxy_trucker.notation import format_placement
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.state import ROUND_BOARD, Ask, AskKind, State, Trucker, tiles_of
from pnp.games.galaxy_trucker.strength import cannon_order
from pnp.games.galaxy_trucker.tiles import PILOT_IDS, Kind


@cache
def offers(tile_seed: int, seat: int, used: frozenset[int], board_name: str) -> tuple[str, ...]:
    """Ships a seat may enter, as the legal list offers them (for playouts and the tracker):
    two typical ships (a fighter and a trader) grown from the seat's pilot cabin out of the
    tiles nobody has used, each legal by construction.  Any other legal ship is accepted too;
    the list is a few typical ones built cheaply, not a sample of random ships."""
    tiles = tiles_of(tile_seed)
    board = BOARDS[board_name]
    texts: dict[str, None] = {}
    if len(_GROWN) > 4096:
        _GROWN.clear()
    for style in (0, 1):
        ship = typical_ship(board, tiles[PILOT_IDS[seat]],
                            [t for t in style_order(tile_seed, style) if t.id not in used])
        text = ";".join([board_name, *map(format_placement, ship)])  # format_ship, with ';'
        texts[text] = None
        _GROWN[tile_seed, text] = ship
    return tuple(texts)


class _Shelf(dict[tuple[int, str], Ship]):
    """The ships ``offers`` grew, by tile seed and text: entering an offered ship takes the
    ship itself (the same value its text reads as), not a second reading of the text.  Emptied
    with the memos (``cache_clear``, as the benchmark and a fresh process do)."""

    cache_clear: Callable[[], None]  # set on the instance (the class has none to call)

    def __init__(self) -> None:
        super().__init__()
        self.cache_clear = self.clear


_GROWN = _Shelf()


def offered_ship(tile_seed: int, text: str) -> Ship | None:
    """The ship ``offers`` grew with exactly this text, if it is still kept."""
    return _GROWN.get((tile_seed, text))


def legal(state: State) -> list[GTEvent]:
    """The legal answers to the decision awaited (none at a chance node or the end)."""
    if state.ask is None or state.need is not None or state.phase == "over":
        return []
    return options(state, state.ask)


def options(s: State, ask: Ask) -> list[GTEvent]:
    return OPTIONS[ask.kind](s, ask)


def offer_enter(s: State, ask: Ask) -> list[GTEvent]:
    ships = offers(s.tile_seed, ask.seat, frozenset(used_tiles(s)), ROUND_BOARD[s.round])
    taken = {x.number for x in s.truckers if x.number is not None}
    return [Enter(n, text) for n in range(1, len(s.truckers) + 1) if n not in taken
            for text in ships]


def offer_fix(s: State, ask: Ask) -> list[GTEvent]:
    ship = s.truckers[ask.seat].ship
    assert ship is not None
    return [Fix(tuple(sorted(r.removed))) for r in repair_options(ship)]


def offer_defend(s: State, ask: Ask) -> list[GTEvent]:
    hit = shot_at(s, ask.seat)
    out: list[GTEvent] = [Take()]
    batteries = battery_list(s.truckers[ask.seat])
    for d in hit.defences:
        if d.cost == 0:
            out.append(Defend(d.tile))
        elif batteries:
            out.append(Defend(d.tile, batteries[0]))
    return out


def offer_keep(s: State, ask: Ask) -> list[GTEvent]:
    ship = s.truckers[ask.seat].ship
    assert ship is not None
    return [Keep(min(p)) for p in ship.pieces()]


def offer_cargo(s: State, ask: Ask) -> list[GTEvent]:
    t = s.truckers[ask.seat]
    if t.ship is None:
        return [Cargo(())]
    now = cargo.best(t.ship, t.goods_list)
    better = cargo.best(t.ship, t.goods_list + ask.goods)
    return list(dict.fromkeys([Cargo(better), Cargo(now), Cargo(t.goods)]))


def offer_land(s: State, ask: Ask) -> list[GTEvent]:
    taken = {row for _, row in s.stage.marks}
    rows = range(1, len(card_of(s).planets) + 1)
    return [*(Land(r) for r in rows if r not in taken), No()]


def offer_ship(s: State, ask: Ask) -> list[GTEvent]:
    crew, need = s.truckers[ask.seat].crew, card_of(s).crew
    if crew.total < need:
        return [No()]
    return [*(Yes(x) for x in crew_choices(crew, need)), No()]


def offer_station(s: State, ask: Ask) -> list[GTEvent]:
    return [Yes(), No()] if s.truckers[ask.seat].crew.total >= card_of(s).crew else [No()]


def power_options(t: Trucker, kind: str) -> tuple[Power, ...]:
    ship = t.ship
    if ship is None:
        return (Power((), ()),)
    batteries = battery_list(t)
    if kind == "engines":
        doubles = [p.id for p in ship.of_kind(Kind.DOUBLE_ENGINE)]
    else:
        # the best ones first (those cannon_choices powers), then the rest in square order
        best = cannon_order(ship)[:len(batteries)]
        doubles = best + [p.id for p in ship.of_kind(Kind.DOUBLE_CANNON) if p.id not in best]
    n = min(len(doubles), len(batteries))
    return tuple(Power(tuple(doubles[:k]), tuple(batteries[:k])) for k in range(n + 1))


def alien_options(ship: Ship | None) -> list[tuple[tuple[int, str], ...]]:
    if ship is None:
        return [()]
    able: dict[str, list[int]] = {"B": [], "P": []}
    for p in ship.of_kind(Kind.CABIN):
        for a in supports(ship, p):
            able["B" if a is Alien.BROWN else "P"].append(p.id)
    out: list[tuple[tuple[int, str], ...]] = []
    for b in [None, *able["B"]]:
        for q in [None, *able["P"]]:
            if b is not None and b == q:
                continue
            pairs = [(x, a) for x, a in ((b, "B"), (q, "P")) if x is not None]
            out.append(tuple(sorted(pairs)))
    return out


def crew_choices(crew: Crew, count: int) -> list[tuple[int, ...]]:
    """Canonical ways to give up ``count`` figures: humans first, or aliens first."""
    out = []
    for aliens_first in (False, True):
        picks: list[int] = []
        berths = sorted(crew.berths, key=lambda cb: ((cb[1].alien is None) == aliens_first,
                                                     cb[0]))
        for cabin, berth in berths:
            picks += [cabin] * berth.count
        if len(picks) >= count:
            out.append(tuple(picks[:count]))
    return list(dict.fromkeys(out))


def has_choice(s: State, ask: Ask) -> bool:
    """True when the ask surely has two answers or more, told without listing them (the
    flight asks this before applying a lone answer by itself, GT-FR4); False when it may have
    only one, for the list to tell."""
    test = _CHOICE.get(ask.kind)
    return test is not None and test(s, ask)


def _powers(s: State, ask: Ask) -> bool:
    """``power_options`` lists one answer per double powered, up to the tokens held."""
    t = s.truckers[ask.seat]
    kind = Kind.DOUBLE_ENGINE if ask.kind == "engines" else Kind.DOUBLE_CANNON
    return t.ship is not None and t.tokens > 0 and bool(t.ship.of_kind(kind))


def _free_planet(s: State, ask: Ask) -> bool:
    taken = {row for _, row in s.stage.marks}
    return any(r not in taken for r in range(1, len(card_of(s).planets) + 1))


_CHOICE: dict[str, Callable[[State, Ask], bool]] = {
    "land": _free_planet, "engines": _powers, "cannons": _powers,
    # yes (in some way) or no, with the crew the card asks for (``offer_ship``, ``offer_station``)
    "ship": lambda s, ask: s.truckers[ask.seat].crew.total >= card_of(s).crew,
    "station": lambda s, ask: s.truckers[ask.seat].crew.total >= card_of(s).crew,
}


def refuse(state: State, rule: str, message: str | Callable[[], str]) -> IllegalMove:
    """A refusal whose legal list (that of ``state``) is built only when it is shown."""
    return IllegalMove(rule, message, lambda: [format_event(e) for e in legal(state)],
                       hint=True)


def refuse_ask(s: State, ask: Ask, rule: str, message: str) -> IllegalMove:
    """A refused answer, its legal list that of the ask still open."""
    return refuse(replace(s, ask=ask), rule, message)


def refuse_as(s: State, ask: Ask, exc: IllegalMove) -> IllegalMove:
    """A part's refusal (a repair, a load, ...) as a refused answer to ``ask``."""
    return refuse(replace(s, ask=ask), exc.rule, lambda: exc.message)


Offer = Callable[[State, Ask], list[GTEvent]]

OPTIONS: dict[AskKind, Offer] = {
    "enter": offer_enter, "fix": offer_fix,
    "gate": lambda s, ask: [Go(), Quit()],
    "crew": lambda s, ask: [Aliens(a) for a in alien_options(s.truckers[ask.seat].ship)],
    "engines": lambda s, ask: list(power_options(s.truckers[ask.seat], "engines")),
    "cannons": lambda s, ask: list(power_options(s.truckers[ask.seat], "cannons")),
    "defend": offer_defend, "keep": offer_keep,
    "cargo": offer_cargo,
    "lose": lambda s, ask: [Lose(c) for c in crew_choices(s.truckers[ask.seat].crew,
                                                              ask.count)],
    "drop": lambda s, ask: [Drop(p) for p in cargo.drop_plans(
        s.truckers[ask.seat].goods, s.truckers[ask.seat].batteries, ask.count)],
    "land": offer_land, "ship": offer_ship,
    "station": offer_station, "reward": lambda s, ask: [Yes(), No()],
}

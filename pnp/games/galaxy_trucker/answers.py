"""The Galaxy Trucker flight's decisions: one answer handler per kind of ask (``ANSWERS``),
each checking the answer against the rules it names and making the next state; ``decide``
checks the event's type against the ask first (``EXPECTED``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from pnp.engine import IllegalMove, NotationError
from pnp.engine.errors import legal_hint
from pnp.engine.values import edit, replace
from pnp.games.galaxy_trucker import goods as cargo
from pnp.games.galaxy_trucker.cards import card
from pnp.games.galaxy_trucker.check import check, repair
from pnp.games.galaxy_trucker.crew import Alien, full_crew, lose_crew, spend_batteries
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
from pnp.games.galaxy_trucker.flow import (
    ASK_WORDS,
    Flight,
    advance,
    card_of,
    destroy_tile,
    ids_text,
    lose_crew_of,
    lose_goods,
    move_seat,
    note,
    set_trucker,
    shot_at,
    strip,
    used_tiles,
    who,
)
from pnp.games.galaxy_trucker.hits import keep_piece
from pnp.games.galaxy_trucker.notation import parse_ship
from pnp.games.galaxy_trucker.offers import offered_ship, refuse, refuse_as, refuse_ask
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.state import (
    ROUND_BOARD,
    Ask,
    AskKind,
    State,
    ask_of,
    edit_stage,
    edit_trucker,
)
from pnp.games.galaxy_trucker.strength import cannon_halves, engine_strength, format_halves
from pnp.games.galaxy_trucker.tiles import PILOT_IDS, Kind

EXPECTED: dict[str, tuple[type, ...]] = {
    "enter": (Enter,), "fix": (Fix,), "crew": (Aliens,), "gate": (Go, Quit, Fix),
    "engines": (Power,), "cannons": (Power,), "land": (Land, No), "ship": (Yes, No),
    "station": (Yes, No), "reward": (Yes, No), "cargo": (Cargo,), "lose": (Lose,), "drop": (Drop,),
    "defend": (Defend, Take), "keep": (Keep,),
}


def decide(g: Flight, s: State, event: GTEvent) -> State:
    """Check the answer's type against the ask and hand it to its handler, with the event's
    one new state (the draft, ``GalaxyTrucker._apply``): ``s`` itself is never changed."""
    ask = s.ask
    if ask is None:
        raise IllegalMove("GT-F6", "no decision is awaited now")
    if not isinstance(event, EXPECTED[ask.kind]):
        raise refuse(s, "GT-F6", f"{format_event(event)} does not answer what is "
                           f"awaited: {who(s, ask.seat)} is to "
                           f"{ASK_WORDS[ask.kind]}")
    return ANSWERS[ask.kind](g, replace(s, auto=(), ask=None), ask, event)


def answer_enter(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, Enter)
    return enter(edit(s, ask=ask), ask.seat, event)


def answer_fix(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    seat, t = ask.seat, s.truckers[ask.seat]
    assert isinstance(event, Fix) and t.ship is not None
    try:
        done = repair(t.ship, event.removed)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    if s.learner_check:  # GT-G7: the tiles go back to the warehouse, not lost
        t = replace(t, ship=done.ship)
        s = edit(s, fixed=(*s.fixed, seat))
    else:
        t = replace(t, ship=done.ship, lost=t.lost + done.lost)
    return advance(set_trucker(s, seat, t))


def answer_gate(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    if type(event) is Go:  # a third of a flight's events: the next gate awaited at once
        # (the run loop's gate step, which would find the same order and cards drawn as
        # when this seat was asked, so neither the round's end nor a card is due before)
        st = s.stage
        todo = st.todo[1:]
        if todo:
            return edit(s, stage=replace(st, todo=todo), ask=ask_of(todo[0], "gate"))
        return edit(s, stage=replace(st, todo=todo), need="card")
    if isinstance(event, Fix):
        return flaw(s, ask, event)
    seat = ask.seat
    if isinstance(event, Quit):
        s = note(edit_trucker(s, seat, out=True),
                 f"{who(s, seat)} gives up")
    return advance(s)


def answer_keep(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    t = s.truckers[ask.seat]
    assert isinstance(event, Keep) and t.ship is not None
    try:
        ship, gone = keep_piece(t.ship, event.tile)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    return set_trucker(s, ask.seat, strip(t, ship, lost=t.lost + len(gone)))


def answer_cargo(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    t = s.truckers[ask.seat]
    assert isinstance(event, Cargo) and t.ship is not None
    try:
        cargo.check_load(t.ship, t.goods_list, ask.goods, event.holds)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    return advance(edit_trucker(s, ask.seat, goods=event.holds))


def answer_drop(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    t = s.truckers[ask.seat]
    assert isinstance(event, Drop)
    try:
        holds, batteries = cargo.drop(t.goods, t.batteries, event.tiles, ask.count)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    return edit_trucker(s, ask.seat, goods=holds, batteries=batteries)


def answer_lose(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    t = s.truckers[ask.seat]
    assert isinstance(event, Lose)
    if len(event.cabins) != ask.count:
        raise refuse_ask(s, ask, "GT-F20", f"give up exactly {ask.count} crew "
                               f"(named {len(event.cabins)})")
    try:
        crew = lose_crew(t.crew, event.cabins)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    return edit_trucker(s, ask.seat, crew=crew)


def answer_land(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, (Land, No))
    if isinstance(event, No):
        return advance(s)
    c = card_of(s)
    taken = {row for _, row in s.stage.marks}
    if not 1 <= event.row <= len(c.planets) or event.row in taken:
        raise refuse_ask(s, ask, "GT-F8", f"planet row {event.row} is "
                               f"{'taken' if event.row in taken else 'not on the card'}"
                               "; one marker per row")
    s = note(s, f"{who(s, ask.seat)} lands on planet {event.row}")
    return edit_stage(s, todo=s.stage.todo[1:], marks=(*s.stage.marks, (ask.seat, event.row)))


def answer_ship(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, (Yes, No))
    if isinstance(event, No):
        return advance(s)
    seat, t, c = ask.seat, s.truckers[ask.seat], card_of(s)
    if t.crew.total < c.crew or len(event.cabins) != c.crew:
        raise refuse_ask(s, ask, "GT-F9", f"the abandoned ship takes exactly "
                               f"{c.crew} crew named by cabin; {who(s, seat)} has "
                               f"{t.crew.total}")
    try:
        crew = lose_crew(t.crew, event.cabins)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    s = edit_trucker(s, seat, crew=crew, credits=t.credits + c.credits)
    s = move_seat(s, seat, -c.days)
    s = note(s, f"{who(s, seat)} sells the abandoned ship for {c.credits}")
    return edit_stage(s, todo=(), step="end")


def answer_station(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, (Yes, No))
    if isinstance(event, No):
        return advance(s)
    seat, t, c = ask.seat, s.truckers[ask.seat], card_of(s)
    if event.cabins or t.crew.total < c.crew:
        raise refuse_ask(s, ask, "GT-F10", f"docking needs at least {c.crew} crew "
                               f"and costs none (write yes); {who(s, seat)} has "
                               f"{t.crew.total}")
    s = note(s, f"{who(s, seat)} docks at the station")
    return edit_stage(s, todo=(seat,), step="load", victim=seat)


def answer_reward(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, (Yes, No))
    if isinstance(event, No):
        return edit_stage(s, step="after")
    if event.cabins:
        raise refuse_ask(s, ask, "GT-F12", "a reward is taken with a plain yes")
    seat, t, c = ask.seat, s.truckers[ask.seat], card_of(s)
    if c.kind == "smugglers":
        return edit_stage(s, step="load", todo=(seat,), victim=seat)
    s = edit_trucker(s, seat, credits=t.credits + c.credits)
    s = move_seat(s, seat, -c.days)
    return edit_stage(s, step="after")


def refuse_ship(s: State, seat: int, ship: Ship | None, rule: str,
                message: str) -> IllegalMove:
    """A refused ship entry: what is wrong with the ship as entered (the spot check's
    findings too), and the shortest legal entries (the pilot cabin alone, with a free
    number tile) instead of whole generated ships; the spot check runs only when the
    refusal is shown."""
    def legal() -> list[str]:
        taken = {t.number for t in s.truckers if t.number is not None}
        board = ROUND_BOARD[s.round]
        return [f"{n}:{board};{PILOT_IDS[seat]}@7,7"
                for n in range(1, len(s.truckers) + 1) if n not in taken]

    def text() -> str:
        findings = check(ship) if ship is not None else []
        also = ("; the spot check also finds: " + "; ".join(v.message for v in findings[:5])
                if findings else "")
        return (f"{message}{also}; {legal_hint(legal())} (then the tiles, ';' or spaces "
                "between them)")
    return IllegalMove(rule, text, legal)


def enter(s: State, seat: int, event: Enter) -> State:
    taken = {t.number for t in s.truckers if t.number is not None}
    n = len(s.truckers)
    if event.number > n or event.number in taken:
        free = [str(k) for k in range(1, n + 1) if k not in taken]
        raise refuse_ship(
            s, seat, None, "GT-F3", f"number tile {event.number} is "
                           f"{'taken' if event.number in taken else 'not in play'}; "
                           f"free: {', '.join(free)}")
    try:
        ship = offered_ship(s.tile_seed, event.ship)
        if ship is None:
            ship = parse_ship(event.ship.replace(";", " "), s.tiles)
    except NotationError as exc:
        raise refuse_ship(
            s, seat, None, "GT-F1", f"the ship cannot be read: {exc.message}") from None
    except IllegalMove as exc:
        raise refuse_ship(
            s, seat, None, exc.rule, exc.message) from None
    board = ROUND_BOARD[s.round]
    if ship.board.name != board:
        raise refuse_ship(
            s, seat, ship, "GT-F1", f"round {s.round} flies class {board} ships, not "
                           f"{ship.board.name}")
    pilot = PILOT_IDS[seat]
    pilots = [p.id for p in ship.of_kind(Kind.PILOT)]
    if pilots != [pilot]:
        raise refuse_ship(
            s, seat, ship, "GT-F1", f"{who(s, seat)}'s ship has their own pilot "
                           f"cabin #{pilot} and no other (found {ids_text(pilots)})")
    used = used_tiles(s)
    clash = sorted((ship.ids | set(event.aside)) & used)
    if clash:
        raise refuse_ship(
            s, seat, ship, "GT-F2", f"tile(s) {ids_text(clash)} are on another ship or set "
                           "aside by another player already; each tile is in one place")
    if len(event.aside) > 2:
        raise refuse_ship(
            s, seat, ship, "GT-F26", f"at most 2 tiles are set aside, not "
                           f"{len(event.aside)}")
    wrong = [i for i in event.aside if i in ship.ids or i not in s.tiles or i in PILOT_IDS]
    if wrong:
        raise refuse_ship(
            s, seat, ship, "GT-F26", f"#{wrong[0]} cannot be set aside: a set-aside tile "
                           "is a warehouse tile (1-140) left off the ship")
    s = edit(s, ask=None)
    t = replace(s.truckers[seat], ship=ship, number=event.number, aside=event.aside,
                lost=len(event.aside))
    return set_trucker(s, seat, t)


def flaw(s: State, ask: Ask, event: Fix) -> State:
    """GT-F27: a flaw found in flight, logged at the player's gate: the tiles named are
    removed (and what falls with them) as lost components, and 1 credit goes to the bank;
    then the player still says go or quit."""
    seat = ask.seat
    t = s.truckers[seat]
    assert t.ship is not None
    if not s.drawn:
        raise refuse(replace(s, ask=ask), "GT-F27", "a flaw counts as found in "
                           "flight only after the round's first card; before it, the "
                           "spot check (GT-F4) has passed this ship")
    try:
        done = repair(t.ship, event.removed)
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    t = strip(t, done.ship, lost=t.lost + done.lost, credits=t.credits - 1)
    s = note(set_trucker(s, seat, t), f"{who(s, seat)} fixes a flaw: "
             f"{_flaw_words(event.removed)} removed, 1 credit to the bank")
    return edit(s, ask=ask)


def _flaw_words(removed: tuple[int, ...]) -> str:
    return ", ".join(f"#{i}" for i in removed)


def place_crew(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    seat, t = ask.seat, s.truckers[ask.seat]
    assert isinstance(event, Aliens) and t.ship is not None
    colours = [a for _, a in event.aliens]
    cabins = [c for c, _ in event.aliens]
    if len(set(colours)) != len(colours) or len(set(cabins)) != len(cabins):
        raise refuse(replace(s, ask=ask), "GT-C4", "at most one alien of each "
                           "colour, one per cabin")
    try:
        crew = full_crew(t.ship, {(Alien.PURPLE if a == "P" else Alien.BROWN): c
                                  for c, a in event.aliens})
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    return edit_stage(edit_trucker(s, seat, crew=crew), todo=s.stage.todo[1:])


def power(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, Power)
    seat, t = ask.seat, s.truckers[ask.seat]
    ship = t.ship
    engines = ask.kind == "engines"
    rule = "GT-E1" if engines else "GT-E2"
    if len(event.batteries) != len(event.doubles):
        raise refuse(replace(s, ask=ask), "GT-F25", "each powered double takes one "
                           "battery token: name as many batteries as doubles")
    if ship is None:
        halves = 0  # the strength in half points (cannons count halves)
        if event.doubles:
            raise refuse(replace(s, ask=ask), rule, "there is no ship left to power")
    else:
        try:
            halves = (2 * engine_strength(ship, t.crew, event.doubles) if engines
                      else cannon_halves(ship, t.crew, event.doubles))
            left = spend_batteries(ship, dict(t.batteries), event.batteries)
        except IllegalMove as exc:
            raise refuse_as(s, ask, exc) from None
        batteries = tuple(sorted(left.items()))
        if batteries != t.batteries:  # (none spent: the same state, not a copy)
            t = replace(t, batteries=batteries)
            s = set_trucker(s, seat, t)
    name = who(s, seat)
    log = (*s.log, f"{name}: {'engine' if engines else 'cannon'} strength "
                   f"{format_halves(halves)}")
    assert s.card is not None
    c = card(s.card)
    st = s.stage
    todo = st.todo[1:]
    if c.kind == "open":
        s = edit(s, log=log, stage=replace(st, todo=todo))
        if halves == 0:
            doomed = replace(t, doom="Open Space with no engine power")
            return note(set_trucker(s, seat, doomed),
                        f"{name} has no engine power and must give up")
        return move_seat(s, seat, halves // 2)
    if c.kind == "combat":
        return edit(s, log=log, stage=replace(st, todo=todo, values=(
            *st.values, (seat, Fraction(halves, 2)))))
    # an enemy (GT-F12): greater wins, equal ties, lower loses
    if halves > 2 * c.strength:
        return edit(s, log=(*log, f"{name} defeats the {c.title.lower()}"),
                    stage=replace(st, todo=(), step="reward", victim=seat))
    if halves == 2 * c.strength:
        return edit(s, log=(*log, f"{name} ties with the {c.title.lower()}"),
                    stage=replace(st, todo=todo))
    s = edit(s, log=(*log, f"{name} is defeated by the {c.title.lower()}"),
             stage=replace(st, todo=todo))
    if c.kind == "smugglers":
        return lose_goods(g, s, seat, c.loss)
    if c.kind == "slavers":
        return lose_crew_of(g, s, seat, c.loss)
    return edit_stage(s, defeated=(*s.stage.defeated, seat))


def defend(g: Flight, s: State, ask: Ask, event: GTEvent) -> State:
    assert isinstance(event, (Defend, Take))
    seat, t = ask.seat, s.truckers[ask.seat]
    hit = shot_at(s, seat)
    assert t.ship is not None and hit.struck is not None
    if isinstance(event, Take):
        s = note(s, f"{who(s, seat)}: {hit.describe()}; it is destroyed")
        return destroy_tile(g, s, seat, hit.struck.id)
    stops = {d.tile: d for d in hit.defences}
    d = stops.get(event.tile)
    if d is None:
        raise refuse(replace(s, ask=ask), "GT-H4" if hit.threat.size == "l"
                           else "GT-H5" if hit.threat.size == "H"
                           else "GT-H2" if hit.threat.size == "S" else "GT-H3",
                           f"#{event.tile} cannot stop the {hit.threat.describe()}")
    if d.cost == 0:
        if event.battery is not None:
            raise refuse(replace(s, ask=ask), "GT-E3", f"#{event.tile} is a simple "
                               "cannon and needs no battery")
        return note(s, f"{who(s, seat)} shoots it with #{event.tile}")
    if event.battery is None:
        raise refuse(replace(s, ask=ask), "GT-E3", f"#{event.tile} needs a battery "
                           "token: name the battery (def:tile@battery)")
    try:
        left = spend_batteries(t.ship, dict(t.batteries), [event.battery])
    except IllegalMove as exc:
        raise refuse_as(s, ask, exc) from None
    s = edit_trucker(s, seat, batteries=tuple(sorted(left.items())))
    return note(s, f"{who(s, seat)} stops it with #{event.tile}")


Answer = Callable[[Flight, State, Ask, GTEvent], State]

ANSWERS: dict[AskKind, Answer] = {
    "enter": answer_enter, "fix": answer_fix,
    "crew": place_crew, "gate": answer_gate,
    "engines": power, "cannons": power,
    "defend": defend, "keep": answer_keep,
    "cargo": answer_cargo, "drop": answer_drop,
    "lose": answer_lose, "land": answer_land,
    "ship": answer_ship, "station": answer_station,
    "reward": answer_reward,
}
"""How each kind of ask is answered (the event's type already checked, ``EXPECTED``)."""

"""The Galaxy Trucker flight's adventure cards: one step handler per kind of card
(``CARD_STEPS``); a step awaits an answer or a roll, or moves the card on.  Shots and
meteors (``shots_step``), the sabotage roll and the card's end (``end_card``, forced
give-ups, GT-F21) are shared; the run loop (``GalaxyTrucker._step``) picks the step.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from pnp.engine.values import edit, replace
from pnp.games.galaxy_trucker.cards import Card
from pnp.games.galaxy_trucker.crew import after_epidemic
from pnp.games.galaxy_trucker.flight import lapped
from pnp.games.galaxy_trucker.flow import (
    Flight,
    destroy_tile,
    lose_crew_of,
    lose_goods,
    move_seat,
    note,
    set_trucker,
    who,
)
from pnp.games.galaxy_trucker.hits import Threat, impact
from pnp.games.galaxy_trucker.state import Stage, State, ask_of, edit_stage, edit_trucker
from pnp.games.galaxy_trucker.strength import format_strength


def open_step(g: Flight, s: State, c: Card) -> State:
    st = s.stage
    if st.step == "":  # the card's first step, then on at once (as the run loop would)
        st = edit(s, stage=Stage(step="go", todo=s.order())).stage
    if not st.todo:
        return end_card(s)
    return g.ask(s, st.todo[0], "engines")


def planets_step(g: Flight, s: State, c: Card) -> State:
    st = s.stage
    step = st.step
    if step == "":  # the card's first step, then on at once (as the run loop would)
        st = edit(s, stage=Stage(step="choose", todo=s.order())).stage
        step = "choose"
    if step == "choose":
        if st.todo:
            return g.ask(s, st.todo[0], "land")
        landed = {seat for seat, _ in st.marks}
        return edit(s, stage=replace(st, step="load", todo=tuple(
            x for x in s.order() if x in landed)))
    if step == "load":
        if not st.todo:
            return edit(s, stage=replace(st, step="back"))
        row = dict(st.marks)[st.todo[0]]
        return g.ask(s, st.todo[0], "cargo", goods=c.planets[row - 1])
    landed = {seat for seat, _ in st.marks}
    for seat in reversed(s.order()):  # farthest behind moves first
        if seat in landed:
            s = move_seat(s, seat, -c.days)
    return end_card(s)


def derelict_step(g: Flight, s: State, c: Card) -> State:
    """Abandoned ship or station: offered in flight order; a station then loads."""
    st = s.stage
    if st.step == "":  # the card's first step, then on at once (as the run loop would)
        st = edit(s, stage=Stage(step="offer", todo=s.order())).stage
    if st.step == "offer":
        if not st.todo:
            return end_card(s)
        return g.ask(s, st.todo[0], "ship" if c.kind == "ship" else "station",
                         count=c.crew)
    return load_then_back(g, s, c)


def meteors_step(g: Flight, s: State, c: Card) -> State:
    if s.stage.step == "":
        return start_shots(s, c.threats, s.order(), "end")
    raise AssertionError(s.stage.step)


def stardust_step(g: Flight, s: State, c: Card) -> State:
    for seat in reversed(s.order()):
        ship = s.truckers[seat].ship
        n = ship.exposed_connectors if ship else 0
        s = move_seat(s, seat, -n)
        s = note(s, f"{who(s, seat)} loses {n} flight days to stardust")
    return end_card(s)


def epidemic_step(g: Flight, s: State, c: Card) -> State:
    for seat in s.order():
        t = s.truckers[seat]
        if t.ship is not None:
            crew = after_epidemic(t.ship, t.crew)
            if crew != t.crew:
                s = note(s, f"{who(s, seat)} loses "
                               f"{t.crew.total - crew.total} crew to the epidemic")
            s = set_trucker(s, seat, replace(t, crew=crew))
    return end_card(s)


def sabotage_step(g: Flight, s: State, c: Card) -> State:
    if len(s.order()) < 2:
        return end_card(s)  # alone: ignored (the text)
    victim = min(s.order(), key=lambda x: (s.truckers[x].crew.total, s.order().index(x)))
    s = note(s, f"saboteurs strike {who(s, victim)}")
    return edit(s, stage=Stage(step="sab-col-wait", victim=victim), need="roll")


def load_then_back(g: Flight, s: State, c: Card) -> State:
    st = s.stage
    assert st.victim is not None
    if st.step == "load":
        if st.todo:
            return g.ask(s, st.todo[0], "cargo", goods=c.goods)
        s = move_seat(s, st.victim, -c.days)
        nxt = "after" if c.kind == "smugglers" else "end"
        return edit(s, stage=replace(st, step=nxt))
    raise AssertionError(st.step)


def enemy_step(g: Flight, s: State, c: Card) -> State:
    st = s.stage
    if st.step == "":  # the card's first step, then on at once (as the run loop would)
        st = edit(s, stage=Stage(step="fight", todo=s.order())).stage
    if st.step == "fight":
        if not st.todo:
            return edit(s, stage=replace(st, step="after"))
        return g.ask(s, st.todo[0], "cannons")
    if st.step == "reward":
        assert st.victim is not None
        return edit(s, ask=ask_of(st.victim, "reward"))
    if st.step == "load":
        return load_then_back(g, s, c)
    if st.step == "after":
        if c.kind == "pirates" and st.defeated:
            return start_shots(s, c.threats, st.defeated, "end")
        return end_card(s)
    raise AssertionError(st.step)


def combat_step(g: Flight, s: State, c: Card) -> State:
    st = s.stage
    if st.step == "":
        if len(s.order()) < 2:
            return end_card(s)  # alone: ignored (the text)
        return edit(s, stage=Stage(step="line", czline=0))
    if st.step == "line":
        if st.czline >= len(c.lines):
            return end_card(s)
        line = c.lines[st.czline]
        if line.criterion == "crew":
            values = tuple((x, Fraction(s.truckers[x].crew.total)) for x in s.order())
            return combat_penalty(g, edit(s, stage=replace(st, values=values)), c)
        return edit(s, stage=replace(st, step="measure", todo=s.order(), values=()))
    if st.step == "measure":
        if not st.todo:
            return combat_penalty(g, s, c)
        if c.lines[st.czline].criterion == "engines":
            return g.ask(s, st.todo[0], "engines")
        return g.ask(s, st.todo[0], "cannons")
    raise AssertionError(st.step)


def combat_penalty(g: Flight, s: State, c: Card) -> State:
    """The weakest pays; a tie goes to the player farthest ahead (GT-F14)."""
    st = s.stage
    line = c.lines[st.czline]
    order = s.order()
    values = dict(st.values)
    loser = min(order, key=lambda x: (values[x], order.index(x)))
    s = note(s, f"{line.describe()}: {who(s, loser)} "
                   f"({format_strength(values[loser])})")
    nxt = replace(st, step="line", czline=st.czline + 1, values=(), todo=())
    s = edit(s, stage=nxt)
    if line.penalty == "days":
        return move_seat(s, loser, -line.amount)
    if line.penalty == "crew":
        return lose_crew_of(g, s, loser, line.amount)
    if line.penalty == "goods":
        return lose_goods(g, s, loser, line.amount)
    return start_shots(s, line.threats, (loser,), "line")


def start_shots(s: State, threats: tuple[Threat, ...], targets: tuple[int, ...],
                after: str) -> State:
    """The first threat's roll awaited (none: on to ``after`` at once, as the run loop
    would); ``targets`` are the seats each threat is aimed at."""
    if not threats:
        return edit_stage(s, step=after, threats=(), shot=0, defeated=(), after=after,
                          line=None)
    return edit(s, need="roll", stage=replace(s.stage, step="shots-wait", threats=threats,
                                              shot=0, defeated=targets, after=after,
                                              line=None))


def shots_step(g: Flight, s: State) -> State:
    """A shot resolved again once a hit's defence is answered (``shots_hit``)."""
    st = s.stage
    assert st.step == "shots-hit" and st.line is not None
    return shots_hit(g, s, st, st.line, st.targets)


def shots_hit(g: Flight, s: State, st: Stage, line: int, targets: tuple[int, ...]) -> State:
    """The shot rolled in ``line`` reaches each of ``targets`` in turn: misses are noted, a
    hit asks for a defence (the stage then says the line and the targets still to reach);
    once every target is reached, the next threat is rolled for.  One new stage a roll:
    ``st`` is the stage before it (``shots-wait``) or while it is resolved (``shots-hit``)."""
    notes: list[str] = []
    truckers = s.truckers
    threat = st.threats[st.shot]
    while targets:
        seat, targets = targets[0], targets[1:]
        ship = truckers[seat].ship
        if ship is None or not len(ship):
            continue
        hit = impact(ship, threat, line)
        if hit.outcome != "hit":
            notes.append(f"{who(s, seat)}: {hit.describe()}")
            continue
        return g.ask(edit(s, log=(*s.log, *notes), stage=replace(
            st, step="shots-hit", line=line, targets=targets)), seat, "defend")
    log = (*s.log, *notes)
    shot = st.shot + 1
    if shot >= len(st.threats):
        return edit(s, log=log, stage=replace(st, targets=(), step=st.after, shot=shot,
                                              line=None, threats=(), defeated=()))
    return edit(s, log=log, need="roll",
                stage=replace(st, targets=(), step="shots-wait", shot=shot, line=None))


def sabotage_hit(g: Flight, s: State, victim: int, row: int, col: int) -> State:
    st = s.stage
    ship = s.truckers[victim].ship
    tile = ship.at((row, col)) if ship is not None else None
    if tile is not None:
        s = note(s, f"sabotage destroys {tile.describe()}")
        return destroy_tile(g, edit(s, stage=replace(st, step="end")), victim, tile.id)
    tries = st.tries + 1
    s = note(s, f"sabotage: nothing at row {row}, column {col}")
    if tries >= 3:
        return edit(s, stage=replace(st, step="end", tries=tries))
    return edit(s, stage=replace(st, step="sab-col-wait", tries=tries, col=None),
                need="roll")


def end_card(s: State) -> State:
    """Forced give-ups once the card is dealt with (GT-F21): no humans, no engine power
    in Open Space, lapped by the leader."""
    truckers = list(s.truckers)
    notes = []
    for i, t in enumerate(truckers):
        if not t.active:
            continue
        why = t.doom or ("no humans left on board" if t.crew.humans == 0 else None)
        if why:
            truckers[i] = replace(t, out=True, doom=None)
            notes.append(f"{who(s, i)} gives up: {why}")
    if notes:
        s = edit(s, truckers=tuple(truckers))
    order = s.order()
    if order:
        lead = s.truckers[order[0]].pos or 0
        behind = [i for i in order[1:] if lapped(lead, s.truckers[i].pos or 0)]
        for i in behind:
            s = edit_trucker(s, i, out=True)
            notes.append(f"{who(s, i)} gives up: lapped by the leader")
        if behind:
            order = s.order()
    return edit(s, log=(*s.log, *notes), phase="gate", stage=Stage(todo=order))


CardStep = Callable[[Flight, State, Card], State]

CARD_STEPS: dict[str, CardStep] = {
    "open": open_step, "planets": planets_step,
    "ship": derelict_step, "station": derelict_step,
    "meteors": meteors_step, "smugglers": enemy_step,
    "slavers": enemy_step, "pirates": enemy_step,
    "combat": combat_step, "stardust": stardust_step,
    "epidemic": epidemic_step, "sabotage": sabotage_step,
}
"""The next step of the card turned up, by the card's kind (a step awaits an answer or a
roll, or moves the card on; shots and the card's end are shared)."""

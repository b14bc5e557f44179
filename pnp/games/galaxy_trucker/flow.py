"""What the Galaxy Trucker flight's handler modules share: the words for each kind of ask,
the small state steps (a note, a move on the flight board, a seat done, a broken ship's strip)
and the losses that may have to ask the player (``destroy_tile``, ``lose_goods``,
``lose_crew_of``).

The handlers (``answers``, ``adventures``) await a decision through a ``Flight`` (the game),
which applies a lone possible answer at once (GT-FR4): that is the one call back up, so the
modules import downwards only (game -> answers, adventures -> offers -> flow).

One new state an event: ``GalaxyTrucker.apply`` copies the state once (the draft) and every
step changes that copy in place (``values.edit``, ``set_trucker``) until it is handed out, so
a handler takes the draft and returns it; a state handed out is never changed.  Truckers and
stages are still new values (``replace``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pnp.engine.values import edit, replace
from pnp.games.galaxy_trucker import goods as cargo
from pnp.games.galaxy_trucker.cards import Card, card
from pnp.games.galaxy_trucker.crew import Crew, crew_after_loss
from pnp.games.galaxy_trucker.flight import move
from pnp.games.galaxy_trucker.hits import Impact, destroy, impact
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.state import AskKind, State, Trucker, edit_stage, edit_trucker

ASK_WORDS: dict[str, str] = {
    "enter": "enter the finished ship and the number tile taken (N:ship)",
    "fix": "repair the ship for the spot check (fix:tiles)",
    "crew": "place aliens (crew:12P / crew:-)",
    "gate": "go on (go) or give up (quit) before the next card",
    "engines": "power double engines (pow:doubles@batteries / pow:-)",
    "cannons": "power double cannons (pow:doubles@batteries / pow:-)",
    "land": "land on a free planet (land:N) or not (no)",
    "ship": "fix up the abandoned ship (yes:cabins) or not (no)",
    "station": "dock at the abandoned station (yes) or not (no)",
    "reward": "take the reward and lose the flight days (yes) or not (no)",
    "cargo": "arrange the cargo (cargo:hold=goods,...)",
    "lose": "give up crew (lose:cabins)",
    "drop": "give up goods, the most valuable first, then battery tokens (drop:tiles)",
    "defend": "stop the threat (def:tile@battery) or take the hit (take)",
    "keep": "keep one piece of the broken ship (keep:tile)",
}


class Flight(Protocol):
    """What the handler modules call back: awaiting a decision (``GalaxyTrucker.ask``), which
    applies a lone possible answer at once (GT-FR4) through the answer handlers."""

    def ask(self, s: State, seat: int, kind: AskKind, goods: str = "",
            count: int = 0) -> State: ...


def set_trucker(s: State, seat: int, trucker: Trucker) -> State:
    """``s`` with ``trucker`` in ``seat``, changed in place: ``s`` is the event's draft (one
    new state an event, ``GalaxyTrucker.apply``; ``State.with_trucker`` makes a copy)."""
    ts = list(s.truckers)
    ts[seat] = trucker
    return edit(s, truckers=tuple(ts))


def who(state: State, seat: int) -> str:
    return state.names[seat] if seat < len(state.names) else f"seat {seat + 1}"


def note(s: State, text: str) -> State:
    return edit(s, log=(*s.log, text))


def move_seat(s: State, seat: int, days: int) -> State:
    t = s.truckers[seat]
    if not days or t.pos is None:
        return s
    others = [x.pos for i, x in enumerate(s.truckers)
              if i != seat and x.active and x.pos is not None]
    return edit_trucker(s, seat, pos=move(t.pos, days, others))


def shot_at(s: State, seat: int) -> Impact:
    st = s.stage
    ship = s.truckers[seat].ship
    assert ship is not None and st.line is not None
    return impact(ship, st.threats[st.shot], st.line)


def destroy_tile(g: Flight, s: State, seat: int, tile: int) -> State:
    t = s.truckers[seat]
    assert t.ship is not None
    dmg = destroy(t.ship, tile)
    t = strip(t, dmg.ship, lost=t.lost + 1)  # all pieces, until one is kept
    if len(dmg.pieces) > 1:
        return g.ask(set_trucker(s, seat, t), seat, "keep")
    return set_trucker(s, seat, t)


def lose_goods(g: Flight, s: State, seat: int, count: int) -> State:
    """Most valuable goods first, then battery tokens (GT-F19); the player names the
    tiles when more than one could give (the text: "you decide")."""
    t = s.truckers[seat]
    if cargo.has_choice(t.goods, t.batteries, count):
        return g.ask(s, seat, "drop", count=count)
    plan = cargo.drop_plans(t.goods, t.batteries, count)[0]
    holds, batteries = cargo.drop(t.goods, t.batteries, plan, count)
    return edit_trucker(s, seat, goods=holds, batteries=batteries)


def lose_crew_of(g: Flight, s: State, seat: int, count: int) -> State:
    t = s.truckers[seat]
    if t.crew.total <= count:
        return edit_trucker(s, seat, crew=Crew())  # all they have (GT-F20)
    return g.ask(s, seat, "lose", count=count)


def advance(s: State) -> State:
    """The current stage with its first seat done."""
    return edit_stage(s, todo=s.stage.todo[1:])


def card_of(s: State) -> Card:
    assert s.card is not None
    return card(s.card)


def used_tiles(s: State) -> set[int]:
    """Tiles on a ship or set aside this round."""
    return {i for t in s.truckers if t.ship for i in (*t.ship.ids, *t.aside)}


def strip(t: Trucker, ship: Ship, **changes: object) -> Trucker:
    """``t`` with what is left of its ship (and ``changes``): crew, batteries and goods on
    tiles no longer on the ship go (GT-C5).  One new trucker."""
    crew, _ = crew_after_loss(ship, t.crew)
    ids = ship.ids
    return replace(t, ship=ship, crew=crew, batteries=tuple(b for b in t.batteries
                                                            if b[0] in ids),
                   goods=tuple(g for g in t.goods if g[0] in ids), **changes)


def ids_text(ids: Sequence[int]) -> str:
    return ", ".join(f"#{i}" for i in ids) or "none"


def battery_list(t: Trucker) -> list[int]:
    return [tile for tile, n in t.batteries for _ in range(n)]

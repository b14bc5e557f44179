"""The Weird Galaxy Game object: setup, the engine contract, notation and results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from pnp.engine.chance import chance_option
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import NotationError, SetupError, check_fields
from pnp.engine.game import CHANCE, JSON, Game, Outcome
from pnp.engine.rng import Rng
from pnp.games.weird_galaxy import events as ev
from pnp.games.weird_galaxy import legal as options
from pnp.games.weird_galaxy import rules
from pnp.games.weird_galaxy.data import (
    DEFAULT_SUITS,
    HOLE,
    POINTS_PER_TURN,
    SUIT_NAMES,
    SUITS,
    station_pos,
    tile_name,
)
from pnp.games.weird_galaxy.state import State, home_player
from pnp.games.weird_galaxy.summary import summary as _summary

OPTIONS = ("chance", "suits", "first", "public_balances", DEAL_SEED)


def _check_setup(setup: Mapping[str, Any], n: int, seed: int | None) -> dict[str, Any]:
    """A normalised setup, or SetupError saying what is wrong."""
    if not isinstance(setup, Mapping):
        raise SetupError("the setup must be a JSON object")
    check_fields("Weird Galaxy setup field", setup, OPTIONS)
    chance = chance_option(setup, seed)
    suits = setup.get("suits", DEFAULT_SUITS.get(n, ""))
    if isinstance(suits, str):
        suits = list(suits)
    if (not isinstance(suits, list) or len(suits) != n
            or not all(isinstance(s, str) and s in SUITS for s in suits)
            or len(set(suits)) != n):
        raise SetupError(f"'suits' must list {n} different suit letters from {SUITS!r} "
                         f"(one per player), got {suits!r}")
    first = setup.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise SetupError(f"'first' must be a seat number from 0 to {n - 1}, got {first!r}")
    public = setup.get("public_balances", True)
    if not isinstance(public, bool):
        raise SetupError(f"'public_balances' must be true or false, got {public!r}")
    return copy_deal_seed(setup, {"chance": chance, "suits": list(suits), "first": first,
                                  "public_balances": public})


_KEEN: frozenset[type] = frozenset({ev.Build, ev.Deliver, ev.PickUp})
"""The events a playout takes when one is on offer (``playout_choices``)."""


class WeirdGalaxy(Game[State, ev.WGEvent]):
    """It's a Weird, Weird Galaxy!: trade, build stations to the black hole, dodge Phredd."""

    id: ClassVar[str] = "weird-galaxy"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "It's a Weird, Weird Galaxy!"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    credits: ClassVar[str] = "Jim Adams and Amy Enge (2004)"
    blurb: ClassVar[str] = ("Fly trade missions for Space Bucks and build a string of stations "
                            "from your home world to the black hole, while Phredd spits.")

    # -- setting up -------------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        n = len(players)
        opts = dict(options)
        if "first" not in opts and seed is not None:
            opts["first"] = Rng(seed, "setup/first").below(n)
        return _check_setup(opts, n, seed)

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        names = self.check_players(players)
        s = _check_setup(setup, len(names), seed)
        return State(
            players=tuple(home_player(name, suit)
                          for name, suit in zip(names, s["suits"], strict=True)),
            phredd=HOLE, turn=s["first"], points=POINTS_PER_TURN, seed=deal_seed(s, seed),
            seeded=s["chance"] == "seeded", public_balances=s["public_balances"])

    def seat_roles(self, setup: Mapping[str, JSON], players: Sequence[str]) -> tuple[str, ...]:
        """Each seat's suit (its ship, stations and Space Bucks colour)."""
        try:
            suits = _check_setup({**setup, "chance": "table"}, len(players), None)["suits"]
        except SetupError:
            return super().seat_roles(setup, players)
        return tuple(SUIT_NAMES[s] for s in suits)

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        suits = setup.get("suits") if isinstance(setup, Mapping) else None
        s = _check_setup(setup, len(suits) if isinstance(suits, list | str) else 0, seed)
        lines = [f"{self.title} - lay the 48 tiles as a 7 x 7 grid, the black hole in the "
                 "middle; Phredd starts in the black hole; everyone starts with 0 Space Bucks."]
        for seat, suit in enumerate(s["suits"]):
            lines.append(f"Seat {seat + 1}: {SUIT_NAMES[suit]} ({suit}), home world "
                         f"{tile_name(station_pos(suit, 0))}")
        lines.append(f"First to play: seat {s['first'] + 1}")
        lines.append("Dice: " + ("dealt by the seed" if s["chance"] == "seeded"
                                 else "drawn and rolled at the table"))
        return "\n".join(lines)

    # -- whose input is awaited --------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        if state.winner is not None:
            return None
        if state.pending is not None:
            return CHANCE
        return state.turn

    def legal(self, state: State) -> list[ev.WGEvent]:
        return options.legal_decisions(state)

    def playout_choices(self, state: State) -> list[ev.WGEvent]:
        """Random playouts take a build, delivery or pick-up when one is on offer, and never
        abandon a load: uniform picks from legal() almost never finish a game."""
        legal = options.legal_decisions(state)
        keen: list[ev.WGEvent] = [e for e in legal if type(e) in _KEEN]
        return keen or [e for e in legal if type(e) is not ev.Abandon]

    def chance_outcomes(self, state: State) -> list[ev.WGEvent]:
        return options.chance_outcomes(state)

    def dealt_outcome(self, state: State) -> ev.WGEvent | None:
        return options.dealt_outcome(state)

    # -- the rules ----------------------------------------------------------------------------
    def apply(self, state: State, event: ev.WGEvent) -> State:
        return rules.apply(state, event)

    # -- notation -----------------------------------------------------------------------------
    def parse(self, text: str) -> ev.WGEvent:
        if not isinstance(text, str):
            raise NotationError(repr(text), "an event is a text token")
        return ev.parse_event(text)

    def notation(self, event: ev.WGEvent) -> str:
        return ev.format_event(event)

    def describe(self, state: State, event: ev.WGEvent) -> str:
        from pnp.games.weird_galaxy.captions import describe

        return describe(state, event)

    # -- results ------------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        """Stations built (the winner has all 7); Space Bucks are in the summary."""
        return [len(p.stations) for p in state.players]

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        name = state.players[state.winner].name
        return Outcome((state.winner,), "win", f"{name} built the black-hole station")

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], _summary(state))

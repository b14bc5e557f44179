"""The Spatial Delivery rules engine (Rick Holzgrafe, Semicolon LLC).

Rule ids: SD-1..SD-8 are the project's rulings (../shared/RULINGS-commercial.md); SD-T1..SD-T11
are rules the text states and SD-G1..SD-G12 the gaps we settled, both written down in
docs/rulings.md.

The game object declares everything and hands each concept to its module: ``setup``
(options, seeded deal), ``offers`` (whose turn, the legal list), ``market`` (Goods Market),
``journey`` (missions, deliveries, card powers), ``rounds`` (turn and round ends),
``chance`` (tiles and cards revealed) and ``results`` (scores, summary).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, cast

from pnp.engine import Game, IllegalMove, Outcome
from pnp.engine.game import JSON
from pnp.games.spatial_delivery import chance, journey, market, offers, results, rounds
from pnp.games.spatial_delivery import setup as setting
from pnp.games.spatial_delivery.checks import Refusal
from pnp.games.spatial_delivery.events import (
    Build,
    CardAction,
    Deliver,
    EndTurn,
    Flip,
    Pass,
    SDEvent,
    Take,
    TileLaid,
    Travel,
    format_event,
    parse_event,
)
from pnp.games.spatial_delivery.setup import DEFAULT_ROUNDS, MAX_ROUNDS, tile_deal
from pnp.games.spatial_delivery.state import State
from pnp.games.spatial_delivery.summary import Summary

__all__ = ["DEFAULT_ROUNDS", "MAX_ROUNDS", "SpatialDelivery", "tile_deal"]


class SpatialDelivery(Game[State, SDEvent]):
    id: ClassVar[str] = "spatial-delivery"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "Spatial Delivery"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    credits: ClassVar[str] = ("Rick Holzgrafe (design) and Helen Holzgrafe (development), "
                              "Semicolon LLC, 2008/2017")
    blurb: ClassVar[str] = ("Buy goods on Earth, blaze trade routes across a growing ring of "
                            "settled worlds and deliver for market share.")

    # -- setting up -----------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        return setting.new_setup(seed, options)

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        names = self.check_players(players)
        return setting.initial_state(names, setup, seed)

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        return setting.describe_setup(setup, seed)

    # -- whose input is awaited -------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        return offers.actor(state)

    def legal(self, state: State) -> list[SDEvent]:
        return offers.legal(state)

    def chance_outcomes(self, state: State) -> list[SDEvent]:
        return chance.chance_outcomes(state)

    def dealt_outcome(self, state: State) -> SDEvent | None:
        return chance.dealt_outcome(state)

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: SDEvent) -> State:
        try:
            return _apply(state, event)
        except Refusal as refusal:  # the legal list is built only when it is shown
            raise IllegalMove(refusal.rule, refusal.message,
                              lambda: [format_event(e) for e in offers.legal(state)],
                              hint=True) from None

    def is_legal(self, state: State, event: SDEvent) -> bool:
        try:
            _apply(state, event)
        except (Refusal, IllegalMove):
            return False
        return True

    # -- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> SDEvent:
        return parse_event(text)

    def notation(self, event: SDEvent) -> str:
        return format_event(event)

    def describe(self, state: State, event: SDEvent) -> str:
        from pnp.games.spatial_delivery.captions import describe

        return describe(state, event)

    # -- results --------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return results.scores(state)

    def ranking_key(self, state: State, seat: int) -> tuple[int, int, int]:
        """SD-5: score, then First Delivery tokens, then stations built."""
        return results.ranking_key(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return results.outcome(state)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], results.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        return results.typed_summary(state)


def _apply(state: State, event: SDEvent) -> State:
    if state.phase == "over":
        raise IllegalMove("SD-T10", f"the game is over after round {state.rounds}; "
                                    "nothing more can be logged")
    handler = _HANDLERS.get(type(event))
    if state.pending and handler is not chance.apply_chance:
        raise IllegalMove("SD-T8", "first log what the table revealed: "
                                   f"{chance.need_text(state.pending[0])}",
                          lambda: [format_event(e) for e in chance.chance_outcomes(state)],
                          hint=True)
    if handler is None:
        raise TypeError(f"not a Spatial Delivery event: {event!r}")
    return handler(state, event)


def _end_turn(state: State, event: EndTurn) -> State:
    return rounds.end_turn(state)


def _pass_turn(state: State, event: Pass) -> State:
    return rounds.pass_turn(state)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {  # one per kind of event
    TileLaid: chance.apply_chance, Flip: chance.apply_chance, Take: market.take,
    Build: journey.build, Travel: journey.travel, Deliver: journey.deliver,
    CardAction: journey.card_action, EndTurn: _end_turn, Pass: _pass_turn,
}

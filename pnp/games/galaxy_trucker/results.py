"""Galaxy Trucker's results and public summary: scores, the outcome (everyone with a credit
wins), the summary the tracker draws (``summary.Summary``) and the one-line words for what is
awaited (also used by the refusals that ask for a card or a roll first)."""

from __future__ import annotations

from pnp.engine import Outcome
from pnp.games.galaxy_trucker.cards import card
from pnp.games.galaxy_trucker.events import format_event
from pnp.games.galaxy_trucker.flight import lapped
from pnp.games.galaxy_trucker.flow import ASK_WORDS, who
from pnp.games.galaxy_trucker.notation import format_berth, format_crew, format_ship
from pnp.games.galaxy_trucker.rounds import chance_outcomes, deck_size
from pnp.games.galaxy_trucker.state import LOOP, ROUND_BOARD, State
from pnp.games.galaxy_trucker.summary import ShipSummary, Summary


def scores(state: State) -> list[int]:
    return [t.credits for t in state.truckers]


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    ranked = sorted(range(len(state.truckers)), key=lambda i: -state.truckers[i].credits)
    winners = tuple(i for i in ranked if state.truckers[i].credits >= 1)
    if not winners:
        return Outcome((), "no profit", "nobody ended with a credit")
    top = state.truckers[winners[0]].credits
    best = [who(state, i) for i in winners if state.truckers[i].credits == top]
    return Outcome(winners, "win", f"everyone with a credit wins; most credits ({top}): "
                   f"{', '.join(best)}")


def need_words(state: State) -> str:
    """The chance outcome awaited, in words with an example that can come now."""
    if state.need == "card":
        flips = chance_outcomes(state)
        example = format_event(flips[0]) if flips else "card:I-1"
        return f"adventure card turned up ({example})"
    return "2d6 roll (roll:2 .. roll:12)"


def typed_summary(state: State) -> Summary:
    """The public summary in its declared shape (``summary.Summary``)."""
    c = card(state.card) if state.card else None
    lead = max((t.pos for t in state.truckers if t.active and t.pos is not None),
               default=0)
    ships: list[ShipSummary] = []
    for i, t in enumerate(state.truckers):
        ships.append({
            "seat": i, "name": who(state, i), "number": t.number,
            "space": t.pos % LOOP if t.pos is not None else None, "pos": t.pos,
            "lapped": t.active and t.pos is not None and lapped(lead, t.pos),
            "flying": t.active, "gave_up": t.out, "credits": t.credits,
            "board": t.ship.board.name if t.ship else ROUND_BOARD[state.round],
            "ship": format_ship(t.ship) if t.ship else None,
            "crew": format_crew(t.crew),
            "berths": [{"cabin": cabin, "humans": b.humans,
                        "alien": format_berth(b) if b.alien is not None else None}
                       for cabin, b in t.crew.berths],
            "humans": t.crew.humans, "crew_total": t.crew.total,
            "batteries": {str(k): v for k, v in t.batteries},
            "goods": {str(k): v for k, v in t.goods},
            "lost": t.lost,
            "exposed": t.ship.exposed_connectors if t.ship else None,
            "history": list(t.history),
        })
    result = outcome(state)
    ask = state.ask
    return {
        "now": _now(state),
        "flight": _flight_line(state),
        "tile_seed": state.tile_seed,  # the printed tile set: ids -> tiles for drawings
        "loop": LOOP,
        "round": state.round, "round_number": state.round_index + 1,
        "rounds": list(state.rounds), "phase": state.phase,
        "order": list(state.order()), "ships": ships,
        "card": {"id": c.id, "title": c.title, "text": c.describe(),
                 "stage": state.stage.step} if c else None,
        "cards_turned": len(state.drawn),
        "deck_size": deck_size(state.round, state.test_flight),
        "awaiting": ("over" if state.phase == "over" else "chance" if state.need
                     else "decision"),
        "decision": ({"seat": ask.seat, "name": who(state, ask.seat),
                      "kind": ask.kind, "what": ASK_WORDS[ask.kind]}
                     if ask and not state.need else None),
        "chance": need_words(state) if state.need else None,
        "dice": state.last_roll,
        "events": list(state.log),
        "credits": scores(state),
        "result": result.detail if result else None,
    }


def _now(state: State) -> str:
    """One line: the card and what is awaited."""
    if state.phase == "over":
        result = outcome(state)
        return f"game over: {result.detail if result else ''}"
    head = f"round {state.round}, card {len(state.drawn)}/" \
           f"{deck_size(state.round, state.test_flight)}"
    if state.card:
        head += f" ({card(state.card).describe()})"
    if state.need:
        return f"{head}: log the {need_words(state)}"
    if state.ask:
        return f"{head}: {who(state, state.ask.seat)} to {ASK_WORDS[state.ask.kind]}"
    return head


def _flight_line(state: State) -> str:
    """The flight board, leader first: name and space; those who gave up last."""
    flying = [f"{who(state, i)} on {(state.truckers[i].pos or 0) % LOOP}"
              for i in state.order()]
    out = [who(state, i) for i, t in enumerate(state.truckers) if t.out]
    return " > ".join(flying) + (f" (gave up: {', '.join(out)})" if out else "")

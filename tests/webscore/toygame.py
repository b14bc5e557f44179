"""A tiny dice game for testing the tracker generically (registered only inside tests).

Each turn a die is rolled (a chance event ``r1``..``r6``), then the seat to play takes up to
that many points (``+N``) or passes (``pass``).  First to the target wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pnp.engine import CHANCE, Chance, Decision, IllegalMove, NotationError, Outcome, Rng
from pnp.engine.game import Game


@dataclass(frozen=True)
class Roll(Chance):
    value: int


@dataclass(frozen=True)
class Take(Decision):
    points: int


@dataclass(frozen=True)
class Pass(Decision):
    pass


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    seed: int | None
    target: int
    scores: tuple[int, ...]
    seat: int = 0
    roll: int | None = None
    rolls: int = 0


class ToyDice(Game[State, Any]):
    id = "toy-dice"
    title = "Toy Dice"
    min_players = 1
    max_players = 4
    credits = "test fixture"

    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, Any]) -> dict[str, Any]:
        target = options.get("target", 10)
        if not isinstance(target, int) or not 3 <= target <= 50:
            from pnp.engine import SetupError

            raise SetupError("target must be a whole number from 3 to 50")
        chance = options.get("chance", "seeded" if seed is not None else "table")
        if chance not in ("seeded", "table") or (chance == "seeded" and seed is None):
            from pnp.engine import SetupError

            raise SetupError("chance must be 'seeded' (with a seed) or 'table'")
        return {"target": target, "chance": chance}

    def initial_state(self, setup: Mapping[str, Any], players: Sequence[str],
                      seed: int | None) -> State:
        seeded = setup.get("chance") == "seeded"
        return State(tuple(players), seed if seeded else None, int(setup["target"]),
                     (0,) * len(players))

    def actor(self, state: State) -> int | None:
        if max(state.scores) >= state.target:
            return None
        return CHANCE if state.roll is None else state.seat

    def legal(self, state: State) -> list[Any]:
        if self.actor(state) in (None, CHANCE):
            return []
        assert state.roll is not None
        return [Take(n) for n in range(1, state.roll + 1)] + [Pass()]

    def chance_outcomes(self, state: State) -> list[Any]:
        return [Roll(v) for v in range(1, 7)] if self.actor(state) == CHANCE else []

    def dealt_outcome(self, state: State) -> Any:
        if state.seed is None or self.actor(state) != CHANCE:
            return None
        return Roll(Rng(state.seed, f"roll{state.rolls}").below(6) + 1)

    def apply(self, state: State, event: Any) -> State:
        actor = self.actor(state)
        if actor is None:
            raise IllegalMove("TOY-0", "the game is over", [])
        if isinstance(event, Roll):
            if actor != CHANCE:
                raise IllegalMove("TOY-2", "no die is being rolled now; "
                                  f"{state.players[actor]} decides",
                                  [self.notation(e) for e in self.legal(state)])
            dealt = self.dealt_outcome(state)
            if dealt is not None and dealt != event:
                raise IllegalMove("TOY-3", f"the seed dealt {self.notation(dealt)}",
                                  [self.notation(dealt)])
            if not 1 <= event.value <= 6:
                raise IllegalMove("TOY-4", "a die shows 1 to 6", [f"r{v}" for v in range(1, 7)])
            return replace(state, roll=event.value, rolls=state.rolls + 1)
        if actor == CHANCE:
            raise IllegalMove("TOY-2", "roll the die first", [f"r{v}" for v in range(1, 7)])
        assert state.roll is not None
        if isinstance(event, Take):
            if not 1 <= event.points <= state.roll:
                raise IllegalMove("TOY-1", f"you rolled {state.roll}, so you may take 1 to "
                                  f"{state.roll} points, not {event.points}",
                                  [self.notation(e) for e in self.legal(state)])
            scores = list(state.scores)
            scores[actor] += event.points
            state = replace(state, scores=tuple(scores))
        return replace(state, roll=None, seat=(state.seat + 1) % len(state.players))

    def parse(self, text: str) -> Any:
        t = text.strip().lower()
        if t == "pass":
            return Pass()
        if len(t) == 2 and t[0] == "r" and t[1].isdigit():
            return Roll(int(t[1]))
        if t.startswith("+") and t[1:].isdigit() and len(t) < 4:
            return Take(int(t[1:]))
        raise NotationError(text, "expected r1..r6, +N or pass")

    def notation(self, event: Any) -> str:
        if isinstance(event, Roll):
            return f"r{event.value}"
        if isinstance(event, Take):
            return f"+{event.points}"
        return "pass"

    def scores(self, state: State) -> list[int]:
        return list(state.scores)

    def outcome(self, state: State) -> Outcome | None:
        if self.actor(state) is not None:
            return None
        best = max(state.scores)
        return Outcome(tuple(i for i, s in enumerate(state.scores) if s == best), "win")

    def summary(self, state: State) -> dict[str, Any]:
        return {"scores": list(state.scores), "roll": state.roll, "target": state.target,
                "<b>": "escape me"}


TOY = ToyDice()

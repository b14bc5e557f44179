"""The versioned JSON game log, and replay: a log is the setup plus the events.

``{"format": 1, "game": ..., "seed": int | null, "setup": {...}, "players": [...],
"events": ["<notation>", ...]}``.  Replay applies the events in order and stops at the first
one that cannot be read or is illegal, reporting its index, rule id and message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.engine.errors import IllegalMove, LogError, NotationError, PnpError, SetupError
from pnp.engine.game import JSON, Game
from pnp.engine.registry import get_game
from pnp.engine.steps import Played, Step, replay_steps

LOG_FORMAT = 1
MAX_EVENTS = 100_000
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class GameLog:
    game: str
    seed: int | None
    setup: Mapping[str, JSON]
    players: tuple[str, ...]
    events: tuple[str, ...] = ()
    format: int = LOG_FORMAT

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": self.format,
            "game": self.game,
            "seed": self.seed,
            "setup": dict(self.setup),
            "players": list(self.players),
            "events": list(self.events),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def with_events(self, events: Sequence[str]) -> GameLog:
        return GameLog(self.game, self.seed, self.setup, self.players, tuple(events),
                       self.format)


def read_seed(text: str) -> int:
    """A seed typed on a command line (`pnp setup/kit --seed`, `make run SEED=`).

    >>> read_seed("7")
    7
    >>> read_seed("-1")
    Traceback (most recent call last):
    ...
    ValueError: seed must be between 0 and 9223372036854775807
    """
    try:
        value = int(text, 10)
    except ValueError:
        raise ValueError(f"seed must be a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"seed must be between 0 and {MAX_SEED}")
    return value


def check_seed(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogError(f"seed must be a whole number or null, got {value!r}")
    if not 0 <= value <= MAX_SEED:
        raise LogError(f"seed must be between 0 and {MAX_SEED}, got {value}")
    return value


def log_from_json(data: object) -> GameLog:
    """Validate the shape of a decoded log (rules are checked by replay)."""
    if not isinstance(data, dict):
        raise LogError("a log is a JSON object")
    unknown = set(data) - {"format", "game", "seed", "setup", "players", "events"}
    if unknown:
        shown = ", ".join(repr(str(k)[:40]) for k in sorted(unknown)[:5])
        raise LogError(f"unknown log fields: {shown}")
    if data.get("format") != LOG_FORMAT:
        raise LogError(f"log format must be {LOG_FORMAT}, got {data.get('format')!r}")
    game = data.get("game")
    if not isinstance(game, str):
        raise LogError("'game' must be a game id string")
    seed = check_seed(data.get("seed"))
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise LogError("'setup' must be a JSON object")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise LogError("'players' must be a list of names")
    events = data.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise LogError("'events' must be a list of notation strings")
    if len(events) > MAX_EVENTS:
        raise LogError(f"a log holds at most {MAX_EVENTS} events")
    return GameLog(game, seed, setup, tuple(players), tuple(events))


def load_log(text: str) -> GameLog:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise LogError("not a log: JSON nested too deeply") from None
    return log_from_json(data)


def new_log(game_id: str, players: Sequence[str], seed: int | None = None,
            options: Mapping[str, JSON] | None = None) -> GameLog:
    game = get_game(game_id)
    names = game.check_players(players)
    seed = check_seed(seed)
    setup = game.new_setup(seed, names, dict(options or {}))
    return GameLog(game.id, seed, setup, names)


@dataclass
class ReplayResult:
    game: Game[Any, Any]
    log: GameLog
    state: Any
    applied: int
    error: dict[str, JSON] | None = None
    history: list[Any] = field(default_factory=list)  # states after each applied event

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict[str, JSON]:
        g, s = self.game, self.state
        outcome = g.outcome(s)
        players = list(self.log.players)
        return {
            "ok": self.ok,
            "game": g.id,
            "events": len(self.log.events),
            "applied": self.applied,
            "error": self.error,
            "state": g.summary(s),
            "scores": dict(zip(players, g.scores(s), strict=True)),
            "finished": outcome is not None,
            "result": outcome.result if outcome else None,
            "winner": [players[i] for i in outcome.winners] if outcome else None,
        }


def _start(game: Game[Any, Any], log: GameLog) -> Any:
    try:
        players = game.check_players(log.players)
        return game.initial_state(log.setup, players, log.seed)
    except SetupError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SetupError(f"malformed setup: {exc}") from None


def replay(log: GameLog, keep_history: bool = False) -> ReplayResult:
    """Apply a log's events in order; stop at the first unreadable or illegal one."""
    game = get_game(log.game)
    result = ReplayResult(game, log, _start(game, log), 0)
    history = result.history
    step: Step | None = None
    try:
        for step in replay_steps(game, result.state, log.events):
            if keep_history:
                history.append(step.state)
    except NotationError as exc:
        _reached(result, step)
        result.error = {"index": result.applied, "event": log.events[result.applied],
                        "rule": "notation", "message": exc.message, "legal": []}
    except IllegalMove as exc:
        _reached(result, step)
        result.error = {"index": result.applied, "event": log.events[result.applied],
                        **exc.to_json()}
    else:
        _reached(result, step)
    return result


def _reached(result: ReplayResult, step: Step | None) -> None:
    """Note the last step applied (the loop above keeps it in a local, as it is faster)."""
    if step is not None:
        result.state = step.state
        result.applied = step.index + 1


def play_log(log: GameLog) -> Played:
    """Every step of a log that replays (raises NotationError or IllegalMove otherwise)."""
    game = get_game(log.game)
    start = _start(game, log)
    steps: tuple[Step, ...] = tuple(replay_steps(game, start, log.events))
    return Played(log.players, log.seed, log.setup, start, steps)


def replay_text(text: str) -> ReplayResult:
    return replay(load_log(text))


__all__ = ["GameLog", "LogError", "PnpError", "ReplayResult", "load_log", "log_from_json",
           "new_log", "play_log", "read_seed", "replay", "replay_text"]

"""Game-independent core: the Game contract, events, errors, seeded RNG, logs and replay."""

from pnp.engine.errors import (
    IllegalMove,
    LogError,
    NotationError,
    PnpError,
    SetupError,
    UnknownGame,
)
from pnp.engine.game import CHANCE, Chance, Decision, Event, Game, Outcome, all_games, get_game
from pnp.engine.log import GameLog, ReplayResult, load_log, log_from_json, new_log, replay
from pnp.engine.rng import Rng

__all__ = [
    "CHANCE", "Chance", "Decision", "Event", "Game", "GameLog", "IllegalMove", "LogError",
    "NotationError", "Outcome", "PnpError", "ReplayResult", "Rng", "SetupError", "UnknownGame",
    "all_games", "get_game", "load_log", "log_from_json", "new_log", "replay",
]

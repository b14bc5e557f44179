"""Game-independent core: the Game contract, the game record and registry, events, errors,
seeded RNG, logs and replay, and the board-drawing contract."""

from pnp.engine.drawing import BoardDrawing
from pnp.engine.errors import (
    IllegalMove,
    LogError,
    NotationError,
    PnpError,
    SetupError,
    UnknownGame,
)
from pnp.engine.game import CHANCE, Chance, Decision, Event, Game, Outcome
from pnp.engine.log import (
    GameLog,
    ReplayResult,
    load_log,
    log_from_json,
    new_log,
    play_log,
    replay,
)
from pnp.engine.record import GameRecord, OptionField
from pnp.engine.registry import all_games, all_records, get_game, get_record
from pnp.engine.rng import Rng
from pnp.engine.steps import Played, Step, replay_steps

__all__ = [
    "CHANCE", "BoardDrawing", "Chance", "Decision", "Event", "Game", "GameLog", "GameRecord",
    "IllegalMove", "LogError", "NotationError", "OptionField", "Outcome", "Played", "PnpError",
    "ReplayResult", "Rng", "SetupError", "Step", "UnknownGame", "all_games", "all_records",
    "get_game", "get_record", "load_log", "log_from_json", "new_log", "play_log", "replay",
    "replay_steps",
]

"""Galaxy Express (Matt Worden, 2003): solitaire courier runs on a piecepack star chart."""

from pnp.engine.game import register
from pnp.games.galaxy_express.rules import GalaxyExpress, rating_of, score_of

GAME = GalaxyExpress()
register(GAME)

__all__ = ["GAME", "GalaxyExpress", "rating_of", "score_of"]

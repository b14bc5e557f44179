"""Galaxy Express (Matt Worden, 2003): solitaire courier runs on a piecepack star chart."""

from pnp.games.galaxy_express.rules import GalaxyExpress
from pnp.games.galaxy_express.scoring import rating_of, score_of

GAME = GalaxyExpress()

__all__ = ["GAME", "GalaxyExpress", "rating_of", "score_of"]

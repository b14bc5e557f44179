"""It's a Weird, Weird Galaxy! (Jim Adams and Amy Enge), game id ``weird-galaxy``."""

from pnp.engine.game import register
from pnp.games.weird_galaxy.game import WeirdGalaxy

register(WeirdGalaxy())

__all__ = ["WeirdGalaxy"]

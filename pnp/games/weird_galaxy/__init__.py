"""It's a Weird, Weird Galaxy! (Jim Adams and Amy Enge, 2004), game id ``weird-galaxy``."""

from pnp.games.weird_galaxy.game import WeirdGalaxy

GAME = WeirdGalaxy()

__all__ = ["GAME", "WeirdGalaxy"]

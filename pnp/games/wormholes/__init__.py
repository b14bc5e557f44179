"""Wormholes (Marty and Ron Hale-Evans, 2001): two alien fleets race through seeded wormholes."""

from pnp.engine.game import register
from pnp.games.wormholes.rules import Wormholes

GAME = Wormholes()
register(GAME)

__all__ = ["GAME", "Wormholes"]

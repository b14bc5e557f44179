"""Wormholes (Marty and Ron Hale-Evans, 2001): two alien fleets race through seeded wormholes."""

from pnp.games.wormholes.rules import Wormholes

GAME = Wormholes()

__all__ = ["GAME", "Wormholes"]

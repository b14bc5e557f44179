"""Built-in games, one subpackage each; importing a subpackage registers its game.

Importing this package registers nothing, so a command that needs one game (a kit, a log)
imports that game alone; :func:`load_all` registers every built-in game.
"""

import importlib

BUILTIN = ("galaxy_express", "galaxy_trucker", "spatial_delivery", "weird_galaxy", "wormholes")


def load_all() -> None:
    for name in BUILTIN:
        importlib.import_module(f"{__name__}.{name}")

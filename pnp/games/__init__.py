"""Built-in games; importing this package registers each of them."""

from pnp.games import galaxy_express  # noqa: F401
from pnp.games import weird_galaxy  # noqa: F401
from pnp.games import wormholes  # noqa: F401

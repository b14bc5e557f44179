"""Built-in games; importing this package registers each of them."""

from pnp.games import (  # noqa: F401  (imported to register)
    galaxy_express,
    galaxy_trucker,
    spatial_delivery,
    weird_galaxy,
    wormholes,
)

"""Built-in games; importing this package registers each of them."""

from pnp.games import galaxy_express  # noqa: F401

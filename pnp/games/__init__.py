"""Built-in games, one package each; each declares its ``record.RECORD`` in the ``pnp.games``
entry-point group (pyproject.toml), which is how the engine finds them."""

"""The ``chance`` option every game takes, read once: "seeded" (the seed deals every coin, die
and card; the default when there is a seed) or "table" (the pieces are shuffled by hand and
the table enters what turned up).

>>> chance_option({}, seed=7), chance_option({"chance": "table"}, seed=7)
('seeded', 'table')
>>> chance_option({}, seed=None)
'table'
>>> chance_option({"chance": "seeded"}, seed=None)
Traceback (most recent call last):
...
pnp.engine.errors.SetupError: seeded play needs a seed
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.engine.errors import SetupError

CHANCES = ("seeded", "table")


def chance_option(options: Mapping[str, object], seed: int | None) -> str:
    """The ``chance`` option of ``new_setup`` (SetupError for another value, or seeded play
    without a seed)."""
    chance = options.get("chance", "seeded" if seed is not None else "table")
    if chance not in CHANCES:
        raise SetupError(f"option 'chance' must be 'seeded' or 'table', got {chance!r}")
    if chance == "seeded" and seed is None:
        raise SetupError("seeded play needs a seed")
    return str(chance)


def chance_setup(setup: Mapping[str, object], default: str | None = "table") -> str:
    """The ``chance`` of a stored setup (``default`` when absent; None: required)."""
    chance = setup.get("chance", default)
    if chance not in CHANCES:
        raise SetupError(f"setup 'chance' must be 'seeded' or 'table', got {chance!r}")
    return str(chance)


__all__ = ["CHANCES", "chance_option", "chance_setup"]

"""The deal seed: where a seeded table's hidden chance comes from, apart from the printed seed.

A kit prints a seed, and the public setup (the board laid out from its setup sheet) follows
it.  The hidden chance (coin values, dice, the order of cards and tiles) follows the same seed
by default, so a kit, ``pnp setup --seed N`` and a replay agree on everything, and anyone who
knows the seed knows every future outcome.  When the hidden deal must stay secret (a tracker
dealing for rivals), the dealer draws a *deal seed*, keeps it, and passes it as the option
``deal_seed``: a game that declares ``Game.deal_seed_option`` copies it into the setup and
draws every hidden outcome from it, the public setup still from the printed seed.  The dealer
hands out the setup without ``HIDDEN_SETUP_KEYS`` while the game goes on; the finished log
carries the deal seed and replays like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.engine.errors import SetupError

DEAL_SEED = "deal_seed"
HIDDEN_SETUP_KEYS = ("deal", DEAL_SEED)
"""Setup fields that give away hidden chance: left out of a log handed out mid-game."""

MAX_DEAL_SEED = 2**63 - 1


def deal_seed(setup: Mapping[str, Any], seed: int | None) -> int | None:
    """The seed hidden outcomes are drawn from: the setup's (or options') ``deal_seed`` when
    it has one, else the printed seed.

    >>> deal_seed({"deal_seed": 99}, 7), deal_seed({}, 7)
    (99, 7)
    """
    value = setup.get(DEAL_SEED)
    if value is None:
        return seed
    if isinstance(value, bool) or not isinstance(value, int) \
            or not 0 <= value <= MAX_DEAL_SEED:
        raise SetupError(f"'{DEAL_SEED}' must be a whole number from 0 to {MAX_DEAL_SEED}, "
                         f"got {value!r}")
    return value


def copy_deal_seed(options: Mapping[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """A new setup with the options' deal seed (checked) written in, if one was given."""
    if options.get(DEAL_SEED) is not None:
        setup[DEAL_SEED] = deal_seed(options, None)
    return setup


def public_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup without what gives away hidden chance (read as table play).

    >>> public_setup({"chance": "seeded", "planets": ["a1"], "deal": {}, "deal_seed": 5})
    {'chance': 'table', 'planets': ['a1']}
    """
    out = {k: v for k, v in setup.items() if k not in HIDDEN_SETUP_KEYS}
    if "chance" in out:
        out["chance"] = "table"
    return out

"""The Galaxy Trucker state's draft helpers (``edit_trucker``, ``edit_stage``): the same
values as the two-step ``set_trucker(replace(...))`` / ``edit(stage=replace(...))``, the
states handed out untouched."""

from __future__ import annotations

import doctest
import functools

import pytest

from pnp.engine import get_game, new_log
from pnp.engine.values import cached, edit, replace
from pnp.games.galaxy_trucker import state as state_module
from pnp.games.galaxy_trucker.flow import set_trucker
from pnp.games.galaxy_trucker.state import Stage, State, Trucker, edit_stage, edit_trucker


def _flying() -> State:
    """A seeded two-player game some way into its flight."""
    from pnp.engine.play import random_playout
    from pnp.engine.rng import Rng

    game = get_game("galaxy-trucker")
    log = new_log(game.id, ["Ann", "Bob"], 3, {"chance": "seeded"})
    start = game.initial_state(log.setup, log.players, log.seed)
    s, _ = random_playout(game, start, Rng(3, "state"), 40)
    assert s.truckers[0].ship is not None
    return s


def test_doctests() -> None:
    assert doctest.testmod(state_module).failed == 0


@pytest.mark.parametrize("cls", [State, Trucker, Stage])
def test_no_cached_property_to_drop(cls: type) -> None:
    """The helpers write the copied ``__dict__`` straight in; that is only right while these
    values keep no cached property (``values.replace`` would drop one)."""
    assert not [name for name, v in vars(cls).items()
                if isinstance(v, functools.cached_property | cached)]


def test_edit_trucker_is_set_trucker_of_replace() -> None:
    s = _flying()
    t = s.truckers[1]
    want = set_trucker(replace(s), 1, replace(t, credits=t.credits + 2, lost=t.lost + 1))
    got = edit_trucker(replace(s), 1, credits=t.credits + 2, lost=t.lost + 1)
    assert got == want and got.truckers[1] == want.truckers[1]
    assert s.truckers[1] is t and got.truckers[0] is s.truckers[0]
    with pytest.raises(TypeError, match="Trucker has no field cash"):
        edit_trucker(replace(s), 0, cash=1)


def test_edit_stage_is_edit_of_replace() -> None:
    s = _flying()
    st = s.stage
    want = edit(replace(s), stage=replace(st, todo=st.todo[1:], step="end"))
    got = edit_stage(replace(s), todo=st.todo[1:], step="end")
    assert got == want and s.stage is st and got.stage is not st
    with pytest.raises(TypeError, match="Stage has no field steps"):
        edit_stage(replace(s), steps="x")

"""The rules' remembered checks (``pnp.sheetread.checked``): a try is checked as a change to
the values the rules hold now, whatever was checked before and however those values changed."""

from __future__ import annotations

import random

from pnp.games.wormholes.sheet import SHEET, split_pages
from pnp.sheetread.checked import Checked, wrong
from pnp.sheetread.simulate import played_fields


def _front() -> dict[str, str]:
    fields = played_fields("wormholes", 7, players=2, stream="probe/0")
    assert fields is not None
    return split_pages(fields)[0]


def test_tries_are_checked_from_the_values_held_now() -> None:
    """The first try, the rules' choices made in place and the audit's fixes put in are each
    part of the values the next try changes, as the whole check has them; and a try is
    checked from the values it changes (a wormhole's cell tried first does not make every
    later try a check of the whole record)."""
    fields = _front()
    spec = Checked(SHEET, 60.0)
    values = dict(fields)
    rng = random.Random(3)
    names = [n for n in fields if n.startswith(("t", "wh_")) and fields[n]]
    for step in range(40):
        name = rng.choice(names)
        extra = {name: rng.choice(["", "101", "913", fields[name][:-1] + "1"])}
        assert spec.wrong_with(values, extra) == wrong(SHEET, {**values, **extra})[1], extra
        if step % 5 == 4:  # a field ruled, in place (``settle``, the audit)
            ruled = rng.choice(names)
            values[ruled] = rng.choice(["", "57", fields[ruled]])
    assert spec.base == values  # the last values held are the base the tries change

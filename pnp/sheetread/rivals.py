"""Whether the rules single a value out, the boxes the eye was sure of included.

The rules search a doubtful field's doubtful boxes and keep the boxes the eye is sure of
(``choices.BOX_SURE``) as read (``choices.space``), so "the one value that checks out" means
"the one value with those boxes as read".  The eye is sometimes sure and wrong: a Wormholes
coin's cell written 612 was read 0 (99.76 %), 1 or empty (66 / 31 %), 2; of 0_2, 002 ...
092 only 012 is a free cell, so the rules took 012, while 612 checked out just as well: the
rules had not told 012 from 612, the eye had, and its "sure" 0 was the 6.

So a value the rules choose must also beat its rivals: each value with one digit the eye was
sure of written as another digit of the box's alphabet (the other boxes as chosen).  A rival
that leaves no line wrong that the chosen value leaves right checks out as well, and the field
is asked.  Only digits are changed, not ink into blank: a box's ink is measured (its share of
dark pixels), a digit's shape is guessed, and the guess is what fails.  Where a box bears on
a line (a die's cell, a sum), the rival breaks it and the choice stands.

>>> from pnp.sheetread.layout import comb
>>> from pnp.render.geometry import Rect
>>> box = comb("wh_A6", Rect(0, 0, 60, 20), 3)
>>> d = Draft(box, (("012", 0.66), ("0_2", 0.31)), (0, 0, 1, 1),
...           ((("0", 0.9976), ("6", 0.0022)), (("1", 0.66), ("", 0.31)), (("2", 1.0),)))
>>> rivals(d, "012")[:3], len(rivals(d, "012"))
(['612', '112', '212'], 18)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.boxes import Draft, joined
from pnp.sheetread.checked import wrong_with
from pnp.sheetread.choices import BOX_SURE, unclean


def rivals(d: Draft, value: str) -> list[str]:
    """The values one sure digit away from ``value``: a box whose digit the eye was sure of
    (at least ``BOX_SURE``) written as another digit its comb may hold, the other boxes as in
    ``value``; best first by the eye's odds of that other digit."""
    if d.box.kind != "digits" or not d.parts or any(not o for o in d.parts):
        return []
    sure = [i for i, o in enumerate(d.parts) if o[0][1] >= BOX_SURE and o[0][0].isdigit()]
    if not sure:
        return []
    each = [(o[0][0],) if i in sure else ("", *d.box.alphabet, "-", "?")
            for i, o in enumerate(d.parts)]
    out: dict[str, float] = {}
    for combo in itertools.product(*each):  # the boxes as ``value`` has them
        if joined(list(combo)) != value:
            continue
        for i in sure:
            odds = dict(d.parts[i])
            for digit in d.box.alphabet:
                if digit != combo[i]:
                    rival = joined([*combo[:i], digit, *combo[i + 1:]])
                    out[rival] = max(out.get(rival, 0.0), odds.get(digit, 0.0))
    out.pop(value, None)
    return sorted((v for v in out if not unclean(v)), key=lambda v: -out[v])


def rival(spec: SheetSpec, values: Mapping[str, str], d: Draft, value: str) -> str | None:
    """A rival of ``value`` (``rivals``) that checks out as well as it: none of its wrong
    lines is one ``value`` leaves right.  None: the rules single ``value`` out."""
    chosen = wrong_with(spec, values, {d.name: value})
    for other in rivals(d, value):
        if wrong_with(spec, values, {d.name: other}) <= chosen:
            return other
    return None


__all__ = ["rival", "rivals"]

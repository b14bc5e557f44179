"""What values a doubtful field may hold, and which of them the rules may never take alone.

``space`` is every value a field could hold with its doubtful boxes written any way at all:
the rules choose a value only when it is the one among all of these that checks out.  The
other helpers say which readings are never taken without the person (a digit the box may not
hold, an unknown mark, an empty reading of a field with ink in it).
"""

from __future__ import annotations

import itertools

from pnp.sheetread.boxes import Draft, joined
from pnp.sheetread.layout import FieldBox

PLAUSIBLE = 0.04  # a reading the rules may choose has at least this probability
SLIP = 0.02
"""The share of a sheet's checked values a player writes wrongly (a slip in a sheet of ~50
numbers; the benchmark plants one a sheet)."""
HIDDEN_AT_MOST = 0.01
"""The rules take a value only while the odds that a rival reading is what is written (a
slip of the player's, which taking the value would hide) stay under this."""
RIVAL_AT_MOST = HIDDEN_AT_MOST * (1 - SLIP) / SLIP
"""A rival reading the eye saw at least this share as clearly as the value the rules chose
(0.49) is asked about: ``slip_rival``."""
BOX_SURE = 0.99  # a box the eye is this sure of keeps its reading while the rules search
MAX_UNSURE_BOXES = 2


def space(d: Draft) -> list[str]:
    """Every value the field could hold with its doubtful boxes written any way at all (its
    sure boxes as read): the rules choose a value only when it is the one among all of these
    that checks out, so a misreading the eye never listed cannot slip through."""
    if not d.parts:
        return [v for v, _p in d.candidates]
    if any(not options for options in d.parts):
        return [v for v, _p in d.candidates]
    weakest = min(range(len(d.parts)), key=lambda i: d.parts[i][0][1])
    choices: list[tuple[str, ...]] = []
    for i, options in enumerate(d.parts):
        if options[0][1] >= BOX_SURE and i != weakest:
            choices.append((options[0][0],))
        elif d.box.kind == "tick":
            choices.append(("", "x"))
        elif d.box.kind == "choice" and i == 0:
            choices.append(("", *d.box.options))
        elif d.box.signed and i == 0:
            choices.append(("", "-"))
        else:
            choices.append(("", *d.box.alphabet))  # a digit the box may not hold never checks out
    if sum(len(c) > 1 for c in choices) > MAX_UNSURE_BOXES:
        return [v for v, _p in d.candidates][:1]  # too many doubts for the rules: asked
    return list(dict.fromkeys(joined(list(combo)) for combo in itertools.product(*choices)))



def fits(box: FieldBox, value: str) -> bool:
    """Whether ``value`` is one the field's boxes can hold: every digit one its comb may hold
    (a rank 0-5, not 7), and a choice with a comb both ticked and written (a Weird Galaxy tile
    with no suit ticked is unfinished, not "3").  A reading that does not fit is never taken
    without the person: the eye misread something, or the player made a slip the check would
    not name.

    >>> from pnp.sheetread.layout import choice
    >>> from pnp.render.geometry import Rect
    >>> tile = choice("m1_source", Rect(0, 0, 200, 20), tuple("ab"), 1, alphabet="012345")
    >>> [fits(tile, v) for v in ("a3", "", "3", "a", "a7", "b0")]
    [True, True, False, False, False, True]
    """
    if not value or box.kind not in ("digits", "choice"):
        return True
    rest = value
    if box.kind == "choice":
        option = next((o for o in box.options if value.startswith(o)), None)
        if option is None:
            return False
        rest = value[len(option):]
        if not box.boxes:
            return rest == ""
        if not rest:
            return False
    return all(ch in box.alphabet for ch in rest.lstrip("-"))


def unclean(value: str) -> bool:
    """A reading with an unknown mark ('?': ink in a sign box that is no minus) or a gap
    between digits ('_') is never taken without the person."""
    return "?" in value or "_" in value


def hides_ink(d: Draft, value: str) -> bool:
    """Whether ``value`` is an empty reading of a field where the eye saw ink (a non-empty
    reading at least ``PLAUSIBLE``): the rules never rule written ink away (a thin 1 can look
    nearly blank, and an empty field often checks out), the person says."""
    return value == "" and any(v != "" and p >= PLAUSIBLE for v, p in d.candidates)


def surely_inked(d: Draft, value: str) -> bool:
    """Whether ``value`` is an empty reading of a field the eye never thought empty (no empty
    reading among its candidates: every box surely holds ink).  Such a reading is no rival
    to the one that checks out: "" and "0" often check out alike."""
    return value == "" and all(v != "" for v, _p in d.candidates)


def slip_rival(d: Draft, value: str) -> tuple[str, float] | None:
    """The eye's likeliest other reading of a field the rules would set to ``value``, when
    the eye saw it at least ``RIVAL_AT_MOST`` as clearly; else None.  The rules take
    ``value`` because the sheet checks out with it alone, so with the rival written the sheet
    is wrong: the eye's misreading, or the player's own slip, which the rules would hide.
    The odds of the slip are ``SLIP`` x the rival's odds against ``value``'s; past
    ``HIDDEN_AT_MOST`` the person says which is written (the check then reports a slip).  A
    reading the field's boxes cannot hold (a rank 8) is no slip a player makes.
    """
    p = dict(d.candidates).get(value, 0.0)
    for v, q in d.candidates:
        if v != value and not unclean(v) and fits(d.box, v) and q >= RIVAL_AT_MOST * p:
            return v, q
    return None


def shown(value: str) -> str:
    return repr(value) if value else "empty"



__all__ = ["BOX_SURE", "HIDDEN_AT_MOST", "MAX_UNSURE_BOXES", "PLAUSIBLE", "RIVAL_AT_MOST", "SLIP",
           "fits", "hides_ink", "shown", "slip_rival", "space", "surely_inked", "unclean"]

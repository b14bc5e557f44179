"""The audit: a reading the eye was not quite sure of, on a sheet that does not check out.

When the sheet as read does not check out, a reading the eye was not quite certain of that
another digit would put right is asked (``audit``): a confident misreading would otherwise
pass for the player's mistake.  While some field is still asked the audit waits for the
person's answers (``second_look``): a line an unconfirmed field leaves wrong says nothing yet
about the readings beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.boxes import Draft
from pnp.sheetread.checked import Checked, wrong, wrong_with
from pnp.sheetread.choices import shown, space
from pnp.sheetread.reading import Status, percent
from pnp.sheetread.rivals import rivals

AUDIT_BELOW = 0.9995  # a read field under this is asked when another value would check out
AUDIT_ROUNDS = 3  # the audit looks again as if what it asked were put right, this often


def second_look(spec: SheetSpec, drafts: Sequence[Draft], confirmed: Mapping[str, str],
                trusted: frozenset[str]) -> dict[str, str]:
    """The audit once the person has confirmed what was asked: ``confirmed`` holds every
    field's value (``trusted`` the ones the person confirmed or changed).  When the sheet
    still does not check out, each other reading under ``AUDIT_BELOW`` that another value
    would put right is asked now, ``{name: note}``.  Run before the person's answers are in,
    the audit would ask every reading on a line an unconfirmed field leaves wrong."""
    status: dict[str, Status] = {name: "ask" for name in trusted}
    notes: dict[str, str] = {}
    audit(Checked(spec), drafts, confirmed, status, notes, {})
    return {name: notes[name] for name, st in status.items()
            if st == "ask" and name not in trusted}


def audit(spec: SheetSpec, drafts: Sequence[Draft], values: Mapping[str, str],
           status: dict[str, Status], notes: dict[str, str], given: Mapping[str, str]) -> None:
    """When the sheet as read does not check out, a reading the eye was not quite certain of
    (under ``AUDIT_BELOW``) that another value of its weakest box would put right is asked
    rather than trusted: it may be a misreading, not the player's mistake.  Nothing is
    changed: the person says which is written, and the check reports a real mistake.

    Two misreadings on one line hide each other: with a Galaxy Trucker round's goods misread
    too, putting its credits in flight right (a 0 read as 5 at 99.94 %) leaves the round's
    line as wrong as before, so it would be trusted, and once the person corrected the goods
    the check would blame the player for the eye's 5.  So the audit looks again
    (``AUDIT_ROUNDS``) as if each field it asks held the value that puts most right, and
    asks too what would then put more right."""
    values = dict(values)
    # the name a field's own line has in the report (a continuation page's row by its turn)
    inner = spec
    while not hasattr(inner, "line_field") and hasattr(inner, "spec"):
        inner = inner.spec  # through ``Checked`` and a record's page (``record._InRecord``)
    named = getattr(inner, "line_field", lambda _values, name: name)
    for look in range(AUDIT_ROUNDS):
        base = wrong(spec, values)[1]
        if not base:
            return
        fixes: dict[str, str] = {}
        for d in drafts:
            if (status.get(d.name) == "ask" or d.name in given
                    or d.box.kind not in ("digits", "choice") or d.best[1] >= AUDIT_BELOW
                    or not d.parts):
                continue
            if isinstance(spec, Checked) and spec.spent():
                # no time left to audit it: asked, not trusted
                status[d.name] = "ask"
                notes[d.name] = (f"read {shown(values[d.name])} ({percent(d.best[1])}); too "
                                 "many doubtful fields on this photo to try the rules: confirm")
                continue
            # its own line wrong: any sure digit may be the misread one, not only the weakest
            # (a cell 011 read 021, every box over 99 %: x21 is never a cell)
            own = named(values, d.name) in base
            options = space(d) + (rivals(d, values[d.name]) if own else [])
            tried = {v: len(wrong_with(spec, values, {d.name: v}))
                     for v in dict.fromkeys(options) if v != values[d.name]}
            better = [v for v, n in tried.items() if n < len(base)]
            if not better:
                continue
            status[d.name] = "ask"
            seen = dict(d.candidates).get(values[d.name], 0.0)
            beside = "" if look == 0 else "with the fields asked beside it, "
            notes[d.name] = (f"read {shown(values[d.name])} ({percent(seen)}), but {beside}"
                             f"the sheet would check out with {shown(better[0])}: which is "
                             "written?")
            fixes[d.name] = min(better, key=lambda v: tried[v])
        if not fixes:
            return
        values.update(fixes)  # as if the person wrote what puts most right



__all__ = ["AUDIT_BELOW", "AUDIT_ROUNDS", "audit", "second_look"]

"""The second look: once the person has confirmed what was asked, the sheet is audited again.

The first reading asks what the eye doubts and the rules could not settle.  Its audit (a
reading the eye was not quite sure of that another digit would put right, asked rather than
trusted, ``settle._audit``) waits for the person's answers when anything is asked: before
them, a line that an unconfirmed field (a name, a Wormholes cell, a doubtful digit) leaves
wrong would make every reading on it look suspect.  With the confirmed values in, a line that
is still wrong is a real mistake or a misreading; the readings that could put it right are
asked now, in a second round, and the check then reports whatever is left as a mistake.

``second_look(pages, confirmed)`` takes the pages as read (one for a single photo, a record's
pages in page order) and each page's values as the person confirmed them, and gives each
page's newly asked fields with the question to show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pnp.sheetread.boxes import Draft
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.reading import FieldReading, SheetReading
from pnp.sheetread.settle import AUDIT_BELOW
from pnp.sheetread.settle import second_look as _page_look


def drafts(reading: SheetReading) -> list[Draft]:
    """The page's fields as the eye saw them, back from the reading (its boxes' options are
    kept in ``FieldReading.parts``)."""
    layout = sheet_layout(reading.game, reading.layout, reading.version)
    return [Draft(layout.field(f.name), f.candidates, (0, 0, 0, 0), f.parts)
            for f in reading.fields]


def second_look(pages: Sequence[SheetReading],
                confirmed: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """Each page's fields to ask now, ``{name: question}``, given what the person confirmed
    on each page (every field's value).  A field the person was asked, or changed, is
    trusted; the others are as read."""
    from pnp.sheetread.layout import SheetCode
    from pnp.sheetread.record import _InRecord, record_spec

    if len(pages) != len(confirmed):
        raise ValueError("one set of confirmed values per page")
    if not pages:
        return []
    # a ledger page's lines are the whole kit's check's, not the worksheet's
    spec = record_spec(pages[0].game, {f.name for page in pages for f in page.fields})
    values = [{f.name: str(given.get(f.name, f.value)) for f in page.fields}
              for page, given in zip(pages, confirmed, strict=True)]
    out = []
    for i, page in enumerate(pages):
        layout = sheet_layout(page.game, page.layout, page.version)
        fixed = layout.given(SheetCode(page.game, page.layout, page.version, page.seed))
        trusted = frozenset(f.name for f in page.fields if _trusted(f, values[i])) | set(fixed)
        out.append(_page_look(_InRecord(spec, values, i, page.game), drafts(page), values[i],
                              trusted))
    return out


def confirmed(pages: Sequence[SheetReading],
              given: Sequence[Mapping[str, str]]) -> list[SheetReading]:
    """The pages with the person's values in (``given``: each page's fields the person typed
    or confirmed): each such field takes its value, marked "confirmed"; once no asked field is
    left without the person's value, the second look's fields are asked.

    >>> from pnp.sheetread.reading import FieldReading as F
    >>> page = SheetReading("galaxy-trucker", "p1.a4", 1, 11, (F("p1_name", "", "ask", 0.0),))
    >>> [(f.value, f.status, f.note) for f in confirmed([page], [{"p1_name": "Ann"}])[0].fields]
    [('Ann', 'read', 'confirmed')]
    """
    if len(pages) != len(given):
        raise ValueError("one set of confirmed values per page")
    known = [{f.name for f in page.fields} for page in pages]
    for names, mine in zip(known, given, strict=True):
        unknown = sorted(set(mine) - names)
        if unknown:
            raise ValueError(f"no field {unknown[0]!r} on that page")
    pages = [replace(page, fields=tuple(
        replace(f, value=mine[f.name], status="read", note="confirmed") if f.name in mine else f
        for f in page.fields)) for page, mine in zip(pages, given, strict=True)]
    if any(f.status == "ask" for page in pages for f in page.fields):
        return pages  # the person has more to say first
    values = [{f.name: f.value for f in page.fields} for page in pages]
    # fields the person gave are trusted (``_trusted``: asked ones), the rest as read
    marked = [replace(page, fields=tuple(replace(f, status="ask") if f.name in mine else f
                                         for f in page.fields))
              for page, mine in zip(pages, given, strict=True)]
    again = second_look(marked, values)
    return [replace(page, fields=tuple(replace(f, status="ask", note=asked[f.name])
                                       if f.name in asked else f for f in page.fields))
            for page, asked in zip(pages, again, strict=True)]


def auditable(f: FieldReading) -> bool:
    """Whether the second look may ask this field: read or chosen by the rules, its boxes'
    options known, the eye under ``AUDIT_BELOW`` (the tracker keeps these fields' crops for
    it)."""
    return f.status != "ask" and bool(f.parts) and bool(f.candidates) \
        and f.candidates[0][1] < AUDIT_BELOW


def _trusted(f: FieldReading, values: Mapping[str, str]) -> bool:
    return f.status == "ask" or values.get(f.name, f.value) != f.value


__all__ = ["auditable", "confirmed", "drafts", "second_look"]

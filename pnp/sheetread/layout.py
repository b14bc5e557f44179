"""Where everything sits on a printed sheet, for the kit that draws it and the reader that cuts
it out of a photo: one frozen ``SheetLayout`` per printed page design.

A readable sheet carries four ArUco markers (ids 0-3: top left, top right, bottom right,
bottom left, inside the printable area's corners), a small QR naming the game, the layout and
its version (and the seed where the sheet has one), and one ``FieldBox`` per form field: a comb
of digit boxes, a tick box, or a free text area.  Lengths are PDF points on the page the sheet
is *designed* on (A4 or Letter; an A5 kit shrinks the A4 design whole, which a reader undoes
with the markers anyway), origin at the lower left as in PDF; ``SheetLayout.image_box`` gives a
rectangle in the top-down pixels of an image of the page.

The QR payload has a parse/print pair:

>>> code = SheetCode.parse("pnpsheet:1/galaxy-trucker/p1.a4/1/42")
>>> code.game, code.layout, code.version, code.seed
('galaxy-trucker', 'p1.a4', 1, 42)
>>> str(code)
'pnpsheet:1/galaxy-trucker/p1.a4/1/42'
>>> str(SheetCode("wormholes", "record.letter", 2))
'pnpsheet:1/wormholes/record.letter/2'

and the layout of a printed sheet is found from it (``layout_for``), through the game's record
(``GameRecord.sheet_layouts``):

>>> layout = layout_for(code)
>>> layout.field("p1_r1_credits").kind, layout.field("p1_r1_credits").max_digits
('digits', 3)
>>> [m.id for m in layout.markers]
[0, 1, 2, 3]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cache, cached_property
from typing import Any, Literal

from pnp.engine import PnpError
from pnp.render.geometry import PAPER_SIZES, Rect, mm, printable_area
from pnp.sheetread.aruco import MARKER_IDS, MODULES

SCHEME = "pnpsheet"
FORMAT = 1
"""The payload format (the number after ``pnpsheet:``); a layout's own version is separate."""

Kind = Literal["digits", "tick", "choice", "text"]
KINDS: tuple[str, ...] = ("digits", "tick", "choice", "text")

MARKER_SIZE = mm(9)
"""A marker's side, border included (6 modules of 1.5 mm); a module of white around it is
kept clear of ink."""
QR_SIZE = mm(17)
"""The sheet QR's side with its quiet zone (about 0.46 mm a module for a 45-character code)."""
QR_LARGE = mm(24)
"""The sheet QR where the page has room below the title band (0.65 mm a module): photos that
gave too few pixels a module for the 17 mm code (3 of 73 refused) read it."""
DIGIT_W = mm(5.2)
"""A comb box's width: wide enough for a pen digit, narrow enough for 4 in a 26 mm cell."""
DIGIT_H = mm(6.4)
TICK = mm(5.0)
OPTION = mm(3.2)
"""A choice's tick box; its option's letter is printed just left of it."""
OPTION_LABEL = mm(2.6)


DIGITS = "0123456789"


class SheetCodeError(PnpError):
    """A QR payload that is not a readable sheet's, or names no layout we know."""


# -- the QR payload --------------------------------------------------------------------------
_CODE = re.compile(
    rf"{SCHEME}:(?P<fmt>\d+)/(?P<game>[a-z0-9-]+)/(?P<layout>[a-z0-9.-]+)/(?P<version>\d+)"
    r"(?:/(?P<seed>\d{1,12}))?")


@dataclass(frozen=True)
class SheetCode:
    """What a sheet's QR says: ``pnpsheet:1/<game>/<layout>/<version>[/<seed>]``."""

    game: str
    layout: str
    version: int
    seed: int | None = None

    @classmethod
    def parse(cls, text: str) -> SheetCode:
        """The payload of a scanned sheet QR (surrounding blanks allowed).

        >>> SheetCode.parse("pnpsheet:1/wormholes/record.a4/1").seed is None
        True
        >>> try:
        ...     SheetCode.parse("http://x.org/")
        ... except SheetCodeError as err:
        ...     print(err)
        this QR code is not a pnp sheet's ('http://x.org/'); a sheet's code starts pnpsheet:
        """
        text = text.strip()
        m = _CODE.fullmatch(text)
        if m is None:
            shown = text if len(text) <= 60 else text[:57] + "..."
            if not text.startswith(f"{SCHEME}:"):
                raise SheetCodeError(f"this QR code is not a pnp sheet's ({shown!r}); "
                                     f"a sheet's code starts {SCHEME}:")
            raise SheetCodeError(f"unreadable sheet code {shown!r}: expected "
                                 f"{SCHEME}:{FORMAT}/GAME/LAYOUT/VERSION[/SEED]")
        if int(m["fmt"]) != FORMAT:
            raise SheetCodeError(f"sheet code format {m['fmt']} is not one this program reads "
                                 f"(it reads {FORMAT}): update pnp or print a new sheet")
        seed = m["seed"]
        return cls(m["game"], m["layout"], int(m["version"]),
                   None if seed is None else int(seed))

    def __str__(self) -> str:
        tail = "" if self.seed is None else f"/{self.seed}"
        return f"{SCHEME}:{FORMAT}/{self.game}/{self.layout}/{self.version}{tail}"


# -- the parts of a page ---------------------------------------------------------------------
@dataclass(frozen=True)
class Marker:
    """An ArUco marker (``pnp.sheetread.aruco``): its id and its square, border included."""

    id: int
    rect: Rect

    @property
    def module(self) -> float:
        return self.rect.w / MODULES


@dataclass(frozen=True)
class FieldBox:
    """One form field on the paper.

    ``kind`` "digits": a comb, ``boxes`` one box per digit left to right (``max_digits`` of
    them); a ``signed`` field's value may be negative, its minus sign written in a box of its
    own (the first), so it has one box more than its digits.  "tick": ``boxes`` is the one box
    to tick (a mark means yes).  "choice": a letter part ticked among ``options`` (one box
    each in ``option_boxes``, its letter printed left of it), then a comb of ``boxes`` for a
    number (maybe none): the value is the ticked option followed by the digits
    (:meth:`value`), as the Galaxy Express coin "S2" or direction "N".  "text": free writing
    in ``rect`` (names, card ids, board cells), no boxes; a reader asks the person for these.
    ``rect`` bounds the field (the AcroForm widget of the fillable PDF is this rectangle).
    """

    name: str
    kind: Kind
    rect: Rect
    boxes: tuple[Rect, ...] = ()
    signed: bool = False
    options: tuple[str, ...] = ()
    option_boxes: tuple[Rect, ...] = ()
    alphabet: str = DIGITS
    """The digits a comb box may hold (a Wormholes value 0-5): a reading outside them can
    never check out, so the rules do not try it."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field {self.name}: unknown kind {self.kind!r}")
        if self.kind == "text" and self.boxes:
            raise ValueError(f"text field {self.name} has boxes")
        if self.kind == "tick" and len(self.boxes) != 1:
            raise ValueError(f"tick field {self.name} needs exactly one box")
        if self.kind == "digits" and len(self.boxes) < 1 + self.signed:
            raise ValueError(f"digits field {self.name} needs a box per digit")
        if (self.kind == "choice") != bool(self.options) or (
                len(self.options) != len(self.option_boxes)):
            raise ValueError(f"field {self.name}: a choice, and only a choice, has a box per "
                             "option")

    def value(self, option: str | None, digits: str = "") -> str:
        """A choice's value from its ticked option and its digits.

        >>> f = choice("t1_coin", Rect(0, 0, 60, 20), ("S", "M"), 1)
        >>> f.value("M", "4"), f.value(None, "")
        ('M4', '')
        """
        return (option or "") + digits

    @property
    def max_digits(self) -> int:
        """The most digits the comb holds (0 for tick and text fields)."""
        if self.kind == "choice":
            return len(self.boxes)
        return len(self.boxes) - self.signed if self.kind == "digits" else 0

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "rect": _box(self.rect),
                "boxes": [_box(b) for b in self.boxes], "signed": self.signed,
                "max_digits": self.max_digits,
                "options": [{"value": v, "box": _box(b)}
                            for v, b in zip(self.options, self.option_boxes, strict=True)]}


def _box(r: Rect) -> list[float]:
    return [round(v, 2) for v in (r.x, r.y, r.w, r.h)]


@dataclass(frozen=True)
class SheetLayout:
    """One printed page design of a game's sheet: what the QR names and where every part is.

    ``fields`` use the game's ``SheetSpec`` field names; ``seed_field`` (if any) is the field
    the QR's seed fills, so a reader does not read it from the ink.
    """

    game: str
    layout: str
    version: int
    page: tuple[float, float]
    markers: tuple[Marker, ...]
    qr: Rect
    fields: tuple[FieldBox, ...]
    seed_field: str | None = None
    title: str = ""
    spelling: Callable[[Mapping[str, str]], dict[str, str]] | None = dc_field(
        default=None, compare=False, repr=False)
    """How a record (as the game's checker and typed form spell it) is written on this paper,
    when the paper spells some fields otherwise (the Wormholes record's version 2 has cells
    in digits): ``on_paper``."""
    part: tuple[str, int, int] | None = None
    """A page design printed in parts (the Wormholes record on A5): the whole page's id, this
    part's number from 1, and how many parts; a reader merges a page's parts before the check
    (``pnp.sheetread.parts``)."""

    def __post_init__(self) -> None:
        if [m.id for m in self.markers] != list(MARKER_IDS):
            raise ValueError(f"layout {self.layout}: markers must be {list(MARKER_IDS)} in "
                             "order (top left, top right, bottom right, bottom left)")
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"layout {self.layout}: a field is placed twice")

    def field(self, name: str) -> FieldBox:
        found = self._by_name.get(name)
        if found is None:
            raise KeyError(name)
        return found

    @cached_property
    def _by_name(self) -> dict[str, FieldBox]:
        """The fields by name, made on the first ``field`` asked (a kit draws a sheet's
        fields one by one by name: a scan of the fields each was 20 % of drawing a ledger)."""
        return {f.name: f for f in self.fields}

    def field_names(self) -> list[str]:
        return [f.name for f in self.fields]

    def on_paper(self, fields: Mapping[str, str]) -> dict[str, str]:
        """``fields`` as a pen writes them on this paper (``spelling``; else as they are)."""
        return dict(fields) if self.spelling is None else self.spelling(fields)

    def code(self, seed: int | None = None) -> SheetCode:
        """The QR payload printed on this sheet for a kit of ``seed``."""
        return SheetCode(self.game, self.layout, self.version,
                         seed if self.seed_field is not None else None)

    def given(self, code: SheetCode) -> dict[str, str]:
        """The fields the QR itself fills (the seed)."""
        if self.seed_field is None or code.seed is None:
            return {}
        return {self.seed_field: str(code.seed)}

    def image_box(self, r: Rect, scale: float) -> tuple[int, int, int, int]:
        """``r`` as (left, top, right, bottom) pixels of an upright image of the page drawn
        at ``scale`` pixels a point (``dpi / 72``).

        >>> lay = layout_for("pnpsheet:1/galaxy-trucker/p2.a4/1")
        >>> lay.image_box(lay.markers[0].rect, 100 / 72)  # top left marker at 100 dpi
        (39, 39, 75, 75)
        """
        top = self.page[1] - r.y2
        return (round(r.x * scale), round(top * scale), round(r.x2 * scale),
                round((top + r.h) * scale))

    def marker_corners(self) -> dict[int, tuple[tuple[float, float], ...]]:
        """Each marker's four corners in page points measured from the top left (x right, y
        down), in OpenCV's order: the marker's top left, top right, bottom right, bottom left.
        A reader maps the detected corners onto these to undo perspective."""
        h = self.page[1]
        out: dict[int, tuple[tuple[float, float], ...]] = {}
        for m in self.markers:
            r = m.rect
            out[m.id] = ((r.x, h - r.y2), (r.x2, h - r.y2), (r.x2, h - r.y), (r.x, h - r.y))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "layout": self.layout, "version": self.version,
                "page": [round(v, 2) for v in self.page], "title": self.title,
                "markers": [{"id": m.id, "rect": _box(m.rect)} for m in self.markers],
                "qr": _box(self.qr), "seed_field": self.seed_field,
                "fields": [f.to_json() for f in self.fields]}


# -- building layouts (the kits' drawing code calls these, then draws what they return) -------
def corner_markers(page: tuple[float, float], size: float = MARKER_SIZE) -> tuple[Marker, ...]:
    """Markers 0-3 in the corners of the page's printable area (clockwise from top left)."""
    a = printable_area(page)
    return (Marker(0, Rect(a.x, a.y2 - size, size, size)),
            Marker(1, Rect(a.x2 - size, a.y2 - size, size, size)),
            Marker(2, Rect(a.x2 - size, a.y, size, size)),
            Marker(3, Rect(a.x, a.y, size, size)))


def comb(name: str, cell: Rect, digits: int, signed: bool = False,
         width: float = DIGIT_W, height: float = DIGIT_H, align: str = "centre",
         alphabet: str = DIGITS) -> FieldBox:
    """A comb of ``digits`` boxes (one more when ``signed``) in ``cell``, centred (or
    "right"-aligned), each box ``width`` x ``height`` and no larger than the cell allows.

    >>> f = comb("score", Rect(0, 0, 100, 30), 3)
    >>> f.max_digits, len(f.boxes), round(f.boxes[1].x - f.boxes[0].x, 2)
    (3, 3, 14.74)
    """
    n = digits + signed
    w = min(width, cell.w / n)
    h = min(height, cell.h)
    x0 = cell.x2 - n * w if align == "right" else cell.cx - n * w / 2
    y0 = cell.cy - h / 2
    boxes = tuple(Rect(x0 + i * w, y0, w, h) for i in range(n))
    return FieldBox(name, "digits", Rect(x0, y0, n * w, h), boxes, signed, alphabet=alphabet)


def tick(name: str, cell: Rect, size: float = TICK) -> FieldBox:
    """A square tick box centred in ``cell``."""
    s = min(size, cell.w, cell.h)
    box = Rect(cell.cx - s / 2, cell.cy - s / 2, s, s)
    return FieldBox(name, "tick", box, (box,))


def text(name: str, cell: Rect) -> FieldBox:
    return FieldBox(name, "text", cell)


def choice(name: str, cell: Rect, options: tuple[str, ...], digits: int = 0,
           box: float = OPTION, width: float = DIGIT_W, height: float = DIGIT_H,
           label: float = OPTION_LABEL, gap: float = mm(1.0),
           alphabet: str = DIGITS) -> FieldBox:
    """Tick boxes for ``options`` (each after its printed letter, ``label`` wide), then a comb
    of ``digits`` (each one of ``alphabet``), centred in ``cell``.

    >>> f = choice("m1_source", Rect(0, 0, mm(46), mm(5)), tuple("abcdefgh"), 1, box=mm(2.6),
    ...            label=mm(1.6), gap=mm(0.6), width=mm(4.4), alphabet="012345")
    >>> len(f.option_boxes), f.max_digits, f.rect.w <= mm(46), f.alphabet
    (8, 1, True, '012345')
    """
    step = label + box + gap
    w = min(width, (cell.w - len(options) * step) / digits) if digits else 0.0
    h = min(height, cell.h)
    total = len(options) * step + digits * w
    x = cell.cx - total / 2
    s = min(box, cell.h)
    option_boxes = tuple(Rect(x + k * step + label, cell.cy - s / 2, s, s)
                         for k in range(len(options)))
    x0 = x + len(options) * step
    boxes = tuple(Rect(x0 + i * w, cell.cy - h / 2, w, h) for i in range(digits))
    # the field (and its form widget) takes the cell's height, so a typed value fits
    return FieldBox(name, "choice", Rect(x, cell.y, total, cell.h), boxes, options=options,
                    option_boxes=option_boxes, alphabet=alphabet)


def place(name: str, cell: Rect, kind: str, digits: int = 0, signed: bool = False,
          alphabet: str = DIGITS) -> FieldBox:
    """A field of ``kind`` in ``cell``: a comb of ``digits`` (each one of ``alphabet``), a
    tick box or free text."""
    if kind == "digits":
        return comb(name, cell, digits, signed, alphabet=alphabet)
    if kind == "tick":
        return tick(name, cell)
    return text(name, cell)


def paper_name(page: tuple[float, float]) -> str:
    """The design's paper ("a4" or "letter"), as layout ids name it.

    >>> paper_name((612.0, 792.0))
    'letter'
    """
    return next(name for name, size in PAPER_SIZES.items() if size == page)


def band_qr(page: tuple[float, float], size: float = QR_SIZE) -> Rect:
    """The sheet QR's usual place: in the title band, left of the top right marker (``size``
    larger where the page has room below the band: a bigger code reads from a smaller or
    blurrier photo)."""
    a = printable_area(page)
    return Rect(a.x2 - MARKER_SIZE - mm(3) - size, a.y2 - size, size, size)


def title_area(page: tuple[float, float], qr: Rect) -> Rect:
    """The printable area with the title band kept clear of the top left marker and the QR
    (a page title drawn in it starts right of the marker and ends before the QR)."""
    a = printable_area(page)
    x = a.x + MARKER_SIZE + mm(3)
    return Rect(x, a.y, min(qr.x, a.x2) - mm(2) - x, a.h)


def footer_area(page: tuple[float, float]) -> Rect:
    """The printable area between the bottom markers (for a footer line)."""
    a = printable_area(page)
    inset = MARKER_SIZE + mm(3)
    return Rect(a.x + inset, a.y, a.w - 2 * inset, a.h)


# -- the registry: layouts by (game, layout id, version) -------------------------------------
@cache
def _registered(game_id: str) -> tuple[SheetLayout, ...]:
    from pnp.engine import get_record

    record = get_record(game_id)
    if record.sheet_layouts is None:
        return ()
    return tuple(record.sheet_layouts())


@cache
def layouts(game_id: str, old: bool = False) -> tuple[SheetLayout, ...]:
    """Every sheet design a kit of the game prints now (every page and paper), from its
    record; with ``old``, also the older versions of a design that a photo may still show
    (an old print is read as long as its version is registered)."""
    found = _registered(game_id)
    if old:
        return found
    newest: dict[str, int] = {}
    for lay in found:
        newest[lay.layout] = max(newest.get(lay.layout, 0), lay.version)
    return tuple(lay for lay in found if lay.version == newest[lay.layout])


def sheet_layout(game_id: str, layout_id: str, version: int) -> SheetLayout:
    """The layout a sheet QR names; a clear error for another game's, an unknown or an old
    layout."""
    from pnp.engine import UnknownGame

    try:
        known = layouts(game_id, old=True)
    except UnknownGame:
        raise SheetCodeError(f"this sheet is of a game this program does not know "
                             f"({game_id!r})") from None
    same = [lay for lay in known if lay.layout == layout_id]
    if not same:
        if not known:
            raise SheetCodeError(f"{game_id} has no readable printed sheet yet")
        ids = ", ".join(sorted({lay.layout for lay in known}))
        raise SheetCodeError(f"{game_id} has no sheet layout {layout_id!r} (known: {ids})")
    for lay in same:
        if lay.version == version:
            return lay
    now = max(lay.version for lay in same)
    if version < now:
        raise SheetCodeError(f"this {game_id} sheet is layout {layout_id} version {version}, "
                             f"an old print: this program reads version {now}; print the "
                             "sheet again from a new kit")
    raise SheetCodeError(f"this {game_id} sheet is layout {layout_id} version {version}, newer "
                         f"than this program reads ({now}): update pnp")


def layout_for(code: SheetCode | str) -> SheetLayout:
    """The layout a sheet QR (parsed or not) names."""
    if isinstance(code, str):
        code = SheetCode.parse(code)
    return sheet_layout(code.game, code.layout, code.version)


def check_fields(layout: SheetLayout, names: Iterable[str]) -> None:
    """Every field the layout places is one the game's sheet checker knows."""
    unknown = sorted(set(layout.field_names()) - set(names))
    if unknown:
        raise ValueError(f"layout {layout.layout} places fields the sheet does not have: "
                         f"{', '.join(unknown[:5])}")


def by_name(fields: Iterable[FieldBox]) -> Mapping[str, FieldBox]:
    return {f.name: f for f in fields}


__all__ = ["DIGITS", "DIGIT_H", "DIGIT_W", "FORMAT", "KINDS", "MARKER_SIZE", "QR_LARGE", "QR_SIZE",
           "SCHEME",
           "FieldBox", "Kind", "Marker", "SheetCode", "SheetCodeError", "SheetLayout",
           "band_qr", "by_name", "check_fields", "choice", "comb", "corner_markers", "footer_area",
           "layout_for", "layouts", "paper_name", "place", "sheet_layout", "text", "tick",
           "title_area"]

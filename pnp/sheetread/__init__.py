"""Sheets made to be read: the printed geometry of every score and record sheet, and its reader.

``layout`` holds what a reader needs to cut a photographed sheet apart (the corner markers, the
sheet QR and where every field's boxes are); the kits draw the sheet from the very same objects,
so the printed page and the reader cannot disagree.  ``aruco`` holds the marker bit patterns.

The reader's front door is ``read_photo(data) -> SheetReading``: ``photo`` finds and straightens
the sheet, ``boxes`` reads each field's boxes with the ``digits`` classifier (trained by
``train``), ``settle`` lets the game's sheet checker choose among the likely readings of the
doubtful ones, and ``reading`` holds the result types and the narrow errors (every one a
``PnpError`` whose message says what to do).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnp.engine.sheetspec import SheetSpec
from pnp.sheetread.layout import SheetCode, SheetLayout
from pnp.sheetread.reading import (
    FieldReading,
    NoSheetFound,
    NotAnImage,
    PhotoTooBlurred,
    PhotoTooSmall,
    SheetReadError,
    SheetReading,
    WrongLayout,
)


def read_photo(data: bytes, game: str | None = None) -> SheetReading:
    """Read a photographed sheet (JPEG, PNG, WebP...): every field with its status, the
    sheet's game, layout and seed from its QR code.  ``game`` refuses a sheet of another
    game (``WrongLayout``).  Nothing is stored.  (Several photos of one record:
    ``pnp.sheetread.record.read_photos``.)"""
    with one_thread():
        start = time.perf_counter()
        cut = cut_photo(data, game)
        return cut.settled(cut.spec(), start)


def one_thread() -> Any:
    """One BLAS thread while reading: the networks' small products gain nothing from more, and
    on a busy machine the threads' waiting for each other cost a third more CPU (0.65 -> 0.42 s
    a Galaxy Express sheet)."""
    # OpenCV and NumPy are imported inside, not at the top: kits draw readable sheets from
    # this package's aruco and layout modules, and must not pay for loading them (0.2-0.4 s)
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=1, user_api="blas")


@dataclass(frozen=True)
class Cut:
    """A photo found and cut apart, before the rules have their say: what its QR names, each
    field as the eye sees it (``boxes.Draft``) and its crop."""

    code: SheetCode
    layout: SheetLayout
    drafts: tuple[Any, ...]
    crops: Mapping[str, bytes]
    errors: tuple[str, ...]
    seconds: float

    def spec(self) -> SheetSpec:
        """The game's sheet check; for a page of another of the kit's sheets (a Weird Galaxy
        ledger page: the game's sheet is its worksheet), the check of all of them
        (``SheetSpec.check_document``), so the page's own lines settle its doubtful
        fields."""
        from pnp.sheets import sheet_spec

        spec = sheet_spec(self.code.game)
        if set(self.layout.field_names()) <= set(spec.field_names()):
            return spec
        return Document(spec)

    def settled(self, spec: SheetSpec, start: float) -> SheetReading:
        """The reading, the doubtful fields settled with ``spec``'s check (the game's sheet,
        or the whole record with this page in it)."""
        from pnp.sheetread import settle

        fields = settle.settle(spec, self.drafts, self.layout.given(self.code), self.crops)
        code = self.code
        return SheetReading(code.game, code.layout, code.version, code.seed, fields,
                            self.errors, time.perf_counter() - start)


class Document(SheetSpec):
    """A game's sheet spec checking every sheet of its kit at once (``check_document``)."""

    def __init__(self, spec: SheetSpec) -> None:
        self.spec = spec
        self.title = spec.title

    def field_names(self) -> list[str]:
        return self.spec.document_field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return self.spec.check_document(fields)

    def fields_from_play(self, play: Any) -> dict[str, str] | None:
        return self.spec.fields_from_play(play)


def cut_photo(data: bytes, game: str | None = None) -> Cut:
    """Find the sheet in a photo, straighten it and read every box (no settling yet)."""
    import cv2

    from pnp.sheetread import boxes, photo
    from pnp.sheetread.layout import MARKER_SIZE, SheetCodeError, layout_for

    start = time.perf_counter()
    image = photo.decode(data)
    found = photo.find_markers(image, MARKER_SIZE / 72 * 25.4)
    photo.check_found(image, found)
    code = photo.read_code(image, found)
    if game is not None and code.game != game:
        raise WrongLayout(f"this is a {code.game} sheet, not {game}'s")
    try:
        layout = layout_for(code)
    except SheetCodeError as exc:
        raise WrongLayout(str(exc)) from None
    page = photo.upright(image, photo.homography(found, layout), layout)
    ink = photo.ink_map(page)
    drafts = boxes.read_boxes(ink, layout, photo.SCALE)
    crops = {}
    for d in drafts:
        left, top, right, bottom = d.crop
        # fast compression: a sheet has hundreds of crops, and they are shown, not archived
        ok, png = cv2.imencode(".png", page[top:bottom, left:right],
                               [cv2.IMWRITE_PNG_COMPRESSION, 1])
        crops[d.name] = png.tobytes() if ok else b""
    missing = () if len(found.corners) == 4 else ("one corner mark was not seen: the sheet "
                                                  "was placed from the other three",)
    return Cut(code, layout, tuple(drafts), crops, missing, time.perf_counter() - start)


__all__ = ["Cut", "Document", "FieldReading", "NoSheetFound", "NotAnImage", "PhotoTooBlurred",
           "PhotoTooSmall", "SheetReadError", "SheetReading", "WrongLayout", "cut_photo",
           "one_thread", "read_photo"]

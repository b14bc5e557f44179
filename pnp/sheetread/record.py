"""Several photos of one record (a multi-page sheet) read as one and checked once.

A Wormholes game longer than its front page goes on on numbered continuation pages; a Galaxy
Trucker table fills a page per player; Weird Galaxy has its worksheet and ledger pages.  Each
photo is found and cut apart as ``read_photo`` does; the pages are put in page order (the
order of the game's layouts; pages printed again and again, which carry a page number, by the
number read in their Page boxes, else as given); then each page's doubtful fields are settled
against the whole record (``SheetSpec.check_pages`` with the other pages as read), so a
line that spans pages (a ship's trip from one page onto the next) helps choose, and the
record is checked once (``check``).

The photos must be of one game: another game's page, a page of another kit's seed or the same
page twice is refused (``WrongLayout``, naming the photos), nothing is read half-way.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.sheetspec import Prober, SheetSpec
from pnp.engine.steps import Played
from pnp.sheetread import (
    Cut,
    Document,
    SheetReadError,
    SheetReading,
    WrongLayout,
    cut_photo,
    one_thread,
)
from pnp.sheetread.layout import layouts
from pnp.sheetread.parts import joined, merged, with_problems

MAX_PHOTOS = 120
"""Photos in one record: a Wormholes record of 99 continuation pages and room to spare."""
PAGE_FIELD = "page"
"""A page printed again and again (a continuation page) carries its number in this field."""


@dataclass(frozen=True)
class RecordReading:
    """A record read from several photos: one ``SheetReading`` per page, in page order, and
    the photo each came from (0 for the first photo given)."""

    game: str
    pages: tuple[SheetReading, ...]
    photos: tuple[int, ...]
    seconds: float = 0.0

    def page_values(self) -> list[dict[str, str]]:
        """Each page's values (the asked fields at their likeliest reading), in page order:
        what ``pnp.sheets.check_pages`` takes."""
        return [page.values() for page in self.pages]

    def asked(self) -> int:
        return sum(len(page.asked()) for page in self.pages)

    def check(self) -> dict[str, object]:
        """The record as read, checked once, page by page (``check_read``)."""
        return check_read(self.game, self.page_values(), by_page=True)

    def to_json(self, crops: bool = False) -> dict[str, object]:
        return {"game": self.game, "seconds": round(self.seconds, 3),
                "pages": [{**page.to_json(crops), "photo": k}
                          for page, k in zip(self.pages, self.photos, strict=True)]}


def record_spec(game: str, names: Iterable[str]) -> SheetSpec:
    """The check a sheet holding the fields ``names`` gets: the game's own sheet's, or the
    whole kit's (``Document``) when a field belongs to another of the kit's sheets (a Weird
    Galaxy ledger page: the game's sheet is its worksheet, whose check would not see the
    ledger's lines)."""
    from pnp.sheets import sheet_spec

    spec = sheet_spec(game)
    other = set(spec.document_field_names()) - set(spec.field_names())
    return Document(spec) if other and not other.isdisjoint(names) else spec


def check_read(game: str, pages: Sequence[Mapping[str, str]],
               by_page: bool = False) -> dict[str, object]:
    """Pages as read (one photo's, or a record's in page order), checked once by the check
    their fields belong to (``record_spec``): what ``pnp read-sheet`` and the tracker's
    confirm step report.  One page is checked as a sheet unless ``by_page`` (a record of
    one photo: ``SheetSpec.check_pages``).

    >>> check_read("weird-galaxy", [{"p1_start": "0", "p1_r1_turn": "1", "p1_r1_earned": "4",
    ...                              "p1_r1_balance": "9"}])["ok"]
    False
    """
    clean = [{str(k): str(v)[:200] for k, v in page.items()} for page in pages]
    if not clean:
        raise ValueError("no page to check")
    clean, problems = merged(game, clean)  # a page printed in parts (A5), joined
    spec = record_spec(game, {name for page in clean for name in page})
    one = len(clean) == 1 and not by_page
    return with_problems(spec.check(clean[0]) if one else spec.check_pages(clean), problems)


def read_photos(photos: Sequence[bytes], game: str | None = None) -> RecordReading:
    """Read several photos of one record's pages (any order) as one record.  ``game``
    refuses pages of another game.  Nothing is stored."""
    if not photos:
        raise WrongLayout("no photo given: photograph every page of the record")
    if len(photos) > MAX_PHOTOS:
        raise WrongLayout(f"{len(photos)} photos: a record is at most {MAX_PHOTOS} pages")
    start = time.perf_counter()
    with one_thread():
        cuts = []
        for k, data in enumerate(photos):
            try:
                cuts.append(cut_photo(data, game))
            except SheetReadError as exc:
                raise type(exc)(f"photo {k + 1}: {exc}") from None
        order = _page_order(cuts)
        ordered = [cuts[k] for k in order]
        specs = [cut.spec() for cut in ordered]  # a ledger page's: the whole kit's check
        spec = next((s for s in specs if isinstance(s, Document)), specs[0])
        best = [{d.name: d.best[0] for d in cut.drafts} | cut.layout.given(cut.code)
                for cut in ordered]
        pages: list[SheetReading] = []
        for i, cut in enumerate(ordered):
            page = cut.settled(_InRecord(spec, best, i, cut.code.game), time.perf_counter())
            best[i] = page.values()
            pages.append(page)
    return RecordReading(ordered[0].code.game, tuple(pages), tuple(order),
                         time.perf_counter() - start)


def _page_order(cuts: Sequence[Cut]) -> list[int]:
    """The photos' indexes in page order, after checking they are one record's pages."""
    first = cuts[0].code
    for k, cut in enumerate(cuts[1:], start=2):
        if cut.code.game != first.game:
            raise WrongLayout(f"photo {k} is a {cut.code.game} sheet, photo 1 a {first.game} "
                              "sheet: one record is one game's pages")
        if None not in (cut.code.seed, first.seed) and cut.code.seed != first.seed:
            raise WrongLayout(f"photo {k} is from the kit of seed {cut.code.seed}, photo 1 "
                              f"from seed {first.seed}: are they one game's pages?")
    rank = {lay.layout: i for i, lay in enumerate(layouts(first.game))}
    seen: dict[str, int] = {}
    for k, cut in enumerate(cuts, start=1):
        repeats = PAGE_FIELD in cut.layout.field_names()
        if cut.code.layout in seen and not repeats:
            raise WrongLayout(f"photos {seen[cut.code.layout]} and {k} are both the page "
                              f"{cut.code.layout}: photograph each page once")
        seen.setdefault(cut.code.layout, k)

    first_part = {lay.part[0]: lay.layout for lay in layouts(first.game)
                  if lay.part is not None and lay.part[1] == 1}

    def key(k: int) -> tuple[int, int, int, int]:
        cut = cuts[k]
        number = next((d.best[0] for d in cut.drafts if d.name == PAGE_FIELD), "")
        part = cut.layout.part  # a page in parts: by its whole page, its number, its part
        layout = cut.code.layout if part is None else first_part.get(part[0], "")
        return (rank.get(layout, len(rank)), int(number) if number.isdigit() else 10 ** 6,
                0 if part is None else part[1], k)

    return sorted(range(len(cuts)), key=key)


class _InRecord(SheetSpec):
    """The game's sheet as one page of a record sees it: a page's values are checked with the
    other pages as read, the record page by page (``SheetSpec.check_pages``)."""

    def __init__(self, spec: SheetSpec, pages: list[dict[str, str]], index: int,
                 game: str = "") -> None:
        self.spec = spec
        self.game = game
        self.pages = pages
        self.index = index
        self.title = spec.title

    def field_names(self) -> list[str]:
        return self.spec.field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        if len(self.pages) == 1:
            return self.spec.check(fields)
        pages = [*self.pages[:self.index], dict(fields), *self.pages[self.index + 1:]]
        # a page's parts joined (the parts' own problems do not turn on a reading)
        return self.spec.check_pages(merged(self.game, pages)[0])

    def prober(self, fields: Mapping[str, str]) -> Prober | None:
        if len(self.pages) == 1:
            return self.spec.prober(fields)
        pages = [*self.pages[:self.index], dict(fields), *self.pages[self.index + 1:]]
        whole, _problems, owner = joined(self.game, pages)
        return self.spec.pages_prober(whole, owner[self.index])

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return self.spec.fields_from_play(play)


__all__ = ["MAX_PHOTOS", "RecordReading", "check_read", "read_photos", "record_spec"]

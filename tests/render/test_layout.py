"""The layout check (pnp/render/layout.py) on made-up pages, then on every kit.

Kits: seed 1 on A4 and Letter in the default options run always; every option (duplex
short/none, gutter fold, bleed, low ink) and seeds 2-30 of the pages a seed changes are the
``slow`` matrix.  Every kit must come out with no problem at all; a failure lists each one
once (same fault, same page kind, coordinates left out) with a full example.  A5 (every
option, ``slow``) must have no overlap and nothing across a cut line; only the pages listed in
docs/printing.md's A5 table may break the 5 pt and margin rules.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.render import galaxy_express, spatial_delivery, weird_galaxy, wormholes
from pnp.render.document import Page
from pnp.render.fonts import REGULAR, register_fonts
from pnp.render.galaxy_trucker import kit as galaxy_trucker
from pnp.render.geometry import Rect, mm
from pnp.render.kits import PIECEPACK_PARTS, kit_ids, piecepack_pages
from pnp.render.layout import check_page, normalise, page_kind, record_pages
from pnp.render.options import KitOptions
from pnp.render.recording import PageRecord, RecordingCanvas, note_piece

A4 = (mm(210), mm(297))


def _draw(fn: Callable[[Canvas], None]) -> PageRecord:
    register_fonts()
    c = RecordingCanvas(io.BytesIO(), pagesize=A4, invariant=1, initialFontName=REGULAR)
    fn(c)
    c.showPage()
    return c.pages[0]


def test_clean_text_on_a_background_passes() -> None:
    def draw(c: Canvas) -> None:
        c.rect(mm(20), mm(20), mm(60), mm(20), stroke=1, fill=1)
        c.setFont(REGULAR, 10)
        c.drawString(mm(25), mm(25), "inside its box")
        c.line(mm(20), mm(50), mm(80), mm(50))
        c.drawString(mm(25), mm(52), "above the line")
    assert check_page(_draw(draw)) == []


def test_text_crossed_by_a_line_covered_or_overlapping_is_found() -> None:
    def draw(c: Canvas) -> None:
        c.setFont(REGULAR, 10)
        c.drawString(mm(20), mm(50), "struck through")
        c.line(mm(15), mm(51), mm(60), mm(51))
        c.drawString(mm(20), mm(100), "under a QR")
        c.rect(mm(30), mm(95), mm(20), mm(20), stroke=0, fill=1)
        c.drawString(mm(20), mm(150), "one")
        c.drawString(mm(22), mm(151), "two")
    problems = check_page(_draw(draw))
    assert any("'struck through'" in p and "crossed by a line" in p for p in problems)
    assert any("'under a QR'" in p and "covered by a filled rect" in p for p in problems)
    assert any("'one'" in p and "overlaps text 'two'" in p for p in problems)


def test_a_fill_clipped_away_from_text_does_not_cover_it() -> None:
    """A butted card's background runs into the bleed but is clipped at the shared line: it
    does not cover its neighbour's text.  Unclipped, the same fill does."""
    def draw(clipped: bool) -> Callable[[Canvas], None]:
        def fn(c: Canvas) -> None:
            c.setFont(REGULAR, 10)
            c.drawString(mm(20), mm(51), "neighbour")
            c.saveState()
            if clipped:
                path = c.beginPath()
                path.rect(mm(10), mm(0), mm(80), mm(50))
                c.clipPath(path, stroke=0, fill=0)
            c.rect(mm(10), mm(0), mm(80), mm(53), stroke=0, fill=1)
            c.restoreState()
        return fn
    assert check_page(_draw(draw(True))) == []
    assert any("covered by a filled rect" in p for p in check_page(_draw(draw(False))))


def test_a_dot_on_a_letter_and_a_label_across_a_circle_are_found() -> None:
    def draw(c: Canvas) -> None:
        c.setFont(REGULAR, 12)
        c.drawString(mm(20), mm(50), "G")
        c.circle(mm(21.5), mm(51.5), mm(0.4), stroke=0, fill=1)
        c.circle(mm(60), mm(60), mm(5), stroke=1, fill=0)
        c.drawString(mm(58), mm(59), "a label too wide")
    problems = check_page(_draw(draw))
    assert any("'G'" in p and "filled circle" in p for p in problems)
    assert any("'a label too wide'" in p and "outlined circle" in p for p in problems)


def test_margin_size_and_cut_line_are_checked() -> None:
    def draw(c: Canvas) -> None:
        c.setFont(REGULAR, 4)
        c.drawString(mm(5), mm(100), "tiny and near the edge")
        c.saveState()
        note_piece(c, Rect(mm(50), mm(50), mm(30), mm(30)), 0.0, "tile")
        c.rect(mm(50), mm(50), mm(30), mm(30), stroke=0, fill=1)  # the background: fine
        c.circle(mm(80), mm(65), mm(4), stroke=0, fill=1)  # sticks out past the cut
        c.restoreState()
        c.line(mm(40), mm(60), mm(55), mm(60))  # a sheet mark running into the piece
    problems = check_page(_draw(draw))
    assert any("under 5 pt" in p for p in problems)
    assert any("inside the 10 mm margin" in p for p in problems)
    assert any("filled circle" in p and "crosses the cut line of the piece tile" in p
               for p in problems)
    assert any("a line" in p and "(sheet) enters the piece" in p for p in problems)
    assert len(problems) == 4, problems


def test_bleed_art_reaching_the_bleed_edge_is_fine_but_stopping_short_is_not() -> None:
    bleed = mm(3)

    def draw(c: Canvas) -> None:
        c.saveState()
        note_piece(c, Rect(mm(50), mm(50), mm(30), mm(30)), bleed, "card")
        c.rect(mm(50) - bleed, mm(50) - bleed, mm(30) + 2 * bleed, mm(30) + 2 * bleed,
               stroke=0, fill=1)
        c.rect(mm(60), mm(49), mm(5), mm(5), stroke=0, fill=1)  # 1 mm over the cut line
        c.restoreState()
    problems = check_page(_draw(draw))
    assert len(problems) == 1 and "by 1.0 mm" in problems[0]


# -- the kits --------------------------------------------------------------------------------

def kit_page_lists(game_id: str, options: KitOptions) -> dict[str, list[Page]]:
    """The pages of every PDF file ``pnp kit GAME`` writes, by file stem, without writing."""
    if game_id == "piecepack":
        return {name: piecepack_pages(options, suits, title)
                for name, suits, title in PIECEPACK_PARTS}
    makers: dict[str, Callable[[KitOptions], Any]] = {
        "galaxy-express": galaxy_express.kit_pages, "wormholes": wormholes.kit_pages,
        "weird-galaxy": weird_galaxy.kit_pages, "spatial-delivery": spatial_delivery.kit_pages,
        "galaxy-trucker": galaxy_trucker.kit_pages}
    made = makers[game_id](options)
    return {game_id: made[0] if isinstance(made, tuple) else made}



def kit_problems(game: str, options: KitOptions,
                 pages: Callable[[list[int]], list[int]] | None = None) -> dict[str, str]:
    """Normalised problem -> one full example, for every file of the kit."""
    out: dict[str, str] = {}
    for stem, page_list in kit_page_lists(game, options).items():
        picked = page_list if pages is None else [page_list[i] for i in
                                                  pages(list(range(len(page_list))))]
        for number, record in enumerate(record_pages(picked), 1):
            for problem in check_page(record):
                key = f"{stem} | {page_kind(record.label)} | {normalise(problem)}"
                out.setdefault(key, f"{stem} p{number} ({record.label}): {problem}")
    return out


def _problems(found: dict[str, str]) -> list[str]:
    return sorted(found.values())


PAPERS = ("a4", "letter")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", kit_ids())
def test_kit_layout_default_options(game: str, paper: str) -> None:
    found = kit_problems(game, KitOptions(paper=paper, out=Path("unused")))
    assert _problems(found) == []


OPTIONS = {
    "duplex-short": {"duplex": "short"},
    "duplex-none": {"duplex": "none"},
    "gutter-fold": {"gutter_fold": True},
    "bleed-3": {"bleed_mm": 3.0},
    "low-ink": {"ink": "low"},
}


@pytest.mark.slow
@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", kit_ids())
def test_kit_layout_every_option(game: str, paper: str, option: str) -> None:
    options = KitOptions(paper=paper, out=Path("unused"), **OPTIONS[option])  # type: ignore[arg-type]
    assert _problems(kit_problems(game, options)) == []


@cache
def _seed_pages(game: str, paper: str) -> tuple[int, ...]:
    """Pages whose drawing changes with the seed (seed 1 against seed 2)."""
    def texts(seed: int) -> list[list[tuple[str, float, float]]]:
        options = KitOptions(seed=seed, paper=paper, out=Path("unused"))
        pages = [p for ps in kit_page_lists(game, options).values() for p in ps]
        return [[(m.text, round(m.box.x, 1), round(m.box.y, 1)) for m in r.marks]
                for r in record_pages(pages)]
    one, two = texts(1), texts(2)
    return tuple(i for i, (a, b) in enumerate(zip(one, two, strict=True)) if a != b)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(set(kit_ids()) - {"piecepack"}))
def test_kit_layout_seeds_2_to_30(game: str, paper: str) -> None:
    changing = _seed_pages(game, paper)
    assert changing, f"{game}: no page depends on the seed?"
    found: dict[str, str] = {}
    for seed in range(2, 31):
        options = KitOptions(seed=seed, paper=paper, out=Path("unused"))
        for key, example in kit_problems(game, options, lambda _: list(changing)).items():
            found.setdefault(key, f"seed {seed}: {example}")
    assert _problems(found) == []


def test_wormholes_a5_map_sheets_have_no_problem() -> None:
    """A5 map sheet 5 of 7 (two rows) has no empty block for its locator: the locator goes in
    the free space under the window, not over the title, and the credit wraps at 5 pt."""
    made = wormholes.kit_pages(KitOptions(paper="a5", out=Path("unused")))
    pages = [p for p in (made[0] if isinstance(made, tuple) else made)
             if "map sheet" in p.label and "blank back" not in p.label]
    assert len(pages) == 7
    assert {r.label: check_page(r) for r in record_pages(pages)} == {p.label: [] for p in pages}


# -- A5 ---------------------------------------------------------------------------------------

PRINTING_MD = Path(__file__).resolve().parents[2] / "docs" / "printing.md"


def a5_shrunk_pages() -> dict[tuple[str, str], float]:
    """(kit file, page kind) -> smallest text in pt, from the table in docs/printing.md of the
    pages A5 still prints as the A4 design shrunk."""
    text = PRINTING_MD.read_text(encoding="utf-8")
    table = text.split("<!-- a5-shrunk-pages -->")[1].split("<!-- /a5-shrunk-pages -->")[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.splitlines() if line.startswith("| `")]
    return {(row[0].strip("`"), row[1]): float(row[2]) for row in rows}


def a5_findings(game: str, options: KitOptions) -> tuple[dict[tuple[str, str], float],
                                                          list[str]]:
    """The pages breaking the 5 pt or 10 mm rule, with their smallest text (99 if only the
    margin), and every other problem in full."""
    shrunk: dict[tuple[str, str], float] = {}
    other: list[str] = []
    for stem, page_list in kit_page_lists(game, options).items():
        for number, record in enumerate(record_pages(page_list), 1):
            kind = re.sub(r"seed \d+", "seed N", page_kind(record.label))
            for problem in check_page(record):
                size = re.search(r"\((\d+(?:\.\d+)?) pt\) .* is under 5 pt$", problem)
                if size is None and not problem.endswith("inside the 10 mm margin"):
                    other.append(f"{stem} p{number} ({record.label}): {problem}")
                    continue
                smallest = shrunk.setdefault((stem, kind), 99.0)
                if size is not None:
                    shrunk[(stem, kind)] = min(smallest, float(size.group(1)))
    return shrunk, other


def test_a5_table_is_read() -> None:
    table = a5_shrunk_pages()
    assert len(table) >= 10  # the table parsed (19 rows once the A5 ledger left it; it shrinks)
    assert table[("wormholes", "Wormholes - rules reference 2/2")] == 3.5
    assert all(0 < pt < 5 for pt in table.values())


@pytest.mark.slow
@pytest.mark.parametrize("option", ["default", *sorted(OPTIONS)])
@pytest.mark.parametrize("game", kit_ids())
def test_kit_layout_a5(game: str, option: str) -> None:
    """A5, every option: no overlap and nothing across a cut line anywhere; only the pages in
    the docs table break the 5 pt and margin rules, none with smaller text than listed; in the
    default options, every listed page of the kit still breaks them."""
    options = KitOptions(paper="a5", out=Path("unused"),
                         **OPTIONS.get(option, {}))  # type: ignore[arg-type]
    shrunk, other = a5_findings(game, options)
    assert other == []
    table = {key: pt for key, pt in a5_shrunk_pages().items()
             if key[0] == game or key[0].startswith(f"{game}-")}
    assert sorted(set(shrunk) - set(table)) == []
    assert {key: pt for key, pt in shrunk.items() if pt < table[key] - 0.05} == {}
    if option == "default":
        assert sorted(set(table) - set(shrunk)) == []

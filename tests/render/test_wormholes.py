"""The Wormholes kit: board and map drawn from the engine, fillable record sheet, QR, bytes."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter

from pnp.engine import get_game
from pnp.games.wormholes.board import AXES, CELLS, COMPASS, DIRECTIONS, ray
from pnp.games.wormholes.sheet import field_names
from pnp.games.wormholes.sheet.marks import cell_digits
from pnp.render.geometry import MARGIN, inch, mm, paper_size, printable_area
from pnp.render.kits import build_kit
from pnp.render.options import KitOptions
from pnp.render.wormholes import (
    kit_pages,
    pieces,
    plan_map,
    record_fields,
    record_layout,
    tracker_url,
    wormholes_kit,
)
from pnp.render.wormholes.art import Window, tiles
from pnp.render.wormholes.board import quick_start
from pnp.render.wormholes.maps import GLUE, MAP_BOTTOM, MAP_TOP, empty_block
from pnp.render.wormholes.rules import JUMP_EXAMPLE, MOVE_EXAMPLE
from pnp.render.wormholes.sheet_layout import page_rows, record_sheet

from .pdfutil import decode_qr, guide_pages, unembedded_fonts


def test_tracker_url_for_a_seeded_table() -> None:
    opts = KitOptions(seed=7, tracker_url="https://t.example/")
    assert tracker_url(opts) == "https://t.example/tables/new?game=wormholes&seed=7&chance=table"


def test_tiles_cover_exactly_the_engines_cells() -> None:
    covered = {(x + dx, y + dy) for x, y in tiles() for dx in (0, 1) for dy in (0, 1)}
    assert len(tiles()) == 23 and covered == set(CELLS)


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_map_sheets_cover_the_galaxy_at_true_size(paper: str) -> None:
    plan = plan_map(paper)
    cells = [c for sheet in plan for c in sheet.window.cells()]
    assert sorted(cells) == sorted(CELLS)  # every cell on exactly one sheet
    for sheet in plan:
        w, h = paper_size(paper, landscape=sheet.landscape)
        need_w = sheet.window.cols * inch(1) + (GLUE if sheet.glue_right else 0)
        need_h = sheet.window.rows * inch(1) + (GLUE if sheet.glue_top else 0)
        assert need_w <= w - 2 * MARGIN + 1e-6
        assert need_h <= h - 2 * MARGIN - MAP_TOP - MAP_BOTTOM + 1e-6
    if paper in ("a4", "letter"):
        assert len(plan) == 3 and all(s.landscape for s in plan)


def test_map_seams_pair_a_glue_strip_with_a_cut_edge() -> None:
    plan = plan_map("a5")
    assert len(plan) > 3
    for sheet in plan:
        win = sheet.window
        above = any((x, win.y2 + 1) in CELLS for x in range(win.x1, win.x2 + 1))
        right = any((win.x2 + 1, y) in CELLS for y in range(win.y1, win.y2 + 1))
        assert sheet.glue_top == above and sheet.glue_right == right
    glued_top = sum(s.glue_top for s in plan)
    assert glued_top and glued_top <= sum(s.cut_bottom for s in plan)


def test_empty_block_holds_no_cells() -> None:
    for sheet in plan_map("a4"):
        spot = empty_block(sheet.window)
        assert spot is not None and spot.cols >= 2 and spot.rows >= 2
        assert not spot.cells()
    assert empty_block(Window(5, 9, 6, 12)) is None


def test_rules_diagrams_show_what_the_engine_allows() -> None:
    start, partner = MOVE_EXAMPLE
    ends = {d: ray(start, COMPASS[0][d], 3) for d in DIRECTIONS}
    assert ends["W"] == partner  # "West would land on its partner (b8)"
    assert {d for d, e in ends.items() if e is None} == {"E", "SW", "NW"}
    assert ray(start, COMPASS[0]["NE"], 1) == (6, 9)  # flies over the Crown coin on f9
    ship, coin = JUMP_EXAMPLE
    assert ray(ship, COMPASS[1]["N"], 3) == coin  # the DiagonAliens' north is down the board
    assert [ray(coin, COMPASS[0][d], 2) for d in AXES["C"]] == [(3, 14), (7, 10)]  # c14, g10


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_record_fields_are_the_checkers_fields_and_fit(paper: str) -> None:
    size = paper_size(paper)
    fields = record_fields(KitOptions(paper=paper), size, 4)  # type: ignore[arg-type]
    # version 2 has no "from" column: the checker follows the ships
    assert sorted(f.name for f in fields) == sorted(
        n for n in field_names() if not re.fullmatch(r"[tr]\d+_from\d", n))
    assert {f.page for f in fields} == {4, 5}
    area = printable_area(size) if paper != "a5" else printable_area(size, mm(5))
    written = ("orthogon", "diagon", "seed")  # and the notes: sent to, sent back
    for page in (4, 5):
        layout = {f.name: f.rect for f in fields if f.page == page}
        for name, r in layout.items():
            assert area.contains(r), name
            small = 0.7 if paper == "a5" else 1.0  # A5 is the A4 design shrunk
            if name not in written and not re.search(r"_(send|back)\d$", name):
                # a comb or ticks: sized by its boxes (a digit or a tick a box)
                assert r.h >= mm(4.0) * small and r.w >= mm(4.5) * small, name
                continue
            assert r.h >= mm(4.0) * small, f"{name} too small to write in"
            assert r.w >= mm(7.5) * small, f"{name} too narrow to write in"
        for (a, ra), (b, rb) in itertools.combinations(layout.items(), 2):
            assert not ra.overlaps(rb), (a, b)


def test_record_is_a_front_page_and_a_numbered_continuation_page() -> None:
    size = paper_size("a4")
    first, more = (record_layout(size, p) for p in range(2))
    assert "t1_side" in first and "t30_back2" in first and "t31_side" not in first
    assert "page" in more and "r1_side" in more and "r46_back2" in more
    assert not any(name.startswith("t") for name in more)  # rows by their place: any page
    assert "seed" in first and "wh_A6" in first and "seed" not in more
    assert [len(page_rows(p)) for p in range(2)] == [30, 46]
    comb = record_sheet(size, 1).field("page")  # the page-number comb: two digit boxes
    assert comb.kind == "digits" and comb.max_digits == 2


def test_kit_pieces_are_one_piecepack() -> None:
    p = pieces()
    assert len(p["tile"]) == 24 and len(p["coin"]) == 24
    assert len(p["die"]) == 4 and len(p["pawn"]) == 4


@pytest.mark.parametrize("mode", [{"duplex": "long"}, {"duplex": "none"}, {"gutter_fold": True}])
def test_page_order_keeps_duplex_pairs(mode: dict[str, object]) -> None:
    opts = KitOptions(seed=3, **mode)  # type: ignore[arg-type]
    pages, record = kit_pages(opts)
    assert "game record, page 1" in pages[record].label
    assert "continuation page" in pages[record + 1].label
    maps = [i for i, p in enumerate(pages) if "map sheet" in p.label and "blank" not in p.label]
    assert len(maps) == 3
    first_component = next(i for i, p in enumerate(pages) if " - pieces" in p.label)
    if mode.get("duplex") == "long":
        assert record % 2 == 0 and first_component % 2 == 0
        assert all(i % 2 == 0 and "blank" in pages[i + 1].label for i in maps)
    else:
        assert not any("blank" in p.label for p in pages[:first_component])


@pytest.fixture(scope="module")
def kit_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    (path,) = build_kit("wormholes", KitOptions(seed=7, paper="a4", out=out))
    return path


def _sizes(path: Path) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages]


def _record_index(path: Path) -> int:
    reader = PdfReader(path)
    return next(i for i, p in enumerate(reader.pages) if "game record" in
                (p.extract_text() or "") and ": print guide" not in (p.extract_text() or ""))


@pytest.mark.slow
def test_kit_file_name_page_sizes_and_fonts(kit_a4: Path) -> None:
    assert kit_a4.name == "wormholes-seed7-a4.pdf"
    w, h = paper_size("a4")
    sizes = _sizes(kit_a4)
    assert len(sizes) >= 18
    for size in sizes:
        assert sorted(size) == pytest.approx(sorted((w, h)), abs=0.01)
    assert sum(1 for sw, sh in sizes if sw > sh) == 6  # 3 map sheets + their blank backs
    assert unembedded_fonts(kit_a4) == set()


@pytest.mark.slow
def test_qr_decodes_to_the_tracker_url(kit_a4: Path) -> None:
    url = "http://localhost:5000/tables/new?game=wormholes&seed=7&chance=table"
    assert url in decode_qr(kit_a4, _record_index(kit_a4))


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a5"])
def test_other_papers_exact(tmp_path: Path, paper: str) -> None:
    (path,) = wormholes_kit(KitOptions(seed=11, paper=paper, out=tmp_path))  # type: ignore[arg-type]
    w, h = paper_size(paper)
    for size in _sizes(path):
        assert sorted(size) == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(path) == set()
    url = "http://localhost:5000/tables/new?game=wormholes&seed=11&chance=table"
    assert url in decode_qr(path, _record_index(path))


@pytest.mark.slow
def test_text_names_the_designers_and_the_board(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    g = guide_pages(kit_a4)
    text = " ".join(reader.pages[g + i].extract_text() for i in range(3))
    assert "Marty Hale-Evans" in text and "Ron Hale-Evans" in text
    for word in ("OrthogonAliens", "DiagonAliens", "black hole", "NW or SE", "j1", "a18"):
        assert word.lower() in text.lower(), word
    maps = [t for p in reader.pages if "- map sheet" in (t := p.extract_text() or "")
            and "glue" in t]
    assert len(maps) == 3 and "glue here" in maps[0] and "cut here" in maps[1]
    names = " ".join(maps)
    assert all(f" {n} " in f" {names.replace(chr(10), ' ')} " for n in ("e7", "j1", "a18"))
    # every cell also in the record's digits (column digit, then row: e7 is 5 7, j1 is 0 1),
    # so the true-size map gives the digits as the board sheet does
    lines = {line.strip() for line in names.splitlines()}
    for name in ("e7", "j1", "a18", "e13"):
        digits = cell_digits(name)
        assert name in lines and f"{digits[0]} {digits[1:]}" in lines, name
    assert len({ln for ln in lines if re.fullmatch(r"\d \d{1,2}", ln)}) == len(CELLS)


@pytest.mark.slow
def test_no_run_of_seven_words_from_the_rules_text(kit_a4: Path) -> None:
    import re

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    source = words(Path("/work/shared/rules/starship-tactics.txt").read_text()
                   if Path("/work/shared/rules/starship-tactics.txt").exists() else "")
    if not source:
        pytest.skip("the rules text is not on this machine")
    runs = {tuple(source[i:i + 7]) for i in range(len(source) - 6)}
    printed = words(" ".join(p.extract_text() or "" for p in PdfReader(kit_a4).pages))
    copied = [" ".join(printed[i:i + 7]) for i in range(len(printed) - 6)
              if tuple(printed[i:i + 7]) in runs]
    assert copied == []
    assert len(printed) > 2000


@pytest.mark.slow
def test_board_sheet_lists_the_engines_quick_start(kit_a4: Path) -> None:
    setup = get_game("wormholes").new_setup(7, ["a", "b"], {"chance": "table"})
    proposed = [m.split("@")[1] for side in setup["quick_start"].values() for m in side]
    assert len(proposed) == 24 and quick_start(7)["S"] == proposed[:6]
    reader = PdfReader(kit_a4)
    board = next(p.extract_text() for p in reader.pages
                 if "Quick start, seed 7" in (p.extract_text() or ""))
    for k in range(0, 24, 6):
        assert " ".join(proposed[k:k + 6]) in board


@pytest.mark.slow
def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path, kit_a4: Path) -> None:
    (again,) = wormholes_kit(KitOptions(seed=7, paper="a4", out=tmp_path))
    assert again.read_bytes() == kit_a4.read_bytes()
    (other,) = wormholes_kit(KitOptions(seed=8, paper="a4", out=tmp_path))
    assert other.read_bytes() != kit_a4.read_bytes()


@pytest.mark.slow
def test_record_sheet_form_round_trips_through_the_checker(kit_a4: Path, tmp_path: Path
                                                           ) -> None:
    from pnp.games.wormholes.sheet import check_sheet
    from pnp.sheets import read_pdf_fields

    reader = PdfReader(kit_a4)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == {
        n for n in field_names() if not re.fullmatch(r"[tr]\d+_from\d", n)}
    assert fields["seed"].get("/V") == "7"
    record = _record_index(kit_a4)
    on_page = {i: {a.get_object().get("/T") for a in (p.get("/Annots") or [])}
               for i, p in enumerate(reader.pages)}
    assert "t1_side" in on_page[record] and "r1_side" in on_page[record + 1]
    assert "page" in on_page[record + 1]
    assert {i for i, names in on_page.items() if names} == {record, record + 1}
    layout = dict(zip([f"wh_{s}{k}" for s in "SMCA" for k in range(1, 7)],
                      ["e9", "e7", "f9", "d7", "e5", "f5", "d9", "g5", "h5", "c9", "e11",
                       "f11", "g11", "e13", "f13", "d13", "c13", "c15", "d15", "e15", "f12",
                       "g12", "h12", "i12"], strict=True))
    values = {**layout, "t1_side": "D", "t1_dice": "C3 A1", "t1_ship1": "C",
              "t1_from1": "a18", "t1_to1": "d18", "t1_ship2": "A", "t1_from2": "a17",
              "t1_to2": "b17", "t2_side": "O", "t2_dice": "S2 M2", "t2_ship1": "M",
              "t2_from1": "j2", "t2_to1": "h2", "t2_ship2": "S", "t2_from2": "j1",
              "t2_to2": "h1", "turns": "2"}
    writer = PdfWriter(clone_from=reader)
    for page in (record, record + 1):
        writer.update_page_form_field_values(writer.pages[page], values,
                                             auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as fh:
        writer.write(fh)
    read = read_pdf_fields(filled.read_bytes())
    assert read["t1_dice"] == "C3 A1" and read["seed"] == "7"
    report = check_sheet(read)
    assert report["ok"], [line for line in report["lines"] if not line["ok"]]
    read["t2_to2"] = "g1"
    assert not check_sheet(read)["ok"]
    from pnp.sheets import check_sheet_file

    whole = check_sheet_file(filled)  # what `pnp check-sheet filled.pdf` prints
    assert whole["game"] == "wormholes" and whole["ok"]


@pytest.mark.slow
def test_low_ink_fold_and_short_variants_still_scan(tmp_path: Path) -> None:
    for n, opts in enumerate((KitOptions(seed=5, ink="low", out=tmp_path / "a"),
                              KitOptions(seed=5, gutter_fold=True, bleed_mm=3,
                                         out=tmp_path / "b", paper="letter"),
                              KitOptions(seed=5, duplex="short", crop_marks=False,
                                         out=tmp_path / "c"))):
        (path,) = wormholes_kit(opts)
        assert unembedded_fonts(path) == set(), n
        assert tracker_url(opts) in decode_qr(path, _record_index(path))


def test_a_played_record_fills_as_many_printed_pages_as_it_needs() -> None:
    """A 230-turn two-ship game drawn on the printed pages: the front and five continuation
    pages, each numbered in its comb, the last turn in its row."""
    from pnp.games.wormholes.sheet import fields_from_play, page_of
    from pnp.render.document import write_pdf
    from pnp.render.wormholes.sheet import filled_record_pages
    from tests.games.wormholes_greedy import play_greedy

    fields = fields_from_play(*play_greedy(17))
    turns = int(fields["turns"])
    pages = filled_record_pages(KitOptions(seed=17), fields, paper_size("a4"))
    assert len(pages) == page_of(turns) == 6
    assert [p.label for p in pages] == ["Wormholes - game record, page 1", *(
        f"Wormholes - game record, page {n}" for n in range(2, 7))]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = write_pdf(Path(tmp) / "filled.pdf", pages, "filled")
        texts = [p.extract_text() for p in PdfReader(path).pages]
    row = turns - 215 + 1  # page 6 holds turns 215-260
    last = texts[-1]
    assert "Page" in last and "6" in last and f"{row}" in last
    # on paper version 2 the dice are their faces and every cell is digits (e13: 5 13)
    assert "".join(ch for ch in fields[f"t{turns}_dice"] if ch.isdigit()) in re.sub(r"\s", "", last)
    to = cell_digits(fields[f"t{turns}_to1"])
    assert to in re.sub(r"\s", "", last)


@pytest.mark.slow
def test_a_59_turn_game_typed_into_the_kit_checks_over_its_continuation_page(
        kit_a4: Path, tmp_path: Path) -> None:
    """The kit's form holds the front page and one continuation page: a 59-turn game typed
    into both (the continuation page numbered 2) checks clean from the PDF; without its
    number the continuation page is named."""
    from pnp.games.wormholes.sheet import fields_from_play, split_pages
    from pnp.sheets import check_sheet_file
    from tests.games.wormholes_greedy import play_greedy

    front, more = split_pages(fields_from_play(*play_greedy(2)))
    reader = PdfReader(kit_a4)
    record = _record_index(kit_a4)
    for number, name in (("2", "numbered.pdf"), ("", "unnumbered.pdf")):
        writer = PdfWriter(clone_from=reader)
        writer.update_page_form_field_values(writer.pages[record], front,
                                             auto_regenerate=False)
        writer.update_page_form_field_values(writer.pages[record + 1],
                                             {**more, "page": number}, auto_regenerate=False)
        path = tmp_path / name
        with path.open("wb") as fh:
            writer.write(fh)
        report: Any = check_sheet_file(path)
        bad = [line for line in report["lines"] if not line["ok"]]
        if number:
            assert report["ok"] and report["turns"] == 59 and report["pages"] == [1, 2], bad[:3]
        else:
            assert bad[0]["field"] == "page" and "no page number" in bad[0]["why"]


@pytest.mark.slow
def test_a_photographed_continuation_page_names_its_layout_seed_and_page_number() -> None:
    """The photo reader finds a continuation page by its QR code (its own layout and the
    kit's seed) and reads the page number from its comb, so photographed pages can be put in
    order and checked together (``check_pages``)."""
    import numpy as np

    from pnp.games.wormholes.sheet import fields_from_play, split_pages
    from pnp.sheetread import read_photo
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import sheet_layout
    from tests.games.wormholes_greedy import play_greedy

    page3 = split_pages(fields_from_play(*play_greedy(17)))[2]
    assert page3["page"] == "3"
    layout = sheet_layout("wormholes", "record-more.a4", 1)
    rng = np.random.default_rng(4)
    image = sim.write(sim.page_from_layout(layout, 17), layout, page3, rng).image
    shot = sim.Shot(tilt=14.0, turn=-6.0, size=(3024, 4032), blur=0.6, quality=85, shadow=0.2)
    reading = read_photo(sim.photograph(image, shot, rng))
    assert (reading.game, reading.layout, reading.seed) == ("wormholes", "record-more.a4", 17)
    assert reading.field("page").value == "3"
    values = [f for f in reading.fields if "_value" in f.name and f.status != "ask"]
    assert values and all(f.value == page3.get(f.name, "") for f in values)

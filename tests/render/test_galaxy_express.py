"""The Galaxy Express kit: pages, fonts, QR codes, the fillable record sheet, determinism."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from pnp.engine import get_game
from pnp.games.galaxy_express.sheet import field_names
from pnp.render.galaxy_express import (
    galaxy_express_kit,
    kit_pages,
    pieces,
    record_fields,
    tracker_url,
)
from pnp.render.geometry import mm, paper_size, printable_area
from pnp.render.options import KitOptions

from .pdfutil import decode_qr, guide_pages, unembedded_fonts


def test_tracker_url_for_a_seeded_table() -> None:
    opts = KitOptions(seed=7, tracker_url="https://t.example/")
    assert tracker_url(opts) == "https://t.example/tables/new?game=galaxy-express&seed=7&chance=tracker"


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_record_fields_are_the_checkers_fields_and_fit(paper: str) -> None:
    size = paper_size(paper)
    fields = record_fields(KitOptions(paper=paper), size, 3)  # type: ignore[arg-type]
    layout = {f.name: f.rect for f in fields}
    assert sorted(layout) == sorted(field_names())
    # A5 has its own two pages (turns 1-24; turns 25-40 and the score), not A4 shrunk
    assert {f.page for f in fields} == ({3, 4} if paper == "a5" else {3})
    area = printable_area(size)
    for name, r in layout.items():
        assert area.contains(r), name
        assert r.h >= mm(3), f"{name} too small to write in"
    for fa, fb in itertools.combinations(fields, 2):
        assert fa.page != fb.page or not fa.rect.overlaps(fb.rect), (fa.name, fb.name)


def test_kit_uses_exactly_what_the_game_needs() -> None:
    p = pieces()
    labels = [x.label for x in p["tile"]]
    assert len(labels) == 14
    assert "Suns ace tile" in labels and "Moons ace tile" in labels
    assert len(p["coin"]) == 24 and len(p["die"]) == 4 and len(p["pawn"]) == 1


@pytest.mark.parametrize("mode", [{"duplex": "long"}, {"duplex": "none"}, {"gutter_fold": True}])
def test_component_sheets_start_on_a_front(mode: dict[str, object]) -> None:
    opts = KitOptions(seed=3, **mode)  # type: ignore[arg-type]
    pages, record = kit_pages(opts)
    guide = 2 if mode.get("duplex") == "long" else 1  # the print guide, and its blank back
    assert "print guide" in pages[0].label
    assert record == 3 + guide and "flight record" in pages[record].label
    first_component = next(i for i, p in enumerate(pages) if "pieces" in p.label
                           or "parts" in p.label)
    if mode.get("duplex") == "long":
        assert first_component % 2 == 0


@pytest.fixture(scope="module")
def kit_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    (path,) = galaxy_express_kit(KitOptions(seed=7, paper="a4", out=out))
    return path


@pytest.mark.slow
def test_kit_file_name_and_page_sizes(kit_a4: Path) -> None:
    assert kit_a4.name == "galaxy-express-seed7-a4.pdf"
    w, h = paper_size("a4")
    reader = PdfReader(kit_a4)
    assert len(reader.pages) >= 10
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a5"])
def test_other_papers_exact(tmp_path: Path, paper: str) -> None:
    (path,) = galaxy_express_kit(KitOptions(seed=11, paper=paper, out=tmp_path))  # type: ignore[arg-type]
    w, h = paper_size(paper)
    for page in PdfReader(path).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(path) == set()
    url = "http://localhost:5000/tables/new?game=galaxy-express&seed=11&chance=tracker"
    # A5's record is two pages after a blank back: the tracker's code is on the second
    record = guide_pages(path) + (5 if paper == "a5" else 3)
    assert decode_qr(path, guide_pages(path) + 2) == [url] and decode_qr(path, record) == [url]


@pytest.mark.slow
def test_every_font_embedded(kit_a4: Path) -> None:
    assert unembedded_fonts(kit_a4) == set()


@pytest.mark.slow
def test_qr_codes_decode_to_the_tracker_url(kit_a4: Path) -> None:
    url = "http://localhost:5000/tables/new?game=galaxy-express&seed=7&chance=tracker"
    assert decode_qr(kit_a4, guide_pages(kit_a4) + 2) == [url]  # setup sheet
    assert decode_qr(kit_a4, guide_pages(kit_a4) + 3) == [url]  # record sheet


@pytest.mark.slow
def test_tracker_url_option(tmp_path: Path) -> None:
    opts = KitOptions(seed=42, out=tmp_path, tracker_url="https://pnp.example.net/app")
    (path,) = galaxy_express_kit(opts)
    assert decode_qr(path, guide_pages(path) + 2) == ["https://pnp.example.net/app/tables/new?game=galaxy-express"
                                  "&seed=42&chance=tracker"]


@pytest.mark.slow
def test_setup_sheet_shows_the_engines_setup(kit_a4: Path) -> None:
    setup = get_game("galaxy-express").new_setup(7, ["Player 1"], {"chance": "table"})
    text = PdfReader(kit_a4).pages[guide_pages(kit_a4) + 2].extract_text()
    assert ", ".join(setup["planets"]) in text
    assert ", ".join(setup["crowns"]) in text
    assert "seed 7" in text and setup["start"] in text


@pytest.mark.slow
def test_rules_credit_the_designer(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    text = reader.pages[guide_pages(kit_a4)].extract_text() + reader.pages[
        guide_pages(kit_a4) + 1].extract_text()
    assert "Matt Worden" in text and "public domain" in text
    for word in ("Warp slide", "Refuel", "Score", "Employee of the Year"):
        assert word.lower() in text.lower()


@pytest.mark.slow
def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path, kit_a4: Path) -> None:
    (again,) = galaxy_express_kit(KitOptions(seed=7, paper="a4", out=tmp_path))
    assert again.read_bytes() == kit_a4.read_bytes()
    (other,) = galaxy_express_kit(KitOptions(seed=8, paper="a4", out=tmp_path))
    assert other.read_bytes() != kit_a4.read_bytes()


@pytest.mark.slow
def test_record_sheet_form_round_trips_through_the_checker(kit_a4: Path, tmp_path: Path
                                                           ) -> None:
    from pnp.sheets import check_sheet, read_pdf_fields

    reader = PdfReader(kit_a4)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == set(field_names())
    assert fields["seed"].get("/V") == "7"
    for name in fields:
        annot_pages = [i for i, p in enumerate(reader.pages)
                       for a in (p.get("/Annots") or []) if a.get_object().get("/T") == name]
        assert annot_pages == [guide_pages(kit_a4) + 3]
    # fill a short, correct game: S3 (speed 3, east), M3 (speed 0), deliver
    writer = PdfWriter(clone_from=reader)
    values = {"t1_coin": "S3", "t1_speed": "3", "t1_dir": "E", "t2_coin": "M3",
              "t2_speed": "0", "t2_deliver": "x", "deliveries": "1", "refuels": "0",
              "coins_left": "10", "score": "30",
              "rating": "Maybe you need to spend more time at the Academy!"}
    writer.update_page_form_field_values(writer.pages[guide_pages(kit_a4) + 3], values,
                                         auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as fh:
        writer.write(fh)
    read = read_pdf_fields(filled.read_bytes())
    assert read["t1_coin"] == "S3" and read["seed"] == "7"
    report = check_sheet("galaxy-express", read)
    assert report["ok"], report


@pytest.mark.slow
def test_low_ink_and_fold_variants_pass_preflight(tmp_path: Path) -> None:
    for n, opts in enumerate((KitOptions(seed=5, ink="low", out=tmp_path / "a"),
                              KitOptions(seed=5, gutter_fold=True, bleed_mm=3,
                                         out=tmp_path / "b", paper="letter"),
                              KitOptions(seed=5, duplex="short", crop_marks=False,
                                         out=tmp_path / "c"))):
        (path,) = galaxy_express_kit(opts)
        assert unembedded_fonts(path) == set(), n
        assert decode_qr(path, guide_pages(path) + 2) == [tracker_url(opts)]


@pytest.mark.slow
def test_largest_seed_still_prints_and_scans(tmp_path: Path) -> None:
    from pnp.engine.log import MAX_SEED
    from pnp.render.fonts import BOLD, text_width

    opts = KitOptions(seed=MAX_SEED, paper="letter", out=tmp_path,
                      tracker_url="https://games.example.org/pnp")
    (path,) = galaxy_express_kit(opts)
    assert decode_qr(path, guide_pages(path) + 2) == [tracker_url(opts)]
    assert decode_qr(path, guide_pages(path) + 3) == [tracker_url(opts)]
    assert PdfReader(path).get_fields()["seed"].get("/V") == str(MAX_SEED)
    assert text_width(f"Galaxy Express - setup for seed {MAX_SEED}", BOLD, 20) > mm(190)

"""The Weird Galaxy kit: pages, fonts, QR codes, both fillable sheets, pieces, determinism."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from pnp.games.weird_galaxy import ledger, sheet
from pnp.games.weird_galaxy.data import (
    ACTION_COSTS,
    POS_OF,
    RANKS,
    SUIT_NAMES,
    SUITS,
    TILE_AT,
    tile_name,
)
from pnp.render.geometry import mm, paper_size, printable_area
from pnp.render.kits import build_kit
from pnp.render.options import KitOptions
from pnp.render.weird_galaxy import form_fields, kit_pages, pieces, tracker_url, weird_galaxy_kit
from pnp.render.weird_galaxy.art import PLAYER_COLOURS, coord, suit_of
from pnp.render.weird_galaxy.board import seat_table
from pnp.render.weird_galaxy.rules import ACTION_TEXT, CARD_TEXT
from pnp.render.weird_galaxy.sheet import LEDGER_PAGES, ledger_players

from .pdfutil import decode_qr, guide_pages, unembedded_fonts

URL7 = "http://localhost:5000/tables/new?game=weird-galaxy&seed=7&chance=table"


def test_tracker_url_for_a_seeded_table() -> None:
    opts = KitOptions(seed=9, tracker_url="https://t.example/")
    assert tracker_url(opts) == "https://t.example/tables/new?game=weird-galaxy&seed=9&chance=table"


def test_every_engine_suit_has_its_printed_suit_and_every_action_a_text() -> None:
    assert [suit_of(s).name for s in SUITS] == [SUIT_NAMES[s] for s in SUITS]
    assert len({suit_of(s).key for s in SUITS}) == 8
    assert set(ACTION_TEXT) == set(ACTION_COSTS) == set(CARD_TEXT)
    assert coord(POS_OF[("h", 2)]) == "1,1" and coord(POS_OF[("f", 2)]) == "7,7"


def test_seat_table_is_the_engines_setup() -> None:
    from pnp.engine import get_game

    game = get_game("weird-galaxy")
    rows = seat_table(7)
    assert [n for n, _, _ in rows] == [2, 3, 4, 5]
    for n, suits, first in rows:
        setup = game.new_setup(7, [f"P{k}" for k in range(n)], {})
        assert suits == setup["suits"] and first == setup["first"]


def test_kit_uses_exactly_what_the_game_needs() -> None:
    p = pieces()
    assert len(p["tile"]) == 48 and len({x.label for x in p["tile"]}) == 48
    assert len(p["die"]) == 8 and len(p["pawn"]) == 8
    coins = [x.label for x in p["coin"]]
    assert len(coins) == 16 and "Winter null coin" in coins and "Suns ace coin" in coins
    assert not any(" 5 coin" in c for c in coins)
    counters = p["counter"]
    assert len(counters) == 5 * 12
    for name, _, _ in PLAYER_COLOURS:
        mine = [c.label for c in counters if c.label.startswith(name + " ")]
        assert len(mine) == 12
        assert sum("station" in c for c in mine) == 7 and sum("shield" in c for c in mine) == 5
    assert all(c.back is not None for c in counters)
    assert len(p["standee"]) == 1 and len(p["refcard"]) == 5


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_form_fields_are_the_checkers_fields_and_fit(paper: str) -> None:
    opts = KitOptions(paper=paper)  # type: ignore[arg-type]
    pages, forms = kit_pages(opts)
    fields = form_fields(opts, pages, forms)
    names = [f.name for f in fields]
    assert sorted(names) == sorted(ledger.all_field_names())
    assert len(names) == len(set(names))
    size = paper_size(paper)
    area = printable_area(size) if paper != "a5" else printable_area(size, mm(5))
    by_page: dict[int, list[tuple[str, object]]] = {}
    for f in fields:
        assert area.contains(f.rect), f.name
        assert f.rect.h >= mm(3), f"{f.name} too small to write in"
        by_page.setdefault(f.page, []).append((f.name, f.rect))
    worksheet = forms["worksheet"]  # after the print guide (and its blank back) and the rules
    assert worksheet == 5 and "worksheet" in pages[worksheet].label
    # A5's worksheet is two pages of its own (missions 1-20, 21-40), not A4 shrunk
    assert {f.page for f in fields if f.name.startswith("m")} == (
        {worksheet, worksheet + 1} if paper == "a5" else {worksheet})
    # A5's ledger is a page a player (its own layout), A4's and Letter's two players a page
    players = ([[k + 1] for k in range(5)] if paper == "a5" else
               [ledger_players(k) for k in range(LEDGER_PAGES)])
    assert len(forms) == 1 + len(players)
    for k, seated in enumerate(players):
        page = forms[f"ledger{k}"]
        assert "ledger" in pages[page].label
        assert {f.name.split("_")[0] for f in fields if f.page == page} == {
            f"p{p}" for p in seated}
    for rows in by_page.values():
        for (a, ra), (b, rb) in itertools.combinations(rows, 2):
            assert not ra.overlaps(rb), (a, b)  # type: ignore[attr-defined]


@pytest.mark.parametrize("mode", [{"duplex": "long"}, {"duplex": "none"}, {"gutter_fold": True}])
def test_component_sheets_start_on_a_front(mode: dict[str, object]) -> None:
    pages, _ = kit_pages(KitOptions(seed=3, **mode))  # type: ignore[arg-type]
    first = next(i for i, p in enumerate(pages) if "pieces, sheet 1" in p.label)
    if mode.get("duplex") == "long":
        assert first % 2 == 0
    labels = [p.label for p in pages]
    assert sum(" - pieces" in x for x in labels) >= 3  # every piece shares the sheets


def test_tiles_print_one_sided() -> None:
    """The galaxy's tiles are never turned over: no tile backs (they were four navy pages)."""
    from pnp.render.weird_galaxy.kit import pieces

    assert all(p.back is not None for p in pieces()["tile"])  # the piecepack's own tiles
    pages, _ = kit_pages(KitOptions(seed=3))
    labels = [p.label for p in pages]
    assert not any("tiles" in x for x in labels)
    assert len(pages) <= 24


@pytest.fixture(scope="module")
def kit_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    (path,) = weird_galaxy_kit(KitOptions(seed=7, paper="a4", out=out))
    return path


@pytest.mark.slow
def test_kit_file_name_page_sizes_fonts_and_qr(kit_a4: Path) -> None:
    assert kit_a4.name == "weird-galaxy-seed7-a4.pdf"
    w, h = paper_size("a4")
    reader = PdfReader(kit_a4)
    assert len(reader.pages) >= 20
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(kit_a4) == set()
    for index in (2, 3, 6):  # board layout, worksheet, last ledger page
        assert decode_qr(kit_a4, guide_pages(kit_a4) + index) == [URL7], index


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a5"])
def test_other_papers_exact(tmp_path: Path, paper: str) -> None:
    (path,) = build_kit("weird-galaxy", KitOptions(seed=11, paper=paper,  # type: ignore[arg-type]
                                                   out=tmp_path))
    w, h = paper_size(paper)
    for page in PdfReader(path).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(path) == set()
    url = "http://localhost:5000/tables/new?game=weird-galaxy&seed=11&chance=table"
    g = guide_pages(path)
    # A5's worksheet (two pages of its own) leaves the tracker's code to the last of its five
    # ledger pages (a page a player)
    sheet = g + 9 if paper == "a5" else g + 3
    assert decode_qr(path, g + 2) == [url] and decode_qr(path, sheet) == [url]


@pytest.mark.slow
def test_board_sheet_shows_the_grid_and_the_seeded_seats(kit_a4: Path) -> None:
    text = PdfReader(kit_a4).pages[guide_pages(kit_a4) + 2].extract_text()
    assert "seed 7" in text
    for pos, (suit, rank) in TILE_AT.items():
        assert coord(pos) in text
        assert tile_name(pos) == f"{suit}{RANKS[rank]}" and tile_name(pos) in text
    for n, suits, first in seat_table(7):
        flat = text.replace("\n", " ")
        assert f"{n} players" in flat and f"{SUIT_NAMES[suits[first]]} starts" in flat


@pytest.mark.slow
def test_rules_credit_the_designers_and_print_the_costs(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    g = guide_pages(kit_a4)
    text = (reader.pages[g].extract_text() + reader.pages[g + 1].extract_text()).replace(
        "\n", " ")
    assert "Jim Adams" in text and "Amy Enge" in text and "public domain" in text
    for word in ("Hyperjump", "Spit shield", "Trade missions", "Phredd", "black hole"):
        assert word.lower() in text.lower()
    assert "payoff of 3 Space Bucks" in text  # the text's own example, recomputed


@pytest.mark.slow
def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path, kit_a4: Path) -> None:
    (again,) = weird_galaxy_kit(KitOptions(seed=7, paper="a4", out=tmp_path))
    assert again.read_bytes() == kit_a4.read_bytes()
    (other,) = weird_galaxy_kit(KitOptions(seed=8, paper="a4", out=tmp_path))
    assert other.read_bytes() != kit_a4.read_bytes()


@pytest.mark.slow
def test_filled_sheets_round_trip_through_the_checkers(kit_a4: Path, tmp_path: Path) -> None:
    from pnp.sheets import read_pdf_fields

    reader = PdfReader(kit_a4)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == set(ledger.all_field_names())
    assert fields["seed"].get("/V") == "7"
    writer = PdfWriter(clone_from=reader)
    work = {"m1_source": "4 of Suns", "m1_dest": "f4", "m1_payoff": "3", "m1_paid": "3",
            "m2_source": "aN", "m2_dest": "e5", "m2_payoff": "2", "total_paid": "3"}
    ann = {"p1_name": "Ann (Suns)", "p1_start": "0", "p1_r1_turn": "3", "p1_r1_earned": "3",
           "p1_r1_balance": "3", "p1_r2_turn": "4", "p1_r2_spent": "1", "p1_r2_balance": "2",
           "p1_earned": "3", "p1_fees_in": "0", "p1_fees_out": "0", "p1_spent": "1",
           "p1_balance": "2"}
    g = guide_pages(kit_a4)
    writer.update_page_form_field_values(writer.pages[g + 3], work, auto_regenerate=False)
    writer.update_page_form_field_values(writer.pages[g + 4], ann, auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as fh:
        writer.write(fh)
    read = read_pdf_fields(filled.read_bytes())
    assert read["p1_r2_spent"] == "1" and read["m1_source"] == "4 of Suns"
    assert sheet.check_sheet(read)["ok"] is True
    report = ledger.check_all(read)
    assert report["ok"] is True, report
    read["p1_r2_balance"] = "3"
    assert ledger.check_all(read)["ok"] is False


@pytest.mark.slow
def test_low_ink_fold_and_short_edge_variants(tmp_path: Path) -> None:
    for n, opts in enumerate((KitOptions(seed=5, ink="low", out=tmp_path / "a"),
                              KitOptions(seed=5, gutter_fold=True, bleed_mm=3,
                                         out=tmp_path / "b", paper="letter"),
                              KitOptions(seed=5, duplex="short", crop_marks=False,
                                         out=tmp_path / "c"))):
        (path,) = weird_galaxy_kit(opts)
        assert unembedded_fonts(path) == set(), n
        assert decode_qr(path, guide_pages(path) + 3) == [tracker_url(opts)], n


@pytest.mark.slow
def test_largest_seed_still_prints_and_scans(tmp_path: Path) -> None:
    from pnp.engine.log import MAX_SEED

    opts = KitOptions(seed=MAX_SEED, paper="letter", out=tmp_path,
                      tracker_url="https://games.example.org/pnp")
    (path,) = weird_galaxy_kit(opts)
    for index in (2, 3, 6):
        assert decode_qr(path, guide_pages(path) + index) == [tracker_url(opts)], index
    reader = PdfReader(path)
    assert reader.get_fields()["seed"].get("/V") == str(MAX_SEED)
    assert f"seed {MAX_SEED}" in reader.pages[guide_pages(path) + 2].extract_text()


@pytest.mark.slow
def test_cut_lines_and_bleed_stay_inside_the_margin(tmp_path: Path) -> None:
    from .pdfutil import box

    (path,) = weird_galaxy_kit(KitOptions(seed=2, paper="letter", bleed_mm=3, out=tmp_path))
    cut_pages = 0
    for page in PdfReader(path).pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        x1, y1, x2, y2 = box(page, "bleedbox")
        if (x1, y1, x2, y2) == (0, 0, w, h):
            continue  # a text page: no cut lines
        cut_pages += 1
        assert x1 >= mm(10) - 0.01 and y1 >= mm(10) - 0.01
        assert x2 <= w - mm(10) + 0.01 and y2 <= h - mm(10) + 0.01
    assert cut_pages >= 15


def test_phredd_stays_inside_his_cut_outline() -> None:
    """Every round shape of the standee (spots, eyes, antenna tips, spit) keeps 0.5 mm inside
    the strip's cut edges: the spit used to cross the right-hand edge."""
    import io

    from pnp.render.art import Look
    from pnp.render.fonts import REGULAR, register_fonts
    from pnp.render.geometry import Rect, mm
    from pnp.render.layout import RecordingCanvas
    from pnp.render.weird_galaxy.components import phredd_piece

    register_fonts()
    piece = phredd_piece()
    c = RecordingCanvas(io.BytesIO(), pagesize=(mm(210), mm(297)), initialFontName=REGULAR)
    c.translate(mm(50), mm(50))
    piece.front(c, piece.width, piece.height, 0.0, Look())
    c.showPage()
    inside = Rect(mm(50), mm(50), piece.width, piece.height).inset(mm(0.5))
    circles = [m for m in c.pages[0].marks if m.shape == "circle"]
    assert len(circles) > 10
    assert all(inside.contains(m.box) for m in circles), [m.describe() for m in circles
                                                          if not inside.contains(m.box)]

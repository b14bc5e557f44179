"""The Spatial Delivery kit: pieces from the engine's data, the seeded setup matching the
tracker's deal, the fillable score sheet, page sizes, fonts, QR codes, determinism."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from pnp.engine import CHANCE, get_game, new_log
from pnp.games.spatial_delivery.board import HEX_NAMES, RING_HEXES
from pnp.games.spatial_delivery.cards import FUEL_CARDS, TILE_POOL, all_goods
from pnp.games.spatial_delivery.sheet import check_sheet, field_names
from pnp.render.geometry import mm, paper_size, printable_area
from pnp.render.options import KitOptions
from pnp.render.spatial_delivery import (
    kit_pages,
    pieces,
    score_fields,
    spatial_delivery_kit,
    tracker_url,
)
from pnp.render.spatial_delivery.art import CARD_H, CARD_W, seed_layout

from .pdfutil import decode_qr, guide_pages, unembedded_fonts

RULES = Path("/work/shared/rules/spatial-delivery.txt")


def test_tracker_url_for_a_seeded_table() -> None:
    opts = KitOptions(seed=7, tracker_url="https://t.example/")
    assert tracker_url(opts) == "https://t.example/tables/new?game=spatial-delivery&seed=7&chance=tracker"


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_score_fields_are_the_checkers_fields_and_fit(paper: str) -> None:
    size = paper_size(paper)
    fields = score_fields(KitOptions(paper=paper), size, 6)  # type: ignore[arg-type]
    assert sorted(f.name for f in fields) == sorted(field_names())
    # the totals, then each round by cause (A5, its own layout: rounds 1-5, then 6-9)
    pages = (6, 7, 8) if paper == "a5" else (6, 7)
    assert {f.page for f in fields} == set(pages)
    if paper == "a5":
        assert {f.name.split("_")[1] for f in fields if f.page == 8 and "_r" in f.name} == {
            "r6", "r7", "r8", "r9"}
    area = printable_area(size)
    for page in pages:
        layout = {f.name: f.rect for f in fields if f.page == page}
        for name, r in layout.items():
            assert area.contains(r), name
            # a comb gives each digit its box; names and the winner are written freely
            free = name in ("seed", "winner") or name.endswith("_name")
            assert r.h >= mm(4.5) and r.w >= (mm(8) if free else mm(3.5)), name
        for (a, ra), (b, rb) in itertools.combinations(layout.items(), 2):
            assert not ra.overlaps(rb), (a, b)
    values = {f.name: f.value for f in fields if f.value}
    assert values == {"seed": "1", "rounds": "5"}


def test_pieces_come_from_the_engines_data() -> None:
    p = pieces()
    tiles = Counter(t.label for t in p["tile"])
    assert sum(tiles.values()) == 37 and tiles["Earth tile"] == 1
    assert tiles["space tile"] == TILE_POOL["S"] == 16
    assert sum(n for label, n in tiles.items() if "world" in label) == 20
    cards = p["card"]
    assert len(cards) == 90 and all((c.width, c.height) == (CARD_W, CARD_H) for c in cards)
    assert sum(c.label == "Rocket Fuel card" for c in cards) == FUEL_CARDS
    assert len(all_goods()) == 60 == sum(c.label != "Rocket Fuel card" for c in cards)
    assert all(c.back is not None for group in ("tile", "card", "token", "station", "segment")
               for c in p[group])
    tokens = Counter(t.label for t in p["token"])
    for colour in ("Culture", "Medicine", "Robotics", "Science"):
        assert tokens[f"{colour} First Delivery token"] == 5
    assert sum(n for label, n in tokens.items() if label.endswith("spaceship")) == 5
    assert sum(n for label, n in tokens.items() if label.endswith("player token")) == 10
    assert len(p["station"]) == 45
    assert Counter(s.label for s in p["station"])["Red trade station"] == 9


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_setup_sheet_layout_is_the_trackers_seeded_deal(seed: int) -> None:
    game = get_game("spatial-delivery")
    log = new_log("spatial-delivery", ["A", "B", "C"], seed)
    assert log.setup["chance"] == "seeded"
    state = game.initial_state(log.setup, log.players, log.seed)
    while game.actor(state) == CHANCE and state.phase == "setup":
        state = game.apply(state, game.dealt_outcome(state))
    layout = seed_layout(seed, (1, 2))
    for h in (*RING_HEXES[1], *RING_HEXES[2]):
        assert layout[h] == state.tiles[h], HEX_NAMES[h]
    assert all(layout[h] is None for h in RING_HEXES[3])
    full = seed_layout(seed, (1, 2, 3))
    assert Counter(full[1:]) == Counter(TILE_POOL)


@pytest.mark.parametrize("mode", [{"duplex": "long"}, {"duplex": "none"}, {"gutter_fold": True}])
def test_page_order(mode: dict[str, object]) -> None:
    opts = KitOptions(seed=3, **mode)  # type: ignore[arg-type]
    pages, score = kit_pages(opts)
    labels = [p.label for p in pages]
    assert "score sheet" in labels[score]
    ring3 = next(i for i, label in enumerate(labels) if "ring 3" in label)
    first_component = next(i for i, label in enumerate(labels) if " - pieces, sheet 1"
                           in label)
    if mode.get("duplex") == "long":
        assert first_component % 2 == 0
        assert "blank back" in labels[ring3 + 1] and "round by round" in labels[score + 1]
    else:
        assert not any("blank back" in label for label in labels[:first_component])


@pytest.fixture(scope="module")
def kit_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    (path,) = spatial_delivery_kit(KitOptions(seed=7, paper="a4", out=out))
    return path


def _score_index(path: Path, pages: int = 2) -> int:
    reader = PdfReader(path)
    found = {i for i, p in enumerate(reader.pages) for _ in (p.get("/Annots") or [])}
    # the totals and, on its back, each round by cause (on A5 the rounds take two pages)
    assert len(found) == pages
    return min(found)


@pytest.mark.slow
def test_kit_file_name_and_page_sizes(kit_a4: Path) -> None:
    assert kit_a4.name == "spatial-delivery-seed7-a4.pdf"
    w, h = paper_size("a4")
    reader = PdfReader(kit_a4)
    assert len(reader.pages) >= 40
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(kit_a4) == set()


@pytest.mark.slow
def test_qr_codes_decode_to_the_tracker_url(kit_a4: Path) -> None:
    url = "http://localhost:5000/tables/new?game=spatial-delivery&seed=7&chance=tracker"
    assert decode_qr(kit_a4, guide_pages(kit_a4) + 2) == [url]  # setup sheet
    assert decode_qr(kit_a4, _score_index(kit_a4)) == [url]


@pytest.mark.slow
def test_setup_pages_name_every_space(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    setup = reader.pages[guide_pages(kit_a4) + 2].extract_text()
    assert "seed 7" in setup
    layout = seed_layout(7, (1, 2))
    for h in (*RING_HEXES[1], *RING_HEXES[2]):
        assert re.search(rf"\b{HEX_NAMES[h]}\b", setup), HEX_NAMES[h]
    words = {"S": "space", "Y": "Culture", "B": "Medicine", "P": "Robotics", "G": "Science"}
    b1 = RING_HEXES[2][0]
    assert f"B1 {words[str(layout[b1])]}" in setup
    ring3 = next(p.extract_text() for p in reader.pages if "keep folded" in p.extract_text())
    assert "DO NOT OPEN BEFORE THE END OF ROUND 2" in ring3
    full = seed_layout(7, (1, 2, 3))
    for h in RING_HEXES[3]:
        assert re.search(rf"{HEX_NAMES[h]}\s+{words[str(full[h])]}", ring3), HEX_NAMES[h]
    assert any("one-piece map" in p.extract_text() for p in reader.pages[:8])


@pytest.mark.slow
def test_rules_are_our_own_words_and_credit_the_designers(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    ours = " ".join(reader.pages[i].extract_text() for i in range(8))
    assert "Rick Holzgrafe" in ours and "Helen Holzgrafe" in ours
    for word in ("Explore", "Deliver", "Fast Burn", "Initiative", "First Delivery"):
        assert word.lower() in ours.lower()

    def shingles(text: str, n: int = 8) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9]+", text.lower())
        return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}

    copied = shingles(RULES.read_text(encoding="utf-8")) & shingles(ours)
    assert not copied, sorted(" ".join(s) for s in copied)[:5]


@pytest.mark.slow
def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path, kit_a4: Path) -> None:
    (again,) = spatial_delivery_kit(KitOptions(seed=7, paper="a4", out=tmp_path))
    assert again.read_bytes() == kit_a4.read_bytes()
    (other,) = spatial_delivery_kit(KitOptions(seed=8, paper="a4", out=tmp_path))
    assert other.read_bytes() != kit_a4.read_bytes()


@pytest.mark.slow
def test_score_sheet_form_round_trips_through_the_checker(kit_a4: Path, tmp_path: Path
                                                          ) -> None:
    from pnp.sheets import read_pdf_fields

    reader = PdfReader(kit_a4)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == set(field_names())
    assert fields["seed"].get("/V") == "7" and fields["rounds"].get("/V") == "5"
    index = _score_index(kit_a4)
    writer = PdfWriter(clone_from=reader)
    values = {"p1_name": "Ann", "p2_name": "Ben", "p3_name": "Cy"}
    for i, rounds in enumerate(([5, 6, 7, 8, 9], [10, 4, 4, 4, 4], [3, 3, 3, 3, 3])):
        for n, v in enumerate(rounds):
            values[f"p{i + 1}_r{n + 1}"] = str(v)
    values.update({"p1_fd_y": "4", "p1_fd_b": "1", "p1_stations": "5", "p2_fd_g": "2",
                   "p2_stations": "4", "p3_stations": "3", "p1_bonus": "11",
                   "p1_total": "46", "p2_bonus": "3", "p2_total": "29", "p3_bonus": "0",
                   "p3_total": "15", "winner": "Ann"})
    writer.update_page_form_field_values(writer.pages[index], values, auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as fh:
        writer.write(fh)
    read = read_pdf_fields(filled.read_bytes())
    assert read["p1_name"] == "Ann" and read["seed"] == "7"
    report = check_sheet(read)
    assert report["ok"], report
    values["p2_total"] = "30"
    writer.update_page_form_field_values(writer.pages[index], values, auto_regenerate=False)
    with filled.open("wb") as fh:
        writer.write(fh)
    assert check_sheet(read_pdf_fields(filled.read_bytes()))["ok"] is False


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a5"])
def test_other_papers_exact(tmp_path: Path, paper: str) -> None:
    (path,) = spatial_delivery_kit(KitOptions(seed=11, paper=paper, out=tmp_path))  # type: ignore[arg-type]
    w, h = paper_size(paper)
    for page in PdfReader(path).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(path) == set()
    url = "http://localhost:5000/tables/new?game=spatial-delivery&seed=11&chance=tracker"
    assert decode_qr(path, guide_pages(path) + 2) == [url]
    if paper == "a5":  # its own layout: the tracker's code under rounds 6-9, on page 3
        assert decode_qr(path, _score_index(path, 3) + 2) == [url]
    else:
        assert decode_qr(path, _score_index(path)) == [url]


@pytest.mark.slow
def test_low_ink_and_fold_variants(tmp_path: Path) -> None:
    for n, opts in enumerate((KitOptions(seed=5, ink="low", out=tmp_path / "a"),
                              KitOptions(seed=5, gutter_fold=True, bleed_mm=3,
                                         out=tmp_path / "b", paper="letter"),
                              KitOptions(seed=5, duplex="short", crop_marks=False,
                                         out=tmp_path / "c"))):
        (path,) = spatial_delivery_kit(opts)
        assert unembedded_fonts(path) == set(), n
        assert decode_qr(path, guide_pages(path) + 2) == [tracker_url(opts)], n


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ring3_warning_stays_outside_when_z_folded(paper: str) -> None:
    """Folded in thirds (bottom third up, printed sides together, then back behind the top
    third), the top third is the only printed face outside: the warning is all there, and
    every ring 3 tile (the secret) is below it."""
    from pnp.games.spatial_delivery.board import HEX_NAMES, RING_HEXES
    from pnp.render.art import Look
    from pnp.render.geometry import paper_size
    from pnp.render.layout import record_pages
    from pnp.render.spatial_delivery.setup import ring3_page

    page = ring3_page(KitOptions(seed=3, paper=paper), Look(), paper_size(paper))  # type: ignore[arg-type]
    texts = [m for m in record_pages([page])[0].marks if m.kind == "text"]
    upper = page.size[1] * 2 / 3
    warning = [m for m in texts if "DO NOT OPEN" in m.text or "keep folded" in m.text]
    assert len(warning) == 2 and all(m.box.y > upper for m in warning)
    names = {HEX_NAMES[h] for h in RING_HEXES[3]}
    secret = [m for m in texts if m.text in names]
    assert len(secret) >= len(names) and all(m.box.y2 < upper for m in secret)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_fit_the_spaces_they_sit_on(paper: str) -> None:
    """Tokens on the round track, the turn-order tracks, and two to a world on the one-piece
    map (the map's hexes are as wide as 7 fit across the page: 27 mm on A4)."""
    from pnp.render.spatial_delivery.aids import SPACE_BOX
    from pnp.render.spatial_delivery.art import TOKEN

    assert TOKEN + mm(1) <= SPACE_BOX
    flats = printable_area(paper_size(paper)).w / 7  # the map's hex, across its flats
    assert flats - mm(1) >= 2 * TOKEN

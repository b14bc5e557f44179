"""Galaxy Trucker kit, part 2: the adventure cards read back from the PDF (one per card of
cards.py, every parameter in the text of its own slot), the flight board's start spaces and
round boxes, the fillable score sheets (field names and pages, filled and checked end to end),
page sizes, fonts, QR codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from pnp.games.galaxy_trucker.cards import Card, all_cards
from pnp.games.galaxy_trucker.cards import test_flight as marked_cards
from pnp.games.galaxy_trucker.sheet import ROUNDS, SEATS, field_names
from pnp.games.galaxy_trucker.state import BEST_LOOKING, REWARDS
from pnp.render.components import gutter_for
from pnp.render.galaxy_trucker import galaxy_trucker_kit, kit_pages
from pnp.render.galaxy_trucker.cards import CARD_H, CARD_W, card_pieces, notation
from pnp.render.galaxy_trucker.flight_board import (
    board_design,
    loop_index,
    loop_origin,
    space_rect,
)
from pnp.render.galaxy_trucker.kit import score_first, score_stride
from pnp.render.galaxy_trucker.score import score_fields
from pnp.render.geometry import Rect, paper_size
from pnp.render.impose import impose
from pnp.render.options import KitOptions
from pnp.sheets import check_document, read_pdf_fields

from .pdfutil import decode_qr, unembedded_fonts

URL = "http://localhost:5000/tables/new?game=galaxy-trucker&seed=7&chance=table"


# -- fast: the pieces and the form layout -------------------------------------------------------

def test_one_card_piece_per_engine_card_with_a_back_per_level() -> None:
    pieces = card_pieces()
    cards = list(all_cards().values())
    assert len(pieces) == len(cards) == 60
    assert [p.label for p in pieces] == [f"adventure card {c.id}" for c in cards]
    assert all((p.width, p.height) == (CARD_W, CARD_H) for p in pieces)
    backs = {c.level: id(p.back) for c, p in zip(cards, pieces, strict=True)}
    assert len(backs) == 3
    assert all(id(p.back) == backs[c.level] for c, p in zip(cards, pieces, strict=True))
    assert notation(cards[6]) == "card:I-7"


def test_cards_print_butted_nine_a_sheet() -> None:
    labels = [p.label for p in kit_pages(KitOptions(seed=7))]
    sheets = [label for label in labels if "adventure cards, sheet" in label]
    assert len(sheets) == 2 * 7  # 60 cards, 9 a sheet, fronts and backs
    assert sum(label.endswith("(fronts)") for label in sheets) == 7


@pytest.mark.parametrize("paper,duplex", [("a4", "long"), ("letter", "long"), ("a5", "long"),
                                          ("a5", "none")])
def test_score_fields_are_the_checkers_on_their_players_pages(paper: str, duplex: str) -> None:
    opts = KitOptions(seed=7, paper=paper, duplex=duplex)  # type: ignore[arg-type]
    pages = kit_pages(opts)
    stride = score_stride(opts)
    first = score_first(opts, pages)  # A5 one-sided: the guide is two pages
    fields = score_fields(paper, 7, pages[first].size, first, stride)
    assert sorted(f.name for f in fields) == sorted(field_names())
    for f in fields:
        seat = int(f.name[1]) if f.name.startswith("p") else 1
        assert f.page == first + stride * (seat - 1)
        assert f"player {seat}" in pages[f.page].label
        w, h = pages[f.page].size
        assert Rect(0, 0, w, h).contains(f.rect)
    by_page: dict[int, list[Rect]] = {}
    for f in fields:
        by_page.setdefault(f.page, []).append(f.rect)
    for rects in by_page.values():  # no two fields overlap
        for i, a in enumerate(rects):
            assert not any(a.overlaps(b) for b in rects[i + 1:])
    seed = next(f for f in fields if f.name == "seed")
    assert seed.value == "7"


def test_start_spaces_follow_the_engines_gaps() -> None:
    from pnp.games.galaxy_trucker.flight import start_positions
    from pnp.render.galaxy_trucker.flight_board import start_spaces

    spaces = start_spaces()
    assert spaces[0] == [("1", 1), ("2", 1), ("3", 1)]
    assert ("1", 2) in spaces[38] and ("2", 4) in spaces[31] and ("3", 4) in spaces[28]
    for rnd, gap in (("1", 2), ("2", 3), ("3", 4)):
        for tile, pos in start_positions(range(1, 5), gap).items():
            assert (rnd, tile) in spaces[pos % 40]
    # the loop's 40 squares are distinct and do not overlap
    x, y, cell = loop_origin(board_design("a4"))
    rects = [space_rect(loop_index(s), x, y, cell) for s in range(40)]
    assert len({(r.x, r.y) for r in rects}) == 40
    inner = [r.inset(0.01) for r in rects]  # neighbours touch, never overlap
    assert all(not a.overlaps(b) for i, a in enumerate(inner) for b in inner[i + 1:])


# -- the written kit --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    (path,) = galaxy_trucker_kit(KitOptions(seed=7, out=tmp_path_factory.mktemp("gt2")))
    return path


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def expected_terms(card: Card) -> list[str]:
    """What a player must be able to read on the card, from the engine's data alone."""
    terms = [card.id, f"card:{card.id}", squash(card.title)]
    if card.days:
        terms.append(f"-{card.days}")
    threats = "".join(str(t) for t in card.threats)
    k = card.kind
    if k == "planets":
        terms += [f"{n + 1}{row}" for n, row in enumerate(card.planets)]
    elif k in ("ship", "station"):
        terms.append(f"{card.crew}crew")
        terms.append(f"{card.credits}credits" if k == "ship" else card.goods)
    elif k == "meteors":
        terms.append(threats)
    elif k in ("smugglers", "slavers", "pirates"):
        terms.append(f"{card.strength}cannonstrength")
        if k == "smugglers":
            terms += [card.goods, f"{card.loss}mostvaluablegoods"]
        elif k == "slavers":
            terms += [f"{card.credits}credits", f"{card.loss}crew"]
        else:
            terms += [f"{card.credits}credits", threats]
    elif k == "combat":
        for line in card.lines:
            who = {"crew": "fewestcrew", "engines": "weakestengines",
                   "cannons": "weakestcannons"}[line.criterion]
            terms.append(f"{who}pays")
            if line.penalty == "shots":
                terms.append("".join(str(t) for t in line.threats))
            else:
                word = {"days": "flightdays", "crew": "crew", "goods": "goods"}[line.penalty]
                terms.append(f"-{line.amount}{word}")
    return terms


def card_texts(path: Path, options: KitOptions) -> dict[str, str]:
    """The text inside each card slot of the written kit, by the id printed in it."""
    import pypdfium2 as pdfium

    labels = [p.label for p in kit_pages(options)]
    fronts = [i for i, label in enumerate(labels)
              if "adventure cards, sheet" in label and label.endswith("(fronts)")]
    plans = impose(60, CARD_W, CARD_H, options.paper, options.duplex, butt=True,
                   gutter=gutter_for(card_pieces()[0]))
    cards = list(all_cards())
    out: dict[str, str] = {}
    doc = pdfium.PdfDocument(str(path))
    try:
        for page_index, plan in zip(fronts, plans, strict=True):
            text = doc[page_index].get_textpage()
            for slot in plan.slots:
                r = slot.front
                out[cards[slot.index]] = text.get_text_bounded(r.x, r.y, r.x2, r.y2)
    finally:
        doc.close()
    return out


@pytest.mark.slow
def test_every_card_reads_back_with_all_its_parameters(kit: Path) -> None:
    texts = card_texts(kit, KitOptions(seed=7))
    assert list(texts) != [] and sorted(texts) == sorted(all_cards())
    marked = {c.id for c in marked_cards()}
    assert len(marked) == 8
    for card_id, raw in texts.items():
        card = all_cards()[card_id]
        flat = squash(raw)
        missing = [t for t in expected_terms(card) if t not in flat]
        assert missing == [], (card_id, missing, raw)
        assert ("testflight" in flat) == (card_id in marked), card_id


@pytest.mark.slow
def test_a_wrong_card_would_not_pass(kit: Path) -> None:
    """The read-back is specific: another card's terms are not all found in a slot."""
    texts = card_texts(kit, KitOptions(seed=7))
    cards = all_cards()
    for a, b in (("I-5", "I-6"), ("II-9", "II-10"), ("III-18", "II-18"), ("I-12", "I-13")):
        flat = squash(texts[a])
        assert [t for t in expected_terms(cards[b]) if t not in flat] != [], (a, b)


@pytest.mark.slow
def test_flight_board_shows_every_space_start_badge_and_round_box(kit: Path) -> None:
    import pypdfium2 as pdfium

    labels = [p.label for p in kit_pages(KitOptions(seed=7))]
    index = labels.index("Galaxy Trucker - flight board")
    page = PdfReader(kit).pages[index]
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    assert (w, h) == pytest.approx(paper_size("a4", landscape=True), abs=0.01)
    from pnp.render.galaxy_trucker.flight_board import start_spaces

    x, y, cell = loop_origin(board_design("a4"))
    doc = pdfium.PdfDocument(str(kit))
    try:
        text = doc[index].get_textpage()
        for space in range(40):
            r = space_rect(loop_index(space), x, y, cell)
            inside = squash(text.get_text_bounded(r.x, r.y, r.x2, r.y2))
            assert ("START" if space == 0 else str(space)) in inside, space
            for rnd, tile in start_spaces().get(space, []):
                if space:
                    assert f"R{rnd}:tile{tile}" in inside, (space, rnd, tile)
        whole = squash(text.get_text_range())
    finally:
        doc.close()
    boxes = re.split(r"Round(?=\d)", whole)[1:]
    assert len(boxes) == 3
    for rnd, box_text in zip(("1", "2", "3"), boxes, strict=True):
        assert box_text.startswith(rnd)
        podium = "".join(f"{p}+{v}" for p, v in zip(("1st", "2nd", "3rd", "4th"),
                                                      REWARDS[rnd], strict=True))
        assert podium in box_text, rnd
        assert f"connectors;{BEST_LOOKING[rnd]}ties" in box_text, rnd
        cap = {"1": 5, "2": 8, "3": 11}[rnd]
        assert f"atmost{cap}" in box_text, rnd


@pytest.mark.slow
def test_score_sheets_fill_and_check_end_to_end(kit: Path, tmp_path: Path) -> None:
    """The PDF's own form, filled as a player would, reads back and checks; a slip is found."""
    reader = PdfReader(kit)
    assert set(reader.get_fields() or {}) == set(field_names())
    stride = score_stride(KitOptions(seed=7))
    for seat in range(1, SEATS + 1):
        page = reader.pages[score_first(KitOptions(seed=7)) + stride * (seat - 1)]
        names = {str(a.get_object()["/T"]) for a in page["/Annots"]}
        assert names == {n for n in field_names() if n.startswith(f"p{seat}_")} | (
            {"seed"} if seat == 1 else set())
        text = page.extract_text()
        assert f"player {seat}" in text and "Game total" in text
        assert all(f"Round {r}" in text for r in ROUNDS)
    values = {"p1_name": "Ada", "p1_r1_place": "1", "p1_r1_flight": "4", "p1_r1_finish": "4",
              "p1_r1_exposed": "3", "p1_r1_fewest": "3", "p1_r1_looks": "2",
              "p1_r1_red": "1", "p1_r1_blue": "2", "p1_r1_goods": "6", "p1_r1_lost": "7",
              "p1_r1_loss": "5", "p1_r1_round": "11", "p1_r1_credits": "11", "p1_total": "11",
              "p2_name": "Ben", "p2_r1_gaveup": "x", "p2_r1_yellow": "1", "p2_r1_finish": "0",
              "p2_r1_looks": "0", "p2_r1_goods": "2", "p2_r1_lost": "2", "p2_r1_loss": "2",
              "p2_r1_round": "0", "p2_r1_credits": "0", "p2_total": "0"}
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as fh:
        writer.write(fh)
    fields = read_pdf_fields(filled.read_bytes())
    assert fields["seed"] == "7" and fields["p1_r1_lost"] == "7"
    report = check_document("galaxy-trucker", fields)
    assert report["ok"], [ln for ln in report["lines"] if not ln["ok"]]  # type: ignore[union-attr]
    slip = check_document("galaxy-trucker", {**fields, "p1_r1_loss": "7"})
    assert not slip["ok"]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_new_pages_sizes_fonts_and_qr(paper: str, tmp_path: Path) -> None:
    opts = KitOptions(seed=7, paper=paper, out=tmp_path)  # type: ignore[arg-type]
    (path,) = galaxy_trucker_kit(opts)
    reader = PdfReader(path)
    labels = [p.label for p in kit_pages(opts)]
    portrait = sorted(paper_size(paper))
    for i, label in enumerate(labels):
        size = sorted((float(reader.pages[i].mediabox.width),
                       float(reader.pages[i].mediabox.height)))
        assert size == pytest.approx(portrait, abs=0.01), label
    assert unembedded_fonts(path) == set()
    stride = score_stride(opts)
    for seat in (1, 4):
        assert decode_qr(path, score_first(KitOptions(seed=7)) + stride * (seat - 1)) == [URL]


@pytest.mark.slow
def test_low_ink_and_a5_kits_build_with_their_forms(tmp_path: Path) -> None:
    for opts in (KitOptions(seed=7, out=tmp_path, ink="low"),
                 KitOptions(seed=7, out=tmp_path / "a5", paper="a5", duplex="none")):
        (path,) = galaxy_trucker_kit(opts)
        reader = PdfReader(path)
        assert set(reader.get_fields() or {}) == set(field_names())
        assert len(reader.pages) == len(kit_pages(opts))


@pytest.mark.slow
def test_new_pages_are_in_our_own_words(kit: Path) -> None:
    """No run of eight words from the rules text on the cards, board or score sheets."""
    rules = Path("/work/shared/rules/galaxy-trucker.txt")
    if not rules.exists():
        pytest.skip("rules text not on this machine")

    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())

    source = words(rules.read_text(encoding="utf-8"))
    shingles = {tuple(source[i:i + 8]) for i in range(len(source) - 7)}
    labels = [p.label for p in kit_pages(KitOptions(seed=7))]
    reader = PdfReader(kit)
    pages = [i for i, label in enumerate(labels)
             if "adventure cards" in label or "flight board" in label or "score sheet" in label]
    assert len(pages) > 10
    ours = words(" ".join(reader.pages[i].extract_text() for i in pages))
    assert len(ours) > 2000  # the text really was read
    copied = [" ".join(ours[i:i + 8]) for i in range(len(ours) - 7)
              if tuple(ours[i:i + 8]) in shingles]
    assert copied == []

"""The Galaxy Trucker components kit: tiles read back from the rendered PDF (ids and pipes),
boards at tile size, bank counts, page sizes, fonts, the QR code, determinism."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.engine import PnpError
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, fits, generate_tiles, joins
from pnp.render.galaxy_trucker import galaxy_trucker_kit, kit_pages, tracker_url
from pnp.render.galaxy_trucker.boards import CELL, board_pages, discard_slots, plan_parts
from pnp.render.galaxy_trucker.rules import join_word
from pnp.render.galaxy_trucker.tiles import PIPES, SAMPLE_OFFSETS, TILE, tile_pieces
from pnp.render.galaxy_trucker.tokens import COUNTS, bank_pieces, credit_pieces
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.kits import build_kit, kit_ids
from pnp.render.layout import record_pages
from pnp.render.options import KitOptions

from .pdfutil import box, decode_qr, guide_pages, unembedded_fonts

RULES_TEXT = Path("/work/shared/rules/galaxy-trucker.txt")


def test_tracker_url_names_the_game_and_seed() -> None:
    opts = KitOptions(seed=7, tracker_url="https://t.example/")
    assert tracker_url(opts) == "https://t.example/tables/new?game=galaxy-trucker&seed=7&chance=table"


@pytest.mark.slow
def test_the_kit_is_the_records(tmp_path: Path) -> None:
    """`pnp kit galaxy-trucker` builds the game record's kit; unknown ids stay errors."""
    from pnp.engine import get_record

    assert "galaxy-trucker" in kit_ids() and get_record("galaxy-trucker").kit is not None
    with pytest.raises(PnpError, match="known games"):
        build_kit("chess", KitOptions(out=tmp_path))
    assert not any(tmp_path.iterdir())
    (path,) = build_kit("galaxy-trucker", KitOptions(out=tmp_path, seed=2))
    assert path.name == "galaxy-trucker-seed2-a4.pdf" and path.stat().st_size > 0


def test_tiles_are_the_engines_tiles_in_id_order() -> None:
    tiles = generate_tiles(11)
    pieces = tile_pieces(tiles)
    assert len(pieces) == 144
    assert [p.label.split()[1] for p in pieces] == [str(n) for n in range(1, 145)]
    assert all(p.width == p.height == mm(25) for p in pieces)
    assert pieces[140].label == "tile 141 (blue)"


def test_connectors_use_one_two_three_pipes() -> None:
    assert [len(PIPES[c]) for c in (Connector.SMOOTH, Connector.SIMPLE, Connector.DOUBLE,
                                    Connector.UNIVERSAL)] == [0, 1, 2, 3]


def test_join_table_follows_the_engine() -> None:
    for a in Connector:
        for b in Connector:
            word = join_word(a, b)
            assert (word == "yes") == joins(a, b)
            assert (word != "no") == fits(a, b)
    assert join_word(Connector.SIMPLE, Connector.DOUBLE) == "no"
    assert join_word(Connector.SMOOTH, Connector.SMOOTH) == "touch"


def test_bank_counts_fill_every_ship() -> None:
    assert COUNTS["human"] == 40  # 16 cabins + 4 pilot cabins, 2 each
    assert COUNTS["battery"] == 9 * 2 + 6 * 3
    assert COUNTS["red"] == 6 * 1 + 3 * 2
    assert COUNTS["brown alien"] == COUNTS["purple alien"] == 4
    kinds = Counter(p.label for p in bank_pieces())
    assert kinds["human"] == 40 and kinds["red good"] == 12 and kinds["battery token"] == 36
    assert sum(kinds.values()) == sum(COUNTS.values())
    coins = credit_pieces()
    assert len({id(p.back) for p in coins}) == 1  # one common back: a face-down stack hides


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_boards_fit_at_tile_size_and_cover_every_cell_once(paper: str) -> None:
    assert CELL == TILE
    for board in BOARDS.values():
        landscape, parts = plan_parts(board, paper)
        area = printable_area(paper_size(paper, landscape))
        seen: Counter[tuple[int, int]] = Counter()
        for part in parts:
            assert part.size[0] <= area.w + 1e-6 and part.size[1] <= area.h + 1e-6
            seen.update(cell for cell in board.cells
                        if cell[0] in part.rows and cell[1] in part.cols)
        assert set(seen) == set(board.cells) and set(seen.values()) == {1}
        if paper != "a5":
            assert len(parts) == 1, (paper, board.name)


def test_discard_area_only_where_the_board_is_insured() -> None:
    for board in BOARDS.values():
        slots = discard_slots(board)
        assert len(slots) == (0 if board.max_penalty is None else 2)
        assert not set(slots) & board.cells


def test_sixteen_boards_in_four_colours() -> None:
    from pnp.render.art import Look

    pages, split = board_pages("a4", Look())
    assert not split and len(pages) == 16
    for colour in ("blue", "red", "green", "yellow"):
        assert sum(colour in p.label for p in pages) == 4


@pytest.mark.parametrize("opts", [{"duplex": "long"}, {"duplex": "long", "paper": "a5"},
                                  {"duplex": "none"}, {"gutter_fold": True}])
def test_page_order_keeps_duplex_pairs(opts: dict[str, object]) -> None:
    pages = kit_pages(KitOptions(seed=3, **opts))  # type: ignore[arg-type]
    labels = [p.label for p in pages]
    fronts = [i for i, label in enumerate(labels) if label.endswith("(fronts)")]
    if opts.get("duplex") == "long" and not opts.get("gutter_fold"):
        assert fronts and all(i % 2 == 0 for i in fronts)
        assert all(labels[i + 1].endswith("(backs)") for i in fronts)
        first_board = next(i for i, label in enumerate(labels) if "ship board" in label)
        assert first_board % 2 == 0
    if opts.get("paper") == "a5":
        assert any("part 2 of" in label for label in labels)
        assert all("(blank back)" in labels[i + 1] for i, label in enumerate(labels)
                   if "ship board" in label and "blank" not in label)
    assert sum("tiles, credits and bank pieces, sheet" in label for label in labels) >= 2


# -- the written kit ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    (path,) = galaxy_trucker_kit(KitOptions(seed=7, out=tmp_path_factory.mktemp("gt")))
    return path


def _tile_sheet_slots(options: KitOptions) -> list[list[tuple[int, Rect]]]:
    """(slot number, front cut rect) of every tile, sheet by sheet, where the kit drew them
    (tiles share their sheets with credits and bank pieces: the 25 mm squares are the tiles)."""
    pages = kit_pages(options)
    out = []
    for page, record in zip(pages, record_pages(pages), strict=True):
        if "tiles, credits" not in page.label or page.label.endswith("(backs)"):
            continue
        tiles = [p.trim for p in record.pieces
                 if abs(p.trim.w - TILE) < 0.01 and abs(p.trim.h - TILE) < 0.01]
        out.append(list(enumerate(tiles)))
    return out


def _pattern(gray: object, height_px: int, scale: float, x: float, y: float, dx: float,
             dy: float) -> str:
    """Dark (1) or light (0) at each SAMPLE_OFFSETS point across a side."""
    out = ""
    for o in SAMPLE_OFFSETS:
        px = (x + dx * o) * scale
        py = height_px - (y + dy * o) * scale
        out += "1" if gray.getpixel((int(px), int(py))) < 128 else "0"  # type: ignore[attr-defined]
    return out


EXPECTED = {Connector.SMOOTH: "00000", Connector.SIMPLE: "00100", Connector.DOUBLE: "01010",
            Connector.UNIVERSAL: "10101"}


def _read_tiles(path: Path, options: KitOptions, sheets: int | None = None
                ) -> dict[int, dict[Side, str]]:
    """Read every tile sheet of a written kit: the printed id of each slot (PDF text) and the
    pipe pattern on each of its sides (pixels of a 150 dpi greyscale render)."""
    import pypdfium2 as pdfium

    labels = [p.label for p in kit_pages(options)]
    fronts = [i for i, label in enumerate(labels) if "tiles, credits" in label
              and not label.endswith("(backs)")]
    scale = 150 / 72
    depth = mm(2.5)
    found: dict[int, dict[Side, str]] = {}
    reader = PdfReader(path)
    doc = pdfium.PdfDocument(str(path))
    try:
        for page_index, slots in list(zip(fronts, _tile_sheet_slots(options),
                                           strict=True))[:sheets]:
            # the slots are recorded from the drawing: the page's TrimBox holds them all
            x0, y0, x1, y1 = box(reader.pages[page_index], "trimbox")
            assert all(x0 - 0.01 <= r.x and r.x2 <= x1 + 0.01 and y0 - 0.01 <= r.y
                       and r.y2 <= y1 + 0.01 for _, r in slots)
            page = doc[page_index]
            text = page.get_textpage()
            gray = page.render(scale=scale, grayscale=True).to_pil().convert("L")
            for _, r in slots:
                raw = text.get_text_bounded(r.x, r.y2 - mm(5), r.x + mm(10), r.y2)
                tile_id = int(raw.strip())
                assert tile_id not in found, tile_id
                h = gray.height
                found[tile_id] = {
                    Side.N: _pattern(gray, h, scale, r.cx, r.y2 - depth, 1, 0),
                    Side.S: _pattern(gray, h, scale, r.cx, r.y + depth, 1, 0),
                    Side.E: _pattern(gray, h, scale, r.x2 - depth, r.cy, 0, 1),
                    Side.W: _pattern(gray, h, scale, r.x + depth, r.cy, 0, 1),
                }
    finally:
        doc.close()
    return found


def _check_tiles(found: dict[int, dict[Side, str]], seed: int) -> int:
    tiles = generate_tiles(seed)
    checked = 0
    for tile_id, patterns in found.items():
        tile = tiles[tile_id]
        for side in SIDES:
            if (tile.kind.is_engine and side is Side.S) or (tile.kind.is_cannon
                                                            and side is Side.N):
                continue  # the exhaust / barrel is drawn there (the side is smooth)
            assert patterns[side] == EXPECTED[tile.connector(side)], (tile_id, side, tile)
            checked += 1
    return checked


@pytest.mark.slow
def test_printed_ids_and_pipes_match_the_engine(kit_a4: Path) -> None:
    """Every tile's printed id is the engine's id for its slot, and its pipes, read back from
    the greyscale render, are the engine's connectors for that id (seed 7)."""
    found = _read_tiles(kit_a4, KitOptions(seed=7))
    assert sorted(found) == list(range(1, 145))
    assert _check_tiles(found, 7) == 144 * 4 - 19 - 7 - 23 - 8
    # all four connector kinds really occur, so each pattern was seen
    assert {p for sides in found.values() for p in sides.values()} >= set(EXPECTED.values())


@pytest.mark.slow
def test_low_ink_pipes_still_read_in_greyscale(tmp_path: Path) -> None:
    opts = KitOptions(seed=12, out=tmp_path, ink="low", paper="letter")
    (path,) = galaxy_trucker_kit(opts)
    found = _read_tiles(path, opts, sheets=1)
    assert len(found) == 48
    assert _check_tiles(found, 12) > 100


@pytest.mark.slow
def test_another_seed_prints_other_pipes(kit_a4: Path, tmp_path: Path) -> None:
    """Same ids, different seed: the pipes printed follow the seed, not a fixed sheet."""
    found = _read_tiles(kit_a4, KitOptions(seed=7), sheets=1)
    with pytest.raises(AssertionError):
        _check_tiles(found, 8)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_fonts_and_qr(paper: str, tmp_path: Path) -> None:
    opts = KitOptions(seed=5, paper=paper, out=tmp_path)  # type: ignore[arg-type]
    (path,) = build_kit("galaxy-trucker", opts)
    assert path.name == f"galaxy-trucker-seed5-{paper}.pdf"
    w, h = paper_size(paper)
    reader = PdfReader(path)
    assert len(reader.pages) == len(kit_pages(opts))
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.01)
    assert unembedded_fonts(path) == set()
    url = f"{opts.tracker_url}/tables/new?game=galaxy-trucker&seed=5&chance=table"
    assert decode_qr(path, guide_pages(path) + 1) == [url]


@pytest.mark.slow
def test_same_seed_same_bytes(kit_a4: Path, tmp_path: Path) -> None:
    (again,) = galaxy_trucker_kit(KitOptions(seed=7, out=tmp_path))
    assert again.read_bytes() == kit_a4.read_bytes()
    (other,) = galaxy_trucker_kit(KitOptions(seed=8, out=tmp_path))
    assert other.read_bytes() != kit_a4.read_bytes()


@pytest.mark.slow
def test_board_pages_show_numbers_start_and_penalty(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    labels = [p.label for p in kit_pages(KitOptions(seed=7))]
    for name, board in BOARDS.items():
        index = labels.index(f"Galaxy Trucker - ship board {name} (red)")
        text = reader.pages[index].extract_text()
        numbers = Counter(re.findall(r"\b\d+\b", text))
        for n in {*board.rows, *board.columns}:
            assert numbers[str(n)] >= 2, (name, n)  # on both opposite edges
        assert "START" in text
        if board.max_penalty is None:
            assert "no maximum" in text and "DISCARD" not in text
        else:
            assert "DISCARD" in text and f"at most {board.max_penalty}" in text


@pytest.mark.slow
def test_rules_reference_credits_and_own_words(kit_a4: Path) -> None:
    reader = PdfReader(kit_a4)
    g = guide_pages(kit_a4)
    text = " ".join(reader.pages[g + i].extract_text() for i in (0, 1))
    assert "Vlaada Chv" in text and "Czech Games Edition" in text and "our own" in text
    if not RULES_TEXT.exists():
        pytest.skip("rules text not on this machine")
    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())
    source = words(RULES_TEXT.read_text(encoding="utf-8"))
    shingles = {tuple(source[i:i + 8]) for i in range(len(source) - 7)}
    ours = words(text)
    copied = [" ".join(ours[i:i + 8]) for i in range(len(ours) - 7)
              if tuple(ours[i:i + 8]) in shingles]
    assert copied == []


def test_every_kind_has_its_own_icon_label() -> None:
    from pnp.render.galaxy_trucker.tiles import LABELS

    assert set(LABELS) == set(Kind)
    assert len(set(LABELS.values())) == len(Kind)


@pytest.mark.slow
def test_cut_lines_and_bleed_stay_inside_the_margin(tmp_path: Path) -> None:
    from pnp.render.geometry import BUTT_MARGIN

    opts = KitOptions(seed=4, out=tmp_path, paper="letter", bleed_mm=3)
    (path,) = galaxy_trucker_kit(opts)
    labels = [p.label for p in kit_pages(opts)]
    cut_pages = 0
    for label, page in zip(labels, PdfReader(path).pages, strict=True):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        x1, y1, x2, y2 = box(page, "bleedbox")
        if (x1, y1, x2, y2) == (0, 0, w, h):
            continue  # text and board pages: no cut lines
        cut_pages += 1
        # butted cards (no bleed) have the narrower card margin (docs/printing.md)
        m = BUTT_MARGIN if "adventure cards" in label else mm(10)
        assert x1 >= m - 0.01 and y1 >= m - 0.01
        assert x2 <= w - m + 0.01 and y2 <= h - m + 0.01
    assert cut_pages >= 10


@pytest.mark.parametrize("n", [1, 2, 3])
def test_cargo_boxes_keep_clear_of_every_connector(n: int) -> None:
    """Shape against shape: a container box (its stroke included) never touches the reach of
    a connector on any side, whatever the connectors (cargo boxes used to butt against the
    pipes' plates on tiles 102, 104-106, 108)."""
    from pnp.render.galaxy_trucker.tile_icons import CONNECTOR_GAP, CONTAINER, container_spots
    from pnp.render.galaxy_trucker.tiles import connector_reach, plate_span

    reach, span = connector_reach(), plate_span(Connector.UNIVERSAL)  # the widest plate
    lo, hi = TILE / 2 - span, TILE / 2 + span
    plates = (Rect(lo, TILE - reach, hi - lo, reach), Rect(lo, 0, hi - lo, reach),
              Rect(0, lo, reach, hi - lo), Rect(TILE - reach, lo, reach, hi - lo))
    stroke = 1.6 / 2  # the special containers' heavier line, half of it outside the box
    for x, y in container_spots(TILE, n):
        half = CONTAINER / 2 + stroke
        box_ = Rect(x - half, y - half, 2 * half, 2 * half)
        for plate in plates:
            assert not box_.expand(CONNECTOR_GAP - 1e-6).overlaps(plate), (n, x, y)


def test_every_cargo_tile_draws_its_boxes_clear_of_its_pipes() -> None:
    """The same on the drawn tiles: every outlined square a cargo tile draws (its containers)
    keeps clear of the dark connector rectangles it draws."""
    import io

    from pnp.render.art import Look
    from pnp.render.fonts import REGULAR, register_fonts
    from pnp.render.galaxy_trucker.tile_icons import CONNECTOR_GAP, CONTAINER
    from pnp.render.galaxy_trucker.tiles import tile_face
    from pnp.render.layout import RecordingCanvas

    register_fonts()
    tiles = [t for t in generate_tiles(1).tiles if t.kind in (Kind.CARGO, Kind.SPECIAL_CARGO)]
    assert tiles
    for tile in tiles:
        c = RecordingCanvas(io.BytesIO(), pagesize=(mm(100), mm(100)), initialFontName=REGULAR)
        tile_face(tile)(c, TILE, TILE, 0.0, Look())
        c.showPage()
        shapes = [m for m in c.pages[0].marks if m.kind == "shape" and m.shape == "rect"]
        boxes = [m.box for m in shapes if abs(m.box.w - CONTAINER) < mm(0.7)
                 and abs(m.box.h - m.box.w) < 0.01]
        pipes = [m.box for m in shapes if m.fill and (m.box.w < mm(2) or m.box.h < mm(2))
                 and max(m.box.w, m.box.h) > mm(2)]
        assert boxes, tile.id
        for b in boxes:
            assert not any(b.expand(CONNECTOR_GAP - mm(0.3)).overlaps(p) for p in pipes), tile.id

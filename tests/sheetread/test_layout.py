"""The printed sheets' layouts: the QR payload's parse/print pair, the registry's answers, and
each game's layouts against its sheet checker and its printed page."""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.engine import all_records
from pnp.render.geometry import Rect
from pnp.sheetread import aruco
from pnp.sheetread import layout as lay
from pnp.sheetread.layout import (
    SheetCode,
    SheetCodeError,
    SheetLayout,
    layout_for,
    layouts,
    sheet_layout,
)
from pnp.sheets import sheet_spec

READABLE = [r.id for r in all_records() if r.sheet_layouts is not None]


@pytest.mark.parametrize("name", ["pnp.sheetread.layout", "pnp.sheetread.aruco"])
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("code", [SheetCode("galaxy-trucker", "p3.letter", 1, 123456),
                                  SheetCode("wormholes", "record.a4", 12),
                                  SheetCode("spatial-delivery", "score.a4", 1, 0)])
def test_the_payload_prints_and_parses_back(code: SheetCode) -> None:
    assert SheetCode.parse(str(code)) == code
    assert SheetCode.parse(f"  {code}\n") == code


@pytest.mark.parametrize(("text", "says"), [
    ("http://localhost:5000/tables/new?game=wormholes", "not a pnp sheet's"),
    ("pnpsheet:1/wormholes", "expected pnpsheet:1/GAME/LAYOUT/VERSION[/SEED]"),
    ("pnpsheet:1/Wormholes/x/1", "expected"),
    ("pnpsheet:1/wormholes/x/1/-4", "expected"),
    ("pnpsheet:2/wormholes/x/1", "format 2 is not one this program reads"),
])
def test_a_bad_payload_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(SheetCodeError, match=None) as err:
        SheetCode.parse(text)
    assert says in str(err.value)


def test_the_registry_explains_each_refusal() -> None:
    with pytest.raises(SheetCodeError, match="does not know"):
        sheet_layout("chess", "p1.a4", 1)
    with pytest.raises(SheetCodeError, match=r"no sheet layout 'p9.a4' \(known: p1.a4"):
        sheet_layout("galaxy-trucker", "p9.a4", 1)
    now = max(x.version for x in layouts("galaxy-trucker", old=True) if x.layout == "p1.a4")
    with pytest.raises(SheetCodeError, match="newer than this program reads"):
        sheet_layout("galaxy-trucker", "p1.a4", now + 1)
    with pytest.raises(SheetCodeError, match="an old print"):
        sheet_layout("galaxy-trucker", "p1.a4", 0)


def test_the_marker_patterns_are_opencvs() -> None:
    cv2 = pytest.importorskip("cv2")
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, aruco.DICTIONARY))
    for marker_id in aruco.MARKER_IDS:
        image = cv2.aruco.generateImageMarker(d, marker_id, aruco.MODULES)
        ours = [[255 if white else 0 for white in row] for row in aruco.marker_modules(marker_id)]
        assert image.tolist() == ours, marker_id


def test_every_game_with_a_sheet_is_readable_or_listed() -> None:
    assert "galaxy-trucker" in READABLE


@pytest.mark.parametrize("game", READABLE)
def test_layouts_place_the_checkers_fields_without_overlap(game: str) -> None:
    found = layouts(game, old=True)
    assert found
    assert len({(x.layout, x.version) for x in found}) == len(found)
    known = set(sheet_spec(game).document_field_names())
    for x in found:
        lay.check_fields(x, known)
        assert layout_for(x.code(7)) is x
        page = Rect(0, 0, *x.page)
        parts = [m.rect.expand(m.module) for m in x.markers] + [x.qr]
        for f in x.fields:
            assert page.contains(f.rect), f.name
            for b in (*f.boxes, *f.option_boxes):
                assert f.rect.contains(b, tol=0.01), f.name
            assert not any(f.rect.overlaps(p) for p in parts), f.name
        rects = sorted(x.fields, key=lambda f: (f.rect.x, f.rect.y))
        for i, f in enumerate(rects):
            for g in rects[i + 1:]:
                if g.rect.x >= f.rect.x2:
                    break
                assert not f.rect.overlaps(g.rect), (f.name, g.name)


def test_the_trucker_pages_place_every_field_of_their_player() -> None:
    names = sheet_spec("galaxy-trucker").field_names()
    for paper in ("a4", "letter"):
        placed = [n for s in range(1, 5) for n in sheet_layout("galaxy-trucker",
                                                               f"p{s}.{paper}", 1).field_names()]
        assert sorted(placed) == sorted(names)


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Each readable game's kit, seed 7, A4, one-sided: built once."""
    from pnp.render.kits import build_kit
    from pnp.render.options import KitOptions

    out = tmp_path_factory.mktemp("kits")
    built: dict[str, Path] = {}

    def kit(game: str) -> Path:
        if game not in built:
            built[game] = build_kit(game, KitOptions(seed=7, out=out, duplex="none"))[0]
        return built[game]

    return kit


def _sheet_pages(pdf: Path) -> dict[str, int]:
    """The page of each readable sheet in a kit, found by its QR (``pnpsheet:...``)."""
    from pypdf import PdfReader

    from tests.sheetread.printed import qr_payloads, render_page

    found = {}
    for index, page in enumerate(PdfReader(pdf).pages):
        if not page.get("/Annots"):
            continue  # every readable sheet is fillable
        for text, _ in qr_payloads(render_page(pdf, index, dpi=100)):
            if text.startswith("pnpsheet:"):
                found[SheetCode.parse(text).layout] = index
    return found


@pytest.mark.parametrize("game", READABLE)
def test_the_printed_pages_are_where_their_layouts_say(kits: Callable[[str], Path],
                                                      game: str) -> None:
    """Every readable page of the A4 kit: rendered with pdftoppm, each marker module, comb and
    tick box edge is where the layout says, the QR names the layout, and the form widgets are
    the layout's rectangles."""
    pdf = kits(game)
    _where_layouts_say(pdf, [x for x in layouts(game) if x.layout.endswith(".a4")])


def _where_layouts_say(pdf: Path, printed: list[SheetLayout], paper: str | None = None
                       ) -> None:
    """Each of ``printed`` (in print order) where it says; with ``paper``, only that paper's
    layouts are looked for.  A form field is placed once: a page's widgets are its layout's
    fields but those an earlier page placed (the page number of the Wormholes record's A5
    continuation parts is typed on the first)."""
    from tests.sheetread.printed import problems, qr_payloads, render_page, widget_rects

    pages = {k: v for k, v in _sheet_pages(pdf).items()
             if paper is None or k.endswith(f".{paper}")}
    assert sorted(pages) == sorted(x.layout for x in printed)
    placed: set[str] = set()
    for x in printed:
        img = render_page(pdf, pages[x.layout])
        assert problems(img, x) == [], x.layout
        assert str(x.code(7)) in [text for text, _ in qr_payloads(img)]
        widgets = widget_rects(pdf, pages[x.layout])
        assert set(widgets) <= set(x.field_names()), x.layout
        assert set(x.field_names()) - set(widgets) <= placed, x.layout
        placed |= set(widgets)
        for f in (f for f in x.fields if f.name in widgets):
            w = widgets[f.name]
            assert abs(w.x - f.rect.x) < 0.01 and abs(w.y - f.rect.y) < 0.01, f.name
            assert abs(w.w - f.rect.w) < 0.01 and abs(w.h - f.rect.h) < 0.01, f.name


A5_LAYOUTS = {"spatial-delivery": ["score1.a5", "score2.a5", "score3.a5"],
              "galaxy-express": ["record1.a5", "record2.a5"],
              "weird-galaxy": ["ledger1.a5", "ledger2.a5", "ledger3.a5", "ledger4.a5", "ledger5.a5",
                               "worksheet1.a5", "worksheet2.a5"],
              "galaxy-trucker": ["p1.a5", "p2.a5", "p3.a5", "p4.a5"],
              "wormholes": ["record-more-1.a5", "record-more-2.a5", "record-more-3.a5",
                            "record1-1.a5", "record1-2.a5", "record1-3.a5"]}


@pytest.mark.parametrize("game", sorted(A5_LAYOUTS))
def test_the_a5_sheets_have_their_own_readable_layout(tmp_path: Path, game: str) -> None:
    """An A5 kit prints its forms on their own A5 layouts (Spatial Delivery: totals, rounds
    1-5, rounds 6-9; Galaxy Express: turns 1-24, turns 25-40 and the score; Weird Galaxy's
    worksheet: missions 1-20 and 21-40, its ledger a page a player; Galaxy Trucker: a page
    per player; Wormholes: its record's pages in three landscape parts each), each where its
    layout says, its form widgets unscaled."""
    from pnp.render.kits import build_kit
    from pnp.render.options import KitOptions

    pdf = build_kit(game, KitOptions(seed=7, out=tmp_path, duplex="none", paper="a5"))[0]
    a5 = [x for x in layouts(game) if x.layout.endswith(".a5")]
    assert sorted(x.layout for x in a5) == A5_LAYOUTS[game]
    _where_layouts_say(pdf, a5, "a5")


def test_a_choice_ticks_a_letter_then_writes_digits() -> None:
    coin = sheet_layout("galaxy-express", "record.a4", 2).field("t1_coin")
    assert coin.kind == "choice" and coin.options == ("S", "M") and coin.max_digits == 1
    assert coin.value("S", "3") == "S3"
    left = [b.x for b in coin.option_boxes] + [b.x for b in coin.boxes]
    assert left == sorted(left)  # options, then the comb, left to right
    direction = sheet_layout("galaxy-express", "record.a4", 2).field("t1_dir")
    assert direction.options == ("N", "E", "S", "W") and direction.boxes == ()
    assert [o["value"] for o in direction.to_json()["options"]] == ["N", "E", "S", "W"]


def test_a_photo_of_an_a5_score_page_is_read_by_its_own_layout() -> None:
    """A phone photo of the A5 rounds 1-5 page (a played game, written in held-out digits):
    its QR names ``score2.a5``, and nothing wrong is taken without asking."""
    import numpy as np

    from pnp.sheetread import read_photo
    from pnp.sheetread import simulate as sim

    game = "spatial-delivery"
    fields = sim.played_fields(game, 11, players=4)
    assert fields is not None
    layout = sheet_layout(game, "score2.a5", 2)
    rng = np.random.default_rng(3)
    page = sim.write(sim.page_from_layout(layout, 11), layout, fields, rng).image
    shot = sim.Shot(tilt=12.0, turn=-5.0, size=(1536, 2048), blur=0.5, quality=85, shadow=0.2)
    reading = read_photo(bytes(sim.photograph(page, shot, rng)), game)
    assert (reading.layout, reading.version) == ("score2.a5", 2)
    assert [f.name for f in reading.fields if f.status != "ask"
            and f.value != fields.get(f.name, "")] == []
    assert sum(f.status == "ask" for f in reading.fields) <= len(reading.fields) // 5

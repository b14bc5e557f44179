"""The print guide (first page), the bookmarks, the viewer preferences and the calibration
sheet of every kit."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.render.document import section_of
from pnp.render.galaxy_express import galaxy_express_kit, kit_pages
from pnp.render.guide import sections
from pnp.render.options import KitOptions


def test_section_names_come_from_the_labels() -> None:
    assert section_of("Galaxy Express - tiles, sheet 2 of 3 (backs)") == "tiles"
    assert section_of("Galaxy Express - rules reference 2/2") == "rules reference"
    assert section_of("Galaxy Trucker - score sheet, player 3") == "score sheet"
    assert section_of("Galaxy Trucker - ship board IIIa (red)") == "ship boards"
    assert section_of("Wormholes - map sheet 2 of 3 (columns a-j, rows 7-12)") == "map sheets"
    assert section_of("Spatial Delivery - setup, seed 12") == "setup"


@pytest.mark.parametrize("mode", [{"duplex": "long"}, {"duplex": "none"}, {"gutter_fold": True}])
def test_sections_cover_every_page_once_with_stock_and_sides(mode: dict[str, object]) -> None:
    opts = KitOptions(seed=3, **mode)  # type: ignore[arg-type]
    pages, _ = kit_pages(opts)
    secs = sections(pages)
    assert secs[0].name == "print guide" and secs[0].first == 1
    assert [s.first for s in secs[1:]] == [s.last + 1 for s in secs[:-1]]
    assert secs[-1].last == len(pages)
    by_name = {s.name: s for s in secs}
    assert by_name["rules reference"].stock == "paper"
    assert by_name["pieces"].stock == "card"
    assert by_name["pieces"].sides == (2 if "duplex" in mode else 1)
    # the calibration sheet is folded into the guide's sheet (cross in front, scales behind)
    assert not [s for s in secs if s.name.startswith("Duplex calibration")]
    assert secs[0].last == (2 if mode.get("duplex") == "long" else 1)


@pytest.mark.parametrize(("mode", "duplex"), [({"duplex": "long"}, "/DuplexFlipLongEdge"),
                                              ({"duplex": "short"}, "/DuplexFlipShortEdge"),
                                              ({"duplex": "none"}, "/Simplex"),
                                              ({"gutter_fold": True}, "/Simplex")])
def test_written_kit_has_guide_bookmarks_and_viewer_preferences(
        tmp_path: Path, mode: dict[str, object], duplex: str) -> None:
    opts = KitOptions(seed=3, out=tmp_path, **mode)  # type: ignore[arg-type]
    (path,) = galaxy_express_kit(opts)
    reader = PdfReader(path)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == duplex
    first = reader.pages[0].extract_text()
    assert "Galaxy Express: print guide" in first and "Print at 100 %" in first
    assert "Card stock" in first and "Contents" in first
    titles = [o.title for o in reader.outline]  # type: ignore[union-attr]
    pages, _ = kit_pages(opts)
    assert titles == [s.name[0].upper() + s.name[1:] for s in sections(pages)]
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"

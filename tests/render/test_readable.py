"""Drawing a readable sheet's parts: the faint "by hand" tag on handwriting-only boxes."""

from __future__ import annotations

from pnp.render.readable import HAND_TAG, by_hand
from pnp.sheetread.boxes import STROKE
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.photo import ink_map
from pnp.sheetread.simulate import DPI, page_from_layout


def test_handwriting_only_boxes_are_tagged_and_nothing_else() -> None:
    gt = sheet_layout("galaxy-trucker", "p1.a4", 2)
    sd = sheet_layout("spatial-delivery", "score1.a4", 2)
    assert by_hand(gt.field("p1_name")) and by_hand(gt.field("p1_r1_cards"))
    assert by_hand(sd.field("winner")) and by_hand(sd.field("p1_name"))
    assert not by_hand(gt.field("seed"))  # the QR gives it
    assert not any(by_hand(f) for f in gt.fields if f.kind != "text")
    wh = sheet_layout("wormholes", "record1.a4", 2)  # narrow cells: their column head says
    assert not by_hand(wh.field("t1_send1")) and by_hand(wh.field("orthogon"))


def test_the_tag_is_printed_too_faint_for_the_reader() -> None:
    """The reader's ink map drops the tag (as it drops a comb's guide), so an empty name box
    still reads as empty; the tag is there for the eye."""
    layout = sheet_layout("galaxy-trucker", "p1.a4", 2)
    page = page_from_layout(layout, 11, DPI)
    ink = ink_map(page)
    box = layout.field("p1_name").rect.inset(2.0)
    left, top, right, bottom = layout.image_box(box, DPI / 72)
    inside = ink[top:bottom, left:right]
    grey = page[top:bottom, left:right]
    assert grey.min() < 230  # the tag is printed ...
    assert float(inside.max()) < STROKE  # ... and is no pen stroke to the reader
    assert HAND_TAG == "by hand"

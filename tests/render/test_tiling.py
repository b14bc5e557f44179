"""The one tiling both true-size kits use (pnp.render.tiling): the Wormholes map and the
Galaxy Trucker ship boards cut their playing area into runs the same way and mark their
joins with the same glue strip and cut edge."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pnp.render.art import Look
from pnp.render.galaxy_trucker import boards
from pnp.render.layout import check_page, record_pages
from pnp.render.tiling import fewest_runs, split_runs
from pnp.render.wormholes import maps


@given(st.integers(1, 40), st.integers(1, 12))
def test_runs_cover_the_values_in_order_and_fit(count: int, most: int) -> None:
    values = range(3, 3 + count)
    runs = fewest_runs(values, most)
    assert [v for run in runs for v in run] == list(values)
    assert all(0 < len(run) <= most for run in runs)
    assert len(runs) == -(-count // most)  # as few as the length allows
    assert all(len(run) == len(runs[0]) for run in runs[:-1])
    assert len(split_runs(values, 1)) == 1


def test_both_kits_mark_their_joins_with_the_shared_strip_and_edge() -> None:
    look = Look()
    for board in boards.BOARDS.values():  # every one is cut on A5, by rows or by columns
        landscape, parts = boards.plan_parts(board, "a5")
        records = record_pages([boards.board_page(p, "blue", landscape, "a5", look)
                                for p in parts])
        texts = [" ".join(m.text for m in r.marks if m.text) for r in records]
        for k, text in enumerate(texts):
            assert ("glue here - part" in text) == (k < len(parts) - 1)
            assert ("cut here, then lay this edge on the glue strip of part" in text) == (k > 0)
        # the old strip's label was crossed by its grid lines; the note was under 5 pt
        assert [p for r in records for p in check_page(r)] == []
    plan = maps.plan_map("a5")
    map_texts = [" ".join(m.text for m in r.marks if m.text) for r in record_pages(
        maps.map_pages(maps.KitOptions(paper="a5"), look)[::2])]
    assert sum(t.count("glue here - sheet") for t in map_texts) == sum(
        s.glue_top + s.glue_right for s in plan)
    assert sum(t.count("cut here, then lay this edge") for t in map_texts) == sum(
        s.cut_bottom + s.cut_left for s in plan)

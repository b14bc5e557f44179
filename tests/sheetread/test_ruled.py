"""Handwriting the rules fill: Spatial Delivery's winner box is taken from the check (the
most points, then SD-5's tie-breaks), marked "chosen by the rules", when the numbers it
follows from are settled; an empty box stays empty, and a winner that hangs on a field still
asked stays asked."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pnp.engine.sheetspec import Line, SheetSpec
from pnp.engine.steps import Played
from pnp.sheetread.reading import FieldReading
from pnp.sheetread.ruled import NOTE, fill


class Race(SheetSpec):
    """Two scores; the winner is the higher (its line checks what is written)."""

    def field_names(self) -> list[str]:
        return ["a", "b", "winner"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        a, b = (int(fields.get(k, "") or 0) for k in ("a", "b"))
        best = "Ann" if a > b else "Bo"
        ok = fields.get("winner", "") == best
        return {"ok": ok, "lines": [Line("winner", fields.get("winner", ""), best, ok,
                                         "the higher score").to_json()],
                "totals": {"winner": best}}

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return None


def _f(name: str, value: str, status: str = "read", *cands: tuple[str, float]) -> FieldReading:
    return FieldReading(name, value, status, 1.0 if status == "read" else 0.5,  # type: ignore
                        tuple(cands) or ((value, 1.0),))


WRITTEN = FieldReading("winner", "", "ask", 0.0, (), note="handwriting")


def test_a_written_winner_is_chosen_by_the_rules() -> None:
    out = {f.name: f for f in fill(Race(), [_f("a", "7"), _f("b", "3"), WRITTEN])}
    assert (out["winner"].value, out["winner"].status, out["winner"].note) == (
        "Ann", "ruled", NOTE)


def test_a_winner_that_hangs_on_an_asked_score_stays_asked() -> None:
    doubtful = _f("a", "7", "ask", ("7", 0.6), ("1", 0.3))  # 1 would make Bo the winner
    out = {f.name: f for f in fill(Race(), [doubtful, _f("b", "3"), WRITTEN])}
    assert out["winner"] == WRITTEN
    sure = _f("a", "7", "ask", ("7", 0.6), ("9", 0.3))  # Ann wins either way
    out = {f.name: f for f in fill(Race(), [sure, _f("b", "3"), WRITTEN])}
    assert out["winner"].status == "ruled"


def test_an_empty_winner_box_stays_empty() -> None:
    empty = FieldReading("winner", "", "read", 1.0, (("", 1.0),))
    out = {f.name: f for f in fill(Race(), [_f("a", "7"), _f("b", "3"), empty])}
    assert out["winner"] == empty


def test_a_photo_of_a_spatial_delivery_sheet_has_its_winner_chosen() -> None:
    """A phone photo of a played game's totals page: the winner written by hand is not asked
    but chosen by the rules, and checks out."""
    from pnp.sheetread import read_photo
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import layouts
    from pnp.sheets import check_sheet

    game = "spatial-delivery"
    fields = sim.played_fields(game, 11, players=3)
    assert fields is not None and fields["winner"]
    layout = next(x for x in layouts(game) if x.layout == "score1.a4")
    rng = np.random.default_rng(3)
    page = sim.write(sim.page_from_layout(layout, 11), layout, fields, rng).image
    shot = sim.Shot(tilt=10.0, turn=-4.0, size=(1536, 2048), blur=0.5, quality=88, shadow=0.2)
    reading = read_photo(bytes(sim.photograph(page, shot, rng)), game)
    winner = next(f for f in reading.fields if f.name == "winner")
    assert (winner.status, winner.note) == ("ruled", NOTE), winner
    report = check_sheet(game, reading.values())
    assert report["totals"]["winner"] == winner.value  # type: ignore[index]

"""Taps against decisions (docs/tracker.md, "Taps per game"): a seeded solo Galaxy Express
game needs no tap that is not a choice between two or more legal events, and the table in the
docs is what the pages measure."""

from __future__ import annotations

from pathlib import Path

import pytest

from .taps import GAMES, app_client, measure

DOC = Path(__file__).resolve().parents[2] / "docs" / "tracker.md"


pytestmark = pytest.mark.usefixtures("printed_deal")  # measured on the printed seed's deal

def test_a_seeded_solo_galaxy_express_game_taps_only_real_choices() -> None:
    players, seed, options = GAMES["galaxy-express"]
    tally = measure(app_client(), "galaxy-express", players, seed, options)
    assert tally.single_choice_taps == 0
    assert tally.forced > 0 and tally.dealt > 0  # those took no tap
    assert tally.taps < tally.decisions + tally.forced  # fewer than one tap per entry
    assert tally.row() in DOC.read_text()


@pytest.mark.slow
def test_the_docs_table_is_what_the_pages_measure() -> None:
    client = app_client()
    text = DOC.read_text()
    for game_id, (players, seed, options) in GAMES.items():
        tally = measure(client, game_id, players, seed, options)
        assert tally.single_choice_taps == 0, game_id
        assert tally.row() in text, tally.row()

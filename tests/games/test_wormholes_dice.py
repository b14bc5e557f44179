"""Using both dice (``dice``): WH-T4 and the WH-10 look-ahead (hidden wormholes, the chain of a
ship sent away).

Positions are built directly (table play; ``wormholes_positions``); the whole flow from the
opening roll is in ``test_wormholes_properties``."""

from __future__ import annotations

from pathlib import Path

from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import cell_name
from pnp.games.wormholes.dice import die_moves, landings
from tests.games.wormholes_positions import at, cell_of, legal, play, refused, run


def test_wht4_a_move_that_strands_the_other_die_is_refused_when_avoidable() -> None:
    # The Moon ship on j1 with a 4 can only go NW to f5; the Sun ship on f7 with a 2 could
    # block f5 by going south, so it must go elsewhere (or the Moon moves first).
    state = run(play(ships={"S": "f7", "M": "j1"}), "S2M4")
    refused(state, "S:S", "WH-T4")
    assert "S:S" not in legal(state) and "S:W" in legal(state) and "M:NW" in legal(state)
    state = run(state, "S:W")
    assert legal(state) == {"M:NW"}


def test_wht4_when_only_one_die_can_be_used_any_move_is_legal() -> None:
    # The Moon ship on j2 with a 5 has no move at all; the Sun ship moves freely.
    state = run(play(ships={"S": "f7", "M": "j2"}), "S2M5")
    assert {m for m in legal(state) if m.startswith("M")} == set()
    state = run(state, "S:S")
    assert state.turn == 1  # the unusable Moon die is forfeited and the turn passes


def test_wht4_either_die_may_go_first() -> None:
    state = run(play(ships={"S": "f7", "M": "j1"}), "S2M4", "M:NW")
    assert cell_of(state, "M") == "f5"
    refused(state, "S:S", "WH-4")  # now the Moon ship itself is on f5
    assert "S:W" in legal(state)


def test_wh10_a_hidden_wormholes_possible_jump_counts_for_using_both_dice() -> None:
    # Seed 7, 55 events in: Sun 2 NW lands on a hidden wormhole. Staying there would leave
    # the Moon die no move, but some value it may still show jumps the Sun ship away and the
    # Moon die can then be used: the move is allowed (WH-10), as the mover cannot know.
    from pnp.engine.log import load_log, replay

    path = Path(__file__).parent / "data" / "wormholes-wh10-hidden-jump.json"
    result = replay(load_log(path.read_text(encoding="utf-8")))
    assert result.ok
    s = result.state
    legal = [GAME.notation(e) for e in GAME.legal(s)]
    assert "S:NW" in legal
    end = next(c for d, c in die_moves(s, "S") if d == "NW")
    coin = s.coin_at(end)
    assert coin is not None and coin.value is None, cell_name(end)
    assert die_moves(s, "M", partner_at=end) == []  # staying would block the Moon die
    finals = landings(s, "S", "M", end)
    assert end in finals and any(f != end for f in finals)


def test_wh10_foresees_the_jump_of_an_opponent_sent_away_by_the_move() -> None:
    # Sun 1 onto e14 lands on the Crown ship. Staying there blocks the Moon die's only move
    # (b17 3 to e14), but the Sun side may send the Crown onto the Sun wormhole at e13
    # (value 1), whose only open jump (the Arm ship holds e12) throws it back onto e14: the
    # Sun ship is sent on, wherever the DiagonAliens like, and the Moon die lands on the
    # Crown at e14. The mover can force this, so the move keeps both dice in play (WH-10);
    # the old rule refused it.
    ships = {"S": "d13", "M": "b17", "C": "e14", "A": "e12"}
    state = run(play(ships=ships, coins=[("S", "e13", 1)]), "S1M3")
    to_e14 = next(d for d, c in die_moves(state, "S") if c == at("e14"))
    assert die_moves(state, "M", partner_at=at("e14")) == []
    assert landings(state, "S", "M", at("e14")) == [at("e14")]
    assert f"S:{to_e14}" in legal(state)
    state = run(state, f"S:{to_e14}", "C>e13")  # the forced jump is taken at once (WH-12)
    assert (cell_of(state, "C"), GAME.actor(state)) == ("e14", 1)
    assert legal(state) and all(e.startswith("S>") for e in legal(state))
    state = run(state, "S>c10")  # the Crown hit the Sun ship: the DiagonAliens send it on
    moon = next(d for d, c in die_moves(state, "M") if c == at("e14"))
    assert cell_of(run(state, f"M:{moon}"), "M") == "e14"
    # the same move is refused where the chain is not forced: with the Arm ship elsewhere
    # the DiagonAliens could jump the Crown to e12 and leave the Sun ship blocking e14
    loose = run(play(ships={**ships, "A": "a17"}, coins=[("S", "e13", 1)]), "S1M3")
    refused(loose, f"S:{to_e14}", "WH-T4")
    # and with no wormhole to send the Crown to
    refused(run(play(ships=ships), "S1M3"), f"S:{to_e14}", "WH-T4")


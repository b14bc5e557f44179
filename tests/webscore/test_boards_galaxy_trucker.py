"""The Galaxy Trucker board drawing: well-formed SVG from real flight summaries, a rocket on the
loop for every player still flying, a ship panel per seat (tile faces when the tile seed is
known, squares and ids when not), crew, tokens and goods on their tiles, escaped text, nonsense
that still draws; and a real 4-player table played through a whole round on the tracker.
(Tap targets and the page in a browser: test_boards_galaxy_trucker_taps.py.)
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from pnp.engine import CHANCE, Rng, get_game, new_log
from pnp.games.galaxy_trucker import drawing as gt
from pnp.games.galaxy_trucker.state import LOOP, State
from webscore import boards

from .test_api import post

NS = "{http://www.w3.org/2000/svg}"
GAME = get_game("galaxy-trucker")
NAMES = ["Ann", "Bo", "Cy", "Di"]
TILE_ID = re.compile(r"^#([0-9]+) ")


def play(seed: int, steps: int, players: int = 4, quit_ok: bool = False,
         until: Callable[[State], bool] | None = None) -> State:
    log = new_log("galaxy-trucker", NAMES[:players], seed)
    state: State = GAME.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "gt-board-test")
    for _ in range(steps):
        if until is not None and until(state):
            break
        actor = GAME.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = GAME.dealt_outcome(state)
            assert event is not None
        else:
            choices = GAME.legal(state) if quit_ok else GAME.playout_choices(state)
            event = rng.choice(choices)
        state = GAME.apply(state, event)
    return state


def summary_of(state: State, *, tile_seed: bool = True) -> dict[str, Any]:
    s = GAME.summary(state)
    if tile_seed and "tile_seed" not in s:
        s["tile_seed"] = state.tile_seed  # what the drawing needs for tile faces
    return s


@pytest.fixture(scope="module")
def midround() -> State:
    """Round 1 of a seeded 4-player game, on a card after some flying: everyone launched."""
    state = play(7, 20)
    assert state.phase in ("card", "gate") and state.round == "1"
    assert all(t.pos is not None for t in state.truckers)
    return state


def root_of(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}title")]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def mini_ships(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}svg") if "ship-mini" in (e.get("class") or "")]


def test_every_rocket_is_on_its_space_and_named(midround: State) -> None:
    s = summary_of(midround)
    s["player_names"] = ["Ann", "Bo", "Cy", "Di"]
    root = root_of(gt.draw(s))
    rockets = [g for g in root.iter(f"{NS}g") if g.get("class") == "rocket"]
    flying = [t for t in midround.truckers if t.active]
    assert len(rockets) == len(flying) >= 1
    names = [g.find(f"{NS}title").text or "" for g in rockets]  # type: ignore[union-attr]
    for seat, t in enumerate(midround.truckers):
        if not t.active:
            continue
        assert t.pos is not None
        assert f"{NAMES[seat]}: space {t.pos % LOOP}" in " | ".join(names)
        x, y, _ = gt.space_xy(t.pos)
        assert f'translate({x:.1f} {y:.1f})' in gt.draw(s)
    labels = texts(root)
    assert "start 0" in labels
    for k in range(5, LOOP, 5):
        assert str(k) in labels  # every fifth space is numbered


def test_spaces_run_clockwise_round_the_loop() -> None:
    points = [gt.space_xy(k) for k in range(LOOP)]
    assert len({(round(x), round(y)) for x, y, _ in points}) == LOOP
    assert points[0][0] == gt.W / 2 and points[0][1] < gt.CY  # the start: top middle
    assert points[10][0] > gt.CX2 and points[30][0] < gt.CX1  # right side, then left side
    assert points[20][1] > gt.CY  # halfway round: the bottom
    steps = [abs(complex(*points[k][:2]) - complex(*points[(k + 1) % LOOP][:2]))
             for k in range(LOOP)]
    assert max(steps) - min(steps) < 1.0  # evenly spaced
    assert gt.space_xy(LOOP + 3) == gt.space_xy(3) and gt.space_xy(-4) == gt.space_xy(36)


def test_each_seat_has_a_chip_with_its_ship_and_the_decider_is_zoomed(midround: State) -> None:
    s = summary_of(midround)
    root = root_of(gt.draw(s))
    chips = [g for g in root.iter(f"{NS}g") if (g.get("class") or "") == "seat"]
    order = [str(i) for i in s["order"]]
    seats = [c.get("data-seat") for c in chips]
    assert seats[:len(order)] == order and sorted(seats) == ["0", "1", "2", "3"]  # leader first
    ships = {e.get("aria-label"): e for e in mini_ships(root)}
    assert len(ships) == 4
    for seat, t in enumerate(midround.truckers):
        assert t.ship is not None
        ship = ships[f"ship of {NAMES[seat]}"]
        drawn = {int(m.group(1)) for m in map(TILE_ID.match, titles(ship)) if m}
        assert drawn == set(t.ship.ids)  # every tile, drawn with its face and description
        assert "outline" not in (ship.get("class") or "")
        chip = next(c for c in chips if c.get("data-seat") == str(seat))
        assert f"{seat + 1} {NAMES[seat]}" in texts(chip)
    # The ship of who decides (else the leader) is drawn large, with its crew and tokens.
    seat = s["decision"]["seat"] if s.get("decision") else s["order"][0]
    t = midround.truckers[seat]
    (focus,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "focus"]
    assert focus.get("data-seat") == str(seat)
    (big,) = [e for e in focus.iter(f"{NS}svg") if "ship-focus" in (e.get("class") or "")]
    assert (big.get("aria-label") or "").startswith(f"ship of {NAMES[seat]}, zoomed")
    drawn = {int(m.group(1)) for m in map(TILE_ID.match, titles(big)) if m}
    assert drawn == set(t.ship.ids)
    head = texts(focus)
    assert NAMES[seat] in head and any(x.endswith(f"{t.credits} cr") for x in head)
    assert any(x.startswith(f"crew {t.crew.total} · batteries {t.tokens}") for x in head)


def test_crew_tokens_and_goods_lie_on_their_tiles() -> None:
    state = play(7, 20)
    t = state.truckers[0]
    assert t.ship is not None
    cabin = next(c for c, _ in t.crew.berths)
    battery = next(p.id for p in t.ship if p.tile.kind.name == "BATTERY")
    hold = next(p.id for p in t.ship if p.tile.kind.name in ("CARGO", "SPECIAL_CARGO"))
    loaded = replace(t, batteries=((battery, 2),), goods=((hold, "RY"),))
    state = state.with_trucker(0, loaded)
    svg = gt.draw(summary_of(state))
    marks = gt.tile_marks(GAME.summary(state)["ships"][0])
    assert set(marks) >= {cabin, battery, hold}
    assert gt.GOODS["R"] in marks[hold] and gt.GOODS["Y"] in marks[hold]
    assert ">2</text>" in marks[battery]
    assert marks[hold] in svg and marks[battery] in svg
    root_of(svg)


def test_without_the_tile_seed_ships_are_squares_and_ids(midround: State) -> None:
    s = summary_of(midround, tile_seed=False)
    s.pop("tile_seed", None)
    root = root_of(gt.draw(s))
    ships = {e.get("aria-label"): e for e in mini_ships(root)}
    assert len(ships) == 4
    crewed = 0
    for seat, t in enumerate(midround.truckers):
        ship = ships[f"ship of {NAMES[seat]}"]
        assert t.ship is not None and "outline" in (ship.get("class") or "")
        assert {f"#{i}" for i in t.ship.ids} <= set(texts(ship))
        cabins = [c for c, berth in t.crew.berths if berth.count]
        badges = [x for x in texts(ship) if x.isdigit() or x in ("B", "P")]
        assert len(badges) >= len(cabins)  # the crew still shows on the squares
        crewed += bool(cabins)
    assert crewed >= 1


def test_the_card_its_stage_the_roll_and_the_decision_are_shown() -> None:
    state = play(7, 2000, until=lambda x: x.round == "2" and x.card is not None
                 and x.ask is not None and x.need is None)
    s = summary_of(state)
    assert s["card"] and s["decision"] and s["round"] == "2"
    labels = texts(root_of(gt.draw(s)))
    assert s["card"]["id"] in labels and s["card"]["title"] in labels
    assert any(x.startswith(f"{s['decision']['name']}: ") for x in labels)
    assert any(x.startswith("Round 2 · card ") for x in labels)
    # a roll awaited and a roll made
    rolled = dict(s, dice=9, decision=None, awaiting="chance", chance="2d6 roll")
    labels = texts(root_of(gt.draw(rolled)))
    assert "9" in labels and "Log the 2d6 roll" in labels


def test_given_up_and_lapped_players_are_marked() -> None:
    state = play(7, 20)
    ts = list(state.truckers)
    lead = max(t.pos or 0 for t in ts)
    # the leader keeps flying; of the others, one gives up and one is lapped
    quits, lapped_seat = sorted((i for i, t in enumerate(ts) if t.active),
                                key=lambda i: -(ts[i].pos or 0))[1:3]
    ts[quits] = replace(ts[quits], out=True)
    ts[lapped_seat] = replace(ts[lapped_seat], pos=lead - LOOP - 1)
    state = replace(state, truckers=tuple(ts))
    s = summary_of(state)
    svg = gt.draw(s)
    root = root_of(svg)
    rockets = [g for g in root.iter(f"{NS}g") if g.get("class") == "rocket"]
    assert len(rockets) == sum(t.active for t in ts)  # no rocket for who gave up
    lapped = [g for g in rockets if "lapped" in (g.find(f"{NS}title").text or "")]  # type: ignore[union-attr]
    assert len(lapped) == 1 and gt.BAD in ET.tostring(lapped[0], encoding="unicode")
    labels = texts(root)
    assert "gave up" in labels and any(x.startswith("lapped ") for x in labels)


def test_the_game_over_names_the_result() -> None:
    state = play(3, 5000, players=2)
    assert state.phase == "over"
    s = summary_of(state)
    root = root_of(gt.draw(s))
    labels = texts(root)
    assert any(x.startswith("Over: ") for x in labels)
    for t in state.truckers:
        assert f"{t.credits} credits" in labels
        assert len(t.history) == len(state.rounds)
    # no ships any more: the big panel lists the pay of every round instead
    blocks = [g for g in root.iter(f"{NS}g") if g.get("class") == "history"]
    assert len(blocks) == 1
    for block in blocks:
        words = " ".join(texts(block))
        assert all(f"round {r}:" in words for r in state.rounds)


def test_while_building_the_boards_wait_empty() -> None:
    state = play(7, 1, players=3)  # the first ship entered, two to come
    assert state.phase == "build"
    root = root_of(gt.draw(summary_of(state)))
    ships = mini_ships(root)
    assert len(ships) == 3
    entered = [e for e in ships if "not entered" not in (e.get("aria-label") or "")]
    assert len(entered) == 1
    assert "Building: enter the ships" in texts(root)
    chips = [texts(g) for g in root.iter(f"{NS}g") if g.get("class") == "chip"]
    assert [c[1] for c in chips] == ["building"] * 3  # nobody on the flight board yet
    assert not [g for g in root.iter(f"{NS}g") if g.get("class") == "rocket"]


def test_every_text_is_escaped(midround: State) -> None:
    evil = copy.deepcopy(summary_of(midround))
    evil["player_names"] = ["<script>alert(1)</script>", "<b>&", "Cy", "Di"]
    evil["card"] = {"id": "<i>", "title": "<img src=x onerror=alert(1)>",
                    "text": "x: <svg onload=1>", "stage": "<u>"}
    evil["decision"] = {"seat": 0, "name": "x", "kind": "<k>", "what": "<w>"}
    evil["ships"][2]["crew"] = "<c>:H 12:<P>"
    evil["ships"][3]["history"] = ["<h>"]
    evil["round"] = "<r>"
    svg = gt.draw(evil)
    root_of(svg)
    for raw in ("<script", "<b>", "<img", "<svg onload", "<u>", "<w>", "<h>", "<r>", "<i>"):
        assert raw not in svg, raw
    assert "&lt;script&gt;" in svg and "&lt;b&gt;&amp;" in svg


def test_nonsense_summaries_still_draw() -> None:
    for summary in (
        {},
        {"ships": "no", "order": 5, "card": [], "decision": "x", "dice": "six"},
        {"ships": [None, {"seat": "x", "pos": "far", "flying": True, "ship": 12,
                          "batteries": [1], "goods": {"x": 3}, "crew": 9}]},
        {"ships": [{"seat": 10**9, "pos": 10**12, "flying": True, "ship": "XL 1@1,1",
                    "board": "XL", "credits": None}], "order": [10**9, "a"],
         "tile_seed": -5, "round_number": 1, "rounds": ["1"]},
        {"ships": [{"seat": 0, "ship": "I 9999@7,7 1@999,1 2@7,7/9", "flying": False}],
         "tile_seed": 7, "decision": {"seat": 7}, "player_names": "Ann"},
        {"ships": [{"seat": 0, "ship": "I 141@7,7 141@7,8", "pos": -3, "flying": True}],
         "tile_seed": 7, "phase": "over", "result": None},
    ):
        svg = gt.draw(summary)
        root_of(svg)


def test_discovered_by_the_tracker(midround: State) -> None:
    assert boards.drawer_for("galaxy-trucker") is gt.draw
    svg = str(boards.render("galaxy-trucker", GAME.summary(midround), ["Zoë", "Yann", "X", "W"],
                            [0, 0, 0, 0]))
    assert "Galaxy Trucker flight board and ships" in svg
    assert 'aria-label="ship of Zoë"' in svg and 'aria-label="ship of W"' in svg


def _board_of(page: str) -> ET.Element:
    start = page.index('<svg xmlns="http://www.w3.org/2000/svg" viewBox')
    depth, i = 0, start
    for m in re.finditer(r"<svg\b|</svg>", page[start:]):
        depth += 1 if m.group(0) == "<svg" else -1
        if depth == 0:
            i = start + m.end()
            break
    return root_of(page[start:i])


@pytest.mark.usefixtures("printed_deal")  # seed 2's cards: someone reaches the end
def test_a_four_player_table_flies_a_whole_round(client: FlaskClient) -> None:
    """A seeded 4-player table on the tracker: every entry picked from the legal list, every
    card and roll by "Roll for us", all 8 cards of round 1 and into round 2; the page shows
    the board on the way."""
    t = client.post("/api/tables", json={
        "game": "galaxy-trucker", "seed": 2, "players": ["Ann", "<b>Bo</b>", "Cy", "Di"],
        "chance": "tracker", "auto_deal": False}).get_json()
    assert "error" not in t, t
    s, rng = t, Rng(5, "gt-table")
    pages_checked, rolls, cards = 0, 0, 0
    for _ in range(600):
        if s["summary"]["round_number"] == 2 or s["finished"]:
            break
        cards = s["summary"]["cards_turned"]
        if s["awaiting"] == "chance":
            assert s["dealt_available"]
            r = post(client, t, "roll", {"seq": s["seq"]})
            rolls += 1
        else:
            pick = rng.choice([e for e in s["legal"] if e != "quit"] or s["legal"])
            r = post(client, t, "events", {"seq": s["seq"], "text": pick})
        assert r.status_code == 201, r.get_json()
        s = r.get_json()
        summary = s["summary"]
        if summary["phase"] == "card" and pages_checked < 2 and summary["card"]:
            page = client.get(f"/t/{t['id']}").get_data(as_text=True)
            root = _board_of(page)
            assert root.get("aria-label") == "Galaxy Trucker flight board and ships"
            rockets = [g for g in root.iter(f"{NS}g") if g.get("class") == "rocket"]
            assert len(rockets) == sum(1 for x in summary["ships"] if x["flying"])
            assert len(mini_ships(root)) == 4
            assert summary["card"]["id"] in texts(root)
            assert "<b>Bo</b>" not in page and "ship of &lt;b&gt;Bo&lt;/b&gt;" in page
            pages_checked += 1
    assert s["summary"]["round_number"] == 2, s["summary"]["now"]
    assert pages_checked == 2 and rolls >= 1 and cards == 8  # the whole round-1 deck
    paid = [x["history"] for x in s["summary"]["ships"]]
    assert all(len(h) == 1 for h in paid)  # round 1 was paid to everyone
    assert any("place 1" in h[0] for h in paid), paid  # someone flew to the end
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    root = _board_of(page)  # round 2 is being built: the big panel shows what round 1 paid
    blocks = [g for g in root.iter(f"{NS}g") if g.get("class") == "history"]
    assert len(blocks) == 1 and "round 1:" in " ".join(texts(blocks[0]))
    chips = [g for g in root.iter(f"{NS}g") if g.get("class") == "seat"]
    assert len(chips) == 4 and all("round 1:" in " ".join(titles(c)) for c in chips)

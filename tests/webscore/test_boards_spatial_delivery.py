"""The Spatial Delivery board drawing: well-formed SVG from real engine summaries, every hex
drawn with its position label, one line per route segment, one mark per station and ship, and
every text escaped."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from pnp.engine import CHANCE, Rng, get_game, new_log
from pnp.games.spatial_delivery import drawing as spatial_delivery
from pnp.games.spatial_delivery.board import HEX_NAMES
from pnp.games.spatial_delivery.events import Pass
from webscore import boards

NS = "{http://www.w3.org/2000/svg}"
GAME = get_game("spatial-delivery")


def summary_after(seed: int, players: int, steps: int) -> dict[str, Any]:
    log = new_log("spatial-delivery", [f"P{i}" for i in range(players)], seed)
    state = GAME.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "board-test")
    for _ in range(steps):
        actor = GAME.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = GAME.dealt_outcome(state)
        else:
            choices = GAME.playout_choices(state)
            busy = [c for c in choices if not isinstance(c, Pass)]
            event = rng.choice(busy if busy and rng.below(5) else choices)
        state = GAME.apply(state, event)
    return GAME.summary(state)


@pytest.fixture(scope="module")
def midgame() -> dict[str, Any]:
    """Three players well into the game: ring 3 laid, routes and stations on the map."""
    s = summary_after(4, 3, 700)
    assert s["round"] >= 3 and s["routes"] and len(s["stations"]) >= 3
    return s


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{NS}text")]


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}title")]


def test_every_hex_is_drawn_with_its_label(midgame: dict[str, Any]) -> None:
    svg = spatial_delivery.draw(midgame)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    polygons = list(root.iter(f"{NS}polygon"))
    assert len(polygons) == 37
    labels = texts(svg)
    for name in HEX_NAMES[1:]:
        assert name in labels, name
    assert "Earth" in labels


def test_routes_stations_and_ships_are_drawn(midgame: dict[str, Any]) -> None:
    svg = spatial_delivery.draw(midgame)
    names = titles(svg)
    assert sum(t.startswith("route ") for t in names) == len(midgame["routes"])
    assert sum(t.startswith("station ") for t in names) == len(midgame["stations"])
    assert sum(t.startswith("ship of seat") for t in names) == 3
    for st in midgame["stations"]:
        assert f"station {st['corner']} of seat {st['owner'] + 1}" in names
        assert spatial_delivery.seat_colour(st["owner"]) in svg
    worlds = [h for h in midgame["hexes"] if h["tile"] == "world"]
    assert len(worlds) == 20
    tokens = [h["score_token"] for h in midgame["hexes"] if h["score_token"]]
    labels = texts(svg)
    assert sum(1 for t in labels if t in {"1", "2", "3"}) >= len(tokens)


def test_the_legend_shows_scores_hands_market_and_tracks(midgame: dict[str, Any]) -> None:
    labels = texts(spatial_delivery.draw(midgame))
    joined = "\n".join(labels)
    for seat, score in enumerate(midgame["scores"]):
        assert f"Seat {seat + 1}: {score} pts" in joined
    order = " → ".join(str(s + 1) for s in midgame["this_turn"])
    assert f"This turn: seats {order}" in labels
    for slot in midgame["market"].values():
        if slot["face_up"]:
            assert slot["face_up"] in labels
    assert f"Fuel depot: {midgame['fuel_depot']} Rocket Fuel cards" in labels


def test_setup_board_shows_unlaid_ring_three() -> None:
    s = summary_after(9, 4, 30)
    svg = spatial_delivery.draw(s)
    assert svg.count('stroke-dasharray="3 3"') == 18  # ring 3 still face down
    ET.fromstring(svg)


def test_finished_game_names_the_winner() -> None:
    s = summary_after(5, 5, 100_000)
    assert s["phase"] == "over"
    labels = texts(spatial_delivery.draw(s))
    assert any(t.startswith("win: Seat") or t.startswith("shared win: Seat") for t in labels)


def test_every_text_is_escaped(midgame: dict[str, Any]) -> None:
    evil = copy.deepcopy(midgame)
    evil["hexes"][5]["hex"] = "<script>alert(1)</script>"
    evil["market"]["Y"]["face_up"] = "<b>&"
    evil["chance"] = ['the <img src=x onerror=alert(1)> tile']
    evil["routes"].append({"border": "<i>", "corners": ["<x>", "EA1A2"]})
    evil["stations"].append({"corner": "<svg onload=1>", "owner": "<o>"})
    evil["ships"][0]["at"] = "<u>"
    svg = spatial_delivery.draw(evil)
    ET.fromstring(svg)
    for raw in ("<script", "<b>", "<img", "<i>", "<svg onload", "<u>"):
        assert raw not in svg
    assert "&lt;script&gt;" in svg and "&lt;b&gt;&amp;" in svg


def test_nonsense_summaries_still_draw() -> None:
    for summary in ({}, {"hexes": [{"hex": "E", "q": "x"}], "scores": [1, 2, 3],
                         "hands": "no", "market": {"Y": None}},
                    {"hexes": [{"hex": "A1", "q": 10**9, "r": 0, "tile": "world",
                                "goods": "Q", "score_token": "<2>"}]}):
        ET.fromstring(spatial_delivery.draw(summary))  # type: ignore[arg-type]


def test_discovered_by_the_tracker(midgame: dict[str, Any]) -> None:
    assert boards.drawer_for("spatial-delivery") is spatial_delivery.draw
    svg = str(boards.render("spatial-delivery", midgame, ["Ann", "Bea", "Cy"], [0, 0, 0]))
    assert "Spatial Delivery board" in svg
    assert ">Ann: " in svg and ">Cy: " in svg  # the legend names the players


def test_a_three_player_table_page_shows_the_hex_map(client: Any) -> None:
    """The tracker hosts a 3-player game: logged moves redraw the SVG galaxy on the page."""
    t = client.post("/api/tables", json={"game": "spatial-delivery", "seed": 5,
                                         "players": ["Ana", "<b>Bo</b>", "Cy"],
                                         "chance": "tracker"}).get_json()
    s, rng = t, Rng(3, "table-test")
    for _ in range(90):
        busy = [e for e in s["legal"] if e != "pass"]
        pick = rng.choice(busy if busy and rng.below(5) else s["legal"])
        s = client.post(f"/api/tables/{t['id']}/events", headers={"X-Table-Token": t["token"]},
                        json={"seq": s["seq"], "text": pick}).get_json()
        assert "error" not in s, s
    summary = s["summary"]
    assert summary["routes"] and summary["stations"]
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    start = page.index('<svg xmlns="http://www.w3.org/2000/svg"')
    board = page[start:page.index("</svg>", start) + len("</svg>")]
    root = ET.fromstring(board)
    assert root.get("aria-label") == "Spatial Delivery board"
    assert len(list(root.iter(f"{NS}polygon"))) == 37
    names = titles(board)
    assert sum(n.startswith("station ") for n in names) == len(summary["stations"])
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page
    assert "&lt;b&gt;Bo&lt;/b&gt;: " in board  # named (and escaped) in the map's legend

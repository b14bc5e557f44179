"""Every tracker page fits every phone: at 360 px wide no page scrolls sideways, no name runs
off a drawn board, every tap
target is at least 24 px, and axe-core finds no critical or serious accessibility violation;
for all five games, the fewest and the most players, with 40-character names, and the table
page in the states a player meets (mid-game, a refusal, a question, a place's list)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import Rng, all_games

from .test_browser import browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NARROW = {"width": 360, "height": 800}
AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
NAME = "Maximiliana Wolkenstein-Oberhausen-Weiß"  # 39 characters, one more is added per seat

TARGETS = """() => [...document.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, summary, a.button')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                 && getComputedStyle(e).visibility !== 'hidden'; })
  .filter(e => { const r = e.getBoundingClientRect(); return r.width < 23.5 || r.height < 23.5; })
  .map(e => `${e.tagName.toLowerCase()}.${e.className} ${e.getAttribute('value') || ''} `
            + `${Math.round(e.getBoundingClientRect().width)}x`
            + `${Math.round(e.getBoundingClientRect().height)}`)"""
CUT_TEXT = """() => [...document.querySelectorAll('svg.board')].flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter(t => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1); })
    .map(t => t.textContent); })"""
AXE_RUN = """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
  .filter(v => v.impact === 'critical' || v.impact === 'serious')
  .map(v => `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes[0].target.join(' ')}`))"""


def api(base: str, path: str, body: dict[str, Any], token: str = "") -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Table-Token"] = token
    req = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                 headers=headers)
    with urllib.request.urlopen(req) as resp:
        data: dict[str, Any] = json.loads(resp.read())
        return data


def check(page: Any, where: str, problems: list[str]) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > NARROW["width"]:
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map(e => e.tagName + '.' + e.className).slice(0, 3)""")
        problems.append(f"{where}: {width} px wide ({wide})")
    cut = page.evaluate(CUT_TEXT)
    if cut:
        problems.append(f"{where}: text runs off the drawn board: {cut[:3]}")
    small = page.evaluate(TARGETS)
    if small:
        problems.append(f"{where}: tap targets under 24 px: {small[:4]}")
    page.evaluate(AXE)
    found = page.evaluate(AXE_RUN)
    if found:
        problems.append(f"{where}: axe: {found}")


def table_states(base: str, page: Any, game: Any, players: int,
                 problems: list[str]) -> None:
    names = [f"{NAME}{i + 1}" for i in range(players)]
    t = api(base, "/api/tables", {"game": game.id, "players": names, "seed": 3,
                                    "chance": "tracker"})
    page.goto(t["join_url"])
    check(page, f"{game.id} x{players} start", problems)
    s, rng = t, Rng(players, "fit")
    for _ in range(12):  # some way into the game, through the API
        if s["finished"]:
            break
        playable = [e for e in s["legal"] if e not in ("X", "quit")] or s["legal"]
        s = api(base, f"/api/tables/{t['id']}/events",
                {"seq": s["seq"], "text": rng.choice(playable)}, t["token"])
    page.goto(f"{base}/t/{t['id']}")
    check(page, f"{game.id} x{players} mid-game", problems)
    if page.locator("button.spot.multi").count():
        page.locator("button.spot.multi").first.click()
        check(page, f"{game.id} x{players} a place's list", problems)
    if page.locator("#live details.typed-box").count():
        page.click("#live details.typed-box summary")
        page.fill("#text", "zz9")
        page.click("#log")
        page.wait_for_selector("#refusal")
        check(page, f"{game.id} x{players} refusal", problems)
    page.goto(f"{base}/t/{t['id']}/finish")
    check(page, f"{game.id} x{players} result", problems)


def test_every_page_fits_a_360px_phone(server: str, browser: Any) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=NARROW)
    page = ctx.new_page()
    problems: list[str] = []
    for path in ("/", "/new", "/sheets/", "/ships/", "/ships/timer", "/no/such/page"):
        page.goto(server + path)
        check(page, path, problems)
    for game in all_games():
        for path in (f"/new?game={game.id}&seed=4", f"/sheets/{game.id}"):
            page.goto(server + path)
            check(page, path, problems)
        for players in sorted({game.min_players, min(game.max_players, 5)}):
            table_states(server, page, game, players, problems)
    # a question before conceding
    t = api(server, "/api/tables", {"game": "galaxy-express", "players": [NAME + "1"],
                                    "seed": 3, "chance": "tracker"})
    page.goto(t["join_url"])
    page.click("#live details.typed-box summary")
    page.fill("#text", "X")
    page.click("#log")
    page.wait_for_selector("#confirm-yes")
    check(page, "galaxy-express concede question", problems)
    ctx.close()
    assert not problems, "\n".join(problems)

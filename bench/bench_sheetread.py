"""The photo reader on simulated phone photos of real played games, per game.

For every game with readable printed sheets (``pnp.sheetread.layout.layouts``): seeded games
are played to their end by the engine (random decisions, ``--sheets`` of them), written on the
kit's own printed page (the page whose form fields are the layout's; the layout drawn alone
when the kit has none) by "hand" (held-out MNIST digits, never trained on, in the comb boxes),
then photographed in simulation (``pnp.sheetread.simulate.random_shot``: tilt up to 25
degrees, turned, uneven light and a shadow, blur, JPEG 60-91, 1536x2048 or 3024x4032) and read
with ``read_photo``.  The person confirms what was asked (with what is written); then the
second look (``pnp.sheetread.confirm.second_look``, as the tracker's confirm page does) may ask
more, and those are confirmed too: "asked" counts both rounds, and a field neither round asked
counts as accepted.  A second set has one real mistake per sheet (a written number off by
1-3); after the person confirms, the check must still report it.

    .venv/bin/python bench/bench_sheetread.py [--sheets 12] [--mistakes 8] [--json out.json]
        [--paper a5] [--ledgers] [--games weird-galaxy,galaxy-trucker]

Figures (per game): the classifier's digit accuracy alone (its first guess for each written
digit), field accuracy of the eye alone and after the rules, the share of fields asked (digit
and tick fields; handwritten text fields are always asked and counted apart), sheets with no
remaining error, wrong values accepted without asking (read or ruled, and wrong: must be 0),
mistakes reported, and the time per photo (wall clock, with the load average, and the
reading process's CPU time, which a shared machine's load inflates less).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from pnp.sheetread import SheetReadError, SheetReading, read_photo
from pnp.sheetread import simulate as sim
from pnp.sheetread.confirm import second_look
from pnp.sheetread.layout import SheetLayout, layouts
from pnp.sheets import check_document, check_sheet, sheet_games

SEED = 7
RECORD_GAMES = ("spatial-delivery", "wormholes")
"""Games whose one played game fills several pages that are read as one record
(``--records``): Spatial Delivery's totals and rounds by cause; the Wormholes record's pages
(with ``--paper a5``, each page's three parts, merged before the check)."""


PAPER = "a4"
"""The kit's paper the photos are of (``--paper a5``: the A5 kit's own layouts)."""


def pages(game_id: str, seed: int, tmp: Path, paper: str = "") -> dict[str, np.ndarray]:
    """Each layout's blank printed page (A4), from the game's kit where it has it; with
    ``--paper a5``, each A5 layout's page of the A5 kit (an A5 kit's pages that are the A4
    design shrunk are left out: their photos are read by the A4 layouts)."""
    paper = paper or PAPER  # ``sheetread_records`` imports this module: it passes the paper
    if paper == "a4":
        return sim.kit_pages(game_id, seed, tmp)
    from pnp.render.kits import build_kit
    from pnp.render.options import KitOptions

    pdfs = [p for p in build_kit(game_id, KitOptions(seed=seed, out=tmp / paper, paper="a5",
                                                     duplex="none", progress=False))
            if p.suffix == ".pdf"]
    out = {}
    for lay in layouts(game_id):
        if lay.layout.endswith(f".{paper}"):
            for pdf in pdfs:
                index = sim.kit_page(pdf, lay)
                if index is not None:
                    out[lay.layout] = sim.page_from_pdf(pdf, index)
                    break
    return out


def page_fields(game_id: str, lay: SheetLayout, fields: dict[str, str]) -> dict[str, str] | None:
    """What a layout's page holds of a played record: the record itself, or for a page that
    continues it (Wormholes' ``record-more``, whose rows are named by their place on the
    page) its first continuation page; None when the game never reached that page."""
    own = set(lay.field_names()) - {lay.seed_field}
    if own & set(fields):
        return fields
    if game_id == "wormholes":
        from pnp.games.wormholes.sheet.pages import split_pages

        pages = split_pages(fields)
        if len(pages) > 1:
            return {**pages[1], "seed": fields.get("seed", "")}
    return None


def _mistake(fields: dict[str, str], lay: SheetLayout, game_id: str,
             rng: np.random.Generator) -> tuple[str, str] | None:
    """A written number changed by 1-3 in a field the check recomputes."""
    report = _check(game_id, lay, fields)
    checked = {str(line["field"]) for line in report["lines"]  # type: ignore[union-attr]
               if isinstance(line, dict)}
    names = [f.name for f in lay.fields if f.kind == "digits" and f.name in checked
             and fields.get(f.name, "").isdigit()]
    if not names:
        return None
    name = names[int(rng.integers(len(names)))]
    old = int(fields[name])
    for _ in range(10):
        new = old + int(rng.choice([-3, -2, -1, 1, 2, 3]))
        if new >= 0 and len(str(new)) <= lay.field(name).max_digits:
            return name, str(new)
    return None


def ledger_fields(game_id: str, seed: int, players: int,
                  stream: str) -> dict[str, str] | None:
    """A seeded Weird Galaxy game stopped at the last state its Space Bucks ledger still fits
    (``--ledgers``): a random playout runs to 300-450 missions, past the worksheet's rows and
    the ledger's 36 a player, so the whole game's sheet leaves the ledger out."""
    from pnp.engine import Rng, get_game, new_log
    from pnp.engine.log import play_log
    from pnp.engine.play import random_playout
    from pnp.games.weird_galaxy import ledger

    game = get_game(game_id)
    log = new_log(game_id, [f"P{i + 1}" for i in range(players)], seed, {"chance": "seeded"})
    _, events = random_playout(game, game.initial_state(log.setup, log.players, log.seed),
                               Rng(seed, stream))
    play = play_log(log.with_events([game.notation(e) for e in events]))
    low, high, best = 2, len(play.states), None
    while low <= high:  # the ledger grows with the game: the longest prefix that has it
        k = (low + high) // 2
        fields = ledger.fields_from_play(play.states[:k], play.events[:k - 1], play.players)
        if fields is not None and "p1_name" in fields:
            low, best = k + 1, fields
        else:
            high = k - 1
    return best


def _check(game_id: str, lay: SheetLayout, fields: dict[str, str]) -> dict[str, object]:
    """The check a page's values get: a ledger page's with its kit's other sheets (the
    reader's ``Document``), any other page its game's sheet check."""
    if lay.layout.startswith("ledger"):
        return check_document(game_id, fields)
    return check_sheet(game_id, fields)


def _plan(game_id: str, lays: list[SheetLayout], n_sheets: int,
          n_mistakes: int, source: Any = None) -> list[tuple[int, SheetLayout, dict[str, str],
                                                            bool]]:
    """Which game goes on which page: the page kinds in turn (a fixed mix: each kind as often
    as the others, among those a played game fills), each photo the next seeded game
    (``stream`` bench/<i>) that fills its page, each game on one page only; the first
    ``n_sheets`` as written, then ``n_mistakes`` with a mistake planted.  Games are played
    until every kind has its share, or ``n_sheets + n_mistakes + 6`` games when some kind is
    never filled (a Weird Galaxy game fills its worksheet, seldom a ledger page)."""
    total = n_sheets + n_mistakes
    share = -(-total // len(lays))
    queues: dict[str, list[tuple[int, dict[str, str]]]] = {lay.layout: [] for lay in lays}
    for i in range(3 * total + 10):
        fields = (source or sim.played_fields)(game_id, SEED, players=4, stream=f"bench/{i}")
        filled = [] if fields is None else [
            (lay, page) for lay in lays
            if (page := page_fields(game_id, lay, fields)) is not None]
        if filled:
            lay, page = min(filled, key=lambda lp: len(queues[lp[0].layout]))
            queues[lay.layout].append((i, page))
        games = sum(len(q) for q in queues.values())
        if games >= total and (all(len(q) >= share for q in queues.values())
                               or i >= total + 6):
            break
    plan: list[tuple[int, SheetLayout, dict[str, str], bool]] = []
    turn = 0
    while len(plan) < total and any(queues.values()):
        lay = lays[turn % len(lays)]
        turn += 1
        if queues[lay.layout]:
            seed_i, page = queues[lay.layout].pop(0)
            plan.append((seed_i, lay, page, len(plan) >= n_sheets))
    return plan


def _tally() -> dict[str, int]:
    return {"photos": 0, "fields": 0, "asked": 0, "wrong": 0, "digits": 0, "digits_right": 0,
            "text_fields": 0, "text_asked": 0}


def bench_game(game_id: str, n_sheets: int, n_mistakes: int, tmp: Path,
               ledgers: bool = False) -> dict[str, Any]:
    """One game's photos; ``ledgers``: Weird Galaxy's ledger pages only, of games stopped
    while their ledger fits (``ledger_fields``)."""
    blank = pages(game_id, SEED, tmp)
    lays = [lay for lay in layouts(game_id) if lay.layout in blank
            and lay.layout.startswith("ledger") == ledgers]
    stats: dict[str, Any] = {"game": game_id, "layouts": [lay.layout for lay in lays],
                             "photos": 0, "digits": 0, "digits_right": 0, "fields": 0,
                             "eye_right": 0, "final_right": 0, "asked": 0, "text_asked": 0,
                             "text_fields": 0, "wrong_accepted": 0, "wrong_examples": [],
                             "clean_sheets": 0, "automatic_sheets": 0, "times": [],
                             "mistakes": 0, "mistakes_reported": 0, "missed": [],
                             "refused": [], "asked_why": {}, "eye_p": [], "cpu": [],
                             "cpu_second": [], "asked_second": 0, "pages": {}, "kinds": {}}
    played = 0
    for i, lay, fields, planted in _plan(game_id, lays, n_sheets, n_mistakes,
                                         ledger_fields if ledgers else None):
        # each photo its own randomness: the same photo whatever the others were
        rng = np.random.default_rng([19, zlib.crc32(game_id.encode()), i, planted])
        mistake = None
        if planted:
            mistake = _mistake(fields, lay, game_id, rng)
            if mistake is None:
                continue
            fields = {**fields, mistake[0]: mistake[1]}
        page = stats["pages"].setdefault(lay.layout, _tally())
        written = sim.write(blank[lay.layout], lay, fields, rng)
        shot = sim.random_shot(rng)
        photo = sim.photograph(written.image, shot, rng)
        start, cpu = time.perf_counter(), time.process_time()
        try:
            reading = read_photo(photo)
        except SheetReadError as exc:
            stats["refused"].append({"error": f"{type(exc).__name__}: {exc}",
                                     "shot": shot.__dict__})
            if os.environ.get("BENCH_KEEP"):
                Path(os.environ["BENCH_KEEP"], f"refused-{game_id}-{i}.jpg").write_bytes(photo)
            continue
        stats["times"].append(time.perf_counter() - start)
        stats["cpu"].append(time.process_time() - cpu)
        stats["photos"] += 1
        page["photos"] += 1
        played += 1
        given = lay.given(sim_code(reading))
        truths = {f.name: given.get(f.name) or _truth(lay.field(f.name).kind, f.name, fields,
                                                      written) for f in reading.fields}
        # the person confirms what was asked (with what is written), then the second look
        confirmed = {f.name: truths[f.name] if f.status == "ask" else f.value
                     for f in reading.fields}
        cpu2 = time.process_time()
        (again,) = second_look([reading], [confirmed])
        stats["cpu_second"].append(time.process_time() - cpu2)
        reading = _asked_again(reading, again)
        wrong_here = 0
        asked_here = 0
        for f in reading.fields:
            box = lay.field(f.name)
            truth = truths[f.name]
            confirmed[f.name] = truth if f.status == "ask" else f.value
            kind = stats["kinds"].setdefault(box.kind, {"fields": 0, "asked": 0})
            kind["fields"] += 1
            kind["asked"] += f.status == "ask"
            if box.kind == "text":
                stats["text_fields"] += 1
                stats["text_asked"] += f.status == "ask"
                page["text_fields"] += 1
                page["text_asked"] += f.status == "ask"
            else:
                stats["fields"] += 1
                page["fields"] += 1
                eye_right = (f.candidates[0][0] if f.candidates else "") == truth
                stats["eye_right"] += eye_right
                if f.candidates and truth:  # how sure the eye was, for the written fields
                    stats["eye_p"].append((round(f.candidates[0][1], 4), bool(eye_right)))
                stats["final_right"] += f.value == truth
                stats["asked"] += f.status == "ask"
                page["asked"] += f.status == "ask"
                asked_here += f.status == "ask"
                if f.status == "ask":
                    eye = (f.candidates[0][0] if f.candidates else "") == truth
                    why = "second look" if f.name in again else _why(f.note)
                    key = f"{'eye right' if eye else 'eye wrong'}: {why}"
                    stats["asked_why"][key] = stats["asked_why"].get(key, 0) + 1
                    if f.name in again:
                        stats["asked_second"] += 1
            if f.status != "ask" and f.value != truth:
                wrong_here += 1
                stats["wrong_examples"].append(
                    {"field": f.name, "read": f.value, "truth": truth, "status": f.status,
                     "candidates": f.candidates[:3], "photo": i, "shot": shot.__dict__})
            for bi, part in enumerate(_parts(reading, f.name)):
                chars = written.digits.get(f.name, ())
                if box.kind in ("digits", "choice") and bi < len(chars) and \
                        chars[bi].isdigit():
                    right = bool(part) and part[0][0] == chars[bi]
                    stats["digits"] += 1
                    stats["digits_right"] += right
                    page["digits"] += 1
                    page["digits_right"] += right
        stats["wrong_accepted"] += wrong_here
        page["wrong"] += wrong_here
        if wrong_here and os.environ.get("BENCH_KEEP"):
            Path(os.environ["BENCH_KEEP"], f"wrong-{game_id}-{i}.jpg").write_bytes(photo)
        stats["clean_sheets"] += wrong_here == 0
        stats["automatic_sheets"] += wrong_here == 0 and asked_here == 0
        if mistake is not None:
            stats["mistakes"] += 1
            report = _check(game_id, lay, confirmed)
            if report["ok"]:
                stats["missed"].append({"field": mistake[0], "written": mistake[1]})
            else:
                stats["mistakes_reported"] += 1
        print(f"{game_id} {lay.layout} #{i}: {reading.to_json()['counts']} "
              f"wrong={wrong_here} {stats['times'][-1]:.2f}s", file=sys.stderr)
    stats["sheets"] = played
    return stats


def _asked_again(reading: SheetReading, again: dict[str, str]) -> SheetReading:
    """The reading with the second look's fields asked (the person is asked them next)."""
    if not again:
        return reading
    fields = tuple(replace(f, status="ask", note=again[f.name]) if f.name in again else f
                   for f in reading.fields)
    return replace(reading, fields=fields)


def _why(note: str) -> str:
    """Why a field was asked, from its note."""
    if "would check out with" in note:
        return "audit (another value checks out)"
    if "may be written: which is it?" in note:
        return "a slip the eye saw nearly as clearly"
    if "the rules cannot tell" in note:
        return "a rival of a sure digit checks out too"
    if "the rules would expect" in note:
        return "the rules expect another value"
    if "too many doubtful" in note:
        return "no time left for the rules"
    if note.startswith("handwriting"):
        return "handwriting"
    if note.startswith("unsure ("):
        return "unsure: " + re.sub(r"\d+|'[^']*'|empty", "N", note[8:note.rindex(")")])
    return "unsure"


_LAST_PARTS: dict[str, Any] = {}


def _parts(reading: Any, name: str) -> tuple[Any, ...]:
    return tuple(_LAST_PARTS.get(name, ()))


def sim_code(reading: Any) -> Any:
    from pnp.sheetread.layout import SheetCode

    return SheetCode(reading.game, reading.layout, reading.version, reading.seed)


def _truth(kind: str, name: str, fields: dict[str, str], written: sim.Written) -> str:
    if kind == "digits":
        chars = written.digits.get(name)
        return "".join(chars) if chars else ""
    if kind == "tick":
        return "x" if name in written.digits else ""
    if kind == "choice":
        return "".join(written.digits.get(name, ()))
    return fields.get(name, "")


def _capture_parts() -> None:
    """Keep each field's per-box options of the last reading (the eye's digit guesses)."""
    from pnp.sheetread import boxes

    original = boxes.read_boxes

    def spy(*args: Any, **kwargs: Any) -> Any:
        drafts = original(*args, **kwargs)
        _LAST_PARTS.clear()
        _LAST_PARTS.update({d.name: d.parts for d in drafts})
        return drafts

    boxes.read_boxes = spy  # type: ignore[assignment]


def summary(s: dict[str, Any]) -> dict[str, Any]:
    times = sorted(s["times"])
    return {
        "game": s["game"], "photos": s["photos"], "refused": s["refused"],
        "digit_accuracy": round(s["digits_right"] / max(1, s["digits"]), 4),
        "digits": s["digits"],
        "field_accuracy_eye": round(s["eye_right"] / max(1, s["fields"]), 4),
        "field_accuracy_after_rules": round(s["final_right"] / max(1, s["fields"]), 4),
        "fields": s["fields"],
        "asked_share": round(s["asked"] / max(1, s["fields"]), 4),
        "asked_second_look": s["asked_second"],
        "text_fields_asked": f"{s['text_asked']}/{s['text_fields']}",
        "asked_why": s["asked_why"],
        "eye_wrong_at": sorted(p for p, ok in s["eye_p"] if not ok)[-8:],
        "eye_right_below": {t: sum(1 for p, ok in s["eye_p"] if ok and p < t)
                            for t in (0.9, 0.95, 0.985, 0.995)},
        "sheets_no_remaining_error": f"{s['clean_sheets']}/{s['photos']}",
        "sheets_fully_automatic": f"{s['automatic_sheets']}/{s['photos']}",
        "wrong_accepted": s["wrong_accepted"],
        "mistakes_reported": f"{s['mistakes_reported']}/{s['mistakes']}",
        "seconds_median": round(statistics.median(times), 2) if times else None,
        "seconds_max": round(times[-1], 2) if times else None,
        "cpu_seconds_median": round(statistics.median(s["cpu"]), 2) if s["cpu"] else None,
        "cpu_seconds_max": round(max(s["cpu"]), 2) if s["cpu"] else None,
        "second_look_cpu_median": (round(statistics.median(s["cpu_second"]), 3)
                                   if s["cpu_second"] else None),
        "second_look_cpu_max": round(max(s["cpu_second"]), 3) if s["cpu_second"] else None,
        "wrong_examples": s["wrong_examples"][:10], "missed": s["missed"],
        "pages": {name: {**t, "asked_share": round(t["asked"] / max(1, t["fields"]), 4),
                         "digit_accuracy": round(t["digits_right"] / max(1, t["digits"]), 4)}
                  for name, t in s["pages"].items()},
        "kinds": {k: {**t, "asked_share": round(t["asked"] / max(1, t["fields"]), 4)}
                  for k, t in s["kinds"].items()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheets", type=int, default=12)
    ap.add_argument("--mistakes", type=int, default=8)
    ap.add_argument("--games", default="")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--digits", choices=["held-out", "validation"], default="held-out",
                    help="validation: write the validation digits, to choose thresholds")
    ap.add_argument("--ledgers", action="store_true",
                    help="Weird Galaxy's ledger pages (games stopped while the ledger fits) "
                         "instead of its worksheet")
    ap.add_argument("--records", type=int, default=0,
                    help="also read this many played games' pages as one record each "
                         "(several photos, as the tracker does), for games of several pages")
    ap.add_argument("--record-mistakes", type=int, default=0,
                    help="and this many more records with a mistake planted on one page")
    ap.add_argument("--weights", type=Path, default=None,
                    help="another classifier weights file (to compare two side by side)")
    ap.add_argument("--paper", choices=["a4", "a5"], default="a4",
                    help="a5: the A5 kit's pages laid out for A5 (games without any skipped)")
    a = ap.parse_args(argv)
    global PAPER
    PAPER = a.paper
    if a.weights is not None:
        from pnp.sheetread import digits

        digits.WEIGHTS = a.weights
    _capture_parts()
    games = [g for g in sheet_games() if layouts(g)]
    if a.games:
        games = [g for g in games if g in a.games.split(",")]
    sim.DIGITS = a.digits
    sim.held_out(a.digits)  # load the digits before timing
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in games:
            if a.sheets or a.mistakes:
                results.append(summary(bench_game(game_id, a.sheets, a.mistakes, Path(tmp),
                                                  a.ledgers and game_id == "weird-galaxy")))
        from sheetread_records import bench_records  # beside this script

        records = [bench_records(g, a.records, Path(tmp), a.record_mistakes, a.paper)
                   for g in games
                   if a.records and g in RECORD_GAMES]
    out = {"load_average": os.getloadavg(), "results": results, "records": records}
    text = json.dumps(out, indent=2, default=str)
    print(text)
    if a.json:
        a.json.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

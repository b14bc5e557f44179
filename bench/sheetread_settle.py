"""The rules' step alone, two versions side by side on the very same photos.

Each photo of ``bench_sheetread.py``'s plan (the same seeded games, pages, held-out digits
and simulated shots) is found and cut apart once (``pnp.sheetread.cut_photo``); then two
processes settle every cut, one with a git revision's reader (``--before``, checked out in a
temporary worktree) and one with this tree's, at the same time on the machine, so the load is
the same for both.  Each then does what the bench does: the person confirms what was asked,
the second look may ask more, and the figures are counted as ``bench_sheetread.py`` counts
them (fields asked, wrong values accepted, sheets with no error, planted mistakes reported),
with the rules' CPU time per photo (``time.thread_time``; the cutting is not in it).

    .venv/bin/python bench/sheetread_settle.py --before main --games weird-galaxy \\
        [--sheets 10] [--mistakes 4] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def cut_all(game_id: str, n_sheets: int, n_mistakes: int, tmp: Path) -> list[dict[str, Any]]:
    """The plan's photos, each cut apart once, with what is written on it."""
    import numpy as np
    from bench_sheetread import SEED, _mistake, _plan, _truth, pages

    from pnp.sheetread import SheetReadError, cut_photo, one_thread
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import layouts

    sim.held_out("held-out")
    blank = pages(game_id, SEED, tmp)
    lays = [lay for lay in layouts(game_id) if lay.layout in blank
            and not lay.layout.startswith("ledger")]
    items = []
    for i, lay, fields, planted in _plan(game_id, lays, n_sheets, n_mistakes):
        rng = np.random.default_rng([19, zlib.crc32(game_id.encode()), i, planted])
        mistake = None
        if planted:
            mistake = _mistake(fields, lay, game_id, rng)
            if mistake is None:
                continue
            fields = {**fields, mistake[0]: mistake[1]}
        written = sim.write(blank[lay.layout], lay, fields, rng)
        photo = sim.photograph(written.image, sim.random_shot(rng), rng)
        try:
            with one_thread():
                cut = cut_photo(photo)
        except SheetReadError:
            continue
        given = lay.given(cut.code)
        truths = {d.name: given.get(d.name) or _truth(lay.field(d.name).kind, d.name, fields,
                                                      written) for d in cut.drafts}
        items.append({"i": i, "game": game_id, "layout": lay.layout, "mistake": mistake,
                      "cut": cut, "truths": truths})
        print(f"{game_id} {lay.layout} #{i} cut", file=sys.stderr)
    return items


def replay(path: Path) -> dict[str, Any]:
    """Settle every cut of ``path`` with the reader this process imports (run in a tree)."""
    from pnp.sheetread import one_thread
    from pnp.sheetread.confirm import second_look
    from pnp.sheets import check_document, check_sheet

    items = pickle.loads(path.read_bytes())
    out: dict[str, Any] = {}
    for it in items:
        game = out.setdefault(it["game"], {"photos": 0, "fields": 0, "asked": 0, "wrong": 0,
                                           "clean": 0, "mistakes": 0, "reported": 0,
                                           "cpu": [], "why": Counter(), "pages": {}})
        cut, truths = it["cut"], it["truths"]
        with one_thread():
            start = time.thread_time()
            reading = cut.settled(cut.spec(), time.perf_counter())
            game["cpu"].append(time.thread_time() - start)
        confirmed = {f.name: truths[f.name] if f.status == "ask" else f.value
                     for f in reading.fields}
        (again,) = second_look([reading], [confirmed])
        page = game["pages"].setdefault(it["layout"], [0, 0])
        wrong = 0
        for f in reading.fields:
            if cut.layout.field(f.name).kind == "text":
                continue
            asked = f.status == "ask" or f.name in again
            game["fields"] += 1
            game["asked"] += asked
            page[0] += 1
            page[1] += asked
            if asked:
                note = "second look" if f.name in again else f.note
                game["why"][note.split(":")[0].split("(")[-1].rstrip(")")] += 1
            elif f.value != truths[f.name]:
                wrong += 1
            confirmed[f.name] = truths[f.name] if asked else f.value
        game["photos"] += 1
        game["wrong"] += wrong
        game["clean"] += wrong == 0
        if it["mistake"] is not None:
            check = check_document if it["layout"].startswith("ledger") else check_sheet
            game["mistakes"] += 1
            game["reported"] += not check(it["game"], confirmed)["ok"]
    return {name: {"photos": g["photos"], "fields": g["fields"],
                   "asked_share": round(g["asked"] / max(1, g["fields"]), 4),
                   "wrong_accepted": g["wrong"], "sheets_no_error": f"{g['clean']}/{g['photos']}",
                   "mistakes_reported": f"{g['reported']}/{g['mistakes']}",
                   "cpu_median": round(statistics.median(g["cpu"]), 3),
                   "cpu_max": round(max(g["cpu"]), 3),
                   "pages": {k: round(v[1] / max(1, v[0]), 4) for k, v in g["pages"].items()},
                   "asked_why": dict(g["why"].most_common(8))} for name, g in out.items()}


def side_by_side(before: str, path: Path) -> dict[str, Any]:
    """Both replays at once: ``before`` in a temporary worktree, this tree beside it."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp, "before")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree),
                        before], check=True)
        try:
            runs = {}
            for side, where in (("before", tree), ("after", ROOT)):
                runs[side] = subprocess.Popen(
                    ["nice", "-n", "5", sys.executable, str(ROOT / "bench" / Path(__file__).name),
                     "--replay", str(path)], cwd=where, stdout=subprocess.PIPE,
                    env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"})
            return {side: json.loads(p.communicate()[0]) for side, p in runs.items()}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="main")
    ap.add_argument("--games", default="weird-galaxy,spatial-delivery")
    ap.add_argument("--sheets", type=int, default=10)
    ap.add_argument("--mistakes", type=int, default=4)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--replay", type=Path, default=None, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.replay is not None:
        print(json.dumps(replay(a.replay)))
        return 0
    import os

    with tempfile.TemporaryDirectory() as tmp:
        items = [it for game in a.games.split(",")
                 for it in cut_all(game, a.sheets, a.mistakes, Path(tmp))]
        cuts = Path(tmp, "cuts.pkl")
        cuts.write_bytes(pickle.dumps(items))
        result = {"load_average": os.getloadavg(), "before": a.before,
                  **side_by_side(a.before, cuts)}
    text = json.dumps(result, indent=2)
    print(text)
    if a.json:
        a.json.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

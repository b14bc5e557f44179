"""Several photos of one played game read as one record (``bench_sheetread.py --records``).

Kept apart from the per-photo benchmark: it reuses that script's pages, fields and truths.
"""

from __future__ import annotations

import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import numpy as np
from bench_sheetread import SEED, _tally, _truth, page_fields, pages, sim_code

from pnp.sheetread import SheetReadError
from pnp.sheetread import simulate as sim
from pnp.sheetread.confirm import second_look
from pnp.sheetread.layout import layouts


def bench_records(game_id: str, n_records: int, tmp: Path) -> dict[str, Any]:
    """Each played game's pages photographed one by one and read as one record, as the
    tracker reads several photos (``pnp.sheetread.record.read_photos``): a page's doubtful
    fields are settled with the other pages as read (Spatial Delivery's rounds by cause add
    up to the totals page's round lines).  The person confirms what was asked, then the
    second look over all pages; the same figures as per photo."""
    from pnp.sheetread.record import read_photos

    blank = pages(game_id, SEED, tmp)
    lays = [lay for lay in layouts(game_id) if lay.layout in blank]
    stats: dict[str, Any] = {"game": game_id, "records": 0, "photos": 0, "fields": 0,
                             "asked": 0, "wrong_accepted": 0, "clean_records": 0, "cpu": [],
                             "pages": {}, "wrong_examples": [], "refused": []}
    for i in range(3 * n_records + 10):
        if stats["records"] >= n_records:
            break
        fields = sim.played_fields(game_id, SEED, players=4, stream=f"bench/{i}")
        shown = [] if fields is None else [
            (lay, page) for lay in lays if (page := page_fields(game_id, lay, fields))]
        if len(shown) < 2:
            continue
        rng = np.random.default_rng([19, zlib.crc32(game_id.encode()), i, 2])
        written = [sim.write(blank[lay.layout], lay, page, rng) for lay, page in shown]
        photos = [sim.photograph(w.image, sim.random_shot(rng), rng) for w in written]
        cpu = time.process_time()
        try:
            record = read_photos(photos)
        except SheetReadError as exc:
            stats["refused"].append(f"{type(exc).__name__}: {exc}")
            continue
        stats["cpu"].append((time.process_time() - cpu) / len(photos))
        truths = []
        for reading in record.pages:
            k = next(j for j, (lay, _p) in enumerate(shown) if lay.layout == reading.layout)
            lay, page = shown[k]
            given = lay.given(sim_code(reading))
            truths.append({f.name: given.get(f.name) or _truth(
                lay.field(f.name).kind, f.name, page, written[k]) for f in reading.fields})
        confirmed = [{f.name: t[f.name] if f.status == "ask" else f.value
                      for f in reading.fields} for reading, t in zip(record.pages, truths,
                                                                      strict=True)]
        again = second_look(list(record.pages), confirmed)
        wrong_here = 0
        for reading, t, more in zip(record.pages, truths, again, strict=True):
            lay = next(lay for lay, _p in shown if lay.layout == reading.layout)
            page = stats["pages"].setdefault(reading.layout, _tally())
            page["photos"] += 1
            for f in reading.fields:
                if lay.field(f.name).kind == "text":
                    continue
                asked = f.status == "ask" or f.name in more
                page["fields"] += 1
                page["asked"] += asked
                if not asked and f.value != t[f.name]:
                    page["wrong"] += 1
                    wrong_here += 1
                    stats["wrong_examples"].append({"field": f.name, "read": f.value,
                                                    "truth": t[f.name], "record": i})
        stats["records"] += 1
        stats["photos"] += len(photos)
        stats["wrong_accepted"] += wrong_here
        stats["clean_records"] += wrong_here == 0
        print(f"{game_id} record #{i}: {[len(p.asked()) for p in record.pages]} asked, "
              f"wrong={wrong_here}", file=sys.stderr)
    stats["fields"] = sum(t["fields"] for t in stats["pages"].values())
    stats["asked"] = sum(t["asked"] for t in stats["pages"].values())
    return {"game": game_id, "records": stats["records"], "photos": stats["photos"],
            "fields": stats["fields"], "asked_share": round(stats["asked"] / max(1, stats[
                "fields"]), 4), "wrong_accepted": stats["wrong_accepted"],
            "records_no_remaining_error": f"{stats['clean_records']}/{stats['records']}",
            "cpu_seconds_a_photo_median": round(statistics.median(stats["cpu"]), 2)
            if stats["cpu"] else None,
            "cpu_seconds_a_photo_max": round(max(stats["cpu"]), 2) if stats["cpu"] else None,
            "pages": {name: {**t, "asked_share": round(t["asked"] / max(1, t["fields"]), 4)}
                      for name, t in stats["pages"].items()},
            "wrong_examples": stats["wrong_examples"][:10], "refused": stats["refused"]}

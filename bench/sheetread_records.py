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
from bench_sheetread import SEED, _mistake, _tally, _truth, page_fields, pages, sim_code

from pnp.sheetread import SheetReadError
from pnp.sheetread import simulate as sim
from pnp.sheetread.confirm import second_look
from pnp.sheetread.layout import layouts


def bench_records(game_id: str, n_records: int, tmp: Path, n_mistakes: int = 0,
                  paper: str = "a4") -> dict[str, Any]:
    """Each played game's pages photographed one by one and read as one record, as the
    tracker reads several photos (``pnp.sheetread.record.read_photos``): a page's doubtful
    fields are settled with the other pages as read (Spatial Delivery's rounds by cause add
    up to the totals page's round lines; the Wormholes record's A5 parts are merged into its
    pages, ``pnp.sheetread.parts``).  The person confirms what was asked, then the second
    look over all pages; the same figures as per photo.  The last ``n_mistakes`` records
    have a mistake planted on one page (a written number off by 1-3): once the person has
    confirmed, the record's one check must still report it."""
    from pnp.sheetread.record import check_read, read_photos

    blank = pages(game_id, SEED, tmp, paper)
    lays = [lay for lay in layouts(game_id) if lay.layout in blank]
    stats: dict[str, Any] = {"game": game_id, "records": 0, "photos": 0, "fields": 0,
                             "asked": 0, "wrong_accepted": 0, "clean_records": 0, "cpu": [],
                             "wall": [], "pages": {}, "wrong_examples": [], "refused": [],
                             "mistakes": 0, "mistakes_reported": 0, "missed": [],
                             "clean_checked_ok": 0}
    total = n_records + n_mistakes
    for i in range(3 * total + 10):
        if stats["records"] >= total:
            break
        fields = sim.played_fields(game_id, SEED, players=4, stream=f"bench/{i}")
        shown = [] if fields is None else _every_page(game_id, fields, [
            (lay, page) for lay in lays if (page := page_fields(game_id, lay, fields))])
        if len(shown) < 2:
            continue
        rng = np.random.default_rng([19, zlib.crc32(game_id.encode()), i, 2])
        mistake = _plant(game_id, shown, rng) if stats["records"] >= n_records else None
        if stats["records"] >= n_records and mistake is None:
            continue
        if mistake is not None:
            k, name, value = mistake
            shown[k] = (shown[k][0], {**shown[k][1], name: value})
        written = [sim.write(blank[lay.layout], lay, page, rng) for lay, page in shown]
        photos = [sim.photograph(w.image, sim.random_shot(rng), rng) for w in written]
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            record = read_photos(photos)
        except SheetReadError as exc:
            stats["refused"].append(f"{type(exc).__name__}: {exc}")
            continue
        stats["cpu"].append((time.process_time() - cpu) / len(photos))
        stats["wall"].append((time.perf_counter() - wall) / len(photos))
        truths = []
        for reading, k in zip(record.pages, record.photos, strict=True):  # the photo's page
            lay, page = shown[k]
            given = lay.given(sim_code(reading))
            truths.append({f.name: given.get(f.name) or _truth(
                lay.field(f.name).kind, f.name, page, written[k]) for f in reading.fields})
        confirmed = [{f.name: t[f.name] if f.status == "ask" else f.value
                      for f in reading.fields} for reading, t in zip(record.pages, truths,
                                                                      strict=True)]
        again = second_look(list(record.pages), confirmed)
        wrong_here = 0
        for reading, t, more, final in zip(record.pages, truths, again, confirmed, strict=True):
            lay = next(lay for lay, _p in shown if lay.layout == reading.layout)
            page = stats["pages"].setdefault(reading.layout, _tally())
            page["photos"] += 1
            final.update({name: t[name] for name in more})  # the person answers them too
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
        ok = bool(check_read(game_id, confirmed, by_page=True)["ok"])
        if mistake is None:
            stats["clean_checked_ok"] += ok
        else:
            stats["mistakes"] += 1
            stats["mistakes_reported"] += not ok
            if ok:
                stats["missed"].append({"record": i, "field": mistake[1], "written": mistake[2]})
        print(f"{game_id} record #{i}: {[len(p.asked()) for p in record.pages]} asked, "
              f"wrong={wrong_here}", file=sys.stderr)
    stats["fields"] = sum(t["fields"] for t in stats["pages"].values())
    stats["asked"] = sum(t["asked"] for t in stats["pages"].values())
    clean = stats["records"] - stats["mistakes"]
    return {"game": game_id, "records": stats["records"], "photos": stats["photos"],
            "fields": stats["fields"], "asked_share": round(stats["asked"] / max(1, stats[
                "fields"]), 4), "wrong_accepted": stats["wrong_accepted"],
            "records_no_remaining_error": f"{stats['clean_records']}/{stats['records']}",
            "clean_records_checked_ok": f"{stats['clean_checked_ok']}/{clean}",
            "mistakes_reported": f"{stats['mistakes_reported']}/{stats['mistakes']}",
            "missed": stats["missed"],
            "wall_seconds_a_photo_median": round(statistics.median(stats["wall"]), 2)
            if stats["wall"] else None,
            "cpu_seconds_a_photo_median": round(statistics.median(stats["cpu"]), 2)
            if stats["cpu"] else None,
            "cpu_seconds_a_photo_max": round(max(stats["cpu"]), 2) if stats["cpu"] else None,
            "pages": {name: {**t, "asked_share": round(t["asked"] / max(1, t["fields"]), 4)}
                      for name, t in stats["pages"].items()},
            "wrong_examples": stats["wrong_examples"][:10], "refused": stats["refused"]}


def _plant(game_id: str, shown: list[tuple[Any, dict[str, str]]], rng: np.random.Generator
           ) -> tuple[int, str, str] | None:
    """A mistake on one of the record's pages: (page index, field, value written), a number
    the page's comb can hold (a Wormholes value is 0-5)."""
    from pnp.sheets import check_sheet

    for _ in range(20):
        k = int(rng.integers(len(shown)))
        lay, page = shown[k]
        found = _mistake(page, lay, game_id, rng)
        # a number its boxes can hold, and one the check sees typed (a Wormholes value first
        # seen when its coin turns over cannot be known wrong)
        if found is not None and all(ch in lay.field(found[0]).alphabet for ch in found[1]) \
                and not check_sheet(game_id, {**page, found[0]: found[1]})["ok"]:
            return k, found[0], found[1]
    return None


def _every_page(game_id: str, fields: dict[str, str], shown: list[tuple[Any, dict[str, str]]]
                ) -> list[tuple[Any, dict[str, str]]]:
    """Every page the game fills: a Wormholes record's continuation page (or its A5 parts,
    which ``page_fields`` gives the first continuation page) once for each page number."""
    if game_id != "wormholes":
        return shown
    from pnp.games.wormholes.sheet.pages import split_pages

    more = split_pages(fields)[1:]
    out = [(lay, page) for lay, page in shown if "page" not in lay.field_names()]
    for number in more:
        out += [(lay, {**number, "seed": fields.get("seed", "")}) for lay, _p in shown
                if "page" in lay.field_names()]
    return out

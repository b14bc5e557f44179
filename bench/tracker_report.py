"""The tracker benchmark's figures: where the writes' time went in the server, and the
Markdown tables of bench/README.md (``bench/run.py`` uses them too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def timing_summary(directory: Path, since: float) -> dict[str, dict[str, float]]:
    """Where the writes' time went in the server (bench/gunicorn_timing.py): the mean over
    all writes, and over the slowest 1 %."""
    recs = []
    for f in directory.glob("*.jsonl"):
        for line in f.read_text().splitlines():
            d = json.loads(line)
            if d.get("end", 0) >= since and d.get("path") == "events":
                recs.append(d)
    recs.sort(key=lambda d: d["worker"])
    keys = ["worker", "load", "engine", "store", "lock", "sql", "commit", "view", "connects"]

    def mean(sel: list[dict[str, Any]]) -> dict[str, float]:
        m = {k: sum(d.get(k, 0.0) for d in sel) / max(1, len(sel)) for k in keys}
        m["other"] = m["worker"] - m["load"] - m["engine"] - m["store"] - m["view"]
        m["n"] = len(sel)
        led = [d for d in sel if "batch_n" in d]
        if led:  # SQLite group commit: per commit, the writes it carried and its duration
            m["batch_n"] = sum(d["batch_n"] for d in led) / len(led)
            m["batch_ms"] = sum(d["batch_ms"] for d in led) / len(led)
        return m

    return {"all": mean(recs), "slowest 1%": mean(recs[int(len(recs) * 0.99):])}



def gc_summary(directory: Path, start: float, end: float, writes: int
               ) -> dict[str, dict[str, float]]:
    """The workers' garbage collections between ``start`` and ``end`` (bench/gunicorn_timing.py,
    ``BENCH_GC_DIR``), per generation: how many and their pause (wall ms) per 1,000 writes,
    the longest pause, and the collecting thread's CPU ms per 1,000 writes."""
    out: dict[str, dict[str, float]] = {}
    per = 1000 / max(1, writes)
    for f in directory.glob("*.gc"):
        for line in f.read_text().splitlines():
            at, gen, wall, cpu = line.split()
            if not start <= float(at) <= end:
                continue
            g = out.setdefault(f"gen{gen}", {"n": 0.0, "ms": 0.0, "longest_ms": 0.0,
                                             "cpu_ms": 0.0})
            g["n"] += per
            g["ms"] += float(wall) * per
            g["cpu_ms"] += float(cpu) * per
            g["longest_ms"] = max(g["longest_ms"], float(wall))
    return dict(sorted(out.items()))


def slowest_in_gc(directory: Path, loop: Any, warm: float, least_ms: float = 5.0
                  ) -> dict[str, float]:
    """Of the slowest 1 % of the requests sent after the warm-up, how many were under way
    while a worker was paused in a garbage collection of ``least_ms`` or more (full ones,
    and young ones; any worker: with random routing the request's own is not known)."""
    pauses: list[tuple[float, float, int]] = []
    for f in directory.glob("*.gc"):
        for line in f.read_text().splitlines():
            at, gen, wall, _ = line.split()
            if float(wall) >= least_ms:
                pauses.append((float(at) - float(wall) / 1000, float(at), int(gen)))
    sends = sorted(((ms, loop.wall0 + at) for at, ms in loop.sent if at >= warm),
                   reverse=True)
    slow = sends[:max(1, len(sends) // 100)]
    full = young = 0
    for ms, began in slow:
        gens = {g for a, b, g in pauses if a < began + ms / 1000 and b > began}
        full += 2 in gens
        young += bool(gens) and 2 not in gens
    return {"slowest": len(slow), "during_full_gc": full, "during_young_gc": young,
            "fastest_of_them_ms": round(slow[-1][0], 1) if slow else 0.0}


def _load(run: dict[str, Any]) -> str:
    la = run.get("loadavg") or [run.get("loadavg_1min", float("nan"))] * 3
    return " ".join(f"{x:.1f}" for x in la)


def markdown(data: dict[str, Any]) -> str:
    """The figures as the Markdown tables of bench/README.md (bench/run.py uses it too)."""
    out = []
    for name, sql in data.get("statements", {}).items():
        out += [f"SQL statements per request ({name}): " + "; ".join(
            f"{what} {len(stmts)}" for what, stmts in sql.items()
            if not what.endswith("_median")), ""]
        for key in ("cpu_ms_median", "wall_ms_median"):
            if key in sql:
                out += [f"In process ({name}), {key}: " + " / ".join(
                    f"row {r}: {v:.2f}" for r, v in sql[key].items()), ""]
    opened = data.get("open", [])
    if any("row_costs" in r for r in opened):
        out += ["| database | instances | server | game | write ms at row 1 | row 100 | "
                "row 1,000 |", "|---|--:|---|---|--:|--:|--:|"]
        for r in opened:
            for game, costs in r.get("row_costs", {}).items():
                c = {str(k): v for k, v in costs.items()}  # int keys, or str from JSON
                figs = " | ".join(f"{c[k]['median_ms']:.1f}" if k in c else "-"
                                  for k in ("1", "100", "1000"))
                out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                           f"{game} | {figs} |")
        out.append("")
    if opened:
        out += ["| database | instances | server | tables (1 entry / 5 s each) | entries/s | "
                "p50 ms | p99 ms | load average (1, 5, 15 min) |",
                "|---|--:|---|--:|--:|--:|--:|---|"]
        for r in opened:
            for run in r["open_loop"]:
                out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                           f"{run['tables']:,} | {run['rps']:.0f} | {run['p50_ms']:.1f} | "
                           f"**{run['p99_ms']:.1f}** | {_load(run)} |")
            for h in r["healthz"] if isinstance(r["healthz"], list) else [r["healthz"]]:
                out.append(f"| {r['db']} | {r['instances']} | `/healthz` | "
                           f"{h['tables']:,} phones | {h['rps']:.0f} | {h['p50_ms']:.1f} | "
                           f"{h['p99_ms']:.1f} | {_load(h)} |")
        out += ["", "Most tables at p99 < 50 ms: " + "; ".join(
            f"{r['db']} x{r['instances']} {r.get('variant', '')}: "
            f"{r['max_tables_p99_under_50ms']:,}" for r in opened), ""]
        timed = [(r, run) for r in opened for run in r["open_loop"] if "server_ms" in run]
        if timed:
            keys = ["worker", "load", "engine", "store", "lock", "sql", "commit", "view",
                    "other", "batch_n", "batch_ms", "connects"]
            out += ["Where a write's time goes in the server, ms (mean; `worker` is the whole "
                    "request in the app, the client's latency minus it is the time queued; "
                    "SQLite: `batch_n` writes per commit, `batch_ms` from the writer lock to "
                    "the end of the COMMIT; `connects`: new database connections a write opened):",
                    "", "| database | instances | server | tables | writes | " +
                    " | ".join(keys) + " |", "|---|--:|---|--:|---|" + "--:|" * len(keys)]
            for r, run in timed:
                for what, m in run["server_ms"].items():
                    out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                               f"{run['tables']:,} | {what} ({int(m['n'])}) | " +
                               " | ".join(f"{m[k]:.1f}" if k in m else "-" for k in keys)
                               + " |")
            out.append("")
    if data.get("rows"):
        out += ["| database | server | connections | entries/s | p50 ms | p99 ms | "
                "/healthz req/s | p50 ms | p99 ms | entries/healthz | non-2xx | acknowledged "
                "| stored | load average |",
                "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
        for r in data["rows"]:
            m, h = r["moves"], r["healthz"]
            bad = m["status_errors"] + m["timeouts"] + m["read_errors"] + m["connect_errors"]
            la = r.get("loadavg") or [r.get("loadavg_1min", float("nan"))] * 3
            out.append(f"| {r['db']} | {r.get('variant', '')} | {r['tables']} | "
                       f"{m['rps']:.0f} | {m['p50_us'] / 1000:.1f} | {m['p99_us'] / 1000:.1f}"
                       f" | {h['rps']:.0f} | {h['p50_us'] / 1000:.1f} | "
                       f"{h['p99_us'] / 1000:.1f} | **{m['rps'] / h['rps']:.0%}** | {bad} | "
                       f"{m['moves']} | {m.get('stored', '-')} | "
                       + " ".join(f"{x:.1f}" for x in la) + " |")
    out.append("")
    out.append(f"Load average at the start {' '.join(f'{x:.1f}' for x in data['loadavg_start'])}"
               f", at the end {' '.join(f'{x:.1f}' for x in data.get('loadavg_end', []))}; "
               f"{data.get('minutes', 0):.1f} minutes.")
    return "\n".join(out)


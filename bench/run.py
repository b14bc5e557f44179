"""Run every benchmark, one after the other, and write the figures as JSON and Markdown.

    eval "$(bash .ci/services)"        # optional: PostgreSQL for the tracker benchmark
    .venv/bin/python bench/run.py [--quick] [--out bench/results]

Kits (bench_kits.py), rules engines (bench_engines.py) and the tracker under load
(bench_tracker.py, needs ``wrk``) each compare against a yardstick measured in the same run;
the photo reader (bench_sheetread.py) is measured on simulated photos of played games;
the Markdown tables in ``OUT/figures.md`` are the ones bench/README.md shows.  About 20
minutes on two busy cores, most of it the tracker's load (``--quick`` runs fewer rounds).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run(script: str, args: list[str]) -> int:
    print(f"\n== {script} {' '.join(args)}", flush=True)
    start = time.perf_counter()
    code = subprocess.call([sys.executable, str(HERE / script), *args], cwd=HERE.parent)
    print(f"== {script}: exit {code}, {time.perf_counter() - start:.0f} s", flush=True)
    return code


def kits_md(data: dict[str, Any]) -> str:
    load = " ".join(f"{x:.2f}" for x in data["loadavg"])
    out = [f"CPU time, median of {data['repeat']} interleaved rounds, load average {load}", "",
           "| kit | paper | files | pages | kit s | replay s | x replay | fresh process CPU s "
           "| same bytes |", "|---|---|--:|--:|--:|--:|--:|--:|:-:|"]
    for r in data["rows"]:
        out.append(f"| {r['kit']} | {r['paper']} | {r['files']} | {r['pages']} | "
                   f"{r['kit_s']:.3f} | {r['replay_s']:.3f} | {r['ratio']:.2f} | "
                   f"{r['fresh_cpu_s']:.2f} | {'yes' if r['same_bytes'] else 'NO'} |")
    return "\n".join(out)


def engines_md(data: dict[str, Any]) -> str:
    load = " ".join(f"{x:.2f}" for x in data["loadavg"])
    ch = data["chess"]
    out = [f"CPU time, median of {data['rounds']} interleaved rounds, load average {load}", "",
           "| engine | events | replay events/s | x push_uci | playout events/s | x chess |",
           "|---|--:|--:|--:|--:|--:|",
           f"| python-chess | {ch['moves']:,} | {ch['replay_per_s']:,.0f} | 1.00 | "
           f"{ch['playout_per_s']:,.0f} | 1.00 |"]
    for gid, f in data["games"].items():
        out.append(f"| {gid} | {f['events']:,} | {f['replay_per_s']:,.0f} | "
                   f"{f['replay_ratio']:.2f} | {f['playout_per_s']:,.0f} | "
                   f"{f['playout_ratio']:.2f} |")
    if "growth" in data:
        out += ["", "| engine | replay us/event at 100 / 1,000 / 10,000 events | "
                "legal() us per legal event, by legal-list size | legal() us per call (per "
                "legal event), by events played before the position |", "|---|---|---|---|"]
        for gid, g in data["growth"].items():
            reps = " / ".join(f"{r['us_per_event']:.1f}" for r in g["replay"])
            legal = ", ".join(f"{r['legal_events']}: {r['us_per_legal_event']:.1f}"
                              for r in g["legal"])
            depth = ", ".join(f"{r['legal_events']}: {r['us_per_call']:.0f} "
                              f"({r['us_per_legal_event']:.1f})"
                              for r in g.get("legal_by_depth", []))
            out.append(f"| {gid} | {reps} | {legal} | {depth} |")
    return "\n".join(out)


def tracker_md(data: dict[str, Any]) -> str:
    from tracker_report import markdown

    return markdown(data)


def sheetread_md(data: dict[str, Any]) -> str:
    load = ", ".join(f"{x:.1f}" for x in data["load_average"])
    out = [f"Load average {load}.", "",
           "| game | photos | refused | digits right | fields right, eye | fields right, "
           "after rules | asked | text asked | sheets without error | nothing asked | "
           "wrong accepted | mistakes reported | s/photo (median, max) |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in data["results"]:
        out.append(f"| {r['game']} | {r['photos']} | {len(r['refused'])} | "
                   f"{r['digit_accuracy']:.1%} of {r['digits']} | "
                   f"{r['field_accuracy_eye']:.1%} | {r['field_accuracy_after_rules']:.1%} "
                   f"of {r['fields']} | {r['asked_share']:.1%} | {r['text_fields_asked']} | "
                   f"{r['sheets_no_remaining_error']} | {r['sheets_fully_automatic']} | "
                   f"{r['wrong_accepted']} | {r['mistakes_reported']} | "
                   f"{r['seconds_median']}, {r['seconds_max']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "results")
    ap.add_argument("--quick", action="store_true", help="shorter runs (noisier figures)")
    ap.add_argument("--skip", default="",
                    help="comma separated: kits,engines,tracker,sheetread")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    skip = set(a.skip.split(","))
    codes = {}
    if "kits" not in skip:
        codes["kits"] = run("bench_kits.py", ["--repeat", "3" if a.quick else "5",
                                              "--json", str(a.out / "kits.json")])
    if "engines" not in skip:
        codes["engines"] = run("bench_engines.py", ["--rounds", "3" if a.quick else "5",
                                                    "--growth",
                                                    "--json", str(a.out / "engines.json")])
    if "tracker" not in skip:
        codes["tracker"] = run("bench_tracker.py", ["--seconds", "8" if a.quick else "15",
                                                    "--json", str(a.out / "tracker.json")])
    if "sheetread" not in skip:
        codes["sheetread"] = run("bench_sheetread.py", [
            "--sheets", "8" if a.quick else "32", "--mistakes", "4" if a.quick else "16",
            "--json", str(a.out / "sheetread.json")])
    parts = [f"Python {platform.python_version()}, {platform.machine()}, "
             f"{time.strftime('%Y-%m-%d')}"]
    for name, render in (("kits", kits_md), ("engines", engines_md), ("tracker", tracker_md),
                         ("sheetread", sheetread_md)):
        path = a.out / f"{name}.json"
        if name in codes and path.exists():
            parts.append(f"### {name}\n\n{render(json.loads(path.read_text()))}")
    md = "\n\n".join(parts) + "\n"
    (a.out / "figures.md").write_text(md)
    print("\n" + md)
    failed = [k for k, c in codes.items() if c != 0]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

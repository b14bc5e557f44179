"""Kit printing speed: seconds per kit and per page, for each kit and paper size.

Every kit ``pnp.render.kits.kit_ids()`` lists is measured (a game's kit is picked
up without touching this file).  Each kit is timed against a baseline measured in the same
run: a bare ReportLab canvas that writes the same number of pages (one line of text each) to a
file of the same paper size.  The ratio kit/baseline per page is the figure to compare across
machines.

    .venv/bin/python bench/bench_kits.py [--repeat 3] [--papers a4,letter] [--kits a,b]
                                         [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.render.geometry import paper_size
from pnp.render.kits import build_kit, kit_ids
from pnp.render.options import KitOptions

PAPERS = ("a4", "letter")


def baseline(pages: int, paper: str, target: Path) -> float:
    start = time.perf_counter()
    c = Canvas(str(target), pagesize=paper_size(paper), invariant=1)
    for n in range(pages):
        c.drawString(72, 72, f"page {n + 1}")
        c.showPage()
    c.save()
    return time.perf_counter() - start


def bench_kit(kit: str, paper: str, repeat: int, tmp: Path) -> dict[str, Any]:
    kit_times, base_times = [], []
    pages = 0
    files = 0
    for r in range(repeat):
        out = tmp / f"{kit}-{paper}-{r}"
        start = time.perf_counter()
        paths = build_kit(kit, KitOptions(seed=7, paper=paper, out=out))  # type: ignore[arg-type]
        kit_times.append(time.perf_counter() - start)
        pages = sum(len(PdfReader(p).pages) for p in paths)
        files = len(paths)
        base_times.append(baseline(pages, paper, tmp / f"base-{kit}-{paper}-{r}.pdf"))
    kit_s = statistics.median(kit_times)
    base_s = statistics.median(base_times)
    return {"kit": kit, "paper": paper, "files": files, "pages": pages,
            "kit_s": kit_s, "kit_ms_per_page": 1000 * kit_s / pages,
            "baseline_ms_per_page": 1000 * base_s / pages,
            "ratio": kit_s / base_s if base_s else float("inf")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--papers", default=",".join(PAPERS), help="e.g. a4,letter,a5")
    ap.add_argument("--kits", default="", help="only these kits (default: every kit)")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    kits = [k for k in a.kits.split(",") if k] or kit_ids()
    papers = [p for p in a.papers.split(",") if p]
    rows = []
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for kit in kits:
            for paper in papers:
                try:
                    rows.append(bench_kit(kit, paper, a.repeat, Path(tmp)))
                except Exception as exc:  # a kit being written may break: say so, go on
                    failed.append(f"{kit} {paper}: {type(exc).__name__}: {exc}")
                    print(f"FAILED {failed[-1]}", file=sys.stderr)
    print(f"python {platform.python_version()} on {platform.machine()}, median of {a.repeat}")
    print(f"{'kit':16} {'paper':6} {'pages':>5} {'kit s':>7} {'ms/page':>8} "
          f"{'base ms/page':>12} {'x base':>7}")
    for r in rows:
        print(f"{r['kit']:16} {r['paper']:6} {r['pages']:5d} {r['kit_s']:7.3f} "
              f"{r['kit_ms_per_page']:8.1f} {r['baseline_ms_per_page']:12.2f} {r['ratio']:7.1f}")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

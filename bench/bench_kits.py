"""Kit printing cost against its fair yardstick, and a fresh `pnp kit` process's CPU time.

Every kit ``pnp.render.kits.kit_ids()`` lists is measured (a game's kit is picked up without
touching this file), seed 7, default options.  The yardstick is the kit's own
drawing: every ReportLab call the kit made, recorded once and replayed on a bare canvas with
the same constructor arguments, fonts, compression, metadata and form fields
(``canvas_replay.py``); the replay must write the very same bytes, which is checked.  So
"x replay" is what the kit's own code (planning, layout, the game engine it asks) costs on top
of drawing the same PDF.  Before each kit run the caches the kit fills (``functools`` caches in
``pnp`` that the replay does not use) are emptied, so a warm run does the work a fresh one
does, not less.  Measurements are interleaved (kit, replay, fresh process, next kit,
...; the order alternates each round) and in CPU time (``time.process_time``; children's
``getrusage`` for the fresh process), medians of ``--repeat`` rounds, so a busy shared machine
slows both sides of a ratio alike.

``--instructions`` counts instructions instead (valgrind; minutes, not seconds): the same
warm kit and replay, in one child process under callgrind that records the kit once and
then counts only inside the two jobs (each run in ``sys.call_tracing``, each counted in a
dump of its own), and the whole fresh ``pnp kit`` process and ``python -c pass`` under
cachegrind.  The counts do not move with the machine's load, so a ratio a few per cent
from a target can be judged; they are no time (a busy machine runs fewer instructions a
second).

    .venv/bin/python bench/bench_kits.py [--repeat 5] [--papers a4,letter] [--kits a,b]
                                         [--instructions] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from canvas_replay import Recording, recording, replay

from pnp.render.kits import build_kit, kit_ids, without_cyclic_gc
from pnp.render.options import KitOptions

PAPERS = ("a4", "letter")
ROOT = Path(__file__).resolve().parent.parent


def _options(paper: str, out: Path) -> KitOptions:
    return KitOptions(seed=7, paper=paper, out=out)  # type: ignore[arg-type]


SHARED_CACHES = ("pnp.render.forms", "pnp.render.fontcache", "pnp.render.fonts")
"""Modules whose caches the replay uses too (form fields, font tables): kept warm for both."""


def _kit_caches() -> list[Any]:
    """Every ``functools`` cache in ``pnp`` the replay does not share: what the kit's engine
    and layout code remember (parsed steps, routes, QR matrices, sheet layouts)."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("pnp.") or name in SHARED_CACHES:
            continue
        for value in list(vars(module).values()):
            owners = [value, *vars(value).values()] if isinstance(value, type) else [value]
            for obj in owners:
                if (callable(getattr(obj, "cache_clear", None))
                        and getattr(obj, "__module__", name) == name):
                    found.append(obj)
    return found


def run_kit(kit: str, paper: str, out: Path) -> tuple[float, list[Path]]:
    """A warm kit's CPU seconds, with the caches the kit fills emptied first: a new `pnp kit`
    starts with them empty, and a kit built again in this process would otherwise find the
    last build's answers (a butted sheet's marks, its QR codes, the engine's routes)."""
    for cache in _kit_caches():
        cache.cache_clear()
    start = time.process_time()
    paths = build_kit(kit, _options(paper, out))
    return time.process_time() - start, paths


def run_replay(rec: Recording, out: Path) -> tuple[float, list[Path]]:
    out.mkdir(parents=True, exist_ok=True)
    targets = [out / Path(args[0]).name for args, _, _ in rec.canvases]
    start = time.process_time()
    with without_cyclic_gc():  # as the kit is built (kits.build_kit)
        for (args, kwargs, calls), target in zip(rec.canvases, targets, strict=True):
            replay(args, kwargs, calls, str(target))
    return time.process_time() - start, targets


def run_fresh(kit: str, paper: str, out: Path) -> float:
    """CPU seconds (user + system) of a whole `pnp kit` process, start-up included.

    The child may write bytecode caches (an installed package has them; a process that
    compiles every module first measures the compiler), and one untimed run writes them."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "kit", kit, "--seed", "7",
                           "--paper", paper, "--out", str(out), "--quiet"], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:  # (a warning on stderr, e.g. the localhost QR address, is fine)
        raise RuntimeError(f"pnp kit {kit} failed: {done.stderr.strip()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _valgrind(tool: list[str], cmd: list[str]) -> str:
    """Run a command under valgrind (``PYTHONHASHSEED=0``: the same count each run; bytecode
    caches may be written, as for ``run_fresh``); valgrind's report."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    done = subprocess.run(["valgrind", *tool, *cmd], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"valgrind {' '.join(cmd[:4])}... failed: {done.stderr[-500:]}")
    return done.stderr


def instructions_of_jobs(kit: str, paper: str, out: Path) -> tuple[int, int]:
    """Instructions of one warm kit and of its replay, in one child under callgrind that
    records the kit first (uncounted), then counts each job in a dump of its own (the dump
    is written as ``sys.call_tracing`` returns: ``cg.out.1`` the kit, ``cg.out.2`` the
    replay)."""
    out.mkdir(parents=True, exist_ok=True)
    dumps = out / "cg.out"
    _valgrind(["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=sys_call_tracing",
               "--dump-after=sys_call_tracing", "--dump-instr=no",
               f"--callgrind-out-file={dumps}"],
              [sys.executable, __file__, "--job", "both", kit, paper, str(out)])
    counts = []
    for part in (1, 2):
        found = re.search(r"^summary:\s*(\d+)", Path(f"{dumps}.{part}").read_text(), re.M)
        if not found:
            raise RuntimeError(f"no count in callgrind's dump {dumps}.{part}")
        counts.append(int(found.group(1)))
    return counts[0], counts[1]


def instructions_fresh(cmd: list[str]) -> int:
    """Instructions of a whole process (start-up and imports included)."""
    report = _valgrind(["--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null"], [sys.executable, *cmd])
    found = re.search(r"I\s+refs\s*:\s*([\d,]+)", report)
    if not found:
        raise RuntimeError(f"no count in cachegrind's report: {report[-500:]}")
    return int(found.group(1).replace(",", ""))


def _job(kit: str, paper: str, out: Path) -> None:
    """The child of ``instructions_of_jobs``: record the kit (warming it as the timed runs
    are warmed), then run the kit and the replay, each inside ``sys.call_tracing``, which
    callgrind counts."""
    with recording() as rec:
        run_kit(kit, paper, out / "rec")
    sys.call_tracing(run_kit, (kit, paper, out / "kit"))
    sys.call_tracing(run_replay, (rec, out / "replay"))


def count_instructions(cases: list[tuple[str, str]], tmp: Path) -> list[dict[str, Any]]:
    """Every case's warm kit, replay and fresh process in instructions, and the yardstick of a
    bare interpreter (``python -c pass``); the kit and replay must write the same bytes."""
    bare = instructions_fresh(["-c", "pass"])
    rows = []
    for kit, paper in cases:
        out = tmp / f"instr-{kit}-{paper}"
        n_kit, n_replay = instructions_of_jobs(kit, paper, out)
        kit_paths = sorted((out / "kit").iterdir())
        replay_paths = sorted((out / "replay").iterdir())
        same = [p.read_bytes() for p in kit_paths] == [p.read_bytes() for p in replay_paths]
        run_fresh(kit, paper, tmp / "warm")  # bytecode caches written first
        fresh = instructions_fresh(["-m", "pnp.cli", "kit", kit, "--seed", "7", "--paper",
                                    paper, "--out", str(out / "fresh"), "--quiet"])
        rows.append({"kit": kit, "paper": paper, "kit_instr": n_kit, "replay_instr": n_replay,
                     "ratio": n_kit / n_replay, "fresh_instr": fresh, "bare_instr": bare,
                     "same_bytes": same})
    return rows


def _print_instructions(rows: list[dict[str, Any]]) -> None:
    print(f"instructions (valgrind, PYTHONHASHSEED=0); python -c pass: "
          f"{rows[0]['bare_instr'] / 1e6:.0f} M")
    print(f"{'kit':16} {'paper':6} {'kit M':>7} {'replay M':>8} {'x replay':>8} "
          f"{'fresh M':>8} {'same bytes':>10}")
    for row in rows:
        print(f"{row['kit']:16} {row['paper']:6} {row['kit_instr'] / 1e6:7.0f} "
              f"{row['replay_instr'] / 1e6:8.0f} {row['ratio']:8.3f} "
              f"{row['fresh_instr'] / 1e6:8.0f} {'yes' if row['same_bytes'] else 'NO':>10}")


def _pages(paths: list[Path]) -> int:
    from pypdf import PdfReader

    return sum(len(PdfReader(p).pages) for p in paths)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--papers", default=",".join(PAPERS), help="e.g. a4,letter,a5")
    ap.add_argument("--kits", default="", help="only these kits (default: every kit)")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions with valgrind instead of timing (slow)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--job", nargs=4, help=argparse.SUPPRESS)  # --instructions' child
    a = ap.parse_args(argv)
    if a.job:  # ("both", kit, paper, out)
        _job(a.job[1], a.job[2], Path(a.job[3]))
        return 0
    kits = [k for k in a.kits.split(",") if k] or kit_ids()
    cases = [(k, p) for k in kits for p in (x for x in a.papers.split(",") if x)]
    failed: list[str] = []
    if a.instructions:
        if shutil.which("valgrind") is None:
            print("--instructions needs valgrind (apt-get install valgrind)", file=sys.stderr)
            return 1
        with tempfile.TemporaryDirectory() as tmp_name:
            rows = count_instructions(cases, Path(tmp_name))
        _print_instructions(rows)
        if a.json:
            a.json.write_text(json.dumps({"instructions": rows}, indent=1))
        bad = [f"{r['kit']} {r['paper']}" for r in rows if not r["same_bytes"]]
        for b in bad:
            print(f"FAILED {b}: the replay did not write the kit's bytes", file=sys.stderr)
        return 1 if bad else 0
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        recs: dict[tuple[str, str], Recording] = {}
        times: dict[tuple[str, str], dict[str, list[float]]] = {}
        info: dict[tuple[str, str], dict[str, Any]] = {}
        for case in cases:  # one recording run each (also warms imports and fonts)
            try:
                with recording() as rec:
                    _, paths = run_kit(*case, tmp / "rec" / "-".join(case))
            except Exception as exc:  # a kit being written may break: say so, go on
                failed.append(f"{case}: {type(exc).__name__}: {exc}")
                print(f"FAILED {failed[-1]}", file=sys.stderr)
                continue
            recs[case] = rec
            run_fresh(*case, tmp / "warm")
            times[case] = {"kit": [], "replay": [], "fresh": []}
            info[case] = {"files": len(paths), "pages": _pages(paths)}
        for r in range(a.repeat):
            order = list(recs) if r % 2 == 0 else list(reversed(recs))
            for case in order:
                out = tmp / f"r{r}" / "-".join(case)
                steps = ["kit", "replay", "fresh"] if r % 2 == 0 else ["fresh", "replay", "kit"]
                for step in steps:
                    if step == "kit":
                        t, kit_paths = run_kit(*case, out / "kit")
                    elif step == "replay":
                        t, replay_paths = run_replay(recs[case], out / "replay")
                    else:
                        t = run_fresh(*case, out / "fresh")
                    times[case][step].append(t)
                if r == 0:
                    same = all(k.read_bytes() == p.read_bytes()
                               for k, p in zip(sorted(kit_paths), sorted(replay_paths),
                                               strict=True))
                    info[case]["same_bytes"] = same
                    if not same:
                        failed.append(f"{case}: the replay did not write the kit's bytes")
    rows = []
    for case in recs:
        t = {k: statistics.median(v) for k, v in times[case].items()}
        rows.append({"kit": case[0], "paper": case[1], **info[case],
                     "kit_s": t["kit"], "replay_s": t["replay"], "fresh_cpu_s": t["fresh"],
                     "ratio": t["kit"] / t["replay"],
                     "kit_ms_per_page": 1000 * t["kit"] / info[case]["pages"]})
    load = os.getloadavg()
    print(f"python {platform.python_version()} on {platform.machine()}, CPU time, median of "
          f"{a.repeat} interleaved rounds; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'kit':16} {'paper':6} {'pages':>5} {'kit s':>7} {'replay s':>8} {'x replay':>8} "
          f"{'fresh s':>8} {'same bytes':>10}")
    for row in rows:
        print(f"{row['kit']:16} {row['paper']:6} {row['pages']:5d} {row['kit_s']:7.3f} "
              f"{row['replay_s']:8.3f} {row['ratio']:8.2f} {row['fresh_cpu_s']:8.3f} "
              f"{'yes' if row['same_bytes'] else 'NO':>10}")
    if a.json:
        a.json.write_text(json.dumps({"loadavg": load, "repeat": a.repeat, "rows": rows},
                                     indent=1))
    for f in failed:
        print(f"FAILED {f}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

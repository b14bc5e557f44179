"""`make run`: print a kit whose QR codes open this machine, show phones the address, serve.

``python -m webscore.serve --host 0.0.0.0 --port 5000 [--kit GAME --seed N --paper a4]``
prints the address phones should open (and its QR code) and then serves the tracker with
gunicorn: threaded workers (``gthread``), so the live streams each phone keeps open take a
thread, not a whole worker.  Without gunicorn (e.g. on Windows) it falls back to the
threaded development server, saying so.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import get_args

from pnp.engine import PnpError
from pnp.engine.log import read_seed
from pnp.render.options import KitOptions, Paper
from webscore import lan

WORKERS = 2
THREADS = 32  # concurrent requests per worker, open live streams included


def gunicorn_argv(host: str, port: int, workers: int = WORKERS,
                  threads: int = THREADS) -> list[str]:
    """The gunicorn command line `make run` ends in.

    The timeout is the gthread worker's heartbeat, not a request limit, so live streams
    (which end by themselves, see webscore.live) may stay open longer than it.
    """
    bind = f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"
    return ["gunicorn", "--worker-class", "gthread", "--workers", str(workers),
            "--threads", str(threads), "--bind", bind, "--timeout", "60",
            "--access-logfile", "-", "webscore:create_app()"]


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"port must be 1-65535, got {text!r}")
    return int(text)


def _seed(text: str) -> int:
    try:
        return read_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m webscore.serve", description=__doc__)
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every "
                   "interface, so phones on this network can connect)")
    p.add_argument("--port", type=_port, default=5000)
    p.add_argument("--url", default="", help="the address phones use, when it is not this "
                   "machine's (e.g. https://tracker.example behind a proxy)")
    p.add_argument("--kit", default="", metavar="GAME", help="print this game's kit first")
    p.add_argument("--seed", type=_seed, default=7)
    p.add_argument("--paper", choices=get_args(Paper), default="a4")
    p.add_argument("--workers", type=int, default=WORKERS)
    p.add_argument("--dev", action="store_true", help="Flask's development server instead")
    p.add_argument("--print-url", action="store_true",
                   help="only print the address phones should use, then exit")
    return p


def print_kit_for(game_id: str, seed: int, paper: Paper, url: str) -> bool:
    """Print the kit whose QR codes open ``url`` into ./output, as `pnp kit` would (the same
    library call); a failure is one line on stderr and False, never a traceback."""
    from pnp.render.kits import print_kit  # ReportLab only when a kit is asked for

    try:
        lines, warning = print_kit(game_id, KitOptions(seed=seed, paper=paper,
                                                       tracker_url=url))
    except (PnpError, OSError) as exc:
        print(f"pnp: {exc}", file=sys.stderr)
        return False
    print("\n".join(lines))
    if warning:
        print(f"pnp: warning: {warning}", file=sys.stderr)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    addresses = lan.machine_addresses() if args.host in lan.WILDCARDS else []
    address = lan.phone_url(args.host, args.port, addresses, args.url or None)
    if args.print_url:
        print(address.url)
        return 0
    if args.kit and not print_kit_for(args.kit, args.seed, args.paper, address.url):
        return 1
    sys.stdout.write(lan.banner(address, addresses))
    sys.stdout.flush()
    gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).with_name("gunicorn"))
    if not args.dev and Path(gunicorn).exists() and os.name == "posix":
        argv_ = gunicorn_argv(args.host, args.port, args.workers)
        os.execv(gunicorn, [gunicorn, *argv_[1:]])
    if not args.dev:
        print("gunicorn is not installed here: serving with Flask's development server",
              file=sys.stderr)
    from webscore import create_app

    create_app().run(host=args.host, port=args.port, threaded=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

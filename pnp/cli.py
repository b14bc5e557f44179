"""The `pnp` command: games, setup, replay, kit, check-sheet, read-sheet.

Every error is one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from pnp import methodcache

methodcache.install()  # before any dataclass below is made (start-up is a kit's cost)

from pnp.engine import PnpError, all_games, get_game, new_log  # noqa: E402
from pnp.engine.log import load_log, read_seed, replay  # noqa: E402
from pnp.render.options import (  # noqa: E402
    DEFAULT_BLEED_MM,
    KitOptions,
    default_tracker_url,
)

EXIT_USAGE = 2
EXIT_FAIL = 1
EXIT_BROKEN_PIPE = 141  # what a shell reports for a process ended by SIGPIPE
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70  # EX_SOFTWARE


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"pnp: {message} (see 'pnp {self._sub_name()}--help')\n")

    def _sub_name(self) -> str:
        parts = self.prog.split()[1:]
        return "".join(p + " " for p in parts)


def _seed(text: str) -> int:
    try:
        return read_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bleed must be millimetres, got {text!r}") from None
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError("bleed must be between 0 and 5 mm")
    return value


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, got {text!r}")
    try:
        parsed: object = json.loads(value)
    except ValueError:
        parsed = value
    return name.strip(), parsed


def _read_options(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PnpError(f"cannot read {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PnpError(f"{path} is not a JSON object of options") from None
    if not isinstance(data, dict):
        raise PnpError(f"{path} is not a JSON object of options")
    return data


def _game_id(text: str) -> str:
    get_game(text)  # raises UnknownGame with the list of known ids
    return text


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="pnp", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("games", help="list the games")

    s = sub.add_parser("setup", help="a randomized setup from a seed")
    s.add_argument("game", type=_game_id)
    s.add_argument("--seed", type=_seed, default=None,
                   help="deal the hidden pieces from this seed (without it: table play)")
    s.add_argument("--players", nargs="+", default=None, help="player names")
    s.add_argument("--table", action="store_true",
                   help="physical randomness: leave the hidden deal out of the setup")
    s.add_argument("--option", action="append", default=[], type=_option,
                   metavar="NAME=VALUE",
                   help="a game option (VALUE is read as JSON when it is JSON, else as text), "
                        "e.g. --option 'planets=a1 c3 f2 h6 d5 b6' or --option two_ships=true")
    s.add_argument("--options", type=Path, default=None, metavar="FILE",
                   help="a JSON object of game options, e.g. a hand-laid board")
    s.add_argument("--json", action="store_true", help="print the whole log skeleton as JSON")

    r = sub.add_parser("replay", help="check a JSON game log and print the result as JSON")
    r.add_argument("log", type=Path)

    k = sub.add_parser("kit", help="print a game kit as PDF")
    k.add_argument("game")
    k.add_argument("--seed", type=_seed, default=1)
    k.add_argument("--paper", choices=["a4", "letter", "a5"], default="a4")
    k.add_argument("--out", type=Path, default=Path("output"),
                   help="a folder for <game>-seed<N>-<paper>.pdf (default output), or the "
                        "PDF's own name when it ends in .pdf")
    k.add_argument("--tracker-url", default=None,
                   help="base URL the QR codes open (default $PNP_TRACKER_URL or "
                        "http://localhost:5000)")
    k.add_argument("--duplex", choices=["long", "short", "none"], default="long")
    k.add_argument("--gutter-fold", action="store_true")
    k.add_argument("--bleed", type=_bleed, default=DEFAULT_BLEED_MM, metavar="MM",
                   help="art past every cut line, 0-5 mm (default 1.5: a 1 mm duplex shift "
                        "or cut error shows no white; 0 turns it off)")
    k.add_argument("--no-crop-marks", action="store_true")
    k.add_argument("--ink", choices=["full", "low"], default="full")
    k.add_argument("--quiet", action="store_true", help="no progress bar")
    k.add_argument("--cut-file", choices=["svg"], default=None,
                   help="also write each component sheet's cut lines (and registration "
                        "marks) as SVG beside the PDF")

    c = sub.add_parser("check-sheet", help="recompute a filled score sheet (PDF or JSON)")
    c.add_argument("sheet", type=Path)
    c.add_argument("--json", action="store_true",
                   help="print the full report (every checked field) as JSON")

    rs = sub.add_parser("read-sheet", help="read a photographed pen-filled sheet, then check "
                                           "it")
    rs.add_argument("photo", type=Path, nargs="+",
                    help="a photo of a printed readable sheet (JPEG, PNG); several photos "
                         "are the pages of one record (a Wormholes front page and its "
                         "continuation pages, say), read and checked as one")
    rs.add_argument("--json", action="store_true",
                    help="print the reading (every field with its status and candidates) "
                         "and the check report as JSON")
    rs.add_argument("--game", type=_game_id, default=None,
                    help="refuse a sheet of any other game")
    rs.add_argument("--set", action="append", default=[], metavar="[PAGE:]NAME=VALUE",
                    help="a value the person confirms (what the sheet says; PAGE counts "
                         "the pages in page order, from 1); once every asked field is "
                         "given, the second look asks what could still be misread")
    return p


def _default_players(game_id: str) -> list[str]:
    game = get_game(game_id)
    return [f"Player {i + 1}" for i in range(game.min_players)]


def cmd_games(_: argparse.Namespace) -> int:
    for g in all_games():
        span = (str(g.min_players) if g.min_players == g.max_players
                else f"{g.min_players}-{g.max_players}")
        noun = "player" if g.max_players == 1 else "players"
        print(f"{g.id:18} {g.title} ({span} {noun}) - {g.credits}")
    return 0


def cmd_setup(a: argparse.Namespace) -> int:
    players = a.players or _default_players(a.game)
    options = _read_options(a.options) if a.options else {}
    options.update(dict(a.option))
    options.setdefault("chance", "table" if a.table or a.seed is None else "seeded")
    log = new_log(a.game, players, a.seed, options)
    if a.json:
        print(log.dumps())
    else:
        print(get_game(a.game).describe_setup(log.setup, a.seed))
    return 0


def cmd_replay(a: argparse.Namespace) -> int:
    try:
        text = a.log.read_text(encoding="utf-8")
    except OSError as exc:
        raise PnpError(f"cannot read {a.log}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise PnpError(f"{a.log} is not UTF-8 text") from None
    result = replay(load_log(text))
    print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    return 0 if result.ok else EXIT_FAIL


def cmd_kit(a: argparse.Namespace) -> int:
    was = gc.isenabled()
    gc.disable()  # from the imports on (kits.without_cyclic_gc says why)
    try:
        return _kit(a)
    finally:
        if was:
            gc.enable()


def _kit(a: argparse.Namespace) -> int:
    from pnp.render import pillow

    pillow.defer()  # before ReportLab is imported: a kit draws no bitmap
    from pnp.render.kits import print_kit

    opts = KitOptions(
        seed=a.seed, paper=a.paper, out=a.out,
        tracker_url=a.tracker_url or default_tracker_url(),
        duplex=a.duplex, gutter_fold=a.gutter_fold, bleed_mm=a.bleed,
        crop_marks=not a.no_crop_marks, ink=a.ink,
        progress=not a.quiet and sys.stderr.isatty(), cut_file=a.cut_file,
    )
    lines, warning = print_kit(a.game, opts)
    for line in lines:
        print(line)
    if warning:
        print(f"pnp: warning: {warning}", file=sys.stderr)
    return 0


def cmd_check_sheet(a: argparse.Namespace) -> int:
    from pnp.sheets import check_sheet_file
    from pnp.sheets.report import group, render

    report = check_sheet_file(a.sheet)
    print(json.dumps(report, ensure_ascii=False, indent=2) if a.json else render(report))
    if report.get("ok"):
        return 0
    raw = report.get("lines")
    lines = [line for line in raw if isinstance(line, dict)] if isinstance(raw, list) else []
    mistakes = len(group(lines))
    print(f"pnp: {a.sheet}: {mistakes} mistake{'s' * (mistakes != 1)} on the sheet",
          file=sys.stderr)
    return EXIT_FAIL


def _photo_bytes(path: Path) -> bytes:
    from pnp.sheetread.photo import MAX_BYTES

    try:
        size = path.stat().st_size
        if size > MAX_BYTES:  # refused before reading it all into memory
            raise PnpError(f"{path} is {size / 1e6:.0f} MB; a photo of a sheet needs at "
                           f"most {MAX_BYTES // (1024 * 1024)} MB")
        return path.read_bytes()
    except OSError as exc:
        raise PnpError(f"cannot read {path}: {exc.strerror}") from None


def cmd_read_sheet(a: argparse.Namespace) -> int:
    from pnp.sheetread import read_photo
    from pnp.sheetread.record import MAX_PHOTOS, check_read, read_photos
    from pnp.sheets.report import group, render

    if len(a.photo) > MAX_PHOTOS:
        raise PnpError(f"{len(a.photo)} photos: a record is at most {MAX_PHOTOS} pages")
    photos = [_photo_bytes(path) for path in a.photo]
    if len(photos) == 1:
        reading = read_photo(photos[0], a.game)
        report = check_read(reading.game, [reading.values()])  # a ledger page: the ledger's
        readings, shown, asked = [reading], {"reading": reading.to_json()}, len(reading.asked())
        name = str(a.photo[0])
    else:
        record = read_photos(photos, a.game)
        report = record.check()
        readings, shown, asked = list(record.pages), {"record": record.to_json()}, record.asked()
        name = f"{len(photos)} photos"
    if a.set:
        readings, report, asked = _confirmed(readings, a.set)
        if len(readings) > 1:
            record = dataclasses.replace(record, pages=tuple(readings))
            shown = {"record": record.to_json()}
        else:
            shown = {"reading": readings[0].to_json()}
    if a.json:
        print(json.dumps({**shown, "report": report}, ensure_ascii=False, indent=2))
    else:
        for k, reading in enumerate(readings):
            if len(readings) > 1:
                path = a.photo[record.photos[k]]
                print(f"page {k + 1} ({path}): " + render_reading(reading))
            else:
                print(render_reading(reading))
        print(render(report))
    sys.stdout.flush()  # the reading first, then the one-line verdicts on stderr
    raw = report.get("lines")
    lines = [line for line in raw if isinstance(line, dict)] if isinstance(raw, list) else []
    if asked:
        print(f"pnp: {name}: {asked} field{'s' * (asked != 1)} to confirm before the "
              "check can be trusted", file=sys.stderr)
    if not report.get("ok"):
        mistakes = len(group(lines))
        print(f"pnp: {name}: {mistakes} mistake{'s' * (mistakes != 1)} on the sheet as "
              "read", file=sys.stderr)
    return 0 if report.get("ok") and not asked else EXIT_FAIL


def _confirmed(readings: list[Any], sets: list[str]) -> tuple[list[Any], dict[str, object], int]:
    """The readings with the person's ``--set`` values in (and the second look's fields asked
    once none is left to give), their check and how many fields are still asked."""
    from pnp.sheetread.confirm import confirmed
    from pnp.sheetread.record import check_read

    given: list[dict[str, str]] = [{} for _ in readings]
    for item in sets:
        where, sep, value = item.partition("=")
        page, _, field = where.rpartition(":")
        if not sep or not field or (page and not page.isdigit()):
            raise PnpError(f"--set {item!r}: give NAME=VALUE, or PAGE:NAME=VALUE")
        k = int(page or 1) - 1
        if not 0 <= k < len(readings):
            raise PnpError(f"--set {item!r}: there is no page {k + 1}")
        given[k][field] = value
    try:
        pages = confirmed(readings, given)
    except ValueError as exc:
        raise PnpError(f"--set: {exc}") from None
    report = check_read(pages[0].game, [page.values() for page in pages])
    return pages, report, sum(len(page.asked()) for page in pages)


def render_reading(reading: Any) -> str:
    """What was read: a summary line, then the asked fields and those the rules chose."""
    counts = reading.to_json()["counts"]
    seed = "" if reading.seed is None else f", seed {reading.seed}"
    out = [f"{reading.game} sheet {reading.layout} (version {reading.version}{seed}): "
           f"{counts['read']} fields read, {counts['ruled']} chosen by the rules, "
           f"{counts['ask']} to confirm"]
    out += [f"note: {e}" for e in reading.errors]
    for f in sorted(reading.fields, key=lambda f: (f.status != "ask", f.confidence)):
        if f.status == "read":
            continue
        alts = ", ".join(f"{v or 'empty'} {p:.0%}" for v, p in f.candidates[:3])
        shown = f.value if f.value else "(empty)" if f.status != "ask" else "?"
        out.append(f"  {f.status:5} {f.name}: {shown}" + (f" ({alts})" if alts else "")
                   + (f" - {f.note}" if f.note else ""))
    return "\n".join(out)


COMMANDS: dict[str, Any] = {
    "games": cmd_games, "setup": cmd_setup, "replay": cmd_replay, "kit": cmd_kit,
    "check-sheet": cmd_check_sheet, "read-sheet": cmd_read_sheet,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if sys.stdout is None:  # started with standard output closed (pnp games >&-)
            raise PnpError("standard output is closed")
        code = int(COMMANDS[args.command](args))
        sys.stdout.flush()  # a reader that went away shows up here, not at exit
        return code
    except PnpError as exc:
        # One line, whatever the message quotes from the input.
        text = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        _say(f"pnp: {text}")
        return EXIT_FAIL
    except BrokenPipeError:
        # The reader stopped reading (pnp replay LOG | head): quietly stop writing too.
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # stdout closed or full (pnp games >&- , /dev/full)
        _silence_stdout()
        _say(f"pnp: cannot write the output: {exc.strerror or exc}")
        return EXIT_FAIL
    except KeyboardInterrupt:
        _say("pnp: interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        _say(f"pnp: internal error ({type(exc).__name__}: {str(exc)[:200]}); please report "
             "it with the command that caused it")
        return EXIT_INTERNAL


def _say(line: str) -> None:
    """One line on stderr, if there is a stderr to write to."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr)
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    _code = main()
    # The work is done: a Ctrl-C that lands while the interpreter shuts down is not an error
    # (it would print a KeyboardInterrupt traceback from the teardown).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(_code)

"""Run the examples of the Markdown docs (README.md, docs/**/*.md, bench/README.md).

Every fenced block says what it is in its info string (the convention is in
docs/architecture.md, "Examples in the docs"):

- ``console``: a shell session. ``$ cmd`` lines (``\\`` continues a line) are run in a
  temporary directory holding the document's ``file=`` blocks, with ``pnp`` on the PATH;
  ``curl`` calls go to the tracker through Flask's test client. The lines after a command
  are its output (stdout and stderr); ``...`` stands for any text; a last line ``[exit N]``
  is the exit status (0 when absent).
- ``pycon``: a Python session, run as a doctest.
- ``events GAME log=PATH`` or ``events GAME setup=JSON [players=N]``: typed turns of the
  game's notation, one per line, comments after ``#`` or after a run of two or more spaces.
  With ``log=`` the events shown (``...`` stands for any run) are the log's, and the log
  replays; with ``setup=`` every line is played from that setup (``refused=RULE``: the last
  line is refused with that rule).
- ``json file=NAME`` (or any language with ``file=NAME``): a file the document's later
  ``console`` blocks use.
- ``text``: not code (a tree, a drawing, a format).
- any language followed by ``no-run: REASON``: a command the tests deliberately do not run
  (it installs, starts a server, runs the whole suite).

A block with no info string, or an indented code block, is an error: say what it is.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
            ROOT / "bench" / "README.md"]


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    info: str
    text: str

    @property
    def where(self) -> str:
        return f"{shown(self.path)}:{self.line}"

    @property
    def kind(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    def arg(self, name: str) -> str | None:
        """The value of ``name=VALUE`` in the info string (VALUE may hold JSON with spaces
        when it is the last argument)."""
        m = re.search(rf"(?:^|\s){name}=(.*?)(?=\s+\w+=|$)", self.info)
        return m.group(1).strip() if m else None


def blocks(path: Path) -> Iterator[Block | str]:
    """The fenced blocks of a document; a string names a block that is not allowed."""
    text = path.read_text(encoding="utf-8")
    for tok in MarkdownIt("commonmark").parse(text):
        line = (tok.map[0] + 1) if tok.map else 0
        if tok.type == "code_block":
            yield (f"{shown(path)}:{line}: an indented code block; use a fenced "
                   "block with an info string (tests/docexamples.py)")
        elif tok.type == "fence":
            yield Block(path, line, tok.info.strip(), tok.content)


DOCS_DEAL_SEED = 2  # a deal where the docs' Galaxy Express example reads well


@dataclass
class Session:
    """One document's working directory, tracker and variables, shared by its blocks."""

    cwd: Path
    variables: dict[str, str] = field(default_factory=dict)
    globs: dict[str, Any] = field(default_factory=dict)  # shared by its pycon blocks
    _client: Any = None

    def client(self) -> Any:
        if self._client is None:
            from webscore import create_app

            app = create_app({"TESTING": True, "SECRET_KEY": "docs",
                              "DATABASE_URL": f"sqlite:///{self.cwd / 'tracker.sqlite3'}",
                              "AUTO_MIGRATE": True})
            self._client = app.test_client()
        return self._client

    def expand(self, command: str) -> str:
        return re.sub(r"\$\{?([A-Z_]+)\}?",
                      lambda m: self.variables.get(m.group(1), m.group(0)), command)

    def run(self, command: str) -> tuple[str, int]:
        command = self.expand(command)
        if command.startswith("curl "):
            return self.curl(command)
        env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
               "PYTHONPATH": str(ROOT), "COLUMNS": "100",
               # a `flask --app webscore` command uses the session's database, never the repo's
               "DATABASE_URL": f"sqlite:///{self.cwd / 'tracker.sqlite3'}"}
        proc = subprocess.run(["bash", "-c", command], cwd=self.cwd, env=env,
                              capture_output=True, text=True, timeout=120)
        return proc.stdout + proc.stderr, proc.returncode

    def curl(self, command: str) -> tuple[str, int]:
        """A curl call, answered by the docs' tracker.  A dealing table there draws its secret
        deal seed as DOCS_DEAL_SEED (a real tracker draws a fresh one per table), so what the
        docs show comes out the same every run."""
        from webscore import inputs

        drawn = inputs.draw_deal_seed
        inputs.draw_deal_seed = lambda: DOCS_DEAL_SEED
        try:
            return self._curl(command)
        finally:
            inputs.draw_deal_seed = drawn

    def _curl(self, command: str) -> tuple[str, int]:
        args = shlex.split(command)[1:]
        headers: dict[str, str] = {}
        data: str | None = None
        method: str | None = None
        url = ""
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("-s", "--silent", "-S"):
                pass
            elif a in ("-H", "--header"):
                i += 1
                name, _, value = args[i].partition(":")
                headers[name.strip()] = value.strip()
            elif a in ("-d", "--data", "--data-raw"):
                i += 1
                data = args[i]
            elif a in ("-X", "--request"):
                i += 1
                method = args[i]
            elif a.startswith("-"):
                raise AssertionError(f"the docs' curl runner does not know {a}")
            else:
                url = a
            i += 1
        path = re.sub(r"^(https?://)?[^/]*", "", url) or "/"
        method = method or ("POST" if data is not None else "GET")
        resp = self.client().open(path, method=method, headers=headers, data=data)
        body = resp.get_data(as_text=True)
        try:
            value = json.loads(body)
        except ValueError:
            value = None
        if isinstance(value, dict):
            for key, v in value.items():
                if isinstance(v, str | int) and not isinstance(v, bool):
                    self.variables[key.upper()] = str(v)
        return body.rstrip("\n") + "\n", 0  # curl without -f exits 0 on any HTTP status


def console_steps(text: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs of a console block."""
    steps: list[tuple[str, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            cmd = line[2:]
            while cmd.endswith("\\") and i + 1 < len(lines):
                i += 1
                cmd = cmd[:-1].rstrip() + " " + lines[i].strip()
            steps.append((cmd, []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"console block: text before the first '$ ': {line!r}")
        i += 1
    return [(c, "\n".join(out).rstrip("\n") + "\n" if any(out) else "") for c, out in steps]


CHECKER = doctest.OutputChecker()


def output_matches(expected: str, got: str) -> bool:
    def tidy(s: str) -> str:
        return "\n".join(line.rstrip() for line in s.splitlines()).strip("\n") + "\n"

    return CHECKER.check_output(tidy(expected), tidy(got), doctest.ELLIPSIS)


def run_console(block: Block, session: Session) -> list[str]:
    problems: list[str] = []
    for command, expected in console_steps(block.text):
        want_code = 0
        m = re.search(r"^\[exit (\d+)\]\n\Z", expected, re.M)
        if m:
            want_code = int(m.group(1))
            expected = expected[:m.start()]
        got, code = session.run(command)
        if not output_matches(expected, got):
            problems.append(f"{block.where}: `{command}` printed\n{got}\ninstead of\n{expected}")
        if code != want_code:
            problems.append(f"{block.where}: `{command}` exited {code}, not {want_code}: "
                            f"{got[-400:]}")
    return problems


def run_pycon(block: Block, globs: dict[str, Any]) -> list[str]:
    test = doctest.DocTestParser().get_doctest(block.text, globs, block.where, str(block.path),
                                               block.line)
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=out.append, clear_globs=False)
    globs.update(test.globs)  # DocTest works on a copy; later blocks see these names
    return [f"{block.where}: pycon example failed:\n{''.join(out)}"] if runner.failures else []


def event_lines(text: str) -> list[str]:
    """The typed turns of an events block, comments removed."""
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw[0].isspace():
            continue
        line = raw.split("#", 1)[0]
        line = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        if line:
            lines.append(line)
    return lines


def run_events(block: Block) -> list[str]:
    from pnp.engine import IllegalMove, NotationError, get_game, new_log
    from pnp.engine.log import load_log, replay

    words = block.info.split()
    if len(words) < 2:
        return [f"{block.where}: write ```events GAME log=... or setup=..."]
    game = get_game(words[1])
    lines = event_lines(block.text)
    log_path = block.arg("log")
    if log_path:
        log = load_log((ROOT / log_path).read_text(encoding="utf-8"))
        result = replay(log)
        if not result.ok:
            return [f"{block.where}: {log_path} does not replay: {result.error}"]
        shown: list[str] = []
        for line in lines:
            for tok in line.replace(",", " ").split():
                shown.append(tok if tok == "..." else game.notation(game.parse(tok)))
        pattern = "".join(r"(?:\S+ )*?" if t == "..." else re.escape(t + " ") for t in shown)
        if not re.fullmatch(pattern + r"(?:\S+ )*", " ".join(log.events) + " "):
            return [f"{block.where}: the events shown are not those of {log_path} in order"]
        return []
    setup = json.loads(block.arg("setup") or "{}")
    players_arg = block.arg("players")
    count = int(players_arg) if players_arg else game.min_players
    seed = block.arg("seed")
    log = new_log(game.id, [f"P{i + 1}" for i in range(count)],
                  int(seed) if seed else None, setup)
    state = game.initial_state(log.setup, log.players, log.seed)
    refused = block.arg("refused")
    for n, line in enumerate(lines):
        try:
            for event in game.parse_line(line):
                state = game.apply(state, event)
        except (IllegalMove, NotationError) as exc:
            rule = getattr(exc, "rule", "notation")
            if refused and n == len(lines) - 1 and rule == refused:
                return []
            return [f"{block.where}: line {line!r} is refused: {exc}"]
    if refused:
        return [f"{block.where}: the last line should be refused with {refused}"]
    return []


def check_document(path: Path) -> list[str]:
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(Path(tmp))
        found = list(blocks(path))
        for block in found:  # files first: a command may come before the file it reads
            if isinstance(block, Block) and block.arg("file") and "no-run:" not in block.info:
                (session.cwd / str(block.arg("file"))).write_text(block.text, encoding="utf-8")
        for block in found:
            if isinstance(block, str):
                problems.append(block)
                continue
            name = block.arg("file")
            if "no-run:" in block.info:
                if not block.info.split("no-run:", 1)[1].strip():
                    problems.append(f"{block.where}: no-run needs a reason")
            elif name:
                if block.kind == "json":
                    try:
                        json.loads(block.text)
                    except ValueError as exc:
                        problems.append(f"{block.where}: not JSON: {exc}")
            elif block.kind == "console":
                problems += run_console(block, session)
            elif block.kind == "pycon":
                problems += run_pycon(block, session.globs)
            elif block.kind == "events":
                problems += run_events(block)
            elif block.kind != "text":
                problems.append(f"{block.where}: a ```{block.info or ''} block: mark it "
                                "console, pycon, events, text, file=NAME or no-run: REASON "
                                "(tests/docexamples.py)")
    return problems

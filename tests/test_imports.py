"""The import rules of docs/architecture.md, read from the source (every import statement,
those inside functions too):

- ``pnp`` never imports ``webscore``; the engine core never imports the games, the renderers,
  the sheets front door or the command (games are found through entry points);
- ``webscore`` imports from ``pnp`` only the engine, the sheets front door and the public kit,
  font and QR entry points of ``pnp.render``, never a game package: a game reaches the tracker
  through its record (board, timer, sheet, options), and rules live in ``pnp``;
- no module imports itself back through others (no import circles): in ``pnp`` counting the
  imports inside functions too, everywhere counting those run on import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pnp", "webscore")

WEBSCORE_MAY_IMPORT = ("pnp.engine", "pnp.sheets", "pnp.render.kits", "pnp.render.fonts",
                       "pnp.render.qr", "pnp.render.options", "pnp.sheetread")
ENGINE_MAY_NOT_IMPORT = ("pnp.games", "pnp.render", "pnp.sheets", "pnp.cli", "webscore")

# Known gaps, each to close; the tests fail when a list is not exactly what the code does, so
# none is added unnoticed and a closed one must be struck off.
WEBSCORE_GAPS: set[tuple[str, str]] = set()  # none left: list any new one here, with why
# webscore breaks its circles with imports inside functions (errors -> tables for the error
# pages, live -> timers, timers -> api): only the imports run on import are checked there.


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _top_level(tree: ast.Module) -> Iterator[ast.AST]:
    """The statements run on import (those under a top-level if / try too), not the bodies
    of functions and classes."""
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If | ast.Try):
            todo += [*node.body, *node.orelse, *getattr(node, "finalbody", []),
                     *(h for handler in getattr(node, "handlers", []) for h in handler.body)]


def _targets(name: str, path: Path, on_import: bool = False) -> Iterator[str]:
    """The modules one file imports (a ``from X import y`` names ``X.y`` when that is a
    module, else ``X``); ``on_import``: only the imports run when the module is imported."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in (_top_level(tree) if on_import else ast.walk(tree)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield full if full in MODULES else base


@cache
def graph(on_import: bool = False) -> dict[str, set[str]]:
    return {name: {t for t in _targets(name, path, on_import) if t.split(".")[0] in PACKAGES}
            for name, path in MODULES.items()}


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_pnp_never_imports_webscore_and_the_engine_no_game() -> None:
    bad = sorted((a, b) for a, targets in graph().items() for b in targets
                 if (a.startswith("pnp") and b.startswith("webscore"))
                 or (_within(a, ("pnp.engine",)) and _within(b, ENGINE_MAY_NOT_IMPORT)))
    assert bad == []


def test_webscore_reaches_pnp_only_through_its_public_doors() -> None:
    found = {(a, b) for a, targets in graph().items() if a.startswith("webscore")
             for b in targets if b.startswith("pnp") and not _within(b, WEBSCORE_MAY_IMPORT)}
    assert found == WEBSCORE_GAPS


def test_webscore_writes_no_game_id() -> None:
    """No string in webscore's code (docstrings aside) is a registered game's id: a table's
    game is only ever looked up by the id it was created with."""
    from pnp.engine import all_records

    ids = {r.id for r in all_records()} | {r.id.replace("-", "_") for r in all_records()}
    found = []
    for name, path in MODULES.items():
        if not name.startswith("webscore"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value in ids:
                found.append((name, node.value))
    assert found == []


def _code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (docstrings, whose examples may name any
    game, left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs}


def test_a_game_lives_in_its_own_packages() -> None:
    """The "adding a sixth game" check (docs/architecture.md): a built-in game is its
    package ``pnp.games.<game>`` (record, rules, sheet) and its kit ``pnp.render.<game>``,
    found through its record; no other module imports them or writes the game's id (the
    tests, the docs and pyproject's entry point aside)."""
    from pnp.engine import all_records

    strings = {name: _code_strings(path) for name, path in MODULES.items()}
    found = []
    checked = 0
    for record in all_records():
        module = type(record.game).__module__
        if not module.startswith("pnp.games."):  # installed from elsewhere (a test's game)
            continue
        package = module.split(".")[2]
        own = (f"pnp.games.{package}", f"pnp.render.{package}")
        for name in MODULES:
            if not _within(name, own):
                found += [(name, b) for b in graph()[name] if _within(b, own)]
                found += [(name, s) for s in strings[name] & {record.id, package}]
        checked += 1
    assert found == [] and checked >= 5


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles_in_pnp() -> None:
    """None at all, counting imports inside functions: a caption module that needs the rules'
    result is handed the rules' ``apply`` (Galaxy Express, Wormholes), never imports them."""
    in_pnp = {a: {b for b in t if b.startswith("pnp")} for a, t in graph().items()
              if a.startswith("pnp")}
    assert cycles(in_pnp) == []


def test_no_circle_among_the_imports_run_on_import() -> None:
    assert cycles(graph(on_import=True)) == []


def test_the_checker_sees_a_circle_and_a_forbidden_import() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    edges = graph()
    assert "pnp.engine.registry" in edges and "pnp.engine.record" in edges["pnp.engine.registry"]
    assert "webscore.snapshots" in edges["webscore.sheetfill"]  # relative and absolute alike
    kit = "pnp.render.galaxy_express"  # imported when the kit is asked for, not on import
    assert kit in edges["pnp.games.galaxy_express.record"]
    assert kit not in graph(on_import=True)["pnp.games.galaxy_express.record"]

"""Every kit takes its heading sizes and its sheets' line widths from one scale
(pnp.render.typescale): no kit writes a heading size, a heading gap or a sheet's line width
of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pnp.render
from pnp.render import typescale as ts

RENDER = Path(pnp.render.__file__).resolve().parent
HEADINGS = {"heading": 5, "_heading": 4}  # the size's position in each call
SHEETS = [*RENDER.glob("*/sheet.py"), RENDER / "galaxy_trucker" / "score.py",
          RENDER / "readable.py"]
NOT_YET: set[Path] = set()  # sheets still drawing lines of their own widths (none now)


def _is_scale(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "ts" and hasattr(ts, node.attr))


def _calls(path: Path, names: set[str]) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name | ast.Attribute)
            and (n.func.id if isinstance(n.func, ast.Name) else n.func.attr) in names]


def test_every_heading_size_comes_from_the_scale() -> None:
    wrong = []
    for path in sorted(RENDER.rglob("*.py")):
        for call in _calls(path, set(HEADINGS)):
            name = call.func.id if isinstance(call.func, ast.Name) else call.func.attr
            size = call.args[HEADINGS[name]] if len(call.args) > HEADINGS[name] else None
            size = size or next((k.value for k in call.keywords if k.arg == "size"), None)
            passed_on = isinstance(size, ast.Name) and size.id == "size"  # a kit's wrapper
            if size is not None and not (_is_scale(size) or passed_on):
                wrong.append(f"{path.relative_to(RENDER)}:{call.lineno}")
    assert wrong == []


def test_no_kit_draws_a_heading_of_its_own() -> None:
    """A kit's ``_heading`` only binds its accent colour: it sets no font itself."""
    own = []
    for path in sorted(RENDER.glob("*/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "_heading" and any(
                    isinstance(n, ast.Attribute) and n.attr == "setFont"
                    for n in ast.walk(node)):
                own.append(str(path.relative_to(RENDER)))
    assert own == []


def test_sheet_line_widths_come_from_the_scale() -> None:
    wrong = []
    for path in SHEETS:
        if path in NOT_YET:
            continue
        for call in _calls(path, {"setLineWidth"}):
            width = call.args[0]
            if not (_is_scale(width) or (isinstance(width, ast.IfExp)
                    and _is_scale(width.body) and _is_scale(width.orelse))):
                wrong.append(f"{path.relative_to(RENDER)}:{call.lineno}")
    assert wrong == []
    assert set(SHEETS) >= NOT_YET  # the exception names a sheet that exists

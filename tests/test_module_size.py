"""One module per concept, a few hundred lines at most (DEVELOPERS.md): no module in ``pnp`` or
``webscore`` is over :data:`LIMIT` lines, except those listed in :data:`OVER`, each named with
who is splitting it.  The list is exact: a module that grows past the limit must be split (or
listed, with a reason), and one that has been split must be struck off, so the list only
shrinks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pnp", "webscore")
LIMIT = 500

OVER: dict[str, str] = {}  # module path -> who splits it (issue 13: one module per concept)


def lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def sizes() -> dict[str, int]:
    return {path.relative_to(ROOT).as_posix(): lines(path)
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def test_no_module_is_over_the_limit_unless_listed() -> None:
    over = {name: n for name, n in sizes().items() if n > LIMIT and name not in OVER}
    assert over == {}, f"split these modules by concept (at most {LIMIT} lines each): {over}"


def test_the_list_of_modules_over_the_limit_is_not_stale() -> None:
    found = sizes()
    stale = {name: found.get(name) for name in OVER if found.get(name, 0) <= LIMIT}
    assert stale == {}, f"strike these off OVER in {Path(__file__).name}: {stale}"


def test_the_count_is_of_lines(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("a = 1\nb = 2\nc = 3")  # no newline at the end: still three lines
    assert lines(path) == 3
    path.write_text("a = 1\n\n")
    assert lines(path) == 2

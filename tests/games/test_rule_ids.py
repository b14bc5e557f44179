"""Rule ids agree between code, each game's rule-id table and the rulings docs, for every
registered game (one test instead of a copy per game): every id a game's package cites is in
its record's table, and every id in the table is written down in docs/rulings*.md, by name or
inside a range such as ``GE-1 .. GE-10``."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from pnp.engine import all_records, get_record

ROOT = Path(__file__).resolve().parents[2]
DOCS = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("rulings*.md")))
RANGE = re.compile(r"\b([A-Z]{2}-[A-Z]{0,2})(\d+)\s*\.\.\s*\1(\d+)\b")


def documented(rule: str) -> bool:
    """Named in the docs, or inside a written range of its series."""
    if re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w])", DOCS):
        return True
    series, _, number = rule.rpartition("-")
    head = series + "-" + "".join(ch for ch in number if not ch.isdigit())
    digits = "".join(ch for ch in number if ch.isdigit())
    return bool(digits) and any(m.group(1) == head and int(m.group(2)) <= int(digits)
                                <= int(m.group(3)) for m in RANGE.finditer(DOCS))


def cited(game_id: str, prefix: str) -> set[str]:
    """The rule ids written as string literals in the game's package (its table aside)."""
    package = Path(inspect.getfile(type(get_record(game_id).game))).parent
    code = "".join(p.read_text(encoding="utf-8") for p in package.glob("*.py")
                   if p.name != "rule_ids.py")
    return set(re.findall(rf'"({re.escape(prefix)}[A-Z]{{0,2}}\d+[a-z]?)"', code))


@pytest.mark.parametrize("game_id", [r.id for r in all_records()])
def test_code_table_and_docs_agree(game_id: str) -> None:
    rules = get_record(game_id).rules
    assert rules, f"{game_id} declares no rule-id table"
    prefixes = {rule.split("-")[0] + "-" for rule in rules}
    assert len(prefixes) == 1, prefixes
    found = cited(game_id, prefixes.pop())
    assert found and found <= set(rules), sorted(found - set(rules))
    assert [r for r in rules if not documented(r)] == []
    assert all(line.strip() for line in rules.values())


def test_a_range_covers_only_its_series() -> None:
    assert documented("GE-4")  # "GE-1 .. GE-10"
    assert not documented("GE-99") and not documented("XX-1")

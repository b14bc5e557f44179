"""Every example in README.md, docs/ and bench/README.md runs and prints what the doc shows.

The block convention is in tests/docexamples.py and docs/architecture.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import docexamples
from tests.docexamples import ROOT, Block, check_document, console_steps, event_lines


@pytest.mark.parametrize("path", docexamples.documents(),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_document_examples_run(path: Path) -> None:
    problems = check_document(path)
    assert not problems, "\n\n".join(problems)


def test_an_unmarked_block_and_a_wrong_output_fail(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("```\npnp games\n```\n\n    indented\n\n"
                   "```console\n$ pnp games\nnothing like this\n```\n"
                   "```sh no-run:\nmake run\n```\n", encoding="utf-8")
    problems = check_document(doc)
    assert len(problems) == 4, problems
    assert "mark it console" in problems[0] and "indented" in problems[1]
    assert "instead of" in problems[2] and "no-run needs a reason" in problems[3]


def test_console_steps_and_event_lines() -> None:
    assert console_steps("$ pnp a \\\n   --b\nout\n\n$ pnp c\n[exit 1]\n") == [
        ("pnp a --b", "out\n"), ("pnp c", "[exit 1]\n")]
    assert event_lines("Q3 +S0   setup\n   more comment\n@d4 d4=2 # start\n") == [
        "Q3 +S0", "@d4 d4=2"]
    block = Block(ROOT / "README.md", 1, 'events wormholes setup={"a": 1, "b": 2} players=2',
                  "")
    assert block.arg("setup") == '{"a": 1, "b": 2}' and block.arg("players") == "2"


def test_events_blocks_are_checked(tmp_path: Path) -> None:
    doc = tmp_path / "e.md"
    doc.write_text(
        "```events wormholes log=tests/games/data/wormholes-table-example.json\n"
        "O2-5 move-first   the opening\nS@e9 C@f9 ...\nC:N\n```\n"
        "```events wormholes log=tests/games/data/wormholes-table-example.json\n"
        "O2-5 place-first\n```\n"
        '```events galaxy-express setup={"chance": "table", "planets": '
        '["d4", "a4", "b5", "f1", "g3", "e6"]}\nQ3 +S0 +S3 +M1 +M4\n@d4 d4=2\nS3W ?b5=1\n```\n'
        '```events galaxy-express setup={"chance": "table", "planets": '
        '["d4", "a4", "b5", "f1", "g3", "e6"]} refused=GE-5\nQ3 +S0 +S3 +M1 +M4\n@d4 d4=2\n'
        "S3W ?b5=1\n```\n", encoding="utf-8")
    problems = check_document(doc)
    assert len(problems) == 2, problems
    assert "not those of" in problems[0] and "is refused" in problems[1]

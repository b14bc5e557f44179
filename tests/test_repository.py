"""The repository holds the project's own files only: a virtualenv link committed by mistake
replaced the shared ``.venv`` of every checkout it reached (twice in one session)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tracked(*paths: str) -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "--", *paths], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def test_no_virtualenv_or_caches_tracked() -> None:
    assert _tracked(".venv", "venv", ".mypy_cache", ".pytest_cache", ".ruff_cache") == []


def test_no_bytecode_tracked() -> None:
    assert [p for p in _tracked() if p.endswith((".pyc", ".pyo"))] == []

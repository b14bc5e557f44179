"""Fixtures for the reliability tests: a database URL (SQLite file, throwaway PostgreSQL
database), gunicorn servers we can kill, and a tally of what was tried, printed at the end."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.webscore.conftest import database_url, postgres_db

__all__ = ["database_url", "postgres_db"]

TALLY: Counter[str] = Counter()
"""What the reliability tests did: inputs tried, faults injected, requests held, events lost."""


@pytest.fixture
def tally() -> Counter[str]:
    return TALLY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the tally (and write it to $PNP_RELIABILITY_TALLY as JSON).  Counts are kept per
    process, so run with ``-n 0`` for the whole figure; pytest-xdist workers stay silent."""
    if not TALLY or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    terminalreporter.section("reliability tally")
    for key in sorted(TALLY):
        terminalreporter.write_line(f"{key:52} {TALLY[key]:>8}")
    target = os.environ.get("PNP_RELIABILITY_TALLY")
    if target:
        Path(target).write_text(json.dumps(dict(sorted(TALLY.items())), indent=1) + "\n")

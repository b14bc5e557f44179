"""The docstring examples of the engine's public API run (python-chess style)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pnp.engine

MODULES = [m.name for m in pkgutil.iter_modules(pnp.engine.__path__, "pnp.engine.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_engine_has_examples() -> None:
    tried = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert tried >= 5

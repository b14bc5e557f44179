"""The docstring examples in every game package run (the engine's are in
tests/engine/test_doctests.py): a module split out of a game's rules keeps its examples true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pnp.games

MODULES = [m.name for m in pkgutil.walk_packages(pnp.games.__path__, "pnp.games.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_games_have_examples() -> None:
    tried = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert tried >= 20

"""The docstring examples in pnp.render run (options.table_url, kit_file, ...)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pnp.render

MODULES = [m.name for m in pkgutil.walk_packages(pnp.render.__path__, "pnp.render.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_renderers_have_examples() -> None:
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 3

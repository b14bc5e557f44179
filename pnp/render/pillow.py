"""Pillow imported when first used, for a `pnp kit` process.

ReportLab imports ``PIL.Image`` as it loads (``reportlab.lib.utils``), for bitmaps; no kit
draws one, and the import costs a fresh process 20-30 ms.  ``defer()`` puts a lazy
``PIL.Image`` in ``sys.modules`` first (``importlib.util.LazyLoader``, the standard library's
lazy import): the module runs on its first attribute access, so anything that does use it
still gets the real Pillow.  Only the single-threaded `pnp kit` command calls it: Python 3.11's
lazy loader is not safe when two threads touch the module first (the tracker serves from
threads and imports Pillow as usual).
"""

from __future__ import annotations

import importlib.util
import sys


def defer() -> bool:
    """Make ``PIL.Image`` lazy unless it is already imported; True if it now is."""
    if "PIL.Image" in sys.modules or "reportlab.lib.utils" in sys.modules:
        return False
    spec = importlib.util.find_spec("PIL.Image")
    if spec is None or spec.loader is None:
        return False
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["PIL.Image"] = module
    spec.loader.exec_module(module)
    sys.modules["PIL"].Image = module  # type: ignore[attr-defined]  # as an import sets it
    return True


__all__ = ["defer"]

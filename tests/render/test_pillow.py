"""``pnp.render.pillow.defer``: ReportLab loads without running Pillow, which still works."""

from __future__ import annotations

import subprocess
import sys


def test_pillow_runs_on_first_use_only() -> None:
    code = """
import sys
from pnp.render import pillow
assert pillow.defer()
import reportlab.pdfgen.canvas
print(type(sys.modules["PIL.Image"]).__name__, "PIL.ExifTags" in sys.modules)
from PIL import Image
print(Image.new("RGB", (3, 2)).size, type(sys.modules["PIL.Image"]).__name__)
print(pillow.defer())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["_LazyModule False", "(3, 2) module", "False"]


def test_nothing_is_deferred_once_reportlab_is_loaded() -> None:
    code = ("import reportlab.lib.utils; from pnp.render import pillow; "
            "print(pillow.defer())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"

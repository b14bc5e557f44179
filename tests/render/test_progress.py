"""The terminal progress bar."""

from __future__ import annotations

import io

from pnp.render.progress import Progress


def test_bar_draws_when_enabled_and_slow() -> None:
    out = io.StringIO()
    bar = Progress(4, "kit.pdf", enabled=True, stream=out, delay=0.0)
    for _ in range(4):
        bar.step()
    bar.close()
    text = out.getvalue()
    assert "kit.pdf [" in text and "4/4 pages" in text and text.endswith("\n")
    assert text.count("\r") == 4


def test_quiet_when_disabled_or_quick() -> None:
    quiet = io.StringIO()
    bar = Progress(4, "kit.pdf", enabled=False, stream=quiet)
    bar.step()
    bar.close()
    quick = io.StringIO()
    bar = Progress(4, "kit.pdf", enabled=True, stream=quick, delay=60.0)
    bar.step()
    bar.close()
    assert quiet.getvalue() == "" and quick.getvalue() == ""

"""Answers kept for one kit build only (pnp/render/buildmemo.py), and the quick paths that
must give the very answers of the slow ones (wrap's summed widths, the bundled faces'
measure)."""

from __future__ import annotations

import random

import pytest
from reportlab.pdfbase import pdfmetrics

import pnp.render.marks as marks
from pnp.render import buildmemo
from pnp.render.art import wrap
from pnp.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, register_fonts, text_width
from pnp.render.geometry import Rect, mm
from pnp.render.kits import build_kit
from pnp.render.options import KitOptions


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = marks._crop_marks

    def counted(*a: object) -> object:
        calls[0] += 1
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(marks, "_crop_marks", counted)
    return calls


def test_a_layout_met_again_in_a_build_is_not_worked_out_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    cuts = [Rect(100, 100, 50, 80), Rect(150 + mm(4), 100, 50, 80)]
    with buildmemo.scope():
        first = marks.crop_marks(cuts, mm(1.5))
        first.clear()  # a caller's list is its own: the kept answer is not changed
        again = marks.crop_marks(list(cuts), mm(1.5))
        other = marks.crop_marks(cuts, mm(2))
    assert calls[0] == 2
    assert again == marks.crop_marks(cuts, mm(1.5)) and again
    assert other != again
    assert calls[0] == 3  # outside a build: worked out every time


def test_nothing_outlives_a_build(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    calls = _counting(monkeypatch)
    options = KitOptions(seed=7, paper="a4", out=tmp_path)  # type: ignore[arg-type]
    build_kit("piecepack", options)
    once = calls[0]
    assert once > 0 and buildmemo._memo is None
    build_kit("piecepack", options)
    assert calls[0] == 2 * once  # the second build worked everything out again


WORDS = ("a", "to", "the", "card's", "Rocket", "Fuel", "x", "3-4", "(fronts)", "é", "—",
         "turn-order", "W", "iiii", "MMMM", "ünïcödé", "→", "Ωmega", "1/2", "100%")


def _slow_wrap(text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and pdfmetrics.stringWidth(trial, font, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def test_wrap_breaks_where_measuring_every_trial_line_would() -> None:
    register_fonts()
    rng = random.Random(18)
    for _ in range(400):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 40)))
        if rng.random() < 0.3:
            text = text.replace(" ", "\n", 2)
        font = rng.choice([REGULAR, BOLD, OBLIQUE, CONDENSED_BOLD])
        size = rng.choice([5.0, 6.5, 7.6, 8.2, 9.25, 13.0])
        width = rng.uniform(10, 300)
        assert wrap(text, font, size, width) == _slow_wrap(text, font, size, width)


def test_a_font_not_bundled_is_still_wrapped_by_measuring() -> None:
    text = "a Helvetica line long enough to wrap twice over"
    assert wrap(text, "Helvetica", 10, 80) == _slow_wrap(text, "Helvetica", 10, 80)


@pytest.mark.parametrize("font", [REGULAR, BOLD, OBLIQUE, CONDENSED_BOLD, "Helvetica"])
def test_text_width_is_reportlabs_measure(font: str) -> None:
    register_fonts()
    for text in ("", "Spatial Delivery", "ünïcödé → 1/2", "W" * 300):
        for size in (5.0, 7.6, 13.0):
            assert text_width(text, font, size) == pdfmetrics.stringWidth(text, font, size)

"""Reading each field's boxes off the upright ink map: a digit per comb box, a tick, or ink.

Every box gives its likely contents with probabilities (``""`` for an empty box); a field's
candidates are the likeliest combinations of its boxes.  The printed box lines are taken out
first: a row or column near the box's edge that is inked most of its length is the printed
line (or its shadow), not the pen.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from pnp.render.geometry import Rect
from pnp.sheetread import digits
from pnp.sheetread.layout import FieldBox, SheetLayout

Floats = npt.NDArray[np.float32]
Options = tuple[tuple[str, float], ...]

EMPTY_BELOW = 0.012  # share of a box's pixels inked: below, the box is empty ...
INKED_ABOVE = 0.03  # ... above, something is written; between, either
TICK_EMPTY = 0.02
TICK_MARKED = 0.06
TEXT_EMPTY = 0.004
TOP_K = 3
MAX_CANDIDATES = 6
MIN_CANDIDATE = 0.01


@dataclass(frozen=True)
class Draft:
    """A field as the eye sees it, before the rules have their say."""

    box: FieldBox
    candidates: Options  # best first; empty for a text field with writing in it
    crop: tuple[int, int, int, int]  # left, top, right, bottom in the upright page's pixels

    @property
    def name(self) -> str:
        return self.box.name

    @property
    def best(self) -> tuple[str, float]:
        return self.candidates[0] if self.candidates else ("", 0.0)


def _pixels(layout: SheetLayout, rect: Rect, scale: float,
            shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    left, top, right, bottom = layout.image_box(rect, scale)
    return (max(0, left), max(0, top), min(int(shape[1]), right), min(int(shape[0]), bottom))


def box_ink(ink: Floats, where: tuple[int, int, int, int]) -> Floats:
    """The pen's ink inside one printed box, its printed edges removed."""
    left, top, right, bottom = where
    cut = np.array(ink[top:bottom, left:right], np.float32)
    if cut.size == 0:
        return cut
    h, w = cut.shape
    band_y, band_x = max(2, h // 5), max(2, w // 5)
    inked = cut > digits.INK
    for y in [*range(band_y), *range(h - band_y, h)]:
        if inked[y].mean() > 0.45:
            cut[y] = 0
    for x in [*range(band_x), *range(w - band_x, w)]:
        if inked[:, x].mean() > 0.45:
            cut[:, x] = 0
    edge = max(1, min(h, w) // 14)
    cut[:edge], cut[-edge:], cut[:, :edge], cut[:, -edge:] = 0, 0, 0, 0
    mask = (cut > digits.INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    specks = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] < max(4, h * w // 400)]
    if specks:
        cut[np.isin(labels, specks)] = 0
    return cut


def _share(cut: Floats) -> float:
    return float((cut > digits.INK).mean()) if cut.size else 0.0


def _blank_odds(share: float, low: float, high: float) -> float:
    """The probability that a box with this share of ink is blank."""
    if share <= low:
        return 1.0
    if share >= high:
        return 0.0
    return (high - share) / (high - low)


def _is_minus(cut: Floats) -> bool:
    mask = cut > digits.INK
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return False
    return (cols[-1] - cols[0] + 1) >= 2.2 * (rows[-1] - rows[0] + 1)


def read_boxes(ink: Floats, layout: SheetLayout, scale: float) -> list[Draft]:
    """Every field of the layout as the eye sees it."""
    pending: list[tuple[int, int, float]] = []  # (field index, box index, blank odds)
    inputs: list[Floats] = []
    per_box: list[list[Options]] = []
    for fi, fbox in enumerate(layout.fields):
        options: list[Options] = []
        if fbox.kind == "digits":
            for bi, rect in enumerate(fbox.boxes):
                cut = box_ink(ink, _pixels(layout, rect, scale, ink.shape))
                blank = _blank_odds(_share(cut), EMPTY_BELOW, INKED_ABOVE)
                if fbox.signed and bi == 0:
                    options.append((("", blank), ("-", 1 - blank)) if blank < 1 and
                                   _is_minus(cut) else (("", 1.0),) if blank == 1 else
                                   (("", blank), ("?", 1 - blank)))
                    continue
                prepared = digits.prepare(cut) if blank < 1 else None
                if prepared is None:
                    options.append((("", 1.0),))
                    continue
                pending.append((fi, bi, blank))
                inputs.append(prepared)
                options.append(())
        elif fbox.kind == "tick":
            cut = box_ink(ink, _pixels(layout, fbox.boxes[0], scale, ink.shape))
            blank = _blank_odds(_share(cut), TICK_EMPTY, TICK_MARKED)
            options.append(tuple(sorted((("", blank), ("x", 1 - blank)),
                                        key=lambda o: -o[1])))
        else:
            cut = box_ink(ink, _pixels(layout, fbox.rect, scale, ink.shape))
            options.append((("", 1.0),) if _share(cut) < TEXT_EMPTY else ())
        per_box.append(options)
    if inputs:
        order, probs = digits.top_k(np.stack(inputs), TOP_K)
        for (fi, bi, blank), guesses, ps in zip(pending, order, probs, strict=True):
            opts = [(str(int(d)), float(p) * (1 - blank)) for d, p in zip(guesses, ps,
                                                                         strict=True)]
            if blank > 0:
                opts.append(("", blank))
            per_box[fi][bi] = tuple(sorted(opts, key=lambda o: -o[1]))
    drafts = []
    for fbox, options in zip(layout.fields, per_box, strict=True):
        crop = _pixels(layout, fbox.rect.expand(3), scale, ink.shape)
        drafts.append(Draft(fbox, combine(options), crop))
    return drafts


def combine(options: list[Options]) -> Options:
    """A field's likeliest values from its boxes' options (each box's text joined left to
    right); a value that is not a clean number (a gap between digits, a lone sign) is kept,
    so the rules or the person can refuse it.

    >>> combine([(("1", 0.9), ("7", 0.1)), (("", 1.0),)])
    (('1', 0.9), ('7', 0.1))
    """
    if any(not o for o in options):
        return ()
    scored: dict[str, float] = {}
    for combo in itertools.product(*options):
        p = float(np.prod([c[1] for c in combo]))
        if p < MIN_CANDIDATE:
            continue
        value = _joined([c[0] for c in combo])
        scored[value] = scored.get(value, 0.0) + p
    ranked = sorted(scored.items(), key=lambda kv: -kv[1])[:MAX_CANDIDATES]
    return tuple((v, round(p, 6)) for v, p in ranked)


def _joined(parts: list[str]) -> str:
    """Digits joined; an empty box between two written ones is marked '_' (not a number)."""
    text = "".join(p or " " for p in parts).strip()
    return text.replace(" ", "_")


__all__ = ["Draft", "box_ink", "combine", "read_boxes"]

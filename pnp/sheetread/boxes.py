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
UNSURE_BLANK = 0.9  # a box that looks empty but has ink in its middle
TICK_EMPTY = 0.02
TICK_MARKED = 0.06
TEXT_EMPTY = 0.004
TOP_K = 3
BAND = 2  # pixels blanked each side of a printed wall's line
SEARCH = 5  # pixels a comb's printed lines are looked for around where the layout puts them
STROKE = 0.3  # a pen stroke in the ink map (even a thin, faint one: never call it blank)
MAX_CANDIDATES = 6
MIN_CANDIDATE = 0.01
HUG = 0.16  # a faint stroke wholly this close to a printed wall (a share of the box) ...
FAINT = 0.75  # ... none of it this dark (a pen's is), is what is left of the wall
STUB = 0.5  # ... and so is a dark one there shorter than this share of the box (a corner)
OUTSIDE = 0.02  # prior odds that a box holds a digit outside its alphabet (a slip of the pen)


@dataclass(frozen=True)
class Draft:
    """A field as the eye sees it, before the rules have their say."""

    box: FieldBox
    candidates: Options  # best first; empty for a text field with writing in it
    crop: tuple[int, int, int, int]  # left, top, right, bottom in the upright page's pixels
    parts: tuple[Options, ...] = ()  # each box's own options (a comb's digits)

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


def _lines(mask: npt.NDArray[np.uint8], long_x: int, long_y: int) -> npt.NDArray[np.bool_]:
    """Straight printed lines in a mask: runs at least ``long_x`` wide or ``long_y`` tall
    (a pen stroke is seldom that straight and that long)."""
    flat = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, max(3, long_x)), np.uint8))
    tall = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((max(3, long_y), 1), np.uint8))
    lines = cv2.dilate(np.maximum(flat, tall), np.ones((3, 3), np.uint8))
    return np.asarray(lines > 0)


def pen_ink(ink: Floats, where: tuple[int, int, int, int], box_w: int,
            box_h: int) -> tuple[Floats, npt.NDArray[np.int32], npt.NDArray[np.int32],
                                 npt.NDArray[np.float64]]:
    """The pen's strokes in an area: the ink with the printed lines taken out, and its
    connected strokes (labels, stats, centroids)."""
    left, top, right, bottom = where
    cut = np.array(ink[top:bottom, left:right], np.float32)
    mask = (cut > STROKE).astype(np.uint8)
    cut[_lines(mask, int(box_w * 0.95), int(box_h * 0.92))] = 0
    mask = (cut > STROKE).astype(np.uint8)
    _, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    return (cut, np.asarray(labels, np.int32), np.asarray(stats, np.int32),
            np.asarray(centroids, np.float64))


def _drop_printed(window: Floats, xs: list[int], ys: list[int]) -> tuple[int, int]:
    """Blank the printed walls and edges of a comb: where the layout puts them, nudged by a
    few pixels to where the ink actually is (the photo's small misregistration); the nudge
    (dx, dy) is returned."""
    h, w = window.shape
    faint = window > 0.2
    y0, y1 = max(0, min(ys)), min(h, max(ys))
    x0, x1 = max(0, min(xs)), min(w, max(xs))
    cols = faint[y0:y1].sum(axis=0).astype(np.float64)
    rows = faint[:, x0:x1].sum(axis=1).astype(np.float64)
    dx = _best_shift(cols, xs)
    dy = _best_shift(rows, ys)
    before = window.copy()
    # a pen stroke that crosses a wall stays whole: ink on both sides bridges the gap
    for x in xs:
        a, b = max(1, x + dx - BAND), min(w - 1, x + dx + BAND + 1)
        top, bottom = max(0, y0 + dy - BAND), min(h, y1 + dy + BAND + 1)
        across = np.minimum(before[top:bottom, a - 1], before[top:bottom, b])
        window[top:bottom, a:b] = np.where(across > STROKE, across, 0.0)[:, None]
    for y in ys:
        a, b = max(1, y + dy - BAND), min(h - 1, y + dy + BAND + 1)
        left, right = max(0, x0 + dx - BAND), min(w, x1 + dx + BAND + 1)
        across = np.minimum(before[a - 1, left:right], before[b, left:right])
        window[a:b, left:right] = np.where(across > STROKE, across, 0.0)[None, :]
    return dx, dy


def _hugging(cut: Floats, labels: npt.NDArray[np.int32], stats: npt.NDArray[np.int32],
             xs: list[int], ys: list[int], box_w: int,
             box_h: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Which strokes are a printed wall's leftovers, and which may be: both lie wholly along
    a wall (within ``HUG`` of a box's size of its line).  A faint one (no pixel as dark as
    ``FAINT``) is what the blanking left of a blurred or doubled wall (a dashed line just
    inside the box), which an empty box would otherwise read as a 7 or a 1.  A dark one
    shorter than ``STUB`` of the box's size may be a dark frame's corner stub (where a comb's
    wall meets a table's heavy rule: two of them one above the other read as a 1) or a piece
    of a digit written over the wall (the bottom of a 0, cut off by the blanking), so it is
    dropped only from a box with no other ink (``box_cuts``).  A pen's stroke along a wall
    that is darker and longer (a 1 written against the wall) stays."""
    count = len(stats)
    h, w = labels.shape
    rows, cols = np.zeros(h, bool), np.zeros(w, bool)
    ry, rx = max(BAND + 1, round(HUG * box_h)), max(BAND + 1, round(HUG * box_w))
    for y in ys:
        rows[max(0, y - ry):max(0, y + ry + 1)] = True
    for x in xs:
        cols[max(0, x - rx):max(0, x + rx + 1)] = True
    inside = np.bincount(labels[~(rows[:, None] | cols[None, :])], minlength=count)
    out = np.asarray(inside[:count] == 0)
    out[0] = False
    stub = STUB * min(box_w, box_h)
    short = np.zeros(count, bool)
    for i in np.flatnonzero(out):
        if float(cut[labels == i].max()) >= FAINT:
            out[i] = False
            short[i] = max(stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]) < stub
    return out, short


_SHIFTS = sorted(range(-SEARCH, SEARCH + 1), key=abs)  # 0, -1, 1, -2, 2 ...


def _best_shift(profile: npt.NDArray[np.float64], at: list[int]) -> int:
    """The shift (at most ``SEARCH`` pixels) that puts the most ink under the lines ``at``;
    of equal ones the smallest (the negative first).  (A few lines and eleven shifts: plain
    Python, as NumPy's calls on such small arrays cost more than the sums.)

    >>> _best_shift(np.array([0, 0, 3, 0, 0, 0, 3, 0, 0], np.float64), [1, 5])
    1
    >>> _best_shift(np.zeros(9), [1, 5])
    0
    """
    values = profile.tolist()
    n = len(values)
    best, most = 0, -1.0
    for shift in _SHIFTS:
        score = sum(values[x + shift] for x in at if 0 <= x + shift < n)
        if score > most:
            best, most = shift, score
    return best


def box_cuts(ink: Floats, layout: SheetLayout, boxes: tuple[Rect, ...],
             scale: float) -> list[Floats]:
    """Each box's pen ink: the strokes whose centre lies in the box, wherever they reach."""
    rects = [layout.image_box(b, scale) for b in boxes]
    box_w = max(1, round(min(r[2] - r[0] for r in rects)))
    box_h = max(1, round(min(r[3] - r[1] for r in rects)))
    pad_x, pad_y = box_w // 3, box_h // 4
    left = max(0, min(r[0] for r in rects) - pad_x)
    top = max(0, min(r[1] for r in rects) - pad_y)
    right = min(ink.shape[1], max(r[2] for r in rects) + pad_x)
    bottom = min(ink.shape[0], max(r[3] for r in rects) + pad_y)
    window = np.array(ink[top:bottom, left:right], np.float32)
    xs = [r[0] - left for r in rects] + [rects[-1][2] - left]
    ys = [rects[0][1] - top, rects[0][3] - top]
    dx, dy = _drop_printed(window, xs, ys)
    cut, labels, stats, centroids = pen_ink(window, (0, 0, window.shape[1], window.shape[0]),
                                            box_w, box_h)
    hugging, stubs = _hugging(cut, labels, stats, [x + dx for x in xs],
                              [y + dy for y in ys], box_w, box_h)
    speck = max(4, box_w * box_h // 150)
    out = [np.zeros((box_h, box_w), np.float32) for _ in rects]
    spread: list[list[int]] = [[] for _ in rects]
    for i in range(1, len(stats)):
        if stats[i, cv2.CC_STAT_AREA] < speck or hugging[i]:
            continue
        cx, cy = centroids[i][0] + left, centroids[i][1] + top
        for j, (x0, y0, x1, y1) in enumerate(rects):
            if x0 <= cx < x1 and y0 - pad_y / 2 <= cy < y1 + pad_y / 2:
                spread[j].append(i)
                break
    for j, members in enumerate(spread):
        if not members or all(stubs[i] for i in members):
            continue  # nothing, or only a frame's corner stubs: an empty box
        x0, y0, x1, y1 = rects[j]
        keep = np.zeros(len(stats), bool)
        keep[members] = True
        mine = np.where(keep[labels], cut, np.float32(0.0))
        # the box's own window, widened to hold strokes that reach over its walls
        out[j] = mine[max(0, y0 - top - pad_y):y1 - top + pad_y,
                      max(0, x0 - left - pad_x):x1 - left + pad_x]
    return out


def _share(cut: Floats, area: int) -> float:
    return float((cut > STROKE).sum()) / max(1, area) if cut.size else 0.0

def _blank_odds(share: float, low: float, high: float) -> float:
    """The probability that a box with this share of ink is blank."""
    if share <= low:
        return 1.0
    if share >= high:
        return 0.0
    return (high - share) / (high - low)


def _is_minus(cut: Floats) -> bool:
    mask = cut > STROKE
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return False
    return bool((cols[-1] - cols[0] + 1) >= 2.2 * (rows[-1] - rows[0] + 1))


def read_boxes(ink: Floats, layout: SheetLayout, scale: float) -> list[Draft]:
    """Every field of the layout as the eye sees it."""
    pending: list[tuple[int, int, float]] = []  # (field index, box index, blank odds)
    inputs: list[Floats] = []
    per_box: list[list[Options]] = []
    for fi, fbox in enumerate(layout.fields):
        options: list[Options] = []
        if fbox.kind == "digits":
            area = _area(layout, fbox.boxes[-1], scale)
            for bi, cut in enumerate(box_cuts(ink, layout, fbox.boxes, scale)):
                blank = _blank_odds(_share(cut, area), EMPTY_BELOW, INKED_ABOVE)
                if blank == 1.0 and _inked_middle(ink, layout, fbox.boxes[bi], scale):
                    blank = UNSURE_BLANK  # ink in the box's middle: never surely empty
                if fbox.signed and bi == 0:
                    if blank == 1:
                        options.append((("", 1.0),))
                    elif _is_minus(cut):
                        options.append((("-", 1 - blank), ("", blank)))
                    else:
                        options.append((("?", 1 - blank), ("", blank)))
                    continue
                prepared = digits.prepare(cut) if blank < 1 else None
                if prepared is None:
                    options.append((("", 1.0),) if blank == 1 else
                                   (("", blank), ("?", 1 - blank)))
                    continue
                pending.append((fi, bi, blank))
                inputs.append(prepared)
                options.append(())
        elif fbox.kind == "tick":
            options.append(_ticks(ink, layout, fbox.boxes, ("x",), scale))
        elif fbox.kind == "choice":
            options.append(_ticks(ink, layout, fbox.option_boxes, fbox.options, scale))
            for rect in fbox.boxes:  # the number after the letter: a comb, read as one
                ready, blank, prepared = _digit_box(ink, layout, rect, scale)
                if prepared is None:
                    options.append(ready)
                    continue
                pending.append((fi, len(options), blank))
                inputs.append(prepared)
                options.append(())
        else:
            # the box's own printed edge, a pixel off where a tilted photo puts it, must not
            # read as writing: the window stays ``BAND`` pixels inside it
            left, top, right, bottom = _pixels(layout, fbox.rect, scale, ink.shape)
            where = (left + BAND, top + BAND, max(left + BAND + 1, right - BAND),
                     max(top + BAND + 1, bottom - BAND))
            h = where[3] - where[1]
            cut, _, stats, _ = pen_ink(ink, where, h, h)
            written = [a for a in stats[1:, cv2.CC_STAT_AREA] if a >= max(4, h * h // 150)]
            options.append((("", 1.0),) if sum(written) < TEXT_EMPTY * cut.size else ())
        per_box.append(options)
    if inputs:
        every = digits.probabilities(np.stack(inputs))
        for k, (fi, _bi, _blank) in enumerate(pending):
            every[k] = within(every[k], layout.fields[fi].alphabet)
        order = np.argsort(-every, axis=1)[:, :TOP_K]
        probs = np.take_along_axis(every, order, axis=1)
        for (fi, bi, blank), guesses, ps in zip(pending, order, probs, strict=True):
            opts = [(str(int(d)), float(p) * (1 - blank)) for d, p in zip(guesses, ps,
                                                                         strict=True)]
            if blank > 0:
                opts.append(("", blank))
            per_box[fi][bi] = tuple(sorted(opts, key=lambda o: -o[1]))
    drafts = []
    for fbox, options in zip(layout.fields, per_box, strict=True):
        crop = _pixels(layout, fbox.rect.expand(3), scale, ink.shape)
        drafts.append(Draft(fbox, combine(options), crop, tuple(options)))
    return drafts


def within(probs: Floats, alphabet: str) -> Floats:
    """A box's digit probabilities knowing what it may hold: the classifier's odds (made for
    any digit alike) weighed by a prior that gives the box's own alphabet (a Weird Galaxy rank
    0-5) all but ``OUTSIDE`` of the mass.  A digit the box may not hold keeps that doubt: a
    hesitant 1-or-7 in a 0-5 box is a 1 the rules may choose, while a plain 7 stays a 7, and
    is asked (``settle.fits``).

    >>> p = np.array([0, .35, 0, 0, 0, 0, 0, .6, 0, .05], np.float32)
    >>> [round(float(x), 2) for x in within(p, "012345")[[1, 7, 9]]]
    [0.95, 0.05, 0.0]
    >>> round(float(within(np.eye(10, dtype=np.float32)[7], "012345")[7]), 2)
    1.0
    """
    if len(alphabet) >= 10:
        return probs
    inside = np.array([str(d) in alphabet for d in range(10)])
    prior = np.where(inside, (1 - OUTSIDE) / inside.sum(), OUTSIDE / (~inside).sum())
    weighed = probs * prior
    return np.asarray(weighed / max(float(weighed.sum()), 1e-12), np.float32)


def _ticks(ink: Floats, layout: SheetLayout, rects: tuple[Rect, ...], values: tuple[str, ...],
           scale: float) -> Options:
    """One mark among tick boxes (a tick field has one box, "x"; a choice one box per
    option): each option with the odds that it alone is ticked, "" that none is, "?" that
    several are (never taken without the person)."""
    marked = []
    for rect in rects:
        (cut,) = box_cuts(ink, layout, (rect,), scale)
        marked.append(1 - _blank_odds(_share(cut, _area(layout, rect, scale)),
                                      TICK_EMPTY, TICK_MARKED))
    odds = {"": float(np.prod([1 - m for m in marked]))}
    for k, value in enumerate(values):
        odds[value] = marked[k] * float(np.prod([1 - m for j, m in enumerate(marked)
                                                  if j != k]))
    odds["?"] = max(0.0, 1.0 - sum(odds.values()))
    return tuple(sorted(((v, p) for v, p in odds.items() if p > 0 or v == ""),
                        key=lambda o: -o[1]))


def _digit_box(ink: Floats, layout: SheetLayout, rect: Rect,
               scale: float) -> tuple[Options, float, Floats | None]:
    """One comb box alone: its options when it is (or may be) blank without a readable
    stroke (and no input), else its blank odds and the classifier's input."""
    (cut,) = box_cuts(ink, layout, (rect,), scale)
    blank = _blank_odds(_share(cut, _area(layout, rect, scale)), EMPTY_BELOW, INKED_ABOVE)
    if blank == 1.0 and _inked_middle(ink, layout, rect, scale):
        blank = UNSURE_BLANK
    prepared = digits.prepare(cut) if blank < 1 else None
    if prepared is None:
        return ((("", 1.0),) if blank == 1 else (("", blank), ("?", 1 - blank))), blank, None
    return (), blank, prepared


def _inked_middle(ink: Floats, layout: SheetLayout, rect: Rect, scale: float) -> bool:
    """Whether the middle of a box (away from its printed walls) holds any ink at all."""
    left, top, right, bottom = layout.image_box(rect, scale)
    dx, dy = (right - left) // 4, (bottom - top) // 5
    middle = ink[top + dy:bottom - dy, left + dx:right - dx]
    return bool(middle.size) and float((middle > STROKE).mean()) > EMPTY_BELOW / 2


def _area(layout: SheetLayout, rect: Rect, scale: float) -> int:
    left, top, right, bottom = layout.image_box(rect, scale)
    return max(1, (right - left) * (bottom - top))


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
        value = joined([c[0] for c in combo])
        scored[value] = scored.get(value, 0.0) + p
    ranked = sorted(scored.items(), key=lambda kv: -kv[1])[:MAX_CANDIDATES]
    return tuple((v, round(p, 6)) for v, p in ranked)


def joined(parts: list[str]) -> str:
    """Digits joined; an empty box between two written ones is marked '_' (not a number)."""
    text = "".join(p or " " for p in parts).strip()
    return text.replace(" ", "_")


__all__ = ["Draft", "box_cuts", "combine", "joined", "pen_ink", "read_boxes", "within"]

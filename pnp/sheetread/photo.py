"""From a photo's bytes to an upright, evenly lit sheet: decode, find, undo perspective.

The four ArUco markers of a readable sheet (``pnp.sheetread.layout``) give the perspective,
the rotation and the scale at once; the QR code names the layout, whose geometry then says
where every box is.  Light is evened out by dividing the page by its own blank paper (a wide
maximum filter), so a shadow across the sheet does not read as ink.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np
import numpy.typing as npt

from pnp.sheetread.aruco import DICTIONARY, MARKER_IDS
from pnp.sheetread.layout import SheetCode, SheetCodeError, SheetLayout, layouts
from pnp.sheetread.reading import NoSheetFound, NotAnImage, PhotoTooBlurred, PhotoTooSmall

MAX_BYTES = 25 * 1024 * 1024
MAX_PIXELS = 60_000_000
MIN_SIDE = 480
MIN_PX_PER_MM = 3.0  # a 5 mm digit box at least 15 pixels wide in the photo
SCALE = 2.5  # pixels a point of the upright page (180 dpi)
DETECT_SIDE = 2000  # markers are looked for in a copy at most this many pixels long ...
QUICK_SIDE = 1000  # ... where a first look in one this long found them
QUICK_MARGIN = 40  # pixels around a marker the detector looks at (its threshold windows: 23)
MIN_SHARPNESS = 12.0  # variance of the Laplacian inside the markers, below which it is blur

Gray = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float32]


def decode(data: bytes) -> Gray:
    """The photo as 8-bit gray, or a clear NotAnImage."""
    if not data:
        raise NotAnImage("the file is empty")
    if len(data) > MAX_BYTES:
        raise NotAnImage(f"the file is {len(data) / 1e6:.0f} MB; a photo of a sheet needs at "
                         f"most {MAX_BYTES // (1024 * 1024)} MB (send a JPEG)")
    kind = _sniff(data)
    if kind == "pdf":
        raise NotAnImage("that is a PDF, not a photo: check a filled PDF with "
                         "`pnp check-sheet` (or the tracker's PDF upload)")
    if kind == "heic":
        raise NotAnImage("that is a HEIC photo, which this reader cannot open: set the "
                         "camera to JPEG ('Most Compatible') or share the photo as JPEG")
    if kind is None:
        raise NotAnImage("that file is not a photo (JPEG, PNG, WebP, BMP or TIFF)")
    size = _dimensions(data, kind)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise NotAnImage(f"the image is {size[0]} x {size[1]} pixels; at most "
                         f"{MAX_PIXELS // 1_000_000} megapixels are read")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    if image is None or image.size == 0:
        raise NotAnImage(f"the {kind.upper()} file is damaged or cut short: it does not "
                         "decode")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise NotAnImage(f"the image is {image.shape[1]} x {image.shape[0]} pixels; at most "
                         f"{MAX_PIXELS // 1_000_000} megapixels are read")
    if min(image.shape) < MIN_SIDE:
        raise PhotoTooSmall(f"the photo is only {image.shape[1]} x {image.shape[0]} pixels; "
                            f"take it at the camera's full size (at least {MIN_SIDE} pixels "
                            "on the short side, the sheet filling the frame)")
    return np.asarray(image, np.uint8)


def _sniff(data: bytes) -> str | None:
    head = data[:32]
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith(b"BM"):
        return "bmp"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if head.startswith(b"%PDF"):
        return "pdf"
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc"):
        return "heic"
    return None


def _dimensions(data: bytes, kind: str) -> tuple[int, int] | None:
    """Width and height from the header (before decoding a possible pixel bomb)."""
    if kind == "png" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    if kind == "jpeg":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            length = int.from_bytes(data[i + 2:i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return int(w), int(h)
            i += 2 + length
    return None


# -- finding the sheet -----------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """The markers seen in a photo: each id's four corners in the photo's pixels."""

    corners: dict[int, Floats]
    px_per_mm: float


@cache
def _detector() -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(dictionary, params)


def find_markers(image: Gray, marker_mm: float) -> Found:
    """The corner markers, found in a copy at most ``DETECT_SIDE`` pixels long.  A first look
    in a small copy (``QUICK_SIDE``) says where they are; the detector then looks only there,
    in the large copy (the same corners as looking at all of it).  A record page full of
    printed squares (a Wormholes continuation page: 645 fields) made the detector weigh every
    one of them (0.5-0.6 s a photo; 0.05-0.08 s so)."""
    quick = _detect(image, marker_mm, QUICK_SIDE)
    if len(quick.corners) < 4:
        return _detect(image, marker_mm, DETECT_SIDE)
    scale = min(1.0, DETECT_SIDE / max(image.shape))
    work = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale,
                                                 interpolation=cv2.INTER_AREA)
    found: dict[int, Floats] = {}
    for marker_id, quad in quick.corners.items():
        at = quad * scale
        side = float(np.ptp(at[:, 0])) + float(np.ptp(at[:, 1]))
        margin = max(QUICK_MARGIN, side)
        x0, y0 = np.maximum(at.min(axis=0) - margin, 0).astype(int)
        x1, y1 = (at.max(axis=0) + margin).astype(int)
        corners, ids, _ = _detector().detectMarkers(work[y0:y1, x0:x1])
        mine = [q for q, (i,) in zip(corners, ids if ids is not None else (), strict=True)
                if int(i) == marker_id]
        if not mine:
            return _detect(image, marker_mm, DETECT_SIDE)
        offset = np.array([x0, y0], np.float32)
        found[marker_id] = np.asarray((mine[0].reshape(4, 2) + offset) / scale, np.float32)
    sides = [float(np.linalg.norm(q[i] - q[(i + 1) % 4])) for q in found.values()
             for i in range(4)]
    return Found(found, sum(sides) / len(sides) / marker_mm)


def _detect(image: Gray, marker_mm: float, side: int) -> Found:
    scale = min(1.0, side / max(image.shape))
    work = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale,
                                                 interpolation=cv2.INTER_AREA)
    corners, ids, _ = _detector().detectMarkers(work)
    found: dict[int, Floats] = {}
    if ids is not None:
        for quad, (marker_id,) in zip(corners, ids, strict=True):
            if int(marker_id) in MARKER_IDS and int(marker_id) not in found:
                found[int(marker_id)] = np.asarray(quad.reshape(4, 2) / scale, np.float32)
    sides = [float(np.linalg.norm(q[i] - q[(i + 1) % 4])) for q in found.values()
             for i in range(4)]
    return Found(found, (sum(sides) / len(sides) / marker_mm) if sides else 0.0)


def sharpness(image: Gray, found: Found) -> float:
    """How sharp the photo is where the markers are (their edges are black on white)."""
    values = []
    for quad in found.corners.values():
        x0, y0 = np.maximum(quad.min(axis=0).astype(int) - 4, 0)
        x1, y1 = quad.max(axis=0).astype(int) + 4
        patch = image[y0:y1, x0:x1]
        if patch.size:
            side = max(1.0, found.px_per_mm * 9 / 60)  # measure at ~60 px a marker
            small = cv2.resize(patch, None, fx=1 / side, fy=1 / side,
                               interpolation=cv2.INTER_AREA) if side > 1 else patch
            values.append(float(cv2.Laplacian(small, cv2.CV_64F).var()))
    return max(values) if values else 0.0


def whole_sharpness(image: Gray) -> float:
    """How sharp the whole photo is (infinite for a photo of nothing: a blank wall is not
    blurred, it holds no sheet)."""
    scale = min(1.0, 800 / max(image.shape))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    if float(small.std()) < 12:
        return float("inf")
    return float(cv2.Laplacian(small, cv2.CV_64F).var())


def homography(found: Found, layout: SheetLayout, scale: float = SCALE) -> Floats:
    """The photo-to-page transform (page points times ``scale``) from the markers seen."""
    page = layout.marker_corners()
    src = np.concatenate([found.corners[i] for i in sorted(found.corners)])
    dst = np.concatenate([np.asarray(page[i], np.float32) * scale
                          for i in sorted(found.corners)])
    matrix, _ = cv2.findHomography(src, dst, 0)
    if matrix is None:
        raise NoSheetFound("the sheet's corner marks do not line up: photograph the sheet "
                           "flat, all of it in the frame")
    return np.asarray(matrix, np.float32)


@cache
def _qr_places() -> tuple[SheetLayout, ...]:
    """One layout for each distinct (page, markers, QR square) among the known sheets."""
    from pnp.sheets import sheet_games

    seen: dict[tuple[object, ...], SheetLayout] = {}
    for game_id in sheet_games():
        for lay in layouts(game_id, old=True):
            key = (lay.page, lay.markers, lay.qr)
            seen.setdefault(key, lay)
    return tuple(seen.values())


_ZXING_SCALES = (6.0, 4.0, 8.0, 3.0)
"""Pixels a point at which the straightened QR square is handed to zxing-cpp, in order: a
17 mm code on a 3-megapixel photo (about 2.5 pixels a module) decodes there, when OpenCV's
decoders need twice the pixels."""

_QR_TRIES = ((4.0, "plain"), (4.0, "sharp"), (3.0, "sharp"), (6.0, "plain"), (6.0, "otsu"),
             (9.0, "sharp"), (6.0, "sharper"), (8.0, "plain"))
"""How the QR square is cut out and cleaned up for OpenCV's decoders when zxing-cpp found
nothing, in order (pixels a point, filter): a small, soft QR in a photo decodes at one scale
and not another."""


def read_code(image: Gray, found: Found) -> SheetCode:
    """The sheet QR's payload: looked for where each known design prints it, then anywhere.
    The designs whose corner marks fit the photo's best come first (an A5 page's marks sit
    closer together for their size than an A4 page's), and each way of cleaning the QR up is
    tried at every place before the next, costlier one: a clear photo of a sheet decodes at
    the first try of its own design (an A5 sheet: 1.2-1.8 -> 0.1 s, when the eight A4 and
    Letter places were tried to the end first)."""
    texts: list[str] = []
    if len(found.corners) >= 3:
        text = _qr_near(image, found, by_fit(found, _qr_places()))
        if text:
            texts.append(text)
    if not texts:
        scale = min(1.0, DETECT_SIDE / max(image.shape))
        work = image if scale == 1.0 else np.asarray(
            cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), np.uint8)
        texts = [t for t in _zxing(image) + _decode_all(work) if t.startswith("pnpsheet:")]
    if not texts:
        raise NoSheetFound("found the sheet's corner marks but could not read its QR code "
                           f"(the sheet is {found.px_per_mm:.1f} pixels a millimetre in the "
                           "photo): come closer, in focus, the code unshaded")
    try:
        return SheetCode.parse(texts[0])
    except SheetCodeError as exc:
        raise NoSheetFound(str(exc)) from None


def _qr_crop(image: Gray, found: Found, lay: SheetLayout, qs: float) -> Gray:
    """The QR square of ``lay`` (with 8 points of margin) straightened at ``qs`` pixels a
    point."""
    q = lay.qr
    m = homography(found, lay, qs)
    x0, y0 = q.x * qs, (lay.page[1] - q.y2) * qs
    shift = np.array([[1, 0, -x0 + 8 * qs], [0, 1, -y0 + 8 * qs], [0, 0, 1]], np.float32)
    side = int((q.w + 16) * qs)
    return np.asarray(cv2.warpPerspective(image, shift @ m, (side, side),
                                          flags=cv2.INTER_CUBIC), np.uint8)


def by_fit(found: Found, places: tuple[SheetLayout, ...]) -> list[SheetLayout]:
    """``places`` in the order their corner marks fit the marks seen: the mean distance (page
    points) between each mark corner seen, carried onto the page by the best transform, and
    where the design prints it.  Designs on the same paper tie and keep their order."""
    errors = []
    for lay in places:
        page = lay.marker_corners()
        ids = [i for i in sorted(found.corners) if i in page]
        if len(ids) < 3:
            errors.append(float("inf"))
            continue
        src = np.concatenate([found.corners[i] for i in ids]).astype(np.float32)
        dst = np.concatenate([np.asarray(page[i], np.float32) for i in ids])
        matrix, _ = cv2.findHomography(src, dst, 0)
        if matrix is None:
            errors.append(float("inf"))
            continue
        moved = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        errors.append(round(float(np.linalg.norm(moved - dst, axis=1).mean()), 1))
    order = sorted(range(len(places)), key=lambda k: errors[k])
    return [places[k] for k in order]


def _qr_near(image: Gray, found: Found, places: list[SheetLayout]) -> str:
    """The first sheet QR decoded at one of ``places``: each try at every place in turn."""
    for qs in _ZXING_SCALES:
        for lay in places:
            crop = _qr_crop(image, found, lay, qs)
            for text in _zxing(crop) + (_zxing(_unsharp(crop, qs)) if qs in (6.0, 4.0)
                                        else []):
                if text.startswith("pnpsheet:"):
                    return text
    for qs, how in _QR_TRIES:
        for lay in places:
            crop = _qr_crop(image, found, lay, qs)
            if how in ("sharp", "sharper"):
                amount = 0.8 if how == "sharp" else 2.5
                soft = cv2.GaussianBlur(crop, (0, 0), qs / 3 if how == "sharp" else 3.0)
                crop = np.asarray(cv2.addWeighted(crop, 1 + amount, soft, -amount, 0),
                                  np.uint8)
            elif how == "otsu":
                crop = np.asarray(cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY
                                                + cv2.THRESH_OTSU)[1], np.uint8)
            for text in _decode_all(crop):
                if text.startswith("pnpsheet:"):
                    return text
    return ""


def _unsharp(crop: Gray, qs: float) -> Gray:
    """The crop with its edges sharpened (a blurred photo's modules run together)."""
    soft = cv2.GaussianBlur(crop, (0, 0), 0.75 * qs)
    return np.asarray(np.clip(crop.astype(np.float32) * 3.0 - 2.0 * soft, 0, 255), np.uint8)


def _zxing(image: Gray) -> list[str]:
    """Every QR payload zxing-cpp finds (a stronger decoder of small, soft codes)."""
    import zxingcpp

    return [str(b.text) for b in zxingcpp.read_barcodes(
        image, formats=zxingcpp.barcode_formats_from_str("QRCode"), try_rotate=True,
        try_downscale=False) if b.text]


@cache
def _qr_detectors() -> tuple[cv2.QRCodeDetector, cv2.QRCodeDetectorAruco]:
    return cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco()


def _decode_all(image: Gray) -> list[str]:
    """Every QR payload the decoders find (the sheet QR, the kit's tracker QR...)."""
    out: list[str] = []
    for detector in _qr_detectors():
        try:
            ok, texts, _, _ = detector.detectAndDecodeMulti(image)
        except cv2.error:
            continue
        if ok:
            out += [str(t) for t in texts if t]
        if any(t.startswith("pnpsheet:") for t in out):
            break
    return out


def upright(image: Gray, matrix: Floats, layout: SheetLayout) -> Gray:
    size = (round(layout.page[0] * SCALE), round(layout.page[1] * SCALE))
    out = cv2.warpPerspective(image, matrix, size, flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=255)
    return np.asarray(out, np.uint8)


def ink_map(page: Gray) -> Floats:
    """0 for blank paper .. 1 for pen ink, whatever the light: the page divided by its
    paper (the brightest nearby), so shadows and gradients cancel out."""
    small = cv2.resize(page, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, np.ones((9, 9), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), 3)
    paper = cv2.resize(paper, (page.shape[1], page.shape[0]), interpolation=cv2.INTER_LINEAR)
    ratio = page.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)
    return np.asarray(np.clip((0.88 - ratio) / 0.45, 0.0, 1.0), np.float32)


def check_found(image: Gray, found: Found) -> None:
    """Refuse a photo whose sheet cannot be read, saying why."""
    if len(found.corners) < 3:
        if whole_sharpness(image) < MIN_SHARPNESS / 2:
            raise PhotoTooBlurred("the photo is too blurred to find the sheet: hold still "
                                  "and let the camera focus")
        if found.corners:
            raise NoSheetFound(f"only {len(found.corners)} of the sheet's 4 corner marks are "
                               "in the photo: get the whole sheet in the frame")
        raise NoSheetFound("no score sheet in this photo: photograph a printed pnp sheet "
                           "(it has a square black mark in each corner and a QR code)")
    if found.px_per_mm < MIN_PX_PER_MM:
        raise PhotoTooSmall(f"the sheet is too small in the photo ({found.px_per_mm:.1f} "
                            f"pixels a millimetre, {MIN_PX_PER_MM:.0f} needed): come closer "
                            "so the sheet fills the frame")
    if sharpness(image, found) < MIN_SHARPNESS:
        raise PhotoTooBlurred("the photo is too blurred to read the digits: hold still and "
                              "let the camera focus")


__all__ = ["MAX_BYTES", "SCALE", "Found", "check_found", "decode", "find_markers",
           "homography", "ink_map", "read_code", "upright"]

"""A pen-filled score sheet checked from a phone photo: upload, read, confirm, check.

Several photos sent at once are the pages of one record (the Wormholes front page and its
continuation pages): they are read as one (``pnp.sheetread.record.read_photos``, in page
order), confirmed on one page whose fields are named ``p{k}-NAME`` by page, checked once page
by page (``SheetSpec.check_pages``) and kept with the photos stacked into one JPEG.

The sheet page's photo form (``capture="environment"``: a phone opens its camera) posts the
photo here; ``pnp.sheetread.read_photo`` reads it and the confirm page shows every field's
crop beside the value read, the uncertain ones first, each correctable with one tap (the
number pad opens on it; the likeliest other readings are buttons).  Nothing is stored until
the person confirms: the confirm form itself carries the photo (re-encoded, smaller) and the
reading, signed with the app's secret so neither can be swapped on the way.  Confirming checks
the values as the typed form does and stores the result with its photo, at
``/sheets/checks/ID`` (the photo at ``/sheets/checks/ID/photo.jpg``).  A bad upload (not an
image, too large, no sheet in it, a sheet of another game or an old print) gets the reader's
own message on the sheet page, never a server error.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import cv2
import numpy as np
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlalchemy import insert, select
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as BaseResponse

from pnp.engine import PnpError
from pnp.sheetread import Document, SheetReadError, SheetReading, read_photo
from pnp.sheetread.confirm import second_look
from pnp.sheetread.parts import merged, with_problems
from pnp.sheetread.reading import percent
from pnp.sheetread.record import check_read, read_photos, record_spec
from webscore import security
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.models import sheet_checks
from webscore.sheetforms import check, check_pages, form_spec

bp = Blueprint("sheetphoto", __name__)
bp.add_app_template_filter(percent, "percent")

MAX_PHOTO_BYTES = 20 * 1024 * 1024  # a phone's full-size JPEG, with room to spare
MAX_PHOTOS = 12  # pages sent at once (a longer record: its pages in several checks, or JSON)
MAX_UPLOAD_BYTES = 48 * 1024 * 1024  # all the photos of one upload
KEPT_SIDE = 1600  # the photo kept with the result: its long side in pixels, JPEG
KEPT_PAGE_SIDE = 1000  # ... each page's, when several pages are kept stacked
KEPT_QUALITY = 80
MAX_CONFIRM_FORM = 16 * 1024 * 1024  # carries the kept photo, the reading and every crop
ORDER = {"ask": 0, "ruled": 1, "read": 2}
CROP_QUALITY = 60  # a field's picture, grey JPEG: a third of the reader's PNG, as legible
STATUS_WORDS = {"ask": "to confirm", "ruled": "chosen by the rules", "read": "read"}


# -- the photo kept with the result, and the signature that carries it to the confirm --------
def keep_photo(data: bytes) -> bytes:
    """The uploaded photo as a JPEG of at most ``KEPT_SIDE`` pixels (read_photo has already
    checked it opens)."""
    return keep_photos([data])


def keep_photos(photos: list[bytes]) -> bytes:
    """The uploaded photos (one a page, in page order) as one JPEG: each page at most
    ``KEPT_SIDE`` pixels long (``KEPT_PAGE_SIDE`` when there are several), stacked top to
    bottom on white."""
    side = KEPT_SIDE if len(photos) == 1 else KEPT_PAGE_SIDE
    images = []
    for data in photos:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            raise ApiError(422, "that file is not a photo", field="photo")
        height, width = image.shape[:2]
        scale = min(1.0, side / max(height, width))
        if scale < 1.0:
            image = cv2.resize(image, (round(width * scale), round(height * scale)),
                               interpolation=cv2.INTER_AREA)
        images.append(image)
    width = max(image.shape[1] for image in images)
    stacked = np.vstack([cv2.copyMakeBorder(image, 0, 0, 0, width - image.shape[1],
                                            cv2.BORDER_CONSTANT, value=(255, 255, 255))
                         for image in images])
    ok, jpeg = cv2.imencode(".jpg", stacked, [cv2.IMWRITE_JPEG_QUALITY, KEPT_QUALITY])
    if not ok:
        raise ApiError(422, "the photo could not be kept", field="photo")
    return bytes(jpeg.tobytes())


def _sign(game_id: str, photo: str, reading: str) -> str:
    key = str(current_app.secret_key or "").encode()
    message = "\n".join(("sheet-photo", game_id, reading, photo)).encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


_CARRIED = ("game", "layout", "version", "seed", "counts", "errors", "seconds", "fields")


def thumbs(page: SheetReading) -> dict[str, str]:
    """Every field's crop as a grey JPEG, base64: what the confirm page shows beside each value
    and carries, so the second round shows every picture again (a Wormholes page's 450 crops:
    about 0.5 MB, against 1.5 MB as the reader's PNGs)."""
    out = {}
    for f in page.fields:
        image = cv2.imdecode(np.frombuffer(f.crop_png, np.uint8), cv2.IMREAD_GRAYSCALE) \
            if f.crop_png else None
        if image is None or image.size == 0:
            continue
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, CROP_QUALITY])
        if ok:
            out[f.name] = base64.b64encode(jpeg.tobytes()).decode("ascii")
    return out


def _reading_json(pages: list[SheetReading], crops: list[dict[str, str]]) -> str:
    """What the confirm form carries of the reading: one page's reading, or ``{"game",
    "pages": [...]}`` for several, with every field's crop (``thumbs``) for a second round."""
    bodies = [page.to_json() for page in pages]
    carried = [{k: body[k] for k in _CARRIED} for body in bodies]
    doc: dict[str, Any] = carried[0] if len(carried) == 1 else {
        "game": carried[0]["game"], "pages": carried}
    doc["crops"] = {str(k): page_crops for k, page_crops in enumerate(crops)}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def _uncertain_first(fields: Any) -> list[Any]:
    """Asked, then chosen by the rules, then read; in each, the least sure first."""
    return sorted(fields, key=lambda f: (ORDER.get(f.status, 3), f.confidence))


def _prefix(k: int, pages: int) -> str:
    """A field's name on the confirm form: its own for one page, ``p{k}-NAME`` for several
    (a Wormholes continuation page's rows have the same names on every page)."""
    return "" if pages == 1 else f"p{k + 1}-"


def _numeric(reading: SheetReading) -> set[str]:
    """The fields written in digits only (their box opens the number pad; a tick's "x" and a
    choice's letter, the Galaxy Express coin "S2" or a Weird Galaxy tile "f3", need letters)."""
    return _of_kind(reading, "digits", lambda f: f.value.lstrip("-").isdigit())


def _by_hand(reading: SheetReading) -> set[str]:
    """The handwriting-only fields (names, a winner, card ids): no comb, so never read by
    the camera nor asked as digits; the person types what the sheet says."""
    return _of_kind(reading, "text", lambda f: not f.candidates)


def _of_kind(reading: SheetReading, kind: str, guess: Callable[[Any], bool]) -> set[str]:
    """The reading's fields of ``kind`` on its layout (by ``guess`` for a layout no longer
    known)."""
    try:
        from pnp.sheetread.layout import sheet_layout

        layout = sheet_layout(reading.game, reading.layout, reading.version)
        return {f.name for f in reading.fields if layout.field(f.name).kind == kind}
    except (PnpError, KeyError):
        return {f.name for f in reading.fields if guess(f)}


# -- the pages -----------------------------------------------------------------------------
def _refused(game_id: str, exc: ApiError) -> tuple[str, int]:
    from webscore.sheets import sheet_page

    return sheet_page(game_id, {}, None, exc, exc.status)


@bp.post("/sheets/<game_id>/photo")
def upload(game_id: str) -> tuple[str, int]:
    """Read the photo (or the photos of a record's pages) and show the confirm page (nothing
    stored)."""
    form_spec(game_id)  # a 404 for a game without a sheet
    request.max_content_length = MAX_UPLOAD_BYTES + 256 * 1024
    try:
        security.check_csrf()
        photos = [data for data in (f.read() for f in request.files.getlist("photo")) if data]
    except RequestEntityTooLarge:
        return _refused(game_id, ApiError(
            413, f"the photos are over {MAX_UPLOAD_BYTES // (1024 * 1024)} MB in all (a photo "
                 f"at most {MAX_PHOTO_BYTES // (1024 * 1024)} MB): take them again at the "
                 "camera's usual size, or send smaller copies", field="photo"))
    try:
        pages, order = _read(game_id, photos)
        kept = base64.b64encode(keep_photos([photos[k] for k in order])).decode("ascii")
    except ApiError as exc:
        return _refused(game_id, exc)
    crops = [thumbs(page) for page in pages]
    carried = _reading_json(pages, crops)
    shown = [{"reading": page, "prefix": _prefix(k, len(pages)), "photo": order[k] + 1,
              "fields": _uncertain_first(page.fields), "crops": crops[k],
              "numeric": _numeric(page), "hand": _by_hand(page)}
             for k, page in enumerate(pages)]
    counts = {s: sum(page.to_json()["counts"][s] for page in pages)  # type: ignore[index]
              for s in ORDER}
    return render_template(
        "sheet_photo.html", spec=form_spec(game_id), pages=shown, words=STATUS_WORDS,
        photo=kept, carried=carried, sig=_sign(game_id, kept, carried), counts=counts,
        seconds=sum(page.seconds for page in pages)), 200


def _read(game_id: str, photos: list[bytes]) -> tuple[list[SheetReading], tuple[int, ...]]:
    """The photos read: one page, or a record's pages in page order with the photo each came
    from.  Every refusal is the reader's own message (422/413), never a server error."""
    if not photos:
        raise ApiError(422, "choose or take a photo of the filled sheet", field="photo")
    if len(photos) > MAX_PHOTOS:
        raise ApiError(422, f"{len(photos)} photos: send at most {MAX_PHOTOS} pages at once",
                       field="photo")
    for k, data in enumerate(photos):
        if len(data) > MAX_PHOTO_BYTES:
            which = "the photo" if len(photos) == 1 else f"photo {k + 1}"
            raise ApiError(413, f"{which} is over {MAX_PHOTO_BYTES // (1024 * 1024)} MB: take "
                                "it again at the camera's usual size, or send a smaller copy",
                           field="photo")
    order: tuple[int, ...] = (0,)
    try:
        if len(photos) == 1:
            pages = [read_photo(photos[0], game_id)]
        else:
            record = read_photos(photos, game_id)
            pages, order = list(record.pages), record.photos
    except SheetReadError as exc:
        raise ApiError(422, str(exc), field="photo", rule=type(exc).__name__) from None
    except PnpError as exc:
        raise ApiError(422, str(exc), field="photo") from None
    except Exception as exc:  # a photo that breaks the reader must not break the page
        logging.getLogger(__name__).exception("reading a sheet photo failed")
        raise ApiError(422, f"the photo could not be read ({type(exc).__name__}); try "
                            "another photo, flat and in good light", field="photo") from None
    for page in pages:
        if page.game != game_id:
            raise ApiError(422, f"this is a {page.game} sheet, not {game_id}'s",
                           field="photo", rule="WrongLayout")
    return pages, order


@bp.post("/sheets/<game_id>/photo/confirm")
def confirm(game_id: str) -> BaseResponse | tuple[str, int]:
    """Check the confirmed values and store them with the photo."""
    spec = form_spec(game_id)
    request.max_form_memory_size = MAX_CONFIRM_FORM
    request.max_content_length = MAX_CONFIRM_FORM + 256 * 1024
    try:
        security.check_csrf()
        form = request.form
    except RequestEntityTooLarge:
        return _refused(game_id, ApiError(413, "the confirmed sheet is too large to keep",
                                          field="photo"))
    photo, carried, sig = form.get("photo", ""), form.get("reading", ""), form.get("sig", "")
    if not hmac.compare_digest(sig, _sign(game_id, photo, carried)):
        return _refused(game_id, ApiError(
            400, "this reading was changed or belongs to another sheet; read the photo again",
            field="photo"))
    try:
        reading = json.loads(carried)
        jpeg = base64.b64decode(photo, validate=True)
        crops = reading.pop("crops", {})
    except (ValueError, binascii.Error, AttributeError):
        abort(400, description="the reading could not be read back; read the photo again")
    pages = reading.get("pages", [reading])
    values = [{f["name"]: form.get(_prefix(k, len(pages)) + f["name"], "")
               for f in page.get("fields", []) if isinstance(f, dict)}
              for k, page in enumerate(pages)]
    if not reading.get("looked"):
        again = _second_look(pages, values)
        if any(again):
            return _ask_again(game_id, reading, crops, values, again, photo)
    try:
        report = _check(game_id, values)
    except ApiError as exc:
        return _refused(game_id, exc)
    layout = str(pages[0].get("layout", ""))
    if len(pages) > 1:
        layout = f"{layout} + {len(pages) - 1} pages"
    check_id = secrets.token_urlsafe(12)
    with get_engine().begin() as conn:
        conn.execute(insert(sheet_checks).values(
            id=check_id, game=spec["game"], layout=layout[:64],
            seed=pages[0].get("seed") if isinstance(pages[0].get("seed"), int) else None,
            fields=json.dumps(values[0] if len(pages) == 1 else {"pages": values},
                              ensure_ascii=False),
            reading=json.dumps(reading, ensure_ascii=False),
            report=json.dumps(report, ensure_ascii=False), photo=jpeg,
            created_at=datetime.now(UTC)))
    return redirect(url_for("sheetphoto.result", check_id=check_id), 303)


def _check(game_id: str, values: list[dict[str, str]]) -> dict[str, Any]:
    """The confirmed pages checked as the typed form checks them; a page of another of the
    kit's sheets than the game's own (a Weird Galaxy ledger page) by the check its fields
    belong to (``pnp.sheetread.record.check_read``: the whole kit's), which the form, being
    the worksheet's, would drop."""
    if not isinstance(record_spec(game_id, {k for page in values for k in page}), Document):
        pages, problems = merged(game_id, values)  # a page's A5 parts joined, as check_read
        return with_problems(check(game_id, pages[0]) if len(pages) == 1 else
                             check_pages(game_id, pages), problems)
    try:
        return check_read(game_id, [{k: v.strip() for k, v in page.items()} for page in values])
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None


def _second_look(pages: list[Any], values: list[dict[str, str]]) -> list[dict[str, str]]:
    """The fields to ask again now that the person has confirmed the first ones
    (``pnp.sheetread.confirm``): none when the carried reading cannot be read back."""
    try:
        readings = [SheetReading.from_json(page) for page in pages]
        return second_look(readings, values)
    except (ValueError, PnpError):
        return [{} for _ in pages]


def _ask_again(game_id: str, reading: dict[str, Any], crops: Any, values: list[dict[str, str]],
               again: list[dict[str, str]], photo: str) -> tuple[str, int]:
    """The confirm page once more, with the person's values: the sheet still does not check
    out, and these readings could be misread (the fields asked first are marked confirmed).
    The carried reading says so (``looked``), so the next confirm checks and keeps."""
    pages = reading.get("pages", [reading])
    shown, counts = [], {s: 0 for s in ORDER}
    for k, (page, given, asked) in enumerate(zip(pages, values, again, strict=True)):
        for f in page["fields"]:
            if f["name"] in asked:
                f["status"], f["note"] = "ask", asked[f["name"]]
        page["counts"] = {s: sum(f["status"] == s for f in page["fields"]) for s in ORDER}
        seen = SheetReading.from_json(page)
        fields = [replace(f, value=given.get(f.name, f.value), status="ask",
                          note=asked[f.name]) if f.name in asked else
                  replace(f, value=given.get(f.name, f.value), status="read", note="confirmed")
                  if f.status == "ask" else replace(f, value=given.get(f.name, f.value))
                  for f in seen.fields]
        page_crops = crops.get(str(k), {}) if isinstance(crops, dict) else {}
        shown.append({"reading": seen, "prefix": _prefix(k, len(pages)), "photo": k + 1,
                      "fields": _uncertain_first(fields), "crops": page_crops,
                      "numeric": _numeric(seen), "hand": _by_hand(seen)})
        for status in ORDER:
            counts[status] += sum(f.status == status for f in fields)
    reading["looked"] = True
    carried = json.dumps(reading, separators=(",", ":"), ensure_ascii=False)
    return render_template(
        "sheet_photo.html", spec=form_spec(game_id), pages=shown, words=STATUS_WORDS,
        photo=photo, carried=carried, sig=_sign(game_id, photo, carried), counts=counts,
        seconds=sum(float(page.get("seconds", 0.0)) for page in pages),
        again=sum(len(a) for a in again)), 200


def _load(check_id: str) -> Any:
    if not 8 <= len(check_id) <= 32:
        abort(404, description="no sheet checked with that id")
    with get_engine().connect() as conn:
        row = conn.execute(select(sheet_checks).where(sheet_checks.c.id == check_id)).first()
    if row is None:
        abort(404, description="no sheet checked with that id")
    return row


@bp.get("/sheets/checks/<check_id>")
def result(check_id: str) -> tuple[str, int]:
    """The check of a confirmed photo: the report as the sheet page shows it, and the photo
    (a record's pages: the form shows its first page of each kind)."""
    from webscore.sheets import sheet_page

    row = _load(check_id)
    reading = json.loads(row.reading)
    stored = json.loads(row.fields)
    pages = reading.get("pages", [reading])
    confirmed = stored.get("pages", [stored]) if isinstance(stored.get("pages"), list) else [
        stored]
    changed, counts, shown = [], {s: 0 for s in ORDER}, {}
    for k, (page, values) in enumerate(zip(pages, confirmed, strict=False)):
        where = "" if len(pages) == 1 else f"page {k + 1}: "
        changed += [where + f["name"] for f in page.get("fields", [])
                    if isinstance(f, dict) and values.get(f["name"]) != f.get("value")]
        for status in counts:
            counts[status] += int(page.get("counts", {}).get(status, 0))
        shown.update({name: value for name, value in values.items() if name not in shown})
    return sheet_page(row.game, shown, json.loads(row.report), None, 200,
                      checked={"id": check_id, "at": row.created_at, "changed": sorted(changed),
                               "counts": counts, "pages": len(pages),
                               "photo": url_for("sheetphoto.photo", check_id=check_id)})


@bp.get("/sheets/checks/<check_id>/photo.jpg")
def photo(check_id: str) -> Response:
    row = _load(check_id)
    return Response(bytes(row.photo), mimetype="image/jpeg")

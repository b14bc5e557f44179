"""A pen-filled score sheet checked from a phone photo: upload, read, confirm, check.

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
from pnp.sheetread import SheetReadError, SheetReading, read_photo
from webscore import security
from webscore.db import get_engine
from webscore.errors import ApiError
from webscore.models import sheet_checks
from webscore.sheetforms import check, form_spec

bp = Blueprint("sheetphoto", __name__)

MAX_PHOTO_BYTES = 20 * 1024 * 1024  # a phone's full-size JPEG, with room to spare
KEPT_SIDE = 1600  # the photo kept with the result: its long side in pixels, JPEG
KEPT_QUALITY = 80
MAX_CONFIRM_FORM = 4 * 1024 * 1024  # the confirm form carries the kept photo
ORDER = {"ask": 0, "ruled": 1, "read": 2}
STATUS_WORDS = {"ask": "to confirm", "ruled": "chosen by the rules", "read": "read"}


# -- the photo kept with the result, and the signature that carries it to the confirm --------
def keep_photo(data: bytes) -> bytes:
    """The uploaded photo as a JPEG of at most ``KEPT_SIDE`` pixels (read_photo has already
    checked it opens)."""
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ApiError(422, "that file is not a photo", field="photo")
    height, width = image.shape[:2]
    scale = min(1.0, KEPT_SIDE / max(height, width))
    if scale < 1.0:
        image = cv2.resize(image, (round(width * scale), round(height * scale)),
                           interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, KEPT_QUALITY])
    if not ok:
        raise ApiError(422, "the photo could not be kept", field="photo")
    return bytes(jpeg.tobytes())


def _sign(game_id: str, photo: str, reading: str) -> str:
    key = str(current_app.secret_key or "").encode()
    message = "\n".join(("sheet-photo", game_id, reading, photo)).encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _reading_json(reading: SheetReading) -> str:
    """What the confirm form carries of the reading (no crops: the page showed them)."""
    body = reading.to_json()
    return json.dumps({k: body[k] for k in ("game", "layout", "version", "seed", "counts",
                                             "errors", "seconds", "fields")},
                      separators=(",", ":"), ensure_ascii=False)


def _numeric(reading: SheetReading) -> set[str]:
    """The fields written in digits or ticks (their box opens the number pad)."""
    try:
        from pnp.sheetread.layout import sheet_layout

        layout = sheet_layout(reading.game, reading.layout, reading.version)
        return {f.name for f in reading.fields if layout.field(f.name).kind != "text"}
    except (PnpError, KeyError):
        return {f.name for f in reading.fields if f.value.lstrip("-").isdigit()}


# -- the pages -----------------------------------------------------------------------------
def _refused(game_id: str, exc: ApiError) -> tuple[str, int]:
    from webscore.sheets import sheet_page

    return sheet_page(game_id, {}, None, exc, exc.status)


@bp.post("/sheets/<game_id>/photo")
def upload(game_id: str) -> tuple[str, int]:
    """Read the photo and show the confirm page (nothing stored)."""
    form_spec(game_id)  # a 404 for a game without a sheet
    request.max_content_length = MAX_PHOTO_BYTES + 256 * 1024
    try:
        security.check_csrf()
        photo = request.files.get("photo")
        data = photo.read() if photo is not None else b""
    except RequestEntityTooLarge:
        return _refused(game_id, ApiError(
            413, f"the photo is over {MAX_PHOTO_BYTES // (1024 * 1024)} MB: take it again at "
                 "the camera's usual size, or send a smaller copy", field="photo"))
    try:
        if not data:
            raise ApiError(422, "choose or take a photo of the filled sheet", field="photo")
        try:
            reading = read_photo(data, game_id)
        except SheetReadError as exc:
            raise ApiError(422, str(exc), field="photo",
                           rule=type(exc).__name__) from None
        except PnpError as exc:
            raise ApiError(422, str(exc), field="photo") from None
        except Exception as exc:  # a photo that breaks the reader must not break the page
            logging.getLogger(__name__).exception("reading a sheet photo failed")
            raise ApiError(422, f"the photo could not be read ({type(exc).__name__}); try "
                                "another photo, flat and in good light", field="photo") from None
        if reading.game != game_id:
            raise ApiError(422, f"this is a {reading.game} sheet, not {game_id}'s",
                           field="photo", rule="WrongLayout")
        kept = base64.b64encode(keep_photo(data)).decode("ascii")
    except ApiError as exc:
        return _refused(game_id, exc)
    carried = _reading_json(reading)
    fields = sorted(reading.fields, key=lambda f: ORDER.get(f.status, 3))
    crops = {f.name: base64.b64encode(f.crop_png).decode("ascii") for f in reading.fields
             if f.crop_png}
    return render_template(
        "sheet_photo.html", spec=form_spec(game_id), reading=reading, fields=fields,
        crops=crops, numeric=_numeric(reading), words=STATUS_WORDS, photo=kept,
        carried=carried, sig=_sign(game_id, kept, carried),
        counts=reading.to_json()["counts"]), 200


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
    except (ValueError, binascii.Error):
        abort(400, description="the reading could not be read back; read the photo again")
    names = [f["name"] for f in reading.get("fields", []) if isinstance(f, dict)]
    values = {name: form.get(name, "") for name in names}
    try:
        report = check(game_id, values)
    except ApiError as exc:
        return _refused(game_id, exc)
    check_id = secrets.token_urlsafe(12)
    with get_engine().begin() as conn:
        conn.execute(insert(sheet_checks).values(
            id=check_id, game=spec["game"], layout=str(reading.get("layout", "")),
            seed=reading.get("seed") if isinstance(reading.get("seed"), int) else None,
            fields=json.dumps(values, ensure_ascii=False),
            reading=json.dumps(reading, ensure_ascii=False),
            report=json.dumps(report, ensure_ascii=False), photo=jpeg,
            created_at=datetime.now(UTC)))
    return redirect(url_for("sheetphoto.result", check_id=check_id), 303)


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
    """The check of a confirmed photo: the report as the sheet page shows it, and the photo."""
    from webscore.sheets import sheet_page

    row = _load(check_id)
    reading = json.loads(row.reading)
    changed = sorted(f["name"] for f in reading.get("fields", [])
                     if isinstance(f, dict) and json.loads(row.fields).get(f["name"]) != f.get(
                         "value"))
    return sheet_page(row.game, json.loads(row.fields), json.loads(row.report), None, 200,
                      checked={"id": check_id, "at": row.created_at, "changed": changed,
                               "counts": reading.get("counts", {}),
                               "photo": url_for("sheetphoto.photo", check_id=check_id)})


@bp.get("/sheets/checks/<check_id>/photo.jpg")
def photo(check_id: str) -> Response:
    row = _load(check_id)
    return Response(bytes(row.photo), mimetype="image/jpeg")

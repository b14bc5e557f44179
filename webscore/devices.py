"""Which phone logged an entry: a device id kept in a long-lived cookie, and a name the
player may give the phone ("Ana's phone").  Each stored row carries both (columns ``device``
and ``device_name``, migration ``i14b_entry_device``) and the history shows the name, or
"phone" and the first letters of the id.

This is attribution for the table's convenience, not authentication: rights come from the
write token (webscore.security); a phone could claim another's id, and that is all it could
do.  JSON API writes are recorded as device ``api`` with the name from ``X-Device-Name``.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass

from flask import Blueprint, Flask, Response, g, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from webscore import security

bp = Blueprint("devices", __name__)

COOKIE = "device"
NAME_COOKIE = "device_name"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (Chrome caps at 400 days)
MAX_NAME = 40
NAME_HEADER = "X-Device-Name"
_ID = re.compile(r"^[A-Za-z0-9_-]{8,32}$")


@dataclass(frozen=True)
class Device:
    id: str
    name: str = ""

    @property
    def label(self) -> str:
        return label(self.id, self.name) or ""


def label(device: str | None, name: str | None) -> str | None:
    """What the history shows for a row's device (None: not recorded).

    >>> label("k3Jd9aQ2xx", ""), label("k3Jd9aQ2xx", "Ana's phone"), label(None, None)
    ('phone k3Jd', "Ana's phone", None)
    """
    if not device:
        return None
    return name or ("API" if device == "api" else f"phone {device[:4]}")


def clean_name(value: object) -> str:
    """A device name as stored: one line, at most MAX_NAME characters, no control codes."""
    if not isinstance(value, str):
        return ""
    text = " ".join(unicodedata.normalize("NFC", value).split())
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    return text[:MAX_NAME]


def current() -> Device:
    """This browser's device (a new id is given, and set as a cookie, on first use)."""
    found = g.get("device")
    if isinstance(found, Device):
        return found
    raw = request.cookies.get(COOKIE, "")
    if not _ID.match(raw):
        raw = secrets.token_urlsafe(12)
        g.device_is_new = True
    device = Device(raw, clean_name(request.cookies.get(NAME_COOKIE, "")))
    g.device = device
    return device


def api_device() -> Device:
    return Device("api", clean_name(request.headers.get(NAME_HEADER, "")))


def _set(response: BaseResponse, device: Device) -> None:
    response.set_cookie(COOKIE, device.id, max_age=MAX_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure)
    response.set_cookie(NAME_COOKIE, device.name, max_age=MAX_AGE, httponly=True,
                        samesite="Lax", secure=request.is_secure)


def keep(response: Response) -> Response:
    """After a request that gave this browser a device id: store it in the cookie."""
    device = g.get("device")
    if g.get("device_is_new") and isinstance(device, Device):
        _set(response, device)
    return response


@bp.post("/device")
def name_device() -> BaseResponse:
    """Name this phone (form: ``name``, ``next`` = the page to go back to)."""
    security.check_csrf()
    device = Device(current().id, clean_name(request.form.get("name", "")))
    target = request.form.get("next", "/")
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = "/"
    response = redirect(target, 303)
    _set(response, device)
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(keep)
    app.jinja_env.globals["this_device"] = current

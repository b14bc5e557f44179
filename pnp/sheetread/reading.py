"""What reading a photographed sheet gives: one value per field with how sure we are of it.

A field is ``read`` when the eye alone is sure of every box, ``ruled`` when the eye hesitated
and the game's rules chose among its likely readings (the person sees it marked), and ``ask``
when it stays uncertain: the person confirms those before the sheet is checked.

>>> f = FieldReading("t1_speed", "5", "ruled", 0.62, (("5", 0.62), ("3", 0.30)))
>>> f.to_json()["candidates"]
[{'value': '5', 'p': 0.62}, {'value': '3', 'p': 0.3}]
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pnp.engine import PnpError

Status = Literal["read", "ruled", "ask"]
STATUSES: tuple[Status, ...] = ("read", "ruled", "ask")


class SheetReadError(PnpError):
    """A photo that cannot be read; the message says what to do instead."""


class NotAnImage(SheetReadError):
    """The file is not a photo (or a format we cannot open), or it is far too large."""


class PhotoTooSmall(SheetReadError):
    """Too few pixels to tell the digits apart."""


class PhotoTooBlurred(SheetReadError):
    """The sheet is there but out of focus or shaken."""


class NoSheetFound(SheetReadError):
    """No readable sheet (corner marks and QR code) in the photo."""


class WrongLayout(SheetReadError):
    """A sheet of another game, or a layout version this reader does not know."""


def percent(p: float) -> str:
    """A confidence as a person reads it: whole percents, but never rounded up to "100%" (a
    reading at 99.9 % is not certain) nor down to "0%".

    >>> percent(0.62), percent(0.9993), percent(0.99996), percent(1.0), percent(0.0004)
    ('62%', '99.9%', '99.9%', '100%', '0.04%')
    """
    if p >= 1.0 or p <= 0.0:
        return "100%" if p >= 1.0 else "0%"
    if 0 < round(p * 100) < 100:
        return f"{round(p * 100)}%"
    for digits in (1, 2, 3, 4):
        scale = 10 ** digits
        shown = math.floor(p * 100 * scale) / scale if p > 0.5 else round(p * 100, digits)
        if 0 < shown < 100:
            return f"{shown:.{digits}f}%"
    return "99.9999%" if p > 0.5 else "0.0001%"


@dataclass(frozen=True)
class FieldReading:
    """One field: its value as read (``""`` for an empty field), the status, the confidence
    of that value (0..1), the likeliest readings best first, and the field's crop (PNG) so a
    person can compare; ``parts`` is each box's own likely contents (a comb's digits), which
    the second look after the person confirms (``pnp.sheetread.confirm``) tries again."""

    name: str
    value: str
    status: Status
    confidence: float
    candidates: tuple[tuple[str, float], ...] = ()
    crop_png: bytes = field(default=b"", repr=False)
    note: str = ""
    parts: tuple[tuple[tuple[str, float], ...], ...] = field(default=(), repr=False)

    def to_json(self, crops: bool = False) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name, "value": self.value, "status": self.status,
            "confidence": round(self.confidence, 4),
            "candidates": [{"value": v, "p": round(p, 6)} for v, p in self.candidates]}
        if self.note:
            out["note"] = self.note
        if self.parts:
            out["parts"] = [[[v, round(p, 6)] for v, p in box] for box in self.parts]
        if crops and self.crop_png:
            out["crop_png"] = base64.b64encode(self.crop_png).decode("ascii")
        return out

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> FieldReading:
        """A field back from ``to_json`` (the tracker carries the reading to its confirm
        step); a damaged document raises ``ValueError``.

        >>> f = FieldReading("x", "5", "read", 0.99, (("5", 0.99),), parts=((("5", 0.99),),))
        >>> FieldReading.from_json(f.to_json()) == f
        True
        """
        try:
            status = str(doc["status"])
            if status not in STATUSES:
                raise ValueError(f"unknown status {status!r}")
            return cls(str(doc["name"]), str(doc["value"]), status,
                       float(doc["confidence"]),
                       tuple((str(c["value"]), float(c["p"])) for c in doc.get("candidates", ())),
                       b"", str(doc.get("note", "")),
                       tuple(tuple((str(v), float(p)) for v, p in box)
                             for box in doc.get("parts", ())))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a field reading: {exc}") from None


@dataclass(frozen=True)
class SheetReading:
    """A photographed sheet as read: what its QR code names, every field, and the problems
    met on the way (a field the photo cut off, say); ``seconds`` is the time taken."""

    game: str
    layout: str
    version: int
    seed: int | None
    fields: tuple[FieldReading, ...]
    errors: tuple[str, ...] = ()
    seconds: float = 0.0

    def values(self) -> dict[str, str]:
        """Every field's value, the asked ones at their likeliest reading (what a checker
        would see if the person confirmed them all unchanged)."""
        return {f.name: f.value for f in self.fields}

    def asked(self) -> tuple[FieldReading, ...]:
        return tuple(f for f in self.fields if f.status == "ask")

    def field(self, name: str) -> FieldReading:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def to_json(self, crops: bool = False) -> dict[str, object]:
        count = {s: sum(f.status == s for f in self.fields) for s in STATUSES}
        return {"game": self.game, "layout": self.layout, "version": self.version,
                "seed": self.seed, "counts": count, "errors": list(self.errors),
                "seconds": round(self.seconds, 3),
                "fields": [f.to_json(crops) for f in self.fields]}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> SheetReading:
        """A reading back from ``to_json`` (without its crops); ``ValueError`` if damaged."""
        try:
            seed = doc.get("seed")
            return cls(str(doc["game"]), str(doc["layout"]), int(doc["version"]),
                       seed if isinstance(seed, int) else None,
                       tuple(FieldReading.from_json(f) for f in doc["fields"]),
                       tuple(str(e) for e in doc.get("errors", ())),
                       float(doc.get("seconds", 0.0)))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a sheet reading: {exc}") from None


__all__ = ["STATUSES", "FieldReading", "NoSheetFound", "NotAnImage", "PhotoTooBlurred",
           "PhotoTooSmall", "SheetReadError", "SheetReading", "Status", "WrongLayout", "percent"]

"""The bundled faces' parsed tables, shipped beside them, so a fresh process does not parse them.

ReportLab reads a TrueType face's character map, widths and glyph offsets in Python, one
number at a time: for the four DejaVu faces (6,000 glyphs each) that is 40-60 ms of every kit
process, the same work every time.  ``fonts/metrics.bin`` holds the attributes that parse
sets (marshal), keyed by file name with the file's CRC-32 and ReportLab's version: a
face whose file or ReportLab changed is parsed as before, so the cache can be stale but never
wrong.  ``python -m pnp.render.fontcache`` writes it again; a test checks it is current and
that a cached face equals a parsed one, attribute for attribute.

The five tables of 6,000 entries each (:data:`LAZY`) are kept apart, each compressed, and read
when first asked for: ``glyphToChar`` only serves the parse itself (nothing reads it after),
the character map and widths are read when a face first measures or draws text, the glyph
offsets and metrics when a subset is saved, and a face a kit never uses reads none of them.
Reading them all was 60 % of registering the four faces.
"""

from __future__ import annotations

import marshal
import os
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFontFace

CACHE = Path(__file__).parent / "fonts" / "metrics.bin"
_SKIP = ("_ttf_data", "_pdfScale", "filename", "_pos")  # the file, a function, where read
LAZY = ("charToGlyph", "glyphToChar", "charWidths", "hmetrics", "glyphPos")


def _key(face: Any) -> tuple[int, str]:
    return zlib.crc32(face._ttf_data), reportlab.Version


def _scale(units_per_em: int) -> Any:
    """ReportLab's own unit scale (``extractInfo``): 1000ths of the em."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def parsed_attributes(face: Any) -> dict[str, Any]:
    """What ReportLab's parse set on ``face``, in marshal's types (names as (bytes, text))."""
    plain: dict[str, Any] = {}
    names: dict[str, tuple[bytes, str]] = {}
    lazy: dict[str, bytes] = {}
    for k, v in vars(face).items():
        if k in _SKIP:
            continue
        if isinstance(v, TTFNameBytes):
            names[k] = (bytes(v), v.ustr)
        elif k in LAZY:
            lazy[k] = zlib.compress(marshal.dumps(v), 9)
        else:
            plain[k] = v
    return {"plain": plain, "names": names, "lazy": lazy, "pos": face._pos}


@cache
def _entries() -> dict[str, Any]:
    try:
        data: dict[str, Any] = marshal.loads(CACHE.read_bytes())
        return data
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return {}


class _Tables:
    """A cached face's :data:`LAZY` tables, read once each (a copied face shares them: the
    form font is a copy of the regular face)."""

    def __init__(self, packed: dict[str, bytes]) -> None:
        self.packed = packed
        self.read: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        try:
            return self.read[name]
        except KeyError:
            value = self.read[name] = marshal.loads(zlib.decompress(self.packed[name]))
            return value


class CachedFace(TTFontFace):  # type: ignore[misc]  # ReportLab is untyped
    """A face whose parse is read from :data:`CACHE` when the cache matches its file."""

    def __getattr__(self, name: str) -> Any:  # only for an attribute not set yet
        tables = self.__dict__.get("_pnp_tables")
        if tables is None or name not in tables.packed:
            raise AttributeError(name)
        value = self.__dict__[name] = tables.get(name)
        return value

    def tables_read(self) -> None:
        """Every table read in (``vars(face)`` then shows what a parse sets)."""
        tables = self.__dict__.pop("_pnp_tables", None)
        if tables is not None:
            for name in tables.packed:
                self.__dict__.setdefault(name, tables.get(name))

    def extractInfo(self, charInfo: int = 1) -> None:
        entry = _entries().get(os.path.basename(self.filename)) if charInfo else None
        if entry is None or tuple(entry["key"]) != _key(self):
            super().extractInfo(charInfo)
            return
        attrs = entry["attrs"]
        self.__dict__.update(attrs["plain"])
        self._pnp_tables = _Tables(attrs["lazy"])
        for k, (raw, text) in attrs["names"].items():
            name = bytes.__new__(TTFNameBytes, raw)
            name.ustr = text
            setattr(self, k, name)
        self._pos = attrs["pos"]
        self._pdfScale = _scale(self.unitsPerEm)


def write_cache(files: list[Path]) -> None:
    """Parse ``files`` with ReportLab and write :data:`CACHE`."""
    entries = {}
    for path in files:
        face = TTFontFace(str(path))
        entries[path.name] = {"key": list(_key(face)), "attrs": parsed_attributes(face)}
    CACHE.write_bytes(marshal.dumps(entries))


def bundled_fonts() -> list[Path]:
    """Every bundled face (the files ``fonts.py`` registers)."""
    return sorted(CACHE.parent.glob("*.ttf"))


if __name__ == "__main__":  # pragma: no cover - run by hand when a font or ReportLab changes
    write_cache(bundled_fonts())
    print(f"wrote {CACHE}")

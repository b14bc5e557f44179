"""The bundled faces' parsed tables, shipped beside them, so a fresh process does not parse them.

ReportLab reads a TrueType face's character map, widths and glyph offsets in Python, one
number at a time: for the four DejaVu faces (6,000 glyphs each) that is 40-60 ms of every kit
process, the same work every time.  ``fonts/metrics.bin`` holds the attributes that parse
sets (marshal, zlib), keyed by file name with the file's CRC-32 and ReportLab's version: a
face whose file or ReportLab changed is parsed as before, so the cache can be stale but never
wrong.  ``python -m pnp.render.fontcache`` writes it again; a test checks it is current and
that a cached face equals a parsed one, attribute for attribute.
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
    for k, v in vars(face).items():
        if k in _SKIP:
            continue
        if isinstance(v, TTFNameBytes):
            names[k] = (bytes(v), v.ustr)
        else:
            plain[k] = v
    return {"plain": plain, "names": names, "pos": face._pos}


@cache
def _entries() -> dict[str, Any]:
    try:
        data: dict[str, Any] = marshal.loads(zlib.decompress(CACHE.read_bytes()))
        return data
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return {}


class CachedFace(TTFontFace):  # type: ignore[misc]  # ReportLab is untyped
    """A face whose parse is read from :data:`CACHE` when the cache matches its file."""

    def extractInfo(self, charInfo: int = 1) -> None:
        entry = _entries().get(os.path.basename(self.filename)) if charInfo else None
        if entry is None or tuple(entry["key"]) != _key(self):
            super().extractInfo(charInfo)
            return
        attrs = entry["attrs"]
        self.__dict__.update(attrs["plain"])
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
    CACHE.write_bytes(zlib.compress(marshal.dumps(entries), 9))


def bundled_fonts() -> list[Path]:
    """Every bundled face (the files ``fonts.py`` registers)."""
    return sorted(CACHE.parent.glob("*.ttf"))


if __name__ == "__main__":  # pragma: no cover - run by hand when a font or ReportLab changes
    write_cache(bundled_fonts())
    print(f"wrote {CACHE}")

"""The parsed-font cache: current, and a cached face is the face ReportLab parses."""

from __future__ import annotations

import copy
import zlib
from typing import Any

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont, TTFontFace

from pnp.render import fontcache, fonts
from pnp.render.fontcache import CachedFace, bundled_fonts, parsed_attributes
from pnp.render.fonts import REGULAR, register_fonts


def _same_face(cached: Any, parsed: Any) -> None:
    if isinstance(cached, CachedFace):
        cached.tables_read()
    a, b = vars(cached), vars(parsed)
    assert set(a) == set(b)
    for k in a:
        if k == "_pdfScale":
            assert [a[k](v) for v in (0, 1, 2048, -517)] == [b[k](v) for v in (0, 1, 2048, -517)]
        elif isinstance(b[k], TTFNameBytes):
            assert type(a[k]) is TTFNameBytes and a[k] == b[k] and a[k].ustr == b[k].ustr
        else:
            assert a[k] == b[k], k


def test_the_shipped_cache_is_current() -> None:
    """Run ``python -m pnp.render.fontcache`` when a bundled font or ReportLab changes."""
    entries = fontcache._entries()
    assert sorted(entries) == sorted(p.name for p in bundled_fonts())
    for path in bundled_fonts():
        face = TTFontFace(str(path))
        assert tuple(entries[path.name]["key"]) == fontcache._key(face)
        assert entries[path.name]["attrs"] == parsed_attributes(face)


@pytest.mark.parametrize("path", bundled_fonts(), ids=lambda p: p.name)
def test_a_cached_face_is_the_parsed_face(path: Any) -> None:
    _same_face(CachedFace(str(path)), TTFontFace(str(path)))


def test_tables_are_read_when_first_asked_for() -> None:
    """The big tables stay packed until a face measures, draws or saves text; glyphToChar
    (which only the parse itself reads) stays packed through a whole kit's use."""
    path = bundled_fonts()[0]
    face, parsed = CachedFace(str(path)), TTFontFace(str(path))
    assert not set(fontcache.LAZY) & set(vars(face))
    assert face.charWidths == parsed.charWidths
    assert "charWidths" in vars(face) and "charToGlyph" not in vars(face)
    twin = copy.copy(face)  # the form font's face: the tables it reads are read once
    assert twin.hmetrics is face.hmetrics
    with pytest.raises(AttributeError):
        face.no_such_table  # noqa: B018
    ours, theirs = TTFont("t", str(path)), TTFont("t", str(path))
    ours.face = face
    assert ours.stringWidth("Wormholes", 10) == theirs.stringWidth("Wormholes", 10)
    assert "glyphToChar" not in vars(face)


def test_a_stale_entry_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    path = bundled_fonts()[0]
    stale = dict(fontcache._entries())
    stale[path.name] = {**stale[path.name], "key": [zlib.crc32(b"another file"), "0"]}
    monkeypatch.setattr(fontcache, "_entries", lambda: stale)
    calls = []
    parse = TTFontFace.extractInfo
    monkeypatch.setattr(TTFontFace, "extractInfo",
                        lambda self, *a: (calls.append(1), parse(self, *a))[1])
    _same_face(CachedFace(str(path)), TTFontFace(str(path)))
    assert len(calls) == 2  # the stale cached face was parsed too


def test_a_registered_face_is_a_reportlab_ttfont() -> None:
    """fonts._Face builds what TTFont.__init__ builds, with the face from the cache."""
    register_fonts()
    path = pdfmetrics.getFont(REGULAR).face.filename
    ours = fonts._Face(REGULAR, path)  # a fresh one: use moves a face's read position
    theirs = TTFont(REGULAR, path, asciiReadable=True)
    assert set(vars(ours)) == set(vars(theirs))
    for k in vars(ours):
        if k not in ("face", "encoding", "state"):
            assert getattr(ours, k) == getattr(theirs, k), k
    _same_face(ours.face, theirs.face)

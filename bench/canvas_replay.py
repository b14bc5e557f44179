"""Record every ReportLab call a kit makes, and replay them on a bare canvas.

The fair yardstick for a kit: the same canvas (same constructor arguments, fonts, compression
and metadata), the same drawing calls in the same order, the same form fields, and nothing
else; no planning, no layout arithmetic, no game engine.  Replaying must write the very same
bytes as the kit (``bench_kits.py`` checks it), so the ratio kit / replay is what the kit's own
code costs on top of ReportLab's drawing.

Recorded: top-level calls on the canvas (not the calls ReportLab makes inside them), the calls
on the path and text objects the canvas hands out, and the form fields written with
``pnp.render.forms.FormWriter``.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfgen.canvas import Canvas

import pnp.render.document as document
import pnp.render.forms as forms

Call = tuple[str, int, str, tuple[Any, ...], dict[str, Any]]  # kind, handle, name, args, kw


class Recording:
    """The calls of every canvas created while recording, one list per canvas."""

    def __init__(self) -> None:
        self.canvases: list[tuple[tuple[Any, ...], dict[str, Any], list[Call]]] = []
        self.depth = 0
        self._handles: dict[int, int] = {}  # id(object) -> handle

    def handle(self, obj: Any) -> int:
        key = id(obj)
        if key not in self._handles:
            self._handles[key] = len(self._handles) + 1
        return self._handles[key]

    def encode(self, value: Any) -> Any:
        if isinstance(value, _Proxy):
            return _Ref(value._handle)
        return value


class _Ref:
    __slots__ = ("handle",)

    def __init__(self, handle: int) -> None:
        self.handle = handle


class _Proxy:
    """A path or text object whose method calls are recorded."""

    def __init__(self, rec: Recording, calls: list[Call], obj: Any, handle: int) -> None:
        self._rec, self._calls, self._obj, self._handle = rec, calls, obj, handle

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._obj, name)
        if not callable(attr):
            return attr
        rec, calls, handle = self._rec, self._calls, self._handle

        def call(*a: Any, **k: Any) -> Any:
            if rec.depth == 0:
                calls.append(("obj", handle, name, tuple(rec.encode(x) for x in a), k))
            rec.depth += 1
            try:
                return attr(*a, **k)
            finally:
                rec.depth -= 1
        return call


def _unwrap(value: Any) -> Any:
    return value._obj if isinstance(value, _Proxy) else value


def _recording_canvas(rec: Recording) -> type[Canvas]:
    class RecordingCanvas(Canvas):
        def __init__(self, *a: Any, **k: Any) -> None:
            self._rec_calls: list[Call] = []
            target = a[0] if a else k.get("filename")
            if isinstance(target, (str, os.PathLike)):  # not a throwaway canvas in memory
                rec.canvases.append((a, k, self._rec_calls))  # (``document.measure``): its
                # calls are the kit's own layout work, not the PDF it writes
            rec.depth += 1
            try:
                super().__init__(*a, **k)
            finally:
                rec.depth -= 1

    def wrap(name: str, fn: Any) -> Any:
        def method(self: Any, *a: Any, **k: Any) -> Any:
            top = rec.depth == 0
            if top:
                self._rec_calls.append(("canvas", 0, name, tuple(rec.encode(x) for x in a), k))
            rec.depth += 1
            try:
                out = fn(self, *(_unwrap(x) for x in a), **k)
            finally:
                rec.depth -= 1
            if top and name in ("beginPath", "beginText"):
                handle = rec.handle(out)
                self._rec_calls[-1] = ("new", handle, name, self._rec_calls[-1][3], k)
                return _Proxy(rec, self._rec_calls, out, handle)
            return out
        return method

    for name, fn in inspect.getmembers(Canvas, inspect.isfunction):
        if not name.startswith("__"):
            setattr(RecordingCanvas, name, wrap(name, fn))
    return RecordingCanvas


@contextmanager
def recording() -> Iterator[Recording]:
    """Within the block every canvas ``pnp.render.document`` makes is recorded."""
    rec = Recording()
    canvas_cls = _recording_canvas(rec)
    writer_cls = forms.FormWriter

    class RecordingFormWriter(writer_cls):  # type: ignore[misc, valid-type]
        def __init__(self, c: Any) -> None:
            c._rec_calls.append(("form", 0, "__init__", (), {}))
            self._calls = c._rec_calls
            rec.depth += 1
            try:
                super().__init__(c)
            finally:
                rec.depth -= 1

        def add(self, f: forms.FormField) -> None:
            self._calls.append(("form", 0, "add", (f,), {}))
            rec.depth += 1
            try:
                super().add(f)
            finally:
                rec.depth -= 1

        def finish(self) -> None:
            self._calls.append(("form", 0, "finish", (), {}))
            rec.depth += 1
            try:
                super().finish()
            finally:
                rec.depth -= 1

    saved = document.Canvas
    document.Canvas = canvas_cls  # type: ignore[misc]
    forms.FormWriter = RecordingFormWriter  # type: ignore[misc]
    try:
        yield rec
    finally:
        document.Canvas = saved  # type: ignore[misc]
        forms.FormWriter = writer_cls  # type: ignore[misc]


def replay(args: tuple[Any, ...], kwargs: dict[str, Any], calls: list[Call],
           target: str) -> None:
    """Make the same canvas (writing to ``target``) and make every recorded call on it."""
    c = Canvas(target, *args[1:], **kwargs)
    objects: dict[int, Any] = {}
    writer: Any = None
    for kind, handle, name, a, k in calls:
        a = tuple(objects[x.handle] if isinstance(x, _Ref) else x for x in a)
        if kind == "canvas":
            getattr(c, name)(*a, **k)
        elif kind == "obj":
            getattr(objects[handle], name)(*a, **k)
        elif kind == "new":
            objects[handle] = getattr(c, name)(*a, **k)
        elif name == "__init__":
            writer = forms.FormWriter(c)
        else:
            getattr(writer, name)(*a, **k)

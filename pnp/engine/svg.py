"""Tiny helpers for writing SVG by hand with every text escaped (the games' board drawings,
``pnp.engine.drawing``, and the tracker's generic one)."""

from __future__ import annotations

from html import escape


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def text(x: float, y: float, value: object, *, size: float = 12, anchor: str = "start",
         weight: str = "normal", fill: str = "#e8ecf8", cls: str = "") -> str:
    c = f' class="{esc(cls)}"' if cls else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{c}>{esc(value)}</text>')


def svg(width: float, height: float, body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'role="img" aria-label="{esc(label)}" class="board" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">' + "".join(body) + "</svg>")


def short(value: object, chars: int) -> str:
    """A name cut to fit its column, with an ellipsis (``short("Maximiliana", 6)`` is
    ``"Maxim…"``)."""
    text_ = str(value)
    return text_ if len(text_) <= chars else text_[:max(chars - 1, 1)].rstrip() + "…"

"""Galaxy Express drawn from the engine's summary: the 8x6 star chart (a torus: tile edges
drawn, labels a-h / 1-6 with row 1 at the bottom), planets and the ship, then the delivery
queue, the face-up Sun and Moon coins, the speed gauge and the score."""

from __future__ import annotations

from typing import Any

from pnp.engine.svg import esc, svg, text

CELL = 44
SPOT = 40  # a tap target on a cell (webscore.entry lays it over the drawing)
COLS, ROWS = 8, 6
LEFT, TOP = 22, 34
WIDTH = LEFT + COLS * CELL + 12
PLANET_COLOURS = ["#8d99ae", "#ef476f", "#ffd166", "#06d6a0", "#4cc9f0", "#b388eb"]
SUN = "#ffb703"
MOON = "#cfd8ff"


def _cell_xy(cell: str) -> tuple[float, float] | None:
    if not isinstance(cell, str) or len(cell) != 2 or cell[0] not in "abcdefgh" \
            or cell[1] not in "123456":
        return None
    col = "abcdefgh".index(cell[0])
    row = int(cell[1]) - 1
    return LEFT + col * CELL + CELL / 2, TOP + (ROWS - 1 - row) * CELL + CELL / 2


def _chart(summary: dict[str, Any]) -> list[str]:
    out = [f'<rect x="{LEFT}" y="{TOP}" width="{COLS * CELL}" height="{ROWS * CELL}" '
           'fill="#0d1330" stroke="#3b4680"/>']
    for c in range(1, COLS):
        w = 2 if c % 2 == 0 else 0.6
        lx = LEFT + c * CELL
        out.append(f'<line x1="{lx}" y1="{TOP}" x2="{lx}" y2="{TOP + ROWS * CELL}" '
                   f'stroke="#3b4680" stroke-width="{w}"/>')
    for r in range(1, ROWS):
        w = 2 if r % 2 == 0 else 0.6
        ly = TOP + r * CELL
        out.append(f'<line x1="{LEFT}" y1="{ly}" x2="{LEFT + COLS * CELL}" y2="{ly}" '
                   f'stroke="#3b4680" stroke-width="{w}"/>')
    for c, name in enumerate("abcdefgh"):
        out.append(text(LEFT + c * CELL + CELL / 2, TOP + ROWS * CELL + 14, name, size=11,
                         anchor="middle", fill="#98a2c7"))
    for r in range(ROWS):
        out.append(text(LEFT - 8, TOP + (ROWS - 1 - r) * CELL + CELL / 2 + 4, r + 1, size=11,
                         anchor="middle", fill="#98a2c7"))
    queue = summary.get("queue") or {}
    target = queue.get("top")
    for planet in summary.get("planets") or []:
        xy = _cell_xy(planet.get("cell"))
        if xy is None:
            continue
        x, y = xy
        number = planet.get("number")
        known = isinstance(number, int) and 0 <= number < len(PLANET_COLOURS)
        fill = PLANET_COLOURS[number] if known else "#39416b"
        if known and number == target:
            out.append(f'<circle cx="{x}" cy="{y}" r="19" fill="none" stroke="{SUN}" '
                       'stroke-width="3" stroke-dasharray="4 3"/>')
        out.append(f'<circle cx="{x}" cy="{y}" r="14" fill="{fill}" stroke="#0b1026" '
                   'stroke-width="2"/>')
        out.append(text(x, y + 5, number if known else "?", size=14, anchor="middle",
                         weight="bold", fill="#0b1026" if known else "#e8ecf8"))
    ship = _cell_xy(summary.get("ship") or "")
    if ship is not None:
        x, y = ship
        out.append(f'<rect x="{x - CELL / 2 + 2}" y="{y - CELL / 2 + 2}" width="{CELL - 4}" '
                   f'height="{CELL - 4}" rx="6" fill="none" stroke="#ffffff" stroke-width="2.5"/>')
        sx, sy = x + 12, y - 12
        path = f"M{sx} {sy - 9} L{sx + 7} {sy + 7} L{sx} {sy + 3} L{sx - 7} {sy + 7}Z"
        out.append(f'<path d="{path}" fill="#ffffff" stroke="#0b1026" stroke-width="1.2"/>')
    return out


def _coin(x: float, y: float, value: object, colour: str, faded: bool = False) -> str:
    opacity = ' opacity="0.4"' if faded else ""
    r, size = (9, 10) if faded else (13, 13)
    return (f'<g{opacity}><circle cx="{x}" cy="{y}" r="{r}" fill="{colour}" stroke="#0b1026" '
            f'stroke-width="1.5"/>' + text(x, y + size * 0.38, value, size=size,
                                           anchor="middle", weight="bold", fill="#0b1026")
            + "</g>")


def _coins(y: float, label: str, info: dict[str, Any], colour: str) -> list[str]:
    out = [text(LEFT, y + 5, label, size=12, weight="bold")]
    x = LEFT + 70
    for v in info.get("face_up") or []:
        out.append(_coin(x, y, v, colour))
        x += 32
    spent = info.get("spent") or []
    stack = info.get("in_stack", 0)
    out.append(text(LEFT + 140, y + 5, f"stack {stack}", size=11, fill="#98a2c7"))
    out.append(text(LEFT + 200, y + 5, "spent", size=11, fill="#98a2c7"))
    x = LEFT + 248
    for v in spent:
        out.append(_coin(x, y, v, colour, faded=True))
        x += 20
    return out


def _speed(y: float, speed: object) -> list[str]:
    value = speed if isinstance(speed, int) else 0
    out = [text(LEFT, y + 5, "Speed", size=12, weight="bold")]
    for i in range(11):
        x = LEFT + 70 + i * 25
        on = i <= value and value > 0 and i > 0
        fill = SUN if on else "#222b57"
        out.append(f'<rect x="{x}" y="{y - 9}" width="21" height="18" rx="3" fill="{fill}"/>')
        out.append(text(x + 10.5, y + 4, i, size=10, anchor="middle",
                         fill="#0b1026" if on else "#98a2c7"))
    return out


def draw(summary: dict[str, Any]) -> str:
    body = ['<rect width="100%" height="100%" rx="10" fill="#141a33"/>']
    turn = summary.get("turn", 0)
    phase = summary.get("phase", "")
    body.append(text(LEFT - 12, 22, f"Turn {turn}", size=14, weight="bold"))
    body.append(text(WIDTH - 12, 22, str(phase), size=12, anchor="end", fill="#98a2c7"))
    body += _chart(summary)
    y = TOP + ROWS * CELL + 42
    queue = summary.get("queue") or {}
    top = queue.get("top")
    body.append(text(LEFT, y + 5, "Deliver to", size=12, weight="bold"))
    if isinstance(top, int):
        body.append(f'<circle cx="{LEFT + 100}" cy="{y}" r="15" fill="#f4a261" '
                    'stroke="#0b1026" stroke-width="1.5"/>')
        body.append(text(LEFT + 100, y + 5, top, size=15, anchor="middle", weight="bold",
                         fill="#0b1026"))
    else:
        body.append(text(LEFT + 100, y + 5, "—", size=14, anchor="middle"))
    done = queue.get("delivered") or []
    body.append(text(LEFT + 130, y + 5, f"done: {' '.join(str(d) for d in done) or 'none'}",
                     size=11, fill="#98a2c7"))
    if queue.get("bottom") is not None:
        body.append(text(WIDTH - 12, y + 5, f"bottom: {queue.get('bottom')}", size=11,
                         anchor="end", fill="#98a2c7"))
    y += 36
    body += _coins(y, "Suns +", summary.get("suns") or {}, SUN)
    y += 34
    body += _coins(y, "Moons −", summary.get("moons") or {}, MOON)
    y += 34
    body += _speed(y, summary.get("speed"))
    y += 34
    stats = (f"Deliveries {summary.get('deliveries', 0)} · Refuels {summary.get('refuels', 0)}"
             f" · Coins left {summary.get('coins_left', '?')}")
    body.append(text(LEFT, y + 4, stats, size=12))
    y += 26
    body.append(text(LEFT, y + 4, f"Score {summary.get('score', 0)}", size=16, weight="bold",
                     fill=SUN))
    y += 20
    body.append(text(LEFT, y + 4, str(summary.get("rating") or ""), size=11,
                     fill="#98a2c7"))
    pending = summary.get("chance") or []
    if pending:
        y += 24
        body.append(text(LEFT, y + 4, "Reveal: " + "; ".join(str(p) for p in pending[:2]),
                         size=11, fill="#9fc2ff"))
    result = summary.get("result")
    if result:
        y += 24
        body.append(text(LEFT, y + 4, f"Game over: {result}", size=14, weight="bold",
                         fill="#5be39b"))
    label = f"Galaxy Express star chart, ship at {esc(summary.get('ship') or 'not placed')}"
    return svg(WIDTH, y + 18, body, label)


def place(summary: dict[str, Any], notation: str,
          after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped: a start planet, a scanned planet, or the cell a coin's slide
    ends on (the engine's own result of playing it)."""
    cell: str | None = None
    if notation[:1] in "@?" and len(notation) == 3:
        cell = notation[1:]
    elif notation[:1] in "SM" and len(notation) in (2, 3) and notation[1:2].isdigit():
        result = after(notation)
        cell = result.get("ship") if result else None
    xy = _cell_xy(cell) if isinstance(cell, str) else None
    return (xy[0], xy[1], cell) if xy is not None and cell is not None else None

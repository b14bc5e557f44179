"""Galaxy Trucker drawn from the flight engine's summary, phone first (one narrow column): the
40-space flight loop with a rocket per seat (pilot-cabin colours: blue, red, green, yellow) and
the current card in its middle (stage, last roll, whose decision), the flight order under it
(leader first, lapped and given-up players marked), then one panel per seat with a small ship
drawing (``ship_drawing.draw``), the crew, battery tokens and goods laid on their tiles,
and the credits.

Tile faces depend on the seed the tiles were printed from; a summary without ``tile_seed``
still shows the ship's squares and tile ids.  Every text is escaped; anything the summary
lacks or gets wrong is drawn as unknown rather than failing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.engine.errors import PnpError
from pnp.engine.svg import esc, short, svg, text
from pnp.games.galaxy_trucker import ship_drawing
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.captions import tiles_named
from pnp.games.galaxy_trucker.cards import card as card_named
from pnp.games.galaxy_trucker.events import Land, parse_event
from pnp.games.galaxy_trucker.notation import parse_ship, placed_cells
from pnp.games.galaxy_trucker.state import LOOP, tiles_of

W = 440
PAD = 8
SEATS = [ship_drawing.PILOT_COLOUR[c] for c in ("blue", "red", "green", "yellow")]
INK, MUTED, ACCENT, BAD = "#e8ecf8", "#98a2c7", "#ffcf4a", "#ff6b6b"
GOODS = {"R": "#ef476f", "Y": "#ffd23f", "G": "#2ec27e", "B": "#4c8dff"}
ALIENS = {"B": "#b07a45", "P": "#9b5de5"}
ORDINAL = ["leader", "2nd", "3rd", "4th", "5th"]
PHASE_WORDS = {"build": "building", "fix": "spot check", "crew": "crew boards",
               "over": "game over"}

# the loop: a flat stadium (two half circles joined by straights) travelled clockwise from the
# top, short enough that the ship to decide on gets most of a phone's screen
R = 50.0
LOOP_TOP = 28.0
CX1, CX2, CY = 30 + R, W - 30 - R, LOOP_TOP + 12 + R
STRAIGHT = CX2 - CX1
PERIMETER = 2 * STRAIGHT + 2 * math.pi * R
STRIP_Y = CY + R + 27  # one chip per seat: a thumbnail of the ship, where it flies
CHIP_H = 58.0
FOCUS_Y = STRIP_Y + CHIP_H + 6  # the ship to decide on, zoomed
SHIP_Y = FOCUS_Y + 40
SHIP_W = W - 2 * PAD
SHIP_MAX_H = 400.0
MIN_CELL = 58.0  # a tile is at least this big (47 px on a 390 px phone: a thumb's target)
MAX_CELL = 88.0
PLANET_H = 60.0  # a Planets card's planets as tap targets, over the zoomed ship
SPARE_H = 110.0  # no ship to zoom on (building, between rounds): its outline, or the pay
SPOT_SHARE = 0.94  # a tile's tap target: nearly the whole tile


# -- reading the summary defensively ---------------------------------------------------------
def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _wrap(value: object, width: int, lines: int) -> list[str]:
    """Greedy word wrap by characters; the last line is clipped with an ellipsis."""
    out: list[str] = []
    line = ""
    for word in str(value).split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = short(out[-1] + " …", width)
    return [short(x, width) for x in out]


def seat_colour(seat: object) -> str:
    s = _int(seat)
    return SEATS[s % len(SEATS)] if s is not None and s >= 0 else "#888888"


def _name(summary: dict[str, Any], ship: dict[str, Any], seat: int) -> str:
    names = _list(summary.get("player_names"))
    if 0 <= seat < len(names) and str(names[seat]).strip():
        return str(names[seat])
    return str(ship.get("name") or f"seat {seat + 1}")


# -- the flight loop -----------------------------------------------------------------------
def space_xy(space: float) -> tuple[float, float, float]:
    """Centre of a space (0 at the top middle, clockwise) and the heading in degrees."""
    s = (space % LOOP) / LOOP * PERIMETER
    half = STRAIGHT / 2
    if s < half:
        return W / 2 + s, CY - R, 90.0
    s -= half
    if s < math.pi * R:
        a = -math.pi / 2 + s / R
        return CX2 + R * math.cos(a), CY + R * math.sin(a), math.degrees(a) + 180
    s -= math.pi * R
    if s < STRAIGHT:
        return CX2 - s, CY + R, 270.0
    s -= STRAIGHT
    if s < math.pi * R:
        a = math.pi / 2 + s / R
        return CX1 + R * math.cos(a), CY + R * math.sin(a), math.degrees(a) + 180
    s -= math.pi * R
    return CX1 + s, CY - R, 90.0


def _rocket(x: float, y: float, heading: float, colour: str, label: str, number: int,
            ring: str | None) -> str:
    """A rocket pointing along the loop, the seat number on its body."""
    body = ("M0 -15 C6 -9 7 -1 6 6 L10 12 L4 11 L3 14 L-3 14 L-4 11 L-10 12 L-6 6 "
            "C-7 -1 -6 -9 0 -15Z")
    mark = (f'<circle cx="0" cy="0" r="15" fill="none" stroke="{ring}" stroke-width="2.5" '
            'stroke-dasharray="4 2"/>' if ring else "")
    return (f'<g class="rocket" transform="translate({x:.1f} {y:.1f})"><title>{esc(label)}'
            f'</title><g transform="scale(0.8)">{mark}<g transform="rotate({heading:.0f})">'
            f'<path d="{body}" fill="{colour}" stroke="#0b1026" stroke-width="1.4"/></g>'
            + text(0, 4, number, size=10, anchor="middle", weight="bold", fill="#0b1026")
            + "</g></g>")


def _loop(summary: dict[str, Any], ships: list[dict[str, Any]]) -> list[str]:
    out = [f'<path d="M{W / 2} {CY - R} H{CX2} A{R} {R} 0 0 1 {CX2} {CY + R} H{CX1} '
           f'A{R} {R} 0 0 1 {CX1} {CY - R}Z" fill="none" stroke="#2a3463" stroke-width="20"/>']
    for k in range(LOOP):
        x, y, _ = space_xy(k)
        start = k == 0
        fill, ring = ("#3a3000", ACCENT) if start else ("#111836", "#56608a")
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{fill}" stroke="{ring}" '
                   'stroke-width="1.2"/>')
        if k % 5 == 0:  # numbers outside the loop, every fifth space; 0 is the start
            dx, dy = x - W / 2, y - CY
            if abs(dx) < STRAIGHT / 2:
                dx = 0
            else:
                dx -= math.copysign(STRAIGHT / 2, dx)
            d = math.hypot(dx, dy) or 1
            out.append(text(x + dx / d * 17, y + dy / d * 17 + 3.5, "start 0" if start else k,
                            size=9, anchor="middle", weight="bold" if start else "normal",
                            fill=ACCENT if start else MUTED))
    flying = [s for s in ships if s.get("flying") and _int(s.get("pos")) is not None]
    for s in flying:
        seat, pos = _int(s.get("seat")) or 0, _int(s.get("pos")) or 0
        x, y, heading = space_xy(pos)
        behind = bool(s.get("lapped"))
        label = (f"{s['_name']}: space {pos % LOOP}" + (", lapped" if behind else ""))
        out.append(_rocket(x, y, heading, seat_colour(seat), label, seat + 1,
                           BAD if behind else None))
    return out


def _centre(summary: dict[str, Any]) -> list[str]:
    """The card in the middle of the loop: round and card count, what it is and its stage,
    the roll, who decides."""
    r2 = R - 15
    out = [f'<path d="M{CX1} {CY - r2} H{CX2} A{r2} {r2} 0 0 1 {CX2} {CY + r2} H{CX1} '
           f'A{r2} {r2} 0 0 1 {CX1} {CY - r2}Z" fill="#151c3d" stroke="#2a3463"/>']
    x = CX1 - 22
    c = _dict(summary.get("card"))
    rnd = summary.get("round")
    turned, size = _int(summary.get("cards_turned")), _int(summary.get("deck_size"))
    head = f"Round {short(rnd, 4)}" if rnd is not None else "Galaxy Trucker"
    if turned is not None and size is not None:
        head += f" · card {turned} of {size}"
    if c and c.get("stage"):
        head += f" · {short(c.get('stage'), 16)}"
    out.append(text(x, CY - 19, head, size=10, fill=MUTED))
    if c:
        cid, title = short(c.get("id") or "?", 8), short(c.get("title") or "", 26)
        badge = 8 + 6.5 * len(cid)
        out.append(f'<rect x="{x}" y="{CY - 14}" width="{badge}" height="15" rx="4" '
                   f'fill="{ACCENT}"/>')
        out.append(text(x + 4, CY - 2.5, cid, size=10, weight="bold", fill="#1b1400"))
        out.append(text(x + badge + 6, CY - 1.5, title, size=13, weight="bold", fill=INK))
        body = str(c.get("text") or "")
        body = body.split(": ", 1)[1] if ": " in body else ""
        if body:
            out.append(text(x, CY + 13, short(body, 50), size=10, fill=INK))
    else:
        words = {"build": "Building: enter the ships", "fix": "Spot check: repairs",
                 "crew": "Crew and aliens board", "gate": "Between cards",
                 "over": "The flight is over"}
        out.append(text(x, CY + 1, words.get(str(summary.get("phase")), "No card yet"),
                        size=13, weight="bold", fill=INK))
    dice = _int(summary.get("dice"))
    if dice is not None and summary.get("phase") == "card":
        dx, dy = CX2 + 12, CY - 16
        out.append(f'<g class="dice"><title>last 2d6 roll: {dice}</title>'
                   f'<rect x="{dx}" y="{dy}" width="24" height="22" rx="5" fill="#fdfdfd" '
                   'stroke="#0b1026"/>'
                   + text(dx + 12, dy + 16, short(dice, 3), size=13, anchor="middle",
                          weight="bold", fill="#0b1026")
                   + "</g>")
    decision = _dict(summary.get("decision"))
    colour = ACCENT
    if summary.get("phase") == "over" or summary.get("awaiting") == "over":
        line = f"Over: {summary.get('result') or ''}"
        colour = "#5be39b"
    elif decision:
        seat = _int(decision.get("seat"))
        who = _name(summary, {"name": decision.get("name")}, seat) if seat is not None \
            else str(decision.get("name") or "?")
        line = f"{who}: {decision.get('what') or decision.get('kind') or ''}"
        out.append(f'<rect x="{x}" y="{CY + 17}" width="4" height="12" rx="2" '
                   f'fill="{seat_colour(seat)}"/>')
    elif summary.get("chance"):
        line = f"Log the {summary.get('chance')}"
        colour = "#9fc2ff"
    else:
        line = ""
    if line:
        out.append(text(x + 8, CY + 27, short(line, 50), size=11, weight="bold", fill=colour))
    return out


# -- one seat's ship -------------------------------------------------------------------------
def _crew_marks(value: object) -> dict[int, str]:
    """Figures on their cabins (the summary's ``berths``): a white badge with the number of
    humans, or the alien."""
    out: dict[int, str] = {}
    for berth in _list(value):
        b = _dict(berth)
        cabin, humans, alien = _int(b.get("cabin")), _int(b.get("humans")), b.get("alien")
        if cabin is None:
            continue
        if alien in ALIENS:
            out[cabin] = (f'<circle cx="48" cy="48" r="12" fill="{ALIENS[str(alien)]}" '
                          'stroke="#fdfdfd" stroke-width="2"/>'
                          + text(48, 54, alien, size=15, anchor="middle", weight="bold",
                                 fill="#fdfdfd"))
        elif humans:
            out[cabin] = ('<circle cx="48" cy="48" r="12" fill="#fdfdfd" '
                          'stroke="#0b1026" stroke-width="1.5"/>'
                          + text(48, 54, humans, size=16, anchor="middle", weight="bold",
                                 fill="#0b1026"))
    return out


def _tile_marks(s: dict[str, Any]) -> dict[int, str]:
    marks = _crew_marks(s.get("berths"))
    for tile, n in _dict(s.get("batteries")).items():
        if str(tile).isdigit() and _int(n) is not None:
            marks[int(tile)] = marks.get(int(tile), "") + (
                '<rect x="36" y="38" width="24" height="22" rx="5" fill="#0b1026" '
                'stroke="#5be39b" stroke-width="2"/>'
                + text(48, 55, n, size=16, anchor="middle", weight="bold", fill="#5be39b"))
    for tile, goods in _dict(s.get("goods")).items():
        if not str(tile).isdigit():
            continue
        cubes = [g for g in str(goods) if g in GOODS][:4]
        row = "".join(f'<rect x="{6 + 14 * i}" y="46" width="12" height="12" rx="2" '
                      f'fill="{GOODS[g]}" stroke="#0b1026" stroke-width="1.2"/>'
                      for i, g in enumerate(cubes))
        marks[int(tile)] = marks.get(int(tile), "") + row
    return marks


View = tuple[float, float, float, float]


def _outline(board_name: str, text_: str, frame: tuple[float, float, float, float],
             label: str, marks: dict[int, str] | None = None, *,
             window: tuple[range, range] | None = None, cls: str = "ship-mini") -> str:
    """The ship's squares and tile ids, for a summary that does not name the tile seed."""
    board = BOARDS.get(board_name)
    placed = placed_cells(text_)
    cells = set(board.cells if board else ()) | set(placed)
    if not cells:
        cells = {(7, 7)}
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    if len(rows) > 12 or len(cols) > 12:
        return ""
    cell = ship_drawing.CELL
    body = []
    for r, c in sorted(cells):
        x, y = (c - cols.start) * cell, (r - rows.start) * cell
        if (r, c) in placed:
            body.append(f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" '
                        'rx="4" fill="#27305a" stroke="#8892c0"/>'
                        + text(x + cell / 2, y + cell / 2 - 1, f"#{placed[(r, c)]}", size=16,
                               anchor="middle", weight="bold", fill=INK))
            mark = (marks or {}).get(placed[(r, c)])
            if mark:
                body.append(f'<g transform="translate({x} {y})">{mark}</g>')
        else:
            body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" '
                        'rx="5" fill="#111836" stroke="#3b4680" stroke-dasharray="4 3"/>')
    view = f"0 0 {len(cols) * cell} {len(rows) * cell}"
    if window is not None:
        wr, wc = window
        view = (f"{(wc.start - cols.start) * cell} {(wr.start - rows.start) * cell} "
                f"{len(wc) * cell} {len(wr) * cell}")
    return (f'<svg x="{frame[0]:.1f}" y="{frame[1]:.1f}" width="{frame[2]:.1f}" '
            f'height="{frame[3]:.1f}" viewBox="{view}" '
            f'class="{cls} outline" aria-label="{esc(label)}">{"".join(body)}</svg>')


def _history(lines: list[str], frame: tuple[float, float, float, float]) -> str:
    """Between rounds and at the end there is no ship: the pay of the rounds so far."""
    x, y, w, h = frame
    out = [text(x + 6, y + 14, "Rounds so far", size=11, weight="bold", fill=MUTED)]
    rows: list[str] = []
    for line in lines:
        rows += _wrap(line, max(int(w / 6.4), 12), 3)
    for i, row in enumerate(rows[: int((h - 24) // 13)]):
        out.append(text(x + 6, y + 32 + 13 * i, row, size=10, fill=INK))
    return f'<g class="history">{"".join(out)}</g>'


def _ship(summary: dict[str, Any], s: dict[str, Any],
          frame: tuple[float, float, float, float], *,
          window: tuple[range, range] | None = None, cls: str = "ship-mini",
          label: str | None = None) -> str:
    label = label or f"ship of {s['_name']}"
    notation = s.get("ship")
    board = str(s.get("board") or "")
    if not isinstance(notation, str) or not notation.strip():
        history = [str(h) for h in _list(s.get("history"))]
        if history:
            return _history(history, frame)
        return _outline(board, board, frame, f"{label}: not entered yet", window=window,
                        cls=cls)
    seed = _int(summary.get("tile_seed"))
    if seed is not None and 0 <= seed < 2**63:
        try:
            ship = parse_ship(notation, tiles_of(seed))
        except PnpError:
            pass
        else:
            return ship_drawing.draw(ship, label=label, marks=_tile_marks(s), frame=frame,
                                     window=window, cls=cls)
    return _outline(notation.split()[0], notation, frame, label, _tile_marks(s),
                    window=window, cls=cls)


# -- a Planets card's planets, tapped to land -------------------------------------------------
def _landings(summary: dict[str, Any]) -> dict[int, str]:
    """The planets the offered entries land on (row -> its notation)."""
    out: dict[int, str] = {}
    for notation in _list(summary.get("offered")):
        try:
            event = parse_event(str(notation))
        except PnpError:
            continue
        if isinstance(event, Land):
            out[event.row] = str(notation)
    return out


def _card_planets(summary: dict[str, Any]) -> tuple[str, ...]:
    card_id = _dict(summary.get("card")).get("id")
    try:
        return card_named(str(card_id)).planets if card_id else ()
    except (PnpError, KeyError, ValueError):
        return ()


def _shift(summary: dict[str, Any]) -> float:
    """How far the zoomed ship moves down for a row of planets to land on."""
    return PLANET_H + 6 if _landings(summary) and _card_planets(summary) else 0.0


def planet_centre(summary: dict[str, Any], row: int) -> tuple[float, float] | None:
    planets = _card_planets(summary)
    if not _shift(summary) or not 1 <= row <= len(planets):
        return None
    width = (W - 2 * PAD - 6 * (len(planets) - 1)) / len(planets)
    return PAD + (row - 1) * (width + 6) + width / 2, FOCUS_Y + PLANET_H / 2


def _planets(summary: dict[str, Any]) -> list[str]:
    """The card's planets in a row (their goods as cubes); those still free to land on are
    tap targets (``place``), the taken ones faded."""
    if not _shift(summary):
        return []
    planets, free = _card_planets(summary), _landings(summary)
    width = (W - 2 * PAD - 6 * (len(planets) - 1)) / len(planets)
    out = []
    for i, goods in enumerate(planets, 1):
        x = PAD + (i - 1) * (width + 6)
        faded = "" if i in free else ' opacity="0.45"'
        cubes = "".join(
            f'<rect x="{x + 8 + 13 * k:.1f}" y="{FOCUS_Y + 30}" width="11" height="11" rx="2" '
            f'fill="{GOODS.get(g, MUTED)}" stroke="#0b1026"/>' for k, g in enumerate(goods[:6]))
        out.append(f'<g class="planet"{faded}><rect x="{x:.1f}" y="{FOCUS_Y}" '
                   f'width="{width:.1f}" height="{PLANET_H}" rx="8" fill="#151c3d" '
                   f'stroke="{ACCENT if i in free else "#2a3463"}"/>'
                   + text(x + 8, FOCUS_Y + 20, f"planet {i}" if i in free else f"{i} taken",
                          size=11, weight="bold", fill=INK) + cubes + "</g>")
    return out


# -- the ship to decide on, zoomed -----------------------------------------------------------
@dataclass(frozen=True)
class Focus:
    """Where the zoomed ship lies: its seat, the rows and columns shown (all of the ship when
    its tiles can be at least ``MIN_CELL``, else a window round the tiles the offered entries
    name), the tile size and the window's top-left corner in the drawing."""

    seat: int
    rows: range
    cols: range
    cell: float
    x: float
    y: float
    cells: dict[int, tuple[int, int]]  # tile id -> (row, column) on this ship
    whole: tuple[range, range]  # every row and column the ship's tiles lie on

    def centre(self, tile: int) -> tuple[float, float] | None:
        where = self.cells.get(tile)
        if where is None or where[0] not in self.rows or where[1] not in self.cols:
            return None
        r, c = where
        return (self.x + (c - self.cols.start + 0.5) * self.cell,
                self.y + (r - self.rows.start + 0.5) * self.cell)


def _offered_tiles(summary: dict[str, Any]) -> list[int]:
    out: list[int] = []
    for notation in _list(summary.get("offered")):
        try:
            event = parse_event(str(notation))
        except PnpError:
            continue
        out.extend(tiles_named(event)[:1])
    return out


def focus_seat(summary: dict[str, Any], ships: list[dict[str, Any]]) -> int | None:
    """The seat whose ship is drawn large: who decides now, else the leader, else the first."""
    seats = [_int(s.get("seat")) for s in ships]
    decision = _dict(summary.get("decision"))
    deciding = _int(decision.get("seat"))
    if deciding in seats:
        return deciding
    for seat in _list(summary.get("order")):
        if _int(seat) in seats:
            return _int(seat)
    return seats[0] if seats and seats[0] is not None else None


def _span(lo: int, hi: int, size: int, whole: range) -> range:
    """``size`` consecutive values of ``whole`` covering as much of lo..hi as they can."""
    middle = (lo + hi) / 2
    start = round(middle - (size - 1) / 2)
    start = max(whole.start, min(start, whole.stop - size))
    return range(start, start + size)


def focus_layout(summary: dict[str, Any], ships: list[dict[str, Any]] | None = None
                 ) -> Focus | None:
    if ships is None:
        ships = _ships(summary)
    seat = focus_seat(summary, ships)
    s = next((x for x in ships if x.get("seat") == seat), None)
    if s is None or seat is None:
        return None
    notation = s.get("ship")
    text_ = notation if isinstance(notation, str) and notation.strip() else ""
    if not text_:
        return None  # not entered yet (a small outline), or between rounds (the pay so far)
    board = BOARDS.get(text_.split()[0] if text_ else str(s.get("board") or ""))
    placed = placed_cells(text_) if text_ else {}
    cells = set(board.cells if board else ()) | set(placed)
    if not cells:
        return None
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    if len(rows) > 12 or len(cols) > 12:
        return None
    by_tile = {tile: where for where, tile in placed.items()}
    max_h = SHIP_MAX_H - _shift(summary)
    cell = min(SHIP_W / len(cols), max_h / len(rows), MAX_CELL)
    shown_rows, shown_cols = rows, cols
    if cell < MIN_CELL and placed:  # the board's empty edge squares can go: the ship alone
        shown_rows = range(min(r for r, _ in placed), max(r for r, _ in placed) + 1)
        shown_cols = range(min(c for _, c in placed), max(c for _, c in placed) + 1)
        cell = min(SHIP_W / len(shown_cols), max_h / len(shown_rows), MAX_CELL)
    if cell < MIN_CELL:  # still too big for a thumb's tiles: a window round the targets
        within = (shown_rows, shown_cols)
        wanted = [by_tile[t] for t in _offered_tiles(summary) if t in by_tile] \
            or list(placed) or list(cells)
        n_rows = min(len(within[0]), int(max_h // MIN_CELL))
        n_cols = min(len(within[1]), int(SHIP_W // MIN_CELL))
        shown_rows = _span(min(r for r, _ in wanted), max(r for r, _ in wanted), n_rows,
                           within[0])
        shown_cols = _span(min(c for _, c in wanted), max(c for _, c in wanted), n_cols,
                           within[1])
        cell = min(SHIP_W / n_cols, max_h / n_rows, MAX_CELL)
    x = (W - len(shown_cols) * cell) / 2
    if placed:  # the window cuts the ship only where tiles lie beyond it
        rows = range(min(r for r, _ in placed), max(r for r, _ in placed) + 1)
        cols = range(min(c for _, c in placed), max(c for _, c in placed) + 1)
    return Focus(seat, shown_rows, shown_cols, cell, x, SHIP_Y + _shift(summary), by_tile,
                 (rows, cols))


def _focus(summary: dict[str, Any], ships: list[dict[str, Any]], layout: Focus | None,
           order: list[int | None]) -> list[str]:
    seat = layout.seat if layout is not None else focus_seat(summary, ships)
    s = next((x for x in ships if x.get("seat") == seat), None)
    if s is None or seat is None:
        return []
    colour = seat_colour(seat)
    decision = _dict(summary.get("decision"))
    deciding = _int(decision.get("seat")) == seat and summary.get("awaiting") == "decision"
    y = FOCUS_Y + _shift(summary)
    rank = (ORDINAL[min(order.index(seat), 4)] if seat in order
            else PHASE_WORDS.get(str(summary.get("phase")), "not flying"))
    status = "gave up" if s.get("gave_up") else rank
    out = [f'<g class="focus" data-seat="{seat}">',
           f'<circle cx="{PAD + 10}" cy="{y + 10}" r="10" fill="{colour}" stroke="#0b1026"/>',
           text(PAD + 10, y + 14, seat + 1, size=11, anchor="middle", weight="bold",
                fill="#0b1026"),
           text(PAD + 26, y + 15, short(s["_name"], 22), size=14, weight="bold", fill=INK),
           text(W - PAD, y + 15, ("▶ to decide · " if deciding else "") + status, size=11,
                anchor="end", weight="bold" if deciding else "normal",
                fill=ACCENT if deciding else MUTED)]
    humans, total = _int(s.get("humans")), _int(s.get("crew_total"))
    tokens = sum(n for n in _dict(s.get("batteries")).values() if _int(n) is not None)
    crew = f"crew {total if total is not None else '?'}"
    if humans is not None and total is not None and humans != total:
        crew += f" ({total - humans} alien{'s' if total - humans > 1 else ''})"
    credits = _int(s.get("credits"))
    bits = [f"{crew} · batteries {tokens}"]
    lost, exposed = _int(s.get("lost")), _int(s.get("exposed"))
    if lost:
        bits.append(f"lost {lost}")
    if exposed:
        bits.append(f"exposed {exposed}")
    bits.append(f"{credits if credits is not None else '?'} cr")
    line = " · ".join(bits)
    out.append(text(PAD, y + 32, line, size=11, fill=INK))
    goods = [g for g in "".join(str(g) for g in _dict(s.get("goods")).values()) if g in GOODS]
    gx = PAD + 6.2 * len(line) + 8
    for g in goods[:10]:
        if gx > W - PAD - 10:
            break
        out.append(f'<rect x="{gx:.1f}" y="{y + 23}" width="10" height="10" rx="2" '
                   f'fill="{GOODS[g]}" stroke="#0b1026"/>')
        gx += 12
    if layout is None:
        out.append(_ship(summary, s, (PAD, SHIP_Y + _shift(summary), SHIP_W, SPARE_H),
                         cls="ship-focus"))
    else:
        rows, cols = layout.rows, layout.cols
        frame = (layout.x, layout.y, len(cols) * layout.cell, len(rows) * layout.cell)
        all_rows, all_cols = layout.whole
        cut = (rows.start > all_rows.start or rows.stop < all_rows.stop
               or cols.start > all_cols.start or cols.stop < all_cols.stop)
        label = f"ship of {s['_name']}, zoomed" + (
            f": rows {rows.start}-{rows.stop - 1}, columns {cols.start}-{cols.stop - 1}"
            if cut else "")
        out.append(f'<rect x="{frame[0] - 2:.1f}" y="{frame[1] - 2:.1f}" '
                   f'width="{frame[2] + 4:.1f}" height="{frame[3] + 4:.1f}" rx="8" '
                   f'fill="#0f1533" stroke="{ACCENT if deciding else "#2a3463"}"/>')
        out.append(_ship(summary, s, frame, window=(rows, cols), cls="ship-focus",
                         label=label))
        if cut:  # say the ship goes on past the window's edges
            for more, (x1, y1, x2, y2) in (
                    (cols.start > all_cols.start, (frame[0] - 3, frame[1], frame[0] - 3,
                                                   frame[1] + frame[3])),
                    (cols.stop < all_cols.stop, (frame[0] + frame[2] + 3, frame[1],
                                                 frame[0] + frame[2] + 3, frame[1] + frame[3])),
                    (rows.start > all_rows.start, (frame[0], frame[1] - 3,
                                                   frame[0] + frame[2], frame[1] - 3)),
                    (rows.stop < all_rows.stop, (frame[0], frame[1] + frame[3] + 3,
                                                 frame[0] + frame[2], frame[1] + frame[3] + 3))):
                if more:
                    out.append(f'<line class="more" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                               f'y2="{y2:.1f}" stroke="{ACCENT}" stroke-width="3" '
                               'stroke-dasharray="6 4"/>')
    out.append("</g>")
    return out


# -- every seat, small: where it flies and its ship ------------------------------------------
def _chips(summary: dict[str, Any], ships: list[dict[str, Any]], focus: int | None
           ) -> list[str]:
    """One chip per seat in flight order (leader first): a thumbnail of the ship, the name,
    where it flies (or its credits at the end); the zoomed seat's chip is outlined."""
    by_seat = {_int(s.get("seat")): s for s in ships}
    order = [by_seat[i] for i in _list(summary.get("order")) if _int(i) in by_seat]
    chips = order + [s for s in ships if s not in order]
    if not chips:
        return []
    gap = 6.0
    width = (W - 2 * PAD - gap * (len(chips) - 1)) / len(chips)
    over = summary.get("phase") == "over"
    decision = _dict(summary.get("decision"))
    out = []
    for i, s in enumerate(chips):
        seat = _int(s.get("seat")) or 0
        x, y = PAD + i * (width + gap), STRIP_Y
        pos, space = _int(s.get("pos")), _int(s.get("space"))
        credits = _int(s.get("credits"))
        if over:
            where, colour = f"{credits if credits is not None else '?'} credits", ACCENT
        elif s.get("gave_up"):
            where, colour = "gave up", MUTED
        elif pos is None:
            where = PHASE_WORDS.get(str(summary.get("phase")), "not launched")
            colour = MUTED
        elif s.get("lapped"):
            where, colour = f"lapped {space}", BAD
        else:
            where, colour = f"space {space}", INK
        deciding = _int(decision.get("seat")) == seat and summary.get("awaiting") == "decision"
        thumb = min(width * 0.32, 64.0)
        chars = max(int((width - thumb - 14) / 6.0), 3)
        name_chars = max(int((width - thumb - 14) / 8.2), 3)  # bold, a little larger
        faded = ' opacity="0.55"' if s.get("gave_up") else ""
        history = " / ".join(str(h) for h in _list(s.get("history"))) or "first round"
        out.append(
            f'<g class="seat" data-seat="{seat}"{faded}><title>{esc(s["_name"])}: '
            f'{esc(history)}</title>'
            f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{CHIP_H}" rx="8" '
            f'fill="#151c3d" stroke="{ACCENT if seat == focus else "#2a3463"}" '
            f'stroke-width="{2 if seat == focus else 1}"/>'
            f'<rect x="{x + 1:.1f}" y="{y + 6}" width="4" height="{CHIP_H - 12}" rx="2" '
            f'fill="{seat_colour(seat)}"/>'
            + (_ship(summary, s, (x + 7, y + 4, thumb, CHIP_H - 8))
               if isinstance(s.get("ship"), str) and s.get("ship") else
               _outline(str(s.get("board") or ""), str(s.get("board") or ""),
                        (x + 7, y + 4, thumb, CHIP_H - 8),
                        f"ship of {s['_name']}: "
                        + ("round over" if _list(s.get("history")) else "not entered yet")))
            + '<g class="chip">'
            + text(x + thumb + 11, y + 16, short(f"{seat + 1} {s['_name']}", name_chars),
                   size=12, weight="bold", fill=INK)
            + text(x + thumb + 11, y + 31, short(where, chars), size=10, fill=colour)
            + (text(x + thumb + 11, y + 46, "▶ decides" if deciding else
                    f"{credits if credits is not None else '?'} cr", size=10.5,
                    fill=ACCENT)
               if not over else "")
            + "</g></g>")
    return out


def _ships(summary: dict[str, Any]) -> list[dict[str, Any]]:
    ships = [dict(s) for s in _list(summary.get("ships")) if isinstance(s, dict)]
    for i, s in enumerate(ships):
        seat = _int(s.get("seat"))
        s["seat"] = seat if seat is not None and 0 <= seat < 16 else i
        s["_name"] = _name(summary, s, s["seat"])
    return ships


# -- the whole drawing -------------------------------------------------------------------------
def draw(summary: dict[str, Any]) -> str:
    ships = _ships(summary)
    layout = focus_layout(summary, ships)
    focus = layout.seat if layout is not None else focus_seat(summary, ships)
    if layout is not None:
        bottom = layout.y + len(layout.rows) * layout.cell
    elif ships:
        bottom = SHIP_Y + _shift(summary) + SPARE_H
    else:
        bottom = STRIP_Y
    height = bottom + PAD + 4
    rounds = _list(summary.get("rounds"))
    number = _int(summary.get("round_number"))
    head = "Galaxy Trucker"
    if number is not None and rounds:
        head += f" · round {number} of {len(rounds)}"
    board = next((str(s.get("board")) for s in ships if s.get("board")), "")
    body = [f'<rect width="{W}" height="{height:.0f}" fill="#0b1026"/>',
            text(PAD, 17, head, size=13, weight="bold", fill=INK)]
    if board:
        body.append(text(W - PAD, 17, f"flight board {short(board, 6)}", size=11,
                         anchor="end", fill=MUTED))
    body += _loop(summary, ships)
    body += _centre(summary)
    body += _chips(summary, ships, focus)
    body += _planets(summary)
    body += _focus(summary, ships, layout, [_int(i) for i in _list(summary.get("order"))])
    return svg(W, height, body, "Galaxy Trucker flight board and ships")


# -- tapping the board: a tile of the zoomed ship makes the entry the engine offers there ----
def spot_size(summary: dict[str, Any]) -> float:
    layout = focus_layout(summary)
    size = (layout.cell if layout is not None else MIN_CELL) * SPOT_SHARE
    return min(size, PLANET_H) if _shift(summary) else size  # a planet's row holds it


def place(summary: dict[str, Any], notation: str, after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped: landing on a planet on that planet of the card; any other
    on the tile of the zoomed (deciding) ship it names first.  Entries naming neither (fly
    on, give up, accept or decline, enter a ship) stay buttons."""
    decision = _dict(summary.get("decision"))
    layout = focus_layout(summary)
    if layout is None or _int(decision.get("seat")) != layout.seat:
        return None
    try:
        event = parse_event(notation)
    except PnpError:
        return None
    if isinstance(event, Land):  # a planet of the card, over the ship
        where = planet_centre(summary, event.row)
        return None if where is None else (where[0], where[1], f"planet {event.row}")
    tiles = tiles_named(event)
    if not tiles:
        return None
    where = layout.centre(tiles[0])
    if where is None:
        return None
    return where[0], where[1], f"#{tiles[0]}"

"""The ship to decide on, zoomed on the Galaxy Trucker board: its layout (all of the ship
when its tiles can be a thumb's size, else a window round the tiles the offered entries name),
its panel, and a Planets card's planets in a row above it as tap targets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.engine.errors import PnpError
from pnp.engine.svg import short, text
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.captions import tiles_named
from pnp.games.galaxy_trucker.cards import card as card_named
from pnp.games.galaxy_trucker.draw_common import (
    ACCENT,
    FOCUS_Y,
    GOODS,
    INK,
    MAX_CELL,
    MIN_CELL,
    MUTED,
    ORDINAL,
    PAD,
    PHASE_WORDS,
    PLANET_H,
    SHIP_MAX_H,
    SHIP_W,
    SHIP_Y,
    SPARE_H,
    W,
    as_dict,
    as_int,
    as_list,
    seat_colour,
    ships_of,
)
from pnp.games.galaxy_trucker.events import Land, parse_event
from pnp.games.galaxy_trucker.notation import placed_cells
from pnp.games.galaxy_trucker.seat_drawing import ship_svg


def _landings(summary: dict[str, Any]) -> dict[int, str]:
    """The planets the offered entries land on (row -> its notation)."""
    out: dict[int, str] = {}
    for notation in as_list(summary.get("offered")):
        try:
            event = parse_event(str(notation))
        except PnpError:
            continue
        if isinstance(event, Land):
            out[event.row] = str(notation)
    return out


def _card_planets(summary: dict[str, Any]) -> tuple[str, ...]:
    card_id = as_dict(summary.get("card")).get("id")
    try:
        return card_named(str(card_id)).planets if card_id else ()
    except (PnpError, KeyError, ValueError):
        return ()


def planet_shift(summary: dict[str, Any]) -> float:
    """How far the zoomed ship moves down for a row of planets to land on."""
    return PLANET_H + 6 if _landings(summary) and _card_planets(summary) else 0.0


def planet_centre(summary: dict[str, Any], row: int) -> tuple[float, float] | None:
    planets = _card_planets(summary)
    if not planet_shift(summary) or not 1 <= row <= len(planets):
        return None
    width = (W - 2 * PAD - 6 * (len(planets) - 1)) / len(planets)
    return PAD + (row - 1) * (width + 6) + width / 2, FOCUS_Y + PLANET_H / 2


def planets(summary: dict[str, Any]) -> list[str]:
    """The card's planets in a row (their goods as cubes); those still free to land on are
    tap targets (``place``), the taken ones faded."""
    if not planet_shift(summary):
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
    for notation in as_list(summary.get("offered")):
        try:
            event = parse_event(str(notation))
        except PnpError:
            continue
        out.extend(tiles_named(event)[:1])
    return out


def focus_seat(summary: dict[str, Any], ships: list[dict[str, Any]]) -> int | None:
    """The seat whose ship is drawn large: who decides now, else the leader, else the first."""
    seats = [as_int(s.get("seat")) for s in ships]
    decision = as_dict(summary.get("decision"))
    deciding = as_int(decision.get("seat"))
    if deciding in seats:
        return deciding
    for seat in as_list(summary.get("order")):
        if as_int(seat) in seats:
            return as_int(seat)
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
        ships = ships_of(summary)
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
    max_h = SHIP_MAX_H - planet_shift(summary)
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
    return Focus(seat, shown_rows, shown_cols, cell, x, SHIP_Y + planet_shift(summary), by_tile,
                 (rows, cols))


def zoomed(summary: dict[str, Any], ships: list[dict[str, Any]], layout: Focus | None,
           order: list[int | None]) -> list[str]:
    seat = layout.seat if layout is not None else focus_seat(summary, ships)
    s = next((x for x in ships if x.get("seat") == seat), None)
    if s is None or seat is None:
        return []
    colour = seat_colour(seat)
    decision = as_dict(summary.get("decision"))
    deciding = as_int(decision.get("seat")) == seat and summary.get("awaiting") == "decision"
    y = FOCUS_Y + planet_shift(summary)
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
    humans, total = as_int(s.get("humans")), as_int(s.get("crew_total"))
    tokens = sum(n for n in as_dict(s.get("batteries")).values() if as_int(n) is not None)
    crew = f"crew {total if total is not None else '?'}"
    if humans is not None and total is not None and humans != total:
        crew += f" ({total - humans} alien{'s' if total - humans > 1 else ''})"
    credits = as_int(s.get("credits"))
    bits = [f"{crew} · batteries {tokens}"]
    lost, exposed = as_int(s.get("lost")), as_int(s.get("exposed"))
    if lost:
        bits.append(f"lost {lost}")
    if exposed:
        bits.append(f"exposed {exposed}")
    bits.append(f"{credits if credits is not None else '?'} cr")
    line = " · ".join(bits)
    out.append(text(PAD, y + 32, line, size=11, fill=INK))
    goods = [g for g in "".join(str(g) for g in as_dict(s.get("goods")).values()) if g in GOODS]
    gx = PAD + 6.2 * len(line) + 8
    for g in goods[:10]:
        if gx > W - PAD - 10:
            break
        out.append(f'<rect x="{gx:.1f}" y="{y + 23}" width="10" height="10" rx="2" '
                   f'fill="{GOODS[g]}" stroke="#0b1026"/>')
        gx += 12
    if layout is None:
        out.append(ship_svg(summary, s, (PAD, SHIP_Y + planet_shift(summary), SHIP_W, SPARE_H),
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
        out.append(ship_svg(summary, s, frame, window=(rows, cols), cls="ship-focus",
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


__all__ = ["Focus", "focus_layout", "focus_seat", "planet_centre", "planet_shift", "planets",
           "zoomed"]

"""One seat's ship on the Galaxy Trucker board: drawn from the tile seed with its crew,
batteries and goods on their tiles (``ship_drawing``), or as squares and tile ids when the
summary names no seed, or the pay so far between rounds; and the row of chips, one per seat in
flight order."""

from __future__ import annotations

from typing import Any

from pnp.engine.errors import PnpError
from pnp.engine.svg import esc, short, text
from pnp.games.galaxy_trucker import ship_drawing
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.draw_common import (
    ACCENT,
    ALIENS,
    BAD,
    CHIP_H,
    GOODS,
    INK,
    MUTED,
    PAD,
    PHASE_WORDS,
    STRIP_Y,
    W,
    as_dict,
    as_int,
    as_list,
    seat_colour,
    wrap,
)
from pnp.games.galaxy_trucker.notation import parse_ship, placed_cells
from pnp.games.galaxy_trucker.state import tiles_of


def _crew_marks(value: object) -> dict[int, str]:
    """Figures on their cabins (the summary's ``berths``): a white badge with the number of
    humans, or the alien."""
    out: dict[int, str] = {}
    for berth in as_list(value):
        b = as_dict(berth)
        cabin, humans, alien = as_int(b.get("cabin")), as_int(b.get("humans")), b.get("alien")
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


def tile_marks(s: dict[str, Any]) -> dict[int, str]:
    marks = _crew_marks(s.get("berths"))
    for tile, n in as_dict(s.get("batteries")).items():
        if str(tile).isdigit() and as_int(n) is not None:
            marks[int(tile)] = marks.get(int(tile), "") + (
                '<rect x="36" y="38" width="24" height="22" rx="5" fill="#0b1026" '
                'stroke="#5be39b" stroke-width="2"/>'
                + text(48, 55, n, size=16, anchor="middle", weight="bold", fill="#5be39b"))
    for tile, goods in as_dict(s.get("goods")).items():
        if not str(tile).isdigit():
            continue
        cubes = [g for g in str(goods) if g in GOODS][:4]
        row = "".join(f'<rect x="{6 + 14 * i}" y="46" width="12" height="12" rx="2" '
                      f'fill="{GOODS[g]}" stroke="#0b1026" stroke-width="1.2"/>'
                      for i, g in enumerate(cubes))
        marks[int(tile)] = marks.get(int(tile), "") + row
    return marks


View = tuple[float, float, float, float]


def outline(board_name: str, text_: str, frame: tuple[float, float, float, float],
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
        rows += wrap(line, max(int(w / 6.4), 12), 3)
    for i, row in enumerate(rows[: int((h - 24) // 13)]):
        out.append(text(x + 6, y + 32 + 13 * i, row, size=10, fill=INK))
    return f'<g class="history">{"".join(out)}</g>'


def ship_svg(summary: dict[str, Any], s: dict[str, Any],
          frame: tuple[float, float, float, float], *,
          window: tuple[range, range] | None = None, cls: str = "ship-mini",
          label: str | None = None) -> str:
    label = label or f"ship of {s['_name']}"
    notation = s.get("ship")
    board = str(s.get("board") or "")
    if not isinstance(notation, str) or not notation.strip():
        history = [str(h) for h in as_list(s.get("history"))]
        if history:
            return _history(history, frame)
        return outline(board, board, frame, f"{label}: not entered yet", window=window,
                        cls=cls)
    seed = as_int(summary.get("tile_seed"))
    if seed is not None and 0 <= seed < 2**63:
        try:
            ship = parse_ship(notation, tiles_of(seed))
        except PnpError:
            pass
        else:
            return ship_drawing.draw(ship, label=label, marks=tile_marks(s), frame=frame,
                                     window=window, cls=cls)
    return outline(notation.split()[0], notation, frame, label, tile_marks(s),
                    window=window, cls=cls)



def chips(summary: dict[str, Any], ships: list[dict[str, Any]], focus: int | None
           ) -> list[str]:
    """One chip per seat in flight order (leader first): a thumbnail of the ship, the name,
    where it flies (or its credits at the end); the zoomed seat's chip is outlined."""
    by_seat = {as_int(s.get("seat")): s for s in ships}
    order = [by_seat[i] for i in as_list(summary.get("order")) if as_int(i) in by_seat]
    chips = order + [s for s in ships if s not in order]
    if not chips:
        return []
    gap = 6.0
    width = (W - 2 * PAD - gap * (len(chips) - 1)) / len(chips)
    over = summary.get("phase") == "over"
    decision = as_dict(summary.get("decision"))
    out = []
    for i, s in enumerate(chips):
        seat = as_int(s.get("seat")) or 0
        x, y = PAD + i * (width + gap), STRIP_Y
        pos, space = as_int(s.get("pos")), as_int(s.get("space"))
        credits = as_int(s.get("credits"))
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
        deciding = as_int(decision.get("seat")) == seat and summary.get("awaiting") == "decision"
        thumb = min(width * 0.32, 64.0)
        chars = max(int((width - thumb - 14) / 6.0), 3)
        name_chars = max(int((width - thumb - 14) / 8.2), 3)  # bold, a little larger
        faded = ' opacity="0.55"' if s.get("gave_up") else ""
        history = " / ".join(str(h) for h in as_list(s.get("history"))) or "first round"
        out.append(
            f'<g class="seat" data-seat="{seat}"{faded}><title>{esc(s["_name"])}: '
            f'{esc(history)}</title>'
            f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{CHIP_H}" rx="8" '
            f'fill="#151c3d" stroke="{ACCENT if seat == focus else "#2a3463"}" '
            f'stroke-width="{2 if seat == focus else 1}"/>'
            f'<rect x="{x + 1:.1f}" y="{y + 6}" width="4" height="{CHIP_H - 12}" rx="2" '
            f'fill="{seat_colour(seat)}"/>'
            + (ship_svg(summary, s, (x + 7, y + 4, thumb, CHIP_H - 8))
               if isinstance(s.get("ship"), str) and s.get("ship") else
               outline(str(s.get("board") or ""), str(s.get("board") or ""),
                        (x + 7, y + 4, thumb, CHIP_H - 8),
                        f"ship of {s['_name']}: "
                        + ("round over" if as_list(s.get("history")) else "not entered yet")))
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


__all__ = ["View", "chips", "outline", "ship_svg", "tile_marks"]

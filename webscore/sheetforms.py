"""What each printed score sheet holds, as form fields, and the bridge to ``pnp.sheets``.

The field names are the ones on the printed (fillable) sheets, so a typed form, an uploaded
PDF and the API all hand the checker the same dictionary.
"""

from __future__ import annotations

import re
from typing import Any

from pnp import sheets
from pnp.engine import PnpError, UnknownGame, get_game
from webscore.errors import ApiError

MAX_PDF_BYTES = 4 * 1024 * 1024
MAX_FIELD_CHARS = 200

GE_TURNS = 40
GE_COLUMNS = [("coin", "Coin", "S3 / M0"), ("speed", "Speed", "0-10"),
              ("dir", "Dir", "N E S W"), ("scans", "Scans", "cells"),
              ("deliver", "Deliver", "x"), ("refuel", "Refuel", "x")]
GE_TOTALS = [("deliveries", "Deliveries"), ("refuels", "Refuels"),
             ("coins_left", "Coins left"), ("score", "Score"), ("rating", "Rating")]


def _galaxy_express() -> dict[str, Any]:
    return {
        "game": "galaxy-express", "blocks": [],
        "head": [{"name": "seed", "label": "Seed"}],
        "rows": {"count": GE_TURNS, "label": "Turn",
                 "columns": [{"key": k, "label": lab, "hint": hint}
                             for k, lab, hint in GE_COLUMNS],
                 "name": "t{n}_{key}"},
        "totals": [{"name": k, "label": lab} for k, lab in GE_TOTALS],
    }


def _field(name: str, label: str, hint: str = "") -> dict[str, str]:
    return {"name": name, "label": label, "hint": hint}


def _grid(corner: str, columns: list[tuple[str, str]], rows: list[tuple[str, str, list[str]]],
          order: str = "rows", groups: list[tuple[str, int]] | None = None,
          styles: dict[int, str] | None = None) -> dict[str, Any]:
    """A labelled grid of named cells.  ``order`` says how the names run in the checker's list
    (along the rows, or down the columns), so a grid can mirror the paper's orientation;
    ``styles`` marks rows by index: "break" (a new section), "optional", "sum"."""
    group_of = [lab for lab, n in groups or [] for _ in range(n)] or [""] * len(columns)
    return {"corner": corner, "order": order,
            "columns": [{"label": lab, "hint": hint, "full": f"{group} {lab}".strip()}
                        for (lab, hint), group in zip(columns, group_of, strict=True)],
            "groups": [{"label": lab, "span": n} for lab, n in groups or []],
            "rows": [{"label": lab, "hint": hint, "cells": cells,
                      "class": (styles or {}).get(i, "")}
                     for i, (lab, hint, cells) in enumerate(rows)]}


def _block(title: str, grid: dict[str, Any] | None, head: list[dict[str, str]] | None = None,
           foot: list[dict[str, str]] | None = None, cls: str = "") -> dict[str, Any]:
    return {"title": title, "head": head or [], "grid": grid, "foot": foot or [], "class": cls}


SD_ROW_LABELS = {"name": ("Player", "name"), "bonus": ("End bonus", "per colour, added"),
                 "stations": ("Stations built", "0-9"), "total": ("Total", "rounds + bonus")}


def _spatial_delivery() -> dict[str, Any]:
    """Players as columns and a line per round, first-delivery colour, bonus and total, as on
    the printed sheet (the names run player by player: down the columns)."""
    from pnp.games.spatial_delivery.cards import COLOUR_NAMES
    from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS
    from pnp.games.spatial_delivery.sheet import MAX_PLAYERS, PLAYER_FIELDS

    colour_names = {k.lower(): v for k, v in COLOUR_NAMES.items()}
    rows = []
    styles: dict[int, str] = {}
    for i, key in enumerate(PLAYER_FIELDS):
        cells = [f"p{i}_{key}" for i in range(1, MAX_PLAYERS + 1)]
        if key in SD_ROW_LABELS:
            label, hint = SD_ROW_LABELS[key]
        elif re.fullmatch(r"r\d+", key):
            n = int(key[1:])
            label, hint = f"Round {n}", ("" if n <= DEFAULT_ROUNDS else "if agreed")
            styles[i] = "break" if n == 1 else ("optional" if hint else "")
        elif key.startswith("fd_"):
            name, _, colour = colour_names[key[3:]].partition(" (")
            label, hint = f"1st tokens: {name}", f"{colour.rstrip(')')}, how many held"
            if key == f"fd_{next(iter(COLOUR_NAMES)).lower()}":
                styles[i] = "break"
        else:
            label, hint = key.replace("_", " ").capitalize(), ""
        rows.append((label, hint, cells))
    styles.update({PLAYER_FIELDS.index("bonus"): "break", PLAYER_FIELDS.index("total"): "sum"})
    columns = [(f"Player {i}", "") for i in range(1, MAX_PLAYERS + 1)]
    return {
        "game": "spatial-delivery",
        "head": [_field("seed", "Seed"), _field("rounds", "Rounds", "5 unless agreed")],
        "rows": None,
        "blocks": [_block("", _grid("", columns, rows, order="columns", styles=styles),
                          cls="players")],
        "totals": [_field("winner", "Winner", "name")],
    }


GT_LINES = {
    "place": ("Finish place", "1 = leader; empty if you gave up"),
    "gaveup": ("Gave up", "x if you left the flight"),
    "flight": ("Credits won in flight", "cards: ships, slavers, pirates"),
    "finish": ("Finish reward", "by place"),
    "exposed": ("Your exposed connectors", "count each open one"),
    "fewest": ("Fewest of all finishers", "lowest count at the table"),
    "looks": ("Best-looking bonus", "if yours is the fewest"),
    "red": ("Red goods sold", "worth 4 each"),
    "yellow": ("Yellow goods sold", "worth 3 each"),
    "green": ("Green goods sold", "worth 2 each"),
    "blue": ("Blue goods sold", "worth 1 each"),
    "goods": ("Goods income", "half, rounded up, if you gave up"),
    "lost": ("Components lost", "discard pile"),
    "loss": ("Loss", "1 each, capped by the board"),
    "round": ("Round result", "flight + finish + bonus + goods - loss"),
    "credits": ("Credits after the round", "last total + result, not below 0"),
}


def _galaxy_trucker() -> dict[str, Any]:
    """One block per player's page: a line per pay step, a column per round (names run round
    by round, so down the columns), the name on top and the game total below."""
    from pnp.games.galaxy_trucker.sheet import LINES, ROUNDS, SEATS, round_key

    blocks = []
    for seat in range(1, SEATS + 1):
        rows = [(*GT_LINES.get(line, (line.capitalize(), "")),
                 [f"p{seat}_{round_key(r)}_{line}" for r in ROUNDS]) for line in LINES]
        breaks = {"flight": "break", "exposed": "break", "red": "break", "lost": "break",
                  "round": "sum break", "credits": "sum"}
        grid = _grid("", [(f"Round {r}", "") for r in ROUNDS], rows, order="columns",
                     styles={i: breaks[line] for i, line in enumerate(LINES) if line in breaks})
        blocks.append(_block(f"Player {seat}", grid,
                             head=[_field(f"p{seat}_name", "Name")],
                             foot=[_field(f"p{seat}_total", "Game total", "credits at the end")],
                             cls="rounds"))
    return {"game": "galaxy-trucker", "head": [_field("seed", "Seed")], "rows": None,
            "blocks": blocks, "totals": [], "wrap": "two-up"}


WH_COLUMNS = {"side": ("Side", "O / D"), "dice": ("Dice", "S3 M1"), "ship": ("Ship", "S M C A"),
              "from": ("From", "cell"), "to": ("To", "by die"), "value": ("Value", "0-5"),
              "jump": ("Jump to", "cell"), "send": ("Sent to", "cell>cell")}


def _wormholes() -> dict[str, Any]:
    """The players, the wormholes placed (a row per suit, a box per coin) and the turn record
    with its two ship moves, as printed; winner and turns close it."""
    from pnp.games.wormholes.board import SIDE_NAMES, SUIT_NAMES, SUITS
    from pnp.games.wormholes.sheet import (
        COINS_PER_SUIT,
        MOVE_COLUMNS,
        PLAYER_FIELDS,
        ROWS,
        SLOTS,
        TOTAL_FIELDS,
        TURN_COLUMNS,
        row_fields,
    )

    suits = _grid("Suit", [(f"Coin {k}", "cell") for k in range(1, COINS_PER_SUIT + 1)],
                  [(SUIT_NAMES[s] + "s", "", [f"wh_{s}{k}" for k in range(1, COINS_PER_SUIT + 1)])
                   for s in SUITS])
    columns = [WH_COLUMNS[c] for c in TURN_COLUMNS] + [WH_COLUMNS[c] for _ in SLOTS
                                                     for c in MOVE_COLUMNS]
    turns = _grid("Turn", columns, [(str(n), "", row_fields(n)) for n in range(1, ROWS + 1)],
                  groups=[("", len(TURN_COLUMNS))] + [(f"Ship move {k}", len(MOVE_COLUMNS))
                                                      for k in SLOTS])
    names = dict(zip(PLAYER_FIELDS, SIDE_NAMES, strict=True))
    return {
        "game": "wormholes",
        "head": [_field("seed", "Seed")] + [_field(f, names[f], "player") for f in PLAYER_FIELDS],
        "rows": None,
        "blocks": [_block("Wormholes placed", suits, cls="suits"),
                   _block("Turns", turns, cls="turns")],
        "totals": [_field(f, f.capitalize()) for f in TOTAL_FIELDS],
    }


_LAYOUTS = {"galaxy-express": _galaxy_express, "spatial-delivery": _spatial_delivery,
            "galaxy-trucker": _galaxy_trucker, "wormholes": _wormholes}


def has_sheet(game_id: str) -> bool:
    return game_id in sheets.sheet_games()


def form_spec(game_id: str) -> dict[str, Any]:
    """The form layout: the printed sheet's fields, in rows where we know the layout."""
    try:
        game = get_game(game_id)
        names = sheets.sheet_fields(game.id)
    except UnknownGame:
        raise ApiError(404, "no such game", field="game") from None
    except PnpError as exc:
        raise ApiError(404, str(exc), rule="sheets.unavailable") from None
    layout = _LAYOUTS.get(game.id)
    if layout is not None and field_names(layout()) == names:
        spec = layout()
    else:
        spec = infer_layout(game.id, names)
    spec["title"] = game.title
    return spec


_ROW_FIELD = re.compile(r"([a-z]+)(\d{1,3})_(\w+)")


def infer_layout(game_id: str, names: list[str]) -> dict[str, Any]:
    """Rows from names like ``m3_payoff`` (prefix, row number, column); the fields before the
    first row on top, the rest below.  One box per field when the names form no full grid."""
    def label(name: str) -> str:
        return name.replace("_", " ").capitalize()

    matches = [(n, _ROW_FIELD.fullmatch(n)) for n in names]
    rows = [m for _, m in matches if m]
    flat = {"game": game_id, "head": [], "rows": None, "blocks": [],
            "totals": [{"name": n, "label": label(n)} for n in names]}
    if not rows or len({m.group(1) for m in rows}) != 1:
        return flat
    first = next(i for i, (_, m) in enumerate(matches) if m)
    keys = list(dict.fromkeys(m.group(3) for m in rows))
    spec = {
        "game": game_id, "blocks": [],
        "head": [{"name": n, "label": label(n)} for n in names[:first]],
        "rows": {"count": max(int(m.group(2)) for m in rows), "label": "#",
                 "name": rows[0].group(1) + "{n}_{key}",
                 "columns": [{"key": k, "label": label(k), "hint": ""} for k in keys]},
        "totals": [{"name": n, "label": label(n)} for n, m in matches[first:] if not m],
    }
    return spec if sorted(field_names(spec)) == sorted(names) else flat


def grid_names(grid: dict[str, Any]) -> list[str]:
    """A grid's cell names in the order the checker lists them."""
    cells = [row["cells"] for row in grid["rows"]]
    if grid.get("order") == "columns":
        cells = [list(col) for col in zip(*cells, strict=True)]
    return [name for line in cells for name in line]


def field_names(spec: dict[str, Any]) -> list[str]:
    """Every field of a form spec, in order: head, turn rows, blocks, totals."""
    names = [f["name"] for f in spec["head"]]
    rows = spec.get("rows")
    if rows:
        for n in range(1, rows["count"] + 1):
            names += [rows["name"].format(n=n, key=c["key"]) for c in rows["columns"]]
    for block in spec.get("blocks", []):
        names += [f["name"] for f in block["head"]]
        if block["grid"]:
            names += grid_names(block["grid"])
        names += [f["name"] for f in block["foot"]]
    names += [f["name"] for f in spec["totals"]]
    return names


def _clean(fields: dict[str, str], spec: dict[str, Any]) -> dict[str, str]:
    known = set(field_names(spec))
    out = {}
    for key, value in fields.items():
        if key not in known:
            continue
        if len(value) > MAX_FIELD_CHARS:
            raise ApiError(422, f"{key} is at most {MAX_FIELD_CHARS} characters", field=key)
        out[key] = value.strip()
    return out


def check(game_id: str, fields: dict[str, str]) -> dict[str, Any]:
    spec = form_spec(game_id)
    try:
        return dict(sheets.check_sheet(spec["game"], _clean(fields, spec)))
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        # A checker that cannot make sense of the sheet: say so, never a server error.
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None


def read_pdf(data: bytes) -> dict[str, str]:
    if not data:
        raise ApiError(422, "the uploaded file is empty", field="pdf")
    if len(data) > MAX_PDF_BYTES:
        raise ApiError(413, "the PDF is too large", field="pdf")
    try:
        return sheets.read_pdf_fields(data)
    except PnpError as exc:
        raise ApiError(422, str(exc), field="pdf") from None
    except Exception as exc:  # a damaged file can break pypdf in ways it does not wrap
        raise ApiError(422, f"the PDF could not be read ({type(exc).__name__})",
                       field="pdf") from None


def check_pdf(data: bytes, game_id: str | None) -> dict[str, Any]:
    """Read a filled AcroForm sheet and check it (the game: given, or guessed from fields)."""
    fields = read_pdf(data)
    if not game_id:
        try:
            game_id = sheets.guess_game(fields)
        except PnpError as exc:
            raise ApiError(422, str(exc), field="game") from None
    form_spec(game_id)  # 404 for a game without a sheet
    try:
        report = dict(sheets.check_document(game_id, fields))
    except (PnpError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ApiError(422, f"the sheet could not be checked: {exc}",
                       rule="sheets.unreadable") from None
    report.setdefault("fields", fields)
    return report

"""Galaxy Trucker ships in the tracker: enter a ship (tap squares or paste its notation), see
it drawn and spot-checked live, and run the GT-9 build timer for a table.

Nothing here is stored: a ship travels in its notation (``II 141@7,7 12@6,7/1``) and the
timer in its state, both in the URL, so every tap is a plain link or form that the server
rechecks, with or without JavaScript.  The checks are the ship library's
(``pnp.games.galaxy_trucker``); ``POST /api/ships/check`` gives the same report as JSON.
"""

from __future__ import annotations

import time
import unicodedata
from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from pnp.engine import IllegalMove, NotationError
from pnp.engine.log import MAX_SEED
from pnp.games.galaxy_trucker import (
    BOARDS,
    PILOT_IDS,
    Kind,
    Placement,
    Ship,
    TileSet,
    buildtimer,
    check,
    format_ship,
    generate_tiles,
    holds,
    parse_ship,
    placement_problems,
    shipcheck,
)
from pnp.games.galaxy_trucker import ship_drawing as drawing
from webscore import inputs, security
from webscore.errors import ApiError

bp = Blueprint("ships", __name__)

MAX_SHIP_CHARS = 3000
SQUARES = range(1, 14)  # rows and columns the tracker accepts (boards use 3-11)
DEFAULT_SEED = 1
clock = time.time  # the timer's clock; tests replace it


# -- reading input ------------------------------------------------------------------------
@lru_cache(maxsize=16)
def tiles_for(seed: int) -> TileSet:
    return generate_tiles(seed)


def digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts "²", which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def read_seed(value: object) -> int:
    if isinstance(value, str) and value.strip() and not digits(value.strip()):
        raise inputs.bad("seed", f"seed must be a whole number from 0 to {MAX_SEED}")
    seed = inputs.parse_seed(value)
    if seed is None:
        raise inputs.bad("seed", "seed is required: the tile ids are read in that seed's "
                         "tile set (printed on the kit)")
    return seed


def read_board(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value.strip() not in BOARDS:
        raise inputs.bad("board", f"board is one of {', '.join(BOARDS)}")
    return value.strip()


def read_ship(value: object, board: str | None, tiles: TileSet) -> Ship:
    """The ship from its notation; the board may lead the text or come separately."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise inputs.bad("ship", "ship is text in the ship notation, e.g. II 141@7,7 12@6,7/1")
    if len(value) > MAX_SHIP_CHARS:
        raise inputs.bad("ship", f"ship is at most {MAX_SHIP_CHARS} characters")
    text = unicodedata.normalize("NFC", value).strip()
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\r\t" for ch in text):
        raise inputs.bad("ship", "ship may not hold control characters")
    words = text.split()
    if words and words[0] in BOARDS:
        if board is not None and words[0] != board:
            raise inputs.bad("board", f"board {board} but the ship text starts with board "
                             f"{words[0]}; give one board")
    elif board is not None:
        text = f"{board} {text}"
    else:
        raise inputs.bad("ship", f"a ship starts with its board ({', '.join(BOARDS)}), or "
                         "give the board separately")
    try:
        ship = parse_ship(text, tiles)
    except NotationError as exc:
        raise inputs.bad("ship", f"cannot read {exc.text[:60]!r}: {exc.message}") from None
    except IllegalMove as exc:
        raise ApiError(422, exc.message, rule=exc.rule, field="ship") from None
    for p in ship:
        if p.row not in SQUARES or p.col not in SQUARES:
            raise inputs.bad("ship", f"#{p.id} at row {p.row}, column {p.col}: rows and "
                             f"columns are {SQUARES.start}-{SQUARES.stop - 1} (the boards use "
                             "3-11)")
    try:
        shipcheck.one_pilot(ship)
    except IllegalMove as exc:
        raise ApiError(422, exc.message, rule=exc.rule, field="ship") from None
    return ship


def read_cell(value: object) -> tuple[int, int] | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        row, sep, col = value.partition(",")
        if sep and digits(row.strip()) and digits(col.strip()) \
                and len(value) < 8 and int(row) in SQUARES and int(col) in SQUARES:
            return int(row), int(col)
    raise inputs.bad("cell", f"cell is row,column (each {SQUARES.start}-{SQUARES.stop - 1})")


def read_tile(value: object, tiles: TileSet) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = value.strip().lstrip("#") if isinstance(value, str) else ""
    if not digits(text) or len(text) > 4 or int(text) not in tiles:
        raise inputs.bad("tile", "tile is a printed tile id: 1-140, or 141-144 for the pilot "
                         "cabins")
    return int(text)


# -- pages ------------------------------------------------------------------------------------
@bp.get("/ships")
def index() -> str:
    return render_template("ships.html", boards=list(BOARDS), seed=DEFAULT_SEED,
                           pilots=tiles_for(DEFAULT_SEED).pilots,
                           run=buildtimer.DEFAULT_RUN)


def _link(seed: int, text: str, cell: tuple[int, int] | None = None,
          tile: int | None = None) -> str:
    args: dict[str, Any] = {"seed": seed, "ship": text}
    if cell is not None:
        args["cell"] = f"{cell[0]},{cell[1]}"
    if tile is not None:
        args["tile"] = tile
    return url_for("ships.check_page", **args)


def _editor(seed: int, ship: Ship, tiles: TileSet, cell: tuple[int, int],
            tile_id: int | None) -> dict[str, Any]:
    """The panel for one tapped square: what is there, and where each choice leads."""
    here = ship.at(cell)
    out: dict[str, Any] = {"cell": cell, "here": None, "choices": [], "tile": tile_id,
                           "on_board": cell in ship.board.cells}
    if here is not None:
        turned = ship.without([here.id]).adding(
            Placement(here.tile, here.row, here.col, (here.rotation + 1) % 4))
        out["here"] = {"id": here.id, "label": here.tile.label, "rotation": here.rotation,
                       "picture": Markup(drawing.tile_svg(here.tile, here.rotation)),
                       "turn": _link(seed, format_ship(turned), cell),
                       "remove": _link(seed, format_ship(ship.without([here.id])))}
    if tile_id is not None:
        tile = tiles[tile_id]
        base = ship.without([p.id for p in ship if p.cell == cell or p.id == tile_id])
        moved = tile_id in ship and ship[tile_id].cell != cell
        out["moved_from"] = ship[tile_id].cell if moved else None
        out["tile_label"] = tile.label
        if tile.kind is Kind.PILOT and base.pilot is not None:
            out["refusal"] = (f"the ship already has its pilot cabin #{base.pilot.id}; "
                              "remove it first to use another")
            return out
        for rotation in range(4):
            placement = Placement(tile, cell[0], cell[1], rotation)
            result = base.adding(placement)
            problems = placement_problems(base, placement)
            held = holds(base, placement) if len(base) else True
            out["choices"].append({
                "rotation": rotation,
                "picture": Markup(drawing.tile_svg(tile, rotation, size=64)),
                "href": _link(seed, format_ship(result), cell),
                "problems": sorted({v.rule for v in problems}),
                "held": held,
            })
    return out


def _unused(ship: Ship, tiles: TileSet) -> list[dict[str, Any]]:
    return [{"id": t.id, "label": t.label} for t in tiles.tiles if t.id not in ship]


@bp.route("/ships/check", methods=["GET", "POST"])
def check_page() -> ResponseReturnValue:
    values: MultiDict[str, str]
    if request.method == "POST":
        security.check_csrf()
        values = request.form
    else:
        values = request.args
        if not values.get("ship") and not values.get("board"):
            return redirect(url_for("ships.index"))
    text = values.get("ship", "")
    seed_text = values.get("seed", "")
    context: dict[str, Any] = {"text": text, "seed_text": seed_text, "error": None,
                               "result": None, "boards": list(BOARDS)}
    try:
        seed = read_seed(seed_text)
        tiles = tiles_for(seed)
        board = read_board(values.get("board"))
        if not text.strip() and board is not None:
            pilot = read_tile(values.get("pilot"), tiles) or PILOT_IDS[0]
            if pilot not in PILOT_IDS:
                raise inputs.bad("pilot", f"the pilot cabin is one of {PILOT_IDS[0]}-"
                                 f"{PILOT_IDS[-1]}")
            row, col = BOARDS[board].start
            text = f"{board} {pilot}@{row},{col}"
        ship = read_ship(text, board, tiles)
        cell = read_cell(values.get("cell"))
        tile_id = read_tile(values.get("tile"), tiles)
    except ApiError as exc:
        context["error"] = exc
        return render_template("ships_check.html", **context), exc.status
    result = shipcheck.report(seed, ship)
    canonical = result["ship"]
    context.update(
        seed=seed, text=canonical, result=result, ship=ship,
        board_svg=Markup(drawing.draw(
            ship, check(ship), selected=cell, exposed=ship.exposed(),
            link=lambda r, c: _link(seed, canonical, (r, c)),
            label=f"ship on board {ship.board.name}, seed {seed}")),
        legend=Markup(drawing.legend()),
        editor=_editor(seed, ship, tiles, cell, tile_id) if cell is not None else None,
        unused=_unused(ship, tiles),
        self_link=_link(seed, canonical),
        repair_links=[_link(seed, o["ship"]) for o in
                      ((result["repairs"] or {}).get("options") or [])],
    )
    return render_template("ships_check.html", **context), 200


# -- the JSON API -----------------------------------------------------------------------------
@bp.post("/api/ships/check")
def api_check() -> Response:
    from webscore.api import body

    data = body()
    seed = read_seed(data.get("seed"))
    board = read_board(data.get("board"))
    ship = read_ship(data.get("ship"), board, tiles_for(seed))
    return jsonify(shipcheck.report(seed, ship))


# -- the build timer (GT-9) -------------------------------------------------------------------
TIMER_ACTIONS = ("go", "flip", "finish")


def _timer_page(timer: buildtimer.Timer | None, error: ApiError | None,
                status: int = 200) -> tuple[str, int]:
    now = clock()
    view: dict[str, Any] | None = None
    if timer is not None:
        view = {"state": timer.to_json(), "phase": timer.phase(now), "left": timer.left(now),
                "ends_at": timer.ends_at(), "now": now, "circles": timer.circles(),
                "may_flip": timer.may_flip(now), "building": timer.building(),
                "tiles": [(i, p) for i, p in enumerate(timer.tiles, start=1)],
                "next_tile": len(timer.tiles) + 1}
    return render_template("ships_timer.html", timer=timer, view=view, error=error,
                           rounds=buildtimer.ROUNDS, run=buildtimer.DEFAULT_RUN,
                           min_run=buildtimer.MIN_RUN, max_run=buildtimer.MAX_RUN,
                           max_players=buildtimer.MAX_PLAYERS), status


@bp.get("/ships/timer")
def timer_page() -> tuple[str, int]:
    state = request.args.get("state")
    if not state:
        return _timer_page(None, None)
    try:
        timer = buildtimer.from_json(state)
    except buildtimer.BadTimer as exc:
        return _timer_page(None, ApiError(422, exc.message, field=exc.field), 422)
    return _timer_page(timer, None)


@bp.post("/ships/timer")
def timer_post() -> ResponseReturnValue:
    security.check_csrf()
    form = request.form
    action = form.get("action", "")
    timer: buildtimer.Timer | None = None
    try:
        if action == "new":
            players = [form.get(f"player{i}", "") for i in range(1, buildtimer.MAX_PLAYERS + 1)]
            count = form.get("players", "")
            if not digits(count) or not 0 < int(count) <= buildtimer.MAX_PLAYERS:
                raise buildtimer.BadTimer("players", f"{buildtimer.MIN_PLAYERS} to "
                                          f"{buildtimer.MAX_PLAYERS} players")
            timer = buildtimer.new_timer(form.get("round"), players[:int(count)],
                                         form.get("run"))
        else:
            timer = buildtimer.from_json(form.get("state"))
            if action not in TIMER_ACTIONS:
                raise buildtimer.BadTimer("action", f"action is one of {', '.join(TIMER_ACTIONS)}")
            now = clock()
            by = form.get("by") or None
            if action == "go":
                timer = timer.go(now)
            elif action == "flip":
                timer = timer.flip(now, by)
            else:
                timer = timer.finish(by or "", now)
    except buildtimer.BadTimer as exc:
        return _timer_page(timer, ApiError(422, exc.message, field=exc.field), 422)
    except IllegalMove as exc:
        return _timer_page(timer, ApiError(422, exc.message, rule=exc.rule), 422)
    return redirect(url_for("ships.timer_page", state=timer.to_json()), code=303)

"""Galaxy Trucker's own tracker pages (the ship workshop): enter a ship (tap squares or paste
its notation), see it drawn and spot-checked live, and run the GT-9 build timer for a table.

Declared in the record as ``PAGES`` (``pnp.engine.pages``): plain views from the request's
values to a template of ``templates/`` and its variables; the tracker serves them.

Nothing here is stored: a ship travels in its notation (``II 141@7,7 12@6,7/1``) and the
timer in its state, both in the URL, so every tap is a plain link or form that the server
rechecks, with or without JavaScript.  The checks are the ship library's
(``check``, ``shipcheck``); ``POST /api/ships/check`` gives the same report as JSON.
"""

from __future__ import annotations

import time
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pnp.engine import IllegalMove, NotationError
from pnp.engine.log import MAX_SEED
from pnp.engine.pages import ApiDoc, GamePages, Link, Page, PageAnswer, PageError, PageRequest, bad
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

HERE = Path(__file__).resolve().parent
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
    if value is None or value == "":
        raise bad("seed", "seed is required: the tile ids are read in that seed's "
                  "tile set (printed on the kit)")
    if isinstance(value, str):
        value = value.strip()
        if not digits(value) or len(value) > 19:
            raise bad("seed", f"seed must be a whole number from 0 to {MAX_SEED}")
        value = int(value)
    if isinstance(value, bool):
        raise bad("seed", "seed must be a whole number")
    if not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise bad("seed", f"seed must be a whole number from 0 to {MAX_SEED}")
    return value


def read_board(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value.strip() not in BOARDS:
        raise bad("board", f"board is one of {', '.join(BOARDS)}")
    return value.strip()


def read_ship(value: object, board: str | None, tiles: TileSet) -> Ship:
    """The ship from its notation; the board may lead the text or come separately."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise bad("ship", "ship is text in the ship notation, e.g. II 141@7,7 12@6,7/1")
    if len(value) > MAX_SHIP_CHARS:
        raise bad("ship", f"ship is at most {MAX_SHIP_CHARS} characters")
    text = unicodedata.normalize("NFC", value).strip()
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\r\t" for ch in text):
        raise bad("ship", "ship may not hold control characters")
    words = text.split()
    if words and words[0] in BOARDS:
        if board is not None and words[0] != board:
            raise bad("board", f"board {board} but the ship text starts with board "
                             f"{words[0]}; give one board")
    elif board is not None:
        text = f"{board} {text}"
    else:
        raise bad("ship", f"a ship starts with its board ({', '.join(BOARDS)}), or "
                         "give the board separately")
    try:
        ship = parse_ship(text, tiles)
    except NotationError as exc:
        raise bad("ship", f"cannot read {exc.text[:60]!r}: {exc.message}") from None
    except IllegalMove as exc:
        raise PageError(422, exc.message, rule=exc.rule, field="ship") from None
    for p in ship:
        if p.row not in SQUARES or p.col not in SQUARES:
            raise bad("ship", f"#{p.id} at row {p.row}, column {p.col}: rows and "
                             f"columns are {SQUARES.start}-{SQUARES.stop - 1} (the boards use "
                             "3-11)")
    try:
        shipcheck.one_pilot(ship)
    except IllegalMove as exc:
        raise PageError(422, exc.message, rule=exc.rule, field="ship") from None
    return ship


def read_cell(value: object) -> tuple[int, int] | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        row, sep, col = value.partition(",")
        if sep and digits(row.strip()) and digits(col.strip()) \
                and len(value) < 8 and int(row) in SQUARES and int(col) in SQUARES:
            return int(row), int(col)
    raise bad("cell", f"cell is row,column (each {SQUARES.start}-{SQUARES.stop - 1})")


def read_tile(value: object, tiles: TileSet) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = value.strip().lstrip("#") if isinstance(value, str) else ""
    if not digits(text) or len(text) > 4 or int(text) not in tiles:
        raise bad("tile", "tile is a printed tile id: 1-140, or 141-144 for the pilot "
                         "cabins")
    return int(text)


# -- pages ------------------------------------------------------------------------------------
def index(req: PageRequest) -> PageAnswer:
    return PageAnswer("ships.html", {"boards": list(BOARDS), "seed": DEFAULT_SEED,
                                     "pilots": tiles_for(DEFAULT_SEED).pilots,
                                     "run": buildtimer.DEFAULT_RUN})


def _link(link: Link, seed: int, text: str, cell: tuple[int, int] | None = None,
          tile: int | None = None) -> str:
    args: dict[str, Any] = {"seed": seed, "ship": text}
    if cell is not None:
        args["cell"] = f"{cell[0]},{cell[1]}"
    if tile is not None:
        args["tile"] = tile
    return link("check_page", **args)


def _editor(link: Link, seed: int, ship: Ship, tiles: TileSet, cell: tuple[int, int],
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
                       "turn": _link(link, seed, format_ship(turned), cell),
                       "remove": _link(link, seed, format_ship(ship.without([here.id])))}
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
                "href": _link(link, seed, format_ship(result), cell),
                "problems": sorted({v.rule for v in problems}),
                "held": held,
            })
    return out


def _unused(ship: Ship, tiles: TileSet) -> list[dict[str, Any]]:
    return [{"id": t.id, "label": t.label} for t in tiles.tiles if t.id not in ship]


def check_page(req: PageRequest) -> PageAnswer:
    values, link = req.values, req.link
    if req.method != "POST" and not values.get("ship") and not values.get("board"):
        return PageAnswer(redirect=link("index"), status=302)
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
                raise bad("pilot", f"the pilot cabin is one of {PILOT_IDS[0]}-"
                                 f"{PILOT_IDS[-1]}")
            row, col = BOARDS[board].start
            text = f"{board} {pilot}@{row},{col}"
        ship = read_ship(text, board, tiles)
        cell = read_cell(values.get("cell"))
        tile_id = read_tile(values.get("tile"), tiles)
    except PageError as exc:
        context["error"] = exc
        return PageAnswer("ships_check.html", context, exc.status)
    result = shipcheck.report(seed, ship)
    canonical = result["ship"]
    context.update(
        seed=seed, text=canonical, result=result, ship=ship,
        board_svg=Markup(drawing.draw(
            ship, check(ship), selected=cell, exposed=ship.exposed(),
            link=lambda r, c: _link(link, seed, canonical, (r, c)),
            label=f"ship on board {ship.board.name}, seed {seed}")),
        legend=Markup(drawing.legend()),
        editor=_editor(link, seed, ship, tiles, cell, tile_id) if cell is not None else None,
        unused=_unused(ship, tiles),
        self_link=_link(link, seed, canonical),
        repair_links=[_link(link, seed, o["ship"]) for o in
                      ((result["repairs"] or {}).get("options") or [])],
    )
    return PageAnswer("ships_check.html", context)


# -- the JSON API -----------------------------------------------------------------------------
def api_check(req: PageRequest) -> PageAnswer:
    data = req.values
    seed = read_seed(data.get("seed"))
    board = read_board(data.get("board"))
    ship = read_ship(data.get("ship"), board, tiles_for(seed))
    return PageAnswer(json=shipcheck.report(seed, ship))


CHECK_API = ApiDoc(
    "spot-check a Galaxy Trucker ship: mistakes, counts, repairs",
    {"type": "object", "required": ["seed", "ship"], "properties": {
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        "board": {"enum": list(BOARDS)},
        "ship": {"type": "string", "maxLength": MAX_SHIP_CHARS}}},
    shipcheck.REPORT_SCHEMA, "the spot check")
"""``api_check`` in the tracker's OpenAPI document: what ``read_seed``, ``read_board`` and
``read_ship`` accept, and ``shipcheck.report``'s own schema."""


# -- the build timer (GT-9) -------------------------------------------------------------------
TIMER_ACTIONS = ("go", "flip", "finish")


def _timer_page(timer: buildtimer.Timer | None, error: PageError | None,
                status: int = 200) -> PageAnswer:
    now = clock()
    view: dict[str, Any] | None = None
    if timer is not None:
        view = {"state": timer.to_json(), "phase": timer.phase(now), "left": timer.left(now),
                "ends_at": timer.ends_at(), "now": now, "circles": timer.circles(),
                "may_flip": timer.may_flip(now), "building": timer.building(),
                "tiles": [(i, p) for i, p in enumerate(timer.tiles, start=1)],
                "next_tile": len(timer.tiles) + 1}
    return PageAnswer("ships_timer.html", {
        "timer": timer, "view": view, "error": error, "rounds": buildtimer.ROUNDS,
        "run": buildtimer.DEFAULT_RUN, "min_run": buildtimer.MIN_RUN,
        "max_run": buildtimer.MAX_RUN, "max_players": buildtimer.MAX_PLAYERS}, status)


def timer_page(req: PageRequest) -> PageAnswer:
    state = req.values.get("state")
    if not state:
        return _timer_page(None, None)
    try:
        timer = buildtimer.from_json(state)
    except buildtimer.BadTimer as exc:
        return _timer_page(None, PageError(422, exc.message, field=exc.field), 422)
    return _timer_page(timer, None)


def timer_post(req: PageRequest) -> PageAnswer:
    form = req.values
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
        return _timer_page(timer, PageError(422, exc.message, field=exc.field), 422)
    except IllegalMove as exc:
        return _timer_page(timer, PageError(422, exc.message, rule=exc.rule), 422)
    return PageAnswer(redirect=req.link("timer_page", state=timer.to_json()), status=303)


PAGES = GamePages("ships", "Ships", (
    Page("index", "/ships", index),
    Page("check_page", "/ships/check", check_page, ("GET", "POST")),
    Page("api_check", "/api/ships/check", api_check, ("POST",), json=True, api=CHECK_API),
    Page("timer_page", "/ships/timer", timer_page),
    Page("timer_post", "/ships/timer", timer_post, ("POST",)),
), HERE / "templates", HERE / "static")

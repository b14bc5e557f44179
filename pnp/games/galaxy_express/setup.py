"""Setting up a Galaxy Express chart (GE-1, GE-2): the options, the seeded deal, and reading a
setup back into the first state, every bad field refused with its rule."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.engine import SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.games.galaxy_express.board import (
    TILE_COLS,
    TILE_ROWS,
    cell_name,
    cell_of,
    parse_cell,
    tile_of,
)
from pnp.games.galaxy_express.state import COIN_NEEDS, QUEUE_NEED, Coins, State

OPTIONS = ("chance", "planets", DEAL_SEED)
SETUP_FIELDS = (*OPTIONS, "crowns", "start", "deal")


def new_setup(seed: int | None, options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The chart from the seed (or the six cells given), and in seeded play the deal."""
    check_fields("Galaxy Express option", options, OPTIONS)
    chance = chance_option(options, seed)
    given = options.get("planets")
    if seed is None and given is None:
        raise SetupError("without a seed, give the six planet cells (option 'planets', "
                         "e.g. 'a1 c3 f2 h6 d5 b6')")
    rng = Rng(seed if seed is not None else 0, "galaxy-express/setup")
    # GE-2: a random suit order over the 12 tiles, each coin in a random quadrant.
    tiles = [(tc, tr) for tr in range(TILE_ROWS) for tc in range(TILE_COLS)]
    coins = rng.shuffled(["arms"] * 6 + ["crowns"] * 6)
    cells = [cell_of(2 * tc + q % 2, 2 * tr + q // 2)
             for (tc, tr), q in ((t, rng.below(4)) for t in tiles)]
    planets = sorted(c for c, kind in zip(cells, coins, strict=True) if kind == "arms")
    crowns = sorted(c for c, kind in zip(cells, coins, strict=True) if kind == "crowns")
    if given is not None:
        planets = list(check_planets(given))
        crowns = []
    setup: dict[str, JSON] = {
        "chance": chance,
        "planets": [cell_name(c) for c in planets],
        "crowns": [cell_name(c) for c in crowns],
        "start": cell_name(rng.choice(planets)),
    }
    if chance == "seeded":
        if options.get(DEAL_SEED) is not None:  # a secret deal: its own stream
            rng = Rng(deal_seed(options, seed) or 0, "galaxy-express/deal")
            copy_deal_seed(options, setup)
        numbers = rng.shuffled(list(range(6)))
        setup["deal"] = {
            "numbers": {cell_name(c): n for c, n in zip(planets, numbers, strict=True)},
            "queue": rng.shuffled(list(range(6))),
            "suns": rng.shuffled(list(range(6))),
            "moons": rng.shuffled(list(range(6))),
        }
    return setup


def initial_state(setup: Mapping[str, JSON], seed: int | None) -> State:
    """The state before the first reveal, the setup's every field checked."""
    check_fields("Galaxy Express setup field", setup, SETUP_FIELDS)
    planets = check_planets(setup.get("planets"))
    chance = chance_setup(setup)
    hidden_numbers = hidden_queue = None
    suns, moons = Coins(), Coins()
    if chance == "seeded":
        deal = setup.get("deal")
        if not isinstance(deal, dict):
            raise SetupError("a seeded setup needs its 'deal'")
        if seed is None:
            raise SetupError("a seeded setup needs the log's seed (for reshuffles)")
        numbers = deal.get("numbers")
        if not isinstance(numbers, dict) or sorted(numbers) != sorted(
                cell_name(c) for c in planets):
            raise SetupError("deal 'numbers' must give each planet cell its number")
        hidden_numbers = tuple(_perm_value(numbers[cell_name(c)]) for c in planets)
        _check_perm("numbers", hidden_numbers)
        hidden_queue = _check_perm("queue", deal.get("queue"))
        suns = Coins(hidden_stack=_check_perm("suns", deal.get("suns")))
        moons = Coins(hidden_stack=_check_perm("moons", deal.get("moons")))
    return State(
        planets=planets, numbers=(None,) * 6, seed=deal_seed(setup, seed),
        hidden_numbers=hidden_numbers, hidden_queue=hidden_queue,
        suns=suns, moons=moons, phase="setup",
        pending=(QUEUE_NEED, COIN_NEEDS["S"], COIN_NEEDS["S"], COIN_NEEDS["M"],
                 COIN_NEEDS["M"]),
    )


def describe_setup(setup: Mapping[str, JSON], seed: int | None) -> str:
    """The setup as the table lays it out, in words."""
    planets = setup.get("planets", [])
    crowns = setup.get("crowns", [])
    lines = [f"Galaxy Express, seed {seed}" if seed is not None else "Galaxy Express",
             "Star Chart: 12 tiles face down, 4 wide x 3 tall (cells a1 bottom left "
             "to h6 top right).",
             f"Arms coins (planets), face down on: {' '.join(planets)}"]
    if crowns:
        lines.append(f"Crown coins (the delivery queue), placed then stacked from: "
                     f"{' '.join(crowns)}")
    lines.append(f"Suggested start planet: {setup.get('start')}")
    lines.append("Shuffle the Suns and the Moons into two face-down stacks and turn the "
                 "top two of each face up. All dice at null.")
    lines.append(f"Chance: {setup.get('chance')} play")
    return "\n".join(lines)


def check_planets(value: object) -> tuple[int, ...]:
    """Six planet cells, one per tile (GE-2)."""
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or len(items) != 6:
        raise SetupError("GE-2: give exactly six planet cells, like 'a1 c3 f2 h6 d5 b6'")
    cells = []
    for item in items:
        cell = parse_cell(item) if isinstance(item, str) else None
        if cell is None:
            raise SetupError(f"GE-1: {item!r} is not a cell of the 8x6 chart (a1..h6)")
        cells.append(cell)
    if len(set(cells)) != 6:
        raise SetupError("GE-2: the six planets must be on six different cells")
    if len({tile_of(c) for c in cells}) != 6:
        raise SetupError("GE-2: each tile holds at most one coin, so the six planets must "
                         "be on six different 2x2 tiles")
    return tuple(sorted(cells))


def _perm_value(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"deal values must be whole numbers 0-5, got {value!r}")
    return value


def _check_perm(name: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or sorted(
            _perm_value(v) for v in value) != list(range(6)):
        raise SetupError(f"deal '{name}' must list each of 0-5 once")
    return tuple(value)


__all__ = ["OPTIONS", "SETUP_FIELDS", "check_planets", "describe_setup", "initial_state",
           "new_setup"]

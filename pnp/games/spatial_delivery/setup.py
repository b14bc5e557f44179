"""Setting up Spatial Delivery: the options, the seeded tile and deck orders, the first state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.engine import SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.games.spatial_delivery.board import HEX_COUNT, RING, RING_HEXES, hex_name
from pnp.games.spatial_delivery.cards import COLOURS, SPACE, TILE_POOL, goods_deck
from pnp.games.spatial_delivery.state import Goods, Seat, State, flip_need, tile_need

DEFAULT_ROUNDS = 5  # SD-8
SETUP_FIELDS = ("chance", "rounds", DEAL_SEED)
MAX_ROUNDS = 9


def tile_deal(seed: int, secret: int | None = None) -> tuple[str, ...]:
    """Seeded play: the kind under every hex (index 0 is Earth), from the seed alone.

    With a secret deal seed (pnp.engine.deal) rings 1 and 2, laid face up from the kit's
    setup sheet, still follow the printed seed; the face-down ring 3 tiles are the same
    ones in an order drawn from the secret."""
    pool = [kind for kind, n in sorted(TILE_POOL.items()) for _ in range(n)]
    tiles = ("E", *Rng(seed, "spatial-delivery/tiles").shuffled(pool))
    if secret is None:
        return tiles
    ring3 = [h for h in range(HEX_COUNT) if RING[h] == 3]
    kinds = Rng(secret, "spatial-delivery/ring3").shuffled([tiles[h] for h in ring3])
    out = list(tiles)
    for h, kind in zip(ring3, kinds, strict=True):
        out[h] = kind
    return tuple(out)


def deck_order(seed: int, colour: str, shuffle: int, cards: Sequence[str]) -> tuple[str, ...]:
    """Seeded play: a goods deck's order after its ``shuffle``-th shuffle (0 = at setup)."""
    return tuple(Rng(seed, f"spatial-delivery/deck/{colour}/{shuffle}").shuffled(
        sorted(cards)))


def new_setup(seed: int | None, options: Mapping[str, JSON]) -> dict[str, JSON]:
    check_fields("Spatial Delivery option", options, SETUP_FIELDS)
    chance = chance_option(options, seed)
    rounds = check_rounds(options.get("rounds", DEFAULT_ROUNDS))
    return copy_deal_seed(options, {"chance": chance, "rounds": rounds})


def initial_state(names: Sequence[str], setup: Mapping[str, JSON], seed: int | None) -> State:
    check_fields("Spatial Delivery setup field", setup, SETUP_FIELDS)
    chance = chance_setup(setup)
    rounds = check_rounds(setup.get("rounds", DEFAULT_ROUNDS))
    seeded = chance == "seeded"
    if seeded and seed is None:
        raise SetupError("a seeded setup needs the log's seed")
    secret = deal_seed(setup, None)  # hidden ring 3 and cards: a secret deal seed if any
    cards_seed = seed if secret is None else secret
    goods = []
    for colour in COLOURS:
        cards = goods_deck(colour)
        deck = (deck_order(cards_seed, colour, 0, cards)
                if seeded and cards_seed is not None else cards)
        goods.append(Goods(deck=deck))
    n = len(names)
    return State(
        players=n, rounds=rounds, seed=cards_seed, seeded=seeded,
        hidden_tiles=tile_deal(seed, secret) if seeded and seed is not None else None,
        tiles=("E",) + (None,) * (HEX_COUNT - 1),
        tokens=(0,) * HEX_COUNT, firsts=(False,) * HEX_COUNT,
        segments=frozenset(), stations=(), goods=tuple(goods),
        seats=tuple(Seat() for _ in range(n)), order=tuple(range(n)),
        phase="setup",
        pending=(*[tile_need(h) for h in RING_HEXES[1] + RING_HEXES[2]],
                 *[flip_need(c) for c in COLOURS]),
    )


def describe_setup(setup: Mapping[str, JSON], seed: int | None) -> str:
    lines = [f"Spatial Delivery{f', seed {seed}' if seed is not None else ''}: "
             f"{setup.get('rounds', DEFAULT_ROUNDS)} rounds, turn order as seated."]
    if setup.get("chance") == "seeded" and seed is not None:
        deal = tile_deal(seed)  # rings 1 and 2: the printed seed's, secret or not
        words = {SPACE: "space", **{c: f"world {c}" for c in COLOURS}}
        for k in (1, 2):
            lines.append(f"Ring {k}: " + ", ".join(
                f"{hex_name(h)} {words[deal[h]]}" for h in RING_HEXES[k]))
        lines.append("Ring 3 stays face down until the end of round 2.")
    else:
        lines.append("Shuffle the 36 tiles; lay rings 1 and 2 and log each tile (B3=G).")
    lines.append("Each goods deck shuffled apart; turn the top card of each face up.")
    lines.append(f"Chance: {setup.get('chance')} play")
    return "\n".join(lines)


def check_rounds(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise SetupError(f"SD-8: 'rounds' must be a whole number 1-{MAX_ROUNDS}, got {value!r}")
    return value

"""Galaxy Trucker flight state: immutable values, one ``Trucker`` per seat.

The tile set is not stored (it is ``generate_tiles(tile_seed)``, cached); ships are part 1
``Ship`` values.  ``ask`` says whose decision is awaited and of what kind; ``need`` says which
chance outcome is awaited (a card flip or a 2d6 roll).  ``stage`` is where the current card's
resolution stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from pnp.engine.values import quick_init, replace
from pnp.games.galaxy_trucker.crew import Crew
from pnp.games.galaxy_trucker.hits import Threat
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.tiles import TileSet, generate_tiles

Phase = Literal["build", "fix", "crew", "gate", "card", "over"]
AskKind = Literal["enter", "fix", "crew", "gate", "engines", "cannons", "land", "ship",
                  "station", "reward", "cargo", "lose", "drop", "defend", "keep"]
ROUND_LEVEL = {"1": 1, "2": 2, "3": 3, "3a": 3}
ROUND_BOARD = {"1": "I", "2": "II", "3": "III", "3a": "IIIa"}
ROUND_GAP = {"1": 2, "2": 3, "3": 4, "3a": 4}  # GT-5: (round + 1) spaces apart
REWARDS = {"1": (4, 3, 2, 1), "2": (8, 6, 4, 2), "3": (12, 9, 6, 3), "3a": (12, 9, 6, 3)}
BEST_LOOKING = {"1": 2, "2": 4, "3": 6, "3a": 6}
LOOP = 40


@cache
def tiles_of(seed: int) -> TileSet:
    return generate_tiles(seed)


@quick_init
@dataclass(frozen=True)
class Pay:
    """One seat's end-of-round pay (GT-6), kept as data: the score sheet writes its lines
    from it and the history sentence is made from it."""

    round: str
    place: int | None  # 1 = the leader; None: gave up
    flight: int  # credits won during the flight (held when paid, less those after last round)
    reward: int  # finish-order reward
    exposed: int | None  # this ship's exposed connectors (finishers only)
    fewest: int | None  # the fewest of all finishers (finishers only)
    looks: int  # best-looking bonus
    goods: tuple[int, int, int, int]  # red, yellow, green, blue goods sold
    sale: int  # what the goods sold for (half, rounded up, after giving up)
    lost: int  # components lost
    loss: int  # what they cost (capped by the round's board)
    credits: int  # credits after the round (never below 0, FAQ)

    @property
    def result(self) -> int:
        """The round's sum: flight + reward + bonus + goods - loss (before the floor)."""
        return self.flight + self.reward + self.looks + self.sale - self.loss

    def sentence(self) -> str:
        where = f"place {self.place}" if self.place is not None else "gave up"
        return (f"round {self.round}: {where} +{self.reward}, best-looking +{self.looks}, "
                f"goods +{self.sale}, lost components -{self.loss} -> {self.credits}")


@quick_init
@dataclass(frozen=True)
class Trucker:
    """One seat: ship and cargo this round, place on the flight board, credits."""

    ship: Ship | None = None
    number: int | None = None  # the number tile taken at the end of building
    aside: tuple[int, ...] = ()  # tiles set aside while building and never added (lost)
    crew: Crew = field(default_factory=Crew)
    batteries: tuple[tuple[int, int], ...] = ()  # (battery tile, tokens left)
    goods: tuple[tuple[int, str], ...] = ()  # (hold tile, goods letters)
    lost: int = 0  # components lost this round (spot check and flight)
    pos: int | None = None  # spaces travelled (the board space is pos mod 40)
    out: bool = False  # gave up this round (a spectator)
    doom: str | None = None  # why the player must give up once the card is dealt with
    credits: int = 0
    pays: tuple[Pay, ...] = ()  # one per finished round

    @property
    def history(self) -> tuple[str, ...]:
        """One sentence per finished round."""
        return tuple(p.sentence() for p in self.pays)

    @property
    def active(self) -> bool:
        return self.pos is not None and not self.out

    @property
    def tokens(self) -> int:
        return sum(n for _, n in self.batteries)

    @property
    def goods_list(self) -> str:
        return "".join(g for _, g in self.goods)


@quick_init
@dataclass(frozen=True)
class Stage:
    """Progress through the current card."""

    step: str = ""
    todo: tuple[int, ...] = ()  # seats still to deal with in this step, in order
    marks: tuple[tuple[int, int], ...] = ()  # planets: (seat, row) landed
    values: tuple[tuple[int, Fraction], ...] = ()  # combat zone: strengths declared
    defeated: tuple[int, ...] = ()  # pirates: players who lost
    threats: tuple[Threat, ...] = ()  # meteors or shots being resolved
    shot: int = 0  # index into threats
    line: int | None = None  # the current roll
    targets: tuple[int, ...] = ()  # seats the current shot still has to reach
    czline: int = 0  # combat zone line
    tries: int = 0  # sabotage rolls of coordinates so far
    col: int | None = None  # sabotage: the rolled column
    victim: int | None = None  # sabotage / combat zone loser
    after: str = ""  # the step to continue with once shots are resolved


NO_STAGE = Stage()
"""No card in play (a value: shared, never edited in place)."""


@quick_init
@dataclass(frozen=True)
class Ask:
    seat: int
    kind: AskKind
    goods: str = ""  # cargo: the goods offered
    count: int = 0  # lose: figures to give up; drop: blocks or tokens; ship: crew needed


@cache
def ask_of(seat: int, kind: AskKind, goods: str = "", count: int = 0) -> Ask:
    """The ask, made once per process (an immutable value; the flight awaits about one an
    event, and most are the same few)."""
    return Ask(seat, kind, goods, count)


@quick_init
@dataclass(frozen=True)
class State:
    tile_seed: int
    seed: int | None  # seeded play: cards and dice come from the seed
    rounds: tuple[str, ...]  # e.g. ("1", "2", "3")
    test_flight: bool
    truckers: tuple[Trucker, ...]
    round_index: int = 0
    phase: Phase = "build"
    deck: tuple[str, ...] | None = None  # seeded play: the round's cards still to come
    drawn: tuple[str, ...] = ()  # cards turned up this round
    card: str | None = None
    stage: Stage = field(default_factory=Stage)
    ask: Ask | None = None
    need: Literal["card", "roll"] | None = None
    rolls: int = 0  # dice rolled this round (names the seeded dice stream)
    last_roll: int | None = None
    log: tuple[str, ...] = ()  # what happened on the current card, for the tracker
    names: tuple[str, ...] = ()
    # decisions applied without a log entry since the last event (GT-FR4), e.g. "Ann crew:-":
    # a refusal of the next entry names them, so nobody wonders where their turn went
    auto: tuple[str, ...] = ()
    first_game: bool = False  # GT-G7: round 1's spot check is the learners' one
    fixed: tuple[int, ...] = ()  # seats repaired at this spot check (GT-G7)

    @property
    def learner_check(self) -> bool:
        """GT-G7: the first game's round 1 uses the lenient spot check."""
        return self.first_game and self.round_index == 0

    @property
    def round(self) -> str:
        return self.rounds[min(self.round_index, len(self.rounds) - 1)]

    @property
    def level(self) -> int:
        return ROUND_LEVEL[self.round]

    @property
    def tiles(self) -> TileSet:
        return tiles_of(self.tile_seed)

    def trucker(self, seat: int) -> Trucker:
        return self.truckers[seat]

    def with_trucker(self, seat: int, trucker: Trucker) -> State:
        ts = list(self.truckers)
        ts[seat] = trucker
        return replace(self, truckers=tuple(ts))

    def order(self) -> tuple[int, ...]:
        """Seats still flying, the leader first (a card's steps ask for it several times
        over the same truckers: the last answer is kept, keyed by that very tuple)."""
        truckers = self.truckers
        last = _LAST_ORDER[0]
        if last[0] is truckers:
            return last[1]
        active = [(-t.pos, i) for i, t in enumerate(truckers)
                  if t.pos is not None and not t.out]
        active.sort()
        order = tuple([i for _, i in active])
        _LAST_ORDER[0] = (truckers, order)  # one pair, swapped whole (threads share it)
        return order


def edit_trucker(s: State, seat: int, /, **changes: Any) -> State:
    """The event's draft ``s``, changed in place, with ``seat``'s trucker replaced by a copy
    with ``changes``: ``set_trucker(s, seat, replace(s.truckers[seat], **changes))`` in one
    call (one dict copy for the trucker, one tuple for the seats, no field check on ``s``).
    Only for the draft an event has made (``values.edit``'s rule); every state handed out
    stays immutable, and the old trucker is untouched.

    >>> s = State(0, None, ("1",), False, (Trucker(), Trucker()))
    >>> d = edit_trucker(replace(s), 1, credits=3, lost=1)
    >>> d.truckers[1].credits, d.truckers[1].lost, s.truckers[1].credits
    (3, 1, 0)
    >>> d.truckers[0] is s.truckers[0]
    True
    >>> edit_trucker(d, 0, credit=1)
    Traceback (most recent call last):
    ...
    TypeError: Trucker has no field credit
    """
    ts = list(s.truckers)
    old = ts[seat]
    if not _TRUCKER_FIELDS.issuperset(changes):
        replace(old, **changes)  # raises, naming the field
    fresh = old.__dict__.copy()  # a Trucker has no cached property to drop
    fresh.update(changes)
    new = _new(Trucker)
    _set(new, "__dict__", fresh)
    ts[seat] = new
    s.__dict__["truckers"] = tuple(ts)  # a State has no cached property either
    return s


def edit_stage(s: State, /, **changes: Any) -> State:
    """The event's draft ``s``, changed in place, with a copy of its stage with ``changes``:
    ``values.edit(s, stage=replace(s.stage, **changes))`` in one call (the stage itself is
    a new value: ``NO_STAGE`` and the stages of states handed out are shared).

    >>> d = edit_stage(replace(State(0, None, ("1",), False, ())), step="end", todo=(1,))
    >>> d.stage.step, d.stage.todo, NO_STAGE.todo
    ('end', (1,), ())
    """
    st = s.stage
    if not _STAGE_FIELDS.issuperset(changes):
        replace(st, **changes)  # raises, naming the field
    fresh = st.__dict__.copy()
    fresh.update(changes)
    new = _new(Stage)
    _set(new, "__dict__", fresh)
    s.__dict__["stage"] = new
    return s


_new = object.__new__
_set = object.__setattr__
_TRUCKER_FIELDS = frozenset(Trucker.__dataclass_fields__)
_STAGE_FIELDS = frozenset(Stage.__dataclass_fields__)


# ``State.order``'s memo: (truckers, their order).  The truckers tuple is immutable and held
# here, so no other tuple can take its identity while it is remembered.
_LAST_ORDER: list[tuple[tuple[Trucker, ...] | None, tuple[int, ...]]] = [(None, ())]

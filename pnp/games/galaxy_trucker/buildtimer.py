"""The Galaxy Trucker build timer (GT-9) as a pure state machine.

The sand timer starts on the circle of the round number and steps down one circle per flip;
a flip is possible only when the sand has run out; the last flip, from circle 1 to Start, may
be made only by a player who has finished building (taken a number tile); building ends when
the Start run ends.  Every function takes ``now`` (seconds on the server's clock), so the
tests drive time by hand and the page only displays what this module decides.
"""

from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from pnp.engine.errors import IllegalMove
from pnp.engine.timer import BadTimer as BadTimer  # its refusals are the shared kind

ROUNDS = (1, 2, 3)
START = 0  # the circle marked "Start"
DEFAULT_RUN = 90  # seconds per run of the sand (GT-9 default, a table option)
MIN_RUN, MAX_RUN = 10, 600
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # number tiles 1-2 .. 1-4
MAX_NAME = 40
MAX_STATE_CHARS = 2000


@dataclass(frozen=True)
class Timer:
    """One table's timer: the round, who plays, where the sand is and who has finished."""

    round: int
    players: tuple[str, ...]
    run: int = DEFAULT_RUN
    circle: int | None = None  # None before "Go!"; then round .. 1, then START
    since: float | None = None  # when the sand on ``circle`` started to run
    tiles: tuple[str, ...] = ()  # players in the order they took number tiles 1, 2, ...

    # -- reading the state ----------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.circle is not None

    def left(self, now: float) -> float:
        """Seconds of sand left in the current run (the full run before Go)."""
        if self.since is None:
            return float(self.run)
        return max(0.0, self.since + self.run - now)

    def ends_at(self) -> float | None:
        return None if self.since is None else self.since + self.run

    def everyone_finished(self) -> bool:
        return len(self.tiles) == len(self.players)

    def phase(self, now: float) -> str:
        """ready, running, out (waiting for a flip), last (the Start run), over."""
        if self.circle is None:
            return "ready"
        if self.everyone_finished():
            return "over"
        running = self.left(now) > 0
        if self.circle == START:
            return "last" if running else "over"
        return "running" if running else "out"

    def building_over(self, now: float) -> bool:
        return self.phase(now) == "over"

    def circles(self) -> tuple[int, ...]:
        """The circles this round's sand visits: round number down to 1, then Start."""
        return (*range(self.round, 0, -1), START)

    def flips_left(self) -> int:
        return self.round if self.circle is None else self.circle

    def tile_of(self, player: str) -> int | None:
        """The number tile a player took (1 = first to finish), or None."""
        return self.tiles.index(player) + 1 if player in self.tiles else None

    def may_flip(self, now: float) -> tuple[str, ...]:
        """Who may flip right now: everyone, only finished players, or nobody."""
        if self.phase(now) != "out":
            return ()
        if self.circle == 1:
            return self.tiles
        return self.players

    # -- events -------------------------------------------------------------------------------
    def go(self, now: float) -> Timer:
        """ "Go!": the sand starts on the circle of the round number."""
        if self.circle is not None:
            raise IllegalMove("timer.started", "the timer is already running; flip it when "
                              "the sand runs out")
        return replace(self, circle=self.round, since=_stamp(now))

    def flip(self, now: float, by: str | None = None) -> Timer:
        """Turn the timer over onto the next circle (GT-9)."""
        phase = self.phase(now)
        if phase == "ready":
            raise IllegalMove("timer.not-started", "say Go! first: the sand starts on circle "
                              f"{self.round}")
        if phase == "over":
            raise IllegalMove("GT-9", "building is over; every player who has not finished "
                              "takes the lowest number tile left")
        if phase == "last":
            raise IllegalMove("GT-9", "the timer is on Start: that was the last flip; "
                              f"building ends in {_seconds(self.left(now))}")
        if phase == "running":
            raise IllegalMove("GT-9", f"the sand is still running on circle {self.circle}: "
                              f"flip in {_seconds(self.left(now))}, when it has run out")
        assert self.circle is not None
        if self.circle == 1:
            finished = [f"{p} (tile {i})" for i, p in enumerate(self.tiles, start=1)]
            if by is None or by not in self.tiles:
                who = f"{by} has not" if by else "nobody named has"
                raise IllegalMove("GT-9", f"the last flip, to Start, is made by a player who "
                                  f"has finished building; {who} taken a number tile; "
                                  f"finished: {', '.join(finished) or 'nobody yet'}",
                                  list(self.tiles))
        elif by is not None and by not in self.players:
            raise BadTimer("by", f"{by!r} is not at this table: {', '.join(self.players)}")
        return replace(self, circle=self.circle - 1, since=_stamp(now))

    def finish(self, player: str, now: float) -> Timer:
        """A player stops building and takes the lowest number tile left."""
        if player not in self.players:
            raise BadTimer("by", f"{player!r} is not at this table: {', '.join(self.players)}")
        if self.circle is None:
            raise IllegalMove("timer.not-started", "building has not started; say Go! first")
        if player in self.tiles:
            raise IllegalMove("timer.finished", f"{player} already took tile "
                              f"{self.tile_of(player)}; still building: "
                              f"{', '.join(self.building()) or 'nobody'}",
                              list(self.building()))
        return replace(self, tiles=(*self.tiles, player))

    def building(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.tiles)

    # -- text form (the page keeps the state in its URL) ---------------------------------------
    def to_json(self) -> str:
        data: dict[str, Any] = {"round": self.round, "run": self.run,
                                "players": list(self.players)}
        if self.circle is not None:
            data["circle"] = self.circle
            data["since"] = self.since
        if self.tiles:
            data["tiles"] = list(self.tiles)
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _stamp(now: float) -> float:
    if not math.isfinite(now):
        raise ValueError("now must be a finite time")
    return round(now, 2)


def _seconds(value: float) -> str:
    return f"{math.ceil(value)} s"


def new_timer(round_number: object, players: object, run: object = DEFAULT_RUN) -> Timer:
    """A timer before Go!, from untrusted values (numbers may come as text)."""
    rnd = _whole(round_number, "round", ROUNDS[0], ROUNDS[-1])
    seconds = _whole(DEFAULT_RUN if run is None or run == "" else run, "run", MIN_RUN, MAX_RUN)
    if not isinstance(players, (list, tuple)):
        raise BadTimer("players", "players must be a list of names")
    names = tuple(_name(p, i) for i, p in enumerate(players))
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise BadTimer("players", f"{MIN_PLAYERS} to {MAX_PLAYERS} players (one number tile "
                       f"each), not {len(names)}")
    if len(set(names)) != len(names):
        raise BadTimer("players", "each player needs a different name")
    return Timer(rnd, names, seconds)


def from_json(text: object) -> Timer:
    """Read a state written by ``Timer.to_json``; anything malformed is a ``BadTimer``."""
    if not isinstance(text, str) or not text.strip():
        raise BadTimer("state", "no timer state; start a new timer")
    if len(text) > MAX_STATE_CHARS:
        raise BadTimer("state", f"the timer state is at most {MAX_STATE_CHARS} characters")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadTimer("state", f"the timer state is not JSON ({exc.msg})") from None
    except RecursionError:
        raise BadTimer("state", "the timer state is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadTimer("state", "the timer state is a JSON object")
    unknown = set(data) - {"round", "run", "players", "circle", "since", "tiles"}
    if unknown:
        raise BadTimer("state", f"unknown timer fields: {', '.join(sorted(unknown))}")
    timer = new_timer(data.get("round"), data.get("players"), data.get("run", DEFAULT_RUN))
    circle, since = data.get("circle"), data.get("since")
    if (circle is None) != (since is None):
        raise BadTimer("state", "circle and since go together")
    if circle is not None:
        circle = _whole(circle, "circle", START, timer.round)
        if isinstance(since, bool) or not isinstance(since, (int, float)) \
                or not math.isfinite(since) or not 0 <= since < 1e11:
            raise BadTimer("state", "since is a time in seconds")
        timer = replace(timer, circle=circle, since=float(since))
    tiles = data.get("tiles", [])
    if not isinstance(tiles, list) or any(t not in timer.players for t in tiles) \
            or len(set(tiles)) != len(tiles):
        raise BadTimer("state", "tiles lists players at this table, each once")
    if tiles and circle is None:
        raise BadTimer("state", "nobody finishes before Go!")
    return replace(timer, tiles=tuple(tiles))


def _whole(value: object, field: str, lo: int, hi: int) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) < 6:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadTimer(field, f"{field} is a whole number from {lo} to {hi}")
    return value


def _name(value: object, index: int) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return f"Player {index + 1}"
    if not isinstance(value, str):
        raise BadTimer("players", "player names are text")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if len(name) > MAX_NAME or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        raise BadTimer("players", f"a player name is at most {MAX_NAME} characters, no "
                       "control characters")
    return name

"""Checking a filled Spatial Delivery score sheet.

The printed sheet has one column per player (up to five) and one row per round for the market
share points scored in it, then the First Delivery tokens held at the end (one box per colour),
the end bonus, the stations built and the total; a winner box closes it.  The checker
recomputes the colour bonus (SD-5: 1, 3, 6, 10, 15 for 1-5 tokens of a colour), each total and
the winner with the tie-breaks (most First Delivery tokens, then most stations), and checks the
counts are possible: at most 5 tokens of a colour on the whole table, at most 9 stations each
(SD-5), and no fewer points during play than the stations and first deliveries alone give
(SD-T12: a station scores at least 2, a delivery at least 1).

The second page breaks each round's points into their parts (SD-T12, SD-4): stations built,
deliveries (their score tokens and bonuses), fees (1 for each delivery another player made at
your station) and Initiative.  When it is filled in, the checker confirms every round: the
round's line is the sum of its parts, the stations' points lie between 2 and 4 a station built
(1 + up to 3 touching Settled Worlds), a player's fees in a round are no more than the other
players' delivery points that round (each fee comes with a delivery scoring 1 or more), and
the delivery points are at least the First Delivery tokens held.  What a part is worth on the
board (which world, which token) is the tracker's to check from the log.  Field names are the
AcroForm names of the printed sheet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.sheetspec import (
    Block,
    Column,
    Field,
    FilledSheet,
    Grid,
    GridRow,
    Layout,
    Line,
    Section,
    SheetSpec,
)
from pnp.engine.steps import Played
from pnp.games.spatial_delivery.cards import (
    COLOUR_NAMES,
    COLOURS,
    STATIONS_PER_PLAYER,
    first_bonus,
    power_of,
)
from pnp.games.spatial_delivery.events import Build, CardAction, Deliver
from pnp.games.spatial_delivery.rules import DEFAULT_ROUNDS, MAX_ROUNDS
from pnp.games.spatial_delivery.state import State

GAME_ID = "spatial-delivery"
MAX_PLAYERS = 5
MIN_PLAYERS = 3
ROUND_ROWS = MAX_ROUNDS
TOKENS_PER_COLOUR = 5  # SD-5
COLOUR_FIELDS = tuple(c.lower() for c in COLOURS)  # y b p g
PLAYER_FIELDS = ("name", *[f"r{n}" for n in range(1, ROUND_ROWS + 1)],
                 *[f"fd_{c}" for c in COLOUR_FIELDS], "bonus", "stations", "total")
PARTS = ("built", "deliv", "fees", "init")
"""A round's points by cause (the second page): stations, deliveries, fees, Initiative."""
PART_LABELS = {"built": "stations built", "deliv": "deliveries", "fees": "fees",
               "init": "Initiative"}
STATION_MIN, STATION_MAX = 2, 4  # SD-T12: 1 + 1 to 3 touching Settled Worlds


def part_fields(seat: int) -> list[str]:
    return [f"p{seat}_r{n}_{part}" for n in range(1, ROUND_ROWS + 1) for part in PARTS]


def field_names() -> list[str]:
    names = ["seed", "rounds"]
    for i in range(1, MAX_PLAYERS + 1):
        names += [f"p{i}_{f}" for f in PLAYER_FIELDS]
    for i in range(1, MAX_PLAYERS + 1):
        names += part_fields(i)
    return [*names, "winner"]


def _int(text: str) -> int | None:
    t = text.strip()
    return int(t) if re.fullmatch(r"\d{1,4}", t) else None


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z\u00c0-\uffff]", "", text.lower())


@dataclass
class _Player:
    seat: int  # 1-based column
    name: str
    rounds: list[int]
    tokens: list[int]
    stations: int

    @property
    def play(self) -> int:
        return sum(self.rounds)

    @property
    def bonus(self) -> int:
        return sum(first_bonus(n) for n in self.tokens)

    @property
    def total(self) -> int:
        return self.play + self.bonus

    def key(self) -> tuple[int, int, int]:
        """SD-5: total, then First Delivery tokens, then stations."""
        return (self.total, sum(self.tokens), self.stations)


def _number(f: Mapping[str, str], name: str, lines: list[Line], *, high: int | None = None,
            why_high: str = "") -> int:
    """A count field: blank reads as 0; anything else must be a whole number in range."""
    text = f.get(name, "").strip()
    if not text:
        return 0
    n = _int(text)
    if n is None:
        lines.append(Line(name, text, "a whole number", False,
                          "write a whole number of points or tokens (0 or more)"))
        return 0
    if high is not None and n > high:
        lines.append(Line(name, text, f"at most {high}", False, why_high))
        return min(n, high)
    return n


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every total; the report lists each checked field with what it should say."""
    f = {k: str(v) for k, v in fields.items() if v is not None}
    lines: list[Line] = []
    seats = [i for i in range(1, MAX_PLAYERS + 1)
             if any(f.get(f"p{i}_{name}", "").strip() for name in PLAYER_FIELDS)]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        lines.append(Line("p1_name", f.get("p1_name", ""), f"{MIN_PLAYERS}-{MAX_PLAYERS} "
                          "players", False, f"Spatial Delivery is played by {MIN_PLAYERS} to "
                          f"{MAX_PLAYERS}; {len(seats)} player columns are filled in"))
    played = [n for n in range(1, ROUND_ROWS + 1)
              if any(f.get(f"p{i}_r{n}", "").strip() for i in seats)]
    rounds = _rounds(f, played, lines)
    players: list[_Player] = []
    for i in seats:
        per_round = [_number(f, f"p{i}_r{n}", lines) for n in range(1, ROUND_ROWS + 1)]
        for n in range(rounds + 1, ROUND_ROWS + 1):
            text = f.get(f"p{i}_r{n}", "").strip()
            if text:
                lines.append(Line(f"p{i}_r{n}", text, "", False,
                                  f"SD-8: the game lasted {rounds} rounds"))
        tokens = [_number(f, f"p{i}_fd_{c}", lines, high=TOKENS_PER_COLOUR,
                          why_high=f"SD-5: there are {TOKENS_PER_COLOUR} tokens of each colour")
                  for c in COLOUR_FIELDS]
        stations = _number(f, f"p{i}_stations", lines, high=STATIONS_PER_PLAYER,
                           why_high=f"SD-5: each player has {STATIONS_PER_PLAYER} stations")
        name = f.get(f"p{i}_name", "").strip() or f"Player {i}"
        players.append(_Player(i, name, per_round[:rounds], tokens, stations))
    for k, colour in enumerate(COLOUR_FIELDS):
        held = sum(p.tokens[k] for p in players)
        if held > TOKENS_PER_COLOUR:
            lines.append(Line(f"p{players[0].seat}_fd_{colour}", str(held),
                              f"at most {TOKENS_PER_COLOUR} on the table", False,
                              f"SD-5: only {TOKENS_PER_COLOUR} First Delivery tokens of this "
                              f"colour exist, the sheet gives out {held}"))
    for p in players:
        floor = 2 * p.stations + sum(p.tokens)
        if p.play < floor:
            lines.append(Line(f"p{p.seat}_r1", str(p.play), f"at least {floor}", False,
                              f"SD-T12: {p.stations} stations score at least 2 each and "
                              f"{sum(p.tokens)} first deliveries at least 1 each, but the "
                              f"rounds add up to {p.play}"))
        _total_line(f, f"p{p.seat}_bonus", p.bonus, lines, "SD-5: " + ", ".join(
            f"{n} {c.upper()} -> {first_bonus(n)}" for c, n in zip(COLOUR_FIELDS, p.tokens,
                                                                   strict=True)))
        _total_line(f, f"p{p.seat}_total", p.total, lines,
                    f"{' + '.join(str(r) for r in p.rounds)} in play + {p.bonus} bonus")
    confirmed = _round_parts(f, players, rounds, lines)
    winners = _winners(players)
    _winner_line(f, players, winners, lines)
    return {
        "ok": all(line.ok for line in lines),
        "game": GAME_ID,
        "players": len(players),
        "rounds": rounds,
        "rounds_confirmed": confirmed,
        "lines": [line.to_json() for line in lines],
        "totals": {**{f"p{p.seat}_total": str(p.total) for p in players},
                   **{f"p{p.seat}_bonus": str(p.bonus) for p in players},
                   "winner": " & ".join(p.name for p in winners)},
    }


def _round_parts(f: Mapping[str, str], players: list[_Player], rounds: int,
                 lines: list[Line]) -> bool:
    """Confirm each round from its parts (the second page); False when it is left empty."""
    if not any(f.get(name, "").strip() for p in players for name in part_fields(p.seat)):
        return False
    parts = {p.seat: [{part: _number(f, f"p{p.seat}_r{n}_{part}", lines) for part in PARTS}
                      for n in range(1, rounds + 1)] for p in players}
    for p in players:
        for n, got in enumerate(parts[p.seat], start=1):
            name = f"p{p.seat}_r{n}"
            total = sum(got.values())
            if total != p.rounds[n - 1]:
                lines.append(Line(name, f.get(name, "").strip(), str(total), False,
                                  f"SD-T12: round {n} is its parts: " + " + ".join(
                                      f"{got[k]} {PART_LABELS[k]}" for k in PARTS)))
            others = sum(parts[q.seat][n - 1]["deliv"] for q in players if q is not p)
            if got["fees"] > others:
                lines.append(Line(f"{name}_fees", str(got["fees"]), f"at most {others}", False,
                                  f"SD-T12: a fee is 1 for another player's delivery at your "
                                  f"station, and the others scored {others} for deliveries "
                                  f"in round {n}"))
        built = sum(r["built"] for r in parts[p.seat])
        low, high = STATION_MIN * p.stations, STATION_MAX * p.stations
        if not low <= built <= high:
            lines.append(Line(f"p{p.seat}_r1_built", str(built), f"{low}-{high}", False,
                              f"SD-T12: {p.stations} stations built score 2 to 4 each "
                              f"(1 + the Settled Worlds they touch), the rounds give {built}"))
        delivered = sum(r["deliv"] for r in parts[p.seat])
        if delivered < sum(p.tokens):
            lines.append(Line(f"p{p.seat}_r1_deliv", str(delivered),
                              f"at least {sum(p.tokens)}", False,
                              f"SD-T12: each of the {sum(p.tokens)} First Delivery tokens came "
                              "with a delivery scoring 1 or more"))
    return True


def _rounds(f: Mapping[str, str], played: list[int], lines: list[Line]) -> int:
    """The agreed number of rounds (SD-8): the rounds box, else the last round filled in."""
    written = f.get("rounds", "").strip()
    fallback = max(DEFAULT_ROUNDS, *played) if played else DEFAULT_ROUNDS
    if not written:
        return fallback
    n = _int(written)
    if n is None or not 1 <= n <= MAX_ROUNDS:
        lines.append(Line("rounds", written, f"1-{MAX_ROUNDS}", False,
                          f"SD-8: the game lasts 1 to {MAX_ROUNDS} rounds (5 unless agreed)"))
        return fallback
    return n


def _total_line(f: Mapping[str, str], name: str, value: int, lines: list[Line],
                why: str) -> None:
    written = f.get(name, "").strip()
    ok = _int(written) == value
    lines.append(Line(name, written, str(value), ok, "" if ok else why))


def _winners(players: list[_Player]) -> list[_Player]:
    if not players:
        return []
    best = max(p.key() for p in players)
    return [p for p in players if p.key() == best]


def _winner_line(f: Mapping[str, str], players: list[_Player], winners: list[_Player],
                 lines: list[Line]) -> None:
    if not winners:
        return
    written = f.get("winner", "").strip()
    expected = " & ".join(p.name for p in winners)
    named = _read_winners(written, players)
    ok = named == {p.seat for p in winners}
    top = [p for p in players if p.total == winners[0].total]
    if len(top) == 1:
        why = f"the most market share points: {winners[0].total}"
    elif len({p.key() for p in top}) == 1:
        why = (f"SD-5: tied on {winners[0].total} points, First Delivery tokens and stations: "
               "a shared win")
    else:
        why = (f"SD-5: {len(top)} players tie on {winners[0].total} points; the tie goes to "
               f"the most First Delivery tokens ({sum(winners[0].tokens)}), then the most "
               f"stations ({winners[0].stations})")
    lines.append(Line("winner", written, expected, ok, "" if ok else why))


def _read_winners(text: str, players: list[_Player]) -> set[int] | None:
    """Seats named in the winner box: names or column numbers, joined by '&', ',' or 'and'."""
    if not text:
        return None
    seats: set[int] = set()
    for part in re.split(r"\s*(?:&|,|/|\+|\band\b)\s*", text, flags=re.IGNORECASE):
        if not part:
            continue
        key = _norm(part)
        match = [p.seat for p in players if _norm(p.name) == key
                 or key in (str(p.seat), f"p{p.seat}", f"player{p.seat}")]
        if len(match) != 1:
            return None
        seats.add(match[0])
    return seats


def fields_from_play(states: Sequence[State], events: Sequence[object],
                     names: Sequence[str] = ()) -> dict[str, str] | None:
    """The sheet a careful table writes for a played game (``states[i + 1]`` is ``events[i]``
    applied to ``states[i]``; ``names`` head the columns, "Player N" when absent).

    Each round's line is the change of the seat's score tokens (``Seat.points``) over the
    round; First Delivery tokens, stations and the end bonus come from the last state, the
    winner from the ranking (SD-5).  Before the end bonus is paid (an unfinished game) the
    bonus, total and winner boxes stay empty.  None for an empty play or more seats than
    columns."""
    if not states or len(states[0].seats) > MAX_PLAYERS:
        return None
    final = states[-1]
    fields: dict[str, str] = {"rounds": str(final.rounds)}
    if final.seed is not None:
        fields["seed"] = str(final.seed)
    label = [names[i] if i < len(names) else f"Player {i + 1}"
             for i in range(len(final.seats))]
    gained = [[0] * final.rounds for _ in final.seats]
    parts = [[dict.fromkeys(PARTS, 0) for _ in range(final.rounds)] for _ in final.seats]
    for before, event, after in zip(states, events, states[1:], strict=False):
        for i, (was, now) in enumerate(zip(before.seats, after.seats, strict=True)):
            gain = now.points - was.points
            if gain:
                gained[i][before.round - 1] += gain
                for part, points in _causes(before, event, i, gain).items():
                    parts[i][before.round - 1][part] += points
    last = final.rounds if final.phase == "over" else final.round
    for i, seat in enumerate(final.seats):
        p = f"p{i + 1}_"
        fields[p + "name"] = label[i]
        for n in range(1, last + 1):
            fields[p + f"r{n}"] = str(gained[i][n - 1])
            for part in PARTS:
                fields[p + f"r{n}_{part}"] = str(parts[i][n - 1][part])
        for colour, held in zip(COLOUR_FIELDS, seat.firsts, strict=True):
            fields[p + f"fd_{colour}"] = str(held)
        fields[p + "stations"] = str(len(final.stations_of(i)))
        if final.phase == "over":
            fields[p + "bonus"] = str(seat.bonus)
            fields[p + "total"] = str(seat.points + seat.bonus)
    if final.phase == "over":
        keys = [(s.points + s.bonus, sum(s.firsts), len(final.stations_of(i)))
                for i, s in enumerate(final.seats)]
        fields["winner"] = " & ".join(label[i] for i, k in enumerate(keys) if k == max(keys))
    return fields


def _causes(before: State, event: object, seat: int, gain: int) -> dict[str, int]:
    """What a seat's points from one entry were for (SD-T12, SD-4)."""
    if isinstance(event, Deliver):
        if seat != before.current:
            return {"fees": gain}
        init = int(event.use and power_of(event.card) == "I" and seat in before.next_track)
        return {"deliv": gain - init, "init": init}
    if isinstance(event, Build):
        return {"built": gain}
    if isinstance(event, CardAction):
        return {"init": gain}
    raise AssertionError(f"points from {event!r}")  # pragma: no cover - a rule we missed


ROW_LABELS = {"name": ("Player", "name"), "bonus": ("End bonus", "per colour, added"),
              "stations": ("Stations built", "0-9"), "total": ("Total", "rounds + bonus")}


def _row(key: str) -> tuple[str, str, str]:
    """A player line's label, hint and style (a new section, an optional round)."""
    if key in ROW_LABELS:
        style = {"bonus": "break", "total": "sum"}.get(key, "")
        return (*ROW_LABELS[key], style)
    if re.fullmatch(r"r\d+", key):
        n = int(key[1:])
        hint = "" if n <= DEFAULT_ROUNDS else "if agreed"
        return f"Round {n}", hint, "break" if n == 1 else ("optional" if hint else "")
    if key.startswith("fd_"):
        name, _, colour = COLOUR_NAMES[key[3:].upper()].partition(" (")
        style = "break" if key == f"fd_{COLOUR_FIELDS[0]}" else ""
        return f"1st tokens: {name}", f"{colour.rstrip(')')}, how many held", style
    return key.replace("_", " ").capitalize(), "", ""


class ScoreSheet(SheetSpec):
    """Players as columns and a line per round, first-delivery colour, bonus and total, as on
    the printed sheet (the names run player by player: down the columns)."""

    title = "Spatial Delivery score sheet"

    def field_names(self) -> list[str]:
        return field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_sheet(fields)

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return fields_from_play(play.states, play.events, play.players)

    def layout(self) -> Layout:
        seats = range(1, MAX_PLAYERS + 1)
        rows = []
        for key in PLAYER_FIELDS:
            label, hint, style = _row(key)
            rows.append(GridRow(label, tuple(f"p{i}_{key}" for i in seats), hint, style))
        grid = Grid(tuple(Column(f"Player {i}") for i in seats), tuple(rows), order="columns")
        part_rows = tuple(GridRow(f"Round {n}: {PART_LABELS[part]}",
                                  tuple(f"p{i}_r{n}_{part}" for i in seats),
                                  "" if n <= DEFAULT_ROUNDS else "if agreed",
                                  "break" if part == PARTS[0] else "")
                          for n in range(1, ROUND_ROWS + 1) for part in PARTS)
        parts = Grid(tuple(Column(f"Player {i}") for i in seats), part_rows, order="columns")
        return Layout(head=(Field("seed", "Seed"), Field("rounds", "Rounds", "5 unless agreed")),
                      blocks=(Block("", grid, style="players"),
                              Block("Points round by round", parts, style="players")),
                      totals=(Field("winner", "Winner", "name"),))

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        f = fields
        seats = [i for i in range(1, MAX_PLAYERS + 1) if f"p{i}_name" in f]
        lines = [(f"Round {n}", f"r{n}") for n in range(1, ROUND_ROWS + 1)
                 if any(f"p{i}_r{n}" in f for i in seats)]
        lines += [(f"First deliveries: {COLOUR_NAMES[c].split(' ')[0]}", f"fd_{c.lower()}")
                  for c in COLOURS]
        lines += [("End bonus", "bonus"), ("Stations built", "stations"), ("Total", "total")]
        rows = [[label, *[f.get(f"p{i}_{key}", "") for i in seats]] for label, key in lines]
        return FilledSheet(self.title, [Section(
            "Market share points", ["", *[f[f"p{i}_name"] for i in seats]], rows,
            [("Rounds", f.get("rounds", "")), ("Winner", f.get("winner", ""))])])


SHEET = ScoreSheet()

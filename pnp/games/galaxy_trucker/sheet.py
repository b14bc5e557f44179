"""Checking filled Galaxy Trucker score sheets (one printed page per player, all in one form).

Each player's page has a column per round (1, 2, 3 and the extra round 3a) and a line per step
of the end-of-round pay (GT-6): finish place or "gave up", credits won during the flight,
finish-order reward, exposed connectors and the table's fewest, best-looking bonus, goods sold
by colour and their price (half, rounded up, after giving up), components lost and the loss
they cost (capped by the round's ship board), the round's sum and the credits held after it
(never below 0, FAQ).  The game total is the credits after the last round played.  The checker
recomputes every line from the player's own counts and cross-checks the table: no two
finishers share a place, and nobody's "fewest" is above a finisher's exposed count.  Field
names are ``p<seat>_r<round>_<line>`` (the printed AcroForm names).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

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
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.cards import GOODS_VALUE, all_cards, level_cards
from pnp.games.galaxy_trucker.events import GTEvent
from pnp.games.galaxy_trucker.rounds import composition
from pnp.games.galaxy_trucker.state import (
    BEST_LOOKING,
    REWARDS,
    ROUND_BOARD,
    ROUND_LEVEL,
    Pay,
    State,
)

GAME_ID = "galaxy-trucker"
SEATS = 4
ROUNDS = ("1", "2", "3", "3a")
COLOURS = ("red", "yellow", "green", "blue")
LINES = ("place", "gaveup", "cards", "flight", "finish", "exposed", "fewest", "looks", *COLOURS,
         "goods", "lost", "loss", "round", "credits")
_MARKS = {"x", "✓", "✔", "yes", "y", "1", "true", "on", "/yes"}


def round_key(round_name: str) -> str:
    return f"r{round_name}"


def field_names() -> list[str]:
    names = ["seed"]
    for seat in range(1, SEATS + 1):
        names.append(f"p{seat}_name")
        for rnd in ROUNDS:
            names += [f"p{seat}_{round_key(rnd)}_{line}" for line in LINES]
        names.append(f"p{seat}_total")
    return names


def flight_cap(round_name: str) -> int:
    """The most credits one player can win from cards in a round: the richest cards the
    round's deck may hold, level by level (GT-7 card values, GT-8 deck quotas)."""
    total = 0
    for level, n in composition(round_name, False).items():
        values = sorted((c.credits for c in level_cards(level)), reverse=True)
        total += sum(values[:n])
    return total


PAYING = ("ship", "slavers", "pirates")  # the cards that pay credits in flight (GT-7)
FLAW = "flaw"  # GT-F27: a flaw found in flight costs 1 credit


def cards_paid(text: str, round_name: str) -> tuple[int, str]:
    """The credits the cards written in the "cards" line paid (and the flaws cost), or a
    problem: ``(credits, "")`` or ``(0, why)``.

    >>> cards_paid("I-13, flaw", "1")  # an abandoned ship paying 4, less a flaw
    (3, '')
    """
    total = 0
    for word in re.split(r"[\s,;+]+", text.strip()):
        if not word:
            continue
        if word.lower() == FLAW:
            total -= 1
            continue
        c = all_cards().get(word.upper())
        if c is None:
            return 0, f"{word!r} is not a card id (I-1 .. III-20) nor 'flaw'"
        if c.kind not in PAYING:
            return 0, f"{c.id} is {c.title}: it pays no credits (only abandoned ships, " \
                      "slavers and pirates do)"
        if c.level > ROUND_LEVEL[round_name]:
            return 0, f"{c.id} is a level {c.level} card: round {round_name} flies none"
        total += c.credits
    return total, ""


def _int(text: str) -> int | None:
    t = text.strip().replace("\u2212", "-")
    return int(t) if re.fullmatch(r"-?[0-9]{1,5}", t) else None


def _marked(text: str) -> bool:
    return text.strip().lower() in _MARKS


@dataclass
class _Round:
    """One player's recomputed round."""

    seat: int
    name: str
    place: int | None
    gave_up: bool
    exposed: int | None
    fewest: int | None


class _Reader:
    """Reads one sheet's fields, noting every unreadable entry as a failed line."""

    def __init__(self, fields: Mapping[str, str]) -> None:
        self.f = fields
        self.lines: list[Line] = []

    def text(self, name: str) -> str:
        return self.f.get(name, "").strip()

    def count(self, name: str, *, high: int | None = None, why_high: str = "") -> int | None:
        """A whole number 0 or more (blank: None)."""
        text = self.text(name)
        if not text:
            return None
        n = _int(text)
        if n is None or n < 0:
            self.lines.append(Line(name, text, "a whole number, 0 or more", False,
                                   "write a count of credits, goods or components"))
            return None
        if high is not None and n > high:
            self.lines.append(Line(name, text, f"at most {high}", False, why_high))
            return high
        return n

    def total(self, name: str, value: int, why: str) -> None:
        written = self.text(name)
        ok = _int(written) == value
        self.lines.append(Line(name, written, str(value), ok, "" if ok else why))


def _present(f: Mapping[str, str], seat: int) -> bool:
    return any(v.strip() for k, v in f.items() if k.startswith(f"p{seat}_"))


def _played(f: Mapping[str, str], rnd: str) -> bool:
    return any(f.get(f"p{seat}_{round_key(rnd)}_{line}", "").strip()
               for seat in range(1, SEATS + 1) for line in LINES)


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every line of every filled player page; each checked field is reported with
    what it should say and, when wrong, the rule that says so."""
    f = {str(k): str(v) for k, v in fields.items() if v is not None}
    r = _Reader(f)
    seats = [s for s in range(1, SEATS + 1) if _present(f, s)]
    rounds = [rnd for rnd in ROUNDS if _played(f, rnd)]
    if not seats:
        r.lines.append(Line("p1_name", "", "a player", False,
                            "no player's page is filled in (2 to 4 players)"))
    credits = {s: 0 for s in seats}
    names = {s: r.text(f"p{s}_name") or f"Player {s}" for s in seats}
    for rnd in rounds:
        least = _least_exposed(r, rnd, seats)
        table = [_player_round(r, rnd, s, names[s], credits, least) for s in seats]
        _cross_check(r, rnd, table)
    for s in seats:
        r.total(f"p{s}_total", credits[s],
                f"the credits held after the last round played ({rounds[-1] if rounds else '-'})")
    best = max(credits.values(), default=0)
    winners = [names[s] for s in seats if credits[s] >= 1]
    return {
        "ok": all(line.ok for line in r.lines),
        "game": GAME_ID,
        "players": len(seats),
        "rounds": rounds,
        "lines": [line.to_json() for line in r.lines],
        "totals": {**{f"p{s}_total": str(credits[s]) for s in seats},
                   "winners": ", ".join(winners) or "nobody (no one ended with a credit)",
                   "most": " & ".join(names[s] for s in seats
                                      if credits[s] == best and best >= 1)},
    }


def _least_exposed(r: _Reader, rnd: str, seats: Sequence[int]) -> int | None:
    """The fewest exposed connectors written by any finisher of the round (GT-6)."""
    found = []
    for s in seats:
        p = f"p{s}_{round_key(rnd)}_"
        place, exposed = _int(r.text(p + "place")), _int(r.text(p + "exposed"))
        if place is not None and 1 <= place <= 4 and exposed is not None and exposed >= 0:
            found.append(exposed)
    return min(found, default=None)


def _player_round(r: _Reader, rnd: str, seat: int, name: str, credits: dict[int, int],
                  least: int | None) -> _Round:
    p = f"p{seat}_{round_key(rnd)}_"
    rewards = REWARDS[rnd]
    place_text = r.text(p + "place")
    place = _int(place_text) if place_text else None
    gave_up = _marked(r.text(p + "gaveup"))
    if place_text and (place is None or not 1 <= place <= len(rewards)):
        r.lines.append(Line(p + "place", place_text, f"1-{len(rewards)}", False,
                            "GT-6: the finish place is 1 (the leader) to 4"))
        place = None
    if place is not None and gave_up:
        r.lines.append(Line(p + "gaveup", r.text(p + "gaveup"), "", False,
                            "GT-6: a player who gave up has no finish place; clear one of "
                            "the two"))
        gave_up = False
    elif place is None and not gave_up and not place_text:
        r.lines.append(Line(p + "place", "", "1-4, or mark 'gave up'", False,
                            f"round {rnd} was played: write {name}'s finish place, or mark "
                            "that they gave up"))
    finished = place is not None
    cards_text = r.text(p + "cards")
    paid, problem = cards_paid(cards_text, rnd) if cards_text else (0, "")
    if cards_text and not problem:  # the credits in flight are recomputed from the cards
        r.lines.append(Line(p + "cards", cards_text, cards_text, True))
        r.total(p + "flight", paid, f"GT-7: the cards written ({cards_text}) pay {paid}")
        flight = paid
    else:
        if problem:
            r.lines.append(Line(p + "cards", cards_text, "card ids like I-13, or flaw", False,
                                problem))
        flight = r.count(p + "flight", high=flight_cap(rnd),
                         why_high=f"GT-7: round {rnd}'s cards pay one player at most "
                                  f"{flight_cap(rnd)} credits") or 0
    finish = rewards[place - 1] if place is not None else 0
    r.total(p + "finish", finish,
            f"GT-6: place {place} in round {rnd} earns {finish} ({'-'.join(map(str, rewards))})"
            if finished else "GT-6: no finish reward after giving up")
    exposed = r.count(p + "exposed")
    fewest = r.count(p + "fewest")
    bonus = BEST_LOOKING[rnd]
    looks_text = r.text(p + "looks")
    if not finished:
        looks = 0
        r.total(p + "looks", 0, "GT-6: a ship that gave up does not compete for best-looking")
    elif exposed is not None and fewest is not None:
        if fewest > exposed:
            r.lines.append(Line(p + "fewest", str(fewest), f"at most {exposed}", False,
                                f"the table's fewest exposed connectors cannot be more than "
                                f"this ship's own {exposed}"))
        table_least = fewest if least is None else min(fewest, least)
        looks = bonus if exposed <= table_least else 0
        r.total(p + "looks", looks,
                f"GT-6: {exposed} exposed, fewest on the table {table_least}: "
                + (f"best-looking (+{bonus}; ties all paid)" if looks else "no bonus"))
    else:
        n = _int(looks_text) if looks_text else 0
        ok = n in (0, bonus)
        looks = n if ok and n is not None else 0
        r.lines.append(Line(p + "looks", looks_text, f"0 or {bonus}", ok,
                            "" if ok else f"GT-6: the best-looking bonus in round {rnd} is "
                            f"{bonus}, or nothing (write the exposed connectors and the "
                            "table's fewest to have it checked)"))
    counts = {c: r.count(p + c) or 0 for c in COLOURS}
    full = sum(GOODS_VALUE[c[0].upper()] * n for c, n in counts.items())
    goods = full if finished else math.ceil(full / 2)
    sold = " + ".join(f"{n} {c} x {GOODS_VALUE[c[0].upper()]}" for c, n in counts.items() if n)
    r.total(p + "goods", goods,
            f"GT-6: {sold or 'no goods'} = {full}" + ("" if finished else
                                                      ", halved and rounded up after giving up"))
    lost = r.count(p + "lost") or 0
    board = BOARDS[ROUND_BOARD[rnd]]
    loss = board.penalty(lost)
    cap = "no maximum" if board.max_penalty is None else f"at most {board.max_penalty}"
    r.total(p + "loss", loss, f"GT-6: 1 credit per lost component, {cap} on board {board.name}")
    total = flight + finish + looks + goods - loss
    r.total(p + "round", total, f"{flight} in flight + {finish} + {looks} + {goods} - {loss}")
    before = credits[seat]
    credits[seat] = max(0, before + total)
    r.total(p + "credits", credits[seat],
            f"{before} before + {total} this round" + (", and never below 0 (FAQ)"
                                                       if before + total < 0 else ""))
    return _Round(seat, name, place, gave_up, exposed if finished else None,
                  fewest if finished else None)


def _cross_check(r: _Reader, rnd: str, table: Sequence[_Round]) -> None:
    """What one page cannot know: places are distinct, the fewest is the fewest."""
    seen: dict[int, str] = {}
    for row in table:
        if row.place is None:
            continue
        if row.place in seen:
            field = f"p{row.seat}_{round_key(rnd)}_place"
            r.lines.append(Line(field, str(row.place), "a place nobody else has", False,
                                f"GT-5: two ships never share a space, so {seen[row.place]} "
                                f"and {row.name} cannot both finish in place {row.place}"))
        else:
            seen[row.place] = row.name
    counted = [row.exposed for row in table if row.exposed is not None]
    if not counted:
        return
    least = min(counted)
    for row in table:
        if row.fewest is not None and row.fewest > least:
            field = f"p{row.seat}_{round_key(rnd)}_fewest"
            r.lines.append(Line(field, str(row.fewest), f"at most {least}", False,
                                f"GT-6: a finisher's ship shows only {least} exposed "
                                f"connectors in round {rnd}"))



def fields_from_play(states: Sequence[State], events: Sequence[GTEvent] = ()
                     ) -> dict[str, str] | None:
    """Every player's page as a careful table writes it, from the end-of-round pay the
    engine keeps for each seat (``Trucker.pays``, GT-6) in the last state: finish place or
    "gave up", credits won in flight, the exposed connectors (finishers), goods sold by
    colour, components lost, and the reward, bonus, goods price, loss and credits after the
    round.  Rounds not yet played stay empty, and so does the total until the game is over.
    None for an empty play or more seats than the sheet has pages."""
    del events  # the pay is kept in the states
    if not states:
        return None
    paid_by = _paid_by(states)
    final = states[-1]
    if len(final.truckers) > SEATS:
        return None
    fields: dict[str, str] = {}
    if final.seed is not None:
        fields["seed"] = str(final.seed)
    for seat, name in enumerate(final.names):
        fields[f"p{seat + 1}_name"] = name
    for seat, trucker in enumerate(final.truckers):
        for index, pay in enumerate(trucker.pays):
            p = f"p{seat + 1}_{round_key(pay.round)}_"
            fields.update(_pay_fields(p, pay))
            if paid_by.get((seat, index)):
                fields[p + "cards"] = " ".join(paid_by[seat, index])
        if final.phase == "over":
            fields[f"p{seat + 1}_total"] = str(trucker.pays[-1].credits if trucker.pays
                                               else trucker.credits)
    return fields


def _paid_by(states: Sequence[State]) -> dict[tuple[int, int], list[str]]:
    """(seat, round index) -> the cards that paid the seat credits in flight, and a 'flaw'
    per flaw fixed in flight (GT-F27), read off the credits changing between states."""
    out: dict[tuple[int, int], list[str]] = {}
    for before, after in pairwise(states):
        for seat, (a, b) in enumerate(zip(before.truckers, after.truckers, strict=True)):
            if a.credits == b.credits or len(a.pays) != len(b.pays):
                continue  # no change, or the end-of-round pay
            word = FLAW if b.credits < a.credits else (after.card or before.card or "?")
            out.setdefault((seat, len(a.pays)), []).append(word)
    return out


def _pay_fields(p: str, pay: Pay) -> dict[str, str]:
    out = {p + "place": str(pay.place)} if pay.place is not None else {p + "gaveup": "x"}
    if pay.exposed is not None and pay.fewest is not None:
        out.update({p + "exposed": str(pay.exposed), p + "fewest": str(pay.fewest)})
    out.update({p + colour: str(n) for colour, n in zip(COLOURS, pay.goods, strict=True)})
    out.update({p + "flight": str(pay.flight), p + "finish": str(pay.reward),
                p + "looks": str(pay.looks), p + "goods": str(pay.sale),
                p + "lost": str(pay.lost), p + "loss": str(pay.loss),
                p + "round": str(pay.result), p + "credits": str(pay.credits)})
    return out


LABELS = {  # each pay line's label and hint on the form
    "place": ("Finish place", "1 = leader; empty if you gave up"),
    "gaveup": ("Gave up", "x if you left the flight"),
    "cards": ("Cards that paid you", "ids, e.g. I-13 I-17; 'flaw' for -1"),
    "flight": ("Credits won in flight", "what those cards paid"),
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
SHORT = {  # the same lines, shorter, in the filled sheet's tables
    "place": "Finish place", "gaveup": "Gave up", "cards": "Cards that paid",
    "flight": "Credits in flight",
    "finish": "Finish reward", "exposed": "Exposed connectors",
    "fewest": "Fewest on the table", "looks": "Best-looking bonus", "red": "Red goods",
    "yellow": "Yellow goods", "green": "Green goods", "blue": "Blue goods",
    "goods": "Goods sold for", "lost": "Components lost", "loss": "Loss",
    "round": "Round sum", "credits": "Credits after the round"}
_BREAKS = {"flight": "break", "exposed": "break", "red": "break", "lost": "break",
           "round": "sum break", "credits": "sum"}


class ScoreSheets(SheetSpec):
    """One page per player: a line per pay step, a column per round (names run round by
    round, so down the columns), the name on top and the game total below."""

    title = "Galaxy Trucker score sheets"

    def field_names(self) -> list[str]:
        return field_names()

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        return check_sheet(fields)

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        return fields_from_play(play.states, play.events)

    def layout(self) -> Layout:
        blocks = []
        for seat in range(1, SEATS + 1):
            rows = tuple(GridRow(LABELS[line][0],
                                 tuple(f"p{seat}_{round_key(r)}_{line}" for r in ROUNDS),
                                 LABELS[line][1], _BREAKS.get(line, "")) for line in LINES)
            grid = Grid(tuple(Column(f"Round {r}") for r in ROUNDS), rows, order="columns")
            blocks.append(Block(f"Player {seat}", grid, head=(Field(f"p{seat}_name", "Name"),),
                                foot=(Field(f"p{seat}_total", "Game total",
                                            "credits at the end"),), style="rounds"))
        return Layout(head=(Field("seed", "Seed"),), blocks=tuple(blocks), wrap="two-up")

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        f, rounds = fields, list(play.final.rounds)
        sections = []
        for s in range(1, SEATS + 1):
            if f"p{s}_name" not in f:
                continue
            rows = [[SHORT[line], *[f.get(f"p{s}_{round_key(r)}_{line}", "") for r in rounds]]
                    for line in LINES]
            sections.append(Section(f"{f[f'p{s}_name']}'s page",
                                    ["", *[f"Round {r}" for r in rounds]], rows,
                                    [("Total credits", f.get(f"p{s}_total", ""))]))
        return FilledSheet(self.title, sections)


SHEET = ScoreSheets()

__all__ = ["COLOURS", "LINES", "ROUNDS", "SEATS", "SHEET", "check_sheet", "field_names",
           "fields_from_play", "flight_cap"]

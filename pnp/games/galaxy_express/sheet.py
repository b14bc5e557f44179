"""Checking a filled Galaxy Express record sheet.

The printed sheet has one row per turn (coin, speed, direction, scans, delivery, refuel) and a
score box.  The checker recomputes the speed column from the coins, checks each mark against
the rules it needs (speed 0 for deliveries and refuels, no coin twice between refuels), and
recomputes the totals and the rating.  Field names are shared with the printed AcroForm.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.games.galaxy_express.events import rank_value
from pnp.games.galaxy_express.rules import rating_of, score_of

ROWS = 40
TOTAL_FIELDS = ("deliveries", "refuels", "coins_left", "score", "rating")
_COIN = re.compile(r"\s*([SsMm])\s*([0-5NnAa])\s*")
_MARKS = {"x", "X", "✓", "✔", "yes", "y", "1", "true", "on", "/Yes", "Yes"}


def field_names() -> list[str]:
    names = ["seed"]
    for n in range(1, ROWS + 1):
        names += [f"t{n}_{c}" for c in ("coin", "speed", "dir", "scans", "deliver", "refuel")]
    return [*names, *TOTAL_FIELDS]


@dataclass
class Line:
    field: str
    value: str
    expected: str
    ok: bool
    why: str = ""

    def to_json(self) -> dict[str, object]:
        return {"field": self.field, "value": self.value, "expected": self.expected,
                "ok": self.ok, "why": self.why}


def _marked(text: str) -> bool:
    return text.strip() in _MARKS


def _int(text: str) -> int | None:
    t = text.strip()
    return int(t) if re.fullmatch(r"-?\d{1,4}", t) else None


def check_sheet(fields: Mapping[str, str]) -> dict[str, object]:
    """Recompute every line; the report lists each checked field with what it should say."""
    f = {k: str(v) for k, v in fields.items() if v is not None}
    lines: list[Line] = []
    speed = 0
    deliveries = refuels = 0
    spent: dict[str, int] = {}  # "S3" -> the turn it was played, since the last refuel
    last_row = 0
    for n in range(1, ROWS + 1):
        coin_text = f.get(f"t{n}_coin", "").strip()
        other = [f.get(f"t{n}_{c}", "").strip() for c in ("speed", "dir", "deliver", "refuel")]
        if not coin_text:
            if any(other):
                lines.append(Line(f"t{n}_coin", "", "a coin", False,
                                  "GE-4: every turn plays exactly one Sun or Moon coin"))
            continue
        last_row = n
        m = _COIN.fullmatch(coin_text)
        if m is None:
            lines.append(Line(f"t{n}_coin", coin_text, "S0-S5 or M0-M5", False,
                              "not a coin: write S (thrust) or M (brake) and its rank"))
            continue
        suit = m.group(1).upper()
        rank = m.group(2).upper()
        value = rank_value(rank)
        key = f"{suit}{value}"
        if key in spent:
            lines.append(Line(f"t{n}_coin", coin_text, "an unspent coin", False,
                              f"GE-4: {key} was already played on turn {spent[key]} and no "
                              "refuel has returned it since"))
        else:
            lines.append(Line(f"t{n}_coin", coin_text, key, True))
        spent[key] = n
        speed = max(0, min(10, speed + (value if suit == "S" else -value)))
        written = f.get(f"t{n}_speed", "").strip()
        lines.append(Line(f"t{n}_speed", written, str(speed), _int(written) == speed,
                          "" if _int(written) == speed else
                          f"GE-4: speed after {key} is {speed} (clamped to 0..10)"))
        direction = f.get(f"t{n}_dir", "").strip().upper()
        if speed == 0 and direction:
            lines.append(Line(f"t{n}_dir", direction, "", False,
                              "GE-4: at speed 0 the ship does not move"))
        elif speed > 0 and direction not in ("N", "E", "S", "W"):
            lines.append(Line(f"t{n}_dir", direction, "N, E, S or W", False,
                              f"GE-4: at speed {speed} the ship slides in one direction"))
        elif direction:
            lines.append(Line(f"t{n}_dir", direction, direction, True))
        if _marked(f.get(f"t{n}_deliver", "")):
            deliveries += 1
            ok = speed == 0
            lines.append(Line(f"t{n}_deliver", "x", "x" if ok else "", ok,
                              "" if ok else "GE-6: a delivery needs speed 0 on the planet"))
        if _marked(f.get(f"t{n}_refuel", "")):
            refuels += 1
            ok = speed == 0
            lines.append(Line(f"t{n}_refuel", "x", "x" if ok else "", ok,
                              "" if ok else "GE-7: refuelling needs speed 0 on a planet"))
            spent = {}  # GE-7: every coin comes back, this turn's included
    if deliveries > 6:
        lines.append(Line("deliveries", str(deliveries), "at most 6", False,
                          "GE-6: the queue holds six Crown coins"))
    coins_left = 12 - len(spent)
    score = score_of(min(deliveries, 6), refuels, coins_left)
    expected = {"deliveries": str(deliveries), "refuels": str(refuels),
                "coins_left": str(coins_left), "score": str(score), "rating": rating_of(score)}
    why = {"deliveries": "count of marked deliveries", "refuels": "count of marked refuels",
           "coins_left": "GE-10: 12 minus the coins played since the last refuel",
           "score": f"GE-10: 20 x {deliveries} - 10 x {refuels} + {coins_left}",
           "rating": f"GE-10: the rating for {score} points"}
    for name in TOTAL_FIELDS:
        written = f.get(name, "").strip()
        if name == "rating":
            ok = _norm(written) == _norm(expected[name])
        else:
            ok = _int(written) == int(expected[name])
        lines.append(Line(name, written, expected[name], ok, "" if ok else why[name]))
    return {
        "ok": all(line.ok for line in lines),
        "game": "galaxy-express",
        "turns": last_row,
        "lines": [line.to_json() for line in lines],
        "totals": expected,
    }


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())

"""Checking a filled Galaxy Express record sheet line by line."""

from __future__ import annotations

from pnp.games.galaxy_express.sheet import check_sheet, field_names
from pnp.sheets import check_sheet as check_any
from pnp.sheets import guess_game


def rows(*turns: tuple[str, str, str, str, str]) -> dict[str, str]:
    """(coin, speed, dir, deliver, refuel) per turn."""
    fields: dict[str, str] = {}
    for n, (coin, speed, direction, deliver, refuel) in enumerate(turns, start=1):
        fields |= {f"t{n}_coin": coin, f"t{n}_speed": speed, f"t{n}_dir": direction,
                   f"t{n}_deliver": deliver, f"t{n}_refuel": refuel}
    return fields


GOOD = rows(("S3", "3", "E", "", ""), ("M3", "0", "", "x", ""), ("S2", "2", "N", "", ""),
            ("M2", "0", "", "", "x"), ("S3", "3", "W", "", ""))


def test_a_correct_sheet_passes() -> None:
    fields = GOOD | {"deliveries": "1", "refuels": "1", "coins_left": "11", "score": "21",
                     "rating": "Maybe you need to spend more time at the Academy!"}
    report = check_sheet(fields)
    assert report["ok"], [ln for ln in report["lines"] if not ln["ok"]]  # type: ignore[union-attr]
    assert report["totals"] == {"deliveries": "1", "refuels": "1", "coins_left": "11",
                                "score": "21",
                                "rating": "Maybe you need to spend more time at the Academy!"}


def bad_fields(report: dict[str, object]) -> dict[str, str]:
    return {ln["field"]: ln["why"] for ln in report["lines"]  # type: ignore[attr-defined]
            if not ln["ok"]}


def test_wrong_speed_and_sums_are_pointed_at() -> None:
    fields = GOOD | {"t3_speed": "5", "deliveries": "1", "refuels": "1", "coins_left": "11",
                     "score": "31", "rating": "Employee of the Year!!"}
    bad = bad_fields(check_sheet(fields))
    assert set(bad) == {"t3_speed", "score", "rating"}
    assert "speed after S2 is 2" in bad["t3_speed"] and "20 x 1 - 10 x 1 + 11" in bad["score"]


def test_rule_breaks_on_the_sheet() -> None:
    fields = rows(("S3", "3", "E", "x", ""), ("S3", "6", "E", "", ""), ("M5", "1", "", "", ""),
                  ("", "4", "", "", ""))
    bad = bad_fields(check_sheet(fields))
    assert "GE-6" in bad["t1_deliver"]  # delivered while moving
    assert "already played on turn 1" in bad["t2_coin"]
    assert "GE-4" in bad["t3_dir"]  # speed 1 needs a direction
    assert "GE-4" in bad["t4_coin"]  # a row without a coin


def test_coins_come_back_after_a_refuel() -> None:
    fields = rows(("S3", "3", "E", "", ""), ("M3", "0", "", "", "x"), ("S3", "3", "E", "", ""))
    report = check_sheet(fields)
    assert "t3_coin" not in bad_fields(report)
    assert report["totals"]["coins_left"] == "11"  # type: ignore[index]


def test_front_door_and_field_guess() -> None:
    assert guess_game({"t1_coin": "S1", "score": "1"}) == "galaxy-express"
    assert check_any("galaxy-express", {"t1_coin": "S1"})["game"] == "galaxy-express"
    assert len(field_names()) == 1 + 40 * 6 + 5


def test_probe_checks_from_the_changed_row_and_gives_the_whole_check() -> None:
    """``Probe`` (the photo reader's quick check) agrees with ``check_sheet`` line for line,
    with fields changed the ways a photo misreads them: a coin, a speed, a tick, a total."""
    import random

    from pnp.games.galaxy_express.sheet import Probe
    from pnp.sheetread.simulate import played_fields

    rng = random.Random(3)
    for stream in ("probe/0", "probe/1", "probe/2"):
        fields = played_fields("galaxy-express", 7, stream=stream)
        assert fields is not None
        probe = Probe(fields)
        assert probe.check({}) == check_sheet(fields)
        names = [n for n in field_names() if n != "seed"]
        for _ in range(150):
            changes = {n: rng.choice(["", "0", "3", "12", "S2", "M0", "S5", "x", "N", "Good",
                                      fields.get(n, "") + "1"])
                       for n in rng.sample(names, rng.choice([1, 1, 2, 3]))}
            assert probe.check(changes) == check_sheet({**fields, **changes}), changes

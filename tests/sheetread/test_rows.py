"""The joint row search: a Galaxy Express record whose doubtful coins and speeds chain along
the rows is settled together (the group was too large to try whole, and was asked), a
planted mistake is still reported, and a printed wall's leftovers do not read as ink."""

from __future__ import annotations

import numpy as np

from pnp.games.galaxy_express.scoring import rating_of
from pnp.games.galaxy_express.sheet import SHEET, check_sheet
from pnp.sheetread import photo, rows
from pnp.sheetread.boxes import Draft, box_cuts, combine
from pnp.sheetread.layout import layouts
from pnp.sheetread.settle import settle

LAYOUT = next(lay for lay in layouts("galaxy-express") if lay.layout == "record.a4")
TURNS = [("S3", "3", "E", ""), ("S2", "5", "E", ""), ("M1", "4", "N", ""), ("S1", "5", "W", ""),
         ("M5", "0", "", "x")]
TOTALS = {"deliveries": "1", "refuels": "0", "coins_left": "7", "score": "27",
          "rating": rating_of(27)}
# the coins the eye hesitated over: the written digit at 60 %, another at 35 %; 3 x 3 x 3 x 3
# x 3 plausible readings (the empty box too) are more than settle tries at once
DOUBT = {"t1_coin": "5", "t2_coin": "3", "t3_coin": "4", "t4_coin": "2", "t5_coin": "2"}


def _draft(name: str, value: str) -> Draft:
    box = LAYOUT.field(name)
    sure: list[tuple[tuple[str, float], ...]] = []
    if box.kind == "choice":
        sure.append(((value[:1], 1.0),))
        digits = value[1:]
    elif box.kind == "tick":
        sure.append(((value, 1.0),))
        digits = ""
    else:
        digits = value
    for i in range(len(box.boxes)):
        written = digits[i] if i < len(digits) else ""
        if i == 0 and name in DOUBT:
            sure.append(((written, 0.7), (DOUBT[name], 0.25), ("", 0.05)))
        else:
            sure.append(((written, 1.0),))
    parts = tuple(sure)
    return Draft(box, combine(list(parts)), (0, 0, 1, 1), parts)


def _sheet(**changed: str) -> dict[str, str]:
    fields = dict(TOTALS)
    for n, (coin, speed, way, deliver) in enumerate(TURNS, start=1):
        fields.update({f"t{n}_coin": coin, f"t{n}_speed": speed, f"t{n}_dir": way,
                       f"t{n}_deliver": deliver})
    return {**fields, **changed}


def test_the_chained_rows_are_settled_together() -> None:
    fields = _sheet()
    assert check_sheet(fields)["ok"]
    drafts = [_draft(name, value) for name, value in fields.items()]
    out = {f.name: f for f in settle(SHEET, drafts, {})}
    for name in DOUBT:  # five doubtful coins, each bearing on every later speed line
        assert (out[name].status, out[name].value) == ("ruled", fields[name]), out[name]


def test_a_planted_mistake_is_still_reported() -> None:
    fields = _sheet(t3_speed="6")  # the player wrote 6: 5 - 1 is 4
    drafts = [_draft(name, value) for name, value in fields.items()]
    out = {f.name: f for f in settle(SHEET, drafts, {})}
    values = {name: f.value for name, f in out.items()}
    assert out["t3_speed"].status == "ask" or values["t3_speed"] == "6"
    confirmed = {name: fields[name] if f.status == "ask" else f.value for name, f in out.items()}
    report = check_sheet(confirmed)
    lines = report["lines"]
    assert not report["ok"] and isinstance(lines, list)
    assert any(line["field"] == "t3_speed" and not line["ok"] for line in lines)


def test_only_a_causal_sheet_is_searched_along_its_rows() -> None:
    assert rows.causal(SHEET)
    from tests.sheetread.sumsheet import SumSheet

    assert not rows.causal(SumSheet())


def test_a_printed_wall_s_leftovers_are_not_ink() -> None:
    box = LAYOUT.field("t1_speed")
    rects = [LAYOUT.image_box(r, photo.SCALE) for r in box.boxes]
    left, top, right, bottom = rects[0][0], rects[0][1], rects[-1][2], rects[0][3]
    ink = np.zeros((bottom + 60, right + 60), np.float32)
    ink[top - 1:top + 2, left:right] = ink[bottom - 1:bottom + 2, left:right] = 1.0
    for x in [r[0] for r in rects] + [right]:
        ink[top:bottom, x - 1:x + 2] = 1.0
    # a doubled, blurred wall: a dashed line a few pixels inside the bottom wall
    for x in range(left + 2, right - 2, 6):
        ink[bottom - 5:bottom - 3, x:x + 4] = 0.5
    cuts = box_cuts(ink, LAYOUT, box.boxes, photo.SCALE)
    assert all(float(c.sum()) == 0.0 for c in cuts)
    # a pen stroke in the box is kept, though it ends on the wall's leftovers
    middle = (rects[0][0] + rects[0][2]) // 2
    ink[top + 6:bottom - 3, middle - 1:middle + 2] = 1.0
    cuts = box_cuts(ink, LAYOUT, box.boxes, photo.SCALE)
    assert float(cuts[0].sum()) > 0 and float(cuts[1].sum()) == 0.0
    # ... and so is a dark stroke along the wall (a 0's bottom the blanking cut off)
    for x in range(left + 2, right - 2, 6):
        ink[bottom - 5:bottom - 3, x:x + 4] = 0.0
    ink[bottom - 5:bottom - 3, rects[1][0] + 8:rects[1][2] - 8] = 1.0
    (_first, second) = box_cuts(ink, LAYOUT, box.boxes, photo.SCALE)
    assert float(second.sum()) > 0

"""A value the rules choose must beat its rivals, the digits the eye was sure of included
(``pnp.sheetread.rivals``): a Wormholes coin's cell 812 whose 8 the eye read as a sure 0 is
asked, not ruled 012 (the one free cell of 0_2, 002 ... 092, and 812 checks out as well)."""

from __future__ import annotations

from pnp.games.wormholes.sheet import SHEET
from pnp.games.wormholes.sheet.marks import on_paper
from pnp.games.wormholes.sheet.pages import split_pages
from pnp.sheetread.boxes import Draft
from pnp.sheetread.checked import wrong
from pnp.sheetread.layout import sheet_layout
from pnp.sheetread.rivals import rivals
from pnp.sheetread.settle import settle
from pnp.sheetread.simulate import played_fields

NAME = "wh_S4"


def _page() -> dict[str, str]:
    fields = played_fields("wormholes", 7, players=2, stream="probe/2")
    assert fields is not None
    return on_paper(split_pages(fields)[0])


def _drafts(page: dict[str, str], doubtful: Draft) -> list[Draft]:
    """Every field of the front page read surely as written, but ``doubtful``."""
    layout = sheet_layout("wormholes", "record1.a4", 2)
    out = []
    for box in layout.fields:
        if box.name == doubtful.name:
            out.append(doubtful)
        elif box.kind != "text":
            out.append(Draft(box, ((page.get(box.name, ""), 1.0),), (0, 0, 1, 1)))
    return out


def test_a_sure_digit_misread_is_not_ruled_when_another_digit_checks_out_as_well() -> None:
    page = _page()
    assert page[NAME] == "812"  # h12; j12 (012) is free, and no ship lands on either
    base = wrong(SHEET, page)[1]
    assert wrong(SHEET, {**page, NAME: "012"})[1] == base
    box = sheet_layout("wormholes", "record1.a4", 2).field(NAME)
    eye = Draft(box, (("012", 0.66), ("0_2", 0.31)), (0, 0, 1, 1),
                ((("0", 0.9976), ("8", 0.0022)), (("1", 0.66), ("", 0.31)), (("2", 1.0),)))
    assert "812" in rivals(eye, "012")
    out = {f.name: f for f in settle(SHEET, _drafts(page, eye), {})}
    assert out[NAME].status == "ask"  # was ruled 012: a wrong value accepted
    assert "cannot tell '012' from '812'" in out[NAME].note


def test_a_sure_digit_the_rules_can_check_stays_ruled() -> None:
    """A turn's die cell whose sure column digit another digit would break: ruled as before."""
    page = _page()
    name = next(f"t{n}_to1" for n in range(1, 31)
                if len(page.get(f"t{n}_to1", "")) == 3 and page[f"t{n}_to1"][1] == "1")
    value = page[name]
    box = sheet_layout("wormholes", "record1.a4", 2).field(name)
    eye = Draft(box, ((value, 0.66), (value[0] + "_" + value[2], 0.31)), (0, 0, 1, 1),
                (((value[0], 0.9976),), (("1", 0.66), ("", 0.31)), ((value[2], 1.0),)))
    out = {f.name: f for f in settle(SHEET, _drafts(page, eye), {})}
    assert (out[name].status, out[name].value) == ("ruled", value), out[name].note


def test_a_reading_whose_own_line_is_wrong_is_audited_on_every_digit() -> None:
    """A cell read 822 (every box over 99 %: the eye's middle 2 is the written 1) is no cell,
    and changing its weakest box never makes it one; the audit tries each digit of each box
    of a reading whose own line is wrong, so it asks, rather than report the eye's misreading
    as the player's mistake."""
    page = _page()
    name = next(f"t{n}_to1" for n in range(1, 31)
                if len(page.get(f"t{n}_to1", "")) == 3 and page[f"t{n}_to1"][1] == "1")
    value = page[name]
    misread = value[0] + "2" + value[2]
    box = sheet_layout("wormholes", "record1.a4", 2).field(name)
    eye = Draft(box, ((misread, 0.9937),), (0, 0, 1, 1),
                (((value[0], 0.997), ("9", 0.003)), (("2", 0.9972), ("1", 0.0009)),
                 ((value[2], 0.9994),)))
    out = {f.name: f for f in settle(SHEET, _drafts(page, eye), {})}
    assert out[name].status == "ask", out[name].note
    assert f"would check out with '{value}'" in out[name].note


def test_a_continuation_page_read_alone_audits_its_rows_by_their_turns() -> None:
    """On a continuation page read alone the report names turns (page 2's row 35 is turn 65)
    and the boxes rows: the audit finds a row's own line by its turn."""
    fields = played_fields("wormholes", 7, players=2, stream="probe/2")
    assert fields is not None
    page = on_paper({**split_pages(fields)[1]})
    layout = sheet_layout("wormholes", "record-more.a4", 2)
    name = next(f"r{n}_to1" for n in range(1, 47)
                if len(page.get(f"r{n}_to1", "")) == 3 and page[f"r{n}_to1"][1] == "1")
    value = page[name]
    eye = Draft(layout.field(name), ((value[0] + "2" + value[2], 0.9937),), (0, 0, 1, 1),
                (((value[0], 0.997), ("9", 0.003)), (("2", 0.9972), ("1", 0.0009)),
                 ((value[2], 0.9994),)))
    drafts = [eye if box.name == name else Draft(box, ((page.get(box.name, ""), 1.0),),
                                                  (0, 0, 1, 1))
              for box in layout.fields if box.kind != "text"]
    out = {f.name: f for f in settle(SHEET, drafts, {})}
    assert out[name].status == "ask", out[name].note
    assert f"would check out with '{value}'" in out[name].note

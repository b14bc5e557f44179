"""Score-sheet pages and API: the form mirrors the printed sheet, wrong lines are marked with
why, and a sheet filled in a PDF reader (AcroForm fields) is read and checked."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from reportlab.pdfgen.canvas import Canvas

from .conftest import csrf

GOOD = {"seed": "7", "t1_coin": "S3", "t1_speed": "3", "t1_dir": "E",
        "t2_coin": "M3", "t2_speed": "0", "t2_deliver": "x",
        "deliveries": "1", "refuels": "0", "coins_left": "10", "score": "30",
        "rating": "Maybe you need to spend more time at the Academy!"}


def filled_pdf(fields: dict[str, str]) -> bytes:
    """An AcroForm PDF like one filled in a PDF reader."""
    buf = io.BytesIO()
    c = Canvas(buf)
    y = 800
    for name, value in fields.items():
        c.acroForm.textfield(name=name, value=value, x=40, y=y, width=200, height=14)
        y -= 18
    c.showPage()
    c.save()
    return buf.getvalue()


def test_sheet_form_mirrors_the_printed_fields(client: FlaskClient) -> None:
    from pnp.sheets import sheet_fields

    page = client.get("/sheets/galaxy-express").data.decode()
    for name in sheet_fields("galaxy-express"):
        assert f'name="{name}"' in page
    assert "Galaxy Express" in client.get("/sheets").data.decode()


def test_correct_sheet_checks_out(client: FlaskClient) -> None:
    r = client.post("/sheets/galaxy-express", data={"csrf": csrf(client), **GOOD})
    assert r.status_code == 200
    assert "Every line checks out" in r.data.decode()


def test_wrong_lines_are_marked_with_why(client: FlaskClient) -> None:
    bad = {**GOOD, "t1_speed": "4", "score": "31"}
    page = client.post("/sheets/galaxy-express",
                       data={"csrf": csrf(client), **bad}).data.decode()
    assert "Some lines are wrong" in page
    assert "<code>t1_speed</code>: says 4, should be 3" in page
    assert "<code>score</code>: says 31, should be 30" in page
    assert 'name="t1_speed" value="4"' in page and 'class="wrong"' in page


def test_sheet_api_check(client: FlaskClient) -> None:
    r = client.post("/api/sheets/galaxy-express/check", json={"fields": GOOD})
    assert r.status_code == 200 and r.get_json()["ok"] is True
    r = client.post("/api/sheets/galaxy-express/check",
                    json={"fields": {**GOOD, "t2_speed": "1"}})
    lines = {line["field"]: line for line in r.get_json()["lines"]}
    assert r.get_json()["ok"] is False and lines["t2_speed"]["expected"] == "0"
    assert "GE-4" in lines["t2_speed"]["why"]
    for body in ({"fields": "x"}, {"fields": {"seed": 7}}, {}, {"fields": {"t1_coin": "x" * 300}}):
        r = client.post("/api/sheets/galaxy-express/check", json=body)
        assert r.status_code == 422, body
    assert client.post("/api/sheets/nope/check", json={"fields": {}}).status_code == 404
    assert client.post("/api/sheets/toy-dice/check", json={"fields": {}}).status_code == 404
    spec = client.get("/api/sheets/galaxy-express").get_json()
    assert spec["rows"]["count"] == 40


def test_filled_pdf_upload_is_read_and_checked(client: FlaskClient) -> None:
    data = filled_pdf({**GOOD, "t1_speed": "5"})
    r = client.post("/sheets/galaxy-express/pdf",
                    data={"csrf": csrf(client), "pdf": (io.BytesIO(data), "sheet.pdf")},
                    content_type="multipart/form-data")
    page = r.data.decode()
    assert r.status_code == 200 and "<code>t1_speed</code>: says 5, should be 3" in page
    r = client.post("/api/sheets/check-pdf",
                    data={"pdf": (io.BytesIO(filled_pdf(GOOD)), "s.pdf")},
                    content_type="multipart/form-data")
    assert r.status_code == 200 and r.get_json()["ok"] is True  # game guessed from fields


def test_bad_uploads_are_4xx(client: FlaskClient) -> None:
    token = csrf(client)
    for payload in (b"", b"hello", b"%PDF-1.4 garbage", filled_pdf({})):
        r = client.post("/sheets/galaxy-express/pdf",
                        data={"csrf": token, "pdf": (io.BytesIO(payload), "x.pdf")},
                        content_type="multipart/form-data")
        assert r.status_code == 422, payload[:20]
        r = client.post("/api/sheets/check-pdf", data={"pdf": (io.BytesIO(payload), "x.pdf"),
                                                       "game": "galaxy-express"},
                        content_type="multipart/form-data")
        assert r.status_code == 422 and r.get_json()["error"]["field"] == "pdf"
    r = client.post("/api/sheets/check-pdf", data={}, content_type="multipart/form-data")
    assert r.status_code == 422
    r = client.post("/sheets/galaxy-express/pdf", data={"csrf": token},
                    content_type="multipart/form-data")
    assert r.status_code == 422


def test_every_sheet_game_gets_a_form_with_all_its_fields(client: FlaskClient) -> None:
    from pnp.sheets import sheet_fields, sheet_games

    for game_id in sheet_games():
        page = client.get(f"/sheets/{game_id}").data.decode()
        for name in sheet_fields(game_id):
            assert f'name="{name}"' in page, (game_id, name)
        r = client.post(f"/api/sheets/{game_id}/check", json={"fields": {}})
        if r.status_code == 200:  # an empty sheet is checked ...
            assert isinstance(r.get_json()["lines"], list)
        else:  # ... or refused as unreadable by that game's checker, never a 500
            assert r.status_code == 422
            assert r.get_json()["error"]["rule"] == "sheets.unreadable"


def test_infer_layout_groups_rows_and_falls_back() -> None:
    from pnp.engine.sheetspec import infer_layout
    from webscore.sheetforms import field_names

    names = ["seed", "m1_a", "m1_b", "m2_a", "m2_b", "total"]
    spec = infer_layout(names).to_json()
    assert spec["rows"]["count"] == 2 and [c["key"] for c in spec["rows"]["columns"]] == [
        "a", "b"]
    assert [h["name"] for h in spec["head"]] == ["seed"]
    assert field_names(spec) == names
    ragged = infer_layout(["m1_a", "m2_b"]).to_json()  # not a full grid: one box per field
    assert ragged["rows"] is None and field_names(ragged) == ["m1_a", "m2_b"]


@pytest.mark.slow
def test_the_printed_record_sheet_filled_in_a_reader_checks(client: FlaskClient,
                                                            tmp_path: Path) -> None:
    """The kit's own fillable sheet, filled from a game the tracker logged, passes the check;
    one wrong speed is caught."""
    from pypdf import PdfReader, PdfWriter

    from pnp.render.kits import build_kit
    from pnp.render.options import KitOptions
    from webscore.db import get_engine
    from webscore.sheetfill import sheet_fields
    from webscore.snapshots import snapshot

    from .test_galaxy_express_table import new_ge, play_random

    t = new_ge(client, seed=13, chance="tracker")
    play_random(client, t, 2)
    fields = sheet_fields(snapshot(get_engine(client.application), t["id"]))
    assert fields is not None
    turns = sum(name.endswith("_coin") for name in fields)
    assert turns >= 2
    kit = next(p for p in build_kit("galaxy-express", KitOptions(seed=13, out=tmp_path))
               if p.suffix == ".pdf")
    reader = PdfReader(kit)
    page_index = next(i for i, p in enumerate(reader.pages) if p.get("/Annots"))

    def filled(values: dict[str, str]) -> bytes:
        w = PdfWriter(clone_from=reader)
        w.update_page_form_field_values(w.pages[page_index], values, auto_regenerate=False)
        buf = io.BytesIO()
        w.write(buf)
        return buf.getvalue()

    r = client.post("/api/sheets/check-pdf",
                    data={"pdf": (io.BytesIO(filled(fields)), "sheet.pdf")},
                    content_type="multipart/form-data")
    report = r.get_json()
    assert r.status_code == 200 and report["ok"], [x for x in report["lines"] if not x["ok"]]
    wrong = {**fields, "t2_speed": str((int(fields["t2_speed"]) + 1) % 11)}
    r = client.post("/api/sheets/check-pdf",
                    data={"pdf": (io.BytesIO(filled(wrong)), "sheet.pdf")},
                    content_type="multipart/form-data")
    bad = [x["field"] for x in r.get_json()["lines"] if not x["ok"]]
    assert "t2_speed" in bad


# -- every game's form: exactly its printed fields, laid out like the paper -----------------

SD_GOOD = {"seed": "7", "rounds": "5", "p1_name": "Ann", "p2_name": "Ben", "p3_name": "Cy",
           **{f"p{i + 1}_r{n + 1}": str(v)
              for i, rounds in enumerate(([5, 6, 7, 8, 9], [10, 4, 4, 4, 4], [3, 3, 3, 3, 3]))
              for n, v in enumerate(rounds)},
           "p1_fd_y": "4", "p1_fd_b": "1", "p1_stations": "5", "p2_fd_g": "2",
           "p2_stations": "4", "p3_stations": "3", "p1_bonus": "11", "p1_total": "46",
           "p2_bonus": "3", "p2_total": "29", "p3_bonus": "0", "p3_total": "15", "winner": "Ann"}
GT_GOOD = {"seed": "7", "p1_name": "Ada", "p1_r2_gaveup": "x", "p1_r2_red": "1",
           "p1_r2_green": "1", "p1_r2_blue": "1", "p1_r2_goods": "4", "p1_r2_finish": "0",
           "p1_r2_looks": "0", "p1_r2_loss": "0", "p1_r2_round": "4", "p1_r2_credits": "4",
           "p1_total": "4"}


def form_names(page: str) -> list[str]:
    """The named inputs of the sheet form (the second form: the first is the PDF upload)."""
    import re

    form = page.split('class="card form sheet"', 1)[1].split("</form>", 1)[0]
    return re.findall(r'<input name="([^"]+)"', form)


@pytest.mark.parametrize("game_id", ["galaxy-express", "spatial-delivery", "galaxy-trucker",
                                     "wormholes", "weird-galaxy"])
def test_each_form_lists_exactly_its_fields_in_order(client: FlaskClient, game_id: str) -> None:
    from pnp.sheets import sheet_fields, sheet_spec
    from webscore.sheetforms import field_names

    page = client.get(f"/sheets/{game_id}").data.decode()
    names = form_names(page)
    assert sorted(names) == sorted(sheet_fields(game_id)) and len(set(names)) == len(names)
    spec = client.get(f"/api/sheets/{game_id}").get_json()
    assert field_names(spec) == sheet_fields(game_id)
    assert sheet_spec(game_id).layout().field_names() == sheet_fields(game_id)
    assert spec["rows"] or spec["blocks"]


def test_every_sheet_game_has_a_hand_or_full_grid_layout() -> None:
    """No game falls back to one flat box per field."""
    from pnp.sheets import sheet_games
    from webscore.sheetforms import form_spec

    for game_id in sheet_games():
        spec = form_spec(game_id)
        assert spec["rows"] or spec["blocks"], game_id


def test_grid_names_follow_the_checkers_order_down_columns() -> None:
    from pnp.engine.sheetspec import Column, Grid, GridRow
    from webscore.sheetforms import field_names

    rows = (GridRow("A", ("a1", "a2")), GridRow("B", ("b1", "b2")))
    columns = (Column("1"), Column("2"))
    assert Grid(columns, rows).field_names() == ["a1", "a2", "b1", "b2"]
    down = Grid(columns, rows, order="columns")
    assert down.field_names() == ["a1", "b1", "a2", "b2"]
    spec = {"head": [], "totals": [], "blocks": [{"head": [], "foot": [],
                                                 "grid": down.to_json()}]}
    assert field_names(spec) == down.field_names()  # the form reads the JSON the same way


def test_spatial_delivery_form_is_players_by_columns_like_the_paper(client: FlaskClient) -> None:
    spec = client.get("/api/sheets/spatial-delivery").get_json()
    grid = spec["blocks"][0]["grid"]
    assert [c["label"] for c in grid["columns"]] == [f"Player {i}" for i in range(1, 6)]
    labels = [r["label"] for r in grid["rows"]]
    assert labels[:3] == ["Player", "Round 1", "Round 2"] and labels[-1] == "Total"
    assert "1st tokens: Culture" in labels and grid["rows"][labels.index("Total")]["class"] == "sum"
    assert grid["rows"][7]["hint"] == "if agreed"  # rounds 6-9 only by agreement
    assert grid["rows"][1]["cells"] == [f"p{i}_r1" for i in range(1, 6)]


def test_galaxy_trucker_form_is_a_block_per_player_rounds_as_columns(
        client: FlaskClient) -> None:
    from pnp.games.galaxy_trucker.sheet import LINES

    spec = client.get("/api/sheets/galaxy-trucker").get_json()
    assert [b["title"] for b in spec["blocks"]] == [f"Player {i}" for i in range(1, 5)]
    p2 = spec["blocks"][1]
    assert [c["label"] for c in p2["grid"]["columns"]] == [
        "Round 1", "Round 2", "Round 3", "Round 3a"]
    assert len(p2["grid"]["rows"]) == len(LINES) == 17
    assert p2["grid"]["rows"][0]["cells"] == ["p2_r1_place", "p2_r2_place", "p2_r3_place",
                                              "p2_r3a_place"]
    assert [f["name"] for f in p2["head"]] == ["p2_name"]
    assert [f["name"] for f in p2["foot"]] == ["p2_total"]


@pytest.mark.parametrize(("game_id", "good", "slip", "should"), [
    ("spatial-delivery", SD_GOOD, {"p2_total": "30"}, ("p2_total", "29")),
    ("spatial-delivery", SD_GOOD, {"p1_bonus": "10"}, ("p1_bonus", "11")),
    ("galaxy-trucker", GT_GOOD, {"p1_r2_goods": "7"}, ("p1_r2_goods", "4")),
])
def test_filled_form_checks_and_a_wrong_cell_is_marked(
        client: FlaskClient, game_id: str, good: dict[str, str], slip: dict[str, str],
        should: tuple[str, str]) -> None:
    token = csrf(client)
    page = client.post(f"/sheets/{game_id}", data={"csrf": token, **good}).data.decode()
    assert "Every line checks out" in page, page[page.find('id="report"'):][:800]
    assert 'class="wrong"' not in page
    page = client.post(f"/sheets/{game_id}",
                       data={"csrf": token, **good, **slip}).data.decode()
    field, expected = should
    assert "Some lines are wrong" in page
    assert f"<code>{field}</code>: says {slip[field]}, should be {expected}" in page
    cell = page.split(f'<input name="{field}"', 1)[1].split(">", 1)[0]
    assert 'class="wrong"' in cell and 'aria-invalid="true"' in cell
    assert f"(expected {expected})" in cell  # the why is on the cell itself
    others = [n for n in good if n != field]
    for name in others[:5]:
        assert 'class="wrong"' not in page.split(f'<input name="{name}"', 1)[1].split(">", 1)[0]


def test_a_whole_wormholes_record_typed_into_the_form_checks(client: FlaskClient) -> None:
    """A 59-turn two-ship game written out as the kit's pages (the front, turns 1-30, and a
    continuation page numbered 2), posted through the hand-laid form: every field lands (the
    layout carries the front's and the continuation page's names) and checks; one wrong jump
    is marked."""
    from pnp.games.wormholes.sheet import fields_from_play, split_pages
    from tests.games.wormholes_greedy import play_greedy

    whole = fields_from_play(*play_greedy(2))
    assert 30 < int(whole["turns"]) <= 76
    front, more = split_pages(whole)
    fields = {**front, **more}
    assert fields["page"] == "2" and "r1_side" in fields
    token = csrf(client)
    page = client.post("/sheets/wormholes", data={"csrf": token, **fields}).data.decode()
    assert "Every line checks out" in page
    assert page.count('class="ok"') > 200  # the cells themselves were marked as checked
    name = next(n for n in form_names(page) if n.startswith("t") and n.endswith("_jump1")
                and fields.get(n))
    page = client.post("/sheets/wormholes",
                       data={"csrf": token, **fields, name: "a1"}).data.decode()
    assert "Some lines are wrong" in page and f"<code>{name}</code>: says a1" in page
    cell = page.split(f'<input name="{name}"', 1)[1].split(">", 1)[0]
    assert 'aria-invalid="true"' in cell and 'aria-label="Turn ' in cell
    assert ', Ship move 1 Jump to"' in cell  # which of the two moves, for screen readers


def test_a_carried_mistake_is_shown_once_with_its_followers(client: FlaskClient) -> None:
    """The same grouping as `pnp check-sheet`: one slip in the speed column, carried on."""
    from pnp.sheets import check_sheet

    speeds = sorted((k for k in GOOD if k.endswith("_speed") and GOOD[k]),
                    key=lambda k: int(k[1:].split("_")[0]))
    first, second = speeds[0], speeds[1]
    bad = {**GOOD, first: str(int(GOOD[first]) + 1), second: str(int(GOOD[second]) + 1)}
    report = check_sheet("galaxy-express", bad)
    wrong = [line["field"] for line in report["lines"] if not line["ok"]]  # type: ignore[index, union-attr]
    assert first in wrong and second in wrong
    page = client.post("/sheets/galaxy-express",
                       data={"csrf": csrf(client), **bad}).data.decode()
    report_html = page.split('id="report"', 1)[1].split("</div>", 1)[0]
    assert f"carried from <code>{first}</code>" in report_html
    inner = report_html.split('<ul class="carried">', 1)[1].split("</ul>", 1)[0]
    assert f"<code>{second}</code>: says" in inner


def test_sheet_api_checks_a_record_given_in_pages(client: FlaskClient) -> None:
    """``{"pages": [...]}``: a Wormholes record as the pages a player fills (the front page,
    then numbered continuation pages) is checked as one record; a page left out is named;
    a bad body is a clear 422, never a 500."""
    from pnp.games.wormholes.sheet import split_pages
    from pnp.sheetread.simulate import played_fields

    fields = played_fields("wormholes", 7, players=2, stream="bench/0")
    assert fields is not None
    pages = split_pages(fields)
    assert len(pages) >= 3, len(pages)
    r = client.post("/api/sheets/wormholes/check", json={"pages": pages})
    assert r.status_code == 200 and r.get_json()["ok"] is True, r.get_json()
    assert r.get_json()["pages"] == list(range(1, len(pages) + 1))
    r = client.post("/api/sheets/wormholes/check", json={"pages": [pages[0], *pages[2:]]})
    report = r.get_json()
    assert r.status_code == 200 and report["ok"] is False
    assert any("page 2" in line["why"] for line in report["lines"] if not line["ok"])
    # one page of a one-page sheet is the same as its fields
    r = client.post("/api/sheets/galaxy-express/check", json={"pages": [GOOD]})
    assert r.status_code == 200 and r.get_json()["ok"] is True
    for body in ({"pages": []}, {"pages": {}}, {"pages": [GOOD, "x"]},
                 {"pages": [{"seed": 7}]}, {"pages": [GOOD], "fields": GOOD},
                 {"pages": [{}] * 121}):
        r = client.post("/api/sheets/galaxy-express/check", json=body)
        assert r.status_code == 422, body
        assert "pages" in r.get_json()["error"]["message"] or "fields" in r.get_json()[
            "error"]["message"], body

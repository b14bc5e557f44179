"""A pen-filled sheet checked from a phone photo on the tracker: the upload is read, the confirm
page shows each field's picture beside its value (the doubtful ones first), nothing is stored
until the person confirms, then the sheet is checked and kept with its photo; bad uploads get
a clear message and store nothing."""

from __future__ import annotations

import io
import re
from functools import cache
from html import unescape
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from webscore.db import get_engine
from webscore.models import sheet_checks

from .conftest import csrf

GAME, SEED = "galaxy-trucker", 11


@cache
def _fields() -> dict[str, str]:
    from pnp.sheetread import simulate as sim

    fields = sim.played_fields(GAME, SEED)
    assert fields is not None
    return fields


@cache
def photo(mistake: bool = False) -> bytes:
    """A simulated phone photo of a played game's sheet (held-out handwritten digits)."""
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import sheet_layout

    layout = sheet_layout(GAME, "p1.a4", 1)
    fields = dict(_fields())
    if mistake:
        fields["p1_r1_credits"] = str(int(fields["p1_r1_credits"]) + 3)
    rng = np.random.default_rng(3)
    page = sim.write(sim.page_from_layout(layout, SEED), layout, fields, rng).image
    shot = sim.Shot(tilt=12.0, turn=-5.0, size=(1536, 2048), blur=0.5, quality=85, shadow=0.2)
    return bytes(sim.photograph(page, shot, rng))


def stored(app: Flask) -> int:
    with get_engine(app).connect() as conn:
        return int(conn.execute(select(func.count()).select_from(sheet_checks)).scalar_one())


def upload(client: FlaskClient, data: bytes, game: str = GAME, name: str = "sheet.jpg") -> Any:
    return client.post(f"/sheets/{game}/photo", content_type="multipart/form-data",
                       data={"csrf": csrf(client), "photo": (io.BytesIO(data), name)})


def form_of(page: str) -> dict[str, str]:
    """The confirm form's fields as the page fills them."""
    body = page[page.index('id="photo-confirm"'):]
    out = {}
    for name, value in re.findall(r'<input[^>]*?name="([^"]+)" value="([^"]*)"', body):
        out[unescape(name)] = unescape(value)
    return out


def test_the_sheet_page_opens_the_camera(client: FlaskClient) -> None:
    page = client.get(f"/sheets/{GAME}").get_data(as_text=True)
    assert re.search(r'<input type="file" name="photo" accept="image/\*" '
                     r'capture="environment"', page)


def test_read_confirm_check_and_keep_the_photo(app: Flask, client: FlaskClient) -> None:
    r = upload(client, photo(mistake=True))
    page = r.get_data(as_text=True)
    assert r.status_code == 200, page[:3000]
    assert stored(app) == 0  # nothing stored before the person confirms
    # Each field's picture beside its value, the uncertain ones first.
    rows = re.findall(r'<div class="read-field (ask|ruled|read)" id="row-([^"]+)">\s*'
                      r'<img class="crop" src="data:image/jpeg;base64,', page)
    statuses = [s for s, _ in rows]
    assert statuses and statuses == sorted(statuses, key=["ask", "ruled", "read"].index)
    assert "ask" in statuses and "read" in statuses
    assert 'inputmode="numeric"' in page  # digits open the number pad
    # ... a tick's "x" does not: it needs a letter
    ticks = re.findall(r'<input id="f-p1_r\d+a?_gaveup"[^>]*>', page)
    assert len(ticks) == 4 and not any("inputmode" in t for t in ticks)
    # the name is handwriting (as the card ids would be, were any written): a group of its
    # own, no number pad, and nothing else in it
    start = page.index("<h2>Written by hand (")
    hand = page[start:min(i for i in (page.find("<h2>", start + 4),
                                      page.find("<details", start)) if i > 0)]
    names = re.findall(r'<input id="f-([^"]+)"[^>]*>', hand)
    assert "p1_name" in names
    assert set(names) <= {"p1_name", *(f"p1_{r}_cards" for r in ("r1", "r2", "r3", "r3a"))}
    assert "inputmode" not in hand and hand.count('class="read-field ask"') == len(names)
    form = form_of(page)
    truth = _fields()
    # The person corrects what was asked (one tap each: here, typing the true value), keeps
    # the mistake the player really wrote, and confirms.
    for _, name in rows:
        if name in truth and form.get(name) != truth[name] and name != "p1_r1_credits":
            form[name] = truth[name]
    form["p1_r1_credits"] = str(int(truth["p1_r1_credits"]) + 3)
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    if r.status_code == 200:  # the second look: readings that could explain the mistake
        again = r.get_data(as_text=True)
        assert 'id="second-look"' in again and stored(app) == 0
        form = form_of(again)
        assert form["p1_r1_credits"] == str(int(truth["p1_r1_credits"]) + 3)  # kept
        r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    assert stored(app) == 1
    result = client.get(r.headers["Location"])
    text = result.get_data(as_text=True)
    assert result.status_code == 200 and "Checked from a photo" in text
    assert "Some lines are wrong" in text and "<code>p1_r1_credits</code>" in text
    link = re.search(r'href="([^"]+/photo\.jpg)" id="photo-link"', text)
    assert link is not None
    jpeg = client.get(link.group(1))
    assert jpeg.status_code == 200 and jpeg.mimetype == "image/jpeg"
    kept = cv2.imdecode(np.frombuffer(jpeg.data, np.uint8), cv2.IMREAD_COLOR)
    assert kept is not None and max(kept.shape[:2]) <= 1600


def test_a_sheet_that_still_does_not_check_out_is_looked_at_again(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the first confirm the readings that could explain a wrong line are asked once
    more, with their pictures and the person's values kept; the next confirm checks."""
    from webscore import sheetphoto

    page = upload(client, photo()).get_data(as_text=True)
    form = form_of(page)
    truth = _fields()
    read = re.findall(r'<div class="read-field read" id="row-([^"]+)">', page)
    suspect = next(name for name in read if name.startswith("p1_r2_"))
    asked = re.findall(r'<div class="read-field ask" id="row-([^"]+)">', page)
    for name in asked:
        form[name] = truth.get(name, form[name])
    looks: list[list[dict[str, str]]] = []

    def look(pages: Any, values: list[dict[str, str]]) -> list[dict[str, str]]:
        looks.append(values)
        return [{suspect: "read '1' (99%), but the sheet would check out with '7'"}]

    monkeypatch.setattr(sheetphoto, "second_look", look)
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    again = r.get_data(as_text=True)
    assert r.status_code == 200 and 'id="second-look"' in again and stored(app) == 0
    assert looks and all(looks[0][0][name] == form[name] for name in asked)
    rows = re.findall(r'<div class="read-field (ask|ruled|read)" id="row-([^"]+)">', again)
    assert rows[0] == ("ask", suspect) and [s for s, _ in rows].count("ask") == 1
    # every field's picture again, not only the asked one's
    pictured = re.findall(r'<div class="read-field (?:ask|ruled|read)" id="row-([^"]+)">\s*'
                          r'<img class="crop" src="data:image/jpeg;base64,', again)
    assert pictured == [name for _, name in rows] and "no picture" not in again
    # the least sure first among the fields read, and no 99.9 % shown as "100%"
    assert "· 100%" not in again
    second = form_of(again)
    assert all(second[name] == form[name] for name in asked)  # the person's values kept
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=second)
    assert r.status_code == 303 and stored(app) == 1 and len(looks) == 1  # looked at once
    second["reading"] = second["reading"].replace('"looked":true', '"looked":false')
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=second)
    assert r.status_code == 400  # the carried reading is signed: no third look by hand


@cache
def page_photo(layout_id: str) -> bytes:
    """Another page of the same record (player 2's page)."""
    from pnp.sheetread import simulate as sim
    from pnp.sheetread.layout import sheet_layout

    layout = sheet_layout(GAME, layout_id, 1)
    rng = np.random.default_rng(4)
    page = sim.write(sim.page_from_layout(layout, SEED), layout, dict(_fields()), rng).image
    shot = sim.Shot(tilt=8.0, turn=4.0, size=(1536, 2048), blur=0.5, quality=85, shadow=0.2)
    return bytes(sim.photograph(page, shot, rng))


def test_several_photos_are_one_record(app: Flask, client: FlaskClient) -> None:
    """Two pages sent at once (player 2's first): one confirm page with a section per page in
    page order, fields named by page, one check of the record, the photos kept stacked."""
    r = client.post(f"/sheets/{GAME}/photo", content_type="multipart/form-data",
                    data={"csrf": csrf(client),
                          "photo": [(io.BytesIO(page_photo("p2.a4")), "two.jpg"),
                                    (io.BytesIO(photo(mistake=True)), "one.jpg"),
                                    (io.BytesIO(b""), "")]})
    page = r.get_data(as_text=True)
    assert r.status_code == 200, page[:3000]
    assert "2 pages of one record" in page and stored(app) == 0
    heads = re.findall(r'<h2 class="photo-page" id="page-(\d)">Page \d: ([^ ]+) \(photo (\d)\)',
                       page)
    assert heads == [("1", "p1.a4", "2"), ("2", "p2.a4", "1")]
    form = form_of(page)
    assert "p1-p1_r1_credits" in form and "p2-p2_r1_credits" in form
    truth = _fields()
    for key in list(form):
        prefix, _, name = key.partition("-")
        if prefix in ("p1", "p2") and name in truth and name != "p1_r1_credits":
            form[key] = truth[name]
    form["p1-p1_r1_credits"] = str(int(truth["p1_r1_credits"]) + 3)
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    if r.status_code == 200:  # the second look: readings that could explain the mistake
        again = r.get_data(as_text=True)
        assert 'id="second-look"' in again and "Page 2: p2.a4" in again
        form = form_of(again)
        assert form["p1-p1_r1_credits"] == str(int(truth["p1_r1_credits"]) + 3)
        r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    assert stored(app) == 1
    text = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Checked from 2 photos of one record" in text
    wrong = re.findall(r"<li><code>([^<]+)</code>: says", text)
    assert wrong == ["p1_r1_credits"], wrong  # the one mistake, with player 2's page right
    link = re.search(r'href="([^"]+/photo\.jpg)" id="photo-link"', text)
    assert link is not None
    kept = cv2.imdecode(np.frombuffer(client.get(link.group(1)).data, np.uint8),
                        cv2.IMREAD_COLOR)
    assert kept is not None and kept.shape[0] > kept.shape[1]  # two pages, one under the other


def test_a_lone_ledger_photo_reports_a_ledger_mistake(app: Flask, client: FlaskClient) -> None:
    """A Weird Galaxy ledger page (the game's sheet is its worksheet) is checked by the
    ledger's lines: the mistake the player wrote is reported and kept."""
    from tests.sheetread.ledgerphoto import MISTAKE, WG, fields
    from tests.sheetread.ledgerphoto import photo as ledger_photo

    r = upload(client, ledger_photo(mistake=True), game=WG)
    page = r.get_data(as_text=True)
    assert r.status_code == 200, page[:3000]
    form = form_of(page)
    truth = fields(mistake=True)
    for name in list(form):
        if name in truth:
            form[name] = truth[name]  # the person confirms what was written
    for _ in range(2):  # the second look may ask again: the values stay as written
        r = client.post(f"/sheets/{WG}/photo/confirm", data=form)
        if r.status_code != 200:
            break
        form = form_of(r.get_data(as_text=True))
        assert form[MISTAKE] == "8"
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    text = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Some lines are wrong" in text
    assert MISTAKE in re.findall(r"<li><code>([^<]+)</code>: says", text)


def test_photos_of_two_games_are_refused(app: Flask, client: FlaskClient) -> None:
    r = client.post(f"/sheets/{GAME}/photo", content_type="multipart/form-data",
                    data={"csrf": csrf(client),
                          "photo": [(io.BytesIO(photo()), "one.jpg"),
                                    (io.BytesIO(photo()), "again.jpg")]})
    assert r.status_code == 422 and "photograph each page once" in r.get_data(as_text=True)
    r = client.post(f"/sheets/{GAME}/photo", content_type="multipart/form-data",
                    data={"csrf": csrf(client),
                          "photo": [(io.BytesIO(photo()), f"{k}.jpg") for k in range(13)]})
    assert r.status_code == 422 and "at most 12 pages" in r.get_data(as_text=True)
    assert stored(app) == 0


def test_a_changed_reading_is_refused(app: Flask, client: FlaskClient) -> None:
    form = form_of(upload(client, photo()).get_data(as_text=True))
    form["photo"] = form["photo"][:-8] + "AAAAAAA="  # another picture slipped in
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=form)
    assert r.status_code == 400 and "read the photo again" in r.get_data(as_text=True)
    assert stored(app) == 0


def _png(image: Any) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return bytes(data.tobytes())


@pytest.mark.parametrize(("data", "says"), [
    (b"", "choose or take a photo"),
    (b"just some notes, not a picture", "not a photo"),
    (b"%PDF-1.7 a pdf", "not a photo"),
    (_png(np.full((1200, 900), 235, np.uint8)), "corner marks"),  # no sheet in it
    (_png(np.full((200, 150), 235, np.uint8)), "pixels"),  # far too small
])
def test_bad_uploads_get_a_clear_message(app: Flask, client: FlaskClient, data: bytes,
                                         says: str) -> None:
    r = upload(client, data)
    page = r.get_data(as_text=True)
    assert r.status_code == 422, page[:2000]
    assert says in page and 'role="alert"' in page
    assert stored(app) == 0


def test_a_sheet_of_another_game_is_refused(app: Flask, client: FlaskClient) -> None:
    r = upload(client, photo(), game="galaxy-express")
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and "not galaxy-express" in page
    assert stored(app) == 0


def test_a_huge_upload_is_refused_with_a_message(app: Flask, client: FlaskClient) -> None:
    r = upload(client, b"\xff\xd8\xff" + b"0" * (21 * 1024 * 1024))
    page = r.get_data(as_text=True)
    assert r.status_code == 413 and "over 20 MB" in page
    assert stored(app) == 0


def test_a_phone_sized_photo_is_not_refused_for_size(client: FlaskClient) -> None:
    """Over the tracker's usual 4 MB request limit, under the photo's 20 MB."""
    image = cv2.imdecode(np.frombuffer(photo(), np.uint8), cv2.IMREAD_GRAYSCALE)
    noisy = (image.astype(np.int16) + np.random.default_rng(1).integers(
        -6, 7, image.shape)).clip(0, 255).astype(np.uint8)
    big = _png(cv2.resize(noisy, (noisy.shape[1] * 2, noisy.shape[0] * 2)))
    assert len(big) > 4 * 1024 * 1024
    r = upload(client, big, name="big.png")
    assert r.status_code in (200, 422), r.status_code
    assert "over 20 MB" not in r.get_data(as_text=True)


def test_an_unknown_check_is_a_404(client: FlaskClient) -> None:
    assert client.get("/sheets/checks/nosuchcheck00").status_code == 404
    assert client.get("/sheets/checks/x").status_code == 404


@pytest.mark.browser
def test_the_photo_flow_on_a_phone(tmp_path: Any) -> None:
    """In Chromium at 390x844: the camera input, the confirm page (no sideways scroll, tap
    targets of 44 px, a tap on another reading fills the field), then the check with its
    photo."""
    import threading

    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from webscore import create_app

    from .test_browser import ARGS, PHONE, chromium_path

    shot = tmp_path / "sheet.jpg"
    shot.write_bytes(photo(mistake=True))
    app = create_app({"SECRET_KEY": "photo", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
            page = browser.new_page(viewport=PHONE)
            page.goto(f"http://127.0.0.1:{srv.server_port}/sheets/{GAME}")
            assert page.get_attribute("#photo-input", "capture") == "environment"
            page.set_input_files("#photo-input", str(shot))
            page.click("#photo-form button[type=submit]")
            page.wait_for_selector("#photo-confirm")
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
            first = page.locator(".read-field").first
            assert "ask" in (first.get_attribute("class") or "")  # the doubtful ones first
            for box in page.locator(".read-field input, button.alt").all()[:12]:
                size = box.bounding_box()
                assert size is not None and size["height"] >= 44
            alt = page.locator(".read-field button.alt").first
            field = str(alt.get_attribute("data-field"))
            value = str(alt.get_attribute("data-value"))
            alt.click()
            assert page.input_value(f"#{field}") == value
            assert stored(app) == 0
            page.click("#confirm-check")
            page.wait_for_selector("#photo-check, #second-look")
            if page.locator("#second-look").count():  # asked once more: confirm again
                assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
                assert stored(app) == 0
                page.click("#confirm-check")
                page.wait_for_selector("#photo-check")
            assert stored(app) == 1
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
            href = page.get_attribute("#photo-link", "href")
            assert href and href.endswith("/photo.jpg")
            browser.close()
    finally:
        srv.shutdown()


def test_the_confirm_step_merges_a_pages_a5_parts() -> None:
    """The Wormholes record's A5 parts, confirmed, are checked as the pages they are parts of
    (``pnp.sheetread.parts``); a missing part is a line of the report."""
    from pnp.games.wormholes.sheet.pages import split_pages
    from pnp.render.wormholes.sheet_a5 import part_values
    from pnp.sheetread import simulate as sim
    from webscore.sheetphoto import _check

    fields = sim.played_fields("wormholes", 7, players=2, stream="bench/1")
    assert fields is not None
    front = split_pages(fields)[0]
    parts = [{**part_values(front, k), "seed": fields["seed"]} for k in range(3)]
    assert _check("wormholes", parts)["ok"] is False  # the game goes on past turn 30
    report = _check("wormholes", [parts[0], parts[2]])
    lines = report["lines"]
    assert lines[0]["why"].startswith("part 2 of 3 of page 1 (turns 5-17) is missing")
    whole = _check("wormholes", [{k: v for part in parts for k, v in part.items()}])
    assert _check("wormholes", parts)["lines"] == whole["lines"]  # not "page 1 given twice"

"""Hostile input against the pages and the API: oversized bodies, broken JSON, wrong types,
unknown games, Unicode and HTML in names, forged or missing tokens, form posts without the
CSRF token, malformed and huge PDF uploads.  Every answer is a 4xx with a message (JSON under
/api, a page elsewhere), nothing is stored by a refused write, names are escaped on pages and
printed (or cleanly substituted) in the result PDF."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from webscore import create_app

from .conftest import TALLY

MB = 1024 * 1024
TRIED = TALLY  # every request counts at once (module teardown is not once under xdist)

HOSTILE_NAMES = ["<script>alert('x')</script>", "Zoë & \"Ünal\"", "ⓐⓑ 星 مرحبا",
                 "\u202eevil", "🚀 Rocket", "</td><img src=x onerror=alert(1)>"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"SECRET_KEY": "hostile", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite3'}"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def api_refused(resp: Any, *codes: int) -> dict[str, Any]:
    """A 4xx JSON error with a message (and one of ``codes`` when given)."""
    TRIED["hostile: requests sent"] += 1
    assert 400 <= resp.status_code < 500, (resp.status_code, resp.data[:300])
    if codes:
        assert resp.status_code in codes, (resp.status_code, resp.data[:300])
    body = resp.get_json(silent=True)
    assert isinstance(body, dict) and body["error"]["message"], resp.data[:300]
    return body


def page_refused(resp: Any, *codes: int) -> str:
    TRIED["hostile: requests sent"] += 1
    assert 400 <= resp.status_code < 500, (resp.status_code, resp.data[:300])
    if codes:
        assert resp.status_code in codes, resp.status_code
    text: str = resp.get_data(as_text=True)
    assert "<html" in text.lower() and "Traceback" not in text
    return text


def make_table(client: FlaskClient, players: list[str] | None = None,
               game: str = "wormholes") -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": game, "players": players or ["Ana", "Bo"],
                                            "seed": 3, "chance": "tracker"})
    assert resp.status_code == 201, resp.get_json()
    data: dict[str, Any] = resp.get_json()
    return data


def rows(client: FlaskClient, table: dict[str, Any]) -> int:
    seq: int = client.get(f"/api/tables/{table['id']}").get_json()["seq"]
    return seq


def csrf(client: FlaskClient) -> str:
    client.get("/new")
    with client.session_transaction() as sess:
        return str(sess["csrf"])


def test_oversized_bodies_are_413(client: FlaskClient) -> None:
    table = make_table(client)
    big = b'{"game": "wormholes", "players": ["' + b"a" * (5 * MB) + b'"]}'
    api_refused(client.post("/api/tables", data=big, content_type="application/json"), 413)
    api_refused(client.post(f"/api/tables/{table['id']}/events",
                            data=b'{"seq": 1, "text": "' + b"x" * (5 * MB) + b'"}',
                            content_type="application/json",
                            headers={"X-Table-Token": table["token"]}), 413)
    api_refused(client.post("/api/sheets/check-pdf",
                            data={"pdf": (io.BytesIO(b"%PDF-1.4\n" + b"0" * (5 * MB)), "a.pdf")},
                            content_type="multipart/form-data"), 413)
    token = csrf(client)
    page_refused(client.post("/new", data={"csrf": token, "game": "wormholes",
                                           "location": "x" * (5 * MB)}), 413)
    # Over the 256 kB form limit but under the request limit: refused either way.
    page_refused(client.post("/new", data={"csrf": token, "game": "wormholes",
                                           "location": "x" * 300_000}), 413, 422)
    assert rows(client, table) == table["seq"]


BROKEN_JSON = [b"", b"{", b'{"game": ', b"nul", b"[]", b'"text"', b"123", b"null",
               b'{"seq": NaN}', b"\xff\xfe\x00{", b"\xef\xbb\xbf{}", b"{'seq': 1}",
               b'{"seq": 1,}', b'{"seq": 1e999999}', b"[" * 500 + b"]" * 500,
               b'{"seq": ' + b"9" * 5000 + b"}", b'{"\\ud800": 1}']


@pytest.mark.parametrize("body", BROKEN_JSON, ids=range(len(BROKEN_JSON)))
def test_broken_json_is_4xx(client: FlaskClient, body: bytes) -> None:
    table = make_table(client)
    headers = {"X-Table-Token": table["token"]}
    for path in ("/api/tables", f"/api/tables/{table['id']}/events",
                 f"/api/tables/{table['id']}/undo", f"/api/tables/{table['id']}/roll",
                 "/api/sheets/galaxy-express/check"):
        api_refused(client.post(path, data=body, content_type="application/json",
                                headers=headers))
    api_refused(client.post("/api/tables", data=b'{"game": "wormholes"}',
                            content_type="text/plain"), 415)
    assert rows(client, table) == table["seq"]


WRONG_CREATE: list[dict[str, Any]] = [
    {"game": 1}, {"game": None}, {"game": ["wormholes"]}, {"game": {"id": "wormholes"}},
    {"players": "Ana"}, {"players": [1, 2]}, {"players": [None, "Bo"]}, {"players": [[], {}]},
    {"players": {}}, {"players": ["Ana"] * 5000}, {"players": ["x" * 10_000, "Bo"]},
    {"players": ["", "Bo"]}, {"players": ["\x00", "Bo"]}, {"players": ["Ana"]},
    {"seed": -1}, {"seed": 2**64}, {"seed": 1.5}, {"seed": True},
    {"seed": [7]}, {"seed": "seven"}, {"chance": 1}, {"chance": "dice"}, {"options": []},
    {"options": "x"}, {"options": {"chance": 5}}, {"options": {"x": "y" * 10_000}},
    {"location": 5}, {"location": "x" * 10_000}, {"auto_deal": "yes"}, {"auto_deal": None},
]


@pytest.mark.parametrize("patch", WRONG_CREATE, ids=range(len(WRONG_CREATE)))
def test_wrong_types_when_creating_are_named(client: FlaskClient, patch: dict[str, Any]) -> None:
    body = {"game": "wormholes", "players": ["Ana", "Bo"], **patch}
    err = api_refused(client.post("/api/tables", json=body), 400, 422)["error"]
    assert err.get("field") or err.get("rule"), err


WRONG_WRITE: list[dict[str, Any]] = [
    {"seq": "one"}, {"seq": -1}, {"seq": 2**70}, {"seq": 1.5}, {"seq": None}, {"seq": True},
    {"seq": [1]}, {"seq": "1e3"}, {"text": 1}, {"text": None}, {"text": ["place-first"]},
    {"text": "x" * 5000}, {"text": "\x00"}, {"text": ""}, {"text": "   "},
    {"text": "<script>alert(1)</script>"}, {"text": "place-first " * 300},
    {"text": "\ud83d\ude80"}, {"text": "place-first\nmove-first"},
]


@pytest.mark.parametrize("patch", WRONG_WRITE, ids=range(len(WRONG_WRITE)))
def test_wrong_types_when_writing_are_refused(client: FlaskClient,
                                              patch: dict[str, Any]) -> None:
    table = make_table(client)
    body = {"seq": table["seq"], "text": "place-first", **patch}
    api_refused(client.post(f"/api/tables/{table['id']}/events", json=body,
                            headers={"X-Table-Token": table["token"]}), 400, 409, 422)
    for path in ("undo", "roll"):
        wrong = {k: v for k, v in body.items() if k != "text"}
        resp = client.post(f"/api/tables/{table['id']}/{path}", json=wrong,
                           headers={"X-Table-Token": table["token"]})
        if "seq" in patch:
            api_refused(resp, 400, 409, 422)
        else:
            TRIED["hostile: requests sent"] += 1
            assert resp.status_code in (201, 409, 422), resp.get_json()
    assert rows(client, table) >= table["seq"]


UNKNOWN = ["nope", "../etc/passwd", "galaxy-express\x00", "GALAXY-EXPRESS", "a" * 200,
           "%2e%2e", "<b>x</b>", "星"]


@pytest.mark.parametrize("game", UNKNOWN, ids=range(len(UNKNOWN)))
def test_unknown_games_are_named_not_500(client: FlaskClient, game: str) -> None:
    err = api_refused(client.post("/api/tables", json={"game": game, "players": ["A"]}),
                      404, 422)["error"]
    assert "<b>" not in json.dumps(err) or game == "<b>x</b>"
    api_refused(client.get(f"/api/sheets/{game}"), 404)
    api_refused(client.post(f"/api/sheets/{game}/check", json={"fields": {}}), 404)
    for path in (f"/kit/{game}", f"/sheets/{game}"):
        text = page_refused(client.get(path), 404)
        assert "<b>x</b>" not in text
    resp = client.get("/tables/new", query_string={"game": game, "seed": "7"})
    TRIED["hostile: requests sent"] += 1
    assert resp.status_code == 200 and "<b>x</b>" not in resp.get_data(as_text=True)


def test_unknown_tables_are_404(client: FlaskClient) -> None:
    for tid in ("nope", "x" * 40, "%00", "..", "<script>"):
        api_refused(client.get(f"/api/tables/{tid}"), 404)
        api_refused(client.post(f"/api/tables/{tid}/events", json={"seq": 0, "text": "x"},
                                headers={"X-Table-Token": "t"}), 404)
        page_refused(client.get(f"/t/{tid}"), 404)


def test_html_and_unicode_names_escaped_on_pages_and_printed_in_the_pdf(
        client: FlaskClient) -> None:
    table = make_table(client, HOSTILE_NAMES[:5], game="weird-galaxy")
    client.get(f"/t/{table['id']}/join", query_string={"k": table["token"]})
    pages = [f"/t/{table['id']}", f"/t/{table['id']}/finish", "/"]
    for path in pages:
        resp = client.get(path)
        TRIED["hostile: requests sent"] += 1
        assert resp.status_code == 200, path
        html = resp.get_data(as_text=True)
        assert "<script>alert" not in html and "onerror=alert" not in html, path
        if path != "/":
            assert "&lt;script&gt;alert(" in html, path
            assert "Zoë &amp; " in html and "星" in html and "🚀 Rocket" in html, path
    for path in (f"/t/{table['id']}/result.pdf", f"/api/tables/{table['id']}/result.pdf"):
        resp = client.get(path)
        TRIED["hostile: requests sent"] += 1
        assert resp.status_code == 200 and resp.data.startswith(b"%PDF")
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(resp.data)).pages)
        # Printed as text (never interpreted); a glyph the font lacks (CJK, emoji) prints as
        # the font's empty box (extracted as NUL) instead of dropping the rest of the name.
        assert "<script>alert('x')</script>" in text
        assert 'Zoë & "Ünal"' in text and "Rocket" in text
        seat3 = next(line for line in text.splitlines() if line.startswith("Seat 3:"))
        assert "星" in seat3 or "\x00" in seat3, seat3
        assert "مرحبا" in seat3 or "ابحرم" in seat3, seat3  # in either reading order
    export = client.get(f"/api/tables/{table['id']}/export").get_json()
    TRIED["hostile: requests sent"] += 1
    names = [p["name"] for p in export["play"]["players"]]
    assert names == HOSTILE_NAMES[:5]


def test_hostile_names_through_the_form(client: FlaskClient) -> None:
    token = csrf(client)
    resp = client.post("/new", data={"csrf": token, "game": "wormholes", "chance": "table",
                                     "player": HOSTILE_NAMES[4:6]})
    TRIED["hostile: requests sent"] += 1
    assert resp.status_code == 303, resp.get_data(as_text=True)[:500]
    html = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_forged_and_missing_tokens(client: FlaskClient) -> None:
    table = make_table(client)
    other = make_table(client)
    path = f"/api/tables/{table['id']}/events"
    body = {"seq": table["seq"], "text": "place-first"}
    api_refused(client.post(path, json=body), 401)
    for forged in ("", "x", other["token"], table["token"][:-1], table["token"] + "x",
                   "x" * 10_000, table["token"].upper(), "ü"):
        headers = {"X-Table-Token": forged} if forged else {}
        api_refused(client.post(path, json=body, headers=headers), 401, 403)
    # The session cookie is never a credential for the API.
    client.get(f"/t/{table['id']}/join", query_string={"k": table["token"]})
    api_refused(client.post(path, json=body), 401)
    page_refused(client.get(f"/t/{other['id']}/join", query_string={"k": table["token"]}), 403)
    page_refused(client.get(f"/t/{other['id']}/join"), 400, 403)
    # A page form post to a table this browser never joined is refused.
    token = csrf(client)
    page_refused(client.post(f"/t/{other['id']}/move",
                             data={"csrf": token, "seq": other["seq"], "text": "place-first"}),
                 403)
    assert rows(client, table) == table["seq"] and rows(client, other) == other["seq"]


def test_form_posts_without_csrf_are_refused(client: FlaskClient) -> None:
    table = make_table(client)
    client.get(f"/t/{table['id']}/join", query_string={"k": table["token"]})
    posts: list[tuple[str, dict[str, Any]]] = [
        ("/new", {"game": "wormholes", "player": ["A", "B"]}),
        (f"/t/{table['id']}/move", {"seq": table["seq"], "text": "place-first"}),
        (f"/t/{table['id']}/undo", {"seq": table["seq"]}),
        (f"/t/{table['id']}/roll", {"seq": table["seq"]}),
        ("/sheets/galaxy-express", {"seed": "7"}),
        ("/sheets/galaxy-express/pdf", {"pdf": b"%PDF-1.4"})]
    for path, data in posts:
        for forged in (None, "", "forged-token"):
            sent = {k: (io.BytesIO(v), "a.pdf") if isinstance(v, bytes) else v
                    for k, v in data.items()}
            if forged is not None:
                sent["csrf"] = forged
            page_refused(client.post(path, data=sent), 400)
    assert rows(client, table) == table["seq"]


def pdf_with_pages(pages: int, filler: int = 0) -> bytes:
    out = io.BytesIO()
    c = Canvas(out)
    for n in range(pages):
        c.drawString(72, 72, f"page {n} " + "x" * filler)
        c.showPage()
    c.save()
    return out.getvalue()


def malformed_pdfs() -> list[tuple[str, bytes]]:
    good = pdf_with_pages(1)
    return [("empty", b""), ("text", b"hello, not a pdf"), ("header only", b"%PDF-1.7\n"),
            ("truncated", good[: len(good) // 2]), ("tail cut", good[:-30]),
            ("garbage body", b"%PDF-1.4\n" + bytes(range(256)) * 40 + b"\n%%EOF"),
            ("no form", good), ("html", b"<html><script>alert(1)</script></html>"),
            ("bad xref", good.replace(b"xref", b"xrfe")),
            ("self-referencing", b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 1 0 R "
             b"/AcroForm << /Fields [1 0 R] >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"),
            ("many pages", pdf_with_pages(1500)),
            ("near the limit", pdf_with_pages(40, filler=20_000)[: 4 * MB - 4096])]


def test_malformed_and_huge_pdf_uploads_are_refused_cleanly(client: FlaskClient) -> None:
    token = csrf(client)
    for name, data in malformed_pdfs():
        assert len(data) < 4 * MB - 2048, name
        resp = client.post("/api/sheets/check-pdf", data={"pdf": (io.BytesIO(data), "s.pdf")},
                           content_type="multipart/form-data")
        api_refused(resp, 404, 422)
        resp = client.post("/api/sheets/check-pdf",
                           data={"pdf": (io.BytesIO(data), "s.pdf"), "game": "galaxy-express"},
                           content_type="multipart/form-data")
        api_refused(resp, 422)
        resp = client.post("/sheets/galaxy-express/pdf",
                           data={"csrf": token, "pdf": (io.BytesIO(data), "s.pdf")},
                           content_type="multipart/form-data")
        page_refused(resp, 422)
    api_refused(client.post("/api/sheets/check-pdf", data={"game": "galaxy-express"},
                            content_type="multipart/form-data"), 422)


DEEP = [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000]


@pytest.mark.parametrize("body", DEEP, ids=["arrays", "objects"])
def test_deeply_nested_json_body_is_4xx(client: FlaskClient, body: bytes) -> None:
    table = make_table(client)
    for path in ("/api/tables", f"/api/tables/{table['id']}/events",
                 "/api/sheets/galaxy-express/check"):
        api_refused(client.post(path, data=body, content_type="application/json",
                                headers={"X-Table-Token": table["token"]}), 400)


def test_deeply_nested_options_text_is_4xx(client: FlaskClient) -> None:
    deep = "[" * 1999 + "]" * 1999
    api_refused(client.post("/api/tables", json={"game": "wormholes", "players": ["A", "B"],
                                                 "options": deep}), 422)
    token = csrf(client)
    page_refused(client.post("/new", data={"csrf": token, "game": "wormholes",
                                           "player": ["A", "B"], "options": deep}), 422)


XSS = '"><script>alert(1)</script><input value="'


def test_typed_text_echoed_back_is_escaped(client: FlaskClient) -> None:
    """A refused entry keeps what was typed in the box, and the sheet checker shows the values
    sent: both put hostile text back into the page, escaped."""
    table = make_table(client)
    client.get(f"/t/{table['id']}/join", query_string={"k": table["token"]})
    token = csrf(client)
    resp = client.post(f"/t/{table['id']}/move", headers={"X-Requested-With": "fetch"},
                       data={"csrf": token, "seq": table["seq"], "text": XSS})
    TRIED["hostile: requests sent"] += 1
    html = resp.get_json()["html"]  # the page's redrawn part (a page with JavaScript)
    assert 400 <= resp.status_code < 500 and "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)" in html or "&#34;&gt;&lt;script&gt;" in html
    resp = client.post(f"/t/{table['id']}/move",  # a plain form: redirected to the table
                       data={"csrf": token, "seq": table["seq"], "text": XSS})
    TRIED["hostile: requests sent"] += 1
    assert resp.status_code == 303
    html = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)" in html or "&#34;&gt;&lt;script&gt;" in html
    from webscore.sheetforms import field_names

    spec = client.get("/api/sheets/galaxy-express").get_json()
    TRIED["hostile: requests sent"] += 1
    values = dict.fromkeys(field_names(spec)[:6], XSS)
    assert len(values) == 6
    resp = client.post("/sheets/galaxy-express", data={"csrf": token, **values})
    TRIED["hostile: requests sent"] += 1
    html = resp.get_data(as_text=True)
    assert resp.status_code < 500 and "<script>alert(1)" not in html
    assert html.count("&lt;script&gt;alert(1)") >= 6  # every value shown back, escaped
    resp = client.post("/api/sheets/galaxy-express/check", json={"fields": values})
    TRIED["hostile: requests sent"] += 1
    assert resp.status_code < 500 and resp.mimetype == "application/json"

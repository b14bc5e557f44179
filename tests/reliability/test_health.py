"""``/healthz`` (webscore/health.py): the tracker benchmark's yardstick answers without a
database, so it stays up and fast even when the database is not."""

from __future__ import annotations

from pathlib import Path

from webscore import create_app


def test_healthz_answers_without_touching_the_database(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "db.sqlite3"
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{missing}"})
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 200
    assert resp.get_json() == {"ok": True}
    assert resp.headers["Cache-Control"] == "no-store"
    assert not missing.parent.exists()


def test_healthz_is_get_only(tmp_path: Path) -> None:
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.db'}"})
    assert app.test_client().post("/healthz").status_code == 405

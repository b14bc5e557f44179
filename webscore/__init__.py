"""The live table tracker (Flask).  `flask --app webscore run` serves it."""

from __future__ import annotations

from typing import Any

from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True)
    if test_config:
        app.config.update(test_config)

    @app.get("/")
    def home() -> str:
        return "Tracker: under construction"

    return app

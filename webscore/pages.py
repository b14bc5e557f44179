"""A game's own pages (``GameRecord.pages``, ``pnp.engine.pages``) as one Flask blueprint.

The blueprint serves the game's templates and static files; every form post has its CSRF
token checked; a JSON page reads a JSON object body, and its ``PageError`` becomes the usual
4xx error answer (``webscore.errors``).  Nothing here knows any game.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from pnp.engine import GameRecord
from pnp.engine.pages import GamePages, Page, PageAnswer, PageError, PageRequest
from webscore import security
from webscore.errors import ApiError


def blueprint(pages: GamePages) -> Blueprint:
    bp = Blueprint(pages.name, __name__, template_folder=str(pages.templates),
                   static_folder=str(pages.static) if pages.static else None,
                   static_url_path=f"/static/{pages.name}" if pages.static else None)
    for page in pages.pages:
        bp.add_url_rule(page.path, page.name, _endpoint(pages.name, page),
                        methods=list(page.methods))
    return bp


def _endpoint(name: str, page: Page) -> Any:
    def link(endpoint: str, **args: Any) -> str:
        return url_for(f"{name}.{endpoint}", **args)

    def view() -> ResponseReturnValue:
        values: Any
        if page.json:
            from webscore.api import body

            values = body()
        elif request.method == "POST":
            security.check_csrf()
            values = request.form
        else:
            values = request.args
        try:
            answer = page.view(PageRequest(request.method, values, link))
        except PageError as exc:
            raise ApiError(exc.status, exc.message, rule=exc.rule, field=exc.field) from None
        return _answer(answer)

    view.__name__ = f"{name}_{page.name}"
    return view


def _answer(answer: PageAnswer) -> ResponseReturnValue:
    if answer.redirect is not None:
        return redirect(answer.redirect, code=answer.status)
    if answer.template is None:
        resp = jsonify(answer.json)
        resp.status_code = answer.status
        return resp
    return render_template(answer.template, **answer.context), answer.status


def register(app: Any, records: list[GameRecord]) -> list[tuple[str, str]]:
    """Register every record's pages; the (blueprint, label) pairs for the navigation."""
    nav = []
    for record in records:
        if record.pages is not None:
            app.register_blueprint(blueprint(record.pages))
            nav.append((record.pages.name, record.pages.label))
    return nav

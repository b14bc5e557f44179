"""Pages of its own a game may add to the tracker, declared in its record like its board.

A page's view is a plain function from a ``PageRequest`` (the query or form values, or the
JSON body, and a way to link to the game's other pages) to a ``PageAnswer`` (a template of
the game's own with its variables, a redirect, or JSON).  The tracker (``webscore.pages``)
turns a ``GamePages`` into one Flask blueprint named ``GamePages.name``: it checks the CSRF
token of every form post, answers a ``PageError`` from a JSON page as a 4xx error and serves
the game's templates and static files; it knows nothing else about the game.

>>> def hello(req: PageRequest) -> PageAnswer:
...     return PageAnswer("hello.html", {"name": req.values.get("name", "you")})
>>> pages = GamePages("hello", "Hello", (Page("index", "/hello", hello),), Path("."))
>>> pages.pages[0].view(PageRequest("GET", {"name": "Ada"}, lambda name, **a: name))
PageAnswer(template='hello.html', context={'name': 'Ada'}, status=200, redirect=None, \
json=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Link = Callable[..., str]  # link("check_page", seed=1) -> the URL of one of the game's pages


class PageError(ValueError):
    """Bad input to a game page: the HTTP status, the message, the form field and/or the rule
    broken (a JSON page's error answer; an HTML page shows it itself)."""

    def __init__(self, status: int, message: str, *, field: str | None = None,
                 rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.rule = rule


def bad(field: str, message: str) -> PageError:
    """A 422 for one input field (raise it)."""
    return PageError(422, message, field=field)


@dataclass(frozen=True)
class PageRequest:
    """What a view sees: the method, the values (query, form, or a JSON page's body object)
    and ``link(page_name, **query)``."""

    method: str
    values: Mapping[str, Any]
    link: Link


@dataclass(frozen=True)
class PageAnswer:
    """A template of the game's with its variables, or a redirect (303 after a post), or a
    JSON answer."""

    template: str | None = None
    context: dict[str, Any] = field(default_factory=dict)
    status: int = 200
    redirect: str | None = None
    json: Any = None


View = Callable[[PageRequest], PageAnswer]
Schema = Mapping[str, Any]  # a JSON Schema (2020-12, as OpenAPI 3.1 takes it)


@dataclass(frozen=True)
class ApiDoc:
    """How a JSON page appears in the tracker's OpenAPI document (``/api/openapi.json``):
    a summary, the JSON Schemas of the body it reads and of its 200 answer, and the 4xx
    codes its ``PageError``s use (the tracker adds 429/503 as for every other post).

    >>> ApiDoc("echo", {"type": "object"}, {"type": "object"}).errors
    (400, 413, 415, 422)
    """

    summary: str
    body: Schema
    answer: Schema
    answer_description: str = "the answer"
    errors: tuple[int, ...] = (400, 413, 415, 422)


@dataclass(frozen=True)
class Page:
    """One URL: ``name`` is the endpoint (``url_for("<pages name>.<name>")``); a ``json``
    page reads a JSON object body and answers JSON, and is described in the tracker's
    OpenAPI document by its ``api`` (a plain object in, an object out, when it has none)."""

    name: str
    path: str
    view: View
    methods: tuple[str, ...] = ("GET",)
    json: bool = False
    api: ApiDoc | None = None


@dataclass(frozen=True)
class GamePages:
    """A game's own pages: the blueprint name, the navigation label, the pages, and the
    folders of its templates and (optionally) static files."""

    name: str
    label: str
    pages: tuple[Page, ...]
    templates: Path
    static: Path | None = None


__all__ = ["ApiDoc", "GamePages", "Link", "Page", "PageAnswer", "PageError", "PageRequest",
           "Schema", "View", "bad"]

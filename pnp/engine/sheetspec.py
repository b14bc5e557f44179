"""The score-sheet contract a game declares, and the shapes the sheet is drawn in.

A sheet is its field names (the AcroForm names of the printed sheet) laid out with labels,
hints and groups (``Layout``), and the same three things in every game: check the fields,
check a whole filled kit, write the fields from a played game.  The tracker's web form, the
result PDF and the checker all read this one spec, so none of them knows a game by name.

>>> grid = Grid((Column("Coin 1"), Column("Coin 2")), (GridRow("Suns", ("s1", "s2")),))
>>> Layout(head=(Field("seed", "Seed"),), blocks=(Block("Coins", grid),)).field_names()
['seed', 's1', 's2']
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.engine.steps import Played


@dataclass
class Line:
    """One checked field of a report: what it says, what it should say, and why not."""

    field: str
    value: str
    expected: str
    ok: bool
    why: str = ""

    def to_json(self) -> dict[str, object]:
        return {"field": self.field, "value": self.value, "expected": self.expected,
                "ok": self.ok, "why": self.why}


Prober = Callable[[Mapping[str, str]], dict[str, object]]
WrongProber = Callable[[Mapping[str, str]], frozenset[str]]
"""A sheet's check with a few fields changed (``SheetSpec.prober``)."""


# -- the layout: where each field sits, with its label and hint ------------------------------
@dataclass(frozen=True)
class Field:
    name: str
    label: str
    hint: str = ""

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "label": self.label, "hint": self.hint}


@dataclass(frozen=True)
class Column:
    """A column of a grid (``key`` names it in numbered rows: ``t{n}_{key}``)."""

    label: str
    hint: str = ""
    key: str = ""


@dataclass(frozen=True)
class GridRow:
    """A labelled row of named cells; ``style`` is "break" (a new section), "optional" or
    "sum" (several, space-separated)."""

    label: str
    cells: tuple[str, ...]
    hint: str = ""
    style: str = ""


@dataclass(frozen=True)
class Grid:
    """A labelled grid of named cells.  ``order`` says how the names run in the checker's
    list (along the rows, or down the "columns"), so a grid can mirror the paper."""

    columns: tuple[Column, ...]
    rows: tuple[GridRow, ...]
    corner: str = ""
    order: str = "rows"
    groups: tuple[tuple[str, int], ...] = ()  # column group labels and spans

    def field_names(self) -> list[str]:
        cells = [list(row.cells) for row in self.rows]
        if self.order == "columns":
            cells = [list(col) for col in zip(*cells, strict=True)]
        return [name for line in cells for name in line]

    def to_json(self) -> dict[str, Any]:
        group_of = ([lab for lab, n in self.groups for _ in range(n)]
                    or [""] * len(self.columns))
        return {"corner": self.corner, "order": self.order,
                "columns": [{"label": c.label, "hint": c.hint,
                             "full": f"{group} {c.label}".strip()}
                            for c, group in zip(self.columns, group_of, strict=True)],
                "groups": [{"label": lab, "span": n} for lab, n in self.groups],
                "rows": [{"label": r.label, "hint": r.hint, "cells": list(r.cells),
                          "class": r.style} for r in self.rows]}


@dataclass(frozen=True)
class Block:
    """A titled part of the sheet: fields on top, a grid, fields below."""

    title: str
    grid: Grid | None
    head: tuple[Field, ...] = ()
    foot: tuple[Field, ...] = ()
    style: str = ""

    def field_names(self) -> list[str]:
        return ([f.name for f in self.head] + (self.grid.field_names() if self.grid else [])
                + [f.name for f in self.foot])

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "head": [f.to_json() for f in self.head],
                "grid": self.grid.to_json() if self.grid else None,
                "foot": [f.to_json() for f in self.foot], "class": self.style}


@dataclass(frozen=True)
class Numbered:
    """Rows 1..count of the same columns, named by a pattern such as ``t{n}_{key}``."""

    count: int
    label: str
    name: str
    columns: tuple[Column, ...]

    def field_names(self) -> list[str]:
        return [self.name.format(n=n, key=c.key) for n in range(1, self.count + 1)
                for c in self.columns]

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "label": self.label, "name": self.name,
                "columns": [{"key": c.key, "label": c.label, "hint": c.hint}
                            for c in self.columns]}


@dataclass(frozen=True)
class Layout:
    """The whole sheet: fields on top, numbered rows, blocks, totals (in the checker's
    order); ``wrap`` is a hint for narrow screens ("two-up")."""

    head: tuple[Field, ...] = ()
    rows: Numbered | None = None
    blocks: tuple[Block, ...] = ()
    totals: tuple[Field, ...] = ()
    wrap: str = ""

    def field_names(self) -> list[str]:
        names = [f.name for f in self.head]
        if self.rows:
            names += self.rows.field_names()
        for block in self.blocks:
            names += block.field_names()
        return names + [f.name for f in self.totals]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "head": [f.to_json() for f in self.head],
            "rows": self.rows.to_json() if self.rows else None,
            "blocks": [b.to_json() for b in self.blocks],
            "totals": [f.to_json() for f in self.totals]}
        if self.wrap:
            out["wrap"] = self.wrap
        return out


_ROW_FIELD = re.compile(r"([a-z]+)(\d{1,3})_(\w+)")


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def infer_layout(names: list[str]) -> Layout:
    """Numbered rows from names like ``m3_payoff`` (prefix, row number, column); the fields
    before the first row on top, the rest below.  One box per field when the names form no
    full grid.

    >>> infer_layout(["seed", "m1_a", "m1_b", "m2_a", "m2_b", "total"]).rows.name
    'm{n}_{key}'
    """
    matches = [(n, _ROW_FIELD.fullmatch(n)) for n in names]
    rows = [m for _, m in matches if m]
    flat = Layout(totals=tuple(Field(n, _label(n)) for n in names))
    if not rows or len({m.group(1) for m in rows}) != 1:
        return flat
    first = next(i for i, (_, m) in enumerate(matches) if m)
    keys = list(dict.fromkeys(m.group(3) for m in rows))
    layout = Layout(
        head=tuple(Field(n, _label(n)) for n in names[:first]),
        rows=Numbered(max(int(m.group(2)) for m in rows), "#", rows[0].group(1) + "{n}_{key}",
                      tuple(Column(_label(k), key=k) for k in keys)),
        totals=tuple(Field(n, _label(n)) for n, m in matches[first:] if not m))
    return layout if sorted(layout.field_names()) == sorted(names) else flat


# -- the filled sheet, as ruled tables (the result PDF) --------------------------------------
@dataclass
class Section:
    """One ruled table of a filled sheet: a header row, value rows, then totals on a line."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    totals: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class FilledSheet:
    title: str
    sections: list[Section]
    note: str = ""  # why some of the sheet stays empty


NO_ROOM = FilledSheet("Score sheet", [], "This game holds a move the printed sheet has no "
                                         "place for, so the sheet is not filled in.")


def numbered_rows(fields: Mapping[str, str], prefix: str, columns: list[str],
                  limit: int) -> list[list[str]]:
    """Rows ``1..limit`` (fields ``<prefix with n><column>``) that hold at least one value,
    each led by its number; ``prefix`` is a pattern such as ``"m{n}_"``."""
    out = []
    for n in range(1, limit + 1):
        cells = [fields.get(prefix.format(n=n) + c, "") for c in columns]
        if any(cells):
            out.append([str(n), *cells])
    return out


def filled_from_layout(title: str, layout: Layout, fields: Mapping[str, str]) -> FilledSheet:
    """The generic filled sheet: one table per numbered rows or grid (rows with a value),
    the single fields as totals."""
    def values(fs: tuple[Field, ...]) -> list[tuple[str, str]]:
        return [(f.label, fields.get(f.name, "")) for f in fs]

    sections = []
    if layout.rows:
        r = layout.rows
        rows = [[str(n), *[fields.get(r.name.format(n=n, key=c.key), "") for c in r.columns]]
                for n in range(1, r.count + 1)]
        sections.append(Section(title, [r.label, *[c.label for c in r.columns]],
                                [row for row in rows if any(row[1:])]))
    for block in layout.blocks:
        rows = []
        if block.grid:
            rows = [[row.label, *[fields.get(c, "") for c in row.cells]]
                    for row in block.grid.rows]
        sections.append(Section(
            block.title or title,
            [block.grid.corner, *[c.label for c in block.grid.columns]] if block.grid else [],
            [row for row in rows if any(row[1:])], values(block.head) + values(block.foot)))
    ends = values(layout.head) + values(layout.totals)
    if sections:
        sections[-1].totals += ends
    elif ends:
        sections.append(Section(title, [], [], ends))
    return FilledSheet(title, sections)


# -- the contract ----------------------------------------------------------------------------
class SheetSpec(ABC):
    """A game's printed score sheet: its fields and how each is checked and written.

    ``check`` recomputes every line of a filled sheet; ``check_document`` checks every
    fillable sheet of a kit at once (the same as ``check`` for a kit with one sheet);
    ``check_pages`` checks a sheet given page by page;
    ``fields_from_play`` writes the fields a careful table would have written, or None when
    the sheet has no place for what was played.  ``layout`` places the fields (inferred from
    their names unless a game draws its own) and ``filled`` lays the fields out for the result
    PDF.
    """

    title: str = "Score sheet"

    @abstractmethod
    def field_names(self) -> list[str]:
        """Every field, in the checker's order."""

    @abstractmethod
    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        """The report: ``{"ok", "lines": [Line.to_json()...], ...}``."""

    def check_document(self, fields: Mapping[str, str]) -> dict[str, object]:
        return self.check(fields)

    def check_pages(self, pages: Sequence[Mapping[str, str]]) -> dict[str, object]:
        """Check a sheet given page by page (photos, a JSON ``pages`` list), in page order.
        Pages whose fields are all named apart make one sheet; a game whose pages are printed
        again and again (the Wormholes continuation page) numbers them and overrides this."""
        merged: dict[str, str] = {}
        for page in pages:
            merged.update({k: v for k, v in page.items() if str(v).strip() or k not in merged})
        return self.check(merged)

    def prober(self, fields: Mapping[str, str]) -> Prober | None:
        """A quicker ``check`` of ``fields`` with a few of them changed, or None when the game
        has none: ``prober(fields)(changes) == check({**fields, **changes})``.  The photo
        reader tries hundreds of readings of one page (``pnp.sheetread.settle``)."""
        return None

    def wrong_prober(self, fields: Mapping[str, str]) -> WrongProber | None:
        """``prober`` giving only the fields of the report's wrong lines, quicker still, or
        None: ``wrong_prober(fields)(changes)`` is the set of ``line["field"]`` of the lines
        of ``check({**fields, **changes})`` that are not ok."""
        return None

    def bears_on(self, name: str) -> frozenset[str] | None:
        """The fields of the report lines whose rightness field ``name``'s value can change
        (the checker's own equations: a Weird Galaxy mission's distance bears on its own
        line, its tiles on their row's lines and the total paid), or None when the game does
        not say.  The photo reader settles doubtful fields line by line with it
        (``pnp.sheetread.joint``); a line left out would let a wrong reading through."""
        return None

    def pages_prober(self, pages: Sequence[Mapping[str, str]], index: int) -> Prober | None:
        """``prober`` for a sheet given page by page: a quicker ``check_pages`` of ``pages``
        with a few fields of page ``index`` changed, or None."""
        return None

    def document_field_names(self) -> list[str]:
        """Every field of every fillable sheet of the kit (``check_document``'s fields)."""
        return self.field_names()

    @abstractmethod
    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        """The fields for a played game, or None when the sheet cannot hold it."""

    def layout(self) -> Layout:
        return infer_layout(self.field_names())

    def filled(self, fields: Mapping[str, str], play: Played) -> FilledSheet:
        return filled_from_layout(self.title, self.layout(), fields)


__all__ = ["NO_ROOM", "Block", "Column", "Field", "FilledSheet", "Grid", "GridRow", "Layout",
           "Line", "Numbered", "Prober", "Section", "SheetSpec", "WrongProber",
           "filled_from_layout", "infer_layout", "numbered_rows"]

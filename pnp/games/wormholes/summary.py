"""The shape of Wormholes' public summary (``Wormholes.summary``), shared by the engine that
writes it and the tracker's board that draws it."""

from __future__ import annotations

from typing import TypedDict


class BoardSummary(TypedDict):
    width: int
    height: int
    cells: list[str]
    bases: dict[str, list[str]]  # by side name


class SideSummary(TypedDict):
    seat: int
    player: str
    side: str
    suits: list[str]
    compass: dict[str, list[int]]  # direction -> (column, row) step


class ShipSummary(TypedDict):
    suit: str
    owner: int
    cell: str
    lost_turn: bool


class WormholeSummary(TypedDict):
    cell: str
    suit: str
    owner: int
    value: int | None  # None while never turned
    flips: int
    side_up: str  # "value" | "suit"


class DieSummary(TypedDict):
    suit: str
    face: int
    used: bool


class Summary(TypedDict):
    game: str
    phase: str
    variant: str  # "one ship" | "two ships"
    board: BoardSummary
    sides: list[SideSummary]
    axes: dict[str, list[str]]  # suit -> the two directions of its wormholes' axis
    ships: list[ShipSummary]
    wormholes: list[WormholeSummary]
    opening_roll: list[int] | None
    high_roller: int | None
    first_mover: int | None
    turn: int | None
    turns: int
    step: str | None
    dice: list[DieSummary]
    skipped: list[int]
    actor: int | None
    pending_chance: dict[str, object] | None  # what the table owes: its kind and details
    effects: list[dict[str, object]]  # activations, jumps and sends still to resolve
    legal: list[str]
    winner: int | None
    result: str | None


__all__ = ["BoardSummary", "DieSummary", "ShipSummary", "SideSummary", "Summary",
           "WormholeSummary"]

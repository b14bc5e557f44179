"""The shape of Galaxy Express's public summary (``GalaxyExpress.summary``), shared by the
engine that writes it and the tracker's board that draws it."""

from __future__ import annotations

from typing import TypedDict


class BoardSize(TypedDict):
    cols: int
    rows: int


class PlanetSummary(TypedDict):
    cell: str  # a1..h6
    number: int | None  # None while face down


class QueueSummary(TypedDict):
    top: int | None
    remaining: int
    delivered: list[int]
    bottom: int | None  # the start planet's coin, moved to the bottom (GE-3)


class CoinsSummary(TypedDict):
    face_up: list[int]
    spent: list[int]
    in_stack: int


class Summary(TypedDict):
    board: BoardSize
    turn: int
    phase: str
    ship: str | None  # the ship's cell
    speed: int
    refuels: int
    deliveries: int
    planets: list[PlanetSummary]
    queue: QueueSummary
    suns: CoinsSummary
    moons: CoinsSummary
    awaiting: str  # "over" | "chance" | "decision"
    chance: list[str]  # what the table owes, in words
    chance_mode: str  # "seeded" | "table"
    coins_left: int
    score: int
    rating: str
    result: str | None


__all__ = ["BoardSize", "CoinsSummary", "PlanetSummary", "QueueSummary", "Summary"]

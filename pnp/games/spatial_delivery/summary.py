"""The shape of Spatial Delivery's public summary (``SpatialDelivery.summary``), shared by the
engine that writes it and the tracker's board that draws it."""

from __future__ import annotations

from typing import TypedDict


class HexSummary(TypedDict):
    hex: str
    q: int  # axial coordinates
    r: int
    ring: int
    tile: str | None  # "earth" | "space" | "world"; None while face down
    goods: str | None  # a Settled World's goods colour (Y B P G)
    score_token: int | None
    first_delivery: bool


class RouteSummary(TypedDict):
    border: str
    corners: list[str]


class StationSummary(TypedDict):
    corner: str
    hexes: list[str]
    owner: int


class ShipSummary(TypedDict):
    seat: int
    at: str
    passed: bool


class HandSummary(TypedDict):
    seat: int
    size: int
    fuel: int
    cards: list[str]


class MarketSummary(TypedDict):
    face_up: str | None
    deck: int
    discards: int


class ResultSummary(TypedDict):
    result: str
    winners: list[int]
    detail: str


class Summary(TypedDict):
    round: int
    rounds: int
    phase: str
    turn: int | None
    stage: int  # actions done this turn: 0 none, 1 mission, 2 delivery, 3 card action
    must_take: bool
    extra_turns: int
    hexes: list[HexSummary]
    routes: list[RouteSummary]
    stations: list[StationSummary]
    ships: list[ShipSummary]
    hands: list[HandSummary]
    market: dict[str, MarketSummary]  # by goods colour
    fuel_depot: int
    this_turn: list[int]
    next_turn: list[int]
    scores: list[int]
    first_delivery_tokens: list[dict[str, int]]
    bonus: list[int]
    stations_left: list[int]
    awaiting: str  # "over" | "chance" | "decision"
    chance: list[str]
    chance_mode: str
    result: ResultSummary | None


__all__ = ["HandSummary", "HexSummary", "MarketSummary", "ResultSummary", "RouteSummary",
           "ShipSummary", "StationSummary", "Summary"]

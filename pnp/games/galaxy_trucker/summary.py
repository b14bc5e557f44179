"""The shape of Galaxy Trucker's public summary (``GalaxyTrucker.summary``), shared by the
engine that writes it and the tracker's board that draws it."""

from __future__ import annotations

from typing import TypedDict


class BerthSummary(TypedDict):
    """Who is in one cabin."""

    cabin: int  # the cabin's tile id
    humans: int  # 0-2
    alien: str | None  # "B" (brown) or "P" (purple)


class ShipSummary(TypedDict):
    """One seat: where it flies, its ship in the ship notation, what is aboard."""

    seat: int
    name: str
    number: int | None  # the number tile taken at the end of building
    space: int | None  # board space (pos mod ``loop``)
    pos: int | None  # spaces travelled
    lapped: bool  # the leader is a full loop (or more) ahead (GT-F)
    flying: bool
    gave_up: bool
    credits: int
    board: str
    ship: str | None  # ``II 141@7,7 12@6,7/1 ...``
    crew: str  # ``12:HH 30:P``
    berths: list[BerthSummary]  # the same crew, cabin by cabin
    humans: int
    crew_total: int
    batteries: dict[str, int]  # tile id -> tokens left
    goods: dict[str, str]  # hold tile id -> goods letters
    lost: int
    exposed: int | None
    history: list[str]  # one sentence per finished round


class CardSummary(TypedDict):
    id: str
    title: str
    text: str
    stage: str


class DecisionSummary(TypedDict):
    seat: int
    name: str
    kind: str
    what: str


class Summary(TypedDict):
    now: str
    flight: str
    tile_seed: int  # the printed tile set: ids -> tiles for drawings
    loop: int  # spaces around the flight board
    round: str
    round_number: int
    rounds: list[str]
    phase: str
    order: list[int]  # seats, leader first
    ships: list[ShipSummary]
    card: CardSummary | None
    cards_turned: int
    deck_size: int
    awaiting: str  # "over" | "chance" | "decision"
    decision: DecisionSummary | None
    chance: str | None
    dice: int | None
    events: list[str]
    credits: list[int]
    result: str | None


__all__ = ["BerthSummary", "CardSummary", "DecisionSummary", "ShipSummary", "Summary"]

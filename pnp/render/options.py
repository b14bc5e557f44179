"""What a user can ask of a printed kit (the `pnp kit` flags)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Paper = Literal["a4", "letter", "a5"]
Duplex = Literal["long", "short", "none"]
Ink = Literal["full", "low"]

DEFAULT_TRACKER_URL = "http://localhost:5000"


def default_tracker_url() -> str:
    return os.environ.get("PNP_TRACKER_URL") or DEFAULT_TRACKER_URL


@dataclass(frozen=True)
class KitOptions:
    seed: int = 1
    paper: Paper = "a4"
    out: Path = Path("output")
    tracker_url: str = DEFAULT_TRACKER_URL
    duplex: Duplex = "long"
    gutter_fold: bool = False
    bleed_mm: float = 0.0
    crop_marks: bool = True
    ink: Ink = "full"
    progress: bool = False

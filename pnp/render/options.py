"""What a user can ask of a printed kit (the `pnp kit` flags)."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

Paper = Literal["a4", "letter", "a5"]
Duplex = Literal["long", "short", "none"]
Ink = Literal["full", "low"]

DEFAULT_TRACKER_URL = "http://localhost:5000"
DEFAULT_BLEED_MM = 1.5
"""Art runs 1.5 mm past every cut line unless asked otherwise: a back printed 1 mm off its
front, or a cut 1 mm off the line, still shows no white edge (``--bleed 0`` turns it off)."""


def default_tracker_url() -> str:
    return os.environ.get("PNP_TRACKER_URL") or DEFAULT_TRACKER_URL


def table_url(options: KitOptions, game_id: str, chance: str) -> str:
    """The new-table address a kit's QR codes carry: the game, the printed seed, and the
    mode its setup sheet describes (``chance``: "tracker" deals, "table" reveals real pieces),
    which the tracker's form pre-selects.

    >>> table_url(KitOptions(seed=7, tracker_url="http://10.0.0.5:5000/"), "wormholes", "table")
    'http://10.0.0.5:5000/tables/new?game=wormholes&seed=7&chance=table'
    """
    base = options.tracker_url.rstrip("/")
    return f"{base}/tables/new?game={game_id}&seed={options.seed}&chance={chance}"


def kit_file(options: KitOptions, game_id: str) -> Path:
    """Where a game's kit PDF is written: ``<out>/<game>-seed<N>-<paper>.pdf``, or ``out``
    itself when it names a PDF (``--out my-kit.pdf`` means that file, not a folder).

    >>> kit_file(KitOptions(seed=7, out=Path("out")), "wormholes").as_posix()
    'out/wormholes-seed7-a4.pdf'
    >>> kit_file(KitOptions(seed=7, out=Path("gifts/wh.PDF")), "wormholes").as_posix()
    'gifts/wh.PDF'
    """
    if options.out.suffix.lower() == ".pdf":
        return options.out
    return options.out / f"{game_id}-seed{options.seed}-{options.paper}.pdf"


def points_at_localhost(url: str) -> bool:
    """Whether a phone opening this URL (a kit's QR code) would reach itself, not the tracker.

    >>> points_at_localhost("http://localhost:5000"), points_at_localhost("http://10.0.0.5")
    (True, False)
    """
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return False
    if host in ("localhost", "0.0.0.0", "::", "") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class KitOptions:
    seed: int = 1
    paper: Paper = "a4"
    out: Path = Path("output")
    tracker_url: str = DEFAULT_TRACKER_URL
    duplex: Duplex = "long"
    gutter_fold: bool = False
    bleed_mm: float = DEFAULT_BLEED_MM
    crop_marks: bool = True
    ink: Ink = "full"
    progress: bool = False
    cut_file: str | None = None  # "svg": write each component sheet's cut lines as well

    @property
    def print_mode(self) -> str:
        """How the sheets are printed: ``long``/``short`` duplex, ``none`` or ``fold``."""
        return "fold" if self.gutter_fold else self.duplex

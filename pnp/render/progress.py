"""A one-line terminal progress bar for kits that take more than a moment."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Draws ``label [#####-----] 12/30`` on one line; silent when disabled.

    It only appears once a job has run for ``delay`` seconds, so quick kits print nothing.
    """

    def __init__(self, total: int, label: str, enabled: bool, stream: TextIO | None = None,
                 delay: float = 0.3, width: int = 30) -> None:
        self.total = max(total, 1)
        self.label = label
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        self.done = 0
        self._start = time.monotonic()
        self._shown = False

    def step(self, n: int = 1) -> None:
        self.done = min(self.total, self.done + n)
        if not self.enabled:
            return
        if not self._shown and time.monotonic() - self._start < self.delay:
            return
        self._shown = True
        filled = self.width * self.done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} pages")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\n")
            self.stream.flush()

"""Narrow exceptions shared by every rules engine.

A refusal always names the rule it enforces (a stable id such as ``GE-4``) and says, in
plain words, what was wrong and what would have been legal.
"""

from __future__ import annotations

from collections.abc import Sequence


class PnpError(Exception):
    """Base of every error this project raises on purpose."""


class IllegalMove(PnpError, ValueError):
    """An event the rules do not allow in this state."""

    def __init__(self, rule: str, message: str, legal: Sequence[str] = ()) -> None:
        self.rule = rule
        self.message = message
        self.legal = tuple(legal)
        super().__init__(f"[{rule}] {message}")

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "message": self.message, "legal": list(self.legal)}


class NotationError(PnpError, ValueError):
    """Text that is not an event in a game's notation."""

    def __init__(self, text: str, message: str) -> None:
        self.text = text
        self.message = message
        super().__init__(f"cannot read {text!r}: {message}")


class SetupError(PnpError, ValueError):
    """A setup, option set or player list a game cannot start from."""


class LogError(PnpError, ValueError):
    """A game log that is not well formed (before any rule is checked)."""


class UnknownGame(PnpError, KeyError):
    """No game is registered under that id."""

    def __init__(self, game_id: str, known: Sequence[str]) -> None:
        self.game_id = game_id
        self.known = tuple(known)
        super().__init__(game_id)

    def __str__(self) -> str:
        return f"unknown game {self.game_id!r}; known games: {', '.join(self.known)}"


def legal_hint(options: Sequence[str], limit: int = 12) -> str:
    """A short 'legal would be: ...' tail for an error message."""
    if not options:
        return "nothing is legal here"
    shown = ", ".join(options[:limit])
    more = f" (and {len(options) - limit} more)" if len(options) > limit else ""
    return f"legal: {shown}{more}"

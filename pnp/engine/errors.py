"""Narrow exceptions shared by every rules engine.

A refusal always names the rule it enforces (a stable id such as ``GE-4``) and says, in
plain words, what was wrong and what would have been legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


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
        return (f"unknown game {self.game_id!r}{did_you_mean(self.game_id, self.known)}; "
                f"known games: {', '.join(self.known)}")


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` when a known word is close to ``word``, else ``""``.

    >>> did_you_mean("two_ship", ["chance", "two_ships"])
    " (did you mean 'two_ships'?)"
    >>> did_you_mean("colour", ["chance"])
    ''
    """
    folded = {k.lower(): k for k in known}
    import difflib  # only when a word is unknown: a command that never errs need not load it

    close = difflib.get_close_matches(word.lower(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean {folded[close[0]]!r}?)" if close else ""


def check_fields(what: str, given: Mapping[str, object], known: Iterable[str]) -> None:
    """Refuse any field of ``given`` not in ``known``, naming the nearest known one.

    Every game calls this on its options and on the setup it reads, so a misspelled field
    is never silently ignored (``"two_ship": true`` would otherwise play the one-ship game).

    >>> try:
    ...     check_fields("setup field", {"chance": "table", "two_ship": True},
    ...                  ["chance", "two_ships"])
    ... except SetupError as exc:
    ...     print(exc)
    unknown setup field 'two_ship' (did you mean 'two_ships'?); known: chance, two_ships
    """
    names = sorted(set(known))
    unknown = sorted(str(k) for k in given if k not in names)
    if not unknown:
        return
    parts = [f"{k[:40]!r}{did_you_mean(k, names)}" for k in unknown[:5]]
    s = "s" if len(unknown) > 1 else ""
    raise SetupError(f"unknown {what}{s} {', '.join(parts)}; "
                     f"known: {', '.join(names) or 'none'}")


def legal_hint(options: Sequence[str], limit: int = 12) -> str:
    """A short 'legal would be: ...' tail for an error message."""
    if not options:
        return "nothing is legal here"
    shown = ", ".join(options[:limit])
    more = f" (and {len(options) - limit} more)" if len(options) > limit else ""
    return f"legal: {shown}{more}"

"""Narrow exceptions shared by every rules engine.

A refusal always names the rule it enforces (a stable id such as ``GE-4``) and says, in
plain words, what was wrong and what would have been legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence


class PnpError(Exception):
    """Base of every error this project raises on purpose."""


Legal = Sequence[str] | Callable[[], Sequence[str]]
"""What would have been legal: the list, or a way to compute it when a refusal is shown."""


class IllegalMove(PnpError, ValueError):
    """An event the rules do not allow in this state.

    ``legal`` (and ``message``) may be functions: the legal list is then computed only when
    the refusal is reported (``message``, ``legal``, ``str``), so a refusal caught to probe
    an event (a caption, ``Game.is_legal``, a playout) costs no legal list.  With ``hint``
    the message ends with that list (``legal_hint``).

    >>> calls = []
    >>> exc = IllegalMove("X-1", "no", lambda: calls.append(1) or ["a", "b"], hint=True)
    >>> calls
    []
    >>> print(exc)
    [X-1] no; legal: a, b
    >>> exc.amended(" (twice)").message, len(calls)
    ('no; legal: a, b (twice)', 1)
    """

    def __init__(self, rule: str, message: str | Callable[[], str], legal: Legal = (), *,
                 hint: bool = False, extra: str = "") -> None:
        self.rule = rule
        self._text = message
        self._legal: Legal = legal if callable(legal) else tuple(legal)
        self._hint = hint
        self._extra = extra
        super().__init__(rule)

    @property
    def legal(self) -> tuple[str, ...]:
        if callable(self._legal):
            self._legal = tuple(self._legal())
        return tuple(self._legal)

    @property
    def legal_built(self) -> bool:
        """Whether the legal list exists yet (a lazy one is built when first shown)."""
        return not callable(self._legal)

    @property
    def message(self) -> str:
        if callable(self._text):
            self._text = self._text()
        hint = f"; {legal_hint(self.legal)}" if self._hint else ""
        return f"{self._text}{hint}{self._extra}"

    def amended(self, extra: str) -> IllegalMove:
        """The same refusal with ``extra`` after its message, its legal list still lazy."""
        return IllegalMove(self.rule, self._text, self._legal, hint=self._hint,
                           extra=self._extra + extra)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, str, tuple[str, ...]]]:
        return (IllegalMove, (self.rule, self.message, self.legal))  # computed, then pickled

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

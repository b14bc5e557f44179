"""Engine states as compact JSON and back: one codec for every game's immutable state.

States are trees of frozen dataclasses, tuples, frozensets, enums, fractions and plain
values, so one generic encoding fits all games and no game writes its own.  The tracker stores
states encoded this way as checkpoints, so that rebuilding a long game replays a few events
instead of all of them.

>>> from fractions import Fraction
>>> from pnp.engine.game import Outcome
>>> value = (Outcome((0,), "win"), frozenset({2, 1}), Fraction(1, 3), None)
>>> text = dumps(value)
>>> text
'{"f":1,"t":["pnp.engine.game:Outcome"],"v":[{"d":0,"a":[[0],"win",""]},{"fs":[1,2]},{"q":[1,3]},null]}'
>>> loads(text) == value
True

Only classes of the modules named in ``modules`` are rebuilt (``pnp`` by default): a stored
checkpoint can never make the decoder import anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

FORMAT = 1


class CodecError(ValueError):
    """A value the codec cannot encode, or text that does not decode to a state."""


def _type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


class _Encoder:
    def __init__(self) -> None:
        self.types: list[str] = []
        self.index: dict[type, int] = {}

    def ref(self, cls: type) -> int:
        i = self.index.get(cls)
        if i is None:
            i = self.index[cls] = len(self.types)
            self.types.append(_type_name(cls))
        return i

    def encode(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, enum.Enum):  # before int: an IntEnum is an int too
            return {"e": self.ref(type(value)), "v": self.encode(value.value)}
        if isinstance(value, (int, float)):
            return value
        if type(value) is tuple:
            return [self.encode(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {"d": self.ref(type(value)),
                    "a": [self.encode(getattr(value, f.name))
                          for f in dataclasses.fields(value)]}
        if isinstance(value, (frozenset, set)):
            items = sorted((self.encode(v) for v in value),
                           key=lambda x: json.dumps(x, sort_keys=True))
            return {"fs" if isinstance(value, frozenset) else "s": items}
        if type(value) is list:
            return {"l": [self.encode(v) for v in value]}
        if type(value) is dict:
            return {"m": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if isinstance(value, Fraction):
            return {"q": [value.numerator, value.denominator]}
        raise CodecError(f"cannot encode a {type(value).__qualname__} value ({value!r:.60})")


def encode(value: Any) -> dict[str, Any]:
    """The JSON object for ``value`` (a state or any value made of the kinds above)."""
    enc = _Encoder()
    tree = enc.encode(value)
    return {"f": FORMAT, "t": enc.types, "v": tree}


def dumps(value: Any) -> str:
    return json.dumps(encode(value), ensure_ascii=False, separators=(",", ":"))


def _allowed(module: str, modules: Iterable[str]) -> bool:
    return any(module == m or module.startswith(m + ".") for m in modules)


def _resolve(name: str, modules: Iterable[str]) -> type:
    module, _, qualname = name.partition(":")
    if not qualname or not _allowed(module, modules):
        raise CodecError(f"type {name[:80]!r} is not one this decoder rebuilds")
    try:
        obj: Any = importlib.import_module(module)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        raise CodecError(f"type {name[:80]!r} no longer exists") from None
    if not isinstance(obj, type) or not (dataclasses.is_dataclass(obj)
                                         or issubclass(obj, enum.Enum)):
        raise CodecError(f"{name[:80]!r} is neither a dataclass nor an enum")
    return obj


class _Decoder:
    def __init__(self, types: list[type]) -> None:
        self.types = types
        self.fields = {cls: [f.name for f in dataclasses.fields(cls)]
                       for cls in types if dataclasses.is_dataclass(cls)}

    def cls(self, i: Any) -> type:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.types):
            raise CodecError(f"bad type reference {i!r}")
        return self.types[i]

    def decode(self, node: Any) -> Any:
        if node is None or isinstance(node, (bool, int, float, str)):
            return node
        if isinstance(node, list):
            return tuple(self.decode(v) for v in node)
        if not isinstance(node, dict) or len(node) not in (1, 2):
            raise CodecError(f"unexpected node {str(node)[:60]}")
        if "d" in node:
            cls = self.cls(node["d"])
            names = self.fields.get(cls)
            args = node.get("a")
            if names is None or not isinstance(args, list) or len(args) != len(names):
                raise CodecError(f"{_type_name(cls)} does not have the stored fields")
            obj: Any = object.__new__(cls)
            for name, arg in zip(names, args, strict=True):
                object.__setattr__(obj, name, self.decode(arg))
            return obj
        if "e" in node:
            cls = self.cls(node["e"])
            try:
                return cls(self.decode(node.get("v")))
            except (TypeError, ValueError):
                raise CodecError(f"{_type_name(cls)} has no member {node.get('v')!r}") from None
        (kind, body), = node.items()
        if not isinstance(body, list):
            raise CodecError(f"unexpected node {str(node)[:60]}")
        if kind == "fs":
            return frozenset(self.decode(v) for v in body)
        if kind == "s":
            return {self.decode(v) for v in body}
        if kind == "l":
            return [self.decode(v) for v in body]
        if kind == "m":
            return {self.decode(k): self.decode(v) for k, v in body}
        if kind == "q" and len(body) == 2:
            try:
                return Fraction(body[0], body[1])
            except ZeroDivisionError:
                raise CodecError("a fraction over zero") from None
        raise CodecError(f"unexpected node {str(node)[:60]}")


def decode(data: Any, modules: Iterable[str] = ("pnp",)) -> Any:
    """Rebuild the value ``encode`` described; CodecError if it does not fit the code now."""
    if not isinstance(data, dict) or data.get("f") != FORMAT or not isinstance(
            data.get("t"), list):
        raise CodecError("not an encoded state (format 1)")
    mods = tuple(modules)
    types = [_resolve(str(name), mods) for name in data["t"]]
    try:
        return _Decoder(types).decode(data.get("v"))
    except (TypeError, ValueError, RecursionError) as exc:
        if isinstance(exc, CodecError):
            raise
        raise CodecError(f"malformed encoded state: {exc}") from None


def loads(text: str | bytes, modules: Iterable[str] = ("pnp",)) -> Any:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise CodecError("not JSON") from None
    return decode(data, modules)

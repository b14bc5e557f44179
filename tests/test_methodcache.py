"""``pnp.methodcache``: dataclasses made from cached code are the ones ``dataclasses`` makes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Run in a child: install() changes the process's dataclasses module, and the file it keeps
# is pointed at a temporary folder.  The child defines a few dataclasses with the cache, then
# the same ones without it, and compares every generated method.
CHILD = """
import dataclasses, sys
from pnp import methodcache
methodcache.FOLDER = sys.argv[1]
assert methodcache.install()
from pnp import methodcache as again
assert again.install()  # twice is once

SOURCE = '''
from dataclasses import dataclass, field
from typing import ClassVar

@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    kind: ClassVar[str] = "pt"

@dataclass(order=True)
class Box:
    w: float
    items: list[int] = field(default_factory=list)
    _hidden: int = field(default=3, repr=False, compare=False)

@dataclass(frozen=True, slots=True, kw_only=True)
class Key:
    name: str
    rank: int = 1
'''

def make(name="pnp.demo"):
    module = sys.modules[name] = type(sys)(name)
    exec(compile(SOURCE, "demo.py", "exec", dont_inherit=True), module.__dict__)
    return module

outside = make("elsewhere")  # a class outside pnp: compiled as usual, not kept
assert not methodcache._new

cached = make()
print("new", len(methodcache._new), len(methodcache._shards["pnp.demo"]))
del dataclasses.exec  # dataclasses as shipped
plain = make()
for name in ("Point", "Box", "Key"):
    a, b = getattr(cached, name), getattr(plain, name)
    for meth in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
                 "__lt__", "__le__"):
        fa, fb = a.__dict__.get(meth), b.__dict__.get(meth)
        assert (fa is None) == (fb is None), (name, meth)
        if callable(fa):
            assert fa.__code__ == fb.__code__, (name, meth)
            assert fa.__code__.co_filename == fb.__code__.co_filename, (name, meth)
            assert fa.__annotations__ == fb.__annotations__, (name, meth)
            assert fa.__qualname__ == fb.__qualname__, (name, meth)
            assert fa.__defaults__ == fb.__defaults__ and fa.__kwdefaults__ == fb.__kwdefaults__
p = cached.Point(1, tags=("a",))
assert repr(p) == "Point(x=1, y=0, tags=('a',))" and p == cached.Point(1, 0, ("a",))
assert hash(p) == hash(cached.Point(1, 0, ("a",)))
try:
    p.x = 2
except dataclasses.FrozenInstanceError:
    pass
else:
    raise AssertionError("frozen")
assert cached.Box(1.0) < cached.Box(2.0) and repr(cached.Box(1.0)) == "Box(w=1.0, items=[])"
assert cached.Key(name="k").rank == 1
print("saved", methodcache.save())
"""


def _child(folder: Path, write: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder)], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")[:-1]


def test_cached_methods_are_the_ones_dataclasses_makes(tmp_path: Path) -> None:
    new, saved = _child(tmp_path, write=True)
    assert new.split()[1] == "1" and int(new.split()[2]) >= 12 and saved == "saved True"
    (kept,) = tmp_path.iterdir()  # one file: the pnp.demo package's, none for "elsewhere"
    assert kept.name == f"dataclass-methods.pnp.demo.{sys.implementation.cache_tag}.bin"
    # a second process finds every text in the file: nothing new, nothing written
    again = _child(tmp_path, write=True)
    assert again[0].split()[:2] == ["new", "0"] and again[1] == "saved False"


def test_nothing_is_written_without_bytecode_writing(tmp_path: Path) -> None:
    assert _child(tmp_path, write=False)[1] == "saved False"
    assert not list(tmp_path.iterdir())


def test_a_broken_file_is_compiled_past(tmp_path: Path) -> None:
    name = f"dataclass-methods.pnp.demo.{sys.implementation.cache_tag}.bin"
    (tmp_path / name).write_bytes(b"not marshal at all")
    new, saved = _child(tmp_path, write=True)
    assert new.split()[1] == "1" and saved == "saved True"


def test_docstring_examples_run() -> None:
    import doctest

    from pnp import methodcache

    assert doctest.testmod(methodcache).failed == 0

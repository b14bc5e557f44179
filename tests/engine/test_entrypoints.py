"""``pnp.engine.entrypoints`` finds what ``importlib.metadata`` finds, in the same order."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from pnp.engine import entrypoints


def _both(group: str, name: str | None = None) -> tuple[list[tuple[str, str, str | None]], ...]:
    select = {"group": group} if name is None else {"group": group, "name": name}
    ours = [(e.name, e.value, e.group) for e in entrypoints.entry_points(group, name)]
    theirs = [(e.name, e.value, e.group) for e in metadata.entry_points(**select)]
    return ours, theirs


def test_every_installed_group_is_read_alike() -> None:
    groups = {e.group for dist in metadata.distributions() for e in dist.entry_points}
    assert "pnp.games" in groups and len(groups) > 3
    for group in sorted(groups):
        ours, theirs = _both(group)
        assert ours == theirs, group
    ours, theirs = _both("pnp.games", "wormholes")
    assert ours == theirs and len(ours) == 1


def _dist(site: Path, folder: str, text: str) -> None:
    info = site / folder
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {folder.split('-')[0]}\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(text)


def test_first_distribution_of_a_name_wins(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(first, "My.Plugin-2.0.dist-info",
          "# comment\n[demo]\n one = pkg.one:THING [extra]\n two=pkg.two\n\n[other]\nx = y:z\n")
    _dist(second, "my_plugin-1.0.dist-info", "[demo]\nshadowed = pkg.old:THING\n")
    _dist(second, "zz_other-1.0.egg-info", "[demo]\nthree = pkg.three:A.b\n")
    (second / "nothing.egg-info").write_text("Name: nothing\n")  # an egg-info file, no entries
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    metadata.FastPath.__new__.cache_clear()  # type: ignore[attr-defined]
    ours, theirs = _both("demo")
    assert ours == theirs
    assert [e[0] for e in ours] == ["one", "two", "three"]
    assert _both("demo", "three")[0] == [("three", "pkg.three:A.b", "demo")]


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[demo-zip]\nz = zmod:Z\n")
    monkeypatch.syspath_prepend(str(archive))
    ours, theirs = _both("demo-zip")
    assert ours == theirs == [("z", "zmod:Z", "demo-zip")]


def test_load_imports_the_attribute() -> None:
    (ep,) = entrypoints.entry_points("pnp.games", "galaxy-express")
    assert ep.load().id == "galaxy-express"
    with pytest.raises(ValueError, match="not module:attr"):
        entrypoints.EntryPoint("bad", "no good", "g").load()


def test_a_game_lookup_does_not_import_importlib_metadata() -> None:
    code = ("import sys; from pnp.engine import get_record; get_record('wormholes'); "
            "print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"

"""Cut files (`pnp kit GAME --cut-file svg`): every cut path is a piece's trim box."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.render.geometry import Rect
from pnp.render.layout import record_pages
from pnp.render.options import KitOptions

from .test_layout import kit_page_lists

NS = "{http://www.w3.org/2000/svg}"


def _cuts(path: Path) -> tuple[list[Rect], list[bool], int]:
    """The cut layer as PDF-coordinate rectangles (circles by their box), and the number of
    registration targets."""
    root = ET.parse(path).getroot()
    h = float(root.get("viewBox", "0 0 0 0").split()[3])
    rects, round_ = [], []
    for el in root.find(f"{NS}g[@id='cut']") or []:
        if el.tag == f"{NS}rect":
            x, y, w, hh = (float(el.get(k, "0")) for k in ("x", "y", "width", "height"))
            rects.append(Rect(x, h - y - hh, w, hh))
            round_.append(False)
        else:
            cx, cy, r = (float(el.get(k, "0")) for k in ("cx", "cy", "r"))
            rects.append(Rect(cx - r, h - cy - r, 2 * r, 2 * r))
            round_.append(True)
    targets = len([el for el in root.find(f"{NS}g[@id='registration']") or []
                   if el.tag == f"{NS}circle"])
    return rects, round_, targets


def _same(a: Rect, b: Rect) -> bool:
    return all(abs(u - v) < 0.01 for u, v in zip(a.box(), b.box(), strict=True))


@pytest.mark.parametrize(("game", "options"), [
    ("galaxy-express", {}), ("weird-galaxy", {"duplex": "short"}),
    ("spatial-delivery", {"paper": "letter"}), ("piecepack", {"gutter_fold": True})])
def test_every_cut_path_is_a_piece_trim_box(tmp_path: Path, game: str,
                                            options: dict[str, object],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    paper = str(options.get("paper", "a4"))
    args = ["kit", game, "--out", str(tmp_path), "--quiet", "--cut-file", "svg",
            "--paper", paper]
    if options.get("duplex"):
        args += ["--duplex", str(options["duplex"])]
    if options.get("gutter_fold"):
        args.append("--gutter-fold")
    assert main(args) == 0
    assert "-cut-p*.svg (" in capsys.readouterr().out
    opts = KitOptions(out=tmp_path, **options)  # type: ignore[arg-type]
    checked = rounds = 0
    for stem, pages in kit_page_lists(game, opts).items():
        records = record_pages(pages)
        files = sorted(tmp_path.glob(f"{stem}-*-cut-p*.svg") if stem != "piecepack"
                       else tmp_path.glob(f"{stem}-{paper}-cut-p*.svg"))
        assert files, stem
        for path in files:
            number = int(re.search(r"-cut-p(\d+)\.svg$", path.name).group(1))  # type: ignore[union-attr]
            record, page = records[number - 1], pages[number - 1]
            assert "(backs)" not in page.label  # one file a sheet: its front
            rects, round_, targets = _cuts(path)
            trims = [p.trim for p in record.pieces]
            assert rects and all(any(_same(r, t) for t in trims) for r in rects), path.name
            assert len(rects) == len({r.box() for r in rects})  # each piece cut once
            assert targets == len(page.targets)
            checked += len(rects)
            rounds += sum(round_)
        # every page with pieces that carry crop marks has its file
        with_marks = {k + 1 for k, p in enumerate(pages) if p.cuts}
        assert {int(re.search(r"-cut-p(\d+)", f.name).group(1)) for f in files  # type: ignore[union-attr]
                } == with_marks
    assert checked > 10
    assert rounds > 0  # coins, counters, tokens: cut as circles


def test_cut_files_are_deterministic(tmp_path: Path) -> None:
    for out in ("a", "b"):
        assert main(["kit", "galaxy-express", "--out", str(tmp_path / out), "--quiet",
                     "--cut-file", "svg"]) == 0
    a = sorted((tmp_path / "a").glob("*.svg"))
    assert a and [p.read_bytes() for p in a] == [
        (tmp_path / "b" / p.name).read_bytes() for p in a]

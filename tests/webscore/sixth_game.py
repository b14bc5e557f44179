"""A sixth game that lives outside ``pnp``: the tests install it only through an entry point
(``tests/webscore/test_adding_a_game.py``), to show that a record is all a game needs.

It is the toy dice game under another id, with everything a record can declare: a score
sheet (a row per turn, laid out and filled by the generic renderers), a one-page kit, an
option field for the new-table form, a board drawer with tap targets and a table timer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from pnp.engine import BoardDrawing, GameRecord, OptionField, Played
from pnp.engine.pages import ApiDoc, GamePages, Page, PageAnswer, PageRequest, bad
from pnp.engine.sheetspec import Line, SheetSpec
from pnp.games.galaxy_trucker import buildtimer

from .toygame import Roll, Take, ToyDice

ROWS = 30


class SixthDice(ToyDice):
    id = "sixth-dice"
    title = "Sixth Dice"
    credits = "the adding-a-game test"

    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, Any]) -> dict[str, Any]:
        short = bool(options.get("short"))
        rest = {k: v for k, v in options.items() if k != "short"}
        return super().new_setup(seed, players, {"target": 5 if short else 10, **rest})


class TurnSheet(SheetSpec):
    """A row per turn: the roll and the points taken (at most the roll)."""

    title = "Sixth Dice turn sheet"

    def field_names(self) -> list[str]:
        rows = [f"t{n}_{c}" for n in range(1, ROWS + 1) for c in ("roll", "take")]
        return ["seed", *rows, "winner"]

    def check(self, fields: Mapping[str, str]) -> dict[str, object]:
        lines = []
        for n in range(1, ROWS + 1):
            roll, take = fields.get(f"t{n}_roll", ""), fields.get(f"t{n}_take", "")
            if roll.isdigit() and take.isdigit():
                ok = int(take) <= int(roll)
                lines.append(Line(f"t{n}_take", take, f"at most {roll}", ok,
                                  "" if ok else "TOY-1: take at most the roll"))
        return {"ok": all(line.ok for line in lines),
                "lines": [line.to_json() for line in lines]}

    def fields_from_play(self, play: Played) -> dict[str, str] | None:
        fields = {} if play.seed is None else {"seed": str(play.seed)}
        row = 0
        for step in play.steps:
            if isinstance(step.event, Roll):
                row += 1
                if row > ROWS:
                    return None
                fields[f"t{row}_roll"] = str(step.event.value)
            elif isinstance(step.event, Take):
                fields[f"t{row}_take"] = str(step.event.points)
        outcome = GAME.outcome(play.final)
        if outcome is not None:
            fields["winner"] = " & ".join(play.players[i] for i in outcome.winners)
        return fields


def build_kit(options: Any) -> list[Path]:
    from reportlab.pdfgen.canvas import Canvas

    path = Path(options.out) / f"sixth-dice-seed{options.seed}-{options.paper}.pdf"
    path.parent.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(str(path))
    canvas.drawString(72, 720, f"Sixth Dice, seed {options.seed}: roll, then take points.")
    canvas.save()
    return [path]


def draw(summary: dict[str, Any]) -> str:
    names = summary.get("player_names") or []
    cells = " · ".join(f"{escape(str(n))} {s}" for n, s in zip(names, summary["scores"],
                                                               strict=False))
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="30" '
            f'viewBox="0 0 300 30" class="sixth-board"><text x="4" y="20">{cells}</text></svg>')


def place(summary: dict[str, Any], notation: str,
          after: Callable[[str], dict[str, Any] | None]) -> tuple[float, float, str] | None:
    """Taking N points is tapped on the board, N steps along its strip."""
    if not notation.startswith("+") or after(notation) is None:
        return None
    points = int(notation[1:])
    return 40.0 * points, 15.0, f"take {points}"


def odds(req: PageRequest) -> PageAnswer:
    """A page of the game's own (``GameRecord.pages``): its template, its JSON-less view."""
    face = req.values.get("face", "1")
    if face not in ("1", "2", "3", "4", "5", "6"):
        raise bad("face", "face is 1-6")
    return PageAnswer("sixth_odds.html", {"face": int(face), "sides": 6})


def api_odds(req: PageRequest) -> PageAnswer:
    """A JSON page: the tracker serves it and describes it in /api/openapi.json by ODDS_API."""
    face = req.values.get("face")
    if face not in (1, 2, 3, 4, 5, 6) or isinstance(face, bool):
        raise bad("face", "face is a whole number 1-6")
    return PageAnswer(json={"face": face, "one_in": 6})


ODDS_API = ApiDoc("the odds of one face of the sixth game's die",
                  {"type": "object", "required": ["face"],
                   "properties": {"face": {"type": "integer", "minimum": 1, "maximum": 6}}},
                  {"type": "object", "properties": {"face": {"type": "integer"},
                                                    "one_in": {"type": "integer"}}},
                  "the odds")
PAGES = GamePages("sixth", "Odds", (Page("index", "/sixth", lambda req: PageAnswer(
    redirect=req.link("odds", face=1), status=302)), Page("odds", "/sixth/odds", odds),
    Page("api_odds", "/api/sixth/odds", api_odds, ("POST",), json=True, api=ODDS_API)),
    Path(__file__).resolve().parent / "sixth_templates")
GAME = SixthDice()
RECORD = GameRecord(GAME, TurnSheet(), build_kit,
                    (OptionField("short", "Short game: first to 5", kind="checkbox"),),
                    BoardDrawing(draw, place, spot=20),
                    build_timer=buildtimer,  # a sand timer's rules, reused: any TimerRules will do
                    pages=PAGES)

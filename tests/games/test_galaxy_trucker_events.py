"""Galaxy Trucker flight event notation (``events``): every kind read and written back, read
by its leading word, and every text that is no event refused with the notation's help."""

from __future__ import annotations

import pytest

from pnp.engine.errors import NotationError
from pnp.games.galaxy_trucker.events import (
    HELP,
    Aliens,
    Cargo,
    Defend,
    Drop,
    Enter,
    Fix,
    Flip,
    Go,
    Keep,
    Land,
    Lose,
    No,
    Power,
    Quit,
    Roll,
    Take,
    Yes,
    format_event,
    parse_event,
)

EVENTS = [
    ("2:I;141@7,7;12@6,7/1", Enter(2, "I;141@7,7;12@6,7/1")),
    ("3:IIIa;141@7,7;aside=57,101", Enter(3, "IIIa;141@7,7", (57, 101))),
    ("fix:12,30", Fix((12, 30))), ("crew:12P,15B", Aliens(((12, "P"), (15, "B")))),
    ("crew:-", Aliens(())), ("go", Go()), ("quit", Quit()),
    ("pow:36,37@74,74", Power((36, 37), (74, 74))), ("pow:-", Power((), ())),
    ("land:2", Land(2)), ("yes", Yes()), ("yes:12,141", Yes((12, 141))), ("no", No()),
    ("cargo:97=YG,112=R", Cargo(((97, "YG"), (112, "R")))), ("cargo:-", Cargo(())),
    ("lose:12,12", Lose((12, 12))), ("drop:97,74", Drop((97, 74))),
    ("def:89@74", Defend(89, 74)), ("def:50", Defend(50)), ("take", Take()),
    ("keep:12", Keep(12)), ("card:II-7", Flip("II-7")), ("roll:7", Roll(7)),
]


@pytest.mark.parametrize(("text", "event"), EVENTS)
def test_every_kind_reads_and_writes_back(text: str, event: object) -> None:
    assert parse_event(text) == event
    assert format_event(parse_event(text)) == text
    assert parse_event(f" {text.upper()} ") == event or text[0].isdigit()


def test_read_forms() -> None:
    assert parse_event("crew:15b,12p") == Aliens(((12, "P"), (15, "B")))  # sorted by cabin
    assert parse_event("cargo:97=gyr") == Cargo(((97, "RYG"),))  # most valuable first
    assert parse_event("fix:30,12,30") == Fix((12, 30))
    assert parse_event("2:I 141@7,7 12@6,7/1") == Enter(2, "I;141@7,7;12@6,7/1")
    assert parse_event("Card:iii-3") == Flip("III-3")


@pytest.mark.parametrize("text", [
    "roll:", "roll:123", "land:5", "pow:1", "def:", "keep:x", "cargo:97=X", "crew:12",
    "lose:", "drop:a", "fix:", "yes:", "go:1", "5:I;141@7,7", "flip:I-5", "x", "1", "1x",
    "roll 7", "land:2:3"])
def test_a_text_that_is_no_event_gets_the_help(text: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_event(text)
    assert e.value.message == HELP


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty event"), ("card:I-21", "cards are I-1"), ("cargo:97=Y,97=R", "named twice"),
    ("2:I;141", "is not a tile id@row,col"), ("2:", "a ship entry is the number tile")])
def test_a_misread_event_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_event(text)
    assert words in e.value.message


def test_only_events_are_written() -> None:
    with pytest.raises(TypeError):
        format_event("go")  # type: ignore[arg-type]

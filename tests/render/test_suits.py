"""The eight suits: distinct keys, names and colours."""

from __future__ import annotations

import pytest

from pnp.render.colour import CVD, min_delta_e, min_lightness_step
from pnp.render.suits import ALL_SUITS, CLASSIC, SEASONS, SYMBOLS, suit_by_key


def test_two_sets_of_four() -> None:
    assert [s.name for s in CLASSIC] == ["Suns", "Moons", "Crowns", "Arms"]
    assert [s.name for s in SEASONS] == ["Spring", "Summer", "Autumn", "Winter"]


def test_keys_colours_and_symbols_are_unique() -> None:
    assert len({s.key for s in ALL_SUITS}) == 8
    assert len({s.color.hexval() for s in ALL_SUITS}) == 8
    assert set(SYMBOLS) == {s.key for s in ALL_SUITS}
    assert suit_by_key("W").name == "Winter"
    with pytest.raises(KeyError):
        suit_by_key("Z")


def test_colours_are_dark_enough_for_white_marks() -> None:
    """Luma (Rec. 709 weights) below 0.45: white symbols on them read on a mono printer."""
    for s in ALL_SUITS:
        lum = 0.2126 * s.color.red + 0.7152 * s.color.green + 0.0722 * s.color.blue
        assert lum < 0.45, s.name


def test_any_two_suits_differ_by_delta_e76_of_30() -> None:
    assert min_delta_e([s.color for s in ALL_SUITS]) >= 30


@pytest.mark.parametrize("deficiency", sorted(CVD))
def test_suits_stay_apart_for_colour_blind_players(deficiency: str) -> None:
    """Full protanopia, deuteranopia and tritanopia (Machado 2009, severity 1): every pair
    still differs by ΔE76 12 or more (the old palette: 4.1, 6.1, 9.9)."""
    assert min_delta_e([s.color for s in ALL_SUITS], deficiency) >= 12


def test_suits_stay_apart_in_greyscale() -> None:
    """Lightness alone tells the eight apart (L* 4 or more between neighbours; was 0.1), and
    the symbols are eight different silhouettes on top of that."""
    assert min_lightness_step([s.color for s in ALL_SUITS]) >= 4

"""The pinned generator: same seed, same numbers, on any machine and Python version."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.engine.rng import Rng, _two_dice_from, two_dice


def test_golden_values_are_pinned() -> None:
    # If these change, every printed kit stops matching its tracker table.
    rng = Rng(7, "pin")
    assert [rng.below(1000) for _ in range(5)] == [481, 466, 493, 682, 3]
    assert Rng(0, "").next_u64() == 0xc0c739725feeb10d
    assert Rng(42, "golden").shuffled(list(range(10))) == [0, 3, 2, 4, 7, 9, 5, 8, 1, 6]


def test_streams_are_independent() -> None:
    assert Rng(1, "a").shuffled(list(range(20))) != Rng(1, "b").shuffled(list(range(20)))


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=2**40))
def test_below_stays_in_range(n: int, seed: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


def test_below_is_roughly_uniform() -> None:
    rng = Rng(3, "uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_draws_as_below_does() -> None:
    """shuffle() writes ``below(i + 1)`` out; it must swap and advance exactly as it would."""
    for seed in range(60):
        fast, slow = Rng(seed, "shuffle"), Rng(seed, "shuffle")
        items = list(range(seed % 40 + 1))
        shuffled = list(items)
        fast.shuffle(shuffled)
        for i in range(len(items) - 1, 0, -1):
            j = slow.below(i + 1)
            items[i], items[j] = items[j], items[i]
        assert shuffled == items
        assert fast.below(10**9) == slow.below(10**9)  # the stream goes on alike


def _one_by_one(rng: Rng, items: list[int]) -> None:
    """The plain Fisher-Yates over ``below`` (what ``shuffle`` must equal, draw for draw)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("length", [0, 1, 2, 3, 9, 10, 11, 24, 25, 26, 100, 319])
def test_long_shuffles_drawn_side_by_side_match_one_by_one(length: int) -> None:
    for seed in range(40):
        a, b = Rng(seed, "s"), Rng(seed, "s")
        x, y = list(range(length)), list(range(length))
        a.shuffle(x)
        _one_by_one(b, y)
        assert x == y and a.next_u64() == b.next_u64()
    lists = [list(range(k % 6)) for k in range(60)]
    copies = [xs[:] for xs in lists]
    a, b = Rng(length, "each"), Rng(length, "each")
    a.shuffle_each(lists)
    for xs in copies:
        _one_by_one(b, xs)
    assert lists == copies and a.next_u64() == b.next_u64()


def _unmix(x: int) -> int:
    """The SplitMix64 state whose output is ``x`` (the mix is a bijection)."""
    mask = (1 << 64) - 1

    def unshift(v: int, k: int) -> int:
        z = v
        for _ in range(64 // k + 2):
            z = v ^ (z >> k)
        return z
    z = (unshift(x, 31) * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = (unshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    return unshift(z, 30)


@given(st.lists(st.integers(min_value=1, max_value=50), max_size=40),
       st.integers(min_value=0, max_value=2**40))
def test_belows_draw_as_below_does(ranges: list[int], seed: int) -> None:
    a, b = Rng(seed, "belows"), Rng(seed, "belows")
    assert a.belows(ranges) == [b.below(n) for n in ranges]
    assert a.next_u64() == b.next_u64()


def test_belows_after_a_rejected_draw_go_one_by_one() -> None:
    gamma, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    state = (_unmix(mask) - 2 * gamma) & mask  # the second draw is 2**64 - 1: rejected
    a, b = Rng(0), Rng(0)
    a._state = b._state = state
    assert a.belows([5, 3, 7]) == [b.below(5), b.below(3), b.below(7)]
    assert a.next_u64() == b.next_u64()


@pytest.mark.parametrize("length", [3, 30])
def test_a_rejected_draw_is_skipped_side_by_side_too(length: int) -> None:
    # a state whose draw for the 3-item step is 2**64 - 1, the one number below(3) rejects
    gamma, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    state = (_unmix(mask) - gamma * (length - 2)) & mask
    a, b = Rng(0), Rng(0)
    a._state = b._state = state
    x, y = list(range(length)), list(range(length))
    a.shuffle(x)
    _one_by_one(b, y)
    assert x == y and a.next_u64() == b.next_u64()


@given(st.integers(min_value=0, max_value=2**40), st.text(max_size=12))
def test_two_dice_totals_as_two_below_6(seed: int, stream: str) -> None:
    rng = Rng(seed, stream)
    assert two_dice(seed, stream) == rng.below(6) + rng.below(6) + 2


@pytest.mark.parametrize("which", [1, 2])
def test_two_dice_leaves_a_rejected_draw_to_below(which: int) -> None:
    # a state whose first (second) number is 2**64 - 1, which below(6) rejects
    gamma, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    state = (_unmix(mask) - which * gamma) & mask
    assert _two_dice_from(state) is None
    rng = Rng(0)
    rng._state = state
    total = rng.below(6) + rng.below(6) + 2  # below draws again past the rejected number
    assert 2 <= total <= 12
    rng._state = fine = (state + 3 * gamma) & mask  # three steps on: both numbers pass
    assert _two_dice_from(fine) == rng.below(6) + rng.below(6) + 2

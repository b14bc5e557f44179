"""webscore.entries: reads like the tuple it replaces; a write shares the full chunks."""

from __future__ import annotations

import bisect
import gc
import pickle

import pytest

from webscore.entries import CHUNK, Entries


@pytest.mark.parametrize("n", [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5])
def test_reads_like_a_tuple(n: int) -> None:
    items = tuple(range(n))
    e = Entries(items)
    assert len(e) == n and tuple(e) == items and list(e) == list(items)
    assert e == items and e == Entries(items) and items == e
    assert list(reversed(e)) == list(reversed(items))
    for i in range(-n, n):
        assert e[i] == items[i]
    for bad in (n, -n - 1):
        with pytest.raises(IndexError):
            e[bad]
    cuts = sorted({0, 1, n // 3, n // 2, n - 1, n, n + 3, CHUNK, CHUNK + 2, -1, -CHUNK})
    for a in [None, *cuts]:
        for b in [None, *cuts]:
            assert e[a:b] == items[a:b] and type(e[a:b]) is tuple
    assert e[::2] == items[::2] and e[::-1] == items[::-1]
    assert hash(e) == hash(items) and pickle.loads(pickle.dumps(e)) == e
    assert bisect.bisect_right(e, n // 2) == bisect.bisect_right(items, n // 2)
    assert (n // 2 in e) == (n // 2 in items) and e.count(0) == items.count(0)
    assert e != (*items, -1) and e != list(items)
    for k in (-1, 0, 1, 7, 8, CHUNK - 1, CHUNK, CHUNK + 1, n, n + 5):
        assert e.newest(k) == (items[max(0, n - k):] if k > 0 else ())
        assert type(e.newest(k)) is tuple


@pytest.mark.parametrize("n", [0, 1, 5, 9, CHUNK + 3, 3 * CHUNK + 5])
def test_entries_after_a_seq_as_bisection_finds_them(n: int) -> None:
    from webscore.snapshots import Entry, Snapshot

    # seqs with gaps (undo rows and undone entries are not entries in force)
    seqs = [2 * i + 1 + (i // 3) for i in range(n)]
    entries = [Entry(s, "x", "typed", False, 0) for s in seqs]
    snap = Snapshot(None, None, seqs[-1] if seqs else 0, entries, None)  # type: ignore[arg-type]
    for since in range(-1, (seqs[-1] if seqs else 0) + 3):
        want = tuple(entries[bisect.bisect_right(seqs, since):])
        assert snap.entries_after(since) == want, since


def test_adding_shares_the_full_chunks_and_copies_at_most_the_tail() -> None:
    e: Entries[int] = Entries()
    items: tuple[int, ...] = ()
    for k in range(5 * CHUNK + 3):
        before = e
        e = e.plus((k,)) if k % 7 else e + [k, -k]  # one entry, or several at once  # noqa: RUF005
        items += (k,) if k % 7 else (k, -k)
        assert e == items and before != e  # the older one is unchanged
        assert all(a is b for a, b in zip(before._chunks, e._chunks, strict=False))
        assert len(e._tail) < CHUNK
    assert Entries(items)._chunks == e._chunks


def test_a_write_gives_the_collector_a_short_tail_to_walk() -> None:
    """The container a write makes holds the tail, not the whole log: what a young
    collection walks per write stays small however long the game is."""
    long = Entries(tuple(object() for _ in range(40 * CHUNK + 1)))
    longer = long.plus((object(),))
    made = [x for x in gc.get_referents(longer) if gc.is_tracked(x)]
    assert sum(len(gc.get_referents(x)) for x in made) <= CHUNK + 40 + 1

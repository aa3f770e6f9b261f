"""Sum captures: which sets of table cards a played card may take, fast and cached.

A card of value v takes any set of table cards whose values add up to v (docs/rules.md, Uragan 4). Values
run 1..10, so what matters about a table is first its *value histogram* (how many cards of each value
lie there, packed 3 bits per value): from it ``value_combos(hist)`` lists, per capturing value, the
multisets of values that add up to it (e.g. 10 = 9+1 = 6+4 = 5+3+2 …) and how many card sets each
gives. Only a few thousand histograms occur, so that is cached with a high hit rate. A capture is then
"combo number i, choice number j of which equal-valued cards", decoded in a few lookups; the full list
for a table and value (``captures``) is the same decoding in the same order, cached. So
random playouts pick the r-th capture without building the list, and bots and the UI get lists whose
order matches.
"""

from __future__ import annotations

from itertools import combinations, islice, product
from math import comb
from typing import Any

from engine.cards import CardSet
from engine.uragan.deck import VALUE, VALUE_MASK

MAX_VALUE = 10
# Cache sizes (a few tens of MB at most: a whole-table entry is about 2 KB). When one is full its
# oldest eighth is dropped: clearing a whole cache at once stalled a move for tens of milliseconds.
_CAPTURE_CACHE_LIMIT = 100_000
_TABLE_CACHE_LIMIT = 20_000
_COMBO_CACHE_LIMIT = 50_000

HIST_SHIFT = 3


def _evict(cache: dict[Any, Any]) -> list[Any]:
    """Drop the oldest eighth of a full cache (dicts keep insertion order); return the keys dropped."""
    old = list(islice(cache, max(1, len(cache) // 8)))
    for key in old:
        del cache[key]
    return old

HIST_ONE: tuple[int, ...] = tuple(1 << (HIST_SHIFT * v) for v in range(MAX_VALUE + 1))
HIST_OF_CARD: tuple[int, ...] = tuple(HIST_ONE[VALUE[c]] if VALUE[c] else 0 for c in range(52))

# _KSUB[group][k]: the k-card subsets of ``group`` (a set of equal-valued cards), in a fixed order.
_KSUB: dict[CardSet, tuple[tuple[CardSet, ...], ...]] = {}
for _v in range(1, MAX_VALUE + 1):
    _four = [1 << c for c in range(52) if VALUE_MASK[_v] >> c & 1]
    for _n in range(len(_four) + 1):
        for _grp in combinations(_four, _n):
            _KSUB[sum(_grp)] = tuple(
                tuple(sum(sub) for sub in combinations(_grp, k)) for k in range(len(_grp) + 1)
            )

# A combo: (number of card sets, ((value, k, comb(n_value, k)), ...)).
Combo = tuple[int, tuple[tuple[int, int, int], ...]]
_COMBO_CACHE: dict[int, tuple[tuple[Combo, ...], ...]] = {}
_COUNT_CACHE: dict[int, tuple[int, ...]] = {}
_CAPTURE_CACHE: dict[int, tuple[CardSet, ...]] = {}  # key: table << 4 | value
_TABLE_CACHE: dict[CardSet, tuple[tuple[CardSet, ...], ...]] = {}


def histogram(cards_mask: CardSet) -> int:
    """The packed value histogram of a set of cards (3 bits per value)."""
    h = 0
    m = cards_mask
    while m:
        low = m & -m
        m ^= low
        h += HIST_OF_CARD[low.bit_length() - 1]
    return h


# Combos recur across histograms (they depend only on the counts of the values they use), so each
# distinct one is stored once: the histogram cache then holds little more than pointers.
_INTERNED: dict[Combo, Combo] = {}


def _combos(hist: int) -> tuple[tuple[Combo, ...], ...]:
    avail = [hist >> (HIST_SHIFT * w) & 7 for w in range(MAX_VALUE + 1)]
    by_value: list[list[Combo]] = [[] for _ in range(MAX_VALUE + 1)]
    intern = _INTERNED.setdefault

    def extend(w: int, total: int, n_sets: int, pairs: tuple[tuple[int, int, int], ...]) -> None:
        if total:
            combo = (n_sets, pairs)
            by_value[total].append(intern(combo, combo))
        for nxt in range(w, MAX_VALUE + 1 - total):
            n = avail[nxt]
            for k in range(1, n + 1):
                if total + k * nxt > MAX_VALUE:
                    break
                ck = comb(n, k)
                extend(nxt + 1, total + k * nxt, n_sets * ck, (*pairs, (nxt, k, ck)))

    extend(1, 0, 1, ())
    return tuple(tuple(lst) for lst in by_value)


def value_combos(hist: int) -> tuple[tuple[Combo, ...], ...]:
    """Per capturing value 1..10, the value multisets of a table with histogram ``hist`` (cached)."""
    got = _COMBO_CACHE.get(hist)
    if got is None:
        if len(_COMBO_CACHE) >= _COMBO_CACHE_LIMIT:
            for old in _evict(_COMBO_CACHE):
                _COUNT_CACHE.pop(old, None)
        got = _COMBO_CACHE[hist] = _combos(hist)
    return got


def capture_counts(hist: int) -> tuple[int, ...]:
    """How many captures each value 1..10 has on a table with value histogram ``hist`` (cached)."""
    got = _COUNT_CACHE.get(hist)
    if got is None:
        got = _COUNT_CACHE[hist] = tuple(sum(c[0] for c in per) for per in value_combos(hist))
    return got


def nth_capture(card_value: int, table: CardSet, hist: int, r: int) -> CardSet:
    """``capture_table(table)[card_value][r]`` without building the list (``hist`` is the table's)."""
    for n_sets, pairs in value_combos(hist)[card_value]:
        if r >= n_sets:
            r -= n_sets
            continue
        take = 0
        for w, k, ck in pairs:
            take |= _KSUB[table & VALUE_MASK[w]][k][r % ck]
            r //= ck
        return take
    raise IndexError(f"no capture number {r} for value {card_value}")


def _expand(table: CardSet, per: tuple[Combo, ...]) -> tuple[CardSet, ...]:
    if not per:
        return ()
    lst: list[CardSet] = []
    for _n_sets, pairs in per:
        # The first pair varies fastest, as in nth_capture's mixed-radix decoding.
        if len(pairs) == 1:
            w, k, _ck = pairs[0]
            lst.extend(_KSUB[table & VALUE_MASK[w]][k])
        elif len(pairs) == 2:
            (w1, k1, _c1), (w2, k2, _c2) = pairs
            firsts = _KSUB[table & VALUE_MASK[w1]][k1]
            lst.extend([a | b for b in _KSUB[table & VALUE_MASK[w2]][k2] for a in firsts])
        else:
            choices = [_KSUB[table & VALUE_MASK[w]][k] for w, k, _ck in reversed(pairs)]
            lst.extend(sum(sets) for sets in product(*choices))
    return tuple(lst)


def captures(card_value: int, table: CardSet, hist: int | None = None) -> tuple[CardSet, ...]:
    """Every set of table cards whose values add up to ``card_value`` (masks; empty tuple if none).

    Cached per (table, value); ``hist``, the table's histogram, saves recomputing it when known.
    The order is fixed and equals ``nth_capture``'s numbering.
    """
    key = table << 4 | card_value
    got = _CAPTURE_CACHE.get(key)
    if got is None:
        if not 1 <= card_value <= MAX_VALUE:
            return ()
        if len(_CAPTURE_CACHE) >= _CAPTURE_CACHE_LIMIT:
            _evict(_CAPTURE_CACHE)
        if hist is None:
            hist = histogram(table)
        got = _CAPTURE_CACHE[key] = _expand(table, value_combos(hist)[card_value])
    return got


def capture_table(table: CardSet) -> tuple[tuple[CardSet, ...], ...]:
    """All captures from ``table``, indexed by the capturing value 1..10 (index 0 is empty).

    Cached by table mask: bots' playouts look a whole table up in one step.
    """
    got = _TABLE_CACHE.get(table)
    if got is None:
        if len(_TABLE_CACHE) >= _TABLE_CACHE_LIMIT:
            _evict(_TABLE_CACHE)
        hist = histogram(table)
        got = _TABLE_CACHE[table] = ((), *(captures(v, table, hist) for v in range(1, MAX_VALUE + 1)))
    return got

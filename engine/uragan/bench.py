"""Uragan benchmarks: random full deals per second on one core, capture generation, copy, determinize."""

from __future__ import annotations

import random
import time
from typing import Any

from engine.uragan import capture
from engine.uragan.deal import Deal
from engine.uragan.deck import DECK_CARDS
from engine.uragan.options import Options


def _deals_per_second(options: Options, seconds: float, rng: random.Random) -> float:
    """Deal and play out random deals for ``seconds`` of this process's CPU time (one core).

    CPU time rather than wall time, so that other work on the machine does not halve the figure.
    """
    n = 0
    start = time.process_time()
    end = start + seconds
    while True:
        for _ in range(50):
            Deal.new(options, 2, n & 1, rng).random_playout(rng)
        n += 50
        now = time.process_time()
        if now >= end:
            return n / (now - start)


def _per_call_us(fn: Any, args: list[Any], seconds: float) -> float:
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for a in args:
            fn(a)
        calls += len(args)
    return (time.process_time() - start) / calls * 1e6


def _random_tables(rng: random.Random, n: int) -> list[int]:
    tables = []
    for _ in range(n):
        size = rng.choice((2, 3, 4, 4, 5, 6, 7, 8))
        tables.append(sum(1 << c for c in rng.sample(DECK_CARDS, size)))
    return tables


def run(seconds: float = 3.0) -> dict[str, Any]:
    """Measure; ``seconds`` is the time given to each throughput measurement."""
    rng = random.Random(2024)
    book, strict = Options(), Options(claims="strict")
    # Warm the value-histogram caches as a long-running bot would have them.
    _deals_per_second(book, min(2.0, seconds), rng)
    _deals_per_second(strict, min(1.0, seconds / 2), rng)
    out: dict[str, Any] = {
        "random_deals_per_second": round(_deals_per_second(book, seconds, rng)),
        "random_deals_per_second_strict": round(_deals_per_second(strict, seconds, rng)),
    }
    short = seconds / 5
    tables = _random_tables(rng, 2000 if seconds >= 1 else 100)
    # Uncached: all captures of every value for a table never seen (histogram caches warm).
    for t in tables:
        capture.value_combos(capture.histogram(t))
    def all_values(t: int) -> None:
        combos = capture.value_combos(capture.histogram(t))
        for v in range(1, 11):
            capture._expand(t, combos[v])

    def one_value(t: int) -> None:
        capture._expand(t, capture.value_combos(capture.histogram(t))[10])

    out["capture_table_uncached_us"] = round(_per_call_us(all_values, tables, short), 2)
    out["captures_uncached_us"] = round(_per_call_us(one_value, tables, short), 2)
    capture.captures(10, tables[0])
    out["captures_cached_us"] = round(_per_call_us(lambda t: capture.captures(10, t), tables[:1], short), 3)
    # A fixed mid-deal position (second round, four cards in hand, a few on the table).
    deal = Deal.new(book, 2, 0, random.Random(7))
    pick = random.Random(8)
    while len(deal.plays) < 16 or deal.phase:
        ms = deal.legal_moves()
        deal.play(ms[int(pick.random() * len(ms))])
    out["legal_moves_count"] = len(deal.legal_moves())
    out["legal_moves_us"] = round(_per_call_us(lambda d: d.legal_moves(), [deal], short), 2)
    out["copy_us"] = round(_per_call_us(lambda d: d.copy(), [deal], short), 2)
    view = deal.view(deal.current_player())
    out["view_us"] = round(_per_call_us(lambda d: d.view(d.current_player()), [deal], short), 2)
    out["determinize_us"] = round(_per_call_us(lambda v: v.determinize(rng), [view], short), 2)
    return out

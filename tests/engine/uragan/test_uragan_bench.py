"""The Uragan benchmark runs and reports every figure docs/benchmarks.md quotes (speed is not asserted)."""

from engine.uragan.bench import run


def test_bench_reports_positive_figures():
    out = run(seconds=0.05)
    keys = {"random_deals_per_second", "random_deals_per_second_strict", "capture_table_uncached_us",
            "captures_uncached_us", "legal_moves_count",
            "captures_cached_us", "legal_moves_us", "copy_us", "view_us", "determinize_us"}
    assert set(out) == keys
    assert all(out[k] > 0 for k in keys)

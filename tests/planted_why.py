"""The planted Uragan blunders' why: does the explanation of the planted decision name its cause?

``names_cause`` checks a why against a small vocabulary per kind of blunder (both languages): a 7♥
blunder must name the 7♥; an uragan missed must say "uragan"/"ураган"; a table left for a sweep
must say so and name the rank that sweeps it; a rich sum of hearts must speak of hearts.
Run ``python tests/planted_why.py [--iterations N | --budget S]`` for the rates (docs/benchmarks.md).
"""

from __future__ import annotations

import re

from planted_uragan import midgame_records, records

from engine.review import review_record

ITERATIONS = 100
RANK_WORDS = {6: ("six", "шестёр"), 7: ("seven", "семёр"), 8: ("Jack", "валет"), 9: ("Queen", "дам"),
              10: ("King", "корол")}


def names_cause(what: str, why: dict[str, str] | None) -> bool:
    """Whether ``why`` names the planted cause ``what`` in both languages (a small vocabulary each)."""
    if not why:
        return False
    en, ru = why.get("en", ""), why.get("ru", "")
    if "7H" in what:
        return "7♥" in en and "7♥" in ru
    if "uragan" in what or "sweeping" in what:
        return "uragan" in en and "ураган" in ru
    if "on the table" in what:
        m = re.search(r"\((\d+)\)", what)
        value = int(m.group(1)) if m else 0
        words = RANK_WORDS.get(value)
        if words is None:
            return False
        return "uragan" in en and "ураган" in ru and words[0] in en and words[1] in ru
    if "hearts" in what or "H+" in what:
        return "heart" in en and "черв" in ru
    return False


def planted_whys(claims: str, iterations: int | None = ITERATIONS,
                 budget: float | None = None) -> list[tuple[str, dict[str, str] | None]]:
    out = []
    for rec in records(claims, both_seats=False) + midgame_records(claims):
        p = rec["planted"]
        vs = [v for v in review_record(rec, p["seat"], budget, iterations=iterations)
              if v.move_index == p["move"]]
        out.append((p["what"], vs[0].why if vs else None))
    return out


if __name__ == "__main__":
    import argparse
    import time

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None)
    a = ap.parse_args()
    its = a.iterations if a.iterations or a.budget else ITERATIONS
    for mode in ("book", "strict"):
        t = time.perf_counter()
        found = planted_whys(mode, its, a.budget)
        hits = sum(names_cause(what, why) for what, why in found)
        for what, why in found:
            if not names_cause(what, why):
                print(f"  missed ({mode}): {what}: {why}")
        print(f"{mode}: {hits} of {len(found)} ({100 * hits / len(found):.0f} %) in "
              f"{time.perf_counter() - t:.1f} s")

"""The coach's Uragan reasons audited on real deals (issue 28's figures, docs/benchmarks.md).

Deals are played as the arena plays them, Novice (seat 0, the reviewed seat: it makes the mistakes
a learner makes) against Club (seat 1), one first deal of a match per seed; seat 0's decisions are
reviewed with a fixed number of search iterations (so the verdicts depend only on the seeds) until
40 decisions of rounds 1-2 and 40 of the last round are gathered. For every non-best verdict the
tool prints the why and whether it only restates the loss; for every decision it asks the hint's
line for the best move and counts the hints without one.

    python tools/coach_audit.py [--seeds 1-12] [--count 40] [--iterations 300] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Any

RESTATES = re.compile(r"more deal points?|more chance to win|is worth \S+ more|приносит здесь на|"
                      r"больше шансов на победу|deals the search tried|вариантов, что проверил")


KNOWN_HAND = re.compile(r"^Your opponent holds [^:]*: the stock is empty, so every other card is seen[.;] ?")


def restates(why: dict[str, str] | None) -> bool:
    """True when a why only says what the better move is worth (or speaks of the search), or says
    nothing beyond the opponent's known hand."""
    if why is None or any(RESTATES.search(text) for text in why.values()):
        return True
    return not KNOWN_HAND.sub("", why.get("en", "")).strip()


def seeds_of(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(s) for s in text.split(",")]


def record(seed: int) -> dict[str, Any]:
    """The first deal of a match, Novice (seat 0) against Club (seat 1)."""
    from engine.bots.uragan import make
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    m = Match.new(Options(), ["novice", "club"], seed)
    bots = [make("novice", seed), make("club", seed + 1)]
    while not m.deals_done:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return dict(m.to_record())


def audit(seeds: list[int], count: int, iterations: int) -> dict[str, Any]:
    from engine.review import match_before, move_json, review_record
    from engine.review.why import hint_why
    from engine.review.words import move_text

    groups: dict[str, list[dict[str, Any]]] = {"rounds_1_2": [], "last_round": []}
    for seed in seeds:
        if all(len(g) >= count for g in groups.values()):
            break
        rec = record(seed)
        for seat in (0,):
            for v in review_record(rec, seat, iterations=iterations, seed=seed):
                view = match_before(rec, v.move_index).view(seat)
                group = groups["last_round" if view.round == 2 else "rounds_1_2"]
                if len(group) >= count:
                    continue
                hint = hint_why(view, v.best, "uragan")
                row: dict[str, Any] = {
                    "seed": seed, "seat": seat, "deal_play": v.play, "move": v.move_index,
                    "round": view.round + 1, "mark": v.mark, "exact": v.exact,
                    "played": move_json("uragan", v.played), "best": move_json("uragan", v.best),
                    "played_text": move_text(v.played, "en"), "best_text": move_text(v.best, "en"),
                    "deal_loss": v.deal_loss, "loss": v.loss, "why": v.why, "hint": hint,
                    "restates": v.mark != "best" and restates(v.why),
                }
                group.append(row)
    out: dict[str, Any] = {"seeds": seeds, "iterations": iterations}
    for name, rows in groups.items():
        costly = [r for r in rows if r["mark"] != "best"]
        out[name] = {"decisions": len(rows), "non_best": len(costly),
                     "restating": sum(r["restates"] for r in costly),
                     "hints_without_reason": sum(r["hint"] is None for r in rows), "rows": rows}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-12")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--json", default=None, help="write every row here")
    a = ap.parse_args(argv)
    t = time.perf_counter()
    out = audit(seeds_of(a.seeds), a.count, a.iterations)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False, indent=1)
    for name in ("rounds_1_2", "last_round"):
        g = out[name]
        print(f"{name}: {g['decisions']} decisions, {g['non_best']} not best, {g['restating']} whys that"
              f" restate the loss, {g['hints_without_reason']} hints without a reason")
        for r in g["rows"]:
            if r["mark"] != "best":
                flag = "RESTATES " if r["restates"] else ""
                print(f"  {flag}seed {r['seed']} seat {r['seat']} move {r['move']} ({r['mark']},"
                      f" {r['deal_loss']}): {r['played_text']} / best {r['best_text']}")
                for lang in ("en", "ru"):
                    print(f"    {lang}: {(r['why'] or {}).get(lang)}")
    print(f"{time.perf_counter() - t:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

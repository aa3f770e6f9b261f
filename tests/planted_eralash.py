"""Planted Eralash blunders: positions where the reviewed seat makes one plain blunder, as records.

Two patterns, found by playing rigged deals with Club for every seat (``python tests/planted_eralash.py
--make`` writes tests/data/planted_eralash.json; the suite reads that file):

- **letting a slam through**: one seat (or team, in pairs) holds a long top run in trumps and has
  taken every trick of the deal so far; late in the deal the reviewed seat plays last to a trick it
  could win — and plays a card that loses it, so the slam (which wins the robber at once) goes on;
- **over-taking the partner** (pairs): the partner is winning the trick and the reviewed seat,
  playing last, trumps it anyway, spending a trump the team could have used later.

Eralash's outcome depends mostly on the deal (points come from runs and honours; tricks decide only
when the robber ends, and the slam), so the second pattern often costs little: the rate is reported,
not required (docs/benchmarks.md). ``python tests/planted_eralash.py [--iterations N | --budget S]``
prints the rate.
"""

from __future__ import annotations

import json
import pathlib
import random
from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.master import MasterBot
from engine.cards import SUIT_MASK
from engine.eralash.deal import Deal
from engine.eralash.match import Match
from engine.eralash.options import Options

DATA = pathlib.Path(__file__).parent / "data" / "planted_eralash.json"


def _card(suit: int, rank: int) -> int:
    return suit * 13 + rank  # rank 0 = "2" .. 12 = "A"


def _fill(fixed: dict[int, int], rng: random.Random) -> list[int]:
    """Four hands of 13: the given cards to their seats, the rest dealt at random."""
    used = 0
    for m in fixed.values():
        used |= m
    rest = [c for c in range(52) if not used >> c & 1]
    rng.shuffle(rest)
    hands = []
    for who in range(4):
        m = fixed.get(who, 0)
        while m.bit_count() < 13:
            m |= 1 << rest.pop()
        hands.append(m)
    return hands


def _run(suit: int, ranks: range | tuple[int, ...]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << _card(suit, r)
    return m


def _rigged(rng: random.Random, pairs: bool) -> tuple[Options, int, list[int], list[int], int, int, int]:
    """Two deals. In the first the reviewed seat holds a long run (A down to 8: 68 points), so its
    side leads the robber on points. In the second another seat holds A-K-Q-J-10 of trumps (51
    points) and the side Aces and Kings: it can take every trick, and a slam would win it the robber
    at once, while without one the reviewed seat's side stays ahead."""
    strong = rng.randrange(4)
    seat = (strong + rng.choice((1, 3))) % 4 if pairs else rng.choice([s for s in range(4) if s != strong])
    dealer = rng.randrange(4)
    first = _fill({seat: _run(rng.randrange(4), range(6, 13))}, rng)
    trump = rng.randrange(4)
    hand = _run(trump, range(8, 13))
    for s in range(4):
        if s != trump:
            hand |= _run(s, (11, 12))
    second = _fill({strong: hand}, rng)
    return Options(pairs=pairs), dealer, first, second, strong, seat, trump


def _wins(match: Match, card: int, seat: int) -> bool:
    d = match.deal.copy()
    d.play(card)
    return d.winners[-1] == seat


def _bots(seed: int, seat: int) -> list[Any]:
    """Club for everyone but the reviewed seat, which plays Master (an iteration cap): its other
    decisions are sound, so the planted one stands out as a human's one slip would."""
    return [MasterBot(seed, budget=None, iterations=300) if s == seat else ClubBot(seed + s)
            for s in range(4)]


def _finish(match: Match, bots: list[ClubBot], deals: int = 1) -> None:
    while len(match.deals_done) < deals and not match.is_over():
        s = match.current_player()
        match.play(bots[s].choose(match.view(s)))


def find_slam(seed: int, pairs: bool) -> dict[str, Any] | None:
    rng = random.Random(seed)
    opts, dealer, first, second, strong, seat, trump = _rigged(rng, pairs)
    deals = [(dealer, first), ((dealer + 1) % 4, second)]
    # runs and honours are written when dealt: the points are known before any card is played
    pts = [0, 0, 0, 0]
    for dl, hands in deals:
        d = Deal.from_hands(opts, dl, hands)
        if dl != dealer and d.trump != trump:
            return None
        for who, x in enumerate(d.points):
            pts[who % 2 if pairs else who] += x
    me = seat % 2 if pairs else seat
    if pts[me] < max(x for i, x in enumerate(pts[:2] if pairs else pts) if i != me) + 15:
        return None  # the reviewed side must lead on points, so that only a slam can beat it
    m = Match.new(opts, ["a", "b", "c", "d"], seed, None, deals)
    bots = _bots(seed, seat)
    _finish(m, bots)
    if m.is_over():
        return None
    side = {strong, (strong + 2) % 4} if pairs else {strong}
    while len(m.deals_done) < 2:
        d = m.deal
        s = m.current_player()
        if s == seat and d.pos == 3 and len(d.winners) >= 8 and all(w in side for w in d.winners):
            legal = [c for c in m.legal_moves() if isinstance(c, int)]
            losing = [c for c in legal if not _wins(m, c, seat)]
            if losing and len(losing) < len(legal):
                index = len(m.moves)
                m.play(min(losing, key=lambda c: c % 13))
                _finish(m, bots, 2)
                rec = m.to_record()
                rec["planted"] = {"seat": seat, "move": index, "what": "lets a slam through"}
                return rec
        m.play(bots[s].choose(m.view(s)))
    return None


def find_overtake(seed: int) -> dict[str, Any] | None:
    rng = random.Random(seed)
    m = Match.new(Options(pairs=True), ["a", "b", "c", "d"], seed)
    seat = rng.randrange(4)
    partner = (seat + 2) % 4
    bots = _bots(seed, seat)
    while not m.deals_done:
        d = m.deal
        s = m.current_player()
        if s == seat and d.pos == 3 and d.best_seat == partner and d.led != d.trump and d.trump >= 0:
            legal = [c for c in m.legal_moves() if isinstance(c, int)]
            trumps = [c for c in legal if SUIT_MASK[d.trump] >> c & 1]
            keep = [c for c in legal if not _wins(m, c, seat)]
            if trumps and keep and all(_wins(m, c, seat) for c in trumps):
                index = len(m.moves)
                m.play(max(trumps, key=lambda c: c % 13))
                _finish(m, bots)
                rec = m.to_record()
                rec["planted"] = {"seat": seat, "move": index, "what": "trumps the partner's winning trick"}
                return rec
        m.play(bots[s].choose(m.view(s)))
    return None


def make(count_each: int = 6) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    found = {"slam": 0, "slam pairs": 0, "overtake": 0}
    seed = 0
    while min(found["slam"], found["slam pairs"]) < count_each // 2 or found["overtake"] < count_each:
        seed += 1
        for key, fn in (("slam", lambda s: find_slam(s, False)), ("slam pairs", lambda s: find_slam(s, True)),
                        ("overtake", find_overtake)):
            limit = count_each // 2 if key.startswith("slam") else count_each
            if found[key] < limit:
                rec = fn(seed)
                if rec is not None:
                    out.append(rec)
                    found[key] += 1
                    print(f"seed {seed}: {key}", flush=True)
    return out


def records() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def rate(iterations: int | None, budget: float | None, seed: int = 0,
         verbose: bool = False) -> tuple[int, int]:
    from engine.review import review_record

    hits = total = 0
    for rec in records():
        p = rec["planted"]
        vs = list(review_record(rec, p["seat"], budget, seed, iterations=iterations))
        worst = max(vs, key=lambda v: v.loss)
        ok = worst.loss > 0 and worst.move_index == p["move"]
        hits += ok
        total += 1
        if verbose:
            planted = next(v for v in vs if v.move_index == p["move"])
            print(f"  {'found ' if ok else 'missed'} {p['what']}: planted loss {planted.loss}, "
                  f"largest {worst.loss} at move {worst.move_index}")
    return hits, total


if __name__ == "__main__":
    import argparse
    import time

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--make", action="store_true", help="find the positions and write the data file")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    if a.make:
        recs = make()
        DATA.write_text(json.dumps(recs, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {len(recs)} records to {DATA}")
    else:
        t = time.perf_counter()
        h, n = rate(a.iterations, a.budget, a.seed, verbose=True)
        print(f"eralash: {h} of {n} ({100 * h / n:.0f} %) in {time.perf_counter() - t:.1f} s")

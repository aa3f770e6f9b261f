"""Planted Uragan blunders: hand-made positions where the reviewed seat makes one plain blunder.

Each scenario gives the first table, the reviewed seat's first hand, the cards the opponent must hold,
and the moves from the start of the deal (the seat plays first); the last listed move of the seat is
the blunder. The rest of the cards are dealt from a seed, and Club plays on for both seats until the
reviewed seat has made ``FOLLOW`` more decisions, so the blunder has ordinary decisions around it.
Every scenario is built for both seats (seat 0 and seat 1 as the first player) and, unless it is
about claims, in both claim modes. ``midgame_records`` adds blunders planted in the middle of Club
deals (the 7H left on the table, an uragan missed), found by pattern after the seat's third decision.

Run ``python tests/planted_uragan.py [--iterations N | --budget S]`` for the rates (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine import cards as C
from engine.bots.uragan.club import UraganClub
from engine.uragan.deck import DECK, DECK_CARDS
from engine.uragan.match import DealSpec, Match
from engine.uragan.moves import parse_move
from engine.uragan.options import Options

FOLLOW = 3


class Scenario(NamedTuple):
    what: str
    table: str
    hand: str
    moves: str  # the moves from the start, separated by ", "; the seat's last one is the blunder
    opp: str = ""  # cards the opponent must hold in the first round
    book_only: bool = False


S = Scenario
SCENARIOS: tuple[Scenario, ...] = (
    # the seven of hearts left on the table although it could be taken
    S("trails while the 7H could be taken", "7H KS QD 2C", "7C 5S JD 3H 4S AC", "5S"),
    S("trails while the 7H could be taken", "7H JS 5C KD", "7S 2D AS QC 6H 3C", "2D"),
    S("trails while J takes 7H+A", "7H 3S AC KC", "JH 2S AD QS 5D 6C", "2S"),
    S("trails while the 7H could be taken", "7H 2C 4D QS", "7D 6S 3H KH JC 5S", "3H"),
    S("trails while the 7H could be taken", "7H 6C 6D JS", "7C AS 2H KD QC 3S", "AS"),
    S("second to play, trails while the 7H could be taken", "7H KC QH 4S", "7S JD 3C 5H AC 6D",
      "2D, 3C", opp="2D"),
    S("takes a K instead of the 7H", "7H KS 3D QC", "7C KD AS 2S 4C JH", "KD:KS"),
    # an uragan missed
    S("takes the 4 instead of sweeping A+2+3+4 with the K", "AS 2C 3D 4H", "KD 4C JS QH 7C 5S", "4C:4H"),
    S("takes the 2 instead of sweeping with the K", "AC 2H 3S 4D", "KS 2D 6C JH 5C QD", "2D:2H"),
    S("takes 2+3 instead of sweeping A+A+2+3 with the 7", "AD AH 2S 3C", "7S 6D 5H QC KC JD", "5H:2S+3C"),
    S("takes A+3 instead of sweeping with the Q", "2D 3H AS 3C", "QS JC 4D 6H 5S KC", "4D:AS+3C"),
    S("takes 2+4 instead of sweeping with the Q", "AC 2S 2D 4C", "QH 6S 3D 5C JS KH", "6S:2S+4C"),
    S("takes A+3 instead of sweeping with the 7", "AH 3S 2C AD", "7D 4S JC QC KS 6C", "4S:AH+3S"),
    # ten or less left on the table for the opponent's uragan
    S("takes the J and leaves A+2+6 (9) on the table", "AS 2D 6C JS", "JD 3C KH 5D 4S 7C", "JD:JS"),
    S("takes the K and leaves A+3+4 (8) on the table", "AC 3D 4S KS", "KH 6C 2S 5D QH JC", "KH:KS"),
    S("takes the Q and leaves 2+5 (7) on the table", "2C 5S QD 4H", "QS 4S AH 3C JD 6D", "QS:QD"),
    S("takes the J and leaves A+2+3 (6) on the table", "AH 2D 3S JC", "JS KD QC 6S 7C 4C", "JS:JC"),
    # a rich sum of hearts not taken
    S("trails while 7 takes 3H+4H", "3H 4H KS QC", "7S AC 2D JS 6C 5D", "AC"),
    S("trails while 7 takes 2H+5H", "2H 5H JC KD", "7C 3S AS QS 4D 6S", "3S"),
    S("trails while 7 takes AH+6H", "AH 6H QC KS", "7D 2C 3S 4S 5C JD", "2C"),
    S("trails while 7 takes AH+2H+4H", "AH 2H 4H KC", "7S 3C 5D QS JC 6D", "JC"),
    S("takes a K instead of 7 taking AH+2H+4H", "2H 4H AH KS", "7D KC JC QC 3S 5C", "KC:KS"),
    S("trails while Q takes 3H+6H", "3H 6H KD JS", "QH 2S AS 4C 5C 7S", "2S"),
    # claims (book): let a priority-breaking play stand or claim it
    S("claims a 7 that took 3+4 beside the 7H (the 7H then goes to the opponent)",
      "7H 3S 4S KC", "KD 7S 2C 5D JH QH", "KD:KC, 7C:3S+4S, claim", opp="7C", book_only=True),
    S("claims a 7 that took 2+5 beside the 7H", "7H 2S 5C QD", "QC 7D 3S AS 4C JS",
      "QC:QD, 7S:2S+5C, claim", opp="7S", book_only=True),
    S("lets stand a K that took 3+7H beside a K (a claim keeps the 7H on the table)",
      "KS 3C 7H JD", "JC 7S 3D 2S 5H QC", "JC:JD, KC:3C+7H, let stand", opp="KC", book_only=True),
    S("lets stand a Q that took 2+7H beside a Q", "QS 2C 7H 5D", "5S 7C AD 3H KC JH",
      "5S:5D, QH:2C+7H, let stand", opp="QH", book_only=True),
    S("claims a trailed 7 beside the 7H (both 7s were left to take)", "7H KS JC 4D",
      "4C 7S 2D QS AS 6H", "4C:4D, 7C, claim", opp="7C", book_only=True),
)


def _mask(text: str) -> int:
    return C.parse_set(text.split()) if text else 0


def build(sc: Scenario, claims: str, seat: int, seed: int) -> dict[str, Any]:
    """The scenario as a record (docs/records.md) with the extra key ``planted``: seat, move index, what."""
    rng = random.Random(seed)
    table, hand, opp_must = _mask(sc.table), _mask(sc.hand), _mask(sc.opp)
    assert table.bit_count() == 4 and hand.bit_count() == 6
    assert not (table & hand) and not (opp_must & (table | hand))
    rest = [c for c in DECK_CARDS if not (table | hand | opp_must) >> c & 1]
    rng.shuffle(rest)
    opp = opp_must
    while opp.bit_count() < 6:
        opp |= 1 << rest.pop()
    rounds: list[list[int]] = [[0, 0], [0, 0], [0, 0]]
    rounds[0][seat], rounds[0][1 - seat] = hand, opp
    for r in (1, 2):
        for s in (0, 1):
            m = 0
            for _ in range(6):
                m |= 1 << rest.pop()
            rounds[r][s] = m
    assert not rest and (table | sum(h for r in rounds for h in r)) == DECK
    texts = [t.strip() for t in sc.moves.split(",")]
    first = C.parse(texts[0].split(":")[0])
    dealer = seat if opp_must >> first & 1 else 1 - seat  # the opponent's card first: it leads
    spec = DealSpec(dealer, table, tuple((r[0], r[1]) for r in rounds))
    match = Match(Options(claims=claims), ["a", "b"], seed, dealer, [spec])
    blunder = -1
    for text in texts:
        mover = match.current_player()
        try:
            move = parse_move(text, match.legal_moves())
        except ValueError as err:
            raise ValueError(f"{sc.what} ({claims}): {err}") from None
        if mover == seat:
            blunder = len(match.moves)
        match.play(move)
    assert blunder >= 0
    club = [UraganClub(seed), UraganClub(seed + 1)]
    made = 0
    while made < FOLLOW and not match.deals_done:
        s = match.current_player()
        if s == seat and len(match.legal_moves()) > 1:
            made += 1
        match.play(club[s].choose(match.view(s)))
    while match.deal.phase != 0 and not match.deals_done:  # do not stop inside a claim
        s = match.current_player()
        match.play(club[s].choose(match.view(s)))
    rec = match.to_record()
    rec["planted"] = {"seat": seat, "move": blunder, "what": sc.what}
    return rec


def records(claims: str, both_seats: bool = True) -> list[dict[str, Any]]:
    """Every scenario of the mode, for both seats (or for one, alternating, as the suite runs it)."""
    out = []
    for i, sc in enumerate(SCENARIOS):
        if sc.book_only and claims != "book":
            continue
        for seat in (0, 1) if both_seats else (i % 2,):
            out.append(build(sc, claims, seat, seed=1000 * (claims == "book") + 10 * i + seat))
    return out


SEVEN_OF_HEARTS = C.parse("7H")


def _midgame_blunder(match: Match, seat: int) -> tuple[object, str] | None:
    """A plain blunder available to ``seat`` now, if any: the 7H capturable but a card that cannot
    capture trailed instead; or an uragan available (not on the last play) but the smallest lawful
    capture or a trail made instead."""
    from engine.bots.uragan.master import lawful_moves
    from engine.uragan.moves import Play

    view = match.view(seat)
    if view.phase != 0 or len(view.plays) >= 35:
        return None
    moves = [m for m in lawful_moves(view) if isinstance(m, Play)]
    trails = [m for m in moves if not m.take]
    sweeps = [m for m in moves if m.take and m.take == view.table]
    if any(m.take >> SEVEN_OF_HEARTS & 1 for m in moves) and trails:
        return min(trails, key=lambda m: m.card % 13), "in play: trails while the 7H could be taken"
    if sweeps:
        others = [m for m in moves if m.take != view.table]
        if others:
            worst = min(others, key=lambda m: (m.take.bit_count(), m.card % 13))
            return worst, "in play: no uragan although one was there"
    return None


def midgame_records(claims: str, count: int = 10) -> list[dict[str, Any]]:
    """Blunders planted in the middle of Club deals (after the seat's third decision at least), found
    by pattern, so that ordinary decisions lie before as well as after them."""
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        match = Match.new(Options(claims=claims), ["a", "b"], 5000 + seed)
        seat = seed % 2
        club = [UraganClub(seed), UraganClub(seed + 1)]
        made = 0
        planted = None
        while not match.deals_done:
            s = match.current_player()
            if s == seat and len(match.legal_moves()) > 1:
                if planted is None and made >= 3:
                    found = _midgame_blunder(match, seat)
                    if found is not None:
                        planted = {"seat": seat, "move": len(match.moves), "what": found[1]}
                        match.play(found[0])
                        after = 0
                        continue
                made += 1
                if planted is not None:
                    after += 1
                    if after > FOLLOW:
                        break
            match.play(club[s].choose(match.view(s)))
        if planted is None:
            continue
        while match.deal.phase != 0 and not match.deals_done:
            s = match.current_player()
            match.play(club[s].choose(match.view(s)))
        rec = match.to_record()
        rec["planted"] = planted
        out.append(rec)
    return out


def costliest_is_planted(rec: dict[str, Any], verdicts: list[Any]) -> bool:
    """Whether the seat's costliest judged decision is the planted blunder (and cost something)."""
    if not verdicts:
        return False
    worst = max(verdicts, key=lambda v: v.loss)
    return worst.loss > 0 and worst.move_index == rec["planted"]["move"]


def rate(claims: str, iterations: int | None, budget: float | None, seed: int = 0,
         verbose: bool = False, both_seats: bool = True) -> tuple[int, int]:
    from engine.review import review_record

    hits = total = 0
    for rec in records(claims, both_seats) + midgame_records(claims):
        p = rec["planted"]
        vs = list(review_record(rec, p["seat"], budget, seed, iterations=iterations))
        ok = costliest_is_planted(rec, vs)
        hits += ok
        total += 1
        if verbose and not ok:
            print(f"  missed ({claims}, seat {p['seat']}): {p['what']}:",
                  [(v.move_index, v.loss) for v in vs], "planted", p["move"])
    return hits, total


if __name__ == "__main__":
    import argparse
    import time

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    for mode in ("book", "strict"):
        t = time.perf_counter()
        h, n = rate(mode, a.iterations, a.budget, a.seed, verbose=True)
        print(f"{mode}: {h} of {n} ({100 * h / n:.0f} %) in {time.perf_counter() - t:.1f} s")

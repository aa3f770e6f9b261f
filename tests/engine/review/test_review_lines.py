"""Show me how in every round: a searched verdict's line is the better move and the replies the
opponent could make with cards she could hold (a sample from the seat's view, never the real hidden
cards), to the end of the round or four plies; ``line_assumed`` names the cards it assumes she holds.
That a line does not depend on the hidden cards is tests/engine/review/test_review_fairness.py's (it
compares whole outputs, lines and ``line_assumed`` included).

The search runs on an iteration cap, so the figures do not depend on the machine.
"""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.bots.uragan.master import lawful_moves
from engine.review import load_match, match_before, review_record
from engine.review.bench import club_record
from engine.review.uragan import LINE_PLIES, fit_line, hold
from engine.uragan.legal import PLAYS_PER_ROUND
from engine.uragan.moves import Play
from game.review.model import Replay

pytestmark = pytest.mark.slow

ITERATIONS = 300
SEEDS = range(1, 7)


def _rounds_one_two_non_best() -> list[tuple[dict, int, object]]:
    """(record, seat, verdict) of every searched (rounds 1-2) play decision not marked best, both
    seats of Club's first deals."""
    out = []
    for seed in SEEDS:
        rec = club_record("uragan", seed)
        for seat in (0, 1):
            for v in review_record(rec, seat, iterations=ITERATIONS, seed=0):
                if not v.exact and v.kind == "play" and v.mark != "best":
                    out.append((rec, seat, v))
    return out


@pytest.fixture(scope="module")
def judged() -> list[tuple[dict, int, object]]:
    return _rounds_one_two_non_best()


def _seen(view) -> int:
    return ~view.unseen() & ((1 << 52) - 1)


def test_lines_play_at_least_two_plies_on_nine_in_ten_mistakes_and_the_viewer_plays_them(judged) -> None:
    assert len(judged) >= 10
    long_enough = 0
    replays: dict[tuple[int, int], Replay] = {}
    for rec, seat, v in judged:
        key = (id(rec), seat)
        if key not in replays:
            replays[key] = Replay("uragan", load_match(rec)[1], seat)
        replay = replays[key]
        at = replay.add_verdict(v.to_json())
        assert at is not None
        steps = replay.line_steps(at)
        assert len(steps) == len(v.line)  # the viewer plays the whole line, whatever she really held
        real = replay.steps[at].shown
        for st in steps:  # nothing hidden comes to light: the seat's own hand only loses what it plays,
            assert not st.shown.hands[seat] & ~real.hands[seat]  # never a card a swap moved
            assert st.shown.stock_size() <= real.stock_size()
        long_enough += len(steps) >= 2
    assert long_enough >= 0.9 * len(judged), f"{long_enough} of {len(judged)}"


def test_a_line_never_uses_a_card_the_seat_has_seen_and_runs_to_the_round_or_four_plies(judged) -> None:
    for rec, seat, v in judged:
        view = match_before(rec, v.move_index).view(seat)
        assert v.line[0] == v.best
        assert len(v.line) <= LINE_PLIES
        assert not any(_seen(view) >> c & 1 for c in v.assumed)
        theirs = [m.card for i, m in enumerate(v.line) if isinstance(m, Play) and not view.hand >> m.card & 1]
        assert set(theirs) == set(v.assumed)  # every card of hers in the line is one she is assumed to hold
        ends = (len(view.plays) // PLAYS_PER_ROUND + 1) * PLAYS_PER_ROUND
        assert len(view.plays) + len(v.line) <= ends  # never into the next round
        if len(v.line) < LINE_PLIES:
            assert len(view.plays) + len(v.line) == ends  # a short line ends the round
        out = v.to_json()
        assert out["line_assumed"] == [C.name(c) for c in v.assumed]


def test_a_reply_with_a_card_the_seat_has_seen_cuts_the_line() -> None:
    """The checker itself: a planted reply with the seat's own card (seen) is never played."""
    rec = club_record("uragan", 3)
    state = match_before(rec, 0)
    seat = state.current_player()
    view = state.view(seat)
    mine = [m for m in lawful_moves(view) if isinstance(m, Play)]
    first = mine[0]
    planted = Play(C.lowest(view.hand & ~(1 << first.card)), 0)  # her "reply" with a card of his hand
    line, assumed = fit_line(view, (first, planted), 0)
    assert line == (first,) and assumed == ()
    hers = C.lowest(view.unseen())
    line, assumed = fit_line(view, (first, Play(hers, 0)), 0)
    assert line[:2] == (first, Play(hers, 0)) and assumed[0] == hers


def test_hold_moves_a_stock_card_into_the_hand_and_keeps_what_the_line_needs() -> None:
    rec = club_record("uragan", 2)
    state = match_before(rec, 0)
    deal = state.deal.copy()
    opp = 1 - deal.current_player()
    stock = 0
    for h in deal.dealt[2:]:
        stock |= h
    card = C.lowest(stock)
    keep = deal.hands[opp] & ~(1 << C.lowest(deal.hands[opp]))  # every card but one is needed
    before = sorted(C.cards(deal.hands[opp]))
    assert hold(deal, opp, card, keep)
    assert deal.hands[opp] >> card & 1 and deal.hands[opp] & keep == keep
    assert C.count(deal.hands[opp]) == len(before)
    everything = 0
    for h in deal.dealt:
        assert not everything & h  # every card still in one place
        everything |= h
    assert deal.dealt[2 * deal.round + opp] & deal.hands[opp] == deal.hands[opp]
    assert not hold(deal, opp, C.lowest(stock & ~(1 << card)), deal.hands[opp])  # nothing to give up


def test_the_viewer_plays_an_assumed_reply_and_stops_at_the_round_s_end_without_dealing_on() -> None:
    """A line to the end of round 1 whose reply is a card she does not really hold (one from the
    stock): the viewer plays it as hers, and its last position shows the round over, the next one
    not dealt (its hands would show what the swap moved)."""
    from engine.review.verdict import move_json

    found = []
    for seed in range(1, 10):  # a deal where the player chose among several moves two plays before
        match = load_match(club_record("uragan", seed))[1]  # the end of round 1
        found += [(r, i) for r in (Replay("uragan", match, 0), Replay("uragan", match, 1))
                  for i in r.decisions() if len(r.steps[i].shown.plays) == PLAYS_PER_ROUND - 2]
        if found:
            break
    replay, at = found[0]
    step = replay.steps[at]
    opp = 1 - step.mover
    first = step.match.legal_moves()[0]
    after = step.match.deal.copy()
    after.play(first)
    stock = 0
    for h in after.dealt[2 * (after.round + 1):]:
        stock |= h
    card = C.lowest(stock)  # surely not in her hand
    assert hold(after, opp, card)
    reply = next(m for m in after.legal_moves() if isinstance(m, Play) and m.card == card)
    replay.add_verdict({"deal": step.deal, "play": PLAYS_PER_ROUND - 1, "move": step.moves,
                        "played": move_json("uragan", step.next_move), "best": move_json("uragan", first),
                        "loss": 0.02, "deal_loss": 0.4, "mark": "inaccuracy",
                        "line": [move_json("uragan", first), move_json("uragan", reply)],
                        "line_assumed": [C.name(card)]})
    steps = replay.line_steps(at)
    assert [s.next_move for s in steps] == [first, reply]
    assert steps[1].mover == opp
    end = steps[-1].shown
    assert end.hands == [0, 0]  # the round is over and the next is not dealt
    assert end.stock_size() == step.shown.stock_size()
    assert replay.line_assumed(at) == {card}
    assert not step.shown.hands[opp] >> card & 1  # she never held it: it lay in the stock

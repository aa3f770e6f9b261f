"""Master late in a deal: sampled deals solved exactly, max-n (every seat for its own robber chance)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import SimpleNamespace

import pytest
from endgame_reference import random_position

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.endgame import Endgame
from engine.bots.eralash.late import LATE_CARDS, MaxN, late_values
from engine.bots.eralash.master import MasterBot
from engine.bots.eralash.view import Situation, trick_play_of
from engine.cards import SUIT_MASK, parse, parse_set
from engine.eralash.deal import Deal
from engine.eralash.options import Options
from engine.eralash.trick import legal_cards, winning_index


def _maxn_reference(n: int, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int],
                    won: Sequence[int], value: Callable[[tuple[int, ...]], tuple[float, ...]]
                    ) -> tuple[float, ...]:
    """Plain max-n, every legal card tried (no table, no equal cards merged); ties to the lowest card."""
    turn = (leader + len(trick)) % n
    if not any(hands) and not trick:
        return value(tuple(won))
    m = legal_cards(hands[turn], trick[0] // 13 if trick else None, trump)
    best: tuple[float, ...] | None = None
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        h2 = list(hands)
        h2[turn] &= ~low
        t2 = [*trick, c]
        if len(t2) == n:
            w = (leader + winning_index(t2, trump)) % n
            w2 = list(won)
            w2[w] += 1
            v = _maxn_reference(n, h2, trump, w, [], w2, value)
        else:
            v = _maxn_reference(n, h2, trump, leader, t2, won, value)
        if best is None or v[turn] > best[turn] + 1e-12:
            best = v
    assert best is not None
    return best


def _random_value(seed: int, n: int) -> Callable[[tuple[int, ...]], tuple[float, ...]]:
    table: dict[tuple[int, ...], tuple[float, ...]] = {}
    rng = random.Random(seed)

    def value(won: tuple[int, ...]) -> tuple[float, ...]:
        if won not in table:
            table[won] = tuple(rng.random() for _ in range(n))
        return table[won]

    return value


def test_max_n_agrees_with_plain_max_n_on_random_positions() -> None:
    rng = random.Random(5)
    for i in range(150):
        n = rng.choice((3, 4))
        p = random_position(rng, n, rng.randint(1, 3))
        value = _random_value(i, n)
        solver = MaxN(n, p["hands"], p["trump"], p["leader"], p["trick"], p["won"], value, node_cap=10**6)
        turn = (p["leader"] + len(p["trick"])) % n
        for c, v in solver.move_values().items():
            hands = list(p["hands"])
            hands[turn] &= ~(1 << c)
            trick, won, leader = [*p["trick"], c], list(p["won"]), p["leader"]
            if len(trick) == n:
                leader = (leader + winning_index(trick, p["trump"])) % n
                won[leader] += 1
                trick = []
            # the value of a class's lowest card is the plain max-n value after it, for every seat
            ref = _maxn_reference(n, hands, p["trump"], leader, trick, won, value)
            assert v == pytest.approx(ref), (i, p)


# Seat 1 led K♠, seats 2 and 3 followed low; seat 0 holds A♠ and 2♠ and has 12 robber tricks: A♠
# takes the 13th and ends the robber, 2♠ lets seat 1 win, and the last trick (a trump, ♥, led by
# seat 1) goes past seat 0's other spade.
HANDS = [parse_set(["AS", "2S"]), parse_set(["5H"]), parse_set(["6D"]), parse_set(["7D"])]
TRICK = [parse("KS"), parse("3S"), parse("4S")]
HEARTS = parse("5H") // 13


def _late_choice(points: list[float]) -> int:
    sit = Situation(seat=0, n=4, pairs=False, hand=HANDS[0], trump=HEARTS, leader=1, trick=list(TRICK),
                    won=[9, 1, 1, 0], gone=parse_set(["KS", "3S", "4S"]), points=points,
                    tricks_before=[3, 3, 3, 3], target=13, tricks_per_deal=13, spread=15.0, deals_played=1,
                    options=Options())
    deal = SimpleNamespace(n=4, hands=list(HANDS), trump=HEARTS, lead=1, tricks_won=[9, 1, 1, 0],
                           current_trick=lambda: list(TRICK))
    root = [parse("AS"), parse("2S")]
    values = late_values(sit, root, lambda rng: trick_play_of(deal), sit.robber_value(), random.Random(1), 4)
    return max(root, key=lambda c: values[c])


@pytest.mark.parametrize(
    "points,expected",
    [([0.0, 40.0, 40.0, 40.0], "2S"),  # trailing one short of 13: the 13th trick ends a lost robber
     ([60.0, 0.0, 10.0, 20.0], "AS")],  # ahead: the 13th trick ends the robber and wins it
)
def test_one_short_of_the_target_the_late_search_ducks_behind_and_takes_ahead(
    points: list[float], expected: str
) -> None:
    assert _late_choice(points) == parse(expected)


def _club_deal(n: int, seed: int, cards_left: int, options: Options) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(options, n, seed % n, rng)
    bots = [ClubBot(seed + i) for i in range(n)]
    while sum(h.bit_count() for h in deal.hands) > cards_left:
        deal.play(bots[deal.cur].choose(deal.view(deal.cur)))
    return deal


def test_the_oracle_late_in_a_deal_plays_a_max_n_best_card() -> None:
    # Every card known (the Oracle's case, one sample: the deal itself; its two-sided exact solve off,
    # so that the late search answers): the card played is one whose max-n value for the seat is the
    # best of its legal cards.
    checked = 0
    for seed in range(6):
        deal = _club_deal(4, 300 + seed, 12, Options())  # small enough for every solve's node cap
        while not deal.is_over():
            me = deal.cur
            view = deal.view(me)
            value = Situation.of(view).robber_value()
            solver = MaxN(4, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, value,
                          node_cap=10**7)
            turn_values = {c: v[me] for c, v in solver.move_values().items()}
            card = MasterBot(seed, iterations=100, sees_all=True, exact=False).choose(view, deal)
            legal = [int(m) for m in deal.legal_moves()]
            if len(legal) > 1:
                rep = max(c for c in turn_values if c <= card and c // 13 == card // 13)
                assert turn_values[rep] == pytest.approx(max(turn_values.values())), (seed, card)
                checked += 1
            deal.play(card)
    assert checked >= 20


def test_two_sides_are_solved_by_alpha_beta_with_the_same_values() -> None:
    # Pairs: the late search's value of each card is Endgame's exact robber value for the side.
    for seed in range(4):
        deal = _club_deal(4, 500 + seed, 12, Options(pairs=True))
        view = deal.view(deal.cur)
        sit = Situation.of(view)
        value, me = sit.robber_value(), deal.cur
        exact = Endgame(4, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, me, True,
                        lambda won, value=value, me=me: value(won)[me], None).move_values()
        root = sorted({min(c for c in exact if exact[c] == exact[r] and c // 13 == r // 13) for r in exact})
        play = trick_play_of(deal)
        got = late_values(sit, root, lambda rng, play=play: play.copy(), value, random.Random(0), 2)
        for c in root:
            assert got[c] == pytest.approx(exact[c])


def test_late_samples_keep_the_voids_a_seat_has_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    # Master's late search deals the hidden cards from the View: a seat that showed a void never
    # gets a card of that suit in any sample.
    seen: list[Deal] = []
    view_type = type(_club_deal(4, 700, 40, Options()).view(0))
    original = view_type.determinize

    def sample(self, rng: random.Random, *args, **kwargs) -> Deal:  # type: ignore[no-untyped-def]
        d = original(self, rng, *args, **kwargs)
        seen.append(d)
        return d

    monkeypatch.setattr(view_type, "determinize", sample)
    found = 0
    for seed in range(30):
        deal = _club_deal(4, 700 + seed, LATE_CARDS[4], Options())
        view = deal.view(deal.cur)
        voids = view.voids
        if not any(voids[j] for j in range(4) if j != deal.cur) or len(deal.legal_moves()) < 2:
            continue
        seen.clear()
        MasterBot(seed, iterations=60).choose(view)
        if not seen:  # equal cards only, or the view pins every card: nothing sampled
            continue
        for d in seen:
            for j in range(4):
                for s in range(4):
                    if voids[j] >> s & 1:
                        assert not d.hands[j] & SUIT_MASK[s], (seed, j, s)
        found += 1
    assert found >= 5

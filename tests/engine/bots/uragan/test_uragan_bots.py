"""Uragan bots: legal moves in every phase and option, the seed's advice in Club, Master's search."""

from __future__ import annotations

import random

import pytest
from fakeclock import ticking_clock

from engine.bots import search
from engine.bots.uragan import make
from engine.bots.uragan import master as uragan_master
from engine.bots.uragan.club import UraganClub, holds_value_odds
from engine.bots.uragan.eval import expected_points
from engine.bots.uragan.master import Resampler, UraganMaster
from engine.bots.uragan.novice import UraganNovice
from engine.bots.uragan.odds import match_win_chance, win_table
from engine.cards import parse, parse_set
from engine.games import game_named
from engine.uragan import CLAIM, CLAIM_PHASE, DECK, LET_STAND, PICK, Deal, Match, Options, Play

OPTION_SETS = [
    Options(),
    Options(claims="strict"),
    Options(primiera_all_suits=False, target=8),
]


def fast_bots(seed: int = 1) -> list:
    """Every level, Master and Oracle capped by iterations so the test does not depend on time."""
    return [
        UraganNovice(seed),
        UraganClub(seed),
        UraganMaster(seed, budget=None, max_iterations=40),
        UraganMaster(seed, budget=None, max_iterations=40, sees_all=True),
    ]


def random_position(options: Options, rng: random.Random) -> Deal:
    """A deal advanced by random legal moves (claims and picks included) to a random point."""
    d = Deal.new(options, 2, rng.randrange(2), rng)
    for _ in range(rng.randrange(0, 40)):
        if d.is_over():
            break
        ms = d.legal_moves()
        d.play(ms[rng.randrange(len(ms))])
    return d


def deal_from(dealer: int, table: list[str], first_hand: list[str], second_hand: list[str]) -> Deal:
    """A deal whose first round gives ``first_hand`` to the first player (the dealer's opponent) and
    ``second_hand`` to the dealer; the other rounds get the remaining cards in order."""
    t, h1, h2 = parse_set(table), parse_set(first_hand), parse_set(second_hand)
    rest = [c for c in range(52) if DECK >> c & 1 and not (t | h1 | h2) >> c & 1]
    first = 1 - dealer
    rounds = []
    hands = {first: h1, dealer: h2}
    rounds.append((hands[0], hands[1]))
    for r in range(2):
        chunk = rest[12 * r:12 * r + 12]
        a = sum(1 << c for c in chunk[:6])
        b = sum(1 << c for c in chunk[6:])
        rounds.append((a, b))
    return Deal.from_hands(Options(), dealer, t, rounds)


# --- every bot, every phase, every option: a legal move ---


@pytest.mark.parametrize("options", OPTION_SETS, ids=["book", "strict", "no-all-suits-8"])
def test_bots_always_return_legal_moves(options: Options) -> None:
    rng = random.Random(11)
    phases = set()
    for _ in range(60):
        d = random_position(options, rng)
        if d.is_over():
            continue
        seat = d.current_player()
        view = d.view(seat)
        phases.add(d.phase)
        for bot in fast_bots(rng.randrange(1000)):
            full = d.copy() if bot.sees_all else None
            move = bot.choose(view, full)
            assert move in d.legal_moves(), (bot.name, move)
            d.copy().play(move)
    assert phases  # positions were found
    if not options.strict:
        assert CLAIM_PHASE in phases  # random book play breaks priorities: claims were asked


def test_bots_play_whole_matches_to_the_end() -> None:
    for level in ("novice", "club"):
        for opponent in ("novice", "club"):
            m = Match.new(Options(target=8), ["a", "b"], seed=3)
            bots = [make(level, seed=1), make(opponent, seed=2)]
            for _ in range(2000):
                if m.is_over():
                    break
                seat = m.current_player()
                m.play(bots[seat].choose(m.view(seat)))
            assert m.is_over() and len(m.winners()) == 1


def test_make_and_registry() -> None:
    assert make("club").name == "club"
    assert make("oracle").sees_all and not make("master").sees_all
    assert game_named("uragan").make_bot("novice").name == "novice"
    with pytest.raises(ValueError):
        make("grandmaster")


def test_the_oracle_needs_the_full_deal() -> None:
    d = random_position(Options(), random.Random(4))
    while d.is_over() or len(d.legal_moves()) < 2:
        d = random_position(Options(), random.Random(d.round + 17))
    with pytest.raises(ValueError):
        UraganMaster(1, budget=None, max_iterations=5, sees_all=True).choose(d.view(d.current_player()))


# --- Club follows the seed's advice ---


def test_club_prefers_the_heart_between_equal_captures() -> None:
    d = deal_from(1, ["5S", "5H", "KD", "QC"], ["5C", "2D", "3D", "4S", "JS", "JD"],
                  ["AS", "AD", "2S", "3S", "4D", "6S"])
    move = UraganClub(1).choose(d.view(0))
    assert move == Play(parse("5C"), 1 << parse("5H"))


def test_club_takes_an_uragan() -> None:
    d = deal_from(1, ["2S", "3D", "4C", "AH"], ["KC", "QD", "JS", "6D", "5S", "7S"],
                  ["AS", "AD", "2D", "3S", "4D", "6S"])
    move = UraganClub(1).choose(d.view(0))
    assert move == Play(parse("KC"), parse_set(["2S", "3D", "4C", "AH"]))


def test_club_guards_its_seven_when_it_must_trail() -> None:
    # nothing in hand can capture (the table holds only 8s and 9s); trailing the seven gives it away
    d = deal_from(1, ["QC", "QD", "JS", "JH"], ["7S", "AC", "2D", "3S", "4C", "5C"],
                  ["AS", "AD", "2S", "3D", "4D", "6S"])
    move = UraganClub(1).choose(d.view(0))
    assert move.take == 0 and move.card != parse("7S")


def test_club_avoids_leaving_ten_or_less() -> None:
    # after 6D:6S and KC:KH the table is 3C+AD (4) and seat 0 can capture nothing: trailing 2D or 5C
    # leaves ten or less (an uragan for one card), trailing JC or QC does not
    d = deal_from(1, ["6S", "3C", "AD", "KH"], ["6D", "2D", "7C", "JC", "QC", "5C"],
                  ["KC", "4D", "2S", "3D", "4S", "6C"])
    d.play(Play(parse("6D"), 1 << parse("6S")))
    d.play(Play(parse("KC"), 1 << parse("KH")))
    assert d.table == parse_set(["3C", "AD"])
    move = UraganClub(1).choose(d.view(0))
    assert move.take == 0 and move.card in (parse("JC"), parse("QC"))


def test_club_claims_when_the_claim_pays_and_lets_stand_when_not() -> None:
    # seat 0 plays KC taking QC+AS while KD lies on the table: a King must take the King
    d = deal_from(1, ["KD", "QC", "AS", "2H"], ["KC", "2D", "3D", "4S", "JS", "JD"],
                  ["3C", "4H", "5S", "6D", "JH", "7D"])
    d.play(Play(parse("KC"), parse_set(["QC", "AS"])))
    assert d.phase == CLAIM_PHASE and d.current_player() == 1
    assert UraganClub(1).choose(d.view(1)) == CLAIM  # KC+KD only, and AS+2H left for my 3C
    # seat 0 trails 3D although it could take AS+2C; letting it stand leaves 6 (AS+2C+3D) to my 6D
    d = deal_from(1, ["AS", "2C", "QD", "KC"], ["3D", "5C", "4S", "JS", "JD", "7C"],
                  ["6D", "4H", "5S", "3C", "JH", "7D"])
    d.play(Play(parse("3D"), 0))
    assert d.phase == CLAIM_PHASE
    assert UraganClub(1).choose(d.view(1)) == LET_STAND


def test_club_picks_among_demanded_captures() -> None:
    rng = random.Random(5)
    seen = 0
    for _ in range(400):
        d = random_position(Options(), rng)
        if d.is_over() or d.phase != PICK:
            continue
        seen += 1
        move = UraganClub(1).choose(d.view(d.current_player()))
        assert move in d.legal_moves()
    assert seen > 0


def test_club_beats_novice_on_points() -> None:
    """Duplicate deals (each bot in each seat with the same cards): Club scores clearly more."""
    diff = 0.0
    for i in range(30):
        for swap in (0, 1):
            d = Deal.new(Options(), 2, i % 2, random.Random(i))
            bots = [UraganClub(i), UraganNovice(i)] if not swap else [UraganNovice(i), UraganClub(i)]
            while not d.is_over():
                seat = d.current_player()
                d.play(bots[seat].choose(d.view(seat)))
            s = d.score()
            diff += (s[0] - s[1]) if not swap else (s[1] - s[0])
    assert diff / 60 > 1.0


def test_club_answers_every_position() -> None:
    # Its speed is a benchmark (the arena's think times in docs/benchmarks.md), not a test.
    rng = random.Random(2)
    bot = UraganClub(1)
    for _ in range(100):
        d = random_position(Options(), rng)
        if d.is_over():
            continue
        assert bot.choose(d.view(d.current_player())) in d.legal_moves()


def test_unseen_value_odds() -> None:
    unseen = parse_set(["7H", "7S", "KD", "2C"])
    odds = holds_value_odds(unseen, 2)
    assert odds[7] == pytest.approx(1 - 1 / 6)  # C(2,2)/C(4,2) = 1/6 to hold no seven
    assert odds[5] == 0.0
    assert holds_value_odds(unseen, 4)[10] == 1.0


# --- Master: the match-win table, the evaluation, the search ---


def test_match_win_table_is_a_fair_symmetric_probability() -> None:
    t = win_table(16)
    for a in range(16):
        for b in range(16):
            assert 0.0 <= t[a][b] <= 1.0
            assert t[a][b] + t[b][a] == pytest.approx(1.0, abs=1e-9)
            if a + 1 < 16:
                assert t[a + 1][b] >= t[a][b] - 1e-12  # more points never hurt
    assert match_win_chance(17, 15, 16) == 1.0 and match_win_chance(15, 17, 16) == 0.0
    assert match_win_chance(16, 16, 16) == 0.5


def test_expected_points_add_up_to_about_the_deal_total() -> None:
    rng = random.Random(8)
    for _ in range(30):
        d = random_position(Options(claims="strict"), rng)
        if d.is_over():
            continue
        e0, e1 = expected_points(d)
        assert min(e0, e1) >= 0.0
        assert e0 + e1 <= 4.0 + sum(d.uragans) + 2.0


def test_resampler_keeps_the_view() -> None:
    rng = random.Random(3)
    for _ in range(20):
        d = random_position(Options(), rng)
        if d.is_over():
            continue
        for seat in (0, 1):
            view = d.view(seat)
            sampler = Resampler(view, d.options)
            hidden = set()
            for _ in range(5):
                s = sampler.sample(rng)
                assert s.view(seat) == view
                hidden.add(s.hands[1 - seat])
            if view.hand_sizes[1 - seat] and view.unseen().bit_count() > view.hand_sizes[1 - seat]:
                assert len(hidden) > 1  # the opponent's hand really is sampled


def test_master_takes_an_obvious_uragan() -> None:
    d = deal_from(1, ["2S", "3D", "4C", "AH"], ["KC", "QD", "JS", "6D", "5S", "7S"],
                  ["AS", "AD", "2D", "3S", "4D", "6S"])
    move = UraganMaster(1, budget=None, max_iterations=400).choose(d.view(0))
    assert move == Play(parse("KC"), parse_set(["2S", "3D", "4C", "AH"]))


def test_master_never_breaks_a_priority() -> None:
    rng = random.Random(21)
    for _ in range(25):
        d = random_position(Options(), rng)
        if d.is_over() or d.phase != 0:
            continue
        move = UraganMaster(2, budget=None, max_iterations=30).choose(d.view(d.current_player()))
        assert d.breach_of(move.card, move.take) is None


def test_a_small_budget_gives_a_quick_legal_move(monkeypatch) -> None:
    # A clock that moves 1 ms per read: the 20 ms budget must end the search after about 20 reads
    # (counted, not timed; the arena measures the real think times).
    clock = ticking_clock(monkeypatch, [uragan_master, search])
    d = deal_from(1, ["5S", "5H", "KD", "QC"], ["5C", "2D", "3D", "4S", "JS", "JD"],
                  ["AS", "AD", "2S", "3S", "4D", "6S"])
    bot = UraganMaster(1, budget=0.02)
    move = bot.choose(d.view(0))
    assert move in d.legal_moves()
    assert 1 <= bot.last_iterations <= 4 * 25 and clock["reads"] <= 25

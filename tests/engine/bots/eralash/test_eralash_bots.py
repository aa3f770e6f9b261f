"""Eralash bots: the search's trick play agrees with the engine, robber values, legal play at every
level and table option, the Club player's advice from the original text, Master's budget."""

from __future__ import annotations

import random

import pytest
from fakeclock import ticking_clock

from engine.bots import search
from engine.bots.eralash import ClubBot, MasterBot, NoviceBot, make
from engine.bots.eralash import master as eralash_master
from engine.bots.eralash.club import choose_trump_by_strength, duckers, runs_in, trick_wishes
from engine.bots.eralash.robber import RobberValue, _simulated_spread, deal_points_spread, hand_points
from engine.bots.eralash.tricks import equivalence_classes
from engine.bots.eralash.view import Situation, trick_play_of
from engine.cards import parse, parse_set
from engine.eralash import ChooseTrump, Deal, Match, Options, find_runs
from engine.games import game_named

OPTION_SETS = [
    (4, Options()),
    (4, Options(pairs=True)),
    (4, Options(classic_runs=True, aces_three=0, aces_four=0)),
    (3, Options()),
    (3, Options(short_deal=True)),
    (2, Options()),
    (2, Options(short_deal=True, target=20)),
]


def _random_deal(rng: random.Random, n: int, opts: Options) -> Deal:
    d = Deal.new(opts, n, rng.randrange(n), rng)
    if d.choices:
        d.play(ChooseTrump(rng.choice(d.choices)))
    return d


# --- the search's trick play -----------------------------------------------------------------------


@pytest.mark.parametrize("n,opts", OPTION_SETS)
def test_trick_play_agrees_with_engine(n: int, opts: Options) -> None:
    rng = random.Random(n * 100 + opts.target)
    for _ in range(60):
        deal = _random_deal(rng, n, opts)
        # start the copy at a random point of the deal, mid-trick included
        for _ in range(rng.randrange(deal.size * n // 2)):
            deal.play(rng.choice(deal.legal_moves()))
        tp = trick_play_of(deal)
        while not deal.is_over():
            assert tp.turn == deal.current_player()
            assert tp.legal() == deal.legal_mask()
            card = rng.choice(deal.legal_moves())
            deal.play(card)
            tp.play(card)
            assert tp.won == deal.tricks_won
        assert tp.is_over() and tp.left == 0


def test_rollout_finishes_legally_and_counts_every_trick() -> None:
    rng = random.Random(5)
    for n, opts in OPTION_SETS:
        deal = _random_deal(rng, n, opts)
        tp = trick_play_of(deal)
        tp.rollout(rng, partners=opts.pairs, skill=0.8, duck=0b0101)
        assert tp.is_over()
        assert sum(tp.won) == deal.size
        assert tp.hands == [0] * n


def test_equivalent_cards_are_grouped_only_across_gone_cards() -> None:
    hand = parse_set(["9S", "10S", "QS", "2H"])
    # nothing gone: 9-10 touch, Q is separated by the unseen J
    classes = sorted(equivalence_classes(hand, gone=0))
    assert sorted(classes) == sorted([parse_set(["9S", "10S"]), parse_set(["QS"]), parse_set(["2H"])])
    # once the J is played, 9-10-Q are one class
    classes = equivalence_classes(hand, gone=parse_set(["JS"]))
    assert parse_set(["9S", "10S", "QS"]) in classes


def test_a_card_on_the_table_keeps_cards_around_it_apart() -> None:
    """4H and JH with 5H-9H gone: equal once the trick is over, but not while the 10H lies in the
    trick — the Jack wins it, the 4 does not (Master once played them as one choice)."""
    from engine.bots.eralash.view import Situation

    gone = parse_set(["5H", "6H", "7H", "8H", "9H", "10H"])
    sit = Situation(seat=0, n=4, pairs=False, hand=parse_set(["4H", "JH"]), trump=0, leader=1,
                    trick=[parse_set(["10H"]).bit_length() - 1], won=[0] * 4, gone=gone,
                    points=[0.0] * 4, tricks_before=[0] * 4, target=13, tricks_per_deal=13, spread=15.0)
    hand = sit.hand
    assert len(equivalence_classes(hand, sit.settled())) == 2
    assert len(equivalence_classes(hand, gone)) == 1  # what the trick's cards would wrongly merge


# --- game-level values ---------------------------------------------------------------------------


def _value(points, before, target=13, n=4, pairs=False, per_deal=13):
    return RobberValue(n, pairs, points, before, target, per_deal, spread=15.0)


def test_slam_wins_the_robber_outright() -> None:
    v = _value([0, 50, 50, 50], [0, 0, 0, 0])
    assert v([13, 0, 0, 0])[0] > 0.99
    assert max(v([13, 0, 0, 0])[1:]) < 0.01


def test_reaching_the_target_ends_the_robber_for_the_points_leader() -> None:
    v = _value([10, 25, 0, 0], [10, 3, 0, 0])
    ended = v([4, 3, 3, 3])  # seat 0 reaches 14: seat 1 has most points
    assert ended[1] > 0.99 and ended[0] < 0.05
    going_on = v([1, 4, 4, 4])  # nobody reaches 13: seat 0 can still catch up
    assert going_on[0] > ended[0] + 0.05
    assert going_on[1] < ended[1]


def test_equal_points_share_the_win() -> None:
    v = _value([30, 30, 0, 0], [12, 0, 0, 0])
    vals = v([3, 3, 3, 4])
    assert vals[0] == pytest.approx(vals[1], abs=0.03)
    assert vals[0] == pytest.approx(0.5, abs=0.03)


def test_pairs_value_is_shared_by_partners() -> None:
    v = _value([50, 10], [6, 7], pairs=True)
    vals = v([3, 3, 4, 3])
    assert vals[0] == pytest.approx(vals[2], abs=0.03)
    assert vals[0] > 0.95  # the 0-2 team leads on points and the robber ends


def test_leader_prefers_fewer_deals_left() -> None:
    v = _value([60, 20, 20, 20], [0, 0, 0, 0])
    near_end = v.side_values([12, 0, 0, 0], complete=False)  # 12 of 13 for seat 0 (not a slam)
    far = v.side_values([3, 3, 3, 3], complete=False)
    assert near_end[0] > far[0]


def test_a_robber_that_goes_on_is_valued_by_the_race_module() -> None:
    from engine.eralash.race import robber_chances

    v = _value([20, 35, 20, 5], [6, 2, 4, 1])
    going_on = v.side_values([2, 4, 4, 3])
    expected = robber_chances(4, False, [20, 35, 20, 5], [8, 6, 8, 4], 1, Options())
    assert going_on == pytest.approx(list(expected))
    assert sum(going_on) == pytest.approx(1.0)


def test_hand_points_follow_the_rules() -> None:
    assert hand_points(parse_set(["AS", "KS", "QS", "JS"]), False, 30, 60) == 41
    assert hand_points(parse_set(["8C", "9C", "10C", "2H"]), False, 30, 60) == 27
    assert hand_points(parse_set(["8C", "9C", "10C"]), True, 30, 60) == 0  # classic: Ace-headed only
    three_aces = parse_set(["AS", "AH", "AD", "2C"])
    assert hand_points(three_aces, False, 30, 60) == 30
    assert hand_points(three_aces, False, 0, 0) == 0
    rng = random.Random(3)
    for _ in range(200):  # agrees with the engine's run finder
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        assert hand_points(hand, False, 0, 0) == sum(r.points for r in find_runs(hand, False))
    for size, classic, a3, a4 in ((13, False, 30, 60), (26, True, 30, 60), (17, False, 0, 100)):
        table = deal_points_spread(size, 4, classic, a3, a4)
        assert table == pytest.approx(_simulated_spread(size, classic, a3, a4), rel=0.15)


# --- every level plays legal moves, every table option ------------------------------------------


@pytest.mark.parametrize("n,opts", OPTION_SETS)
def test_novice_and_club_play_whole_robbers_legally(n: int, opts: Options) -> None:
    for seed in range(3):
        bots = [make("novice" if s % 2 else "club", seed=s) for s in range(n)]
        m = Match.new(opts, [f"p{s}" for s in range(n)], seed)
        moves = 0
        while not m.is_over():
            seat = m.current_player()
            view = m.view(seat)
            move = bots[seat].choose(view)
            assert move in m.legal_moves()
            m.play(move)
            moves += 1
        assert m.winners()
        assert moves >= len(m.deals_done) * m.deal.size * n


@pytest.mark.parametrize("n,opts", OPTION_SETS)
def test_master_and_oracle_play_legal_moves(n: int, opts: Options) -> None:
    rng = random.Random(11)
    master = MasterBot(seed=1, budget=None, iterations=40)
    oracle = MasterBot(seed=1, budget=None, iterations=40, name="oracle", sees_all=True)
    m = Match.new(opts, [f"p{s}" for s in range(n)], 3)
    plays = 0
    while not m.is_over() and plays < 2 * m.deal.size * n:
        seat = m.current_player()
        view = m.view(seat)
        bot = oracle if seat % 2 else master
        move = bot.choose(view, full=m.deal.copy()) if bot.sees_all else bot.choose(view)
        assert move in m.legal_moves()
        m.play(move)
        if rng.random() < 0.3 and not m.is_over():  # and some random moves to vary the states
            m.play(rng.choice(m.legal_moves()))
        plays += 1


def test_make_and_registry() -> None:
    assert isinstance(make("novice"), NoviceBot)
    assert isinstance(make("club"), ClubBot)
    assert isinstance(make("master", budget=0.1), MasterBot)
    oracle = game_named("eralash").make_bot("oracle", seed=2, budget=0.1)
    assert oracle.sees_all and not make("master").sees_all
    with pytest.raises(ValueError):
        make("grandmaster")


def test_a_bot_asked_out_of_turn_says_so() -> None:
    m = Match.new(Options(), ["a", "b", "c", "d"], 1)
    idle = (m.current_player() + 1) % 4
    for name in ("novice", "club", "master"):
        with pytest.raises(ValueError, match="no move"):
            make(name, budget=0.01).choose(m.view(idle))


# --- trump choice ---------------------------------------------------------------------------------


def _no_run_deal(rng: random.Random) -> Deal:
    while True:
        d = Deal.new(Options(), 4, 0, rng)
        if d.choices == (0, 1, 2, 3):
            return d


def test_every_level_names_trump_from_the_choices() -> None:
    rng = random.Random(8)
    d = _no_run_deal(rng)
    view = d.view(d.current_player())
    for bot in (make("novice"), make("club"), MasterBot(seed=0, budget=None, iterations=20)):
        move = bot.choose(view)
        assert isinstance(move, ChooseTrump) and move.suit in view.choices


def test_club_names_its_strongest_suit() -> None:
    hand = parse_set(["AH", "KH", "JH", "8H", "5H", "2H", "3S", "5S", "9D", "4D", "6C", "9C", "JC"])
    assert choose_trump_by_strength(hand) == 1
    assert choose_trump_by_strength(hand, (0, 3)) == 3  # the better of the two offered suits


# --- the Club player's advice, from the original text ----------------------------------------------

# A four-player deal: seat 1 is the eldest (dealer 0) and leads the first trick.
HANDS_RUN4 = [
    ["2S", "3S", "4S", "6H", "7H", "9H", "2D", "3D", "4D", "6C", "8C", "10C", "QC"],
    ["9S", "10S", "JS", "QS", "2H", "5H", "6D", "8D", "KD", "3C", "5C", "9C", "AC"],
    ["5S", "6S", "7S", "8S", "3H", "4H", "8H", "5D", "7D", "10D", "2C", "4C", "JC"],
    ["KS", "AS", "10H", "JH", "QH", "KH", "AH", "9D", "JD", "QD", "AD", "7C", "KC"],
]


def test_club_leads_a_four_card_run_from_its_lowest_card() -> None:
    d = Deal.from_hands(Options(), 0, HANDS_RUN4)
    if d.choices:
        d.play(ChooseTrump(d.choices[0]))
    view = d.view(1)
    assert view.runs[1]  # 9-10-J-Q of spades is declared
    assert ClubBot().choose(view) == parse("9S")


def test_club_without_runs_leads_low_from_its_long_suit() -> None:
    sit = Situation(
        seat=0, n=4, pairs=False,
        hand=parse_set(["KD", "9D", "6D", "4D", "2D", "QS", "7S", "3H", "8H", "5C", "7C", "9C", "JC"]),
        trump=3, leader=0, trick=[], won=[0, 0, 0, 0], gone=0,
        points=[0.0] * 4, tricks_before=[0] * 4, target=13, tricks_per_deal=13, spread=15.0,
    )
    assert not runs_in(sit.hand)
    from engine.bots.eralash.club import club_card

    assert club_card(sit, sit.hand) == parse("2D")  # the long diamonds, keeping the King


def _sit(hand, trick, leader, trump=3, won=None, points=None, before=None, gone=0):
    return Situation(
        seat=(leader + len(trick)) % 4, n=4, pairs=False, hand=parse_set(hand), trump=trump,
        leader=leader, trick=[parse(c) for c in trick], won=won or [0, 0, 0, 0],
        gone=gone | parse_set(trick), points=points or [0.0] * 4, tricks_before=before or [0] * 4,
        target=13, tricks_per_deal=13, spread=15.0,
    )


def test_club_trumps_cheaply_when_void_and_wants_the_trick() -> None:
    from engine.bots.eralash.club import club_card

    sit = _sit(["2C", "9C", "KC", "5S", "7S", "3D"], ["AH", "4H", "8H"], leader=0,
               points=[0, 0, 0, 40.0], before=[5, 5, 5, 9])
    legal = sit.hand  # void in hearts: anything goes
    assert trick_wishes(sit)[3] >= max(trick_wishes(sit))
    assert club_card(sit, legal) == parse("2C")


def test_club_ducks_a_trick_that_would_end_the_robber_while_behind() -> None:
    from engine.bots.eralash.club import club_card

    # seat 3 is far behind on points and has 12 tricks: one more ends the robber, which it loses
    sit = _sit(["AH", "2H", "2C", "9C"], ["QH", "4H", "8H"], leader=0,
               points=[80.0, 0, 0, 0], before=[0, 3, 3, 12], won=[3, 3, 3, 0])
    legal = parse_set(["AH", "2H", "2C", "9C"])
    assert duckers(sit) >> 3 & 1
    assert club_card(sit, legal) == parse("2H")


def test_club_does_not_trump_its_partners_winning_trick() -> None:
    from engine.bots.eralash.club import club_card

    sit = _sit(["2C", "9C", "5S", "7S"], ["4H", "AH", "8H"], leader=1)  # seat 0 to play, partner 2
    sit.pairs = True
    sit.points, sit.tricks_before = [0.0, 0.0], [0, 0]
    sit.gone |= parse_set(["KH", "QH"])
    assert club_card(sit, sit.hand) in (parse("5S"), parse("7S"))


# --- Master: budget and a sensible choice -----------------------------------------------------------


def test_master_respects_a_tiny_budget(monkeypatch) -> None:
    # A clock that moves 1 ms per read: a 20 ms budget allows about 20 reads, one per 8 iterations.
    # Counting, not timing: this machine's speed decides nothing (the arena measures think times).
    clock = ticking_clock(monkeypatch, [eralash_master, search])
    rng = random.Random(4)
    bot = MasterBot(seed=3, budget=0.02)
    for _ in range(5):
        d = _random_deal(rng, 4, Options())
        view = d.view(d.current_player())
        bot.last_iterations = 0
        before = clock["reads"]
        move = bot.choose(view)
        assert move in d.legal_moves()
        assert clock["reads"] - before <= 25 and bot.last_iterations <= 8 * 25


class _Position:
    """Just the fields ``trick_play_of`` reads from a Deal: a hand-made end-of-deal position."""

    def __init__(self, hands, trump, lead, trick, won):
        self.n, self.hands, self.trump, self.lead = 4, hands, trump, lead
        self._trick, self.tricks_won = trick, won

    def current_trick(self):
        return list(self._trick)


@pytest.mark.parametrize("ahead", [True, False])
def test_master_takes_or_ducks_the_trick_that_ends_the_robber(ahead: bool) -> None:
    from engine.bots.eralash.master import ismcts
    from engine.bots.search import Deadline

    # Seat 0 has 12 robber tricks: winning this heart trick with the Ace ends the robber. Ducking
    # with the 2 loses the last trick too (seat 1 leads a trump). Ahead on points it should take
    # the trick; behind it should duck and let the robber go on.
    hands = [parse_set(["AH", "2H"]), parse_set(["5S"]), parse_set(["6D"]), parse_set(["7D"])]
    trick = [parse(c) for c in ("KH", "3H", "4H")]
    won = [0, 4, 4, 3]
    points = [60.0, 10.0, 10.0, 10.0] if ahead else [10.0, 60.0, 10.0, 10.0]
    sit = Situation(
        seat=0, n=4, pairs=False, hand=hands[0], trump=0, leader=1, trick=trick, won=won,
        gone=parse_set(["KH", "3H", "4H"]), points=points, tricks_before=[12, 0, 0, 0], target=13,
        tricks_per_deal=13, spread=15.0,
    )
    position = _Position(hands, 0, 1, trick, won)
    root = [parse("2H"), parse("AH")]
    card, iterations = ismcts(
        sit, root, lambda rng: position, sit.robber_value(), random.Random(1), Deadline(None, 200)
    )
    assert iterations == 200
    assert card == (parse("AH") if ahead else parse("2H"))

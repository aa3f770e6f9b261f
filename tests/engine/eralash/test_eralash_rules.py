"""Eralash rules: runs and their points, honours, trump, legal moves, tricks, dealing, robber, slam, pairs."""

import random

import pytest

from engine.cards import parse, parse_set
from engine.eralash import (
    ChooseTrump,
    Deal,
    IllegalPlay,
    Match,
    Options,
    find_runs,
    legal_cards,
    move_from_json,
    move_name,
    move_to_json,
    parse_move,
    run_points,
    trick_winner,
    trump_from_runs,
)
from engine.eralash.dealing import deal_hands, draw_lot
from engine.state import IllegalMove

C = parse


def mask(*texts: str) -> int:
    return parse_set(texts)


# --- runs: the worked examples of the seed text -------------------------------------------------


def test_worked_example_ace_king_queen_jack_is_41():
    (run,) = find_runs(mask("AS", "KS", "QS", "JS", "2H", "9D"))
    assert (run.length, run.points) == (4, 41)
    assert run_points([12, 11, 10, 9]) == 41


def test_worked_example_eight_seven_six_five_is_26():
    (run,) = find_runs(mask("8H", "7H", "6H", "5H", "AC"))
    assert (run.length, run.points, run.suit) == (4, 26, 1)


def test_worked_example_svetlana_eight_nine_ten_of_clubs_is_27():
    hand = mask("3D", "JD", "2S", "3S", "9S", "QS", "2C", "8C", "9C", "10C", "AC", "2H", "QH")
    (run,) = find_runs(hand)
    assert run.cards == mask("8C", "9C", "10C")
    assert run.points == 27
    assert run.label() == "8-9-10♣"
    assert run.label("ru") == "8-9-10♣"
    assert run.describe() == "8-9-10♣ — 27"
    (top,) = find_runs(mask("AS", "KS", "QS", "JS"))
    assert top.label("ru") == "В-Д-К-Т♠"


def test_a_maximal_run_counts_once_as_a_whole_and_several_runs_count():
    runs = find_runs(mask("2S", "3S", "4S", "5S", "6S", "9H", "10H", "JH", "KH"))
    assert [(r.suit, r.length, r.points) for r in runs] == [(0, 5, 20), (1, 3, 29)]


def test_two_cards_and_broken_sequences_are_not_runs():
    assert find_runs(mask("2S", "3S", "5S", "6S", "AS", "KS", "JS")) == []


def test_ace_is_high_only():
    assert find_runs(mask("AC", "2C", "3C")) == []


def test_classic_runs_count_only_runs_headed_by_the_ace():
    hand = mask("AD", "KD", "QD", "8C", "9C", "10C")
    assert [r.points for r in find_runs(hand, classic=True)] == [31]
    assert [r.points for r in find_runs(hand, classic=False)] == [31, 27]


# --- trump ---------------------------------------------------------------------------------------


def _runs(*hands):
    return [find_runs(h) for h in hands]


def test_trump_longest_run_wins():
    runs = _runs(mask("2S", "3S", "4S", "5S"), mask("QH", "KH", "AH"), 0, 0)
    assert trump_from_runs(runs, eldest=1) == (0, (0,))


def test_trump_equal_length_more_points_wins():
    runs = _runs(mask("2S", "3S", "4S"), mask("QH", "KH", "AH"), 0, 0)
    assert trump_from_runs(runs, eldest=0) == (1, (1,))


def test_trump_fully_equal_runs_go_to_the_seat_nearer_the_eldest():
    runs = _runs(mask("2S", "3S", "4S"), 0, mask("2H", "3H", "4H"), 0)
    assert trump_from_runs(runs, eldest=1) == (2, (1,))
    assert trump_from_runs(runs, eldest=3) == (0, (0,))


def test_one_seat_with_two_equal_best_runs_chooses_between_them():
    runs = _runs(mask("2S", "3S", "4S", "2D", "3D", "4D"), 0)
    assert trump_from_runs(runs, eldest=1) == (0, (0, 2))


def test_nobody_holds_a_run_the_eldest_chooses_any_suit():
    assert trump_from_runs([[], [], []], eldest=2) == (2, (0, 1, 2, 3))


# --- legal moves and tricks -------------------------------------------------------------------------


def test_may_trump_while_holding_the_led_suit():
    hand = mask("4S", "5S", "JS", "QC", "2D")
    assert legal_cards(hand, led=0, trump=3) == mask("4S", "5S", "JS", "QC")


def test_trump_lead_must_be_followed_by_trumps():
    hand = mask("4S", "QC", "2D")
    assert legal_cards(hand, led=3, trump=3) == mask("QC")


def test_void_in_the_led_suit_plays_anything():
    hand = mask("4S", "QC", "2D")
    assert legal_cards(hand, led=1, trump=3) == hand
    assert legal_cards(hand, led=None, trump=3) == hand


def test_trick_winner_highest_trump_else_highest_of_led_suit():
    cards = [C("QS"), C("QC"), C("KC"), C("8S")]
    assert trick_winner(cards, leader=1, trump=3) == 3  # the K♣, fourth seat from leader 1 is seat 3
    assert trick_winner([C("QH"), C("AH"), C("4C"), C("7C")], leader=1, trump=3) == 0
    assert trick_winner([C("KD"), C("AS"), C("5D"), C("6D")], leader=0, trump=3) == 0
    assert trick_winner([C("5D"), C("KD"), C("AS"), C("6D")], leader=2, trump=3) == 3


def _illustrative_deal() -> Deal:
    return Deal.from_hands(
        Options(),
        0,
        ["4D", "7D", "8D", "QD", "KD", "8S", "10S", "KS", "6C", "7C", "JC", "3H", "10H"],
        ["3D", "JD", "2S", "3S", "9S", "QS", "2C", "8C", "9C", "10C", "AC", "2H", "QH"],
        ["2D", "5D", "10D", "4S", "5S", "JS", "5C", "QC", "5H", "7H", "9H", "JH", "AH"],
        ["6D", "9D", "AD", "6S", "7S", "AS", "3C", "4C", "KC", "4H", "6H", "8H", "KH"],
    )


def test_illegal_moves_say_why_in_a_sentence():
    d = _illustrative_deal()
    assert (d.trump, d.trump_by, d.current_player()) == (3, 1, 1)
    with pytest.raises(IllegalMove, match=r"^You do not hold the A♥\.$"):
        d.play(C("AH"))  # Павел's Ace, not Светлана's
    with pytest.raises(IllegalMove, match="not your turn"):
        d.play(C("AC"), seat=2)
    d.play(C("QH"))
    with pytest.raises(IllegalMove, match=r"^You must follow hearts or play a trump \(clubs\)\.$"):
        d.play(C("2D"))
    with pytest.raises(IllegalMove, match="not a card"):
        d.play("AH")
    with pytest.raises(IllegalMove, match="already clubs"):
        d.play(ChooseTrump(1))
    d.play(C("QC"))  # trumping while holding hearts is allowed
    assert d.best_seat == 2


def test_trump_lead_message():
    d = _illustrative_deal()
    d.play(C("AC"))
    with pytest.raises(IllegalPlay, match=r"^You must follow trumps \(clubs\)\.$") as err:
        d.play(C("2D"))
    assert err.value.reason == "must follow trumps (clubs)"


def test_record_reasons_for_cards_not_held_or_already_played():
    d = _illustrative_deal()
    with pytest.raises(IllegalPlay) as err:
        d.play(C("10D"))
    assert err.value.reason == "seat 1 does not hold 10D"
    d.play(C("AC"))
    d.play(C("5C"))
    d.play(C("3C"))
    d.play(C("6C"))
    with pytest.raises(IllegalPlay, match="already been played") as err:
        d.play(C("AC"))
    assert err.value.reason == "already played"


def test_eldest_names_trump_when_nobody_has_a_run():
    hands = [
        mask("2S", "4S", "6S", "8S", "10S", "QS", "2H", "4H", "6H", "8H", "10H", "QH", "2D"),
        mask("3S", "5S", "7S", "9S", "JS", "KS", "3H", "5H", "7H", "9H", "JH", "KH", "3D"),
        mask("4D", "6D", "8D", "10D", "QD", "AD", "2C", "4C", "6C", "8C", "10C", "QC", "AS"),
        mask("5D", "7D", "9D", "JD", "KD", "3C", "5C", "7C", "9C", "JC", "KC", "AC", "AH"),
    ]
    d = Deal.from_hands(Options(), 3, hands)
    assert d.current_player() == 0 and d.trump == -1
    assert d.legal_moves() == [ChooseTrump(s) for s in range(4)]
    with pytest.raises(IllegalMove, match="Trump must be named"):
        d.play(C("2S"))
    d.play(ChooseTrump(1))
    assert (d.trump, d.trump_by, d.current_player()) == (1, 0, 0)
    assert d.history() == [ChooseTrump(1)]


# --- honours ------------------------------------------------------------------------------------------


def _deal_with_aces(n_aces: int, options: Options) -> Deal:
    rng = random.Random(n_aces)
    aces = [C("AS"), C("AH"), C("AD"), C("AC")]
    others = [c for c in range(52) if c % 13 != 12]
    rng.shuffle(others)
    h0 = aces[:n_aces] + others[: 13 - n_aces]
    rest = aces[n_aces:] + others[13 - n_aces :]
    hands = [h0, rest[:13], rest[13:26], rest[26:39]]
    return Deal.from_hands(options, 0, [sum(1 << c for c in h) for h in hands])


@pytest.mark.parametrize(("n_aces", "points"), [(2, 0), (3, 30), (4, 60)])
def test_ace_honours(n_aces, points):
    d = _deal_with_aces(n_aces, Options())
    assert d.honours[0] == points
    assert d.aces[0] == (n_aces if points else 0)
    assert d.points[0] == points + sum(r.points for r in d.runs[0])


def test_ace_honours_options_and_zero_disables():
    assert _deal_with_aces(3, Options(aces_three=50)).honours[0] == 50
    d = _deal_with_aces(3, Options(aces_three=0))
    assert (d.honours[0], d.aces[0]) == (0, 0)
    assert _deal_with_aces(4, Options(aces_four=100)).honours[0] == 100


# --- dealing -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "short", "size", "aside"),
    [(2, False, 26, 0), (3, False, 17, 1), (4, False, 13, 0), (2, True, 13, 26), (3, True, 13, 13)],
)
def test_deal_sizes(n, short, size, aside):
    opts = Options(short_deal=short)
    hands, rest = deal_hands(opts, n, 0, random.Random(n))
    assert [h.bit_count() for h in hands] == [size] * n
    assert rest.bit_count() == aside
    assert sum(hands) + rest == (1 << 52) - 1
    d = Deal.new(opts, n, n - 1, random.Random(1))
    assert d.size == size and d.eldest == 0


def test_seeded_deals_are_deterministic():
    a = Deal.new(Options(), 4, 2, random.Random("7:0"))
    b = Deal.new(Options(), 4, 2, random.Random("7:0"))
    c = Deal.new(Options(), 4, 2, random.Random("7:1"))
    assert a == b and a.dealt != c.dealt


def test_first_dealer_by_lot_highest_card_deals():
    for seed in range(50):
        dealer, draws = draw_lot(4, random.Random(seed))
        last = draws[-1]
        drawn = [c for c in last if c >= 0]
        assert last[dealer] % 13 == max(c % 13 for c in drawn)
        assert [c % 13 for c in drawn].count(last[dealer] % 13) == 1


def test_from_hands_refuses_bad_hands():
    with pytest.raises(ValueError, match="disjoint"):
        Deal.from_hands(Options(), 0, [mask("2S"), mask("2S")])
    with pytest.raises(ValueError, match="26 cards"):
        Deal.from_hands(Options(), 0, [mask("2S"), mask("3S")])


# --- options ----------------------------------------------------------------------------------------


def test_options_round_trip_and_defaults():
    o = Options()
    assert o.to_dict() == {"pairs": False, "classic_runs": False, "short_deal": False,
                           "aces": {"3": 30, "4": 60}, "target": 13}
    assert Options.from_dict(o.to_dict()) == o
    assert Options.from_dict({"aces": {"3": 0}}).aces_four == 60
    s = Options.from_strings({"pairs": "yes", "aces.3": "40", "target": "20", "classic_runs": "false"})
    assert (s.pairs, s.aces_three, s.target, s.classic_runs) == (True, 40, 20, False)


@pytest.mark.parametrize(
    ("d", "msg"),
    [({"colour": 1}, "unknown Eralash option 'colour'"), ({"pairs": "yes"}, "true or false"),
     ({"target": 0}, "target"), ({"aces": {"5": 1}}, "aces has no key"), ({"aces": {"3": -1}}, "aces.3")],
)
def test_options_refuse_bad_values_with_a_sentence(d, msg):
    with pytest.raises(ValueError, match=msg):
        Options.from_dict(d)


def test_pairs_need_four_players():
    with pytest.raises(ValueError, match="pairs need 4 players"):
        Match.new(Options(pairs=True), ["a", "b", "c"], 1)


# --- moves as text and JSON ---------------------------------------------------------------------------


def test_move_text_and_json():
    assert parse_move("10C") == C("10C") == parse_move("10♣")
    assert parse_move("trump H") == ChooseTrump(1) == parse_move("trump:♥")
    for m in (C("QS"), ChooseTrump(3)):
        assert move_from_json(move_to_json(m)) == m
    assert move_name(C("QS")) == "Q♠" and move_name(C("QS"), "ru") == "Д♠"
    assert move_name(ChooseTrump(3)) == "trump ♣"
    with pytest.raises(ValueError):
        parse_move("trump X")


# --- robber, slam, pairs --------------------------------------------------------------------------------


def test_slam_wins_the_robber_at_once_with_points_doubled():
    spades = mask(*[r + "S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")])
    rest = [c for c in range(52) if not spades >> c & 1]
    hands = [sum(1 << c for c in rest[0:13]), spades, sum(1 << c for c in rest[13:26]),
             sum(1 << c for c in rest[26:39])]
    m = Match.new(Options(), ["a", "b", "c", "d"], 1, deals=[(0, hands)])
    assert m.deal.trump == 0 and m.deal.points[1] == 95
    while not m.is_over():
        m.play(m.legal_moves()[0])
    assert m.deals_done[0].slam == 1 and m.slam() == 1
    assert m.winners() == [1]
    assert m.score()[1] == 190 and m.tricks()[1] == 13
    assert m.sheet()[-1]["total_points"][1] == 190
    v = m.view(0)  # the finished robber still shows its last deal, as deal 1 with nothing before it
    assert v.deal_number == 1 and v.robber_points == (0.0, 0.0, 0.0, 0.0) and v.is_over()


def test_robber_ends_when_a_trick_total_reaches_the_target_and_most_points_win():
    rng = random.Random(3)
    for seed in range(20):
        m = Match.new(Options(target=13), ["a", "b", "c"], seed)
        while not m.is_over():
            moves = m.legal_moves()
            m.play(moves[int(rng.random() * len(moves))])
        tricks = m.tricks()
        assert max(tricks) >= 13
        before = [sum(r.tricks[s] for r in m.deals_done[:-1]) for s in range(3)]
        assert max(before) < 13  # it did not go on past the deal that reached the target
        pts = m.score()
        if m.slam() is None:
            assert sorted(m.winners()) == [s for s in range(3) if pts[s] == max(pts)]
        assert sum(r.points[0] for r in m.deals_done) * (2 if m.slam() == 0 else 1) == pts[0]


def test_pairs_add_partners_tricks_and_points():
    rng = random.Random(5)
    m = Match.new(Options(pairs=True), ["a", "b", "c", "d"], 11)
    d = m.deal
    assert d.score() == [d.points[0] + d.points[2], d.points[1] + d.points[3]]
    while not m.deal.is_over() and not m.deals_done:
        moves = m.legal_moves()
        m.play(moves[int(rng.random() * len(moves))])
    r = m.deals_done[0]
    won = r.deal.tricks_won
    assert list(r.tricks) == [won[0] + won[2], won[1] + won[3]]
    assert len(m.score()) == 2


def test_team_slam_in_pairs():
    spades = [c for c in range(13)]
    hearts = [13 + c for c in range(13)]
    others = list(range(26, 52))
    hands = [sum(1 << c for c in hearts), sum(1 << c for c in others[:13]),
             sum(1 << c for c in spades), sum(1 << c for c in others[13:])]
    # seat 2 holds all spades (the longest run: trump); seat 0 all hearts; both win every trick
    m = Match.new(Options(pairs=True), ["a", "b", "c", "d"], 1, deals=[(1, hands)])
    assert m.deal.trump_by in (0, 2)
    while not m.is_over():
        m.play(m.legal_moves()[-1])
    assert m.slam() == 0 and sorted(m.winners()) == [0, 2]


def test_next_deal_passes_to_the_next_dealer():
    rng = random.Random(1)
    m = Match.new(Options(), ["a", "b", "c", "d"], 42, first_dealer=2)
    while len(m.deals_done) < 2:
        moves = m.legal_moves()
        m.play(moves[int(rng.random() * len(moves))])
    assert [r.dealer for r in m.deals_done] == [2, 3]
    assert m.deal.dealer == 0
    assert m.deal.dealt == Deal.new(Options(), 4, 0, random.Random("42:2")).dealt


def test_score_sheet_rows_and_running_totals():
    rng = random.Random(2)
    m = Match.new(Options(target=40), ["Аня", "Борис", "Вера"], 5)
    while len(m.deals_done) < 2:
        moves = m.legal_moves()
        m.play(moves[int(rng.random() * len(moves))])
    rows = m.sheet()
    assert [r["deal"] for r in rows] == [1, 2, 3]
    assert [r["finished"] for r in rows] == [True, True, False]
    for k, r in enumerate(m.deals_done):
        assert rows[k]["points"] == list(r.points) and rows[k]["tricks"] == list(r.tricks)
        assert sum(rows[k]["tricks"]) == 17
    first, second = rows[0]["points"], rows[1]["points"]
    assert rows[1]["total_points"] == [a + b for a, b in zip(first, second, strict=True)]
    assert rows[2]["total_points"] == [int(p) for p in m.score()]
    assert rows[2]["total_tricks"] == m.tricks()
    v = m.view(1)
    assert (v.deal_number, v.target, v.players) == (3, 40, ("Аня", "Борис", "Вера"))
    assert list(v.robber_tricks) == rows[1]["total_tricks"]
    assert list(v.robber_points) == rows[1]["total_points"]
    assert v.dealer == 2 and v.current_player() == m.current_player()


def test_illegal_moves_are_told_in_russian_too():
    d = _illustrative_deal()
    d.play(C("QH"))
    with pytest.raises(IllegalPlay) as err:
        d.play(C("2D"))
    assert err.value.key == "eralash.follow_or_trump"  # every key is named <game>.<rule>
    assert err.value.params == {"seat": 2, "card": C("2D"), "led": 1, "trump": 3}
    assert err.value.text("ru") == "Нужно ходить в масть (червы) или козырем (трефы)."
    assert err.value.sentence("ru") == err.value.text("ru")
    assert err.value.reason == "must follow hearts or play a trump"
    with pytest.raises(IllegalPlay) as err:
        d.play(C("AS"))
    assert err.value.text("ru") == "У вас нет карты Т♠." and str(err.value) == "You do not hold the A♠."


def test_match_first_dealer_by_lot_is_seeded_and_shown():
    a = Match.new(Options(), ["a", "b", "c", "d"], 77)
    b = Match.new(Options(), ["a", "b", "c", "d"], 77)
    assert a.first_dealer == b.first_dealer and a.lot == b.lot and a.deal == b.deal
    last = a.lot[-1]
    assert last[a.first_dealer] % 13 == max(c % 13 for c in last if c >= 0)
    assert Match.new(Options(), ["a", "b", "c", "d"], 77, first_dealer=1).lot is None


@pytest.mark.parametrize(
    ("d", "msg"),
    [({"pairs": "maybe"}, "yes or no"), ({"aces.3": "many"}, "whole number"), ({"colour": "red"}, "unknown")],
)
def test_options_from_strings_refuse_bad_text(d, msg):
    with pytest.raises(ValueError, match=msg):
        Options.from_strings(d)

"""Uragan rules: deck, deal, captures (the seed's examples), claims in both modes, uragans, scoring."""

import itertools
import random

import pytest

from engine.cards import parse, parse_set
from engine.state import IllegalMove
from engine.uragan import (
    CLAIM,
    DECK,
    LET_STAND,
    VALUE,
    Deal,
    Match,
    Options,
    Play,
    captures,
    primiera,
)
from engine.uragan.deal import CLAIM_PHASE, PICK, PLAY
from engine.uragan.score import breakdown

BOOK = Options()
STRICT = Options(claims="strict")


def m(*names: str) -> int:
    return parse_set(names)


def position(table, hand0, hand1=(), claims="book", dealer=1) -> Deal:
    """Seat 0 to play first (dealer 1) with the given table and first-round cards."""
    return Deal.position(Options(claims=claims), dealer, m(*table), m(*hand0), m(*hand1))


def brute_captures(value, table_cards):
    out = set()
    for n in range(1, len(table_cards) + 1):
        for sub in itertools.combinations(table_cards, n):
            if sum(VALUE[parse(c)] for c in sub) == value:
                out.add(m(*sub))
    return out


# -- deck and deal ------------------------------------------------------------------------------

def test_deck_has_forty_cards_without_eights_nines_tens():
    assert DECK.bit_count() == 40
    for text in ("8S", "9H", "10D", "8C", "10S"):
        assert not DECK >> parse(text) & 1
    for text in ("7S", "JH", "2D", "AC", "KS", "QH"):
        assert DECK >> parse(text) & 1


def test_card_values_follow_the_rules():
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
    for rank, value in expected.items():
        for suit in "SHDC":
            assert VALUE[parse(rank + suit)] == value


@pytest.mark.parametrize("dealer", [0, 1])
def test_new_deal_gives_six_each_four_to_the_table_and_keeps_the_stock(dealer):
    d = Deal.new(BOOK, 2, dealer, random.Random(7))
    assert d.table.bit_count() == 4
    assert [h.bit_count() for h in d.hands] == [6, 6]
    assert d.stock_size() == 24
    everything = d.table0
    for h in d.dealt:
        assert h.bit_count() == 6 and not h & everything
        everything |= h
    assert everything == DECK
    assert d.current_player() == 1 - dealer  # the dealer's opponent plays first


def test_second_and_third_hands_come_from_the_stock_when_both_hands_are_empty():
    d = Deal.new(BOOK, 2, 0, random.Random(3))
    rng = random.Random(4)
    for _ in range(11):
        play_one(d, rng)
        assert d.round == 0
    play_one(d, rng)
    assert d.round == 1 and d.hands == [d.dealt[2], d.dealt[3]]
    assert d.stock_size() == 12
    assert d.current_player() == 1  # the dealer's opponent leads every round


def play_one(d: Deal, rng: random.Random) -> None:
    """Play a random card and let it stand if it breaks a priority: one play, as it stands."""
    before = len(d.plays)
    d.play(rng.choice(d.legal_moves()))
    while len(d.plays) == before:
        d.play(LET_STAND)


def test_first_dealer_by_lot_and_the_deal_alternates():
    dealers = {Match.new(BOOK, ["a", "b"], seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1}
    match = Match.new(BOOK, ["a", "b"], 5, first_dealer=1)
    assert [match.dealer_of(i) for i in range(4)] == [1, 0, 1, 0]
    assert match.deal.dealer == 1
    rng = random.Random(1)
    while len(match.deals_done) < 1:
        match.play(rng.choice(match.legal_moves()))
    assert match.deal.dealer == 0 and match.deal.current_player() == 1


def test_same_seed_same_match():
    a = Match.new(BOOK, ["a", "b"], 99)
    b = Match.new(BOOK, ["a", "b"], 99)
    assert a.deal == b.deal
    assert Match.new(BOOK, ["a", "b"], 100).deal != a.deal


# -- captures: the seed's examples --------------------------------------------------------------

def test_a_king_takes_queen_and_ace_or_four_and_six_or_five_three_two():
    table = ["QS", "AH", "4D", "6C", "5H", "3S", "2D"]
    caps = set(captures(10, m(*table)))
    for example in (("QS", "AH"), ("4D", "6C"), ("5H", "3S", "2D")):
        assert m(*example) in caps
    assert caps == brute_captures(10, table)


def test_a_six_takes_three_and_three_or_five_and_ace_or_three_two_ace():
    table = ["3S", "3H", "5D", "AC", "2H"]
    caps = set(captures(6, m(*table)))
    for example in (("3S", "3H"), ("5D", "AC"), ("3S", "2H", "AC"), ("3H", "2H", "AC")):
        assert m(*example) in caps
    assert caps == brute_captures(6, table)


def test_a_jack_takes_five_and_three_and_a_six_takes_a_six():
    assert m("5S", "3D") in captures(8, m("5S", "3D", "KH"))
    assert captures(6, m("6H", "KC")) == (m("6H"),)
    assert captures(7, m("KH", "QS")) == ()


def test_every_capture_offered_in_a_position_sums_to_the_card():
    d = position(["QS", "AH", "4D", "6C"], ["KS", "7H", "5C"])
    for move in d.legal_moves():
        if move.take:
            assert sum(VALUE[c] for c in range(52) if move.take >> c & 1) == VALUE[move.card]


# -- claims ----------------------------------------------------------------------------------------

def test_book_a_king_may_take_four_and_six_past_a_king_and_the_opponent_may_claim():
    d = position(["KD", "4S", "6H", "2C"], ["KS"])
    assert Play(parse("KS"), m("4S", "6H")) in d.legal_moves()
    assert d.breach_of(parse("KS"), m("4S", "6H")).sentence() == "A King must take a King lying on the table"
    d.play(Play(parse("KS"), m("4S", "6H")))
    assert d.phase == CLAIM_PHASE and d.current_player() == 1
    assert d.legal_moves() == [LET_STAND, CLAIM]
    d.play(CLAIM)
    assert d.phase == PLAY and d.current_player() == 1
    assert d.piles[0] == m("KS", "KD")
    assert d.table == m("4S", "6H", "2C")
    assert d.plays[-1].claimed and d.plays[-1].take == m("KD") and d.plays[-1].original == m("4S", "6H")
    assert d.last_claim.claimed and d.last_claim.claimant == 1 and d.last_claim.offender == 0


def test_book_letting_the_play_stand_keeps_it():
    d = position(["KD", "4S", "6H", "2C"], ["KS"])
    d.play(Play(parse("KS"), m("4S", "6H")))
    d.play(LET_STAND)
    assert d.piles[0] == m("KS", "4S", "6H")
    assert d.table == m("KD", "2C")
    assert not d.plays[-1].claimed and d.last_claim is not None and not d.last_claim.claimed


def test_strict_a_king_must_take_the_king():
    d = position(["KD", "4S", "6H", "2C"], ["KS"], claims="strict")
    king_moves = [mv for mv in d.legal_moves() if mv.card == parse("KS")]
    assert king_moves == [Play(parse("KS"), m("KD"))]
    with pytest.raises(IllegalMove, match="A King must take a King lying on the table"):
        d.play(Play(parse("KS"), m("4S", "6H")))
    with pytest.raises(IllegalMove, match="must not be trailed|must take"):
        d.play(Play(parse("KS"), 0))
    assert d.phase == PLAY and len(d.plays) == 0  # a refused move changes nothing


def test_book_trailing_a_card_that_could_capture_is_claimable_and_the_offender_picks():
    d = position(["3S", "3H", "5D", "AC"], ["6S"])
    six = parse("6S")
    breach = d.breach_of(six, 0)
    assert breach is not None and breach.kind == "trail"
    assert set(breach.demanded) == {m("3S", "3H"), m("5D", "AC")}
    d.play(Play(six, 0))
    d.play(CLAIM)
    assert d.phase == PICK and d.current_player() == 0
    assert set(mv.take for mv in d.legal_moves()) == {m("3S", "3H"), m("5D", "AC")}
    with pytest.raises(IllegalMove):
        d.play(Play(six, 0))
    d.play(Play(six, m("5D", "AC")))
    assert d.piles[0] == m("6S", "5D", "AC") and d.table == m("3S", "3H")
    assert d.plays[-1].claimed and d.plays[-1].original == 0


def test_claim_with_two_equal_cards_lets_the_offender_pick_which():
    d = position(["7D", "7C", "4S", "3H"], ["7S"])
    d.play(Play(parse("7S"), m("4S", "3H")))
    d.play(CLAIM)
    assert d.phase == PICK
    assert sorted(mv.take for mv in d.legal_moves()) == sorted([m("7D"), m("7C")])


def test_strict_trail_not_offered_when_a_capture_exists():
    d = position(["3S", "3H", "5D", "AC"], ["6S", "KH"], claims="strict")
    six_moves = [mv for mv in d.legal_moves() if mv.card == parse("6S")]
    assert {mv.take for mv in six_moves} == {m("3S", "3H"), m("5D", "AC")}
    with pytest.raises(IllegalMove, match="must not be trailed"):
        d.play(Play(parse("6S"), 0))


def test_plays_that_break_nothing_need_no_decision():
    d = position(["3S", "3H", "5D", "AC"], ["KH", "6D"])
    assert d.breach_of(parse("KH"), 0) is None  # 3+3+5 = 11: a King cannot capture here
    assert d.breach_of(parse("6D"), m("5D", "AC")) is None
    d.play(Play(parse("KH"), 0))
    assert d.phase == PLAY and d.current_player() == 1 and d.table >> parse("KH") & 1


def test_illegal_plays_are_refused_with_a_sentence():
    d = position(["3C", "4D", "KH", "2S"], ["6C"])
    with pytest.raises(IllegalMove, match="6C cannot take 3C\\+4D: they add up to 7, not 6"):
        d.play(Play(parse("6C"), m("3C", "4D")))
    with pytest.raises(IllegalMove, match="not on the table"):
        d.play(Play(parse("6C"), m("6D")))
    with pytest.raises(IllegalMove, match="not in the hand"):
        d.play(Play(parse("QS"), 0))
    with pytest.raises(IllegalMove):
        d.play(CLAIM)


# -- uragans and the end of the deal --------------------------------------------------------------

def test_a_capture_that_empties_the_table_is_an_uragan_and_marks_a_card():
    d = position(["2S", "3H", "AC", "4D"], ["KS"])
    d.play(Play(parse("KS"), m("2S", "3H", "AC", "4D")))
    assert d.table == 0 and d.uragans == [1, 0]
    assert d.plays[-1].uragan and d.marks[-1].seat == 0 and d.marks[-1].card == parse("KS")
    assert d.score() == [1.0, 0.0]
    # With the table empty the next player can only trail.
    assert all(mv.take == 0 for mv in d.legal_moves())


def test_random_deals_last_play_never_scores_an_uragan_and_remainder_goes_to_last_capturer():
    cleared_on_last = 0
    for seed in range(400):
        d = Deal.new(BOOK, 2, seed % 2, random.Random(seed))
        d.random_playout(random.Random(seed + 1))
        last = d.plays[-1]
        assert not last.uragan
        if last.take and not d.remainder[1]:
            cleared_on_last += 1
        seat, rest = d.remainder
        capturers = [p.seat for p in d.plays if p.take]
        assert seat == (capturers[-1] if capturers else -1)
        assert sum(p.uragan for p in d.plays) == sum(d.uragans)
    assert cleared_on_last > 0  # the rule was actually exercised


# -- scoring ----------------------------------------------------------------------------------------

def test_primiera_of_the_seed_three_sevens_and_a_king_lose_to_a_seven_and_three_sixes():
    three_sevens_king = m("7S", "7H", "7D", "KC")
    seven_three_sixes = m("7S", "6H", "6D", "6C")
    assert primiera(three_sevens_king) == 73
    assert primiera(seven_three_sixes) == 75
    bd = breakdown([m("7H", "7D", "KC", "2S"), m("7S", "6H", "6D", "6C")], [0, 0], True)
    assert bd["points"][1]["primiera"] == 1 and bd["points"][0]["primiera"] == 0


def test_primiera_points_per_rank_and_the_all_suits_option():
    assert primiera(m("AS", "5H", "4D", "3C")) == 16 + 15 + 14 + 13
    assert primiera(m("2S", "JH", "QD", "KC", "QS")) == 12 + 8 + 9 + 10
    missing_clubs = m("7S", "7H", "7D")
    assert primiera(missing_clubs, all_suits=True) == 0
    assert primiera(missing_clubs, all_suits=False) == 63
    # A pile missing a suit cannot win the primiera with the option, even against a weak one.
    weak = m("JS", "JH", "JD", "JC")
    assert breakdown([missing_clubs, weak], [0, 0], True)["points"][1]["primiera"] == 1
    assert breakdown([missing_clubs, weak], [0, 0], False)["points"][0]["primiera"] == 1


def test_equal_primiera_cards_and_hearts_score_nothing():
    a = m("7S", "6H", "AD", "5C")
    b = m("7H", "6S", "AC", "5D")
    bd = breakdown([a, b], [0, 0], True)
    assert bd["counts"][0]["primiera"] == bd["counts"][1]["primiera"]
    assert bd["points"][0]["primiera"] == bd["points"][1]["primiera"] == 0


def test_cards_need_twenty_one_and_hearts_six_and_the_seven_of_hearts_scores():
    cards_list = sorted(c for c in range(52) if DECK >> c & 1)
    hearts = [c for c in cards_list if c // 13 == 1]
    others = [c for c in cards_list if c // 13 != 1]
    pile0 = sum(1 << c for c in hearts[:6] + others[:15])  # 21 cards, 6 hearts
    pile1 = DECK & ~pile0
    bd = breakdown([pile0, pile1], [2, 0], True)
    p0, p1 = bd["points"]
    assert (bd["counts"][0]["cards"], bd["counts"][0]["hearts"]) == (21, 6)
    assert (p0["cards"], p0["hearts"], p1["cards"], p1["hearts"]) == (1, 1, 0, 0)
    seven_h = parse("7H")
    assert p0["seven"] == int(bool(pile0 >> seven_h & 1)) and p1["seven"] == int(bool(pile1 >> seven_h & 1))
    assert p0["uragans"] == 2
    for p in (p0, p1):
        assert p["total"] == sum(v for k, v in p.items() if k != "total")
    # 20 cards each and 5 hearts each: nobody scores those.
    half = sum(1 << c for c in hearts[:5] + others[:15])
    even = breakdown([half, DECK & ~half], [0, 0], True)["points"]
    assert even[0]["cards"] == even[1]["cards"] == even[0]["hearts"] == even[1]["hearts"] == 0


# -- the match --------------------------------------------------------------------------------------

class _FixedDeal:
    """Stands in for a finished deal with chosen points, to drive the match's end-of-deal rule."""

    def __init__(self, points):
        self.points = points

    def score(self):
        return [float(p) for p in self.points]


@pytest.mark.parametrize(
    ("before", "deal", "over", "winner", "double"),
    [
        ((14, 5), (2, 1), True, 0, True),  # 16 : 6, loser under 8 -> double
        ((14, 7), (2, 1), True, 0, False),  # 16 : 8 -> single
        ((15, 15), (1, 1), False, None, False),  # 16 : 16 -> another deal
        ((15, 14), (1, 3), True, 1, False),  # both pass: the higher total (17) wins
        ((10, 3), (5, 0), False, None, False),  # 15: not yet
    ],
)
def test_match_ends_at_the_target_with_higher_total_and_double_win(before, deal, over, winner, double):
    match = Match.new(BOOK, ["a", "b"], 1, first_dealer=0)
    match.points = list(before)
    match.deal = _FixedDeal(deal)
    match._end_deal()
    assert match.is_over() == over
    assert match.winner == winner and match.double == double
    assert match.winners() == ([] if winner is None else [winner])
    if not over:
        assert isinstance(match.deal, Deal) and match.deal.dealer == 1  # the deal alternates


def test_target_option_changes_the_end():
    match = Match.new(Options(target=5), ["a", "b"], 3)
    rng = random.Random(3)
    while not match.is_over():
        match.play(rng.choice(match.legal_moves()))
    assert max(match.points) >= 5 and match.points[match.winner] == max(match.points)
    assert match.points[0] != match.points[1]


# -- options ----------------------------------------------------------------------------------------

def test_options_defaults_round_trip_and_text_values():
    assert Options().to_dict() == {"claims": "book", "primiera_all_suits": True, "target": 16}
    assert Options.from_dict(Options(claims="strict", target=11).to_dict()) == Options("strict", True, 11)
    assert Options.from_dict({}) == Options() == Options.from_dict(None)
    parsed = Options.from_strings({"claims": "Strict", "primiera_all_suits": "no", "target": "21"})
    assert parsed == Options(claims="strict", primiera_all_suits=False, target=21)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"claims": "loose"}, 'option claims must be "book" or "strict"'),
        ({"primiera_all_suits": "yes"}, "option primiera_all_suits must be true or false"),
        ({"target": 0}, "option target must be a whole number from 1 to 999"),
        ({"target": True}, "option target must be a whole number"),
        ({"aces": 3}, "unknown Uragan option 'aces': the options are claims, primiera_all_suits, target"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(given, message):
    with pytest.raises(ValueError, match=message):
        Options.from_dict(given)


def test_bad_option_text_is_refused():
    with pytest.raises(ValueError, match="whole number"):
        Options.from_strings({"target": "sixteen"})
    with pytest.raises(ValueError, match="true or false"):
        Options.from_strings({"primiera_all_suits": "maybe"})


# -- move text and JSON -----------------------------------------------------------------------------

def test_move_names_parse_back_and_json_round_trips():
    from engine.uragan import move_from_json, move_name, move_to_json, parse_move

    moves = [Play(parse("7H"), m("3C", "4D")), Play(parse("KS"), 0), CLAIM, LET_STAND]
    for mv in moves:
        assert parse_move(move_name(mv)) == mv
        assert move_from_json(move_to_json(mv)) == mv
    assert move_name(moves[0]) == "7H:3C+4D"
    assert parse_move("7h takes 3c 4d") == moves[0] and parse_move("let stand") == LET_STAND
    d = position(["KD", "4S", "6H", "2C"], ["KS", "7H"], claims="strict")
    assert parse_move("KS", d.legal_moves()) == Play(parse("KS"), m("KD"))
    with pytest.raises(ValueError):
        parse_move("7H:KD", d.legal_moves())


def test_garbage_moves_are_refused_not_crashed_on():
    d = position(["3C", "4D", "KH", "2S"], ["6C"])
    for bad in (Play(99, 0), Play(-1, 0), Play(parse("6C"), -5), Play("6C", 0), "6C", None, 7):
        with pytest.raises(IllegalMove):
            d.play(bad)
    assert len(d.history) == 0


def test_a_full_capture_cache_drops_only_its_oldest_eighth():
    from engine.uragan import capture as cap

    cache = {k: k for k in range(80)}
    dropped = cap._evict(cache)
    assert dropped == list(range(10)) and list(cache) == list(range(10, 80))


# --- illegal moves: a key, parameters, a sentence in English and Russian ------------------------------


def test_illegal_uragan_moves_carry_a_key_and_both_languages() -> None:
    d = Deal.position(Options(), 1, parse_set(["3C", "4D", "KS", "AH"]), parse_set(["7H", "KD"]), 0)
    with pytest.raises(IllegalMove) as err:
        d.play(Play(parse("7H"), parse_set(["3C", "AH"])))
    e = err.value
    assert e.key == "uragan.sum" and str(e) == "7H cannot take AH+3C: they add up to 4, not 7"
    assert e.params == {"card": parse("7H"), "take": (parse("AH"), parse("3C")), "total": 4, "value": 7}
    assert e.sentence("ru") == "7♥ не может взять Т♥ + 3♣: в сумме 4, а не 7"
    with pytest.raises(IllegalMove) as err:
        d.play(Play(parse("KS"), 0))  # on the table, not in the hand
    assert err.value.key == "uragan.not_in_hand" and err.value.sentence("ru") == "К♠ нет у вас в руке"
    strict = Deal.position(Options(claims="strict"), 1, parse_set(["3C", "4D", "KS", "AH"]),
                           parse_set(["7H", "KD"]), 0)
    with pytest.raises(IllegalMove) as err:
        strict.play(Play(parse("KD"), 0))
    assert err.value.key == "uragan.breach_equal"
    assert str(err.value) == "A King must take a King lying on the table"
    assert err.value.sentence("ru") == "К♦ должна брать карту равной стоимости (К♠)"


def test_every_illegal_move_key_is_said_in_both_languages() -> None:
    from engine import illegal

    for key, (en, ru) in illegal.TEXTS.items():
        assert en and ru, key
        assert key == "other" or key.split(".")[0] in ("uragan", "eralash"), key

"""The exact Eralash endgame: against plain minimax, its line in the engine, planted positions."""

from __future__ import annotations

import random

import pytest
from endgame_reference import minimax, random_position

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.endgame import Endgame, TooBig, known_hands
from engine.bots.eralash.master import MasterBot
from engine.bots.eralash.view import Situation
from engine.cards import parse, parse_set
from engine.eralash.deal import Deal
from engine.eralash.options import Options

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def _utility(seed: int):
    """A random utility of the final tricks; every other one coarse (few values, many ties)."""
    table: dict[tuple[int, ...], float] = {}
    rng = random.Random(seed)
    levels = 2 if seed % 4 == 3 else 0

    def utility(won: tuple[int, ...]) -> float:
        if won not in table:
            table[won] = rng.randrange(levels) if levels else rng.random()
        return table[won]

    return utility


def test_solver_agrees_with_plain_minimax_on_random_positions() -> None:
    rng = random.Random(19)
    checked = 0
    for i in range(300):
        n = rng.choice((2, 3, 4))
        per_hand = {2: rng.randint(1, 5), 3: rng.randint(1, 3), 4: rng.randint(1, 3)}[n]
        p = random_position(rng, n, per_hand)
        seat = rng.randrange(n)
        pairs = n == 4 and rng.random() < 0.5
        utility = _utility(i) if i % 2 else None
        e = Endgame(n, p["hands"], p["trump"], p["leader"], p["trick"], p["won"], seat, pairs, utility, None)
        ref = minimax(n, p["hands"], p["trump"], p["leader"], p["trick"], p["won"], e.side, utility)
        assert e.value() == pytest.approx(ref), (i, p)
        card, v = e.best()
        assert v == pytest.approx(ref), (i, p)
        values = e.move_values()
        assert card in values and values[card] == pytest.approx(ref)
        # every legal card's value is the minimax value of the position after it
        turn = e.turn()
        for c, value in values.items():
            hands = list(p["hands"])
            hands[turn] &= ~(1 << c)
            trick, won, leader, gained = [*p["trick"], c], list(p["won"]), p["leader"], 0.0
            if len(trick) == n:
                from engine.eralash.trick import winning_index as trick_winner

                leader = (leader + trick_winner(trick, p["trump"])) % n
                won[leader] += 1
                trick = []
                gained = float(e.side >> leader & 1) if utility is None else 0.0
            after = gained + minimax(n, hands, p["trump"], leader, trick, won, e.side, utility)
            assert value == pytest.approx(after), (i, c, p)
        checked += 1
    assert checked == 300


def _club_position(n: int, seed: int, cards_left: int, options: Options | None = None) -> Deal:
    """A Club deal played until the hands hold ``cards_left`` cards (a trick may be under way)."""
    rng = random.Random(seed)
    deal = Deal.new(options or Options(), n, seed % n, rng)
    bots = [ClubBot(seed + i) for i in range(n)]
    while sum(h.bit_count() for h in deal.hands) > cards_left:
        deal.play(bots[deal.cur].choose(deal.view(deal.cur)))
    return deal


@pytest.mark.parametrize("n,cards_left", [(2, 14), (3, 9), (4, 12)])
def test_principal_line_played_in_the_engine_reaches_the_value(n: int, cards_left: int) -> None:
    for seed in range(6):
        deal = _club_position(n, seed, cards_left)
        seat = deal.cur
        side = {seat}
        e = Endgame(n, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, seat)
        value = e.value()
        before = deal.tricks_won[seat]
        line = e.line()
        assert len(line) == cards_left
        for card in line:
            deal.play(card)  # the engine checks every card is legal
        assert deal.is_over()
        assert sum(deal.tricks_won[s] for s in side) == before + value


def test_principal_line_reaches_the_robber_utility_it_claims() -> None:
    for seed in range(4):
        deal = _club_position(4, 40 + seed, 12, Options(pairs=True))
        sit = Situation.of(deal.view(deal.cur))
        value, me = sit.robber_value(), deal.cur
        e = Endgame(4, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, me, True,
                    lambda won, value=value, me=me: value(won)[me])
        claimed = e.value()
        for card in e.line():
            deal.play(card)
        assert value(tuple(deal.tricks_won))[me] == pytest.approx(claimed)


def test_node_cap_raises_too_big() -> None:
    deal = _club_position(2, 3, 30)
    e = Endgame(2, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, deal.cur,
                node_cap=50)
    with pytest.raises(TooBig):
        e.best()


# --- planted positions with one best move ---------------------------------------------------------

def _values(hands: list[str], trump: int, leader: int, trick: list[str], seat: int) -> dict[int, float]:
    masks = [parse_set(h.split()) & ~parse_set(trick) for h in hands]  # the trick's cards are down
    e = Endgame(len(hands), masks, trump, leader, [parse(c) for c in trick], [0] * len(hands), seat)
    return e.move_values()


def test_trumping_with_the_ace_when_the_three_wins_the_same_trick_costs_a_trick() -> None:
    # Clubs are trump; West leads the K♦; South holds no diamond, A♣ 3♣ 5♥; West still has Q♣ 4♥.
    values = _values(["KD QC 4H", "AC 3C 5H"], CLUBS, 0, ["KD"], 1)
    assert values[parse("3C")] == 3
    assert values[parse("AC")] == 2
    assert values[parse("5H")] < 3


def test_throwing_the_queen_under_the_led_king_costs_a_trick() -> None:
    # Hearts are trump and out; West leads the K♣ holding the J♣; South's Q♣ would beat the J♣ later.
    values = _values(["KC JC 5D", "QC 2C 4D"], HEARTS, 0, ["KC"], 1)
    assert values[parse("2C")] == 1
    assert values[parse("QC")] == 0


def test_the_cheapest_winning_trump_is_the_unique_best_in_four_hands() -> None:
    # Spades trump. North leads the A♦; East (to play) holds 2♠ K♠ and a heart; West keeps Q♠ 3♥ 9♥;
    # East must ruff low and keep the K♠ over West's Q♠.
    hands = ["AD 7C 8C", "2S KS 4H", "5D 9C 10C", "QS 3H 9H"]
    values = _values(hands, SPADES, 0, ["AD"], 1)
    best = max(values.values())
    assert [c for c, v in values.items() if v == best] == [parse("2S")]


# --- what a seat may know ----------------------------------------------------------------------------

def test_both_hands_are_known_in_a_two_player_deal_from_the_first_trick() -> None:
    deal = Deal.new(Options(), 2, 0, random.Random(5))
    while deal.choices:
        deal.play(deal.legal_moves()[0])
    for seat in (0, 1):
        assert known_hands(deal.view(seat)) == deal.hands


def test_hands_are_not_known_with_cards_aside_or_four_hands_at_the_start() -> None:
    for n, options in ((2, Options(short_deal=True)), (3, Options()), (4, Options())):
        deal = Deal.new(options, n, 0, random.Random(6))
        while deal.choices:
            deal.play(deal.legal_moves()[0])
        assert known_hands(deal.view(deal.cur)) is None


def test_known_hands_never_guess() -> None:
    """Whenever a View is said to pin the hands, they are the true hands; a void pins them near the end."""
    pinned = 0
    for seed in range(30):
        n = 3 + seed % 2
        rng = random.Random(seed)
        deal = Deal.new(Options(), n, seed % n, rng)
        bots = [ClubBot(seed + i) for i in range(n)]
        while not deal.is_over():
            if deal.trump >= 0:
                got = known_hands(deal.view(deal.cur))
                if got is not None:
                    assert got == deal.hands
                    pinned += 1
            deal.play(bots[deal.cur].choose(deal.view(deal.cur)))
    assert pinned > 0


def test_master_plays_an_exactly_best_card_where_every_card_is_known() -> None:
    checked = 0
    for seed in range(4):
        deal = _club_position(2, 70 + seed, 16)
        while not deal.is_over():
            view = deal.view(deal.cur)
            sit = Situation.of(view)
            value, me = sit.robber_value(), deal.cur
            e = Endgame(2, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, me,
                        utility=lambda won, value=value, me=me: value(won)[me], node_cap=None)
            values = e.move_values()
            card = MasterBot(seed, iterations=30).choose(view)
            assert values[card] == pytest.approx(max(values.values()))
            checked += 1
            deal.play(card)
    assert checked >= 40

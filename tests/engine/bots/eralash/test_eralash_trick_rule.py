"""The trick rule is engine.eralash.trick's alone: the hot loops play by it.

``Deal.random_playout`` (the engine's random deals) keeps a fast copy of the rule, and
``TrickPlay.rollout`` (the bots' playouts) is its own loop: on random positions every card either
plays is one the rule allows, and every trick goes to the seat the rule names.
"""

from __future__ import annotations

import random

import pytest

from engine.bots.eralash.view import trick_play_of
from engine.eralash import ChooseTrump, Deal, Options
from engine.eralash.trick import legal_cards, trick_winner

TABLES = [(2, Options()), (3, Options(short_deal=True)), (4, Options()), (4, Options(pairs=True))]


def _position(rng: random.Random, n: int, opts: Options) -> Deal:
    deal = Deal.new(opts, n, rng.randrange(n), rng)
    if deal.choices:
        deal.play(ChooseTrump(rng.choice(deal.choices)))
    for _ in range(rng.randrange(deal.size * n - 1)):  # a random point, mid-trick included
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def _check_by_rule(n: int, hands: list[int], trump: int, leader: int, trick: list[int], won: list[int],
                   cards: list[int]) -> list[int]:
    """Replay ``cards`` from the position with the rule alone; every card must be legal. The tricks won."""
    hands, trick, won = hands[:], trick[:], won[:]
    for card in cards:
        turn = (leader + len(trick)) % n
        led = trick[0] // 13 if trick else None
        assert legal_cards(hands[turn], led, trump) >> card & 1
        hands[turn] &= ~(1 << card)
        trick.append(card)
        if len(trick) == n:
            leader = trick_winner(trick, leader, trump, n)
            won[leader] += 1
            trick = []
    assert not any(hands) and not trick
    return won


@pytest.mark.parametrize("n,opts", TABLES)
def test_rollout_plays_by_the_rule(n: int, opts: Options) -> None:
    rng = random.Random(n * 7 + opts.pairs)
    for k in range(300):
        deal = _position(rng, n, opts)
        tp = trick_play_of(deal)
        start = (tp.hands[:], tp.leader, tp.trick[:], tp.won[:])
        trace: list[int] = []
        tp.rollout(rng, partners=opts.pairs, skill=(0.0, 0.7, 1.0)[k % 3], duck=rng.randrange(1 << n),
                   trace=trace)
        hands, leader, trick, won = start
        assert _check_by_rule(n, hands, deal.trump, leader, trick, won, trace) == tp.won


@pytest.mark.parametrize("n,opts", TABLES)
def test_random_playout_plays_by_the_rule(n: int, opts: Options) -> None:
    rng = random.Random(n * 11 + opts.pairs)
    for _ in range(300):
        deal = _position(rng, n, opts)
        fast = deal.copy()
        fast.random_playout(rng)
        cards = fast.played[len(deal.played):]
        won = _check_by_rule(n, list(deal.hands), deal.trump, deal.lead, deal.current_trick(),
                             list(deal.tricks_won), cards)
        assert won == fast.tricks_won
        slow = deal.copy()
        for card in cards:  # and the deal's own play agrees, trick by trick
            slow.play(card)
        assert slow.winners == fast.winners and slow.tricks_won == fast.tricks_won

"""The story of a match (engine.story): random games of both games, told move by move.

Every card played is told by exactly one card event, every trick by one winner event; a seat is never
told another seat's hidden cards; the match keeps who made each move; and a match rebuilt from its
save or its record tells exactly the same story.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import eralash, uragan
from engine.eralash import story as eralash_story
from engine.records import match_from_record
from engine.story import BEFORE_PLAY, CardPlayed, DealScored, Event, HandDealt, MatchOver
from engine.uragan import story as uragan_story

URAGAN_OPTIONS = [uragan.Options(), uragan.Options(claims="strict"), uragan.Options(target=8)]
ERALASH_TABLES = [
    (2, eralash.Options(target=7)),
    (3, eralash.Options(short_deal=True, target=7)),
    (4, eralash.Options(target=7)),
    (4, eralash.Options(pairs=True, target=7)),
]


def _play_out(match: Any, rng: random.Random, stop: int | None = None) -> None:
    while not match.is_over() and (stop is None or len(match.moves) < stop):
        moves = match.legal_moves()
        seat = match.current_player()
        before = len(match.events)
        match.play(moves[int(rng.random() * len(moves))])
        assert match.movers[-1] == seat
        assert all(e.index == len(match.moves) - 1 for e in match.events[before:])


def _uragan_matches() -> list[Any]:
    out = []
    for i in range(12):
        m = uragan.Match.new(URAGAN_OPTIONS[i % len(URAGAN_OPTIONS)], ["a", "b"], seed=100 + i)
        _play_out(m, random.Random(i))
        out.append(m)
    return out


def _eralash_matches() -> list[Any]:
    out = []
    for i in range(8):
        n, opts = ERALASH_TABLES[i % len(ERALASH_TABLES)]
        m = eralash.Match.new(opts, [f"p{s}" for s in range(n)], seed=200 + i)
        _play_out(m, random.Random(i))
        out.append(m)
    return out


@pytest.fixture(scope="module")
def uragan_matches() -> list[Any]:
    return _uragan_matches()


@pytest.fixture(scope="module")
def eralash_matches() -> list[Any]:
    return _eralash_matches()


def _check_hidden(match: Any, n: int) -> None:
    """A seat is told its own hands and public events only; everything but a hand is public."""
    for e in match.events:
        assert isinstance(e, Event)
        if isinstance(e, HandDealt):
            assert e.known_to == frozenset((e.seat,))
        else:
            assert e.known_to is None, e
    for seat in range(n):
        told = match.events_for(seat)
        assert all(e.known_by(seat) for e in told)
        assert [e for e in told if isinstance(e, HandDealt) and e.seat != seat] == []
        assert len(told) == len(match.events) - sum(
            isinstance(e, HandDealt) and e.seat != seat for e in match.events)
        assert match.events_for(seat, since=len(match.events)) == []


def _check_rebuilt(match: Any, module: Any) -> None:
    from engine.eralash.story import LotDrawn

    saved = module.Match.from_save(match.to_save())
    assert saved.events == match.events and saved.movers == match.movers
    # a record keeps the deals, not the draw for the first dealer: its story is the same but for that
    told = [e for e in match.events if not isinstance(e, LotDrawn)]
    recorded = match_from_record(match.to_record())
    assert recorded.events == told and recorded.movers == match.movers
    copy = match.copy()
    assert copy.events == match.events and copy.movers == match.movers


def test_uragan_cards_are_told_once_each(uragan_matches: list[Any]) -> None:
    for m in uragan_matches:
        plays = [(p.seat, p.card) for d in m.deals_done for p in d.plays]
        told = [(e.seat, e.card) for e in m.events if isinstance(e, CardPlayed)]
        assert told == plays
        assert all(isinstance(e, uragan_story.Played) for e in m.events if isinstance(e, CardPlayed))
        stood = [(e.seat, e.card) for e in m.events
                 if isinstance(e, (uragan_story.Captured, uragan_story.Trailed))]
        assert stood == plays
        takes = [p.take for d in m.deals_done for p in d.plays]
        assert [e.take if isinstance(e, uragan_story.Captured) else 0 for e in m.events
                if isinstance(e, (uragan_story.Captured, uragan_story.Trailed))] == takes
        sweeps = [(mk.seat, mk.card) for d in m.deals_done for mk in d.marks]
        assert [(e.seat, e.card) for e in m.events if isinstance(e, uragan_story.Swept)] == sweeps


def test_uragan_claims_are_told(uragan_matches: list[Any]) -> None:
    seen_claim = seen_stand = False
    for m in uragan_matches:
        broke = [p for d in m.deals_done for p in d.plays if p.broke]
        raised = [e for e in m.events if isinstance(e, uragan_story.PriorityBroken)]
        answers = [e for e in m.events if isinstance(e, (uragan_story.Claimed, uragan_story.ClaimLetStand))]
        assert len(raised) == len(answers) == len(broke)
        for p, r, a in zip(broke, raised, answers, strict=True):
            assert (r.seat, r.card, r.kind) == (p.seat, p.card, p.broke)
            assert isinstance(a, uragan_story.Claimed) == p.claimed
            seen_claim |= p.claimed
            seen_stand |= not p.claimed
        if m.options.strict:
            assert not raised
    assert seen_claim and seen_stand


def test_uragan_deals_and_match_are_scored(uragan_matches: list[Any]) -> None:
    for m in uragan_matches:
        scored = [e for e in m.events if isinstance(e, DealScored)]
        assert [e.deal for e in scored] == list(range(1, len(m.deals_done) + 1))
        assert [e.breakdown for e in scored] == [d.score_breakdown() for d in m.deals_done]
        over = [e for e in m.events if isinstance(e, MatchOver)]
        assert len(over) == 1 and m.events[-1] is over[0]
        assert over[0].winners == tuple(m.winners()) and over[0].points == tuple(m.score())
        dealt = [e for e in m.events if isinstance(e, HandDealt)]
        assert len(dealt) == 6 * len(m.deals_done)  # three rounds of two hands


def test_uragan_seats_are_told_only_their_own_cards(uragan_matches: list[Any]) -> None:
    for m in uragan_matches:
        _check_hidden(m, 2)


def test_uragan_story_is_rebuilt_from_save_and_record(uragan_matches: list[Any]) -> None:
    for m in uragan_matches:
        _check_rebuilt(m, uragan)
    rng = random.Random(5)
    for i in range(6):  # and in the middle of a match
        m = uragan.Match.new(uragan.Options(), ["a", "b"], seed=i)
        _play_out(m, rng, stop=rng.randrange(1, 120))
        other = uragan.Match.from_save(m.to_save())
        assert other.events == m.events and other.movers == m.movers


def test_eralash_cards_and_tricks_are_told_once_each(eralash_matches: list[Any]) -> None:
    for m in eralash_matches:
        deals = [r.deal for r in m.deals_done]
        plays = [(s, c) for d in deals for s, c in zip(d.seats_of_plays(), d.played, strict=True)]
        assert [(e.seat, e.card) for e in m.events if isinstance(e, CardPlayed)] == plays
        tricks = [e for e in m.events if isinstance(e, eralash_story.TrickWon)]
        assert [e.seat for e in tricks] == [w for d in deals for w in d.winners]
        cards = [tuple(d.trick_cards(t)) for d in deals for t in range(len(d.winners))]
        assert [e.cards for e in tricks] == cards
        named = [e for e in m.events if isinstance(e, eralash_story.TrumpNamed)]
        assert [e.suit for e in named] == [d.trump for d in deals]


def test_eralash_deals_and_robber_are_scored(eralash_matches: list[Any]) -> None:
    for m in eralash_matches:
        scored = [e for e in m.events if isinstance(e, DealScored)]
        assert [e.points for e in scored] == [r.points for r in m.deals_done]
        assert [e.breakdown["tricks"] for e in scored] == [list(r.tricks) for r in m.deals_done]
        over = [e for e in m.events if isinstance(e, MatchOver)]
        assert len(over) == 1 and m.events[-1] is over[0]
        assert over[0].winners == tuple(m.winners())


def test_eralash_seats_are_told_only_their_own_cards(eralash_matches: list[Any]) -> None:
    for m in eralash_matches:
        _check_hidden(m, m.n_players)
        first = [e for e in m.events if e.index == BEFORE_PLAY]
        assert sum(isinstance(e, HandDealt) for e in first) == m.n_players


def test_eralash_story_is_rebuilt_from_save_and_record(eralash_matches: list[Any]) -> None:
    for m in eralash_matches:
        _check_rebuilt(m, eralash)
    rng = random.Random(6)
    for i in range(4):
        m = eralash.Match.new(None, ["a", "b", "c"], seed=i)
        _play_out(m, rng, stop=rng.randrange(1, 60))
        other = eralash.Match.from_save(m.to_save())
        assert other.events == m.events and other.movers == m.movers


def test_a_refused_move_tells_nothing() -> None:
    m = uragan.Match.new(uragan.Options(), ["a", "b"], seed=1)
    before = list(m.events)
    with pytest.raises(ValueError):
        m.play(uragan.CLAIM)
    assert m.events == before and m.movers == []
    e = eralash.Match.new(None, ["a", "b", "c", "d"], seed=1)
    before = list(e.events)
    with pytest.raises(ValueError):
        e.play(eralash.ChooseTrump(0) if not e.deal.choices else 0)
    assert e.events == before and e.movers == []

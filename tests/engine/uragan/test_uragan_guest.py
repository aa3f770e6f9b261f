"""A guest's match (engine/uragan/guest.py): played from what one seat is told, it agrees with the host's
match on every public fact and on the seat's own hand, move after move, through whole matches."""

from __future__ import annotations

import random

import pytest

from engine.net.protocol import event_json
from engine.uragan import Match, Options
from engine.uragan.guest import GuestMatch, first_dealer
from engine.uragan.view import View


def _public(match: Match, seat: int) -> tuple[object, ...]:
    view: View = match.view(seat)
    return (view.hand, view.table, view.piles, view.hand_sizes, view.stock_size, view.round, view.turn,
            view.phase, view.match_points, view.deal_number, tuple(view.history), view.over)


@pytest.mark.parametrize("seed", [1, 7, 42])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_guest_match_agrees_with_the_host_on_what_its_seat_sees(seed: int, seat: int) -> None:
    options = Options.from_dict({"target": 7})
    host = Match.new(options, ["A", "B"], seed=seed)
    rng = random.Random(seed)
    guest: GuestMatch | None = None
    seen = seen_events = 0
    while not host.is_over():
        host.play(rng.choice(host.legal_moves()))
        # the host tells the seat every few moves, as updates do
        if rng.random() < 0.4 and not host.is_over():
            continue
        if guest is None:
            view = host.view(seat)
            guest = GuestMatch(options, host.players, first_dealer({"dealer": view.dealer,
                                                                     "deal_number": view.deal_number}), seat)
            events = host.events_for(seat, 0)
            guest.learn([event_json(e) for e in events])
        else:
            guest.learn([event_json(e) for e in host.events_for(seat, seen_events)])
        for mover, move in zip(host.movers[seen:], host.moves[seen:], strict=True):
            guest.play(mover, move)
        seen = len(host.moves)
        seen_events = len(host.events)
        assert _public(guest.match, seat) == _public(host, seat)
    assert guest is not None
    assert guest.match.is_over() and guest.match.points == host.points


def test_a_wrong_move_is_refused_by_the_guest_match() -> None:
    from engine.state import IllegalMove
    from engine.uragan.moves import Play

    options = Options.from_dict({})
    host = Match.new(options, ["A", "B"], seed=3)
    seat = host.current_player()
    view = host.view(seat)
    guest = GuestMatch(options, host.players, first_dealer({"dealer": view.dealer, "deal_number": 1}), seat)
    guest.learn([event_json(e) for e in host.events_for(seat, 0)])
    shown = host.deal.hands[seat] | host.deal.table
    not_mine = next(c for c in range(52) if not shown >> c & 1)
    with pytest.raises(IllegalMove):
        guest.play(seat, Play(not_mine, 0))


@pytest.mark.parametrize("seed", [2, 5, 11])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_deal_ended_by_the_seats_own_move_is_dealt_again_when_its_table_is_told(seed: int, seat: int
                                                                                 ) -> None:
    # as at the app's table: the seat's own move is played at once, what the host tells comes after it
    options = Options.from_dict({"target": 7})
    host = Match.new(options, ["A", "B"], seed=seed)
    rng = random.Random(seed)
    view = host.view(seat)
    guest = GuestMatch(options, host.players, first_dealer({"dealer": view.dealer,
                                                            "deal_number": view.deal_number}), seat)
    guest.learn([event_json(e) for e in host.events_for(seat, 0)])
    seen_events = len(host.events)
    redealt = ended = 0
    while not host.is_over():
        move = rng.choice(host.legal_moves())
        mover = host.current_player()
        deals = len(host.deals_done)
        host.play(move)
        ended += mover == seat and len(host.deals_done) > deals and not host.is_over()
        if mover == seat:
            guest.play(mover, move)
        if guest.learn([event_json(e) for e in host.events_for(seat, seen_events)]):
            redealt += 1
            assert mover == seat and len(host.deals_done) == deals + 1
        seen_events = len(host.events)
        if mover != seat:
            guest.play(mover, move)
        assert _public(guest.match, seat) == _public(host, seat)
        assert _openings(guest.match, seat) == _openings(host, seat)
    assert redealt == ended  # (seat 1 ends some deals with these seeds)


def _openings(match: Match, seat: int) -> list[tuple[str, int]]:
    """The story's deal openings as the seat knows them: each table laid, its first hand."""
    from engine.uragan.story import HandDealt, TableLaid

    return [(type(e).__name__, e.cards) for e in match.events_for(seat)
            if isinstance(e, TableLaid) or isinstance(e, HandDealt) and e.round == 0]

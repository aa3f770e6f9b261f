"""Eralash positions of the race, found by their shape in Club robbers (the review's race tests).

Each finder plays Club robbers seed by seed and stops at the first decision of the wanted shape, so a
change in how Club plays moves the position, never its shape; the shape is also asserted by the tests.
A finder returns the match at the decision, the seat to move and the move to judge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.endgame import Endgame, known_hands
from engine.bots.eralash.view import Situation
from engine.cards import SUIT_MASK
from engine.eralash.match import Match
from engine.eralash.options import Options
from engine.eralash.trick import beats
from engine.review.eralash.race import Race

LONG = {"target": 30}  # two players: a robber of several deals, where the trick race counts
CLOSE = 25  # points: a lead the points of the deals to come could still overturn


def positions(n: int, options: dict[str, Any], seeds: range) -> Iterator[tuple[Match, int, Any]]:
    """(match, seat to move, its view) at every decision of Club robbers, seed by seed."""
    for seed in seeds:
        m = Match.new(Options.from_dict(options), [f"P{i}" for i in range(n)], seed)
        bots = [ClubBot(seed + i) for i in range(n)]
        while not m.is_over():
            s = m.current_player()
            view = m.view(s)
            yield m, s, view
            m.play(bots[s].choose(view))


Found = Iterator[tuple[Match, int, Any]]


def first(found: Found, pick: Callable[[Match, int, Any], Any]) -> tuple[Match, int, Any]:
    """The first position where ``pick`` names a move: (a copy of the match, the seat, the move)."""
    for m, s, view in found:
        move = pick(m, s, view)
        if move is not None:
            return m.copy(), s, move
    raise AssertionError("no position of that shape")


def solved_tricks(view: Any) -> dict[int, float] | None:
    """This deal's tricks of the seat's side from here for every legal card, when the view pins every
    card down (else None)."""
    hands = known_hands(view)
    if hands is None:
        return None
    sit = Situation.of(view)
    return Endgame(sit.n, hands, view.trump, sit.leader, sit.trick, sit.won, sit.seat, sit.pairs,
                   node_cap=None).move_values()


def ducking(m: Match, s: int, view: Any) -> Any:
    """Trailing on points one trick from the end, last to a trick it could take: the lowest loser."""
    if view.trump < 0 or view.pos != view.n_players - 1 or not m.deals_done:
        return None
    race = Race.of(view)
    legal = view.legal_moves()
    lose = [c for c in legal if not beats(c, view.best, view.trump)]
    if race.lead() < 0 and race.need(race.side) == 1 and lose and len(lose) < len(legal):
        return min(lose, key=lambda c: c % 13)
    return None


def all_trumps(m: Match, s: int, view: Any) -> Any:
    """Leading, holding every trump left, solved exactly with the same tricks whatever is led, in a
    race that counts (the side can end the robber this deal, the points not level): a trump."""
    if view.trump < 0 or view.pos != 0 or not m.deals_done or sum(view.counts) > 22:
        return None
    trumps = SUIT_MASK[view.trump]
    race = Race.of(view)
    if not view.hand & trumps or view.unseen() & trumps or race.ending() or not race.can_end(race.side) \
            or race.lead() == 0:
        return None
    legal = view.legal_moves()
    if len(legal) < 2:
        return None
    tricks = solved_tricks(view)
    if tricks is None or len(set(tricks.values())) != 1:
        return None
    return max(c for c in legal if c // 13 == view.trump)


def under_a_winner(m: Match, s: int, view: Any) -> Any:
    """Second to a trick led by the other player with a card it cannot beat in suit, leading on points
    and within reach of the end: a higher card of that suit that, solved exactly, costs exactly one
    trick against the lowest, while the best card reaches the target at the deal's end (and so ends
    the robber while the seat leads) and the higher card does not."""
    if s != 0 or view.trump < 0 or view.pos != 1 or not m.deals_done or sum(view.counts) > 22:
        return None
    led = view.best
    suit = led // 13
    legal = view.legal_moves()
    same = sorted(c for c in legal if c // 13 == suit)
    race = Race.of(view)
    if len(same) < 2 or any(c > led for c in same) or not 0 < race.lead() <= CLOSE or not race.can_end(0):
        return None
    tricks = solved_tricks(view)
    if tricks is None:
        return None
    now = race.tricks[0]  # robber tricks so far; ``tricks`` counts this deal's from here on
    for high in reversed(same[1:]):
        ends = now + max(tricks.values()) >= race.target > now + tricks[high]
        if tricks[high] == tricks[same[0]] - 1 and ends:
            return high
    return None

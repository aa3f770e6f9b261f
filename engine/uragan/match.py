"""An Uragan match: deals to the target (16), dealer alternating, the double win, saves and records."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine import cards as C
from engine.state import IllegalMove
from engine.story import Event, Story
from engine.uragan.deal import Deal
from engine.uragan.deck import ROUNDS
from engine.uragan.moves import Move, move_from_json, move_to_json, take_names
from engine.uragan.options import Options
from engine.uragan.spec import DealSpec, spec_from_json, spec_to_json
from engine.uragan.story import MatchWon
from engine.uragan.view import View


def lot(seed: int) -> int:
    """The first dealer drawn by lot from the match seed."""
    return random.Random(f"{seed}:lot").randrange(2)


class Match:
    """The whole game: ``deal`` is the deal in progress (the last one once the match is over)."""

    __slots__ = ("options", "players", "seed", "first_dealer", "deal", "deals_done", "points",
                 "moves", "movers", "specs", "story", "_winner", "_over")

    def __init__(self, options: Options, players: Sequence[str], seed: int, first_dealer: int,
                 specs: Sequence[DealSpec] = ()) -> None:
        if len(players) != 2:
            raise ValueError("Uragan is a game for two players")
        if first_dealer not in (0, 1):
            raise ValueError("the first dealer must be seat 0 or 1")
        self.options = options
        self.players = list(players)
        self.seed = seed
        self.first_dealer = first_dealer
        self.specs = tuple(specs)
        self.deals_done: list[Deal] = []
        self.points = [0, 0]
        self.moves: list[Move] = []
        self.movers: list[int] = []  # the seat that made each move
        self.story = Story()
        self._winner: int | None = None
        self._over = False
        self.deal = self._make_deal(0)

    @classmethod
    def new(cls, options: Options, players: Sequence[str], seed: int,
            first_dealer: int | None = None) -> Match:
        return cls(options, players, seed, lot(seed) if first_dealer is None else first_dealer)

    def dealer_of(self, index: int) -> int:
        """The dealer of deal number ``index`` (from 0): the deal alternates."""
        return self.first_dealer if index % 2 == 0 else 1 - self.first_dealer

    def _make_deal(self, index: int) -> Deal:
        dealer = self.dealer_of(index)
        if index < len(self.specs):
            spec = self.specs[index]
            if spec.dealer != dealer:
                raise ValueError(f"the dealer of deal {index + 1} must be seat {dealer}: the deal alternates")
            deal = Deal.from_hands(self.options, dealer, spec.table, spec.hands)
        else:
            deal = Deal.new(self.options, 2, dealer, random.Random(f"{self.seed}:{index}"))
        deal.begin_story(self.story, index + 1)
        return deal

    # -- state API ------------------------------------------------------------------------------

    def current_player(self) -> int:
        return -1 if self._over else self.deal.current_player()

    def legal_moves(self) -> list[Move]:
        return [] if self._over else self.deal.legal_moves()

    def is_over(self) -> bool:
        return self._over

    def score(self) -> list[float]:
        """Match points per seat so far."""
        return [float(p) for p in self.points]

    def play(self, move: Move) -> None:
        if self._over:
            raise IllegalMove("uragan.match_over")
        seat = self.deal.current_player()
        self.story.index = len(self.moves)
        size = len(self.story.events)
        try:
            self.deal.play(move)
        except IllegalMove:
            del self.story.events[size:]  # an illegal move tells nothing (it is refused before any change)
            raise
        self.moves.append(move)
        self.movers.append(seat)
        if self.deal.is_over():
            self._end_deal()

    @property
    def events(self) -> list[Event]:
        """What happened, move by move (engine.story): append-only, for every seat."""
        return self.story.events

    def events_for(self, seat: int, since: int = 0) -> list[Event]:
        """The events from position ``since`` of ``events`` that ``seat`` may know."""
        return self.story.for_seat(seat, since)

    def _end_deal(self) -> None:
        for s, pts in enumerate(self.deal.score()):
            self.points[s] += int(pts)
        self.deals_done.append(self.deal)
        a, b = self.points
        if max(a, b) >= self.options.target and a != b:
            self._over = True
            self._winner = 0 if a > b else 1
            self.story.tell(MatchWon((self._winner,), (float(a), float(b)), self.double,
                                     index=self.story.index))
            return
        self.deal = self._make_deal(len(self.deals_done))

    def copy(self) -> Match:
        m = Match.__new__(Match)
        m.options = self.options
        m.players = self.players[:]
        m.seed = self.seed
        m.first_dealer = self.first_dealer
        m.specs = self.specs
        m.deal = self.deal.copy()
        m.story = self.story.copy()
        m.deal.story = m.story
        m.deals_done = self.deals_done[:]  # finished deals never change
        m.points = self.points[:]
        m.moves = self.moves[:]
        m.movers = self.movers[:]
        m._winner = self._winner
        m._over = self._over
        return m

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Match) and self.options == other.options
                and self.players == other.players and self.points == other.points
                and self.moves == other.moves and self.deal == other.deal
                and self.deals_done == other.deals_done and self._over == other._over)

    __hash__ = None  # type: ignore[assignment]

    # -- results --------------------------------------------------------------------------------

    def sides(self) -> int:
        """Two sides, one seat each (the same questions as Eralash's robber, for the arena)."""
        return 2

    def side_of(self, seat: int) -> int:
        return seat

    def winners(self) -> list[int]:
        return [] if self._winner is None else [self._winner]

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def double(self) -> bool:
        """The winner wins double: the loser has fewer than half the target (8 of 16)."""
        if self._winner is None:
            return False
        return self.points[1 - self._winner] < self.options.double_below

    @property
    def deal_number(self) -> int:
        """1 for the first deal; the current (or, once over, the last) deal's number."""
        return len(self.deals_done) + (0 if self._over else 1)

    def view(self, seat: int) -> View:
        return View.of_deal(self.deal, seat, match_points=(self.points[0], self.points[1]),
                            deal_number=self.deal_number)

    # -- saves and records ----------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """Everything needed to rebuild this exact state by replaying the moves (JSON-able)."""
        save: dict[str, Any] = {
            "game": "uragan", "options": self.options.to_dict(), "players": self.players[:],
            "seed": self.seed, "first_dealer": self.first_dealer,
            "moves": [move_to_json(m) for m in self.moves],
        }
        if self.specs:
            save["deals"] = [spec_to_json(s) for s in self.specs]
        return save

    @classmethod
    def from_save(cls, d: dict[str, Any]) -> Match:
        """Rebuild a match from ``to_save``; raises ValueError (IllegalMove for a bad move)."""
        specs: tuple[DealSpec, ...] = ()
        if d.get("deals"):
            specs = tuple(spec_from_json(x) for x in d["deals"])
        m = cls(Options.from_dict(d.get("options")), d["players"], int(d["seed"]),
                int(d["first_dealer"]), specs)
        for obj in d.get("moves", []):
            m.play(move_from_json(obj))
        return m

    def to_record(self) -> dict[str, Any]:
        """The game record of docs/records.md (a play awaiting a claim decision is left out)."""
        return match_to_record(self)


# -- the record (docs/records.md); engine.uragan.record reads it back with full checks

def _deal_to_json(deal: Deal) -> dict[str, Any]:
    out = spec_to_json(DealSpec(deal.dealer, deal.table0, tuple(
        (deal.dealt[2 * r], deal.dealt[2 * r + 1]) for r in range(ROUNDS))))
    plays = []
    for p in deal.plays:
        item: dict[str, Any] = {"card": C.name(p.card)}
        if p.take:
            item["take"] = take_names(p.take)
        if p.claimed:
            item["claimed"] = True
            item["claimed_from"] = take_names(p.original)
        plays.append(item)
    out["plays"] = plays
    return out


def match_to_record(m: Match) -> dict[str, Any]:
    deals = [*m.deals_done, *([] if m.is_over() else [m.deal])]
    return {"game": "uragan", "players": m.players[:], "options": m.options.to_dict(),
            "seed": m.seed, "deals": [_deal_to_json(d) for d in deals]}

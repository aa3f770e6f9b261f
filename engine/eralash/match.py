"""The robber: deals in turn until a trick total reaches the target (or a slam), then the score sheet."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.cards import SUIT_LETTERS, CardSet, names
from engine.eralash.deal import Deal
from engine.eralash.dealing import draw_lot
from engine.eralash.illegal import IllegalPlay
from engine.eralash.moves import Move, move_from_json, move_to_json
from engine.eralash.options import Options
from engine.eralash.story import LotDrawn, RobberOver
from engine.eralash.view import View
from engine.story import BEFORE_PLAY, Event, Story


class DealResult(NamedTuple):
    """One finished deal, as written on the score sheet (per seat, or per team in pairs)."""

    number: int  # 1-based
    dealer: int
    points: tuple[int, ...]  # runs + honours of this deal
    tricks: tuple[int, ...]
    slam: int | None  # the seat (team) that took every trick
    deal: Deal


class Match:
    """A whole robber with the engine.state API; finished deals are followed by the next, dealt
    deterministically from the seed (``random.Random(f"{seed}:{deal_index}")``)."""

    __slots__ = (
        "options",
        "players",
        "seed",
        "first_dealer",
        "deal",
        "deals_done",
        "moves",
        "movers",
        "story",
        "lot",
        "_fixed",
        "_seat_points",
        "_seat_tricks",
        "_over",
        "_winners",
        "_slam",
    )

    options: Options
    players: list[str]
    seed: int
    first_dealer: int
    deal: Deal
    deals_done: list[DealResult]
    moves: list[Move]
    movers: list[int]  # the seat that made each move
    story: Story
    lot: list[list[int]] | None  # the cards drawn for the first deal, round by round, when drawn by lot
    _fixed: list[tuple[int, tuple[CardSet, ...]]]  # the deals given (records, tutorials), not dealt
    _seat_points: list[int]
    _seat_tricks: list[int]
    _over: bool
    _winners: list[int]
    _slam: int | None

    @classmethod
    def new(
        cls,
        options: Options | dict[str, Any] | None,
        players: Sequence[str],
        seed: int,
        first_dealer: int | None = None,
        deals: Sequence[tuple[int, Sequence[CardSet]]] | None = None,
    ) -> Match:
        """A robber for ``players`` (seat order). ``first_dealer`` None: by lot from the seed.

        ``deals`` (dealer, hands) fixes the first deals instead of dealing them (records, tutorials).
        """
        if options is None:
            options = Options()
        elif isinstance(options, dict):
            options = Options.from_dict(options)
        n = len(players)
        options.check_players(n)
        m = object.__new__(cls)
        m.options, m.players, m.seed = options, [str(p) for p in players], seed
        m.lot = None
        if first_dealer is None:
            if deals:
                first_dealer = deals[0][0]
            else:
                first_dealer, m.lot = draw_lot(n, random.Random(f"{seed}:lot"))
        if not 0 <= first_dealer < n:
            raise ValueError(f"first dealer must be a seat from 0 to {n - 1}, not {first_dealer}")
        m.first_dealer = first_dealer
        m._fixed = [(int(d), tuple(h)) for d, h in deals] if deals else []
        m.deals_done, m.moves, m.movers, m.story = [], [], [], Story()
        m._seat_points, m._seat_tricks = [0] * n, [0] * n
        m._over, m._winners, m._slam = False, [], None
        if m.lot:  # the cards drawn lie face up: everyone saw them
            m.story.tell(LotDrawn(tuple(tuple(row) for row in m.lot), first_dealer, index=m.story.index))
        m.deal = m._deal_for(0)
        return m

    def _deal_for(self, i: int) -> Deal:
        n = len(self.players)
        if i < len(self._fixed):
            dealer, hands = self._fixed[i]
            deal = Deal.from_hands(self.options, dealer, list(hands))
        else:
            dealer = self.first_dealer if i == 0 else (self.deals_done[-1].dealer + 1) % n
            deal = Deal.new(self.options, n, dealer, random.Random(f"{self.seed}:{i}"))
        deal.begin_story(self.story, i + 1)
        return deal

    def copy(self) -> Match:
        m = object.__new__(Match)
        m.options, m.players, m.seed, m.first_dealer = (
            self.options,
            self.players,
            self.seed,
            self.first_dealer,
        )
        m.deal, m.deals_done, m.moves = self.deal.copy(), self.deals_done[:], self.moves[:]
        m.movers = self.movers[:]
        m.story = self.story.copy()
        m.deal.story = m.story
        m._fixed, m._seat_points, m._seat_tricks = self._fixed, self._seat_points[:], self._seat_tricks[:]
        m._over, m._winners, m._slam = self._over, self._winners[:], self._slam
        m.lot = self.lot
        return m

    __copy__ = copy

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Match)
            and self.options == other.options
            and self.players == other.players
            and self.deal == other.deal
            and self.moves == other.moves
            and [r[:5] for r in self.deals_done] == [r[:5] for r in other.deals_done]
        )

    __hash__ = None  # type: ignore[assignment]

    # --- the state API ---------------------------------------------------------------------------

    @property
    def n_players(self) -> int:
        return len(self.players)

    def current_player(self) -> int:
        return -1 if self._over else self.deal.cur

    def legal_moves(self) -> list[Move]:
        return [] if self._over else self.deal.legal_moves()

    def is_over(self) -> bool:
        return self._over

    def play(self, move: Move, seat: int | None = None) -> None:
        if self._over:
            raise IllegalPlay("robber_over")
        mover = self.deal.cur
        self.story.index = len(self.moves)
        self.deal.play(move, seat)  # an illegal move is refused before anything is told
        self.moves.append(move)
        self.movers.append(mover)
        if self.deal.cur < 0:
            self._finish_deal()

    @property
    def events(self) -> list[Event]:
        """What happened, move by move (engine.story): append-only, for every seat."""
        return self.story.events

    def events_for(self, seat: int, since: int = 0) -> list[Event]:
        """The events from position ``since`` of ``events`` that ``seat`` may know."""
        return self.story.for_seat(seat, since)

    def _finish_deal(self) -> None:
        d = self.deal
        n = len(self.players)
        slam = d.slam()
        self.deals_done.append(
            DealResult(
                len(self.deals_done) + 1, d.dealer, tuple(d._per_side(d.points)), tuple(d.tricks()), slam, d
            )
        )
        for s in range(n):
            self._seat_points[s] += d.points[s]
            self._seat_tricks[s] += d.tricks_won[s]
        if slam is not None:  # a slam wins the robber at once, its maker's points doubled
            self._over, self._slam = True, slam
            self._winners = self.seats_of(slam)
            self._tell_over()
            return
        if max(self.finished_tricks()) >= self.options.target:
            self._over = True
            pts = self.finished_points()
            top = max(pts)
            self._winners = [s for s in range(n) if pts[self.side_of(s)] == top]
            self._tell_over()
            return
        self.deal = self._deal_for(len(self.deals_done))

    def _tell_over(self) -> None:
        self.story.tell(RobberOver(tuple(self._winners), tuple(self.finished_points()), self._slam,
                                   index=self.story.index))

    # --- sides, points, winners ------------------------------------------------------------------

    def sides(self) -> int:
        return self.options.sides(len(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.pairs else seat

    def seats_of(self, side: int) -> list[int]:
        return [side, side + 2] if self.options.pairs else [side]

    def _per_side(self, per_seat: Sequence[float]) -> list[float]:
        if self.options.pairs:
            return [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
        return list(per_seat)

    def finished_points(self) -> list[float]:
        """Robber points per seat (team) from finished deals, the slam doubling included."""
        pts = [float(p) for p in self._per_side(self._seat_points)]
        if self._slam is not None:
            pts[self._slam] *= 2
        return pts

    def totals(self, deals: int) -> tuple[list[int], list[int]]:
        """Points and tricks per seat (team) of the first ``deals`` finished deals, no slam doubling."""
        sides = self.sides()
        pts, trs = [0] * sides, [0] * sides
        for r in self.deals_done[:deals]:
            for i in range(sides):
                pts[i] += r.points[i]
                trs[i] += r.tricks[i]
        return pts, trs

    def finished_tricks(self) -> list[int]:
        return [int(t) for t in self._per_side(self._seat_tricks)]

    def score(self) -> list[float]:
        """Robber points per seat (team in pairs) so far: the current deal's runs and honours are
        written at once, so they count from its first move."""
        pts = self.finished_points()
        if not self._over:
            pts = [a + b for a, b in zip(pts, self.deal.score(), strict=True)]
        return pts

    def tricks(self) -> list[int]:
        """Robber trick totals per seat (team), the current deal's tricks so far included."""
        t = self.finished_tricks()
        if not self._over:
            t = [a + b for a, b in zip(t, self.deal.tricks(), strict=True)]
        return t

    def winners(self) -> list[int]:
        """Winning seats (both partners in pairs); several on equal points; empty until over."""
        return list(self._winners)

    def slam(self) -> int | None:
        """The seat (team) whose slam ended the robber, else None."""
        return self._slam

    def view(self, seat: int) -> View:
        return View.of(self.deal, seat, self)

    def sheet(self) -> list[dict[str, Any]]:
        """The score sheet: one row per deal (the current one last, ``finished`` false), per seat
        or team: this deal's points and tricks and the running totals."""
        rows: list[dict[str, Any]] = []
        tot_p = [0] * self.sides()
        tot_t = [0] * self.sides()
        results = list(self.deals_done)
        for r in results:
            tot_p = [a + b for a, b in zip(tot_p, r.points, strict=True)]
            tot_t = [a + b for a, b in zip(tot_t, r.tricks, strict=True)]
            shown = tot_p[:]
            if r.slam is not None:
                shown[r.slam] *= 2
            rows.append(
                {
                    "deal": r.number,
                    "dealer": r.dealer,
                    "points": list(r.points),
                    "tricks": list(r.tricks),
                    "slam": r.slam,
                    "total_points": shown,
                    "total_tricks": tot_t[:],
                    "finished": True,
                }
            )
        if not self._over:
            d = self.deal
            pts, trs = d._per_side(d.points), d.tricks()
            rows.append(
                {
                    "deal": len(results) + 1,
                    "dealer": d.dealer,
                    "points": pts,
                    "tricks": trs,
                    "slam": None,
                    "total_points": [a + b for a, b in zip(tot_p, pts, strict=True)],
                    "total_tricks": [a + b for a, b in zip(tot_t, trs, strict=True)],
                    "finished": False,
                }
            )
        return rows

    # --- records and saves -----------------------------------------------------------------------

    def all_deals(self) -> list[Deal]:
        """Finished deals, then the current one if the robber goes on and it has begun."""
        out = [r.deal for r in self.deals_done]
        if not self._over and self.deal.history():
            out.append(self.deal)
        return out

    def to_record(self) -> dict[str, Any]:
        """The game record (docs/records.md), with the seed as an extra key so the robber can go on."""
        return {
            "game": "eralash",
            "players": list(self.players),
            "options": self.options.to_dict(),
            "deals": [deal_record(d) for d in self.all_deals()],
            "seed": self.seed,
        }

    def to_save(self) -> dict[str, Any]:
        """Everything a save file or an undo needs: replaying ``moves`` rebuilds this exact state."""
        out: dict[str, Any] = {
            "game": "eralash",
            "options": self.options.to_dict(),
            "players": list(self.players),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "moves": [move_to_json(m) for m in self.moves],
        }
        if self._fixed:
            out["deals"] = [{"dealer": d, "hands": [names(h) for h in hands]} for d, hands in self._fixed]
        if self.lot:
            out["lot"] = [list(row) for row in self.lot]
        return out

    @classmethod
    def from_save(cls, d: dict[str, Any]) -> Match:
        """Rebuild a match from ``to_save()``; ValueError (or IllegalMove) when it does not fit."""
        from engine.cards import parse_set

        fixed = None
        if d.get("deals"):
            fixed = [(int(x["dealer"]), [parse_set(h) for h in x["hands"]]) for x in d["deals"]]
        m = cls.new(
            Options.from_dict(d.get("options")), d["players"], d["seed"], d.get("first_dealer"), fixed
        )
        lot = d.get("lot")
        if lot:  # the draw for the first deal, told as the robber began
            n = len(m.players)
            if not (isinstance(lot, list) and all(
                    isinstance(row, list) and len(row) == n
                    and all(type(c) is int and -1 <= c < 52 for c in row) for row in lot)):
                raise ValueError("the lot is not a list of draws, a card (or -1) per seat")
            m.lot = [list(row) for row in lot]
            m.story.events.insert(0, LotDrawn(tuple(tuple(row) for row in m.lot), m.first_dealer,
                                              index=BEFORE_PLAY))
        for obj in d.get("moves", []):
            m.play(move_from_json(obj))
        return m


def deal_record(d: Deal) -> dict[str, Any]:
    """One deal as a record entry: dealer, hands as dealt, trump, plays."""
    out: dict[str, Any] = {"dealer": d.dealer, "hands": [names(h) for h in d.dealt]}
    if d.trump >= 0:
        out["trump"] = SUIT_LETTERS[d.trump]
    out["plays"] = names_in_order(d.played)
    return out


def names_in_order(played: Sequence[int]) -> list[str]:
    from engine.cards import name

    return [name(c) for c in played]

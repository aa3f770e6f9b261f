"""What the replay viewer shows, without drawing it: the steps of a game and the coach's verdicts.

``Replay(match, seat)`` lays a finished or unfinished game out as steps: the position before each move
(the move about to be made is ``next_move``), plus a step at the end of every deal showing the finished
deal. The engine's review (``engine.review``; docs/records.md, Reviewing a record) sends verdicts one by
one, each naming its deal and play (from 1); ``Replay.add_verdict`` puts each on the step where that
decision was taken. A verdict carries its ``mark`` (best, good, inaccuracy, mistake), its loss in win chance
(``loss``, 0…1) and in the deal (``deal_loss``: points in Uragan, tricks in Eralash; a mark's cost is
read from one of them per game, ``COST_UNITS``), ``why`` in both
languages and ``line``, the better move with the replies the search expects (``line_assumed``: the
cards those replies play from hidden hands, which ``line_steps`` plays as if held). A verdict from an older
review without a mark is graded by its win chance: best or nearly (< 1 point), inaccuracy (1–5), mistake
(> 5). A deal is ``decided`` when nothing the seat could do changed its result.
No pygame here.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.games import game_named

BEST_BELOW = 1.0  # points of win chance: below this a move is as good as the best
MISTAKE_ABOVE = 5.0  # above this a move is a mistake; between the two an inaccuracy
MARKS = ("best", "good", "inaccuracy", "mistake")  # engine.review.judgement.MARKS
SHOWN_DIGITS = 1  # a mark shows its cost to a tenth (game.review.words.number)


@dataclass(frozen=True)
class CostUnit:
    """What a mark's cost is measured in: its words (catalogs ``review.unit.<name>`` and
    ``stats.accuracy.<name>``) and how it is read from a verdict (None: the verdict does not say)."""

    name: str
    read: Callable[[Verdict], float | None]
    with_chance: bool  # the mark says the win chance lost too (a cost that is not itself that chance)


# Uragan's marks cost the deal's points (``deal_loss``); Eralash's are given by the robber chance alone
# (engine/review/judgement.py: a trick that moves neither the race nor a slam is no loss), so they cost
# the robber chance lost, in percentage points.
COST_UNITS = {
    "points": CostUnit("points", lambda v: v.deal_loss, with_chance=True),
    "robber": CostUnit("robber", lambda v: v.points, with_chance=False),
}


def _uragan_solved_rest(m: Any) -> list[Any]:
    """Uragan's last round from here under best play for the deal's points (every card is known to
    both seats then, so nothing hidden is used); [] outside the last round."""
    try:
        from engine.bots.uragan.endgame import Endgame, in_last_round, points_utility

        if not in_last_round(m.deal):
            return []
        return list(Endgame(points_utility, m.options.primiera_all_suits).solve(m.deal).line)
    except Exception:  # no solver: the line as the review gave it
        return []


def _uragan_card(move: Any) -> int | None:
    from engine.uragan.moves import Play

    return move.card if isinstance(move, Play) else None


def _uragan_hold(deal: Any, seat: int, card: int, keep: int) -> bool:
    from engine.review.uragan import hold

    return hold(deal, seat, card, keep)


def _eralash_hold(deal: Any, seat: int, card: int, keep: int) -> bool:
    from engine.review.eralash import hold

    return hold(deal, seat, card, keep)


def _uragan_round_closed(before: Any, after: Any) -> Any:
    """The deal as a line that ended a round leaves it: the round's last card played and the next
    round not dealt (its hands would show cards a line's assumptions moved), else ``after`` itself."""
    if after.is_over() or after.round == before.round:
        return after
    shown = after.copy()
    shown.round, shown.hands = before.round, [0, 0]
    return shown


@dataclass(frozen=True)
class ReplayRules:
    """What the coach's replay does its own way in one game (found by the game's name in ``PER_GAME``)."""

    plays_made: Callable[[Any], int]  # plays of a deal made so far (the record counts them from 1)
    unit: str  # what a mark's cost is measured in (a key of ``COST_UNITS``)
    solved_rest: Callable[[Any], list[Any]] | None = None  # after an exact line: the deal's end, solved
    deal_points: bool = False  # a line that plays the deal out ends on the deal's points
    card_of: Callable[[Any], int | None] = lambda move: move if isinstance(move, int) else None
    # a line's reply with a card its player may not really hold: (deal, seat, card, cards the line
    # still needs) makes that seat hold it, changing places with a hidden card (engine.review.<game>.hold)
    hold: Callable[[Any, int, int, int], bool] | None = None
    # (the deal before a line's move, after it) → the deal to show after it (a round's end not dealt on)
    round_closed: Callable[[Any, Any], Any] | None = None


PER_GAME: dict[str, ReplayRules] = {
    "uragan": ReplayRules(lambda deal: len(deal.plays), "points", _uragan_solved_rest, deal_points=True,
                          card_of=_uragan_card, hold=_uragan_hold, round_closed=_uragan_round_closed),
    "eralash": ReplayRules(lambda deal: len(deal.played), "robber", hold=_eralash_hold),
}


def grade(loss: float) -> str:
    """``best``, ``inaccuracy`` or ``mistake`` for a loss in win chance (0…1)."""
    points = max(0.0, float(loss)) * 100.0
    if points < BEST_BELOW:
        return "best"
    if points <= MISTAKE_ABOVE:
        return "inaccuracy"
    return "mistake"


@dataclass
class Verdict:
    """One judged decision (a verdict of ``engine.review`` with its moves made engine moves)."""

    deal: int
    play: int
    played: Any
    best: Any
    loss: float  # win chance, 0…1
    chance_played: float | None = None
    chance_best: float | None = None
    raw: dict[str, Any] = field(default_factory=dict)
    kind: str = "play"  # play, trump, claim (a claim answer), pick (the offender's pick)

    @property
    def grade(self) -> str:
        """The mark the engine gave (docs/records.md, Reviewing a record), or one from the win chance
        lost for older reviews."""
        mark = self.raw.get("mark")
        return mark if mark in MARKS else grade(self.loss)

    @property
    def points(self) -> float:
        """Win chance lost, in percent."""
        return max(0.0, self.loss) * 100.0

    @property
    def deal_loss(self) -> float | None:
        """What the move cost in the deal (points or tricks, never negative); None when not given."""
        value = self.raw.get("deal_loss")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        return max(0.0, float(value))

    def cost(self, unit: str) -> float | None:
        """What the move cost in ``unit`` (``COST_UNITS``: deal points, or percentage points of the
        robber chance), never negative; None when the verdict does not say."""
        return COST_UNITS[unit].read(self)

    def shown_cost(self, unit: str, decided: bool = False) -> float:
        """The cost as the verdict's mark shows it: rounded to a tenth, 0 on a move marked best and in
        a decided deal (their marks show no cost). The summary's total adds exactly these."""
        cost = self.cost(unit)
        if decided or self.grade == "best" or cost is None:
            return 0.0
        return round(cost, SHOWN_DIGITS)

    @property
    def exact(self) -> bool:
        return self.raw.get("exact") is True

    def why(self, lang: str) -> str | None:
        """The reason in ``lang`` (the other language's when only that one came), or None."""
        why = self.raw.get("why")
        if not isinstance(why, dict):
            return None
        for key in (lang, "en", "ru"):
            text = why.get(key)
            if isinstance(text, str) and text.strip():
                return text.strip()
        return None

    def line_json(self) -> list[Any]:
        """The better move and the expected replies, as written in the verdict (may be empty)."""
        line = self.raw.get("line")
        return list(line) if isinstance(line, list) else []

    def assumed(self) -> set[int]:
        """The cards the line's replies play from hidden hands (``line_assumed``): the line assumes
        their players hold them; an unreadable one is left out."""
        from engine import cards as C

        out = set()
        raw = self.raw.get("line_assumed")
        for name in raw if isinstance(raw, list) else []:
            try:
                out.add(C.parse(str(name)))
            except ValueError:
                continue
        return out


class Step:
    """One position of the replay: the match as it stood and the deal on the cloth.

    A step of a record's replay holds no copy of the match: ``match`` and ``shown`` are made when
    first asked for, from the replay's nearest checkpoint (``Replay._position``), and only the last
    few are kept. A copy per step cost O(moves²): a legal 19,000-move record took 1.6 GB and
    seconds of the UI thread."""

    __slots__ = ("_match", "_shown", "_source", "choices", "deal", "deal_end", "mover", "moves",
                 "next_move", "verdict")

    def __init__(self, match: Any, shown: Any, moves: int, deal: int, next_move: Any = None,
                 mover: int = -1, choices: int = 0, deal_end: bool = False, verdict: Verdict | None = None,
                 source: Callable[[Step], tuple[Any, Any]] | None = None) -> None:
        self._match = match
        self._shown = shown
        self._source = source
        self.moves = moves  # moves made before this position
        self.deal = deal  # 1-based number of the deal on the cloth
        self.next_move = next_move  # the move made from here (None: the end of a deal or of the record)
        self.mover = mover
        self.choices = choices  # how many legal moves the mover had
        self.deal_end = deal_end
        self.verdict = verdict

    @property
    def match(self) -> Any:
        return self._made()[0]

    @property
    def shown(self) -> Any:
        return self._made()[1]

    def _made(self) -> tuple[Any, Any]:
        if self._source is not None:
            return self._source(self)
        return self._match, self._shown


def play_number(game: str, deal: Any) -> int:
    """The record's play number (from 1) of the next play of ``deal``."""
    return PER_GAME[game].plays_made(deal) + 1


CHECKPOINT = 128  # moves between the replay's copies of the match
KEPT_POSITIONS = 12  # positions made for the steps shown lately


class Replay:
    """The steps of a game and the verdicts on one seat's decisions."""

    def __init__(self, game: str, match: Any, seat: int) -> None:
        self.frozen = False  # kept out of the cycle collector's walks while shown (review.opening)
        self.game = game
        self.seat = seat
        self.rules = game_named(game)
        self.own = PER_GAME[game]  # what this game's replay does its own way
        self.players = list(match.players)
        self.steps: list[Step] = []
        self.verdicts: list[Verdict] = []
        self.done = False  # the review has sent its last verdict
        self.error: str | None = None
        self.decided: dict[int, bool] = {}  # deal (from 1) -> nothing the seat did changed its result
        self.scope: set[int] | None = None  # the deals the summary speaks of (None: every deal)
        self._version = 0  # counts verdicts placed: what is worked out from them is cached against it
        self._cache: dict[str, Any] = {}
        self._build(match)

    # --- the steps --------------------------------------------------------------------------------

    def _build(self, full: Any) -> None:
        """One pass over the moves: each step's numbers, and a copy of the match every
        ``CHECKPOINT`` moves to make a step's position from when it is shown."""
        m = self.rules.Match.from_save({**full.to_save(), "moves": []})
        self._moves = list(full.moves)
        self._checkpoints: dict[int, Any] = {}
        self._made: OrderedDict[int, tuple[Any, Any]] = OrderedDict()
        at = self._position
        for mv in self._moves:
            done_before = len(m.deals_done)
            mover = m.current_player()
            n = len(m.moves)
            if n % CHECKPOINT == 0:
                self._checkpoints[n] = m.copy()
            choices = len(m.legal_moves())
            self.steps.append(Step(None, None, n, done_before + 1, mv, mover, choices, source=at))
            m.play(mv)
            if len(m.deals_done) > done_before:  # the move ended a deal: show the deal as it finished
                self.steps.append(Step(None, None, len(m.moves), done_before + 1, deal_end=True, source=at))
        if not self.steps or not self.steps[-1].deal_end:
            self.steps.append(Step(None, None, len(m.moves), len(m.deals_done) + 1, source=at))
        self._checkpoints[len(m.moves)] = m  # the end, as played

    def _position(self, step: Step) -> tuple[Any, Any]:
        """``(match, shown)`` at ``step``: a copy of the nearest checkpoint (or of a position made
        lately) before it, played on; the last ``KEPT_POSITIONS`` made are kept."""
        key = id(step)
        made = self._made.get(key)
        if made is not None:
            self._made.move_to_end(key)
            return made
        n = step.moves
        start = max(c for c in self._checkpoints if c <= n)
        base = self._checkpoints[start]
        for match, _ in self._made.values():  # a position made lately may be nearer (stepping on)
            k = len(match.moves)
            if start < k <= n:
                start, base = k, match
        m = base.copy()
        for mv in self._moves[start:n]:
            m.play(mv)
        made = (m, self.finished_deal(m) if step.deal_end else m.deal)
        self._made[key] = made
        while len(self._made) > KEPT_POSITIONS:
            self._made.popitem(last=False)
        return made

    def finished_deal(self, match: Any) -> Any:
        last = match.deals_done[-1]
        return getattr(last, "deal", last)  # Eralash keeps a DealResult, Uragan the Deal itself

    def __len__(self) -> int:
        return len(self.steps)

    def decisions(self) -> list[int]:
        """Indices of the steps where the seat chose among several moves (found once per seat: the
        panel asks every frame, and a long record has tens of thousands of steps)."""
        key = (self.seat, len(self.steps))
        if getattr(self, "_decisions", (None, []))[0] != key:
            found = [i for i, s in enumerate(self.steps)
                     if s.next_move is not None and s.mover == self.seat and s.choices > 1]
            self._decisions = (key, found)
        return list(self._decisions[1])

    def for_seat(self, seat: int) -> Replay:
        """The same game from ``seat``'s side, no verdicts: the steps' numbers and the checkpoints are
        taken over, not replayed (choosing a seat in a 19,000-move record is then instant)."""
        other = Replay.__new__(Replay)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k not in ("_decisions", "_cache")})
        other.seat = seat
        other.verdicts = []
        other.done = False
        other.error = None
        other.decided = {}
        other.scope = None
        other._version = 0
        other._cache = {}
        other._made = OrderedDict()
        at = other._position
        other.steps = [Step(None, None, s.moves, s.deal, s.next_move, s.mover, s.choices, s.deal_end,
                            source=at) for s in self.steps]
        return other

    # --- verdicts ----------------------------------------------------------------------------------

    def to_move(self, obj: Any) -> Any:
        try:
            return self.rules.move_from_json(obj)
        except (ValueError, TypeError, KeyError):  # a review's line from another version: not shown
            return None

    def add_verdict(self, raw: dict[str, Any]) -> int | None:
        """Put one verdict of the review on its step; returns the step index (None if none fits).

        A deal's summary (``{"deal": n, "decided": …}`` with no play) is taken as such; a verdict on a
        step that has one already (kept from before, judged again) replaces it."""
        if isinstance(raw, dict) and "play" not in raw and isinstance(raw.get("decided"), bool):
            with_deal = raw.get("deal")
            if isinstance(with_deal, int):
                self.decided[with_deal] = raw["decided"]
            return None
        try:
            v = Verdict(int(raw["deal"]), int(raw["play"]), self.to_move(raw.get("played")),
                        self.to_move(raw.get("best")), float(raw.get("loss", 0.0)),
                        raw.get("win_chance_played"), raw.get("win_chance_best"), dict(raw),
                        str(raw.get("kind", "play")))
        except (KeyError, TypeError, ValueError):
            return None
        if isinstance(raw.get("decided"), bool):
            self.decided[v.deal] = raw["decided"]
        index = raw.get("move")
        self._version += 1
        if isinstance(index, int):  # engine.review names the decision by its index in the moves
            i = self._step_of_move().get(index)
            if i is not None:
                self._place(i, v)
                return i
        self.verdicts.append(v)
        free = [i for i in self.decisions() if self.steps[i].verdict is None]
        same = [i for i in free
                if self.steps[i].deal == v.deal and play_number(self.game, self.steps[i].shown) == v.play]
        exact = [i for i in same if self.steps[i].next_move == v.played]
        near = [i for i in free if self.steps[i].deal == v.deal and self.steps[i].next_move == v.played]
        found = exact or same or near
        pick = found[0] if found else None
        if pick is not None:
            self.steps[pick].verdict = v
        return pick

    def _step_of_move(self) -> dict[int, int]:
        """The step (index) where each move is made, found once."""
        found = self._cache.get("step_of_move")
        if found is None or found[0] != len(self.steps):
            table: dict[int, int] = {}
            for i, s in enumerate(self.steps):
                if s.next_move is not None:
                    table.setdefault(s.moves, i)
            found = self._cache["step_of_move"] = (len(self.steps), table)
        return found[1]

    def _cached(self, name: str, make: Callable[[], Any]) -> Any:
        """What ``make`` works out from the verdicts, kept until a verdict, a deal's decided flag, the
        seat or the summary's scope changes (the panel asks every frame; a long record has ~11,000)."""
        key = (self._version, len(self.verdicts), self.seat, len(self.steps),
               None if self.scope is None else frozenset(self.scope), tuple(sorted(self.decided.items())))
        held = self._cache.get(name)
        if held is None or held[0] != key:
            held = self._cache[name] = (key, make())
        return held[1]

    def _place(self, i: int, v: Verdict) -> None:
        old = self.steps[i].verdict
        if old is not None and old in self.verdicts:
            self.verdicts.remove(old)
        self.steps[i].verdict = v
        self.verdicts.append(v)

    def is_decided(self, deal: int) -> bool:
        """Nothing the seat could do in ``deal`` changed its result: said by the review, or found from
        every decision of the deal judged, none of whose choices mattered (``engine.review``'s rule)."""
        if deal in self.decided:
            return self.decided[deal]
        found: dict[int, bool] = self._cached("decided", dict)
        if deal not in found:
            found[deal] = self.worked_out_decided(deal)
        return found[deal]

    def decisions_by_deal(self) -> dict[int, list[int]]:
        """The seat's decisions (step indices) in each deal."""
        held = self._cache.get("by_deal")
        if held is None or held[0] != (self.seat, len(self.steps)):
            by_deal: dict[int, list[int]] = {}
            for i in self.decisions():
                by_deal.setdefault(self.steps[i].deal, []).append(i)
            held = self._cache["by_deal"] = ((self.seat, len(self.steps)), by_deal)
        return held[1]

    def worked_out_decided(self, deal: int) -> bool:
        """``is_decided`` from the deal's verdicts alone, worked out again (no cache)."""
        steps = [self.steps[i] for i in self.decisions_by_deal().get(deal, [])]
        if not steps or any(st.verdict is None for st in steps):
            return False
        spreads = []
        for st in steps:
            raw = st.verdict.raw if st.verdict is not None else {}
            win, value = raw.get("win_spread"), raw.get("deal_spread")
            if not isinstance(win, (int, float)) or not isinstance(value, (int, float)):
                return False
            spreads.append((float(win), float(value)))
        from engine.review import NOISE
        from engine.review.judgement import decided

        return decided(spreads, NOISE.get(self.game, 0.01))

    # --- the summary -------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """``worked_out_summary``, kept until the verdicts change."""
        return dict(self._cached("summary", self.worked_out_summary))

    def worked_out_summary(self) -> dict[str, Any]:
        """Decisions judged (of those in the summary's deals), mistakes, inaccuracies, win chance lost
        (percent), the marks' costs added up (``cost_lost`` in ``unit``: Uragan deal points, Eralash
        robber chance; None when no verdict says it) and whether every such deal was decided."""
        scope = self.scope
        verdicts = [v for v in self.verdicts if scope is None or v.deal in scope]
        grades = [v.grade for v in verdicts]
        decisions = [i for i in self.decisions() if scope is None or self.steps[i].deal in scope]
        deals = sorted(scope) if scope is not None else sorted({self.steps[i].deal for i in decisions})
        unit = self.own.unit
        valued = [v for v in verdicts if v.cost(unit) is not None]
        decided = {d: self.is_decided(d) for d in {v.deal for v in valued}}
        # what the marks show, added up: the head's total is never more than its marks say
        cost_lost = round(sum(v.shown_cost(unit, decided[v.deal]) for v in valued), SHOWN_DIGITS)
        return {
            "judged": len(verdicts),
            "decisions": len(decisions),
            "best": grades.count("best"),
            "good": grades.count("good"),
            "mistakes": grades.count("mistake"),
            "inaccuracies": grades.count("inaccuracy"),
            "lost": sum(v.points for v in verdicts),
            "cost_lost": cost_lost if valued else None,
            "mean_loss": (sum(v.loss for v in verdicts) / len(verdicts)) if verdicts else 0.0,
            "decided": bool(deals) and all(self.is_decided(d) for d in deals),
            "unit": unit,
        }

    def kept(self, deal: int) -> list[dict[str, Any]]:
        """The verdicts of ``deal`` as they came (to keep with the saved game)."""
        return [dict(v.raw) for v in self.verdicts if v.deal == deal]

    # --- show me how ------------------------------------------------------------------------------

    def line_steps(self, index: int) -> list[Step]:
        """The better line of the verdict at step ``index`` played out from there: the position after
        each of its moves (a move the position does not allow ends it), the last one the finished deal
        when the line ends it. Empty when the verdict has no line."""
        step = self.steps[index]
        v = step.verdict
        if v is None or step.next_move is None:
            return []
        m = step.match.copy()
        out: list[Step] = []
        moves = [self.to_move(raw) for raw in v.line_json()]
        if not self._play_line(m, moves, step.deal, out, v.assumed()):
            return out
        solved = self.own.solved_rest
        if v.exact and solved is not None and out:  # solved exactly: on to the end of the deal
            self._play_line(m, solved(m), step.deal, out)
        return out

    def _play_line(self, m: Any, moves: list[Any], deal: int, out: list[Step],
                   assumed: set[int] | None = None) -> bool:
        """Play ``moves`` on ``m``, a step for each; False once the deal, a round of it (Uragan) or
        the line has ended. A reply with an ``assumed`` card its player does not really hold is
        played as if held: the card changes places with a hidden one of that hand (nothing the
        seat could not see is shown: the hand stays face down, only the assumed card is played)."""
        own = self.own
        for k, move in enumerate(moves):
            if move is None or m.is_over():
                return False
            done_before = len(m.deals_done)
            mover = m.current_player()
            card = own.card_of(move)
            if assumed and card in assumed and own.hold is not None and mover != self.seat:
                keep = 0
                for later in moves[k + 1:]:
                    c = own.card_of(later) if later is not None else None
                    keep |= 0 if c is None else 1 << c
                if not own.hold(m.deal, mover, card, keep):
                    return False
            before = m.deal.copy()
            try:
                m.play(move)
            except Exception:  # a line that no longer fits the position: show what did
                return False
            snap = m.copy()
            if len(m.deals_done) > done_before:
                out.append(Step(snap, self.finished_deal(snap), len(m.moves), deal, move, mover,
                                deal_end=True))
                return False
            shown = snap.deal if own.round_closed is None else own.round_closed(before, snap.deal)
            out.append(Step(snap, shown, len(m.moves), deal, move, mover))
            if shown is not snap.deal:
                return False  # the round is over: the next one's cards are not the line's to show
        return True

    def line_assumed(self, index: int) -> set[int]:
        """The cards the line of the verdict at step ``index`` assumes other hands hold."""
        v = self.steps[index].verdict
        return v.assumed() if v is not None else set()

    def line_score(self, end: Step) -> tuple[int, int] | None:
        """The deal points of the seat and of its opponent when a line played the deal out (Uragan: a
        game whose ``PER_GAME`` entry has ``deal_points``); None otherwise."""
        if not end.deal_end or not self.own.deal_points:
            return None
        try:
            points = end.shown.score_breakdown()["points"]
            mine = points[self.seat]
            theirs = points[1 - self.seat]
            return int(mine["total"]), int(theirs["total"])
        except (KeyError, IndexError, TypeError, ValueError):  # a deal not scored: no line score
            return None

    def next_decision(self, index: int, direction: int) -> int | None:
        """The nearest judged step after (``direction`` 1) or before (-1) ``index``."""
        judged: list[int] = self._cached("judged", lambda: [i for i, s in enumerate(self.steps)
                                                             if s.verdict is not None])
        if direction > 0:
            k = bisect.bisect_right(judged, index)
            return judged[k] if k < len(judged) else None
        k = bisect.bisect_left(judged, index)
        return judged[k - 1] if k > 0 else None

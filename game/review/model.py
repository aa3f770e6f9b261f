"""What the replay viewer shows, without drawing it: the steps of a game and the coach's verdicts.

``Replay(match, seat)`` lays a finished or unfinished game out as steps: the position before each
move (the move about to be made is ``next_move``), plus a step at the end of every deal showing the
finished deal. The engine's review (``engine.review``, RECORDS.md) sends verdicts one by one, each
naming its deal and play (from 1); ``Replay.add_verdict`` puts each on the step where that decision
was taken. A verdict's ``loss`` is in win chance (0…1); the viewer speaks in points (0…100): best or
nearly (< 1 point), inaccuracy (1–5), mistake (> 5). No pygame here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

BEST_BELOW = 1.0  # points of win chance: below this a move is as good as the best
MISTAKE_ABOVE = 5.0  # above this a move is a mistake; between the two an inaccuracy


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
        return grade(self.loss)

    @property
    def points(self) -> float:
        return max(0.0, self.loss) * 100.0


@dataclass
class Step:
    """One position of the replay: the match as it stood and the deal on the cloth."""

    match: Any
    shown: Any
    moves: int  # moves made before this position
    deal: int  # 1-based number of the deal on the cloth
    next_move: Any = None  # the move made from here (None: the end of a deal or of the record)
    mover: int = -1
    choices: int = 0  # how many legal moves the mover had
    deal_end: bool = False
    verdict: Verdict | None = None


def play_number(game: str, deal: Any) -> int:
    """The record's play number (from 1) of the next play of ``deal``."""
    if game == "uragan":
        return len(deal.plays) + 1
    return len(deal.played) + 1


class Replay:
    """The steps of a game and the verdicts on one seat's decisions."""

    def __init__(self, game: str, match: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.module = importlib.import_module(f"engine.{game}")
        self.players = list(match.players)
        self.steps: list[Step] = []
        self.verdicts: list[Verdict] = []
        self.done = False  # the review has sent its last verdict
        self.error: str | None = None
        self._build(match)

    # --- the steps --------------------------------------------------------------------------------

    def _build(self, full: Any) -> None:
        m = self.module.Match.from_save({**full.to_save(), "moves": []})
        for mv in list(full.moves):
            done_before = len(m.deals_done)
            mover = m.current_player()
            snap = m.copy()
            self.steps.append(Step(snap, snap.deal, len(m.moves), done_before + 1, mv, mover,
                                   len(m.legal_moves())))
            m.play(mv)
            if len(m.deals_done) > done_before:  # the move ended a deal: show the deal as it finished
                snap = m.copy()
                self.steps.append(Step(snap, self.finished_deal(snap), len(m.moves), done_before + 1,
                                       deal_end=True))
        if not self.steps or not self.steps[-1].deal_end:
            snap = m.copy()
            self.steps.append(Step(snap, snap.deal, len(m.moves), len(m.deals_done) + 1))

    def finished_deal(self, match: Any) -> Any:
        last = match.deals_done[-1]
        return getattr(last, "deal", last)  # Eralash keeps a DealResult, Uragan the Deal itself

    def __len__(self) -> int:
        return len(self.steps)

    def decisions(self) -> list[int]:
        """Indices of the steps where the seat chose among several moves."""
        return [i for i, s in enumerate(self.steps)
                if s.next_move is not None and s.mover == self.seat and s.choices > 1]

    # --- verdicts ----------------------------------------------------------------------------------

    def to_move(self, obj: Any) -> Any:
        try:
            return self.module.move_from_json(obj)
        except Exception:
            return None

    def add_verdict(self, raw: dict[str, Any]) -> int | None:
        """Put one verdict of the review on its step; returns the step index (None if none fits)."""
        try:
            v = Verdict(int(raw["deal"]), int(raw["play"]), self.to_move(raw.get("played")),
                        self.to_move(raw.get("best")), float(raw.get("loss", 0.0)),
                        raw.get("win_chance_played"), raw.get("win_chance_best"), dict(raw),
                        str(raw.get("kind", "play")))
        except (KeyError, TypeError, ValueError):
            return None
        self.verdicts.append(v)
        index = raw.get("move")
        if isinstance(index, int):  # engine.review names the decision by its index in the moves
            for i, s in enumerate(self.steps):
                if s.moves == index and s.next_move is not None:
                    s.verdict = v
                    return i
        free = [i for i in self.decisions() if self.steps[i].verdict is None]
        same = [i for i in free
                if self.steps[i].deal == v.deal and play_number(self.game, self.steps[i].shown) == v.play]
        exact = [i for i in same if self.steps[i].next_move == v.played]
        pick = (exact or same or [i for i in free if self.steps[i].deal == v.deal
                                  and self.steps[i].next_move == v.played] or [None])[0]
        if pick is not None:
            self.steps[pick].verdict = v
        return pick

    # --- the summary -------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        grades = [v.grade for v in self.verdicts]
        return {
            "judged": len(self.verdicts),
            "decisions": len(self.decisions()),
            "mistakes": grades.count("mistake"),
            "inaccuracies": grades.count("inaccuracy"),
            "lost": sum(v.points for v in self.verdicts),
            "mean_loss": (sum(v.loss for v in self.verdicts) / len(self.verdicts)) if self.verdicts else 0.0,
        }

    def next_decision(self, index: int, direction: int) -> int | None:
        """The nearest judged step after (``direction`` 1) or before (-1) ``index``."""
        judged = [i for i, s in enumerate(self.steps) if s.verdict is not None]
        ahead = [i for i in judged if (i - index) * direction > 0]
        if not ahead:
            return None
        return min(ahead) if direction > 0 else max(ahead)

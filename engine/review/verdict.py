"""One judged decision of the review: the move played, the best move found, and their win chances."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import cards as C
from engine.review.games import review_parts


def move_json(game: str, move: object) -> Any:
    """A move written as in records: Uragan ``{"card": .., "take": [..]}`` / "claim" / "let_stand",
    Eralash ``"QS"`` / ``{"trump": "H"}``."""
    return review_parts(game).move_to_json(move)


@dataclass(frozen=True)
class Verdict:
    """The review of one decision of the reviewed seat.

    ``deal`` and ``play`` count from 1 as in ``replay``'s error lines (a claim answer, a pick and a
    trump choice carry the number of the play they belong to / come before); ``move_index`` is the
    decision's index in the game's whole move list (``engine.review.match_before`` rebuilds the
    position). ``kind`` is "play", "trump", "claim" (a claim answer) or "pick" (the offender's pick).
    Win chances are the seat's (or its team's) estimated chance to win the match / robber after the
    move; ``loss`` = best − played, 0 when the search cannot tell them apart (``nearly_best``).
    ``deal_*`` value the move within the deal in the game's ``deal_unit`` (None when the judge gave
    none); ``exact`` when solved; ``mark`` "best"/"good"/"inaccuracy"/"mistake"; ``line`` the best move and
    the expected replies; ``why`` the explanation ({"en", "ru"}) or None; ``win_spread``/``deal_spread``
    how much the choice could matter at all (a deal is ``decided`` when none of its choices did);
    ``assumed`` the cards of the line's replies that the seat had not seen: the line assumes the
    other hands hold them (a sample from the seat's view, never the real cards).
    """

    game: str
    deal: int
    play: int
    seat: int
    kind: str
    move_index: int
    played: object
    best: object
    win_chance_played: float
    win_chance_best: float
    loss: float
    nearly_best: bool = False  # the played move scored within the noise threshold of the best
    iterations: int = 0
    deal_played: float | None = None
    deal_best: float | None = None
    deal_loss: float | None = None
    exact: bool = False
    mark: str = "best"
    line: tuple[object, ...] = ()
    why: Mapping[str, str] | None = None
    win_spread: float = 0.0
    deal_spread: float = 0.0
    assumed: tuple[int, ...] = ()  # cards the line's replies play from hidden hands (assumed held)

    @property
    def is_best(self) -> bool:
        return self.loss == 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.deal,
            "play": self.play,
            "kind": self.kind,
            "move": self.move_index,
            "played": move_json(self.game, self.played),
            "best": move_json(self.game, self.best),
            "win_chance_played": self.win_chance_played,
            "win_chance_best": self.win_chance_best,
            "loss": self.loss,
            "nearly_best": self.nearly_best,
            "exact": self.exact,
            "mark": self.mark,
        }
        if self.deal_played is not None:
            out["deal_played"] = self.deal_played
            out["deal_best"] = self.deal_best
            out["deal_loss"] = self.deal_loss
        if self.line:
            out["line"] = [move_json(self.game, m) for m in self.line]
            if self.assumed:
                out["line_assumed"] = [C.name(c) for c in self.assumed]
        if self.why is not None:
            out["why"] = dict(self.why)
        return out

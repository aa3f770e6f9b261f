"""The coach's answer to a move tried in practice, from the saved verdict alone (no pygame, no search).

The verdict knows two moves of the position: the best and the one played in the game. A move equal to
the best is as good as the best; the move played again is still the mistake (said with the verdict's
``why``); any other move was not weighed by the review, and is said to be "not checked" rather than
guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games import game_named
from game.review.words import move_words
from game.store.practice import Mistake
from game.words import i18n
from game.words.i18n import t

FOUND, SAME, UNCHECKED = "found", "same", "unchecked"


@dataclass(frozen=True)
class Answer:
    kind: str  # found, same (the move played in the game), unchecked (a move the review did not weigh)
    text: str


def to_move(game: str, raw: Any) -> Any:
    """A move written as in records made the engine's move (None when it cannot be read)."""
    try:
        return game_named(game).move_from_json(raw)
    except (ValueError, TypeError, KeyError):
        return None


def position(mistake: Mistake, record: dict[str, Any]) -> Any:
    """The match just before the decision (rebuilt from the record's moves, every move checked)."""
    from engine.review import match_before

    return match_before(record, mistake.move)


def answer(mistake: Mistake, move: Any) -> Answer:
    """What the coach says of ``move`` tried at ``mistake``'s position, in the interface language."""
    best = to_move(mistake.game, mistake.best)
    played = to_move(mistake.game, mistake.played)
    if move == best:
        return Answer(FOUND, t("practice.found", move=move_words(mistake.game, move)))
    if move == played:
        why = mistake.why_in(i18n.get_language())
        return Answer(SAME, t("practice.same", why=why) if why else t("practice.same_bare"))
    return Answer(UNCHECKED, t("practice.unchecked", move=move_words(mistake.game, move)))


def solution(mistake: Mistake) -> str:
    """The answer shown after a second miss (or when asked): the better move and the reason."""
    best = move_words(mistake.game, to_move(mistake.game, mistake.best))
    why = mistake.why_in(i18n.get_language())
    return t("practice.answer_why", best=best, why=why) if why else t("practice.answer", best=best)


def question(mistake: Mistake) -> str:
    """What the player is asked at the position."""
    return t("practice.ask", played=move_words(mistake.game, to_move(mistake.game, mistake.played)))

"""The coach's answer to a move tried in practice, from the saved verdict alone (no pygame, no search).

The verdict knows two moves of the position: the best and the one played in the game. A move equal to
the best is as good as the best; the move played again is still the mistake (said with the verdict's
``why``). Another move, where the verdict was solved exactly (Uragan's last round, Eralash with every
card known), is solved too by the game's own review judge (``engine.games``' ``review.judge``: fast
there, no search): as good as the best, better than the move played, or no better. Anywhere else it
was not weighed, and is said to be "not checked" rather than guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games import game_named
from game.review.words import move_words
from game.store.practice import Mistake
from game.words import i18n
from game.words.i18n import t

FOUND, SAME, UNCHECKED, BETTER, WORSE = "found", "same", "unchecked", "better", "worse"
SOLVE_SECONDS = 3.0  # a bound only: an exact position is solved, not searched


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


def needs_solving(mistake: Mistake, move: Any) -> bool:
    """Will ``answer`` solve ``move`` (a solved verdict, a move it did not name)? It may take a second."""
    return mistake.exact and move not in (to_move(mistake.game, mistake.best),
                                          to_move(mistake.game, mistake.played))


def answer(mistake: Mistake, move: Any, match: Any = None, lang: str | None = None) -> Answer:
    """What the coach says of ``move`` tried at ``mistake``'s position (``match``: that position, for
    a move the verdict did not name), in ``lang`` (the interface language when None)."""
    best = to_move(mistake.game, mistake.best)
    played = to_move(mistake.game, mistake.played)
    words = move_words(mistake.game, move)
    if move == best:
        return Answer(FOUND, t("practice.found", move=words))
    if move == played:
        why = mistake.why_in(lang or i18n.get_language())
        return Answer(SAME, t("practice.same", why=why) if why else t("practice.same_bare"))
    solved = solved_kind(mistake, match, move, played) if match is not None else None
    if solved == FOUND:
        return Answer(FOUND, t("practice.found_solved", move=words))
    if solved == BETTER:
        return Answer(BETTER, t("practice.better", move=words))
    if solved == WORSE:
        return Answer(WORSE, t("practice.worse", move=words))
    return Answer(UNCHECKED, t("practice.unchecked", move=words))


def solved_kind(mistake: Mistake, match: Any, move: Any, played: Any) -> str | None:
    """FOUND, BETTER or WORSE for ``move`` where the verdict was solved exactly, from the seat's view
    (the judge's exact table: every lawful move's win chance and deal value); None elsewhere."""
    if not mistake.exact:
        return None
    from engine.review.budget import Budget
    from engine.review.judgement import NOISE, THRESHOLDS, settle

    game = mistake.game
    try:
        judged = game_named(game).review.judge(match.view(mistake.seat), move, Budget(SOLVE_SECONDS), 0)
        if not judged.exact or judged.table is None:
            return None
        if settle(move, judged, NOISE[game], game).mark == "best":
            return FOUND
    except Exception:  # a position the judge cannot take: not checked, said plainly
        return None
    if played not in judged.table:
        return None
    (w_try, d_try), (w_played, d_played) = judged.table[move], judged.table[played]
    noise, deal_step = NOISE[game], THRESHOLDS[game][3]
    if w_try > w_played + noise or (w_try >= w_played - noise and d_try >= d_played + deal_step):
        return BETTER
    return WORSE


def solution(mistake: Mistake) -> str:
    """The answer shown after a second miss (or when asked): the better move and the reason."""
    best = move_words(mistake.game, to_move(mistake.game, mistake.best))
    why = mistake.why_in(i18n.get_language())
    return t("practice.answer_why", best=best, why=why) if why else t("practice.answer", best=best)


def question(mistake: Mistake) -> str:
    """What the player is asked at the position."""
    return t("practice.ask", played=move_words(mistake.game, to_move(mistake.game, mistake.played)))

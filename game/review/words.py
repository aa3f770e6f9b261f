"""The coach's plain words: a move named as the table names it, and why the better move was better."""

from __future__ import annotations

from typing import Any

from engine import cards as C
from game.words import i18n
from game.words.i18n import t

SEVEN_OF_HEARTS = C.parse("7H")


def move_words(game: str, move: Any) -> str:
    """A move named plainly, as a log would ("7♥ takes 3♣ + 4♦", "2♥ to the table", "trump: ♥")."""
    if move is None:
        return "—"
    if game == "uragan":
        from engine.uragan.moves import Claim, LetStand, Play
        from game.uragan.words import card_text, take_text

        if isinstance(move, Claim):
            return t("review.move.claim")
        if isinstance(move, LetStand):
            return t("review.move.let_stand")
        if isinstance(move, Play) and move.take:
            return t("review.move.capture", card=card_text(move.card), take=take_text(move.take))
        if isinstance(move, Play):
            return t("review.move.trail", card=card_text(move.card))
        return str(move)
    from engine.eralash import ChooseTrump
    from game.eralash.declarations import suit_label

    if isinstance(move, ChooseTrump):
        return t("eralash.hint.trump", suit=suit_label(move.suit))
    if isinstance(move, int):
        return C.display(move, i18n.get_language())
    return str(move)


def reasons(game: str, verdict: Any, position: Any) -> list[str]:
    """Plain reasons the better move was better, from what the two moves do (may be none)."""
    played, best = verdict.played, verdict.best
    out: list[str] = []
    if game == "uragan":
        from engine.uragan.moves import Claim, LetStand, Play

        if isinstance(best, Claim) and isinstance(played, LetStand):
            out.append(t("review.why.claim"))
        elif isinstance(best, LetStand) and isinstance(played, Claim):
            out.append(t("review.why.let_stand"))
        if isinstance(best, Play) and isinstance(played, Play):
            table = getattr(position, "table", 0)
            if best.take and table and best.take == table:
                out.append(t("review.why.uragan"))
            if (best.take | 1 << best.card) >> SEVEN_OF_HEARTS & 1 and not (
                played.take and (played.take | 1 << played.card) >> SEVEN_OF_HEARTS & 1
            ):
                out.append(t("review.why.seven"))
            if best.take and not played.take:
                out.append(t("review.why.trail"))
            elif C.count(best.take) > C.count(played.take) and played.take:
                out.append(t("review.why.more_cards"))
            elif played.card == SEVEN_OF_HEARTS and not played.take:
                out.append(t("review.why.seven_given"))
        return out[:2]
    return out  # Eralash: the search says which card, not a reason a sentence can honestly give


def explanation(game: str, verdict: Any, position: Any) -> str:
    """One line for a judged decision, in the interface language."""
    played = move_words(game, verdict.played)
    if verdict.grade == "best" or verdict.best is None or verdict.best == verdict.played:
        return t("review.says.best", move=played)
    best = move_words(game, verdict.best)
    line = t("review.says.better", played=played, best=best, points=f"{verdict.points:.1f}")
    why = reasons(game, verdict, position)
    if why:
        line += " " + t("review.says.because", why="; ".join(why))
    return line

"""The coach's plain words: a move named as the table names it, losses in units a player reads at a
glance ("−7,9 % шанса на победу", "−1.5 deal points"), and why the better move was better.

Numbers follow the language: a decimal comma and plural forms in Russian, never "−0.0" (what rounds
to nothing is not said). The ``why`` sentences come from the engine's review (both languages); the
short reasons here stand in for an older review that sent none.
"""

from __future__ import annotations

from typing import Any

from engine import cards as C
from game.review.model import COST_UNITS
from game.words import i18n
from game.words.i18n import t

SEVEN_OF_HEARTS = C.parse("7H")
MINUS = "\u2212"


def number(x: float, lang: str | None = None, digits: int = 1) -> str:
    """``x`` to ``digits`` decimals in ``lang``'s way ("7,9" / "7.9"); a whole number without them."""
    lang = lang or i18n.get_language()
    value = round(abs(float(x)), digits)
    text = str(int(value)) if value == int(value) else f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "ru" else text


def shows(x: float | None, digits: int = 1) -> bool:
    """True when ``x`` is something at the precision shown (so no "−0.0")."""
    return x is not None and round(abs(float(x)), digits) > 0


def amount(x: float, key: str, *, minus: bool = False) -> str:
    """A counted amount with its unit ("1,5 очка за сдачу", "2 tricks"): the plural form of a whole
    number, the fractional form ("other") otherwise; ``minus`` puts a minus sign before it."""
    lang = i18n.get_language()
    text = (MINUS if minus else "") + number(x, lang)
    value = i18n.lookup(key)
    if not isinstance(value, dict):
        return t(key, n=text)
    whole = round(abs(float(x)), 1)
    form = i18n.plural_form(int(whole), lang) if whole == int(whole) else "other"
    pattern = value.get(form) or value.get("other") or value.get("many") or next(iter(value.values()))
    return str(pattern).format(n=text)


def chance_lost(points: float, *, minus: bool = True) -> str:
    """Win chance lost, in percent ("−7,9 % шанса на победу" / "−7.9% chance to win")."""
    lang = i18n.get_language()
    return t("review.unit.chance", n=(MINUS if minus else "") + number(points, lang))


def cost_lost(value: float, unit: str, *, minus: bool = True) -> str:
    """A mark's cost in its game's unit (``game.review.model.COST_UNITS``): Uragan's deal points
    ("−1,5 балла за сдачу" / "−1.5 deal points"), Eralash's robber chance ("−18 % шанса выиграть
    роббер" / "−18% of robber chance")."""
    return amount(value, f"review.unit.{unit}", minus=minus)


def loss_words(verdict: Any, unit: str) -> str:
    """What a judged move cost, in its game's unit and (where that is not the win chance itself) in
    win chance ('' when it cost nothing shown)."""
    parts = []
    cost = verdict.cost(unit)
    if shows(cost):
        parts.append(cost_lost(cost, unit))
    if COST_UNITS[unit].with_chance and shows(verdict.points):
        parts.append(chance_lost(verdict.points))
    return " · ".join(parts)


def mark_line(verdict: Any, unit: str, decided: bool = False) -> tuple[str, str]:
    """The verdict's mark and what it cost ("● Ошибка: −1,5 балла за сдачу"), and the mark's name
    (``nodiff`` in a decided deal, where no move is better or worse than another)."""
    if decided:
        return t("review.grade.nodiff"), "nodiff"
    grade = verdict.grade
    cost = loss_words(verdict, unit) if grade != "best" else ""
    name = t(f"review.grade.{grade}")
    return (t("review.grade.with_cost", mark=name, cost=cost) if cost else name), grade


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


def _bare(text: str) -> str:
    """Words compared without the "+" between taken cards and with single spaces."""
    return " ".join(text.replace("+", " ").split())


def explanation(game: str, verdict: Any, position: Any, decided: bool = False) -> str:
    """The line under the mark, in the interface language: for a move not the best, the better move
    and why (the review's ``why``, or the short reasons of an older review); '' for the best move
    (its mark says it all) and in a decided deal."""
    if decided or verdict.grade == "best" or verdict.best is None or verdict.best == verdict.played:
        return ""
    best = move_words(game, verdict.best)
    line = t("review.says.better", best=best)
    why = verdict.why(i18n.get_language())
    if why:  # the review's own sentence; it names the better move itself more often than not
        return why if _bare(best) in _bare(why) else f"{line} {why}"
    short = reasons(game, verdict, position)
    if short:
        line += " " + t("review.says.because", why="; ".join(short))
    return line

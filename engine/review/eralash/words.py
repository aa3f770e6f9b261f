"""Eralash's coach sentences in English and Russian: the race, slams, the cards (``eralash.why``'s reasons).

Every phrase of a language is in ``PHRASES``; the shared helpers (``card``, ``count``, ``plural_form``,
``move_text``) come from ``engine.review.words``. A reason of this game says itself (``said(lang)``),
which ``engine.review.words.clauses`` asks for. Points are the robber's (очки: 1 очко, 2 очка, 5 очков),
tricks are tricks (1 взятка, 2 взятки, 5 взяток).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import SUIT_SYMBOLS
from engine.review import words as W

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "high_trump": ("{card} wins the trick, but your {lower} would win it as well and keep the higher"
                       " trump"),
        "exact_tricks": ("solved exactly: with best play you take {best} in this deal, {played} after your"
                         " move"),
        "high_loser": ("{card} cannot win this trick; your {lower} loses it as well and keeps the {card}"
                       " for later"),
        "over_partner": ("your partner's {partner} was already winning the trick; {card} spends a winner on"
                         " it"),
        "slam_let": "your opponents have taken every trick so far; {best} takes one and stops the slam",
        "slam_missed": "your side has taken every trick so far; {move} gives one away and with it the slam",
        # the race: who wants the robber to end, and the trick that moves it
        "duck": ("{card} takes this trick and puts you on {after} of {target} while you trail by {gap}: duck"
                 " — {best} lets it go"),
        "duck_end": ("{card} takes the trick that brings you to {target} and ends the robber while you trail"
                     " by {gap}: you lose it; {best} lets the trick go"),
        "take": ("{best} takes this trick and puts you on {after} of {target} while you lead by {gap}: the"
                 " sooner the robber ends, the surer your win; {card} gives the trick away"),
        "take_end": ("{best} takes the trick that brings you to {target} and ends the robber while you lead"
                     " by {gap}: you win it; {card} gives the trick away"),
        "stop_rival": ("{card} lets an opponent who leads you by {gap} take this trick and reach {after} of"
                       " {target}; {best} takes it"),
        "stop_rival_team": ("{card} lets your opponents, who lead you by {gap}, take this trick and reach"
                            " {after} of {target}; {best} takes it"),
        "stop_rival_end": ("{card} lets an opponent who leads you by {gap} take the trick that ends the"
                           " robber: you lose it; {best} takes it"),
        "stop_rival_end_team": ("{card} lets your opponents, who lead you by {gap}, take the trick that ends"
                                " the robber: you lose it; {best} takes it"),
        "stop_end": ("{card} lets an opponent take the trick that ends the robber while you trail by {gap}:"
                     " you lose it; {best} takes it"),
        "stop_end_team": ("{card} lets your opponents take the trick that ends the robber while you trail by"
                          " {gap}: you lose it; {best} takes it"),
        "let_rival_end": ("your opponent would take this trick and end the robber while you lead by {gap}:"
                          " you win; {card} takes it from them, and {best} lets it go"),
        "let_rival_end_team": ("your opponents would take this trick and end the robber while you lead by"
                               " {gap}: you win; {card} takes it from them, and {best} lets it go"),
        "solved": "solved exactly: {said}",
        "end_lead": ("with best play you reach {best} of {target} tricks and end the robber while you lead"
                     " by {gap}: you win it; after your move you reach {played} and it goes on"),
        "end_trail": ("after your move you reach {played} of {target} tricks and end the robber while you"
                      " trail by {gap}: you lose it; with best play you stop at {best} and it goes on"),
        "tricks_count_lead": "tricks count now: you lead by {gap} and need {need} to end the robber",
        "tricks_count_trail": ("tricks count now: you trail by {gap}, and every trick you take brings nearer"
                               " an end you lose ({tricks} of {target})"),
        "tricks_lead": ("the trick it costs matters: you lead by {gap} and need {need} to end the"
                        " robber"),
        "tricks_trail": ("the extra trick matters: you trail by {gap}, and every trick you take brings"
                         " nearer an end you lose ({tricks} of {target})"),
        "chance": "{best} keeps {amount} more chance to win the robber",
        "chance_trump": "{best} keeps {amount} more chance to win the robber",
        "no_difference": "no difference: {card} does as well as {best} here",
        "no_difference_level": ("no difference: with the points level at {points} each and no slam left to"
                                " make, no one is ahead in the race yet"),
        # hints: clauses that follow the hinted card ("Hint: J♣ — it is the last high club: it wins.")
        "hint_last_trump": "{card} is the highest trump left: it wins",
        "hint_last_high": "{card} is the highest {suit} left: only a trump can beat it",
        "hint_sure": "it wins this trick for sure",
        "hint_lowest_trump": "the {lower} wins this trick as surely as the {card} and keeps the higher trump",
        "hint_partner": "your partner's {partner} already wins this trick: keep your higher cards",
        "hint_cannot": "none of your cards can win this trick: the lowest goes",
        "hint_beats": "it beats the {best} on the table",
        "hint_let_go": "it lets this trick go",
        "hint_low": "your lowest {suit}: the higher ones stay for later",
        "hint_only": "it is your only card that may be played",
        "hint_suit": "{suit} still out: {count}",
        "hint_trump_suit": "you hold {count} {suit}, more than of any other suit",
        "hint_trump_count": "you hold {count} {suit}",
        "hint_race_take": "you lead by {gap} and need {need} to end the robber: take it",
        "hint_race_duck": "you trail by {gap} and are {need} from the end: avoid tricks",
        "hint_race_stop": ("an opponent who leads you by {gap} is {need} from the end: keep the tricks from"
                           " them"),
        "hint_race_stop_team": ("your opponents lead you by {gap} and are {need} from the end: keep the"
                                " tricks from them"),
    },
    "ru": {
        "high_trump": ("{card} берёт взятку, но её взял{agree} бы и {lower}, а старший козырь остался бы"
                       " у вас"),
        "exact_tricks": ("решено точно: при лучшей игре вы берёте в этой сдаче {best}, после вашего хода —"
                         " {played}"),
        "high_loser": ("{card} всё равно не берёт взятку; с {lower} вы отдали бы её так же и сохранили"
                       " бы {card}"),
        "over_partner": "взятку уже брал{agree} {partner} партнёра; {card} тратит на неё старшую карту",
        "slam_let": "соперники взяли все взятки; «{best}» берёт одну и не даёт им шлема",
        "slam_missed": "ваша сторона взяла все взятки; «{move}» отдаёт одну, а с ней и шлем",
        "duck": ("{card} берёт эту взятку: у вас будет {after} из {target}, а вы отстаёте на {gap} — лучше"
                 " уступить: {best} её отдаёт"),
        "duck_end": ("{card} берёт взятку, с которой у вас {target}, и роббер кончается, когда вы отстаёте"
                     " на {gap}: вы его проигрываете; {best} её отдаёт"),
        "take": ("{best} берёт эту взятку: у вас будет {after} из {target}, а вы ведёте на {gap} — чем"
                 " скорее кончится роббер, тем вернее ваша победа; {card} взятку отдаёт"),
        "take_end": ("{best} берёт взятку, с которой у вас {target}, и роббер кончается, когда вы ведёте"
                     " на {gap}: вы его выигрываете; {card} взятку отдаёт"),
        "stop_rival": ("{card} отдаёт эту взятку сопернику, который впереди на {gap}: у него будет {after}"
                       " из {target}; {best} её берёт"),
        "stop_rival_team": ("{card} отдаёт эту взятку соперникам, которые впереди на {gap}: у них будет"
                            " {after} из {target}; {best} её берёт"),
        "stop_rival_end": ("{card} отдаёт сопернику, который впереди на {gap}, взятку, которая кончает"
                           " роббер: вы его проигрываете; {best} её берёт"),
        "stop_rival_end_team": ("{card} отдаёт соперникам, которые впереди на {gap}, взятку, которая"
                                " кончает роббер: вы его проигрываете; {best} её берёт"),
        "stop_end": ("{card} отдаёт сопернику взятку, которая кончает роббер, когда вы отстаёте на {gap}:"
                     " вы его проигрываете; {best} её берёт"),
        "stop_end_team": ("{card} отдаёт соперникам взятку, которая кончает роббер, когда вы отстаёте на"
                          " {gap}: вы его проигрываете; {best} её берёт"),
        "let_rival_end": ("соперник взял бы эту взятку и кончил бы роббер, когда вы ведёте на {gap}, — это"
                          " ваша победа; {card} забирает взятку, а {best} её отдаёт"),
        "let_rival_end_team": ("соперники взяли бы эту взятку и кончили бы роббер, когда вы ведёте на {gap},"
                               " — это ваша победа; {card} забирает взятку, а {best} её отдаёт"),
        "solved": "решено точно: {said}",
        "end_lead": ("при лучшей игре у вас будет {best} из {target} и роббер кончится, когда вы ведёте на"
                     " {gap}, — вы его выигрываете; после вашего хода у вас будет {played}, и роббер"
                     " продолжится"),
        "end_trail": ("после вашего хода у вас будет {played} из {target} и роббер кончится, когда вы"
                      " отстаёте на {gap}, — вы его проигрываете; при лучшей игре у вас будет {best}, и"
                      " роббер продолжится"),
        "tricks_count_lead": ("сейчас важна каждая взятка: вы ведёте на {gap}, и до конца роббера вам не"
                              " хватает {need}"),
        "tricks_count_trail": ("сейчас важна каждая взятка: вы отстаёте на {gap}, и каждая ваша взятка"
                               " приближает конец, который вы проигрываете (у вас {tricks} из {target})"),
        "tricks_lead": "эта взятка важна: вы ведёте на {gap}, и до конца роббера вам не хватает {need}",
        "tricks_trail": ("лишняя взятка вредит: вы отстаёте на {gap}, и каждая ваша взятка приближает"
                         " конец, который вы проигрываете (у вас {tricks} из {target})"),
        "chance": "{best} сохраняет на {amount} больше шансов выиграть роббер",
        "chance_trump": "{best} сохраняют на {amount} больше шансов выиграть роббер",
        "no_difference": "разницы нет: {card} не хуже, чем {best}",
        "no_difference_level": ("разницы нет: очки равны, у каждой стороны {points}, а шлема уже не сделать —"
                                " в гонке пока никто не впереди"),
        "hint_last_trump": "{card} — старший из оставшихся козырей: он берёт взятку",
        "hint_last_high": "{card} — старшая из оставшихся карт {suit}: побить её может только козырь",
        "hint_sure": "она наверняка берёт эту взятку",
        "hint_lowest_trump": "{lower} берёт взятку так же верно, как {card}, а старший козырь остаётся у вас",
        "hint_partner": "взятку уже берёт {partner} партнёра: старшие карты лучше приберечь",
        "hint_cannot": "ни одна ваша карта не возьмёт эту взятку: идёт младшая",
        "hint_beats": "она бьёт {best} на столе",
        "hint_let_go": "она отдаёт эту взятку",
        "hint_low": "ваша младшая карта {suit}: старшие остаются на потом",
        "hint_only": "других карт ходить нельзя",
        "hint_suit": "карт {suit} ещё не вышло: {count}",
        "hint_trump_suit": "карт {suit} у вас {count} — больше, чем любой другой масти",
        "hint_trump_count": "карт {suit} у вас {count}",
        "hint_race_take": "вы ведёте на {gap}, и до конца роббера вам не хватает {need}: берите",
        "hint_race_duck": "вы отстаёте на {gap}, и до конца роббера вам не хватает {need}: избегайте взяток",
        "hint_race_stop": ("сопернику, который впереди на {gap}, до конца роббера не хватает {need}: не"
                           " отдавайте ему взяток"),
        "hint_race_stop_team": ("соперникам, которые впереди на {gap}, до конца роббера не хватает {need}: не"
                                " отдавайте им взяток"),
    },
}

# Russian forms (one, few, many) of what this game counts; "на 1 очко", "на 2 очка", "на 5 очков".
POINTS_RU = ("очко", "очка", "очков")
TRICKS_RU = ("взятка", "взятки", "взяток")
TRICKS_GEN_RU = ("взятки", "взяток", "взяток")  # after "не хватает", "из": 1 взятки, 2 взяток
CARDS_RU = ("карта", "карты", "карт")
# Suits by name: English singular ("the highest club"), plural; Russian genitive plural (карт треф).
SUIT_EN = (("spade", "spades"), ("heart", "hearts"), ("diamond", "diamonds"), ("club", "clubs"))
SUIT_RU = ("пик", "червей", "бубён", "треф")


def phrase(lang: str, key: str, **fields: Any) -> str:
    return PHRASES[lang][key].format(**fields)


def _forms(n: int, forms: tuple[str, str, str]) -> str:
    return f"{n} {forms[W.plural_form(n)]}"


def points(n: float, lang: str) -> str:
    """"17 points" / "17 очков" (whole points: the sheet writes no fractions)."""
    k = int(round(n))
    if lang == "ru":
        return _forms(k, POINTS_RU)
    return f"{k} point" if k == 1 else f"{k} points"


def tricks(n: int, lang: str, genitive: bool = False) -> str:
    """"2 tricks" / "2 взятки" (``genitive``, after "не хватает": "1 взятки", "2 взяток")."""
    if lang == "ru":
        return _forms(n, TRICKS_GEN_RU if genitive else TRICKS_RU)
    return f"{n} trick" if n == 1 else f"{n} tricks"


def cards_of(n: int, lang: str) -> str:
    """"3 cards" / "3 карты"."""
    if lang == "ru":
        return _forms(n, CARDS_RU)
    return f"{n} card" if n == 1 else f"{n} cards"


def suit_name(suit: int, lang: str, plural: bool = False) -> str:
    """"club"/"clubs" or "треф" (a genitive after "карт", "карта")."""
    if lang == "ru":
        return SUIT_RU[suit]
    return SUIT_EN[suit][1 if plural else 0]


def _agree_f(c: int) -> str:
    return "а" if W.rank_gender(c % 13) == "f" else ""


# -- reasons into clauses ----------------------------------------------------------------------------

def _high_trump(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "high_trump", card=W.card(r.card, lang), lower=W.card(r.lower, lang),
                   agree=_agree_f(r.lower))]


def _high_loser(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "high_loser", card=W.card(r.card, lang), lower=W.card(r.lower, lang))]


def _exact_tricks(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "exact_tricks", best=W.count(r.best, "trick", lang, True),
                   played=W.count(r.played, "trick", lang, True))]


def _over_partner(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "over_partner", card=W.card(r.card, lang), partner=W.card(r.partner, lang),
                   agree=_agree_f(r.partner))]


def _slam(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "slam_" + r.how, best=W.move_text(r.best, lang), move=W.move_text(r.move, lang))]


def _race_trick(r: Any, lang: str) -> list[str]:
    """The trick on the table moves the race: who takes it, where that puts them, who wants the end."""
    fields = {"card": W.card(r.card, lang), "best": W.card(r.best, lang), "target": r.target,
              "gap": points(r.gap, lang),
              "after": tricks(r.after, lang) if lang == "ru" else str(r.after)}
    key = r.how + ("_end" if r.after >= r.target and r.how != "stop_end" or r.how == "let_rival" else "")
    if r.team and r.how in ("stop_rival", "let_rival", "stop_end"):
        key += "_team"
    return [phrase(lang, key, **fields)]


def _race_tricks(r: Any, lang: str) -> list[str]:
    if not r.solved:
        key = "tricks_count_lead" if r.leading else "tricks_count_trail"
        return [phrase(lang, key, gap=points(r.gap, lang), need=tricks(r.need, lang, genitive=True),
                       tricks=r.tricks, target=r.target)]
    if r.leading:
        need = tricks(r.need, lang, genitive=True)
        return [phrase(lang, "tricks_lead", gap=points(r.gap, lang), need=need)]
    return [phrase(lang, "tricks_trail", gap=points(r.gap, lang), tricks=r.tricks, target=r.target)]


def _race_end(r: Any, lang: str) -> list[str]:
    def n(k: int) -> str:
        return tricks(k, lang) if lang == "ru" else str(k)

    said = phrase(lang, "end_lead" if r.leading else "end_trail", best=n(r.best), played=n(r.played),
                  target=r.target, gap=points(r.gap, lang))
    return [phrase(lang, "solved", said=said) if r.exact else said]


def _chance(r: Any, lang: str) -> list[str]:
    # "козыри ♦ сохраняют": a trump choice is plural in Russian, a card singular
    key = "chance" if isinstance(r.best, int) else "chance_trump"
    return [phrase(lang, key, best=W.move_text(r.best, lang), amount=W.percent(r.amount, lang))]


def _no_difference(r: Any, lang: str) -> list[str]:
    if r.why == "level":
        return [phrase(lang, "no_difference_level", points=points(r.points, lang))]
    return [phrase(lang, "no_difference", card=W.move_text(r.card, lang), best=W.move_text(r.best, lang))]


def _hint(r: Any, lang: str) -> list[str]:
    out = [_HINTS[r.how](r, lang)]
    if r.race is not None:
        out.append(_hint_race(r.race, lang))
    return out


def _hint_race(r: Any, lang: str) -> str:
    key = "hint_race_" + r.how + ("_team" if r.team and r.how == "stop" else "")
    return phrase(lang, key, gap=points(r.gap, lang), need=tricks(r.need, lang, genitive=True))


def _hint_card(key: str) -> Callable[[Any, str], str]:
    def render(r: Any, lang: str) -> str:
        suit = r.card // 13
        other = W.card(r.other, lang) if r.other >= 0 else ""
        return phrase(lang, key, card=W.card(r.card, lang), lower=other, partner=other, best=other,
                      suit=suit_name(suit, lang, plural=r.count != 1 and key == "hint_suit"),
                      count=cards_of(r.count, lang) if lang == "en" else str(r.count))
    return render


def _hint_trump(r: Any, lang: str) -> str:
    key = "hint_trump_suit" if r.how == "trump" else "hint_trump_count"
    if lang == "ru":
        return phrase(lang, key, suit=SUIT_RU[r.card], count=str(r.count))
    return phrase(lang, key, suit=f"{SUIT_EN[r.card][1]} {SUIT_SYMBOLS[r.card]}", count=r.count)


_HINTS: dict[str, Callable[[Any, str], str]] = {
    key: _hint_card("hint_" + key) for key in
    ("last_trump", "last_high", "sure", "partner", "cannot", "beats", "let_go", "low", "only", "suit")
}
_HINTS["lowest_trump"] = lambda r, lang: phrase(lang, "hint_lowest_trump", card=W.card(r.other, lang),
                                                 lower=W.card(r.card, lang))
_HINTS["trump"] = _hint_trump
_HINTS["trump_count"] = _hint_trump

RENDER: dict[str, Callable[[Any, str], list[str]]] = {
    "HighTrump": _high_trump, "HighLoser": _high_loser,
    "ExactTricks": _exact_tricks, "OverPartner": _over_partner, "Slam": _slam,
    "RaceTrick": _race_trick, "RaceTricks": _race_tricks, "RaceEnd": _race_end, "RaceChance": _chance,
    "NoDifference": _no_difference, "Hint": _hint,
}


def clauses(reason: Any, lang: str) -> list[str]:
    """The clauses of one Eralash reason in ``lang``."""
    render = RENDER.get(type(reason).__name__)
    return render(reason, lang) if render else []

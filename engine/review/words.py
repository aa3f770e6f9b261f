"""The coach's words: typed reasons (``engine.review.<game>.why``) into Russian and English.

One module for the command line and the app. Every phrase of a language is in its table below
(``PHRASES["en"]``, ``PHRASES["ru"]``); the grammar helpers beside them give Russian plurals
(1 карта / 2 карты / 5 карт), the gender of rank names (одна дама / один король), the decimal comma
and card names with suit symbols (the app colours the suits in text by itself).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.cards import RANK_INDEX, SUIT_SYMBOLS, cards

LANGS = ("en", "ru")

# Russian nouns: (one, few, many) — the forms after 1, after 2..4, after 5..20 (and 0).
NOUNS_RU: dict[str, tuple[str, str, str]] = {
    "card": ("карта", "карты", "карт"),
    "heart": ("карта червей", "карты червей", "карт червей"),
    "point": ("балл", "балла", "баллов"),  # Uragan's game points: баллы
    "trick": ("взятка", "взятки", "взяток"),
    "deal_point": ("балл за сдачу", "балла за сдачу", "баллов за сдачу"),
}
NOUNS_EN: dict[str, tuple[str, str]] = {
    "card": ("card", "cards"),
    "heart": ("heart", "hearts"),
    "point": ("point", "points"),
    "trick": ("trick", "tricks"),
    "deal_point": ("deal point", "deal points"),
}

# Rank names by rank index (0 = two .. 12 = Ace): nominative, genitive singular, nominative plural,
# and gender ("f" or "m") — what numerals and past-tense verbs agree with.
RANKS_RU: tuple[tuple[str, str, str, str], ...] = (
    ("двойка", "двойки", "двойки", "f"), ("тройка", "тройки", "тройки", "f"),
    ("четвёрка", "четвёрки", "четвёрки", "f"), ("пятёрка", "пятёрки", "пятёрки", "f"),
    ("шестёрка", "шестёрки", "шестёрки", "f"), ("семёрка", "семёрки", "семёрки", "f"),
    ("восьмёрка", "восьмёрки", "восьмёрки", "f"), ("девятка", "девятки", "девятки", "f"),
    ("десятка", "десятки", "десятки", "f"), ("валет", "валета", "валеты", "m"),
    ("дама", "дамы", "дамы", "f"), ("король", "короля", "короли", "m"), ("туз", "туза", "тузы", "m"),
)
RANKS_EN: tuple[tuple[str, str], ...] = (
    ("two", "twos"), ("three", "threes"), ("four", "fours"), ("five", "fives"), ("six", "sixes"),
    ("seven", "sevens"), ("eight", "eights"), ("nine", "nines"), ("ten", "tens"), ("Jack", "Jacks"),
    ("Queen", "Queens"), ("King", "Kings"), ("Ace", "Aces"),
)
# Numerals 1..4 by gender, and "both"; past tense of "to come out" (вышел / вышла / вышли).
NUMERALS_RU = {"m": ("один", "два", "три", "четыре"), "f": ("одна", "две", "три", "четыре")}
BOTH_RU = {"m": "оба", "f": "обе"}
YOUR_RU = {"m": "ваш", "f": "ваша"}
CAME_OUT_RU = {"m": "вышел", "f": "вышла", "pl": "вышли"}
NUMERALS_EN = ("one", "two", "three", "four")
SUIT_GENITIVE = {"en": ("spades", "hearts", "diamonds", "clubs"), "ru": ("пик", "червей", "бубён", "треф")}

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "trail": "{card} to the table",
        "take": "{card} taking {take}",
        "claim": "claiming",
        "let_stand": "letting it stand",
        "leaves_one": "{move} leaves {cards} on the table",
        "leaves": "{move} leaves {cards} = {total} on the table",
        "sweepers_seen": "{who} can sweep it: an uragan for your opponent",
        "sweepers_known": "your opponent holds {cards} and sweeps it: an uragan",
        "who_1": "the one unseen {rank}",
        "who_2": "both unseen {ranks}",
        "who_n": "{n} unseen {ranks}",
        "who_4": "any of the four {ranks}, none seen yet,",
        "sweep_missed": "your {card} could take the whole table, {cards}: an uragan, 1 point",
        "seven_missed": "your {card} could take the 7♥, a point by itself",
        "seven_home": "your 7♥ could take {take} and be safe in your pile, a point by itself",
        "seven_exposed": "{move} leaves the 7♥ on the table: {takers}",
        "seven_trailed": "trailing the 7♥ leaves it on the table: {takers}",
        "takers_known": "your opponent holds {cards} and takes it",
        "takers_sevens": "{who} can take it",
        "takers_seen": "{n} of the cards you have not seen can take it",
        "primiera_missed": ("{best} puts the {card} in your pile, the best primiera card of {suit}"
            " ({points})"),
        "primiera_given": ("{move} puts the {card}, a primiera card worth {points}, on the table for your"
            " opponent"),
        "count_cards": ("you have {yours} to your opponent's {theirs}; 21 take the point, and the better"
            " move takes {more} more"),
        "count_hearts": ("you have {yours} to your opponent's {theirs}; 6 take the point, and the better"
            " move takes {more} more"),
        "count_primiera": "primiera stands at {yours} to {theirs}; the better move raises yours to {after}",
        "bait": ("your opponent trailed the {card} though no rule made them, often a sign of holding another"
            " {rank}: {pct} of the hands they could hold have one"),
        "offer_heart": "trailing the {card} offers your opponent a heart; {best} does not",
        "offer_primiera": "trailing the {card} offers your opponent {points} in primiera; {best} offers less",
        "own_sum": "{move} breaks up {cards} = {total}, which your {card} could take whole",
        "breach_equal": "a card must take an equal card lying on the table",
        "breach_trail": "a card that can capture must not be trailed",
        "claimable": "{move} breaks a capture rule ({rule}): your opponent may claim it",
        "claimed_forced": "they claimed, and your {card} had to take {take}",
        "let_stood": "they let it stand",
        "answer_claimed": "the claim makes the {card} take {take}",
        "answer_let": "letting it stand gives your opponent {take}",
        "answer_seven_to_them": "the 7♥ goes to your opponent",
        "kept_if_let": "had you let it stand, the 7♥ would have stayed on the table for you",
        "kept_if_claimed": "had you claimed, the 7♥ would have stayed on the table for you",
        "still_out_1": "one {rank} is still out, the {cards}",
        "still_out_n": "{n} {ranks} are still out",
        "takers_none": "no card still out can take your {card}",
        "takers_none_retake": "no card still out can take your {card}, and your {retake} can take it back",
        "takers_only": "only the {cards} can take your {card}",
        "takers_many": "{n} cards still out can take your {card}",
        "it_none": "no card still out can take it",
        "it_none_retake": "no card still out can take it, and your {retake} can take it back",
        "it_only": "only the {cards} can take it",
        "it_many": "{n} cards still out can take it",
        "waits": "the {card} could wait: {count}, while {other}",
        "last_card": ("after {move} your last card in hand is the {card}, and it takes nothing on {table}:"
                      " unless your opponent's card gives it a capture, it will have to be trailed"),
        "last_card_empty": ("after {move} your last card in hand is the {card}, and the table is empty:"
                            " unless your opponent's card gives it a capture, it will have to be trailed"),
        "gives_seven": "{best} gives up the 7♥, but it pays off",
        "gives_sweep": "{best} gives up an uragan, but it pays off",
        "gives_seven_left": "{best} leaves the 7♥ on the table ({takers}), but it pays off",
        "gives_cards": "{best} takes {n} fewer, but it pays off",
        "on_table_take": "{best} puts {cards} in your pile{hearts}; {move} {theirs}",
        "on_table_hearts": ", {n} of them hearts",
        "takes_only": "takes only {n}",
        "takes_nothing": "takes nothing",
        "takes_cards": "takes {cards}",
        "on_table_trail": "{best}: {count}",
        "known_hand": "your opponent holds {cards}: the stock is empty, so every other card is seen",
        "solved": "solved exactly, on every line of best play: {diffs}",
        "solved_points": ("solved exactly: with best play the deal ends {b} after {best} but {p} after"
                          " {played}"),
        "solved_diff": "{what} is {owner_b} after {best} but {owner_p} after {played}",
        "solved_uragans_mine": "your uragans number {b} after {best} but {p} after {played}",
        "solved_uragans_theirs": "your opponent's uragans number {b} after {best} but {p} after {played}",
        "solved_decisive": "after {played}, for instance, your opponent's {card} takes {take}",
        "solved_decisive_sweep": ("after {played}, for instance, your opponent's {card} takes {take}: an"
                                  " uragan"),
        "solved_can_lose": "after {played} best play can give your opponent {what}",
        "solved_lead": "solved exactly: {what}",
        "solved_together_theirs": ("after {played} your opponent wins {what} on every line of best play,"
                                   " after {best} never all of them"),
        "solved_together_mine": ("after {best} you win {what} on every line of best play, after {played}"
                                 " never all of them"),
        "cat_cards": "the point for cards",
        "cat_hearts": "the point for hearts",
        "cat_seven": "the 7♥",
        "cat_primiera": "the primiera",
        "owner_mine": "yours",
        "owner_theirs": "your opponent's",
        "owner_nobody": "no one's",
        "owner_not_mine": "not yours",
        "owner_not_theirs": "not your opponent's",
        "owner_any": "anyone's",
        "and": " and ",
        "hint_solved": "solved exactly: on every line of best play you win {cats}{points}",
        "hint_solved_points": "solved exactly: with best play the deal ends {points}",
        "hint_solved_ends": ", and the deal ends {points}",
        "hint_takes": "it takes {cards}{hearts}",
        "safest": "; any other card you could trail is easier to take",
        "hint_home": "your 7♥ goes safe into your pile, a point by itself",
        "hint_claim": "the claim makes the {card} take {take}",
        "hint_let": "a claim would make the {card} take {forced}; as it stands it {takes}",
        "better_value": "{best} is worth {amount} more {unit} here",
        "better_chance": "{best} keeps {amount} more chance to win",
        "hint_safe": "it leaves nothing an unseen card can sweep",
        "hint_sweep": "it takes the whole table: an uragan, 1 point",
        "hint_seven": "it takes the 7♥, a point by itself",
        "hint_primiera": "it puts the {card} in your pile, the best primiera card of {suit} ({points})",
        "hint_trump": "the {lower} wins this trick as surely as the {card} and keeps the higher trump",
        "join": "; ",
        "end": ".",
        # both games
        "decided": "Nothing you could have done in this deal would have changed the result",
        # a value in tricks (``BetterValue`` with "tricks"; the Eralash coach says the race instead)
        "eralash_better": "{best} takes {amount} more {unit}",
        "e_play": "{card}",
        "e_trump": "naming {suit} trumps",
    },
    "ru": {
        "trail": "{card} на стол",
        "take": "{card} берёт {take}",
        "claim": "требование",
        "let_stand": "согласие оставить ход",
        "leaves_one": "после хода «{move}» на столе остаётся {cards}",
        "leaves": "после хода «{move}» на столе остаются {cards} = {total}",
        "sweepers_seen": "это ураган для {rank_gen}: {who}",
        "sweepers_known": "у соперника {cards}, и он забирает всё ураганом",
        "who_1": "{one} {rank} ещё не {came_out}",
        "who_2": "{both} {ranks} ещё не вышли",
        "who_n": "{n} {ranks} ещё не вышли",
        "who_4": "все четыре {ranks} ещё не вышли",
        "sweep_missed": "{your} {card} мог{agree} забрать весь стол, {cards}, — это ураган, 1 балл",
        "seven_missed": "{your} {card} мог{agree} взять 7♥ — это отдельный балл",
        "seven_home": "ваша 7♥ могла взять {take} и уйти в вашу стопку — это отдельный балл",
        "seven_exposed": "после «{move}» 7♥ остаётся на столе, а {takers}",
        "seven_trailed": "положив 7♥ на стол, вы подставляете её: {takers}",
        "takers_known": "у соперника {cards}",
        "takers_sevens": "{who}",
        "takers_seen": "взять её могут карты, которых вы ещё не видели: {n}",
        "primiera_missed": ("«{best}» кладёт в вашу стопку {card} — лучшую карту {suit} для премьеры"
            " ({points})"),
        "primiera_given": "«{move}» оставляет сопернику {card} — карту премьеры на {points}",
        "count_cards": ("у вас {yours}, у соперника {theirs}; балл берут 21, а лучший ход забирает"
            " на {more} больше"),
        "count_hearts": ("у вас {yours}, у соперника {theirs}; балл берут 6, а лучший ход забирает"
            " на {more} больше"),
        "count_primiera": "премьера {yours} против {theirs}; лучший ход поднимает вашу до {after}",
        "bait": ("соперник положил {card} на стол без нужды — часто это значит, что у него есть ещё"
            " {rank_one}: такая карта есть в {pct} рук, которые у него могут быть"),
        "offer_heart": "положив {card} на стол, вы подставляете сопернику карту червей, а «{best}» — нет",
        "offer_primiera": ("положив {card} на стол, вы подставляете сопернику {points} в премьере, а «{best}»"
                           " — меньше"),
        "own_sum": "«{move}» разбивает {cards} = {total}, которые целиком взял{agree} бы {your} {card}",
        "breach_equal": "карта должна взять равную ей карту со стола",
        "breach_trail": "карту, которая может взять, нельзя класть на стол",
        "claimable": "«{move}» нарушает правило взятия ({rule}): соперник может потребовать",
        "claimed_forced": "он потребовал, и {card} пришлось взять {take}",
        "let_stood": "он оставил ход как есть",
        "answer_claimed": "по требованию {card} берёт {take}",
        "answer_let": "если оставить ход, соперник получает {take}",
        "answer_seven_to_them": "7♥ уходит сопернику",
        "kept_if_let": "если бы вы оставили ход, 7♥ осталась бы на столе для вас",
        "kept_if_claimed": "если бы вы потребовали, 7♥ осталась бы на столе для вас",
        "still_out_1": "ещё не {came_out} {one} {rank}, {cards}",
        "still_out_n": "ещё не вышли {n} {ranks}",
        "takers_none": "{card} не возьмёт ни одна из невышедших карт",
        "takers_none_retake": ("{card} не возьмёт ни одна из невышедших карт, и {your} {retake} заберёт её"
                               " обратно"),
        "takers_only": "{card} {can} взять только {cards}",
        "takers_many": "{card} может взять любая из {n}",
        "it_none": "её не возьмёт ни одна из невышедших карт",
        "it_none_retake": "её не возьмёт ни одна из невышедших карт, и {your} {retake} заберёт её обратно",
        "it_only": "её {can} взять только {cards}",
        "it_many": "её может взять любая из {n}",
        "waits": "{card} лучше было придержать: {count}, а {other}",
        "last_card": ("после «{move}» на руке у вас останется только {card}, а на столе ({table}) ей нечего"
                      " взять: если карта соперника не даст ей взятку, её придётся положить на стол"),
        "last_card_empty": ("после «{move}» на руке у вас останется только {card}, а стол пуст: если карта"
                            " соперника не даст ей взятку, её придётся положить на стол"),
        "gives_seven": "«{best}» при этом отдаёт 7♥, но это окупается",
        "gives_sweep": "«{best}» при этом упускает ураган, но это окупается",
        "gives_seven_left": "«{best}» при этом оставляет на столе 7♥ ({takers}), но это окупается",
        "gives_cards": "«{best}» берёт на {n} меньше, но это окупается",
        "on_table_take": "«{best}» кладёт в вашу стопку {cards}{hearts}; «{move}» {theirs}",
        "on_table_hearts": ", из них червей: {n}",
        "takes_only": "берёт только {n}",
        "takes_nothing": "не берёт ничего",
        "takes_cards": "берёт {cards}",
        "on_table_trail": "«{best}»: {count}",
        "known_hand": "у соперника на руке {cards}: колода кончилась, и все остальные карты видны",
        "solved": "решено точно, при любой лучшей игре: {diffs}",
        "solved_points": ("решено точно: при лучшей игре сдача кончается {b} после «{best}», но {p} после"
                          " «{played}»"),
        "solved_diff": "{what} — {owner_b} после «{best}», но {owner_p} после «{played}»",
        "solved_uragans_mine": "ваших ураганов — {b} после «{best}», но {p} после «{played}»",
        "solved_uragans_theirs": "ураганов соперника — {b} после «{best}», но {p} после «{played}»",
        "solved_decisive": "например, после «{played}» {card} соперника берёт {take}",
        "solved_decisive_sweep": "например, после «{played}» {card} соперника берёт {take} — это ураган",
        "solved_can_lose": "после «{played}» при лучшей игре сопернику {can} достаться {what}",
        "solved_lead": "решено точно: {what}",
        "solved_together_theirs": ("после «{played}» при любой лучшей игре сопернику достаются {what},"
                                   " а после «{best}» — никогда все сразу"),
        "solved_together_mine": ("после «{best}» при любой лучшей игре вам достаются {what}, а после"
                                 " «{played}» — никогда все сразу"),
        "cat_cards": "балл за карты",
        "cat_hearts": "балл за черви",
        "cat_seven": "7♥",
        "cat_primiera": "премьера",
        "owner_mine": "за вами",
        "owner_theirs": "за соперником",
        "owner_nobody": "ни за кем",
        "owner_not_mine": "не за вами",
        "owner_not_theirs": "не за соперником",
        "owner_any": "за любым",
        "and": " и ",
        "hint_solved": "решено точно: при любой лучшей игре за вами {cats}{points}",
        "hint_solved_points": "решено точно: при лучшей игре сдача кончается {points}",
        "hint_solved_ends": ", а сдача кончается {points}",
        "hint_takes": "так вы берёте {cards}{hearts}",
        "safest": "; любую другую карту, которую можно положить, взять легче",
        "hint_home": "так 7♥ уходит в вашу стопку — это отдельный балл",
        "hint_claim": "по требованию {card} берёт {take}",
        "hint_let": "по требованию {card} взял{agree} бы {forced}, а так {takes}",
        "better_value": "«{best}» приносит здесь на {amount} больше",
        "better_chance": "«{best}» сохраняет на {amount} больше шансов на победу",
        "hint_safe": "так на столе не остаётся ничего для урагана соперника",
        "hint_sweep": "так вы забираете весь стол — ураган, 1 балл",
        "hint_seven": "так вы берёте 7♥ — это отдельный балл",
        "hint_primiera": "так в вашу стопку идёт {card} — лучшая карта {suit} для премьеры ({points})",
        "hint_trump": "{lower} берёт взятку так же верно, как {card}, а старший козырь остаётся у вас",
        "join": "; ",
        "end": ".",
        "decided": "Что бы вы ни сделали в этой сдаче, результат был бы тем же",
        "eralash_better": "«{best}» берёт на {amount} больше",
        "e_play": "{card}",
        "e_trump": "козыри {suit}",  # plural: its verbs agree (engine/review/eralash/words.py, chance_trump)
    },
}


def phrase(lang: str, key: str, **fields: Any) -> str:
    return PHRASES[lang][key].format(**fields)


def plural_form(n: int) -> int:
    """Which Russian form follows ``n``: 0 = one (1, 21, 101), 1 = few (2-4, 22-24), 2 = many."""
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


# The accusative after "на" ("на 1 карту больше") differs from the nominative only in the "one" form.
ONE_ACCUSATIVE_RU = {"card": "карту", "heart": "карту червей", "trick": "взятку"}


def count(n: int, noun: str, lang: str, accusative: bool = False) -> str:
    """"5 карт", "1 card": a whole number with its noun in the right form (``accusative``:
    "на 1 карту больше")."""
    if lang == "ru":
        form = plural_form(n)
        if accusative and form == 0:
            return f"{n} {ONE_ACCUSATIVE_RU.get(noun, NOUNS_RU[noun][0])}"
        return f"{n} {NOUNS_RU[noun][form]}"
    return f"{n} {NOUNS_EN[noun][0 if n == 1 else 1]}"


def noun(n: float, noun_key: str, lang: str) -> str:
    """The noun alone in the form a number ``n`` needs (a fraction takes the "few" form in Russian)."""
    if lang == "ru":
        forms = NOUNS_RU[noun_key]
        return forms[1] if n != int(n) else forms[plural_form(int(n))]
    return NOUNS_EN[noun_key][0 if n == 1 else 1]


def number(x: float, lang: str, places: int = 1) -> str:
    """A decimal in the language's way: "1,5" in Russian, "1.5" in English; never "-0.0"."""
    text = f"{x:.{places}f}"
    if float(text) == 0:
        text = f"{0:.{places}f}"
    return text.replace(".", ",") if lang == "ru" else text


def percent(x: float, lang: str) -> str:
    """A share 0..1 as "62 %" (Russian, with a space) or "62%"."""
    p = round(100 * x)
    return f"{p} %" if lang == "ru" else f"{p}%"


def card(c: int, lang: str) -> str:
    """"Д♠", "Q♠", "10♣"."""
    return RANK_INDEX[lang][c % 13] + SUIT_SYMBOLS[c // 13]


def card_list(mask_or_cards: int | Iterable[int], lang: str) -> str:
    """Cards separated by spaces, lowest first: "2♠ 3♠ 4♣"."""
    seq: Sequence[int] = (list(cards(mask_or_cards)) if isinstance(mask_or_cards, int)
                          else list(mask_or_cards))
    return " ".join(card(c, lang) for c in seq)


def rank_gender(rank: int) -> str:
    return RANKS_RU[rank][3]


def unseen_of_rank(rank: int, n: int, lang: str, all_four: bool = False) -> str:
    """Who among the unseen cards of one rank: "both unseen Queens" / "обе дамы ещё не вышли"."""
    if lang == "ru":
        nom, gen, pl, g = RANKS_RU[rank]
        if n == 1:
            return phrase("ru", "who_1", one=NUMERALS_RU[g][0], rank=nom, came_out=CAME_OUT_RU[g])
        if n == 4 and all_four:
            return phrase("ru", "who_4", ranks=gen)  # "все четыре короля": the genitive after четыре
        if n == 2:
            return phrase("ru", "who_2", both=BOTH_RU[g], ranks=gen)
        return phrase("ru", "who_n", n=NUMERALS_RU[g][n - 1], ranks=gen)
    one, many = RANKS_EN[rank]
    if n == 1:
        return phrase("en", "who_1", rank=one)
    if n == 4 and all_four:
        return phrase("en", "who_4", ranks=many)
    if n == 2:
        return phrase("en", "who_2", ranks=many)
    return phrase("en", "who_n", n=NUMERALS_EN[n - 1], ranks=many)


def sentence(parts: Sequence[str], lang: str) -> str:
    """Clauses joined into one sentence: the first letter capitalised, a full stop at the end."""
    text = PHRASES[lang]["join"].join(p for p in parts if p)
    if not text:
        return ""
    return text[0].upper() + text[1:] + PHRASES[lang]["end"]


# -- moves and reasons into words ----------------------------------------------------------------

def move_text(move: object, lang: str) -> str:
    """A move as a player reads it: "В♠ берёт 2♠ 3♠", "5♠ на стол", "Q♠", "naming ♥ trumps"."""
    kind = type(move).__name__
    if kind == "Claim":
        return phrase(lang, "claim")
    if kind == "LetStand":
        return phrase(lang, "let_stand")
    if kind == "ChooseTrump":
        return phrase(lang, "e_trump", suit=SUIT_SYMBOLS[move.suit])  # type: ignore[attr-defined]
    if isinstance(move, int):
        return card(move, lang)
    c, take = move.card, move.take  # type: ignore[attr-defined]
    if take:
        return phrase(lang, "take", card=card(c, lang), take=card_list(take, lang))
    return phrase(lang, "trail", card=card(c, lang))


def _rank_of_value(value: int) -> int:
    """The rank index of an Uragan card value (A = 1, 2..7, J = 8, Q = 9, K = 10)."""
    return 12 if value == 1 else value - 2 if value <= 7 else value + 1


def _sweep(r: Any, lang: str) -> list[str]:
    move = move_text(r.move, lang)
    key = "leaves_one" if r.table.bit_count() == 1 else "leaves"
    parts = [phrase(lang, key, move=move, cards=card_list(r.table, lang), total=r.total)]
    rank = _rank_of_value(r.value)
    if r.known:
        parts.append(phrase(lang, "sweepers_known", cards=card_list(r.sweepers, lang)))
    else:
        n = r.sweepers.bit_count()
        who = unseen_of_rank(rank, n, lang, all_four=True)
        parts.append(phrase(lang, "sweepers_seen", who=who, rank_gen=RANKS_RU[rank][1]))
    return parts


def _seven(r: Any, lang: str) -> list[str]:
    if r.how == "missed":
        return [phrase(lang, "seven_missed", **_your_card(r.best.card, lang))]
    if r.how == "home":  # the 7♥ itself captures: it is the card that goes safe
        return [phrase(lang, "seven_home", take=card_list(r.best.take, lang))]
    if r.known:
        takers = phrase(lang, "takers_known", cards=card_list(r.takers, lang))
    elif all(rank_of_card(c) == 5 for c in cards(r.takers)):
        takers = phrase(lang, "takers_sevens", who=unseen_of_rank(5, r.takers.bit_count(), lang))
    else:
        takers = phrase(lang, "takers_seen", n=r.takers.bit_count())
    return [phrase(lang, "seven_" + r.how, move=move_text(r.move, lang), takers=takers)]


def rank_of_card(c: int) -> int:
    return c % 13


def _primiera(r: Any, lang: str) -> list[str]:
    from engine.uragan.primiera import RANK_POINTS  # the points a card is worth in primiera

    points = RANK_POINTS[r.card % 13]
    if r.how == "missed":
        return [phrase(lang, "primiera_missed", best=move_text(r.best, lang), card=card(r.card, lang),
                       suit=SUIT_GENITIVE[lang][r.card // 13], points=points)]
    return [phrase(lang, "primiera_given", move=move_text(r.move, lang), card=card(r.card, lang),
                   points=points)]


def _category(r: Any, lang: str) -> list[str]:
    best = move_text(r.best, lang)
    if r.category == "primiera":
        return [phrase(lang, "count_primiera", yours=r.yours, theirs=r.theirs, best=best, after=r.after)]
    noun_key = "card" if r.category == "cards" else "heart"
    return [phrase(lang, "count_" + r.category, yours=count(r.yours, noun_key, lang),
                   theirs=count(r.theirs, noun_key, lang), more=count(r.more, noun_key, lang, True),
                   best=best)]


def _bait(r: Any, lang: str) -> list[str]:
    rank = r.card % 13
    one = RANKS_RU[rank][0] if lang == "ru" else RANKS_EN[rank][0]
    return [phrase(lang, "bait", card=card(r.card, lang), rank=one, rank_one=one,
                   pct=percent(r.chance, lang))]


def _own_sum(r: Any, lang: str) -> list[str]:
    g = rank_gender(r.card % 13)
    return [phrase(lang, "own_sum", move=move_text(r.move, lang), cards=card_list(r.sum_cards, lang),
                   total=r.total, card=card(r.card, lang), your=YOUR_RU[g], agree="а" if g == "f" else "")]


def _claimable(r: Any, lang: str) -> list[str]:
    rule = phrase(lang, "breach_equal" if r.rule == "equal" else "breach_trail")
    parts = [phrase(lang, "claimable", move=move_text(r.move, lang), rule=rule)]
    if r.claimed and r.forced is not None:
        parts.append(phrase(lang, "claimed_forced", card=card(r.move.card, lang),
                            take=card_list(r.forced, lang)))
    elif r.claimed is False:
        parts.append(phrase(lang, "let_stood"))
    return parts


def _claim_answer(r: Any, lang: str) -> list[str]:
    c = card(r.card, lang)
    if r.claimed:
        parts = [phrase(lang, "answer_claimed", card=c, take=card_list(r.forced, lang))]
    else:
        took = card_list(r.take, lang) if r.take else c
        parts = [phrase(lang, "answer_let", take=took)]
    if r.seven_kept:
        parts.append(phrase(lang, "kept_if_let" if r.claimed else "kept_if_claimed"))
    elif r.seven_to_them:
        parts.append(phrase(lang, "answer_seven_to_them"))
    return parts


def _better(r: Any, lang: str) -> list[str]:
    best = move_text(r.best, lang)
    if r.unit == "chance":
        return [phrase(lang, "better_chance", best=best, amount=percent(r.amount, lang))]
    key = "eralash_better" if r.unit == "tricks" else "better_value"
    noun_key = "trick" if r.unit == "tricks" else "point"
    if abs(r.amount - round(r.amount)) < 1e-9:  # an exact verdict's whole points or tricks
        n = int(round(r.amount))
        if lang == "en":
            unit = noun(n, "deal_point" if noun_key == "point" else "trick", lang)
            return [phrase(lang, key, best=best, amount=str(n), unit=unit)]
        return [phrase(lang, key, best=best, amount=count(n, noun_key, lang, True), unit="")]
    amount = f"{number(r.amount, lang)} {noun(0.5, noun_key, lang)}"  # "1,5 балла": a decimal
    if lang == "en":
        return [phrase(lang, key, best=best, amount=number(r.amount, lang),
                       unit=noun(2, "deal_point" if noun_key == "point" else "trick", lang))]
    return [phrase(lang, key, best=best, amount=amount, unit="")]


def _hint(reason: Any, lang: str) -> list[str] | None:
    """A hint's clause: what the hinted move itself does (it follows the move, so it names it not)."""
    from engine.uragan.primiera import RANK_POINTS

    kind = type(reason).__name__
    if kind == "TableLeft" and reason.move is None:
        return [phrase(lang, "hint_safe")]
    if kind == "SweepMissed":
        return [phrase(lang, "hint_sweep")]
    if kind == "SevenOfHearts" and reason.how == "missed":
        return [phrase(lang, "hint_seven")]
    if kind == "SevenOfHearts" and reason.how == "home":
        return [phrase(lang, "hint_home")]
    if kind == "SolvedHint":
        return [_solved_hint(reason, lang)]
    if kind == "Does":
        if reason.count is not None:
            return [_count(reason.count, lang, it=True)
                    + (PHRASES[lang]["safest"] if reason.safest else "")]
        return [phrase(lang, "hint_takes", cards=count(reason.took.bit_count(), "card", lang, True),
                       hearts=_hearts(reason.took, lang))]
    if kind == "ClaimAnswer":
        forced = card_list(reason.forced, lang)
        if reason.claimed:
            return [phrase(lang, "hint_claim", card=card(reason.card, lang), take=forced)]
        g = rank_gender(reason.card % 13)
        return [phrase(lang, "hint_let", card=card(reason.card, lang), forced=forced,
                       agree="а" if g == "f" else "",
                       takes=phrase(lang, "takes_cards", cards=card_list(reason.take, lang)) if reason.take
                       else PHRASES[lang]["takes_nothing"])]
    if kind == "PrimieraCard" and reason.how == "missed":
        return [phrase(lang, "hint_primiera", card=card(reason.card, lang),
                       suit=SUIT_GENITIVE[lang][reason.card // 13], points=RANK_POINTS[reason.card % 13])]
    if kind == "HighTrump":
        return [phrase(lang, "hint_trump", card=card(reason.card, lang), lower=card(reason.lower, lang))]
    return None


def _your_card(c: int, lang: str) -> dict[str, str]:
    """The fields "your {card} could" needs: ваш/ваша and мог/могла agree with the rank's gender."""
    g = rank_gender(c % 13)
    return {"card": card(c, lang), "your": YOUR_RU[g], "agree": "ла" if g == "f" else ""}


def _sweep_missed(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "sweep_missed", cards=card_list(r.best.take, lang), **_your_card(r.best.card, lang))]


def _offered(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "offer_" + r.what, move=move_text(r.move, lang), card=card(r.move.card, lang),
                   points=r.points, best=move_text(r.best, lang))]


def _hearts(took: int, lang: str) -> str:
    from engine.cards import HEARTS, SUIT_MASK

    n = (took & SUIT_MASK[HEARTS]).bit_count()
    return phrase(lang, "on_table_hearts", n=n) if n else ""


def _names(mask: int, lang: str) -> str:
    """"Q♥" or "Q♥ and K♠": one or two cards named in a clause."""
    return PHRASES[lang]["and"].join(card(c, lang) for c in cards(mask))


def _unseen_cards(n: int, lang: str) -> str:
    """"5 невышедших карт" after "любая из"; English says "{n} cards still out" itself."""
    if lang == "en":
        return str(n)
    return f"{n} невышедшей карты" if plural_form(n) == 0 else f"{n} невышедших карт"


def _count(t: Any, lang: str, it: bool = False) -> str:
    """What can take a card lying on the table: "only the Q♥ can take your Q♣", "no card still out
    can take it, and your J♥ can take it back" (``it``: the card is the clause's subject already)."""
    pre = "it_" if it else "takers_"
    c = card(t.card, lang)
    n = t.takers.bit_count()
    if not n:
        if t.retake >= 0:
            g = rank_gender(t.retake % 13)
            return phrase(lang, pre + "none_retake", card=c, retake=card(t.retake, lang), your=YOUR_RU[g])
        return phrase(lang, pre + "none", card=c)
    if n <= 2:
        return phrase(lang, pre + "only", card=c, cards=_names(t.takers, lang),
                      can="может" if n == 1 else "могут")
    return phrase(lang, pre + "many", card=c, n=_unseen_cards(n, lang))


def _still_out(t: Any, lang: str) -> str:
    """"three Kings are still out" / "ещё не вышли три короля" (the twins of a card)."""
    rank = t.card % 13
    n = t.twins.bit_count()
    if lang == "ru":
        nom, gen, _, g = RANKS_RU[rank]
        if n == 1:
            return phrase("ru", "still_out_1", came_out=CAME_OUT_RU[g], one=NUMERALS_RU[g][0], rank=nom,
                          cards=card_list(t.twins, lang))
        return phrase("ru", "still_out_n", n=NUMERALS_RU[g][n - 1], ranks=gen)
    one, many = RANKS_EN[rank]
    if n == 1:
        return phrase("en", "still_out_1", rank=one, cards=card_list(t.twins, lang))
    return phrase("en", "still_out_n", n=NUMERALS_EN[n - 1], ranks=many)


def _waits(r: Any, lang: str) -> list[str]:
    # its twins when they are all that can take it, else every card still out that can
    first = _still_out(r.kept, lang) if r.kept.twins and r.kept.twins == r.kept.takers \
        else _count(r.kept, lang, it=True)
    return [phrase(lang, "waits", card=card(r.move.card, lang), count=first, other=_count(r.trailed, lang))]


def _last_card(r: Any, lang: str) -> list[str]:
    key = "last_card" if r.table else "last_card_empty"
    return [phrase(lang, key, move=move_text(r.move, lang), card=card(r.card, lang),
                   table=card_list(r.table, lang))]


def _gives_up(r: Any, lang: str) -> list[str]:
    best, move = move_text(r.best, lang), move_text(r.move, lang)
    if r.what == "cards":
        return [phrase(lang, "gives_cards", best=best, n=count(r.n, "card", lang, True))]
    if r.what == "seven_left":
        n = r.takers.bit_count()
        takers = _names(r.takers, lang) if n <= 2 else phrase(lang, "it_many", n=_unseen_cards(n, lang))
        return [phrase(lang, "gives_seven_left", best=best, takers=takers)]
    return [phrase(lang, "gives_" + r.what, best=best, move=move)]


def _on_table(r: Any, lang: str) -> list[str]:
    best = move_text(r.best, lang)
    if r.count is not None:
        return [phrase(lang, "on_table_trail", best=best, count=_count(r.count, lang))]
    m = r.played_took.bit_count()
    theirs = (phrase(lang, "takes_only", n=count(m, "card", lang, True)) if m
              else PHRASES[lang]["takes_nothing"])
    return [phrase(lang, "on_table_take", best=best, cards=count(r.took.bit_count(), "card", lang, True),
                   hearts=_hearts(r.took, lang), move=move_text(r.move, lang), theirs=theirs)]


def _known_hand(r: Any, lang: str) -> list[str]:
    return [phrase(lang, "known_hand", cards=card_list(r.cards, lang))]


OWNERS = {frozenset([1]): "mine", frozenset([-1]): "theirs", frozenset([0]): "nobody",
          frozenset([0, -1]): "not_mine", frozenset([0, 1]): "not_theirs"}


def _owner(outcomes: Any, lang: str) -> str:
    return PHRASES[lang]["owner_" + OWNERS.get(frozenset(outcomes), "any")]


def _score(pair: tuple[int, int]) -> str:
    return f"{pair[0]}:{pair[1]}"


def _solved(r: Any, lang: str) -> list[str]:
    best, played = move_text(r.best, lang), move_text(r.move, lang)
    diffs = []
    for what, ob, op in r.diffs:
        if what.startswith("uragans"):
            diffs.append(phrase(lang, "solved_" + what, b=next(iter(ob)), p=next(iter(op)), best=best,
                                played=played))
            continue
        diffs.append(phrase(lang, "solved_diff", what=PHRASES[lang]["cat_" + what], owner_b=_owner(ob, lang),
                            owner_p=_owner(op, lang), best=best, played=played))
    extra = []
    if r.together:
        key = "solved_together_mine" if r.together_mine else "solved_together_theirs"
        extra.append(phrase(lang, key, best=best, played=played, what=_joined(r.together, lang)))
    if r.can_lose:
        extra.append(phrase(lang, "solved_can_lose", played=played, what=_joined(r.can_lose, lang),
                            can="может" if len(r.can_lose) == 1 else "могут"))
    if diffs:
        parts = [phrase(lang, "solved", diffs=PHRASES[lang]["join"].join(diffs)), *extra]
    elif r.points_best is not None and r.points_played is not None:
        parts = [phrase(lang, "solved_points", b=_score(r.points_best), p=_score(r.points_played), best=best,
                        played=played), *extra]
    elif extra:
        parts = [phrase(lang, "solved_lead", what=extra[0]), *extra[1:]]
    else:
        return []
    if r.decisive is not None:
        _, c, take, sweep = r.decisive
        parts.append(phrase(lang, "solved_decisive_sweep" if sweep else "solved_decisive", played=played,
                            card=card(c, lang), take=card_list(take, lang)))
    return parts


def _joined(categories: Sequence[str], lang: str) -> str:
    """"the 7♥, the primiera and the point for cards"."""
    names = [PHRASES[lang]["cat_" + c] for c in categories]
    return ", ".join(names[:-1]) + PHRASES[lang]["and"] + names[-1] if len(names) > 1 else names[0]


def _solved_hint(r: Any, lang: str) -> str:
    points = _score(r.points) if r.points is not None else ""
    if r.yours:
        cats = _joined(r.yours, lang)
        ends = phrase(lang, "hint_solved_ends", points=points) if points else ""
        return phrase(lang, "hint_solved", cats=cats, points=ends)
    return phrase(lang, "hint_solved_points", points=points)


_RENDER = {
    "Waits": _waits, "LastCard": _last_card, "GivesUp": _gives_up, "OnTable": _on_table,
    "KnownHand": _known_hand, "Solved": _solved,
    "TableLeft": _sweep, "SweepMissed": _sweep_missed,
    "SevenOfHearts": _seven, "PrimieraCard": _primiera, "CategoryCount": _category, "Bait": _bait,
    "OwnSum": _own_sum, "TrailOffered": _offered, "Claimable": _claimable, "ClaimAnswer": _claim_answer,
    "BetterValue": _better,
}


def clauses(reason: Any, lang: str) -> list[str]:
    """The clauses of one reason in ``lang`` (a reason type this module does not know: none)."""
    kind = type(reason).__name__
    if kind == "TableLeft" and reason.move is None:  # a hint's reason: said only after the move
        return _hint(reason, lang) or []
    render = _RENDER.get(kind) or _ERALASH.get(kind)
    if render is None and callable(getattr(reason, "said", None)):
        return list(reason.said(lang))
    return render(reason, lang) if render else []


def say(reasons: Sequence[Any], lang: str, most: int = 2) -> str:
    """The first ``most`` reasons as one sentence (or two, when the first is an exact verdict)."""
    parts: list[str] = []
    for r in reasons[:most]:
        parts.extend(clauses(r, lang))
    return sentence(parts, lang)


def say_hint(reasons: Sequence[Any]) -> dict[str, str] | None:
    """A hint's one line in both languages: a clause to follow the hinted move ("Hint: K♠ — it
    takes the whole table: an uragan, 1 point."), small first letter, a full stop at the end."""
    if not reasons:
        return None
    out = {}
    for lang in LANGS:
        parts = _hint(reasons[0], lang) or clauses(reasons[0], lang)
        if not parts:
            return None
        out[lang] = PHRASES[lang]["join"].join(parts) + PHRASES[lang]["end"]
    return out


def say_both(reasons: Sequence[Any], most: int = 2) -> dict[str, str] | None:
    """{"en": .., "ru": ..} of ``say``, or None when there are no reasons."""
    if not reasons:
        return None
    out = {lang: say(reasons, lang, most) for lang in LANGS}
    return out if all(out.values()) else None


# -- Eralash ---------------------------------------------------------------------------------------
# Eralash's sentences are engine/review/eralash/words.py's: its reasons say themselves (``said``).
# "Nothing you could have done" (``Decided``) is both games'.

_ERALASH = {
    "Decided": lambda r, lang: [phrase(lang, "decided")],
}

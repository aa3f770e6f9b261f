"""The words of illegal moves, both games: a key and its parameters, said in English or Russian.

``engine.state.IllegalMove(key, **params)`` carries the key and the parameters; ``sentence(key, params,
lang)`` here says them. Keys are named ``<game>.<rule>`` (``uragan.not_on_table``,
``eralash.follow_or_trump``); a parameter holds plain engine values, turned into words here:

- ``seat``: a seat number; ``move``: any move (shown with ``repr``);
- ``card``: a card (``{card}`` its display name in the language, ``{card_name}`` its record name ``10C``,
  ``{rank}``/``{a_rank}`` its rank word, the second with the English article);
- ``take``: the cards of a capture as a tuple, in the order they are said (``{take}`` / ``{take_name}``;
  ``{take_is}``: "is" or "are");
- ``choices``: several captures, each a tuple of cards (``{choices}``/``{choice_names}`` joined by
  commas, ``{choices_or}``/``{choice_names_or}`` by "or");
- ``led``, ``trump``: suits (``{led}``, ``{trump}``: their names); ``suits``: several suits joined by "or";
- ``kind``: a broken Uragan priority (``{breach}``: its sentence); any other parameter is shown as is.

``REASONS`` holds the short form a record error prints where it differs from the sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES, display, name

# key -> (English sentence, Russian sentence)
TEXTS: dict[str, tuple[str, str]] = {
    "other": ("{text}", "Этот ход не по правилам: {text}"),
    # --- Eralash ---
    "eralash.deal_over": ("The deal is over.", "Сдача окончена."),
    "eralash.robber_over": ("The robber is over.", "Роббер окончен."),
    "eralash.not_your_turn": ("It is not your turn.", "Сейчас не ваш ход."),
    "eralash.trump_first": ("Trump must be named before the first card.", "Сначала нужно назначить козыря."),
    "eralash.trump_choice": ("Trump must be {suits}.", "Козырем можно назначить только {suits}."),
    "eralash.trump_settled": ("Trump is already {trump}.", "Козырь уже назначен: {trump}."),
    "eralash.not_a_card": ("{move} is not a card.", "{move} — не карта."),
    "eralash.already_played": ("The {card} has already been played.", "{card} уже сыграна."),
    "eralash.not_held": ("You do not hold the {card}.", "У вас нет карты {card}."),
    "eralash.follow_trumps": ("You must follow trumps ({trump}).", "Нужно ходить козырем ({trump})."),
    "eralash.follow_or_trump": (
        "You must follow {led} or play a trump ({trump}).",
        "Нужно ходить в масть ({led}) или козырем ({trump}).",
    ),
    # --- Uragan ---
    "uragan.match_over": ("the match is over", "партия окончена"),
    "uragan.deal_over": ("the deal is over", "сдача окончена"),
    "uragan.not_a_play": ("not a play: card {card_value!r}, take {take_value!r}",
                          "это не ход: карта {card_value!r}, взятка {take_value!r}"),
    "uragan.not_in_deck": ("{card_name} is not in the Uragan deck (no 8s, 9s or 10s)",
                           "{card} нет в колоде Урагана (без восьмёрок, девяток и десяток)"),
    "uragan.not_in_hand": ("{card_name} is not in the hand", "{card} нет у вас в руке"),
    "uragan.not_on_table": ("{take_name} {take_is} not on the table", "{take} нет на столе"),
    "uragan.sum": ("{card_name} cannot take {take_name}: they add up to {total}, not {value}",
                   "{card} не может взять {take}: в сумме {total}, а не {value}"),
    "uragan.value": ("{card_name} cannot take {take_name}: it counts {total}, not {value}",
                     "{card} не может взять {take}: её значение {total}, а не {value}"),
    "uragan.breach_equal": ("{a_rank} must take a {rank} lying on the table",
                            "{card} должна брать карту равной стоимости ({choices_or})"),
    "uragan.breach_trail": ("{a_rank} that can capture must not be trailed",
                            "{card} может взять ({choices_or}), поэтому её нельзя выкладывать на стол"),
    "uragan.play_a_card": ("it is a turn to play a card, not to answer a claim",
                           "сейчас нужно сыграть карту, а не отвечать на претензию"),
    "uragan.answer_claim": ("{breach}: let the play stand or claim",
                            "{breach}: оставьте ход или потребуйте взятку"),
    "uragan.pick": ("the claim turns {card_name} into a capture: take one of {choice_names}",
                    "после претензии {card} должна взять: выберите {choices_or}"),
    "uragan.no_claims_strict": (
        "no claims are made with strict claims: a play that breaks a priority is illegal",
        "при строгих правилах претензий нет: ход, нарушающий очерёдность взятия, запрещён",
    ),
    "uragan.claim_cannot_capture": ("the claim is not legitimate: {card_name} could not capture anything",
                                    "претензия неправомерна: {card} ничего не могла взять"),
    "uragan.claim_no_breach_take": ("the claim is not legitimate: taking {take_name} broke no priority",
                                    "претензия неправомерна: взятие {take} не нарушило очерёдность"),
    "uragan.claim_no_breach_trail": ("the claim is not legitimate: trailing it broke no priority",
                                     "претензия неправомерна: карта выложена на стол по правилам"),
    "uragan.claim_other_take": (
        "the claim turns {card_name} into taking {choice_names_or}, not {take_name_or_trail}",
        "после претензии {card} берёт {choices_or}, а не {take_or_trail}",
    ),
}

# key -> the short form a record error prints (English), where it is not the sentence itself
REASONS: dict[str, str] = {
    "eralash.deal_over": "the deal is over",
    "eralash.robber_over": "the robber is over",
    "eralash.not_your_turn": "it is seat {seat}'s turn",
    "eralash.trump_first": "trump is not named yet",
    "eralash.trump_choice": "trump must be {suits}",
    "eralash.trump_settled": "trump is already settled",
    "eralash.not_a_card": "not a card",
    "eralash.already_played": "already played",
    "eralash.not_held": "seat {seat} does not hold {card_name}",
    "eralash.follow_trumps": "must follow trumps ({trump})",
    "eralash.follow_or_trump": "must follow {led} or play a trump",
}

_OR = {"en": " or ", "ru": " или "}


def _with_article(word: str) -> str:
    return ("An " if word[0].lower() in "aeiou" else "A ") + word


def _take(cards: Sequence[int], lang: str) -> str:
    return " + ".join(display(c, lang) for c in cards)


def _take_name(cards: Sequence[int]) -> str:
    return "+".join(name(c) for c in cards)


def fields(key: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The words a sentence's ``{…}`` fields take for ``params`` in ``lang`` (see the module's notes)."""
    out: dict[str, Any] = dict(params)
    out["move"] = repr(params.get("move"))
    card = params.get("card")
    if isinstance(card, int) and 0 <= card < 52:
        out["card"] = display(card, lang)
        out["card_name"] = name(card)
        out["rank"] = RANK_NAMES[lang][card % 13]
        out["a_rank"] = _with_article(RANK_NAMES["en"][card % 13])
    take = params.get("take")
    if isinstance(take, tuple):
        out["take"] = _take(take, lang)
        out["take_name"] = _take_name(take)
        out["take_is"] = "is" if len(take) == 1 else "are"
        out["take_name_or_trail"] = _take_name(take) if take else "a trail"
        out["take_or_trail"] = _take(take, lang) if take else ("a trail" if lang == "en" else "ход на стол")
    choices = params.get("choices")
    if isinstance(choices, tuple):
        out["choices"] = ", ".join(_take(t, lang) for t in choices)
        out["choice_names"] = ", ".join(_take_name(t) for t in choices)
        out["choices_or"] = _OR[lang].join(_take(t, lang) for t in choices)
        out["choice_names_or"] = " or ".join(_take_name(t) for t in choices)
    suits = SUIT_NAMES[lang]
    for k in ("led", "trump"):
        if isinstance(params.get(k), int):
            out[k] = suits[params[k]]
    if "suits" in params:
        out["suits"] = _OR[lang].join(suits[s] for s in params["suits"])
    if "kind" in params and key != f"uragan.breach_{params['kind']}":
        out["breach"] = sentence(f"uragan.breach_{params['kind']}", params, lang)
    return out


def sentence(key: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """The sentence of an illegal move in ``lang`` ("en", "ru"; any other: English)."""
    en, ru = TEXTS[key]
    return (ru if lang == "ru" else en).format(**fields(key, params, lang))


def reason(key: str, params: Mapping[str, Any]) -> str:
    """The short English form a record error prints (the sentence itself where there is none)."""
    short = REASONS.get(key)
    return sentence(key, params) if short is None else short.format(**fields(key, params, "en"))

"""What the Uragan table says about cards and moves: card and capture names, the reason a move is
refused (in the player's language), and seat names that follow the interface language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import cards as C
from engine.uragan.deck import VALUE
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from engine.uragan.claim import Breach

PLAY_PHASE, CLAIM_PHASE, PICK_PHASE = 0, 1, 2
CATEGORIES = ("cards", "hearts", "seven", "primiera", "uragans")


def card_text(card: int) -> str:
    return C.display(card, i18n.get_language())


def take_text(take: int) -> str:
    """Captured cards lowest value first: "3♣ + 4♦"."""
    return " + ".join(card_text(c) for c in sorted(C.cards(take), key=hand_order))


def hand_order(card: int) -> tuple[int, int]:
    return (VALUE[card], C.suit_of(card))


def _mask(cards: Iterable[int]) -> int:
    return sum(1 << c for c in cards)


def reason_words(key: str, params: Mapping[str, Any], breach_text: Callable[[Breach], str]) -> str | None:
    """The player's words for the rule the engine names by ``key`` with ``params`` (``engine.illegal``'s
    keys: a card, a capture as a tuple of cards, several captures as ``choices``); None for a key with no
    words of the table's own (the engine's sentence is said then)."""
    card = params.get("card", -1)
    choices = [_mask(c) for c in params.get("choices", ())]
    if key in ("uragan.deal_over", "uragan.match_over"):
        return t("uragan.reason.over")
    if key == "uragan.answer_claim":
        return t("uragan.reason.answer_claim")
    if key == "uragan.play_a_card":
        return t("uragan.reason.play_a_card")
    if key == "uragan.pick":
        return t("uragan.reason.pick", options=" / ".join(take_text(tk) for tk in choices))
    if key == "uragan.not_in_hand":
        return t("uragan.reason.not_in_hand", card=card_text(card))
    if key == "uragan.not_on_table":
        return t("uragan.reason.not_on_table", take=take_text(_mask(params.get("take", ()))))
    if key in ("uragan.sum", "uragan.value"):
        take = take_text(_mask(params.get("take", ())))
        total, value = params.get("total"), params.get("value")
        return t(f"uragan.reason.{key[7:]}", card=card_text(card), take=take, total=total, value=value)
    if key in ("uragan.breach_equal", "uragan.breach_trail"):
        from engine.uragan.claim import Breach

        return breach_text(Breach(key[14:], card, 0, tuple(choices)))
    return None


def default_name(i: int) -> str:
    """The i-th default seat name in the interface language (0 is the player)."""
    try:
        from game.store.settings import DEFAULT_NAMES
    except ImportError:
        DEFAULT_NAMES = {"en": ["You", "Svetlana", "Pavel"], "ru": ["Вы", "Светлана", "Павел"]}  # noqa: N806
    names = DEFAULT_NAMES.get(i18n.get_language(), DEFAULT_NAMES["en"])
    return names[i % len(names)]


def localised_name(name: str, i: int) -> str:
    """A default name left untouched follows the language ("You" becomes "Вы"); a chosen name stays."""
    try:
        from game.store.settings import DEFAULT_NAMES
    except ImportError:
        return name
    if any(i < len(v) and v[i] == name for v in DEFAULT_NAMES.values()):
        return default_name(i)
    from game.store.settings import BOT_NAMES

    here = BOT_NAMES.get(i18n.get_language(), BOT_NAMES["en"])
    for names in BOT_NAMES.values():  # a bot's default name in the other language: "Pavel" → "Павел"
        if name in names:
            return here[names.index(name)]
    return name

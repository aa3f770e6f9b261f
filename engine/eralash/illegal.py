"""Illegal Eralash moves: one error with a key and parameters, told as a sentence in English or Russian."""

from __future__ import annotations

from typing import Any

from engine.cards import SUIT_NAMES, display, name
from engine.state import IllegalMove

# key -> (English sentence, Russian sentence, short reason for record errors)
_TEXTS: dict[str, tuple[str, str, str]] = {
    "deal_over": ("The deal is over.", "Сдача окончена.", "the deal is over"),
    "robber_over": ("The robber is over.", "Роббер окончен.", "the robber is over"),
    "not_your_turn": ("It is not your turn.", "Сейчас не ваш ход.", "it is seat {seat}'s turn"),
    "trump_first": (
        "Trump must be named before the first card.",
        "Сначала нужно назначить козыря.",
        "trump is not named yet",
    ),
    "trump_choice": (
        "Trump must be {suits}.",
        "Козырем можно назначить только {suits}.",
        "trump must be {suits}",
    ),
    "trump_settled": (
        "Trump is already {trump}.",
        "Козырь уже назначен: {trump}.",
        "trump is already settled",
    ),
    "not_a_card": ("{move} is not a card.", "{move} — не карта.", "not a card"),
    "already_played": ("The {card} has already been played.", "{card} уже сыграна.", "already played"),
    "not_held": (
        "You do not hold the {card}.",
        "У вас нет карты {card}.",
        "seat {seat} does not hold {card_name}",
    ),
    "follow_trumps": (
        "You must follow trumps ({trump}).",
        "Нужно ходить козырем ({trump}).",
        "must follow trumps ({trump})",
    ),
    "follow_or_trump": (
        "You must follow {led} or play a trump ({trump}).",
        "Нужно ходить в масть ({led}) или козырем ({trump}).",
        "must follow {led} or play a trump",
    ),
}


class IllegalPlay(IllegalMove):
    """An illegal move: ``key`` names the rule, ``params`` its details (seat, card, led, trump, suits).

    ``str(err)`` is the English sentence; ``err.text("ru")`` the Russian one; ``err.reason`` the
    short form a record error prints (``must follow hearts or play a trump``).
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def _fields(self, lang: str) -> dict[str, Any]:
        p = self.params
        suits = SUIT_NAMES[lang]
        out: dict[str, Any] = {"seat": p.get("seat"), "move": repr(p.get("move"))}
        if "card" in p:
            out["card"] = display(p["card"], lang)
            out["card_name"] = name(p["card"])
        for k in ("led", "trump"):
            if k in p:
                out[k] = suits[p[k]]
        if "suits" in p:
            out["suits"] = (" или " if lang == "ru" else " or ").join(suits[s] for s in p["suits"])
        return out

    def text(self, lang: str = "en") -> str:
        en, ru, _ = _TEXTS[self.key]
        return (ru if lang == "ru" else en).format(**self._fields(lang))

    @property
    def reason(self) -> str:
        return _TEXTS[self.key][2].format(**self._fields("en"))

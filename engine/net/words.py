"""The few words the host says to a guest itself, in both languages (a move's refusal is the engine's)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "guest": {"en": "Guest", "ru": "Гость"},
    "not_a_move": {"en": "That is not a move of this game now.", "ru": "Сейчас такого хода в этой игре нет."},
}


def word(key: str, lang: str) -> str:
    entry = WORDS[key]
    return entry.get(lang, entry["en"])

"""Names shown at the tables: the bots' names and the player's default name follow the interface language."""

from __future__ import annotations

from game.words import i18n


def shown_name(name: str) -> str:
    """``name`` as the interface shows it now: a bot's name from ``BOT_NAMES`` / ``DEFAULT_NAMES`` in the
    current language ("Pavel" → "Павел" in Russian, and back), the untouched "You" / "Вы" likewise;
    any name the player chose stays as typed. Saves keep the name they were started with, so a game begun
    in one language reads right when continued in the other."""
    from game.store.settings import BOT_NAMES, DEFAULT_NAMES

    lang = i18n.get_language()
    for table in (DEFAULT_NAMES, BOT_NAMES):
        here = table.get(lang, table["en"])
        for names in table.values():
            if name in names:
                return here[names.index(name)]
    return name

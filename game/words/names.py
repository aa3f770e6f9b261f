"""Names shown at the tables: the bots' names and the player's default name follow the interface language."""

from __future__ import annotations

import functools

from game.words import i18n


def shown_name(name: str) -> str:
    """``name`` as the interface shows it now: a bot's name from ``BOT_NAMES`` / ``DEFAULT_NAMES`` in the
    current language ("Pavel" → "Павел" in Russian, and back), the untouched "You" / "Вы" likewise;
    any name the player chose stays as typed. Saves keep the name they were started with, so a game begun
    in one language reads right when continued in the other."""
    return _shown_name(name, i18n.get_language())


@functools.lru_cache(maxsize=512)  # the tables ask for every seat's name each frame
def _shown_name(name: str, lang: str) -> str:
    from game.store.settings import BOT_NAMES, DEFAULT_NAMES

    for table in (DEFAULT_NAMES, BOT_NAMES):
        here = table.get(lang, table["en"])
        for names in table.values():
            if name in names:
                return here[names.index(name)]
    return name

"""Who a sentence is about decides its words: Russian past-tense gender, English number, "you".

A catalog value for a sentence about a person is a dict of forms (``game/i18n/*.json``)::

    "table.winner": {"n": "Побеждает {name}", "m": "Выиграл {name}", "f": "Выиграла {name}",
                     "pl": "Выиграли {name}", "you": "Вы выиграли!"}

``n`` (neutral) is required and is what plain ``t(key)`` gives; the other forms fall back:
``you`` → ``pl`` → ``n``, and ``m``/``f``/``pl`` → ``n``. Russian neutral forms avoid the past tense
(present tense or a colon: "Побеждает Маша", "Маша: ход не по правилу"), never "сыграл(а)".

Which form a seat takes: a bot by its name's gender (``NAME_GENDERS`` in ``game.store.settings``, next to the
names), the player by the "player_gender" setting, or ``you`` while the player keeps the default name
("Вы"/"You"); partners in pairs take ``pl``. Use ``say(key, form, **fields)``; tables have
``TableScene.form(seat)`` (and Eralash ``side_form(side)``) to pick the form.
"""

from __future__ import annotations

from typing import Any

from game.words import i18n

_FALLBACK = {"you": ("you", "pl", "n"), "pl": ("pl", "n"), "m": ("m", "n"), "f": ("f", "n"), "n": ("n",)}
_SETTING_FORM = {"neutral": "n", "masculine": "m", "feminine": "f"}


def name_gender(name: str) -> str:
    """``m`` or ``f`` for a name the salon knows (its bots' names), else ``n``."""
    from game.store.settings import NAME_GENDERS

    return NAME_GENDERS.get(name.strip(), "n")


def is_default_player_name(name: str) -> bool:
    """The untouched player name ("Вы" / "You") in any language."""
    from game.store.settings import DEFAULT_NAMES

    return any(name == names[0] for names in DEFAULT_NAMES.values())


def player_form(name: str, gender: str | None) -> str:
    """The player's form: ``you`` under the default name, else the chosen gender (neutral by default)."""
    if is_default_player_name(name):
        return "you"
    return _SETTING_FORM.get(gender or "neutral", "n")


def seat_form(name: str, *, player: bool, gender: str | None = None) -> str:
    """The form for a seat: the player by ``gender`` (the setting), a bot by its name."""
    return player_form(name, gender) if player else name_gender(name)


def pick(value: Any, form: str) -> str:
    """The text of ``form`` in a catalog value (a plain string is the same for every form)."""
    if isinstance(value, str):
        return value
    for f in _FALLBACK.get(form, ("n",)):
        if f in value:
            return str(value[f])
    return str(value.get("n") or next(iter(value.values())))


def say(key: str, form: str, **kwargs: Any) -> str:
    """``say("table.winner", "f", name="Светлана")`` → "Выиграла Светлана"; the key itself if missing."""
    value = i18n.lookup(key)
    if value is None:
        return key
    text = pick(value, form)
    return text.format(**kwargs) if kwargs else text

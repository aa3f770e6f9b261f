"""The long-name pass of ``salon --smoke``: every seat named with the longest name allowed
(``MAX_NAME`` characters, wide letters), then the screens that show names visited again: both tables,
both sheets and the ends of a game, the review panel, New game. The wide-name pass does the same with
names as wide and tall as a hand-edited ``settings.json`` can make them (fitted: shrunk, then cut "…").

Registered by importing this module from ``game.checks.smoke`` (after the other visits); its screens are
named "long names: …" and "wide names: …".
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from game.checks.tour import Smoke, visit

if TYPE_CHECKING:
    from game.app import App

# Real-looking names of exactly MAX_NAME characters, wide letters first (Ш, Щ, Ж, M, W).
LONG_NAMES = {
    "ru": ["Константин Шереметев", "Маргарита Шаповалова", "Владислава Жемчужина", "Ярославна Мещерякова"],
    "en": ["Maximilian Wolkowski", "Alexandra Verylongna", "Wilhelmina Mortimers", "Montgomery Whitfield"],
}


def long_names(lang: str) -> list[str]:
    """Four seat names of the longest length a name may have, in ``lang``."""
    from game.store.settings import MAX_NAME

    names = LONG_NAMES.get(lang, LONG_NAMES["en"])
    assert all(len(n) == MAX_NAME for n in names), "a long name is not MAX_NAME characters"
    return names


def wide_names() -> list[str]:
    """Four seat names as wide and tall as the cleaning lets through (``settings.json`` is hand-edited):
    ``MAX_NAME`` W's, a letter under a stack of accents, wide letters each under a stack."""
    from game.store.settings import MAX_NAME
    from game.words.safe import clean_name

    stacked = "\u0308\u0301\u0303" * 7  # 21 combining marks; the cleaning keeps what it keeps
    return [
        "W" * MAX_NAME,
        clean_name("Ш" + stacked[:19]),
        clean_name(("W" + stacked[:19]) * MAX_NAME),
        "Ж" * MAX_NAME,
    ]


@contextlib.contextmanager
def named_long(app: App, names: list[str] | None = None) -> Iterator[None]:
    """Every seat of both games named long (``long_names`` unless ``names``), for the time of the block
    (never saved)."""
    from game.words import i18n

    settings = app.settings
    keys = ("player_name", "eralash", "uragan")
    before = {k: copy.deepcopy(settings.get(k)) for k in keys}
    names = names or long_names(i18n.get_language())
    changes: dict[str, Any] = {"player_name": names[0]}
    for game in ("eralash", "uragan"):
        setup = copy.deepcopy(before[game])
        setup["names"] = names[1 : 1 + len(setup.get("names") or names[1:])]
        changes[game] = setup
    settings.update(changes, save=False)
    try:
        yield
    finally:
        settings.update(before, save=False)


@visit("long names")
def _long_names(s: Smoke) -> None:
    from game.words import i18n

    _named_pass(s, long_names(i18n.get_language()), "long names: ")


@visit("wide names")
def _wide_names(s: Smoke) -> None:
    _named_pass(s, wide_names(), "wide names: ")


def _named_pass(s: Smoke, names: list[str], label: str) -> None:
    from game.checks import smoke_coach
    from game.checks.tour import PARTS, VISITS

    visits = dict(VISITS)
    s.app.toast = None  # the last visit's notice (a bad record's reason) has been read

    def record_renamed(s: Smoke) -> None:
        s.app.toast = None  # the saved record's notice read
        smoke_coach._from_record(s, names)

    passes = (
        visits["new game"],
        visits["Uragan end of game"],
        visits["Eralash table, 4 players"],
        PARTS["Eralash pairs to the end"],
        smoke_coach._from_sheet,
        record_renamed,
    )
    with named_long(s.app, names), s.labelled(label):
        for fn in passes:
            fn(s)

"""The app's scenes and how to open them: the menu, the tables, and the other helpers' screens.

``SCREENS`` maps a menu entry to ``module:Class``; a screen whose module is not there yet is shown
disabled in the menu. Each screen class is constructed as ``Class(app)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

SCREENS: dict[str, str] = {
    "settings": "game.menus.settings_screen:SettingsScene",
    "rules": "game.menus.rules_screen:RulesScene",
    "stats": "game.menus.stats_screen:StatsScene",
    "about": "game.menus.about_screen:AboutScene",
    "host": "game.people.host_screen:HostScene",
    "join": "game.people.join_screen:JoinScene",
}

TABLES: dict[str, str] = {
    "uragan": "game.uragan.table:UraganTable",
    "eralash": "game.eralash.table:EralashTable",
}

# What the menus show of each game, from the game's own folder (``GameSetup``; see ``game_setup``).
SETUPS: dict[str, str] = {
    "uragan": "game.uragan.setup:SETUP",
    "eralash": "game.eralash.setup:SETUP",
}

if TYPE_CHECKING:
    from game.app import App


def load(target: str) -> Any:
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


@dataclass(frozen=True)
class GameSetup:
    """One game's part of the menus: its New game rows and table, its Statistics and Rules extras.

    ``option_rows(scene, y)`` lays the game's rows of the New game dialog out under ``y`` (returning
    the next free ``y``); ``engine_options(options, players)`` fits the remembered choices to the seats
    taken; ``open(app, options, players, names, levels, seed)`` pushes the new table."""

    rows: tuple[int, int]  # the New game dialog's option rows and their one-line explanations
    option_rows: Callable[[Any, int], int]
    engine_options: Callable[[dict[str, Any], int], dict[str, Any]]
    open: Callable[..., Any]
    stats_special: str  # the Statistics column of the game's own feat: "doubles", "slams"
    stats_by_table: bool = False  # the Statistics sheet also shows its rows by table (2, 3, 4, pairs)
    example: bool = False  # the Rules screen offers "Watch the example"


def game_setup(game: str) -> GameSetup:
    """The menus' part of ``game`` (``SETUPS``), loaded when first asked for."""
    setup: GameSetup = load(SETUPS[game])
    return setup


def screen_available(name: str) -> bool:
    return name in SCREENS


def table_available(game: str) -> bool:
    """Does the app have a table for ``game`` (every game of ``engine.games`` has one)?"""
    return game in TABLES


def open_new_game(app: App) -> Any:
    """The New-game options, on the game last played: after a match ends, "New game" asks again
    rather than dealing the old settings at once."""
    scene = load("game.menus.new_game:NewGameScene")(app)
    app.stack.push(scene)
    return scene


def open_screen(app: App, name: str) -> None:
    app.stack.push(load(SCREENS[name])(app))


def open_table(
    app: App,
    game: str,
    *,
    demo: bool = False,
    seed: int | None = None,
    level: str | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """Start a new game of ``game`` (or a bot-only demo) and push its table."""
    table_cls = load(TABLES[game])
    scene = table_cls.new_game(app, demo=demo, seed=seed, level=level, options=options)
    if not demo:
        remember_game(app, game)
    app.stack.push(scene)
    return scene


def remember_game(app: App, game: str) -> None:
    """The game last played: the Rules screen and the New game dialog open on it next time."""
    app.settings.set("last_game", game)


# The files a table hosted or a seat taken leave in the data folder (``game.people.net``'s
# HOSTED_FILE and JOINED_FILE; a test keeps them the same).
PEOPLE_FILES = ("hosted.json", "joined.json")


def hosted_to_continue(app: App) -> bool:
    """A table this app hosted to host again, or a seat at another's to take back (``game.people``)?
    The people's modules (asyncio, ssl and OpenSSL: 8 MB) are loaded only when one of their files is
    there: the menu asks this whenever it is built."""
    store = app.store
    if store is None:
        return False
    from pathlib import Path

    if not any((Path(store.folder) / name).is_file() for name in PEOPLE_FILES):
        return False
    return bool(load("game.people.host_screen:people_to_continue")(app))


def continue_game(app: App) -> Any | None:
    """Push the table of the saved game, exactly where it was; None if there is none."""
    from game.store.saves import Session

    if app.store is None:
        return None
    session = Session.resume(app.store)
    if session is None:  # a table this app hosted is hosted again, or a seat taken back (game.people)
        return load("game.people.host_screen:rehost")(app)
    table_cls = load(TABLES[session.game])
    scene = table_cls.from_session(app, session)
    remember_game(app, session.game)
    app.stack.push(scene)
    return scene

"""Uragan in the menus: its rows of the New game dialog, its table opened from there, and its extras
on the Statistics and Rules screens (``game.screens.GameSetup``, found by the game's name in
``game.screens.SETUPS``). ``scene`` is the New game dialog (``game.menus.new_game.NewGameScene``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.screens import GameSetup
from game.screens import open_table as open_game
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

TARGETS = (11, 16, 21)  # the game's point targets offered


def engine_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Every remembered option fits the one table of two."""
    return dict(options)


def option_rows(scene: Any, y: int) -> int:
    """Uragan's rows of the New game dialog: the opponent, claims, primiera, target."""
    y = scene.level_row(y, 1, t("newgame.seat.opposite"))
    claims = scene.option("claims", "book")
    y = scene.choice_row(
        y,
        "claims",
        t("uragan.option.claims"),
        [
            ("claims_book", t("uragan.option.claims.book")),
            ("claims_strict", t("uragan.option.claims.strict")),
        ],
        f"claims_{claims}",
        t(f"uragan.option.claims.{claims}.about"),
    )
    allsuits = bool(scene.option("primiera_all_suits", True))
    y = scene.choice_row(
        y,
        "primiera",
        t("newgame.primiera"),
        [("primiera_yes", t("common.yes")), ("primiera_no", t("common.no"))],
        "primiera_yes" if allsuits else "primiera_no",
        t("newgame.primiera.about"),
    )
    return scene.target_row(y, TARGETS, 16, "newgame.target.points")


def open_table(app: App, options: dict[str, Any], players: int, names: list[str], levels: list[str],
               seed: int | None) -> None:
    """Push a new Uragan table against the dialog's opponent."""
    open_game(app, "uragan", level=levels[0], options=options, seed=seed)


SETUP = GameSetup(rows=(5, 4), option_rows=option_rows, engine_options=engine_options, open=open_table,
                  stats_special="doubles")

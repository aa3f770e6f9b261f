"""Eralash in the menus: its rows of the New game dialog, its table opened from there, and its extras
on the Statistics and Rules screens (``game.screens.GameSetup``, found by the game's name in
``game.screens.SETUPS``). ``scene`` is the New game dialog (``game.menus.new_game.NewGameScene``).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from game.screens import GameSetup
from game.words.i18n import plural, t

if TYPE_CHECKING:
    from game.app import App

TARGETS = (7, 13, 21)  # the robber's trick targets offered


def engine_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Pairs need four players, a short deal fewer than four."""
    o = dict(options)
    if players != 4:
        o["pairs"] = False
    if players == 4:
        o["short_deal"] = False
    return o


def seat_label(seat: int, n: int, pairs: bool) -> str:
    """An opponent's row named from your own seat: left, opposite, right (and who is your partner)."""
    where = {2: ["opposite"], 3: ["left", "right"], 4: ["left", "opposite", "right"]}[n][seat - 1]
    if pairs:
        return t("newgame.seat.partner" if where == "opposite" else f"newgame.seat.{where}")
    return t(f"newgame.seat.{where}")


def option_rows(scene: Any, y: int) -> int:
    """Eralash's rows of the New game dialog: players, pairs, the opponents, runs, deal, Aces, target."""
    n = scene.players()
    pairs = bool(scene.option("pairs", False)) and n == 4
    y = scene.choice_row(
        y,
        "players",
        t("newgame.players"),
        [(f"players_{k}", str(k)) for k in (2, 3, 4)],
        f"players_{n}",
        t("newgame.players.about"),
    )
    y = scene.choice_row(
        y,
        "pairs",
        t("newgame.pairs"),
        [("pairs_no", t("newgame.pairs.no")), ("pairs_yes", t("newgame.pairs.yes"))],
        "pairs_yes" if pairs else "pairs_no",
        t("newgame.pairs.about"),
        enabled=n == 4,
    )
    for seat in range(1, n):  # one row per opponent, no gap where a seat is empty
        y = scene.level_row(y, seat, seat_label(seat, n, pairs))
    y = scene.choice_row(
        y,
        "classic",
        t("newgame.classic_runs"),
        [("classic_no", t("newgame.classic_runs.no")), ("classic_yes", t("newgame.classic_runs.yes"))],
        "classic_yes" if scene.option("classic_runs", False) else "classic_no",
        t("newgame.classic_runs.about"),
    )
    short = bool(scene.option("short_deal", False)) and n < 4
    y = scene.choice_row(
        y,
        "short",
        t("newgame.short_deal"),
        [("short_no", t("newgame.short_deal.no")), ("short_yes", t("newgame.short_deal.yes"))],
        "short_yes" if short else "short_no",
        t("newgame.short_deal.about"),
        enabled=n < 4,
    )
    y = aces_row(scene, y)
    y = scene.target_row(y, TARGETS, 13, "eralash.n_tricks")
    return one_deal_note(scene, y, n)


def one_deal_note(scene: Any, y: int, n: int) -> int:
    """Said when the choices make every robber one deal long (2 players with the whole pack)."""
    from engine.eralash import Options

    try:
        options = Options.from_dict(scene.engine_options())
    except (ValueError, TypeError):
        return y
    if not options.one_deal(n):
        return y
    tricks = options.hand_size(n)
    words = t("newgame.one_deal", tricks=plural(tricks, "eralash.n_tricks"), target=options.target)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        UILabel(pygame.Rect(30, y, scene.inner, scene.row_h), words, scene.app.ui, container=scene.panel,
                object_id="#notice")
    return y + scene.row_h + scene.gap


def aces_row(scene: Any, y: int) -> int:
    """The points for three and for four Aces: two number fields, and the explanation under them."""
    ui = scene.app.ui
    x0 = 30 + scene.label_w
    UILabel(
        pygame.Rect(30, y, scene.label_w - 10, scene.row_h),
        t("newgame.aces"),
        ui,
        container=scene.panel,
        object_id="#option_label",
    )
    aces = scene.option("aces", {"3": 30, "4": 60})
    x = x0
    for k in ("3", "4"):
        lab = UILabel(
            pygame.Rect(x, y, 120, scene.row_h), t(f"newgame.aces.{k}"), ui, container=scene.panel
        )
        x += lab.rect.width + 4
        entry = UITextEntryLine(
            pygame.Rect(x, y, 80, scene.row_h),
            ui,
            container=scene.panel,
            initial_text=str(aces.get(k, 30 if k == "3" else 60)),
            object_id=f"#aces{k}",
        )
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(3)
        scene.entries[f"aces{k}"] = entry
        x += 100
    y += scene.row_h
    scene.about(y, t("newgame.aces.about"))
    return y + scene.about_h + scene.gap


def open_table(app: App, options: dict[str, Any], players: int, names: list[str], levels: list[str],
               seed: int | None) -> None:
    """Push a new Eralash table with the dialog's seats."""
    from game.eralash.table import EralashTable

    table = EralashTable.new_game(app, options=options, players=players, names=names, levels=levels,
                                  seed=seed)
    app.stack.push(table)


SETUP = GameSetup(rows=(10, 7), option_rows=option_rows, engine_options=engine_options, open=open_table,
                  stats_special="slams", stats_by_table=True, example=True)

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


def robber_span(options: Any, n: int) -> tuple[int, int]:
    """The fewest and the most deals a robber can last without a slam: the fewest in which a side could
    reach the target (taking all but one trick of each deal), the most by which one side must have.
    Equal, and card play decides nothing but slams: the runs and Aces dealt decide the robber."""
    per_deal = options.hand_size(n)
    sides = options.sides(n)
    target = options.target
    fewest = -(-target // max(1, per_deal - 1))
    most = -(-(sides * (target - 1) + 1) // per_deal)
    return fewest, max(fewest, most)


RECOMMENDED_FOR_TWO = {"short_deal": True, "target": 21}  # two to four deals, the race decides in them


def one_deal_note(scene: Any, y: int, n: int) -> int:
    """What the choices make of a robber, said plainly where it matters: a robber of a fixed length
    (card play then decides only slams), or, for two, how long it lasts; and for two the form
    recommended when another is chosen (docs/rules.md, Eralash 2 and 9)."""
    from engine.eralash import Options

    try:
        options = Options.from_dict(scene.engine_options())
    except (ValueError, TypeError):
        return y
    if n == 4:
        return y  # every row of the dialog is taken; four players' robbers are raced at every target
    fewest, most = robber_span(options, n)
    if fewest == most == 1:
        words = t("eralash.setup.form.one_deal")
    elif fewest == most:
        words = t("eralash.setup.form.fixed", deals=plural(most, "eralash.n_deals"))
    elif n == 2:
        words = t("eralash.setup.form.race", fewest=fewest, most=most)
    else:
        return y
    lines = [(words, "#notice")]
    chosen = {"short_deal": options.short_deal, "target": options.target}
    if n == 2 and chosen != RECOMMENDED_FOR_TWO:
        lines.append((t("eralash.setup.recommend.two"), "#about"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for line, look in lines:
            if scene.app.text.scale != 1.0:  # a larger text size: the line in a smaller size if it must
                font = scene.app.ui.get_theme().get_font([look, "label"])
                if font.size(line)[0] > scene.inner - 12:
                    look = "#about_small"
            UILabel(pygame.Rect(30, y, scene.inner, scene.row_h), line, scene.app.ui, container=scene.panel,
                    object_id=look)
            y += scene.row_h
    return y + scene.gap


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
            pygame.Rect(x, y, scene.app.text.px(120), scene.row_h), t(f"newgame.aces.{k}"), ui,
            container=scene.panel
        )
        x += lab.rect.width + 4
        entry = UITextEntryLine(
            pygame.Rect(x, y, scene.app.text.px(80), scene.row_h),
            ui,
            container=scene.panel,
            initial_text=str(aces.get(k, 30 if k == "3" else 60)),
            object_id=f"#aces{k}",
        )
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(3)
        scene.entries[f"aces{k}"] = entry
        scene.focus.add_field(f"aces{k}", t(f"newgame.aces.{k}").rstrip(":"), entry)
        x += scene.app.text.px(100)
    y += scene.row_h
    return y + scene.about(y, t("newgame.aces.about")) + scene.gap


def open_table(app: App, options: dict[str, Any], players: int, names: list[str], levels: list[str],
               seed: int | None) -> None:
    """Push a new Eralash table with the dialog's seats."""
    from game.eralash.table import EralashTable

    table = EralashTable.new_game(app, options=options, players=players, names=names, levels=levels,
                                  seed=seed)
    app.stack.push(table)


SETUP = GameSetup(rows=(10, 7), option_rows=option_rows, engine_options=engine_options, open=open_table,
                  stats_special="slams", stats_by_table=True, example=True)

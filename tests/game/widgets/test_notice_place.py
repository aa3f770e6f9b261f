"""The notice (a record saved, a bad record) lies for seconds over the screen: it goes where it covers
no card, control or word, moves when a card comes to lie under it, and the layout check catches one
that covers something."""

from __future__ import annotations

from typing import Any

import pygame
from helpers import frames

from game.checks.layout_check import check_app, collect, toast_problems
from game.widgets.toast import free_spot

LONG = "Record saved: /home/someone/Documents/Salon/uragan-2026-11-30-1719.json"


def test_free_spot_is_clear_and_nearest_the_preferred_point():
    taken = [pygame.Rect(0, 0, 400, 100), pygame.Rect(500, 0, 300, 100)]
    spot = free_spot((800, 600), (200, 50), taken, (400, 10))
    assert spot is not None and spot.collidelist(taken) == -1
    assert spot.y >= 100 and abs(spot.centerx - 400) <= 10  # straight below the gap it cannot use
    assert free_spot((800, 600), (200, 50), [pygame.Rect(0, 0, 800, 600)], (400, 10)) is None


def notice_boxes(app):
    rect = app.toast_rect()
    assert rect is not None
    return [
        b for b in collect(app) if b.kind not in ("plaque", "panel", "frame") and b.rect.colliderect(rect)
    ]


def test_a_notice_over_the_uragan_table_covers_nothing(make_app):
    from game.uragan.table import UraganTable

    app = make_app(lang="ru", size=(960, 600), speed="instant")
    table = UraganTable.new_game(app, seed=11, level="club")
    app.stack.push(table)
    frames(app, 5)
    app.notify(LONG, 8.0)
    frames(app, 2)
    rect = app.toast_rect()
    assert rect is not None and pygame.Rect(0, 0, 960, 600).contains(rect)
    assert notice_boxes(app) == []
    assert toast_problems(app, collect(app)) == []
    assert not any("notice" in p for p in check_app(app))


def test_the_check_catches_a_notice_over_the_cards(make_app, monkeypatch):
    """The planted fault: the notice back at the top centre, over the opponent's hand and buttons."""
    import game.widgets.toast as toast
    from game.uragan.table import UraganTable

    app = make_app(lang="ru", size=(960, 600), speed="instant")
    app.stack.push(UraganTable.new_game(app, seed=11, level="club"))
    frames(app, 5)
    monkeypatch.setattr(
        toast, "place_toast", lambda app, message: toast.toast_rect(app.screen.get_size(), app.text, message)
    )
    app.notify(LONG, 8.0)
    frames(app, 2)
    found = toast_problems(app, collect(app))
    assert any("notice covers card" in p for p in found), found


def test_the_notice_moves_when_a_card_comes_under_it(make_app):
    from game.uragan.table import UraganTable

    app = make_app(lang="en", size=(960, 600), speed="instant")
    table = UraganTable.new_game(app, seed=11, level="club")
    app.stack.push(table)
    frames(app, 5)
    app.notify(LONG, 8.0)
    frames(app, 2)
    spot = app.toast_rect()
    card = next(iter(s for s in table.sprites.values() if s.visible))
    card.x, card.y = spot.center  # a card put down right under it
    frames(app, 2, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    assert (card.x, card.y) == spot.center
    assert app.toast_rect() != spot
    assert notice_boxes(app) == []


def app_at(size, text_size, lang="ru"):
    from game.app import App, build_parser

    args = build_parser().parse_args(["--lang", lang, "--text-size", str(text_size)])
    return App(args, headless=True, size=size)


def test_the_notice_grows_with_the_text_size():
    """Its words at the player's size, and its box with them: at 200 % a line that fits at 100 % stays
    one line (twice as tall, twice as wide), not wrapped into a box kept at the 100 % width."""
    from game.widgets.text import TextCache
    from game.widgets.toast import toast_rect

    text = TextCache()
    message = "Запись партии сохранена: uragan-2026.json"
    small, lines_small, fs = toast_rect((1920, 1080), text, message)
    px_small = text.font(fs).get_height()
    text.set_scale(2.0)
    big, lines_big, fs_big = toast_rect((1920, 1080), text, message)
    assert fs_big == fs and text.font(fs).get_height() >= 2 * px_small - 2
    assert lines_big == lines_small == [message]
    assert big.width >= 1.9 * small.width and big.height >= 1.9 * small.height


SHEET_NOTICE = "Запись партии сохранена:\n/tmp/salon-smoke-records-xkqpvyn9/uragan-2026-12-02-0941.json"


def full_sheet(app):
    from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetButton, SheetRow

    rows = [SheetRow("Больше карт", [1, 0], "31 : 9"), SheetRow("Больше червей", [1, 0], "8 : 2"),
            SheetRow("Червонная семёрка", [1, 0]), SheetRow("Премьера", [1, 0], "84 : 63"),
            SheetRow("Ураганы", [0, 0], "0 : 0"), SheetRow("За сдачу", [4, 0], total=True)]
    buttons = [SheetButton("next", "Дальше", lambda: None),
               SheetButton("review", "Разобрать сдачу", lambda: None, row=1),
               SheetButton("record", "Сохранить запись", lambda: None, row=1)]
    sheet = Sheet("Итоги сдачи", ["Константин Шереметев", "Маргарита Шаповалова"], rows,
                  footer=["Счёт игры: 4 : 0 (до 16)", "Партия № 7"], buttons=buttons)
    return ScoreSheetScene(app, sheet, step=0)


def menu_under_a_full_sheet() -> tuple[Any, Any]:
    """The app at 1920x1080 and 200 %: the main menu, over it the end-of-deal sheet filling the window."""
    from game.menus.menu import MenuScene

    app = app_at((1920, 1080), 200)
    app.stack.push(MenuScene(app))
    sheet = full_sheet(app)
    app.stack.push(sheet)
    frames(app, 3)
    return app, sheet


def test_a_notice_over_a_full_height_sheet_shortens_and_covers_nothing():
    """At 200 % the end-of-deal sheet fills the window: the notice says its first line ("Record saved")
    in an empty part of the sheet, clear of its words and buttons; the path comes back once there is
    room (the sheet closed)."""
    app, sheet = menu_under_a_full_sheet()
    try:
        assert sheet.box.height >= 1080 * 0.9  # the case: a sheet with no room round it
        app.notify(SHEET_NOTICE, 8.0)
        frames(app, 2)
        rect = app.toast_rect()
        assert rect is not None and pygame.Rect(0, 0, 1920, 1080).contains(rect)
        assert app._toast_place[1][1] == ["Запись партии сохранена"]
        assert all(not rect.colliderect(b.rect) for b in sheet.buttons)
        assert notice_boxes(app) == [] and check_app(app) == []
        app.stack.remove(sheet)
        frames(app, 2)
        assert any("uragan-2026" in line for line in app._toast_place[1][1])  # all of it, over the menu
    finally:
        app.close()


def test_the_check_sees_a_sheets_buttons_under_the_notice(monkeypatch):
    """The planted fault: the notice put over the sheet's Next button (a button drawn with lines, no
    box of its own) is caught."""
    import game.widgets.toast as toast

    app, sheet = menu_under_a_full_sheet()
    try:
        button = next(b for b in sheet.buttons if b.key == "next")
        monkeypatch.setattr(toast, "place_toast", lambda app, message: (
            pygame.Rect(button.rect.right - 20, button.rect.y, 300, 60), ["x"], 20, True))
        app.notify(SHEET_NOTICE, 8.0)
        frames(app, 2)
        assert "the notice covers button next" in toast_problems(app, collect(app))
    finally:
        app.close()


def test_a_path_is_never_cut_mid_word_while_the_first_line_finds_room():
    """On a sheet with room only for a narrow box, "Record saved" alone rather than its path broken
    across six lines in the middle of the sheet (as the app showed it at 1920x1080 200 %)."""
    from game.menus.menu import MenuScene
    from game.widgets.toast import cuts

    app = app_at((1920, 1080), 200)
    try:
        app.stack.push(MenuScene(app))
        sheet = full_sheet(app)
        sheet.sheet.columns = ["Вы", "Светлана"]  # short names: a narrow gap between labels and values
        sheet.sheet.footer = ["Счёт игры: 5 : 0 (до 16)", "Партия № 745 446 510"]
        app.stack.push(sheet)
        frames(app, 3)
        notice = "Запись партии сохранена:\n/tmp/text-x2/records/uragan-2026-12-02-1011.json"
        app.notify(notice, 8.0)
        frames(app, 2)
        lines = app._toast_place[1][1]
        assert lines == ["Запись партии сохранена"] or cuts(lines, notice) <= 2  # the path on 3 lines
        assert check_app(app) == []
    finally:
        app.close()

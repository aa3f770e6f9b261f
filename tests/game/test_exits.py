"""Ends and exits: Esc never closes the app (the menu asks first, a held Esc does not repeat), the end
of a match shows its result whole and leads to the New-game options, and a game the player has not
played a card in is discarded, never counted (driven through the app's own event handling)."""

from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers import app_on_disk, frames, headless_app, key, play_a_card

from engine import cards as C
from game.menus.menu import MenuScene
from game.menus.new_game import NewGameScene
from game.words import i18n

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def esc(app, kind=pygame.KEYDOWN):
    app.frame(1 / 60, [pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])


def test_esc_on_the_main_menu_asks_before_quitting_and_enter_confirms(make_app):
    app = make_app()
    menu = app.stack.push(MenuScene(app))
    frames(app, 1)
    esc(app)
    assert app.running and menu.dialog is not None  # asked, not gone
    assert menu.dialog.title == "Quit Salon?"
    esc(app)
    assert app.running and menu.dialog is None  # Esc again: stay
    esc(app)
    assert menu.dialog is not None
    key(app, pygame.K_RETURN)
    assert not app.running  # Enter confirms


def test_the_quit_questions_button_quits(make_app):
    app = make_app(lang="ru")
    menu = app.stack.push(MenuScene(app))
    frames(app, 1)
    esc(app)
    assert menu.dialog.title == "Выйти из «Салона»?"
    confirmed = pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=menu.dialog)
    app.frame(1 / 60, [confirmed])
    assert not app.running


def test_the_quit_question_says_a_game_is_kept_only_when_there_is_one(tmp_path: Path):
    from game.botworker import InlineWorker
    from game.screens import open_table

    app = app_on_disk(tmp_path)
    app.worker = InlineWorker()
    try:
        menu = app.stack.push(MenuScene(app))
        frames(app, 1)
        esc(app)
        assert menu.dialog.question.startswith("No game is in progress")
        assert "Continue" not in menu.dialog.question
        esc(app)
        table = open_table(app, "uragan", level="novice")
        play_a_card(app, table)
        app.stack.remove(table)  # back on the menu, the game saved
        frames(app, 1)
        esc(app)
        assert "Uragan" in menu.dialog.question and "Continue brings it back" in menu.dialog.question
    finally:
        app.close()


def test_a_held_esc_steps_back_once_and_never_closes_the_app(make_app, monkeypatch):
    from game.uragan.table import UraganTable

    app = make_app()
    menu = app.stack.push(MenuScene(app))
    table = app.stack.push(UraganTable.new_game(app, seed=3, level="club"))
    frames(app, 2)
    held = {pygame.K_ESCAPE: True}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: held)
    esc(app)
    assert app.stack.top is menu and table not in app.stack.scenes  # the table → the menu
    for _ in range(3):  # the key repeats while held: nothing more happens
        esc(app)
    held[pygame.K_ESCAPE] = False  # a slow frame: repeats still queued after the key went up
    for _ in range(3):
        esc(app)
    assert app.running and menu.dialog is None
    esc(app, pygame.KEYUP)
    held[pygame.K_ESCAPE] = True
    esc(app)  # a new press: the question, still no quitting
    assert app.running and menu.dialog is not None


def test_a_held_esc_is_one_press_on_the_rules_screen_too(make_app, monkeypatch):
    from game.screens import open_screen

    app = make_app()
    menu = app.stack.push(MenuScene(app))
    open_screen(app, "rules")
    frames(app, 2)
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: {pygame.K_ESCAPE: True})
    for _ in range(6):
        esc(app)
    assert app.running and app.stack.top is menu and menu.dialog is None


def play_eralash_to_the_end(app, table):
    from game.eralash.sheet import SheetScene

    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, SheetScene) and table.match.is_over():
            frames(app, 2)
            return top
        if isinstance(top, SheetScene):
            top.close()
        if table.phase == "declare" and table.shown.trump >= 0 and not table.tweens.busy:
            table.end_declarations()
        if table.must_choose_trump() and not table.tweens.busy:
            table.choose_trump(table.shown.choices[0])
        if table.can_play_card():
            deal = table.shown
            table.play_card(next(c for c in C.cards(deal.hands[table.me]) if deal.legal_mask() >> c & 1))
        frames(app, 1, dt=0.05)
    raise AssertionError("the robber never ended")


def two_player_robber(app):
    from game.eralash.table import EralashTable

    menu = app.stack.push(MenuScene(app))
    table = EralashTable.new_game(app, options={}, players=2, names=["Svetlana"], levels=["club"], seed=5)
    app.stack.push(table)
    return menu, table


@pytest.mark.parametrize("how", ["button", "esc"])
def test_the_end_dialogs_menu_button_and_esc_go_to_the_menu(make_app, how):
    app = make_app(speed="fast", bots="eralash_tables:make_first_bot")
    menu, table = two_player_robber(app)
    sheet = play_eralash_to_the_end(app, table)
    assert table.match.options.one_deal(2) and len(table.match.deals_done) == 1
    if how == "esc":
        esc(app)
    else:
        button = next(b for b in sheet.buttons if b.key == "menu")
        frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
        frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)])
    assert app.stack.top is menu and app.running


def test_new_game_after_a_robber_opens_the_options(make_app):
    app = make_app(speed="fast", bots="eralash_tables:make_first_bot")
    _, table = two_player_robber(app)
    sheet = play_eralash_to_the_end(app, table)
    key(app, pygame.K_RETURN)  # "New game", the accented button
    assert isinstance(app.stack.top, NewGameScene) and table not in app.stack.scenes
    assert sheet not in app.stack.scenes


def test_new_game_after_an_uragan_match_opens_the_options(make_app):
    from game.checks.tour import uragan_step
    from game.uragan.table import UraganTable
    from game.widgets.score_sheet import ScoreSheetScene

    app = make_app(speed="fast", bots="uragan_tables:make_first_bot")
    app.stack.push(MenuScene(app))
    table = app.stack.push(UraganTable.new_game(app, seed=7, level="novice", options={"target": 1}))
    for _ in range(5000):
        if isinstance(app.stack.top, ScoreSheetScene) and table.match.is_over():
            break
        uragan_step(table)
        frames(app, 1, dt=0.1)
    sheet = app.stack.top
    frames(app, 40, dt=0.2)  # the rows counted up
    new = next(b for b in sheet.buttons if b.key == "new")
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=new.rect.center, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=new.rect.center, button=1)])
    assert isinstance(app.stack.top, NewGameScene) and table not in app.stack.scenes


def test_the_end_sheets_banner_is_above_its_buttons(make_app):
    from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetButton, SheetRow

    for size in ((960, 600), (1920, 1080), (1280, 1024)):
        app = headless_app(size=size)
        try:
            rows = [SheetRow(f"row {i}", [i, 0], detail="detail") for i in range(6)]
            rows.append(SheetRow("total", [6, 0], total=True))
            buttons = [SheetButton(k, k, lambda: None, row=r) for k, r in
                       (("new", 0), ("menu", 0), ("review", 1), ("record", 1))]
            sheet = Sheet("You win!", ["You", "Svetlana"], rows, ["Game: 16 : 3", "Game No. 7"],
                          "A double win!", buttons)
            scene = app.stack.push(ScoreSheetScene(app, sheet, step=0.0))
            h = size[1]
            big = max(16, int(h * 0.04))
            fs = max(12, int(h * 0.026))
            y = scene.box.y + 30 + app.text.font(big, "bold").get_linesize() + int(fs * 1.8)
            y += sum(int(fs * 1.75) + (0 if r.total else int(fs * 0.5)) for r in rows) + 10
            y += 2 * (app.text.font(fs).get_linesize() + 6)
            banner_bottom = y + app.text.font(big, "bold").get_linesize()
            assert banner_bottom <= min(b.rect.top for b in scene.buttons), size
            assert scene.box.collidelist([b.rect for b in scene.buttons]) != -1
            assert all(scene.box.contains(b.rect) for b in scene.buttons)
        finally:
            app.close()


def test_the_sheet_shows_its_first_row_at_once(make_app):
    from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetRow

    app = make_app()
    sheet = Sheet("Deal 1", ["You", "Svetlana"], [SheetRow("a", [1, 0]), SheetRow("b", [0, 1])])
    scene = app.stack.push(ScoreSheetScene(app, sheet, step=0.45))
    assert scene.revealed == 1


def test_a_game_the_player_has_not_played_in_is_discarded_uncounted(tmp_path: Path):
    from game.botworker import InlineWorker
    from game.screens import open_table
    from game.store.saves import game_in_progress, load_game
    from game.store.stats import Stats

    app = app_on_disk(tmp_path)
    app.worker = InlineWorker()
    try:
        first = open_table(app, "uragan", level="novice")
        frames(app, 2)
        assert not any(m for m in first.match.moves if type(m).__name__ == "Play" and
                       first.session.movers()[first.match.moves.index(m)] == first.me)
        first_id = first.session.saved.game_id
        app.stack.remove(first)
        assert not game_in_progress(app.store)  # nothing to ask about
        scene = app.stack.push(NewGameScene(app))
        frames(app, 1)
        scene.press("game_uragan")
        scene.press("start")
        assert scene.dialog is None and app.stack.top is not scene
        assert load_game(app.store).game_id != first_id
        assert Stats.load(app.store).total("uragan").played == 0  # discarded, not a loss
    finally:
        app.close()


def test_a_game_the_player_has_played_in_is_counted_abandoned(tmp_path: Path):
    from game.botworker import InlineWorker
    from game.screens import open_table
    from game.store.saves import game_in_progress
    from game.store.stats import Stats

    app = app_on_disk(tmp_path)
    app.worker = InlineWorker()
    try:
        first = open_table(app, "uragan", level="novice")
        play_a_card(app, first)
        assert first.session.player_has_played()
        frames(app, 2)
        app.stack.remove(first)
        assert game_in_progress(app.store)
        scene = app.stack.push(NewGameScene(app))
        frames(app, 1)
        scene.press("game_uragan")
        scene.press("start")
        assert scene.dialog is not None  # asked first
        confirmed = pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=scene.dialog)
        app.frame(0.016, [confirmed])
        rec = Stats.load(app.store).total("uragan")
        assert (rec.played, rec.abandoned) == (1, 1)
    finally:
        app.close()


def test_the_new_game_form_keeps_each_seats_level_and_leaves_no_gap(tmp_path: Path):
    app = app_on_disk(tmp_path)
    try:
        scene = app.stack.push(NewGameScene(app))
        frames(app, 1)
        scene.press("game_eralash")
        scene.press("players_4")
        scene.press("level3_master")
        scene.press("level1_novice")
        scene.press("players_2")
        with_two = scene.buttons["classic_no"].rect.top - scene.buttons["level1_club"].rect.bottom
        assert with_two < 2 * scene.row_h  # the rows close up: no empty seats' rows
        assert scene.setup["levels"][0] == "novice"
        scene.press("start")  # a two-player robber with the novice opposite
        assert app.stack.top is not scene
        again = app.stack.push(NewGameScene(app))
        frames(app, 1)
        assert again.players() == 2
        again.press("players_4")
        assert again.setup["levels"] == ["novice", "club", "master"]  # Master kept, not reset to Club
    finally:
        app.close()


def test_new_game_says_when_every_robber_is_one_deal(make_app):
    app = make_app()
    scene = app.stack.push(NewGameScene(app))
    frames(app, 1)
    scene.press("game_eralash")
    scene.press("players_2")
    scene.press("short_no")
    scene.press("target_13")
    note = "Every robber is one deal: the runs and Aces dealt decide it"
    assert any(note in x for x in shown_texts(app))
    scene.press("players_4")
    assert not any("one deal" in x for x in shown_texts(app))


def shown_texts(app):
    elements = app.ui.get_sprite_group().sprites()
    return [str(getattr(e, "text", "")) for e in elements if e.alive() and e.visible]

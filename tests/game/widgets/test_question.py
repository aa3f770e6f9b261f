"""The yes-or-no questions (Quit, Abandon, the two Resets) are drawn as the app's other dialogs: the
menu's panel with no window title bar or close cross, a title, the question wrapped inside the panel,
two buttons of one size as the game number dialog has; each screen they stand on lays out clean."""

import pygame
import pygame_gui
import pytest
from helpers import frames

from game.checks.layout_check import check_app
from game.menus.menu import MenuScene
from game.menus.new_game import NewGameScene
from game.menus.settings_screen import SettingsScene
from game.menus.stats_screen import StatsScene
from game.widgets.question import Question
from game.words import i18n

ASKS = [
    (MenuScene, "menu.quit_ask", {"question": "question_none"}),
    (MenuScene, "menu.quit_ask", {"game": "Eralash"}),
    (NewGameScene, "newgame.abandon", {"game": "Eralash"}),
    (SettingsScene, "settings.reset", {}),
    (StatsScene, "stats.reset", {}),
]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "size"), [("ru", (960, 600)), ("en", (1920, 1080))])
@pytest.mark.parametrize(("screen", "texts", "fields"), ASKS)
def test_a_question_looks_like_the_other_dialogs_and_lays_out_clean(make_app, lang, size, screen, texts,
                                                                     fields):
    app = make_app(lang=lang, size=size)
    scene = app.stack.push(screen(app))
    frames(app, 2)
    dialog = scene.ask_confirmation(texts, "#some_question", **fields)
    frames(app, 2)
    assert isinstance(dialog, Question) and dialog.is_blocking
    assert dialog.title_bar is None and dialog.close_window_button is None  # not pygame_gui's window
    assert dialog.shade.alive() and dialog.shade.rect.size == size  # the screen behind shaded
    yes, no = dialog.confirm_button.rect, dialog.cancel_button.rect
    assert yes.size == no.size and yes.height >= 44 and yes.y == no.y  # the game number dialog's buttons
    assert yes.width >= dialog.rect.width // 3
    panel = dialog.get_container().get_rect()
    words = [label.text for label in dialog.text_labels]
    assert " ".join(words).split() == dialog.question.split()  # every word shown, in order, nothing cut
    assert all(panel.contains(label.rect) for label in dialog.text_labels)
    assert all(label.rect.bottom <= yes.top for label in dialog.text_labels)
    assert check_app(app) == []


def test_a_question_answers_as_pygame_guis_dialog_did(make_app):
    app = make_app()
    scene = app.stack.push(NewGameScene(app))
    frames(app, 1)
    dialog = scene.ask_confirmation("newgame.abandon", "#newgame_abandon_dialog", game="Uragan")
    pygame.event.clear(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)
    dialog.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=dialog.confirm_button))
    posted = pygame.event.get(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)
    assert [e.ui_element for e in posted] == [dialog] and not dialog.alive() and not dialog.shade.alive()
    again = scene.ask_confirmation("newgame.abandon", "#newgame_abandon_dialog", game="Uragan")
    again.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=again.cancel_button))
    assert not again.alive() and not again.shade.alive()
    assert not pygame.event.get(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)
    third = scene.ask_confirmation("newgame.abandon", "#newgame_abandon_dialog", game="Uragan")
    scene.dismiss_dialog()  # Esc
    assert not third.alive() and not third.shade.alive()

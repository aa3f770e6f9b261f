"""The New game dialog at every window size: the title inside the panel, the rows and the buttons
filling it without a large empty part, everything on screen."""

import pygame
import pytest
from helpers import headless_app

from game.menus.new_game import NewGameScene
from game.words import i18n


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1400, 900), (1920, 1080)])
@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_the_dialog_is_balanced(size, game):
    app = headless_app("ru", size)
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        scene.press(f"game_{game}")
        app.frame(0.016, [])
        panel = scene.panel.rect
        assert pygame.Rect((0, 0), size).contains(panel)
        assert abs(panel.centery - size[1] // 2) <= 2  # centred: as much cloth above as below
        start = scene.buttons["start"].rect
        assert panel.contains(start)
        # the rows end close above the buttons: no large empty lower half
        assert start.top - (panel.top + scene.content_bottom) < 0.12 * size[1]
        for element in scene.elements[1:]:
            if getattr(element, "object_ids", None) and "#title" in element.object_ids:
                assert panel.contains(element.rect)  # the title sits inside the panel's border
    finally:
        app.close()
        i18n.set_language("en")


def test_a_window_too_short_for_every_explanation_explains_the_row_in_focus():
    """Eralash with the people row at 960x600: one line above the buttons explains the row the
    keyboard focus is on, and follows it."""
    app = headless_app("ru", (960, 600))
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        scene.press("game_eralash")
        app.frame(0.016, [])
        assert scene.one_about and scene.about_line is not None
        scene.focus.focus_on("list:game")
        app.frame(0.016, [])
        assert scene.about_line.text == i18n.t("newgame.game.eralash.about")
        scene.focus.focus_on("list:people")
        app.frame(0.016, [])
        assert scene.about_line.text == i18n.t("people.row.about")
        panel = scene.panel.rect
        line = scene.about_line.rect
        assert panel.contains(line) and line.bottom <= scene.buttons["start"].rect.top
    finally:
        app.close()
        i18n.set_language("en")


def test_a_refusal_with_no_room_above_the_buttons_goes_beside_them():
    """Host a table with Eralash's rows at 960x600 and 125 % in Russian: the refusal (no other
    person) has no room of its own above the buttons; it is wrapped left of them, whole, and nothing
    overlaps (it once printed over the Port row)."""
    from game.checks.layout_check import check_app
    from game.people.host_screen import HostScene

    app = headless_app("ru", (960, 600))
    try:
        app.settings.set("text_size", 125, save=False)
        scene = HostScene(app)
        app.stack.push(scene)
        scene.press("game_eralash")
        for seat in range(1, scene.players()):
            scene.press(f"seat{seat}_club")
        scene.start()
        app.frame(0.016, [])
        assert scene.error == i18n.t("people.host.no_person")
        assert check_app(app) == []
        notices = [e for e in scene.panel.get_container().elements if "#notice" in e.object_ids]
        assert " ".join(e.text for e in notices) == scene.error and len(notices) >= 2
        start = scene.buttons["start"].rect
        assert all(e.rect.right < start.left and e.rect.bottom > start.top for e in notices)
    finally:
        app.close()
        i18n.set_language("en")

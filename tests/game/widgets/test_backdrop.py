"""The cloth behind pygame_gui screens: plain baize stands in until the helper's table art arrives."""

from __future__ import annotations


def test_a_screen_on_stand_in_baize_wakes_the_loop_until_the_table_art_arrives(make_app) -> None:
    # The helper's table art is taken at the next frame; with nothing else moving, only the screen's
    # wake brings that frame (the stand-in baize stayed until the mouse moved).
    from game.menus.new_game import NewGameScene
    from game.widgets.felt import table_background
    from game.widgets.gui_scene import POLL_HELPER

    app = make_app(size=(1280, 800))
    scene = app.stack.push(NewGameScene(app))
    app.frame(0.016, [])
    assert scene.backdrop.warmer.wait(60)
    assert scene.backdrop.waiting() and scene.wake_in() == POLL_HELPER
    app.frame(0.016, [], asked=True)
    art = table_background(app.size, app.settings.table_colour)
    assert scene.backdrop._bg is art
    assert not scene.backdrop.waiting() and scene.wake_in() is None

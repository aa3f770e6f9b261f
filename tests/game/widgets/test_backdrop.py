"""The cloth behind pygame_gui screens: plain baize stands in until the helper's table art arrives."""

from __future__ import annotations


def test_a_screen_on_stand_in_baize_wakes_the_loop_until_the_table_art_arrives(make_app, monkeypatch) -> None:
    # The helper's table art is taken at the next frame; with nothing else moving, only the screen's
    # wake brings that frame (the stand-in baize stayed until the mouse moved).
    from game.menus.new_game import NewGameScene
    from game.widgets import felt
    from game.widgets.felt import table_background
    from game.widgets.gui_scene import POLL_HELPER

    monkeypatch.setattr(felt, "_table_art", None)  # no table art made yet
    app = make_app(size=(1280, 800))
    scene = app.stack.push(NewGameScene(app))
    app.frame(0.016, [])
    assert scene.backdrop.warmer.wait(60)
    assert scene.backdrop.waiting() and scene.wake_in() == POLL_HELPER
    app.frame(0.016, [], asked=True)
    art = table_background(app.size, app.settings.table_colour)
    assert scene.backdrop._bg is art
    assert not scene.backdrop.waiting() and scene.wake_in() is None


def test_a_screen_takes_table_art_at_hand_at_once_and_lets_go_of_it_when_covered(make_app) -> None:
    from game.menus.new_game import NewGameScene
    from game.scene import Scene
    from game.widgets.felt import table_background

    app = make_app(size=(1280, 800))
    art = table_background(app.size, app.settings.table_colour)  # made (say, by the menu under it)
    scene = app.stack.push(NewGameScene(app))
    app.frame(0.016, [])
    assert scene.backdrop._bg is art and not scene.backdrop.waiting()  # no stand-in, no helper
    app.stack.push(Scene(app))  # covered (a table, say, which may want the cloth in its own form)
    assert scene.backdrop._bg is None
    app.stack.pop()
    app.frame(0.016, [])
    assert scene.backdrop._bg is art
    app.stack.remove(scene)
    assert scene.backdrop._bg is None

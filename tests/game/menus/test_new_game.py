"""The New game dialog: every choice reaches the table, bad options are refused in words."""

import pytest

from game.eralash.table import EralashTable
from game.menus.new_game import NewGameScene


@pytest.fixture
def app(make_app):
    return make_app(lang="ru")


def test_new_game_dialog_opens_the_chosen_table(app):
    scene = NewGameScene(app)
    app.stack.push(scene)
    scene.press("game_eralash")
    scene.press("players_3")
    scene.press("level2_master")
    scene.entries["name1"].set_text("Ольга")
    scene.press("classic_yes")
    assert not scene.engine_options()["pairs"]
    scene.press("start")
    table = app.stack.top
    assert isinstance(table, EralashTable)
    assert table.match.n_players == 3 and table.match.players[1] == "Ольга"
    assert table.levels == [None, "club", "master"] and table.match.options.classic_runs


def test_new_game_dialog_refuses_a_bad_option(app):
    scene = NewGameScene(app)
    app.stack.push(scene)
    scene.press("game_eralash")
    scene.options["aces"] = {"3": -5, "4": 60}
    scene.start()
    assert app.stack.top is scene and scene.error


def test_uragan_choices_reach_the_uragan_table(app):
    from game.uragan.table import UraganTable

    scene = NewGameScene(app)
    app.stack.push(scene)
    scene.press("game_uragan")
    scene.press("claims_strict")
    scene.press("primiera_no")
    scene.press("target_11")
    assert "level1_master" in scene.buttons
    scene.press("level1_master")
    scene.press("start")
    table = app.stack.top
    assert isinstance(table, UraganTable)
    opts = table.match.options.to_dict()
    assert opts["claims"] == "strict" and not opts["primiera_all_suits"] and opts["target"] == 11
    assert table.levels[1] == "master"


def test_pairs_and_short_deal_only_where_they_apply(app):
    scene = NewGameScene(app)
    app.stack.push(scene)
    scene.press("game_eralash")
    scene.press("players_4")
    scene.press("pairs_yes")
    assert scene.engine_options()["pairs"] and not scene.buttons["short_yes"].is_enabled
    scene.press("players_2")
    assert not scene.engine_options()["pairs"] and not scene.buttons["pairs_yes"].is_enabled
    scene.press("short_yes")
    assert scene.engine_options()["short_deal"]
    assert len([k for k in scene.entries if k.startswith("name")]) == 1

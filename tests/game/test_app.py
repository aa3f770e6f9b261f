"""The app shell: scene stack lifecycle and event routing, flags, the menu, demo and bench modes."""

import json
import os
import subprocess
import sys
import time

import pygame
import pygame_gui
import pytest
from helpers import app_on_disk
from places import ROOT

from game.app import build_parser
from game.botworker import InlineWorker
from game.scene import Scene, SceneStack
from game.words import i18n


class Recorder(Scene):
    def __init__(self, name, log, consume=(), modal=True, transparent=False, update_below=False):
        super().__init__(None)
        self.name, self.log, self.consume = name, log, set(consume)
        self.modal, self.transparent, self.update_below = modal, transparent, update_below

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def handle_event(self, event):
        self.log.append(("event", self.name, event.type))
        return event.type in self.consume

    def update(self, dt):
        self.log.append(("update", self.name))

    def draw(self, surface):
        self.log.append(("draw", self.name))


def test_stack_lifecycle_order():
    log = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    stack.clear()
    assert log == [
        ("enter", "a"),
        ("pause", "a"),
        ("enter", "b"),
        ("exit", "b"),
        ("enter", "c"),
        ("exit", "c"),
        ("resume", "a"),
        ("exit", "a"),
    ]


def test_events_go_down_the_stack_until_consumed_or_modal():
    log = []
    stack = SceneStack()
    stack.push(Recorder("table", log, consume={pygame.MOUSEBUTTONDOWN}))
    stack.push(Recorder("overlay", log, consume={pygame.KEYDOWN}, modal=False, transparent=True))
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert not stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1)))
    events = [e for e in log if e[0] == "event"]
    assert [e[1] for e in events] == ["overlay", "overlay", "table", "overlay", "table"]
    log.clear()
    stack.push(Recorder("dialog", log, modal=True, transparent=True))
    assert not stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert [e[1] for e in log if e[0] == "event"] == ["dialog"]


def test_draw_starts_at_the_highest_opaque_scene_and_update_only_reaches_down_when_asked():
    log = []
    stack = SceneStack()
    stack.push(Recorder("menu", log))
    stack.push(Recorder("table", log))
    stack.push(Recorder("sheet", log, transparent=True, update_below=True))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    stack.update(0.1)
    assert [e for e in log if e[0] == "draw"] == [("draw", "table"), ("draw", "sheet")]
    assert [e for e in log if e[0] == "update"] == [("update", "table"), ("update", "sheet")]


def test_flags():
    a = build_parser().parse_args(["--data-dir", "/x", "--lang", "ru", "--demo", "--game", "eralash"])
    assert (a.data_dir, a.lang, a.demo, a.game, a.bench) == ("/x", "ru", True, "eralash", None)
    assert build_parser().parse_args(["--bench", "30"]).bench == 30
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--lang", "de"])


@pytest.fixture
def app(tmp_path):
    before = i18n.get_language()
    a = app_on_disk(tmp_path, "ru", "1024x640")
    a.worker = InlineWorker("uragan_tables:make_first_bot")
    yield a
    a.close()
    i18n.set_language(before)


def test_menu_speaks_the_chosen_language_and_starts_a_game(app, tmp_path):
    from game.menus.menu import MenuScene
    from game.uragan.table import UraganTable

    assert app.size == (1024, 640)
    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    labels = {k: b.text for k, b in menu.buttons.items()}
    assert labels["new"] == "Новая игра" and labels["quit"] == "Выход"
    assert not menu.buttons["continue"].is_enabled  # nothing saved yet
    new = menu.buttons["new"]
    app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=new, ui_object_id="#new")])
    dialog = app.stack.top
    assert type(dialog).__name__ == "NewGameScene"  # game/menus/new_game.py
    dialog.start()
    table = app.stack.top
    assert isinstance(table, UraganTable) and not table.demo
    for _ in range(5):
        app.frame(0.016, [])
    assert table.session.store is app.store  # a real game is saved (the demo below is not)
    app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is menu


def test_demo_never_touches_the_saved_game(app, tmp_path):
    from game.screens import open_table

    table = open_table(app, "uragan", demo=True, seed=4)
    table.tweens.speed = table.fx.speed = table.speed = "instant"
    assert table.session.store is None
    # The bots answer from a real worker process: under load its first reply can take a while,
    # so wait on the outcome (with a generous wall-clock cap), not on a frame count.
    deadline = time.monotonic() + 90
    while not table.match.moves and time.monotonic() < deadline:
        app.frame(0.05, [])
        time.sleep(0.005)
    for _ in range(50):
        app.frame(0.05, [])
    assert len(table.match.moves) > 0
    assert not (tmp_path / "save.json").exists()


def test_f11_toggles_fullscreen(app):
    app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    assert app.fullscreen
    app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    assert not app.fullscreen


def test_bench_prints_one_json_line():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "game", "--bench", "40"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["frames"] == 40
    assert set(data["frame_ms"]) == {"p50", "p99", "max"}
    assert 0 < data["frame_ms"]["p50"] <= data["frame_ms"]["p99"] <= data["frame_ms"]["max"]
    assert data["startup_ms"] > 0


def test_the_splash_is_the_first_frame_and_hands_over_when_loaded(app):
    from game.app import SplashScene

    started = []
    splash = SplashScene(app, ["json", "game.layout"], lambda: started.append(True))
    app.stack.push(splash)
    app.frame(0.016, [])  # drawn at once, whatever is still loading
    splash._thread.join(60)  # the loading thread itself, however slow the machine
    app.frame(0.016, [])
    assert started == [True] and splash not in app.stack.scenes


def test_continue_puts_the_saved_game_back(app):
    from game.menus.menu import MenuScene
    from game.screens import continue_game, open_table

    menu = app.stack.push(MenuScene(app))
    table = open_table(app, "uragan", seed=9, level="club")
    for _ in range(3000):
        if len(table.match.moves) >= 3 and table.is_human_turn() and not table.busy():
            break
        if table.can_play_card():
            move = table.match.legal_moves()[-1]
            table.submit(move)
        elif table.claim_prompt() and not table.busy():
            table.answer_claim(table.match.legal_moves()[0])
        elif table.pick_moves() and not table.busy():
            table.choose(0)
        app.frame(0.05, [])
    moves = list(table.match.moves)
    app.stack.remove(table)
    assert app.stack.top is menu
    again = continue_game(app)
    assert again is not None and again is app.stack.top and again is not table
    assert again.match.moves == moves


def test_the_size_said_again_keeps_the_screens_and_a_click_in_flight(tmp_path):
    """The system says the window's size again (shown, focused, moved to another screen) while a click is
    on its way: the menu is not built again, so the pressed button is still the menu's and About opens.
    A new size still lays the screens out again."""
    from helpers import frames

    from game.menus.menu import MenuScene

    app = app_on_disk(tmp_path / "data", "ru", "960x600")
    try:
        menu = app.stack.push(MenuScene(app))
        frames(app, 2)
        about = menu.buttons["about"]
        pos = about.rect.center
        same = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=960, y=600)
        frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        frames(app, 1, [same, *pygame.event.get()])  # the size comes before pygame_gui's press
        assert type(app.stack.top).__name__ == "AboutScene"  # (built again, the menu lost the press)
        app.stack.pop()
        frames(app, 1)
        about = menu.buttons["about"]
        pygame.display.set_mode((1024, 640))
        app.on_window_resized((1024, 640))
        frames(app, 1)
        assert menu.buttons["about"] is not about and app.size == (1024, 640)
    finally:
        app.close()

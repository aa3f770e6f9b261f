"""The loop at rest: it sleeps (and draws nothing) while no scene moves, wakes for an event or a
scene's timer, and runs at the 60 FPS tick while something animates. Counted in loop turns, frames
drawn and the waits asked for; a fake clock moves by exactly the time each wait was given."""

import threading

import pygame
import pytest
from helpers import DT, frames
from places import ROOT
from uragan_tables import make_first_bot, new_table, settle  # noqa: F401

from game.app import FPS, MAX_SLEEP
from game.idle import EventWaiter
from game.scene import ANIMATING, Scene
from game.widgets.table import TIMER_TICK

pytestmark = pytest.mark.slow


class FakeClock:
    """``tick()`` returns the milliseconds the fake waiter slept since the last tick (a tick at the
    60 FPS cap: one frame)."""

    def __init__(self):
        self.ms = 0.0
        self.capped = 0

    def tick(self, framerate=0):
        if framerate:
            self.capped += 1
            self.ms += 1000 / framerate
        ms, self.ms = self.ms, 0.0
        return ms


class FakeWaiter:
    """Records every wait; ``post`` events appear while it "sleeps"."""

    def __init__(self, clock):
        self.clock, self.waits, self.post = clock, [], []

    def wait(self, seconds):
        self.waits.append(seconds)
        if self.post:
            pygame.event.post(self.post.pop(0))
            self.clock.ms += 1.0
        else:
            self.clock.ms += seconds * 1000


class Probe(Scene):
    """A scene that says how it wants frames: ``wake`` (None, ANIMATING or seconds); counts its draws
    and adds up the time its updates were given."""

    def __init__(self, app, wake=None, timer_at=None):
        super().__init__(app)
        self.wake, self.timer_at = wake, timer_at
        self.clock = 0.0
        self.drawn = 0
        self.fired = 0

    def update(self, dt):
        self.clock += dt
        if self.timer_at is not None and self.clock >= self.timer_at - 1e-9:
            self.timer_at = None
            self.fired += 1

    def wake_in(self):
        if self.timer_at is not None:
            return self.timer_at - self.clock
        return self.wake

    def draw(self, surface):
        self.drawn += 1


def loop(app, waiter, turns):
    """``turns`` turns of ``App.run``'s loop (the frame, then the wait for the next one)."""
    drawn = 0
    for _ in range(turns):
        dt, events, asked = app.next_turn(waiter)
        drawn += bool(app.frame(dt, events, asked))
    return drawn


@pytest.fixture
def rig(make_app):
    app = make_app()
    pygame.event.clear()
    app.clock = FakeClock()
    return app, FakeWaiter(app.clock)


def test_nothing_moving_the_loop_sleeps_and_draws_nothing(rig):
    app, waiter = rig
    probe = app.stack.push(Probe(app, wake=None))
    assert app.frame(DT, [])  # a new scene is drawn once
    assert loop(app, waiter, 40) == 0
    assert probe.drawn == 1
    assert waiter.waits == [MAX_SLEEP] * 40  # every turn slept, as long as the loop ever sleeps
    assert app.clock.capped == 0
    assert app.sleeps == 40


def test_an_animation_runs_at_the_frame_tick_and_draws_every_frame(rig):
    app, waiter = rig
    probe = app.stack.push(Probe(app, wake=ANIMATING))
    assert loop(app, waiter, 30) == 30
    assert probe.drawn == 30 and waiter.waits == [] and app.clock.capped == 30


def test_a_scene_that_says_nothing_is_drawn_at_the_frame_tick_as_before(rig):
    app, waiter = rig

    class Quiet:  # not a Scene: no wake_in, no is_still
        transparent = modal = update_below = False

        def __init__(self):
            self.drawn = 0

        def enter(self): ...

        def exit(self): ...

        def pause(self): ...

        def update(self, dt): ...

        def handle_event(self, event):
            return False

        def draw(self, surface):
            self.drawn += 1

    quiet = app.stack.push(Quiet())
    assert loop(app, waiter, 10) == 10 and quiet.drawn == 10 and waiter.waits == []


def test_a_posted_event_wakes_the_sleeping_loop_and_is_drawn(rig):
    app, waiter = rig
    probe = app.stack.push(Probe(app, wake=None))
    app.frame(DT, [])
    waiter.post.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    dt, events, asked = app.next_turn(waiter)
    assert [e.type for e in events] == [pygame.KEYDOWN] and not asked
    assert dt <= 1 / FPS + 1e-9  # the event's frame is one frame step, whatever the sleep was
    assert app.frame(dt, events, asked) and probe.drawn == 2


def test_a_timer_wakes_the_loop_once_when_due_and_the_time_slept_is_handed_on(rig):
    app, waiter = rig
    probe = app.stack.push(Probe(app, timer_at=1.7))
    app.frame(0.0, [])
    drawn = loop(app, waiter, 6)
    assert probe.fired == 1
    assert drawn == 1  # only the turn the timer fell due in; the safety wakes before it drew nothing
    # 0.5 + 0.5 + 0.5 s of safety wakes, then the 0.2 s left, then three more safety wakes: 1.7 s slept
    # before the timer, and the scene's clock saw all of it.
    assert waiter.waits[:4] == pytest.approx([0.5, 0.5, 0.5, 0.2], abs=1e-6)
    assert probe.clock == pytest.approx(sum(waiter.waits), abs=1e-6)


def test_the_real_waiter_returns_for_an_event_posted_from_another_thread():
    pygame.display.init()
    pygame.event.clear()
    waiter = EventWaiter(pygame)
    poster = threading.Timer(0.05, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT, who="bot")))
    poster.start()
    waiter.wait(60.0)  # returns on the event (a generous bound, never reached when it works)
    poster.join()
    assert [e.type for e in pygame.event.get()] == [pygame.USEREVENT]
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    waiter.wait(60.0)  # an event already queued: returns at once and leaves it there
    assert pygame.event.peek(pygame.USEREVENT)
    pygame.event.clear()


def test_the_poll_fallback_also_returns_for_a_queued_event():
    pygame.display.init()
    pygame.event.clear()
    waiter = EventWaiter(pygame, use_sdl=False)
    assert not waiter.blocking
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    waiter.wait(60.0)
    assert pygame.event.peek(pygame.USEREVENT)
    pygame.event.clear()


@pytest.fixture
def app(make_app):
    return make_app(speed="fast", bots="uragan_tables:make_first_bot")


def test_a_table_waiting_for_the_player_sleeps_and_a_thinking_bot_ticks(app):
    table = new_table(app)
    settle(app, table)
    frames(app, 3)
    assert table.wake_in() is None and app.wake_in() is None  # the player thinks: sleep
    table.say("hello", 2.0)
    assert table.wake_in() == pytest.approx(2.0, abs=0.01)  # the message's expiry
    table.message = None
    table._bot_request = 99  # a bot's answer is awaited
    assert table.wake_in() == TIMER_TICK
    table._bot_request = None
    table.tweens.tween(table.sprites[next(iter(table.sprites))], 0.5, lift=0.1)
    assert table.wake_in() == ANIMATING


def test_a_focused_text_field_wakes_for_its_cursor_and_a_tooltip_for_its_delay(make_app):
    from pygame_gui.elements import UIButton, UITextEntryLine

    from game.widgets.gui_scene import ui_wake_in

    app = make_app()
    ui = app.ui
    assert ui_wake_in(ui) is None
    entry = UITextEntryLine(pygame.Rect(10, 10, 200, 40), ui)
    entry.focus()
    ui.set_focus_set(entry)
    wait = ui_wake_in(ui)
    assert wait is not None and 0 < wait <= entry.cursor_blink_delay_after_moving + 0.05
    entry.unfocus()
    ui.set_focus_set(None)
    button = UIButton(pygame.Rect(300, 10, 100, 40), "b", ui, tool_tip_text="about b")
    button.hovered = True
    assert ui_wake_in(ui) == pytest.approx(button.tool_tip_delay + 0.01, abs=0.02)


def test_bench_idle_prints_every_screen_at_rest_in_one_json_line():
    import json
    import os
    import subprocess
    import sys

    root = ROOT
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "-m", "game", "--bench-idle", "0.2"], capture_output=True,
                         text=True, env=env, cwd=root, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1
    data = json.loads(lines[0])
    screens = data["screens"]
    for name in ("main menu", "new game", "settings", "rules", "statistics", "about",
                 "Uragan table, the player's turn", "Eralash table, the player's turn", "Uragan score sheet",
                 "Eralash score sheet", "review viewer, verdicts in"):
        assert "error" not in screens[name], (name, screens[name])
        assert screens[name]["cpu_pct"] >= 0 and screens[name]["drawn"] == 0, (name, screens[name])
    assert data["video_driver"] == "dummy"

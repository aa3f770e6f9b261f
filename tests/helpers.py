"""Shared by the app and table tests: a headless app, stepping frames, posting real mouse and key events.

Events go through ``App.frame`` (the app's own event handling), never straight to a scene.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

DT = 1 / 60


def headless_app(
    lang: str = "en", size: tuple[int, int] = (1280, 800), bots: str | None = None, speed: str | None = None
) -> Any:
    """An App without a window or data folder; bots from ``bots`` ("module:factory") run inline."""
    from game.app import App, build_parser
    from game.botworker import InlineWorker

    app = App(build_parser().parse_args(["--lang", lang]), headless=True, size=size)
    if speed is not None:
        app.settings.set("animation_speed", speed)
    app.worker = InlineWorker(bots) if bots else InlineWorker()
    return app


def app_on_disk(folder: Any, lang: str = "en", size: str = "1280x800") -> Any:
    """An App as ``python -m game --data-dir folder`` starts it (settings, saves and stats on disk)."""
    from game.app import App, build_parser

    return App(build_parser().parse_args(["--data-dir", str(folder), "--lang", lang, "--size", size]))


def count_rendering(app: Any, monkeypatch: Any) -> dict[str, int]:
    """Count every text render and SVG rasterisation on the frame's (main) thread from now on:
    ``{"render": n, "svg": n}``. Helper threads rasterise by design, and one left by an earlier test
    (a resize re-warms the whole deck) must not be counted against this test's frames."""
    calls = {"render": 0, "svg": 0}
    real_svg = pygame.image.load_sized_svg

    def on_frame_thread() -> bool:
        return threading.current_thread() is threading.main_thread()

    def counting_svg(*a: Any, **k: Any) -> Any:
        if on_frame_thread():
            calls["svg"] += 1
        return real_svg(*a, **k)

    class CountingFont(pygame.font.Font):
        def render(self, *a: Any, **k: Any) -> Any:
            if on_frame_thread():
                calls["render"] += 1
            return super().render(*a, **k)

    monkeypatch.setattr(pygame.image, "load_sized_svg", counting_svg)
    monkeypatch.setattr(pygame.font, "Font", CountingFont)
    app.text._fonts.clear()  # fonts made before now would not count
    return calls


def frames(app: Any, n: int, events: Any = (), dt: float = DT) -> None:
    """Run ``n`` frames; ``events`` arrive with the first."""
    for i in range(n):
        app.frame(dt, list(events) if i == 0 else [])


def drop(app: Any, path: Any) -> None:
    """Drop the file ``path`` on the window as the system does (DROPFILE), wait for the helper thread
    that reads it (generous timeout, never a frame count), then run the frame that shows the answer."""
    frames(app, 1, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
    settle_opening(app)


def settle_opening(app: Any, timeout: float = 30.0) -> None:
    """If a record is being opened ("Opening…"), wait for its reader and run one frame."""
    from game.review.opening import OpeningScene

    for scene in list(app.stack.scenes):
        if isinstance(scene, OpeningScene):
            assert scene.wait(timeout), "the record reader never answered"
            frames(app, 1)


def drag(app: Any, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """Press at ``src``, move through the midpoint to ``dst`` with the button held, release."""
    ev = pygame.event.Event
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    frames(app, 1, [ev(pygame.MOUSEBUTTONDOWN, pos=src, button=1)])
    frames(app, 1, [ev(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))])
    frames(app, 1, [ev(pygame.MOUSEMOTION, pos=dst, rel=(0, 0), buttons=(1, 0, 0))])
    frames(app, 1, [ev(pygame.MOUSEBUTTONUP, pos=dst, button=1)])


def click(app: Any, pos: tuple[int, int]) -> None:
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app: Any, k: int) -> None:
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def crafted_uragan_deal(table: Any, hand0: list[str], table_cards: list[str], hand1: list[str] | None = None,
                        dealer: int = 1) -> Any:
    """Replace an Uragan table's deal with one whose first hands and table are chosen (the rest dealt
    at random, seeded); the table shows it at once, past the opening deal."""
    import random

    from engine import cards as C
    from engine.uragan import Deal
    from engine.uragan.deck import DECK

    chosen = C.parse_set(hand0) | C.parse_set(table_cards) | C.parse_set(hand1 or [])
    rest = list(C.cards(DECK & ~chosen))
    random.Random(0).shuffle(rest)
    h0 = list(C.cards(C.parse_set(hand0)))
    h1 = list(C.cards(C.parse_set(hand1 or [])))
    while len(h0) < 6:
        h0.append(rest.pop())
    while len(h1) < 6:
        h1.append(rest.pop())
    rounds = [[C.to_mask(h0), C.to_mask(h1)]] + [
        [C.to_mask(rest[i * 12 : i * 12 + 6]), C.to_mask(rest[i * 12 + 6 : i * 12 + 12])] for i in range(2)
    ]
    deal = Deal.from_hands(table.match.options, dealer, C.parse_set(table_cards), rounds)
    table.match.deal = deal
    table._adopt_deal(deal)
    table._opening_pending = False
    table.sync(instant=True)
    return deal


def play_a_card(app: Any, table: Any, limit: int = 3000) -> None:
    """Frames until the player of an Uragan table may play, then their first legal card: a game the
    player has played in (one that a new game would abandon, counted as a loss)."""
    from game.checks.tour import uragan_step

    for _ in range(limit):
        if table.can_play_card():
            table.submit(next(m for m in table.match.legal_moves() if type(m).__name__ == "Play"))
            frames(app, 2)
            return
        # A random deal's bot play may break a priority (the player is asked to claim first) or a
        # capture may give a choice: answered as the smoke answers them.
        uragan_step(table)
        frames(app, 1, dt=0.1)
    raise AssertionError("the player's turn never came")


def to_one_move_from_the_end(match: Any) -> None:
    """Plays the first legal move until the next one would end ``match``."""
    while True:
        probe = match.copy()
        probe.play(probe.legal_moves()[0])
        if probe.is_over():
            return
        match.play(match.legal_moves()[0])


def long_match_tool() -> Any:
    """``tools/long_match.py`` as a module: ``long_match(moves, target, seed)`` plays a long legal
    Uragan match by random moves, ``save_in_progress(folder, match)`` makes it a data folder's save."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "long_match.py"
    spec = importlib.util.spec_from_file_location("long_match", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""The coach's visits of ``salon --smoke``: the replay viewer from a sheet and from an opened record,
the records menu and the records browser, a bad record's message, and "Play deal number…".

Registered by importing this module from ``game.checks.smoke`` (after its own visits). The review runs in
the smoke's InlineWorker with a small fixed search (one verdict per frame), so the visits never wait.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from game.checks.tour import Smoke, visit

REVIEW_ITERATIONS = 12  # a quick search: the smoke checks the screens, not the coach's strength


def _quick_review() -> Any:
    from game.review.viewer import ReplayMixin

    ReplayMixin.review_iterations = REVIEW_ITERATIONS
    return ReplayMixin


def _finish_review(s: Smoke, viewer: Any, limit: int = 200) -> None:
    for _ in range(limit):
        if viewer.review_state != "running":
            return
        s.frames(1)
    raise RuntimeError("the review never finished")


def _viewer_states(s: Smoke, viewer: Any, label: str) -> None:
    import pygame

    s.check(f"review viewer {label}")
    _finish_review(s, viewer)
    s.check(f"review viewer {label}: the review done")
    s.key(pygame.K_HOME)
    s.key(pygame.K_PAGEDOWN)
    s.check(f"review viewer {label}: a decision")
    s.key(pygame.K_RIGHT)
    s.check(f"review viewer {label}: the next play")
    s.key(pygame.K_END)
    s.check(f"review viewer {label}: the end")


@visit("review viewer from the end-of-deal sheet")
def _from_sheet(s: Smoke) -> None:
    import pygame

    from game.review.viewer import UraganReplay
    from game.uragan.table import UraganTable
    from game.widgets.score_sheet import ScoreSheetScene

    mixin = _quick_review()
    try:
        s.home()
        table = UraganTable.new_game(s.app, seed=7, level="novice", options={"target": 16})
        s.push(table)
        for _ in range(400):
            if isinstance(s.app.stack.top, ScoreSheetScene):
                break
            if table.can_play_card():
                table.submit(table.match.legal_moves()[0])
            elif table.claim_prompt() and not table.busy():
                from engine.uragan import LET_STAND

                table.answer_claim(LET_STAND)
            elif table.pick_moves() and not table.busy():
                table.choose(0)
            s.settle(table)
        sheet = s.app.stack.top
        if not isinstance(sheet, ScoreSheetScene):
            raise RuntimeError("the deal never ended")
        sheet.step = 0.0
        s.frames(2, dt=5.0)
        review = next(b for b in sheet.buttons if b.key == "review")
        s.click(review.rect.center)
        viewer = s.app.stack.top
        if not isinstance(viewer, UraganReplay):
            raise RuntimeError("Review this deal opened no viewer")
        _viewer_states(s, viewer, "(Uragan, from the sheet)")
        s.key(pygame.K_ESCAPE)
        if s.app.stack.top is not sheet:
            raise RuntimeError("closing the viewer did not go back to the sheet")
        s.key(pygame.K_s, pygame.KMOD_CTRL)  # Save record, from the table under the sheet
        save = next(b for b in sheet.buttons if b.key == "record")
        with _records_folder():
            s.click(save.rect.center)
            s.check("end-of-deal sheet: the record saved")
    finally:
        mixin.review_iterations = None


@contextlib.contextmanager
def _records_folder() -> Any:
    """Records the smoke saves go to a temporary folder, never the player's documents."""
    old = os.environ.get("SALON_RECORDS_DIR")
    with tempfile.TemporaryDirectory(prefix="salon-smoke-records-") as folder:
        os.environ["SALON_RECORDS_DIR"] = folder
        try:
            yield folder
        finally:
            if old is None:
                os.environ.pop("SALON_RECORDS_DIR", None)
            else:
                os.environ["SALON_RECORDS_DIR"] = old


@visit("review viewer from an opened record")
def _from_record(s: Smoke) -> None:
    import pygame

    from game.looks.resources import resource_path

    mixin = _quick_review()
    try:
        record = json.loads(resource_path("game", "data", "eralash_illustrative.json").read_text("utf-8"))
        with tempfile.TemporaryDirectory(prefix="salon-smoke-") as folder:
            path = os.path.join(folder, "eralash-record.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(record, f)
            s.home()
            s.frames(1, [pygame.event.Event(pygame.DROPFILE, file=path)])  # dropped onto the window
            s.opened("opening a record")
            viewer = s.app.stack.top
            if getattr(viewer, "replay", None) is None:
                raise RuntimeError("a dropped record opened no viewer")
            s.check("replay viewer (Eralash record): choose a seat")
            s.click(next(b for b in viewer.buttons if b.key == "seat1").rect.center)
            _viewer_states(s, viewer, "(Eralash record, seat 2)")
            bad = os.path.join(folder, "bad.json")
            with open(bad, "w", encoding="utf-8") as f:
                json.dump({**record, "players": ["only one"]}, f)
            s.home()
            s.frames(1, [pygame.event.Event(pygame.DROPFILE, file=bad)])
            s.opened()
            if s.app.toast is None or s.app.toast[2] != "warn":
                raise RuntimeError("a bad record was not explained")
            s.check("main menu: a bad record's reason")
    finally:
        mixin.review_iterations = None


@visit("records menu and the records browser")
def _records_menu(s: Smoke) -> None:
    """Records…, then the browser over a folder of records (one good, one damaged), a record opened
    from it, and "Other file…" walking a folder."""
    import pygame

    from game.looks.resources import resource_path

    s.home()
    s.click_button("records")
    s.check("main menu: records")
    folder = str(s.app.records_folder())  # the scratch copy's (salon --smoke), or the test's data folder
    os.makedirs(folder, exist_ok=True)
    record = resource_path("game", "data", "eralash_illustrative.json").read_text("utf-8")
    with open(os.path.join(folder, "eralash-2026-11-29-2010.json"), "w", encoding="utf-8") as f:
        f.write(record)
    with open(os.path.join(folder, "damaged.json"), "w", encoding="utf-8") as f:
        f.write("[" * 5000)
    s.click_button("open_record")
    browser = s.app.stack.top
    if not browser.wait(60.0):
        raise RuntimeError("the records browser never read its folder")
    s.frames(2)
    s.check("records browser")
    rows = [r.name for r in browser.rows]
    browser.choose(rows.index("eralash-2026-11-29-2010.json"))
    s.frames(1)
    s.click_button("open")
    s.opened("records browser: opening a record")
    if getattr(s.app.stack.top, "replay", None) is None:
        raise RuntimeError("the records browser opened no viewer")
    s.check("replay viewer opened from the records browser")
    s.key(pygame.K_ESCAPE)
    if s.app.stack.top is not browser:
        raise RuntimeError("closing the viewer did not go back to the records browser")
    browser.other_home = Path(folder)  # not the player's home: the run stays in its scratch
    s.click_button("other")
    browser.wait(60.0)
    s.frames(2)
    s.check("records browser: other file")


@visit("play deal number")
def _deal_number(s: Smoke) -> None:
    from game.menus.new_game import NewGameScene

    s.home()
    scene = s.push(NewGameScene(s.app))
    scene.press("number")
    s.frames(2)
    s.check("new game: play deal number")
    dialog = s.app.stack.top
    dialog.entry.set_text("0")
    dialog.submit()
    s.check("new game: play deal number, a bad number")

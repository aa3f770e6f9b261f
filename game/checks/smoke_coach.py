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

from game.checks.tour import Smoke, top_scene, uragan_step, visit

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

    from game.review.viewer import ReviewScene, UraganReplay
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
            uragan_step(table)
            s.settle(table)
        sheet = s.app.stack.top
        if not isinstance(sheet, ScoreSheetScene):
            raise RuntimeError("the deal never ended")
        sheet.step = 0.0
        s.frames(2, dt=5.0)
        review = next(b for b in sheet.buttons if b.key == "review")
        s.click(review.rect.center)
        viewer = s.app.stack.top
        if not isinstance(viewer, ReviewScene) or not isinstance(viewer.table, UraganReplay):
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
def _from_record(s: Smoke, names: list[str] | None = None) -> None:
    """``names``: the record's players renamed (the long-name pass)."""
    import pygame

    from game.looks.resources import resource_path
    from game.review.viewer import ReviewScene

    mixin = _quick_review()
    try:
        record = json.loads(resource_path("game", "data", "eralash_illustrative.json").read_text("utf-8"))
        if names:
            record["players"] = names[: len(record["players"])]
        with tempfile.TemporaryDirectory(prefix="salon-smoke-") as folder:
            path = os.path.join(folder, "eralash-record.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(record, f)
            s.home()
            s.frames(1, [pygame.event.Event(pygame.DROPFILE, file=path)])  # dropped onto the window
            s.opened("opening a record")
            viewer = s.app.stack.top
            if not isinstance(viewer, ReviewScene):
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
    from game.review.browser import RecordsScene

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
    browser = top_scene(s.app, RecordsScene)
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
    from game.menus.deal_number_dialog import DealNumberDialog
    from game.menus.new_game import NewGameScene

    s.home()
    scene = s.push(NewGameScene(s.app))
    scene.press("number")
    s.frames(2)
    s.check("new game: play deal number")
    dialog = top_scene(s.app, DealNumberDialog)
    if dialog.entry is None:
        raise RuntimeError("the deal-number dialog shows no entry")
    dialog.entry.set_text("0")
    dialog.submit()
    s.check("new game: play deal number, a bad number")


# --- the coach that teaches: marks, why, Show me how, the decided deal, hints, statistics -------------

PLANTED_WHY = {"en": "It leaves 2♠ 3♠ 4♣ = 9 on the table; both unseen nines sweep it.",
               "ru": "Ход оставляет на столе 2♠ 3♠ 4♣ = 9; обе невышедшие девятки сметают его."}


def _move_json(game: str, move: Any) -> Any:
    from engine.review.verdict import move_json

    return move_json(game, move)


def _line(game: str, match: Any, first: Any, plies: int) -> list[Any]:
    """``first`` and then whoever is to move plays their first legal move (``plies`` in all, fewer
    when the deal ends), as JSON: a line the position allows."""
    m = match.copy()
    deals = len(m.deals_done)
    out, move = [], first
    for _ in range(plies):
        out.append(_move_json(game, move))
        m.play(move)
        if len(m.deals_done) > deals or m.is_over():
            break
        move = m.legal_moves()[0]
    return out


def _why(game: str, step: Any, best: Any, loss: float, deal_loss: float) -> dict[str, str]:
    """The engine's own words for the planted verdict when it has some, else a planted sentence."""
    with contextlib.suppress(Exception):
        from engine.review.why import decision_why

        found = decision_why(game, step.match.view(step.mover), step.next_move, best, loss=loss,
                             deal_loss=deal_loss)
        if found:
            return dict(found)
    return dict(PLANTED_WHY)


def _plant(replay: Any, index: int, plies: int = 4, **fields: Any) -> None:
    """A verdict in the review's format on the decision at ``index``: a mistake, with its why and its
    better line, unless ``fields`` say otherwise."""
    step = replay.steps[index]
    game = replay.game
    best = next((mv for mv in step.match.legal_moves() if mv != step.next_move), step.next_move)
    raw = {"deal": step.deal, "play": 1, "move": step.moves, "played": _move_json(game, step.next_move),
           "best": _move_json(game, best), "loss": 0.079, "win_chance_played": 0.41,
           "win_chance_best": 0.489, "deal_loss": 1.5, "mark": "mistake", "exact": False,
           "line": _line(game, step.match, best, plies)}
    raw.update(fields)
    if "why" not in fields:
        raw["why"] = _why(game, step, best, raw["loss"], raw["deal_loss"])
    replay.add_verdict(raw)


def _whole_deal(game: str) -> tuple[dict[str, Any], Any]:
    """A match of ``game`` played (first legal moves) to the end of its first deal, and its record."""
    from engine.games import game_named

    rules = game_named(game)
    players = ["Аня", "Борис", "Вера", "Глеб"][: max(rules.seat_counts)]
    m = rules.Match.new(rules.Options(), players, 20_26)
    while not m.deals_done:
        m.play(m.legal_moves()[0])
    return m.to_record(), m


def _teaching_viewer(s: Smoke, game: str) -> Any:
    from game.review.viewer import viewer_for

    record, match = _whole_deal(game)
    viewer = viewer_for(s.app, game, match, 0, record=record, review=False)
    viewer.review_state = "done"
    s.push(viewer)
    return viewer


def _show_line(s: Smoke, viewer: Any, label: str, end_label: str) -> None:
    import pygame

    s.key(pygame.K_s)
    if not viewer.showing_line():
        raise RuntimeError("Show me how did not start")
    for _ in range(400):
        if viewer.line_at >= 1 and not viewer.busy():
            break
        s.frames(1, dt=0.1)
    pause = viewer.line_pause
    viewer.line_pause = lambda: float("inf")  # held mid-line while the screen is checked
    try:
        s.check(label)
    finally:
        viewer.line_pause = pause
    for _ in range(600):
        if viewer.line_done() and not viewer.busy():
            break
        s.frames(1, dt=0.1)
    if not viewer.line_done():
        raise RuntimeError("Show me how never reached the end of its line")
    s.check(end_label)
    s.key(pygame.K_ESCAPE)
    if viewer.showing_line() or s.app.stack.top is not viewer:
        raise RuntimeError("Esc did not go back from the line to the game")


@visit("the coach teaches (Uragan)")
def _teaches_uragan(s: Smoke) -> None:
    viewer = _teaching_viewer(s, "uragan")
    replay = viewer.replay
    decisions = replay.decisions()
    _plant(replay, decisions[0], mark="best", loss=0.0, deal_loss=0.0, why=None, line=[])
    _plant(replay, decisions[1], mark="good", loss=0.0, deal_loss=0.2)
    _plant(replay, decisions[2])
    viewer.goto(decisions[2], animate=False)
    s.check("coach (Uragan): a mistake and why")
    _show_line(s, viewer, "coach (Uragan): show me how, mid-line", "coach (Uragan): show me how, its end")
    last = next((i for i in decisions if replay.steps[i].shown.stock_size() == 0), None)
    if last is None:
        raise RuntimeError("the deal has no last-round decision")
    _plant(replay, last, plies=24, exact=True, mark="inaccuracy", deal_loss=0.6, loss=0.004)
    viewer.goto(last, animate=False)
    s.check("coach (Uragan): an exact last-round verdict")
    _show_line(s, viewer, "coach (Uragan): the exact line, mid-way",
               "coach (Uragan): the exact line played to the end of the deal")


@visit("the coach teaches (Eralash)")
def _teaches_eralash(s: Smoke) -> None:
    viewer = _teaching_viewer(s, "eralash")
    replay = viewer.replay
    decisions = replay.decisions()
    _plant(replay, decisions[1], mark="inaccuracy", loss=0.012, deal_loss=0.4)
    viewer.goto(decisions[1], animate=False)
    s.check("coach (Eralash): an inaccuracy and why")
    _show_line(s, viewer, "coach (Eralash): show me how, mid-line", "coach (Eralash): show me how, its end")
    for i in decisions:
        _plant(replay, i, mark="best", loss=0.0, deal_loss=0.0, why=None, line=[])
    replay.decided[1] = True
    replay.scope = {1}
    viewer.goto(decisions[3], animate=False)
    s.check("coach (Eralash): a decided deal")


@visit("a hint with its reason")
def _hint_reason(s: Smoke) -> None:
    from game.uragan.table import UraganTable

    s.home()
    table = UraganTable.new_game(s.app, seed=7, level="novice")
    s.push(table)
    for _ in range(12):  # the first of the player's turns where some move has a reason to give
        s.settle(table)
        if table.can_play_card() and any(table.reason_for_hint(m) for m in table.match.legal_moves()):
            break
        uragan_step(table)
    table.request_hint()
    s.settle(table, until=lambda: table.hint_move is not None and table._hint_request is None)
    if table.hint_reason is None:  # the smoke's bot advised a move the coach has nothing to add to
        for move in table.match.legal_moves():
            reason = table.reason_for_hint(move)
            if reason:
                table.hint_move, table.hint_reason = move, reason
                table.highlight_hint(move)
                break
    if table.hint_reason is None:
        raise RuntimeError("no move of the position has a reason to give")
    s.check("Uragan: a hint with its reason")


@visit("statistics with the coach's chart")
def _stats_chart(s: Smoke) -> None:
    from game.menus.stats_screen import StatsScene
    from game.store.stats import Stats

    s.home()
    if s.app.store is None:
        raise RuntimeError("the smoke has no scratch data folder")
    stats = Stats.load(s.app.store)
    for k in range(16):  # a player getting better: more of each deal's decisions marked best
        best = min(15, 6 + k // 2)
        marks = ["best"] * (best - 1) + ["good"] + ["inaccuracy"] * (16 - best - 1) + ["mistake"]
        for game in ("uragan", "eralash"):
            stats.record_review(game, [0.0] * len(marks), f"smoke-{game}-{k}", marks=marks,
                                deal_losses=[0.3 if m != "best" else 0.0 for m in marks])
    s.push(StatsScene(s.app))
    s.check("Statistics: the coach's accuracy and its chart")

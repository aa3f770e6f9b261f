"""A legal record far longer than any game played at the table (issue 30, item 6): the viewer's steps
hold no copy of the match each (that was O(moves²): 1.6 GB for 19,000 moves), they are laid out on the
helper thread that reads the record, and every position shown is the one the moves lead to."""

from __future__ import annotations

import json
import random
from pathlib import Path

from helpers import app_on_disk

from engine.games import game_named
from game.review.model import KEPT_POSITIONS, Replay


def long_match(moves: int = 1500) -> object:
    rules = game_named("uragan")
    match = rules.Match.new(rules.Options.from_dict({"target": 999}), ["A", "B"], 4, None)
    rng = random.Random(4)
    while len(match.moves) < moves and not match.is_over():
        match.play(rng.choice(match.legal_moves()))
    return match


def test_a_long_record_s_steps_keep_no_match_each_and_show_the_right_positions():
    match = long_match()
    replay = Replay("uragan", match, 0)
    assert len(replay.steps) > len(match.moves)
    assert all(step._match is None for step in replay.steps)  # nothing copied per step
    rules = game_named("uragan")
    for i in (0, 1, 127, 128, 129, 700, len(replay.steps) - 2, len(replay.steps) - 1, 5, 4):
        step = replay.steps[i]
        whole = match.to_save()
        fresh = rules.Match.from_save({**whole, "moves": whole["moves"][: step.moves]})
        assert step.match.to_save() == fresh.to_save(), i
        assert step.shown is (step.match.deals_done[-1] if step.deal_end else step.match.deal)
    for step in replay.steps:  # walking the whole record keeps only the last few positions
        assert step.match is not None
    assert len(replay._made) <= KEPT_POSITIONS


def test_another_seat_takes_the_laid_out_steps_over():
    match = long_match(400)
    replay = Replay("uragan", match, 0)
    other = replay.for_seat(1)
    assert [s.moves for s in other.steps] == [s.moves for s in replay.steps]
    assert other.decisions() == Replay("uragan", match, 1).decisions()
    assert not other.verdicts and other.steps[5].match.to_save() == replay.steps[5].match.to_save()


def test_opening_a_record_lays_its_steps_out_off_the_ui_thread(tmp_path):
    from game.review.open import open_record_async

    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_match(600).to_record()), encoding="utf-8")
    app = app_on_disk(tmp_path / "data")
    try:
        plaque = open_record_async(app, Path(path))
        assert plaque.wait(60)
        assert plaque.replay is not None and len(plaque.replay.steps) > 600  # made on the helper thread
        plaque.update(0.0)
        viewer = app.stack.top
        assert viewer.replay is plaque.replay
    finally:
        app.close()


def test_what_is_cached_from_the_verdicts_follows_them_as_they_arrive_in_pieces():
    replay = Replay("uragan", long_match(400), 0)
    decisions = replay.decisions()
    marks = ("best", "good", "inaccuracy", "mistake")

    def straight_next(index, direction):
        judged = [i for i, s in enumerate(replay.steps) if s.verdict is not None]
        ahead = [i for i in judged if (i - index) * direction > 0]
        return (min(ahead) if direction > 0 else max(ahead)) if ahead else None

    def check():
        assert replay.summary() == replay.worked_out_summary()
        for index in (0, decisions[0], decisions[len(decisions) // 2], len(replay.steps) - 1, 77):
            assert replay.next_decision(index, 1) == straight_next(index, 1), index
            assert replay.next_decision(index, -1) == straight_next(index, -1), index
        for deal in {replay.steps[i].deal for i in decisions}:
            if deal not in replay.decided:
                assert replay.is_decided(deal) == replay.worked_out_decided(deal), deal

    check()
    before = replay.summary()
    for piece in range(0, len(decisions), 7):
        for k, i in enumerate(decisions[piece:piece + 7]):
            step = replay.steps[i]
            replay.add_verdict({"deal": step.deal, "play": 1, "move": step.moves, "loss": 0.03 * k,
                                "mark": marks[(piece + k) % 4], "deal_loss": k,
                                "win_spread": 0.0, "deal_spread": 0.0})
        check()
    assert replay.summary()["judged"] == len(decisions) > before["judged"] == 0
    first = replay.steps[decisions[0]]
    replay.add_verdict({"deal": first.deal, "play": 1, "move": first.moves, "loss": 0.5, "mark": "mistake",
                        "deal_loss": 9})  # judged again: replaces the verdict
    check()
    replay.add_verdict({"deal": first.deal, "decided": False})  # a deal's summary
    check()
    replay.decided[first.deal] = True  # set from a kept review, as control.py does
    check()
    replay.scope = {first.deal}
    check()
    assert replay.summary()["decisions"] < len(decisions)


def test_the_marks_are_placed_by_arithmetic_only_as_far_as_the_panel_shows(tmp_path):
    """The panel lays out the rows it shows (not one box per decision of the record), above the
    navigation and leaving room for the step's lines; the rows shown follow the step; each box, and
    what a click finds, is where a full layout of those rows puts it."""
    import pygame

    from game.review.open import open_viewer
    from game.review.panel import MarkGrid

    match = long_match(3000)
    app = app_on_disk(tmp_path / "data")
    try:
        viewer = open_viewer(app, json.loads(json.dumps(match.to_record())), match)
        viewer.control.choose_seat = False
        viewer.build_buttons()
        surface = pygame.Surface(app.size)
        decisions = viewer.replay.decisions()
        made: list[int] = []
        real_rect = MarkGrid.rect
        for index in (0, decisions[len(decisions) // 2], len(viewer.replay.steps) - 1):
            viewer.goto(index, animate=False)
            made.clear()
            MarkGrid.rect = lambda grid, k: made.append(k) or real_rect(grid, k)  # noqa: E731
            try:
                viewer.panel.cache = None
                viewer.draw(surface)
            finally:
                MarkGrid.rect = real_rect
            grid = viewer.panel.mark_rects()
            assert len(decisions) > 600 and 0 < len(made) <= len(grid) + 1 < len(decisions)
            assert grid.bottom() < viewer.panel.nav_top  # never under the buttons
            current = max([k for k, i in enumerate(decisions) if i <= index] or [0])
            assert current in grid.shown  # the step's own mark is among those shown
            step, per_row, d = grid.step, grid.per_row, 2 * grid.r
            full = [(decisions[k], pygame.Rect(grid.x + k % per_row * step,
                                               grid.top + (k // per_row - grid.first) * step, d, d))
                    for k in grid.shown]
            h = viewer.panel.panel_rect().height
            assert grid.above(h) == [(i, box) for i, box in full if box.top < h]
            assert grid.bottom() == full[-1][1].bottom
            for i, box in full[:40] + full[-5:]:
                for pos in (box.center, box.topleft, (box.right + 1, box.bottom + 1)):
                    first = next((j for j, b in full if b.inflate(4, 4).collidepoint(pos)), None)
                    assert grid.at(pos) == first, (i, pos)
            assert grid.at((grid.x - 10, grid.top)) is None
            i, box = full[7]
            viewer.panel.click_panel(box.center)
            assert viewer.index == i
    finally:
        app.close()


def test_a_record_read_is_kept_out_of_the_collector_while_shown_and_given_back_when_closed(tmp_path):
    """A long record is a quarter of a million objects: the collector's full pass over them froze a
    frame for half a second (the plaque's closing asked for one). Laid out off the UI thread, the
    record is frozen out of the collector's walks while the viewer shows it, the plaque's closing
    collects nothing, and the viewer's closing gives it back."""
    import gc

    import game.memory
    from game.review.open import open_record_async

    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_match(600).to_record()), encoding="utf-8")
    app = app_on_disk(tmp_path / "data")
    collections = []
    real = game.memory.release_free_memory
    game.memory.release_free_memory = lambda force=False: collections.append(app.stack.top) or True
    try:
        app.frame(1 / 60, [])
        gc.unfreeze()
        plaque = open_record_async(app, path)
        assert plaque.wait(60)
        assert plaque.replay.frozen and gc.get_freeze_count() > 0
        assert plaque.replay.summary()["decisions"] == len(plaque.replay.decisions())  # worked out there
        app.frame(1 / 60, [])
        viewer = app.stack.top
        assert viewer.replay is plaque.replay and not collections  # the plaque's closing walks nothing
        viewer.close()
        app.frame(1 / 60, [])
        assert not viewer.replay.frozen and gc.get_freeze_count() == 0
        assert collections  # the viewer's closing: its record is collected
    finally:
        game.memory.release_free_memory = real
        gc.freeze()
        app.close()

"""Statistics: counts, streaks, win rate, doubles and slams, once per game, reset, damaged files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import app_on_disk

from game.store.stats import Record, Stats, opponent_level
from game.store.storage import Store


def test_counts_streaks_and_win_rate(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    for result in ["win", "win", "loss", "win", "shared", "win", "loss"]:
        stats.record("uragan", ["club"], result)
    rec = Stats.load(Store(tmp_path)).get("uragan", "club")
    assert (rec.played, rec.won, rec.shared, rec.lost) == (7, 4, 1, 2)
    assert rec.best_streak == 3 and rec.streak == 0
    assert rec.win_rate == pytest.approx(4.5 / 7)
    assert Stats().get("uragan", "club").win_rate is None


def test_random_histories_keep_the_figures_consistent() -> None:
    rng = random.Random(7)
    for _ in range(200):
        stats = Stats()
        results = [rng.choice(["win", "loss", "shared"]) for _ in range(rng.randrange(1, 30))]
        best = run = 0
        for r in results:
            stats.record("eralash", ["novice"], r)
            run = 0 if r == "loss" else run + 1
            best = max(best, run)
        rec = stats.get("eralash", "novice")
        assert rec.played == len(results) and rec.won == results.count("win")
        assert (rec.streak, rec.best_streak) == (run, best)
        assert Record.from_dict(stats.to_dict()["games"]["eralash"]["novice"]) == rec


def test_mixed_opponents_count_under_the_strongest() -> None:
    assert opponent_level(["novice", "master", "club"]) == "master"
    assert opponent_level(["novice", "novice"]) == "novice"
    stats = Stats()
    stats.record("eralash", ["novice", "club", "novice"], "win", slam=True)
    assert stats.get("eralash", "club").slams == 1
    assert stats.get("eralash", "novice").played == 0


def test_double_wins_slams_and_undo_are_counted() -> None:
    stats = Stats()
    stats.record("uragan", ["master"], "win", double=True)
    stats.record("uragan", ["master"], "loss", double=True)  # a double loss is not a double win
    stats.record("uragan", ["master"], "win", undo=True)
    rec = stats.get("uragan", "master")
    assert (rec.double_wins, rec.with_undo, rec.played) == (1, 1, 3)
    total = stats.total("uragan")
    assert total.played == 3 and total.best_streak == 1


def test_a_game_is_counted_once(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    assert stats.record("uragan", ["club"], "win", game_id="abc")
    again = Stats.load(Store(tmp_path))  # e.g. resumed after a crash before the save was removed
    assert not again.record("uragan", ["club"], "win", game_id="abc")
    assert again.get("uragan", "club").played == 1


def test_reset_clears_and_saves(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    stats.record("uragan", ["club"], "win", game_id="g1")
    stats.reset()
    assert stats.is_empty()
    reloaded = Stats.load(Store(tmp_path))
    assert reloaded.is_empty()
    assert not reloaded.record("uragan", ["club"], "win", game_id="g1")


def test_damaged_record_starts_again_others_kept(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    stats.record("uragan", ["club"], "win")
    stats.record("eralash", ["master"], "loss")
    doc = json.loads((tmp_path / "stats.json").read_text())
    doc["games"]["uragan"]["club"]["won"] = 5  # more wins than games
    (tmp_path / "stats.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    again = Stats.load(store)
    assert again.get("uragan", "club").played == 0
    assert again.get("eralash", "master").played == 1
    assert [n.key for n in store.notices] == ["storage.damaged_part_kept"]
    assert "uragan/club" in store.notices[0].params["what"]
    (aside,) = tmp_path.glob("stats.corrupt-*.json")
    assert json.loads(aside.read_text()) == doc  # the file as it was, kept for the player


@pytest.mark.parametrize("section", [
    {"games": []}, {"games": {"uragan": 7}}, {"games": {"uragan": {"club": "many"}}},
    {"recorded_ids": {"a": 1}}, {"recorded_ids": [1, "x"]},
    {"games": {"uragan": {"club": {"played": 10**30}}}},
])
def test_a_wrong_typed_section_is_set_aside_with_a_notice(tmp_path: Path, section: dict) -> None:
    (tmp_path / "stats.json").write_text(json.dumps({"version": 1, **section}))
    store = Store(tmp_path)
    stats = Stats.load(store)
    assert stats.is_empty()
    assert [n.key for n in store.notices] == ["storage.damaged_part_kept"]
    assert len(list(tmp_path.glob("stats.corrupt-*.json"))) == 1
    stats.record("uragan", ["club"], "win")  # the good parts go on being saved
    assert Stats.load(Store(tmp_path)).get("uragan", "club").played == 1


def test_unknown_result_is_refused() -> None:
    with pytest.raises(ValueError):
        Stats().record("uragan", ["club"], "draw")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Stats().record("whist", ["club"], "win")


# --- the Statistics screen (headless) -----------------------------------------------------------

def test_cells_and_russian_summary() -> None:
    from game.menus.stats_screen import cell, summary
    from game.words import i18n

    rec = Record(played=4, won=1, shared=1, streak=2, best_streak=2, slams=1)
    assert [cell(rec, c) for c in ("played", "won", "rate", "best", "slams")] == ["4", "1½", "38%", "2", "1"]
    assert cell(Record(), "played") == "—"
    stats = Stats()
    for r in ["win"] * 5 + ["loss"] * 16:
        stats.record("uragan", ["club"], r)
    before = i18n.get_language()
    try:
        i18n.set_language("ru")
        assert summary(stats, "uragan") == "Окончена 21 партия, выиграно 5, лучшая серия: 5 побед подряд"
        i18n.set_language("en")
        assert summary(stats, "uragan") == "21 games finished, 5 won, best streak: 5 wins in a row"
        assert summary(Stats(), "eralash") == i18n.t("stats.empty")
    finally:
        i18n.set_language(before)


def test_stats_screen_reset_needs_confirmation(tmp_path: Path) -> None:
    import pygame
    import pygame_gui

    from game.menus.stats_screen import StatsScene

    Stats.load(Store(tmp_path)).record("eralash", ["master"], "win", slam=True)
    app = app_on_disk(tmp_path)
    try:
        scene = app.stack.push(StatsScene(app))
        app.frame(0.016, [])
        assert scene.stats.get("eralash", "master").slams == 1
        press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["reset"])
        app.frame(0.016, [press])
        assert scene.dialog is not None
        app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        assert scene.dialog is None and not Stats.load(Store(tmp_path)).is_empty()  # cancelled
        app.frame(0.016, [press])
        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                             ui_element=scene.dialog)])
        assert Stats.load(Store(tmp_path)).is_empty()
        assert not scene.buttons["reset"].is_enabled
    finally:
        app.close()

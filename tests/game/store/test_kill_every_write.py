"""Nothing lost at any instant: a real process doing New game, the end of a match, the end of a review or
a Settings change (a forked child of the test, the modules loaded once) is killed (SIGKILL, by itself:
``$SALON_KILL_AT=N`` kills it just before its Nth change of the data folder) at every change it makes,
in both games. After each kill the next start (``settle_finished_game``, then what the menu offers)
must find every game either counted once or resumable: never both, never neither, never counted
twice; a counted result has its record kept (``last_game.json``); a counted review is never lost,
even if its verdicts were not yet kept.

The kill points are counted from a whole run (``$SALON_KILL_LOG``), so a new write in these paths is
a new kill point without touching this file."""

from __future__ import annotations

import json
import os
import shutil
import signal
from pathlib import Path
from typing import Any

import pytest
from helpers import to_one_move_from_the_end

from game.store import storage
from game.store.saves import Session, has_saved_game, load_game, settle_finished_game
from game.store.stats import Stats
from game.store.storage import Store

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")]

SETUPS: dict[str, dict[str, Any]] = {
    "uragan": {"options": {"target": 1}, "names": ["Анна", "Павел"], "seats": [None, "club"]},
    "eralash": {"options": {"target": 1}, "names": ["Анна", "Павел", "Юлия"],
                "seats": [None, "club", "novice"]},
}

def drive(folder: Path, scenario: str, game: str) -> None:
    """One scenario, as the app does it (in the forked child)."""
    from game.store.saves import end_match
    from game.store.settings import Settings

    setup = SETUPS[game]
    store = Store(folder)
    if scenario == "new":  # New game over a game in progress (abandoned: a loss)
        Session.new(store, game, setup["options"], setup["names"], setup["seats"], seed=77)
    elif scenario == "end":  # the last move, then the end of the match as the table does it
        session = Session.resume(store)
        assert session is not None
        session.play(session.match.legal_moves()[0])
        store.flush()
        end_match(store, session, Stats.load(store))
    elif scenario == "review":  # the end of a review as ReviewControl.on_done: counted, then kept
        session = Session.resume(store)
        assert session is not None
        Stats.load(store).record_review(game, [0.25, 0.0], "review-key", marks=["mistake", "best"])
        session.keep_review(1, 0, len(session.match.moves), [{"loss": 0.25}, {"loss": 0.0}], None, True)
    elif scenario == "settings":
        Settings.load(store).set("volume", 0.3)
    store.flush()


def run_driver(folder: Path, scenario: str, game: str, kill_at: int | None = None,
               log: Path | None = None) -> int:
    """Run ``drive`` in a forked child process (the modules are loaded once, here); its exit status,
    negative for the signal that ended it."""
    Store(folder).flush()  # the writer thread idle before the fork
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            storage._changes[0] = 0
            os.environ.pop(storage.KILL_ENV, None)
            os.environ.pop("SALON_KILL_LOG", None)
            if kill_at is not None:
                os.environ[storage.KILL_ENV] = str(kill_at)
            if log is not None:
                os.environ["SALON_KILL_LOG"] = str(log)
            drive(folder, scenario, game)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    if kill_at is None:
        assert code == 0, f"the {scenario} run failed ({code})"
    return code


def one_move_from_the_end(folder: Path, game: str) -> Session:
    """A saved game, the human's card played, one move (the first legal one) from its end."""
    store = Store(folder)
    setup = SETUPS[game]
    session = Session.new(store, game, setup["options"], setup["names"], setup["seats"], seed=5)
    to_one_move_from_the_end(session.match)
    session.match = session.match  # the moves' JSON taken again from the match
    assert session.player_has_played()
    session.save(background=False)
    store.flush()
    return session


def counted(folder: Path, game_id: str) -> int:
    """How many times the statistics count ``game_id``'s game (played, beyond the template's)."""
    stats = Stats.load(Store(folder))
    return stats.recorded_ids.count(game_id)


def next_start(folder: Path) -> Store:
    """What the next start does before the menu: settle a finished game left saved."""
    store = Store(folder)
    settle_finished_game(store)
    store.flush()
    return store


def kill_points(template: Path, scenario: str, game: str, work: Path) -> int:
    folder = work / "count"
    shutil.copytree(template, folder)
    log = work / "changes.log"
    run_driver(folder, scenario, game, log=log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines, "the run changed nothing on disk"
    return len(lines)


def each_kill(template: Path, scenario: str, game: str, work: Path) -> list[tuple[int, Path]]:
    points = kill_points(template, scenario, game, work)
    out = []
    for n in range(1, points + 1):
        folder = work / f"kill-{n}"
        shutil.copytree(template, folder)
        code = run_driver(folder, scenario, game, kill_at=n)
        assert code == -signal.SIGKILL, f"kill point {n} of {points}: the process was not killed ({code})"
        out.append((n, folder))
    return out


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_new_game_killed_at_every_write_abandons_the_old_game_once_or_leaves_it_resumable(tmp_path, game):
    template = tmp_path / "template"
    old = one_move_from_the_end(template, game).saved.game_id
    results = []
    for n, folder in each_kill(template, "new", game, tmp_path):
        store = next_start(folder)
        times = counted(folder, old)
        saved = load_game(store)
        resumable = saved is not None and saved.game_id == old and has_saved_game(store)
        played = Stats.load(store).total(game).played
        results.append((n, times, resumable))
        assert (times, resumable) in ((1, False), (0, True)), f"kill {n}: {times}×, resumable {resumable}"
        assert played == times, f"kill point {n}: {played} games counted"
    assert {r[1] for r in results} == {0, 1}, results  # both outcomes were met along the way
    print(f"New game, {game}: {len(results)} kill points, 0 lost, 0 counted twice")


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_the_end_of_a_match_killed_at_every_write_is_counted_once_or_resumable(tmp_path, game):
    template = tmp_path / "template"
    session = one_move_from_the_end(template, game)
    gid = session.saved.game_id
    final = session.match.copy()
    final.play(final.legal_moves()[0])
    record = final.to_record()
    results = []
    for n, folder in each_kill(template, "end", game, tmp_path):
        store = next_start(folder)
        times = counted(folder, gid)
        saved = load_game(store)
        resumable = saved is not None and saved.game_id == gid and has_saved_game(store)
        results.append((n, times, resumable))
        assert (times, resumable) in ((1, False), (0, True)), f"kill {n}: {times}×, resumable {resumable}"
        assert Stats.load(store).total(game).played == times
        if times:  # the game just finished can still be saved as a record (the menu offers it)
            kept = json.loads((folder / "last_game.json").read_text(encoding="utf-8"))
            assert kept["deals"] == json.loads(json.dumps(record))["deals"], f"kill point {n}"
            assert not (folder / "save.json").exists(), f"kill point {n}: a counted game left its save"
    assert {r[1] for r in results} == {0, 1}, results
    print(f"end of a match, {game}: {len(results)} kill points, 0 lost, 0 counted twice")


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_the_end_of_a_review_killed_at_every_write_never_loses_the_deal_s_accuracy(tmp_path, game):
    template = tmp_path / "template"
    one_move_from_the_end(template, game)
    results = []
    for n, folder in each_kill(template, "review", game, tmp_path):
        store = next_start(folder)
        stats = Stats.load(store)
        counted_once = stats.reviewed_ids.count("review-key")
        saved = load_game(store)
        kept = saved is not None and "1" in saved.reviews
        results.append((n, counted_once, kept))
        assert counted_once in (0, 1) and stats.accuracy[game]["decisions"] == 2 * counted_once
        # kept verdicts mean the review is not offered again: they must have been counted
        assert not kept or counted_once == 1, f"kill point {n}: the verdicts are kept, the accuracy is lost"
    print(f"end of a review, {game}: {len(results)} kill points, 0 lost, 0 counted twice")


def test_settings_killed_at_every_write_keep_the_old_or_the_new_value(tmp_path):
    from game.store.settings import Settings

    template = tmp_path / "template"
    Settings.load(Store(template)).set("volume", 0.7)
    Store(template).flush()
    seen = set()
    kills = each_kill(template, "settings", "uragan", tmp_path)
    for n, folder in kills:
        store = Store(folder)
        volume = Settings.load(store).volume
        assert not store.notices, f"kill point {n}: {[x.key for x in store.notices]}"
        assert volume in (0.7, 0.3), f"kill point {n}: volume {volume}"
        seen.add(volume)
    assert seen == {0.7}  # every kill came before the new file took the old one's place
    print(f"Settings: {len(kills)} kill points, the old value kept at each")

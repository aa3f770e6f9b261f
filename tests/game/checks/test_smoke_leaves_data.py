"""``salon --smoke`` reads the player's data folder but plays on a scratch copy: every file is left
byte for byte as it was, with both games in progress; a file the run wrote that did not read back is
reported (a planted one is caught); the crafted Uragan deal of the story visit replays from its save."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

from game.store.records import LAST_GAME_FILE
from game.store.saves import Session
from game.store.settings import Settings
from game.store.stats import Stats
from game.store.storage import Store


def _snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Every entry under ``folder``: its bytes' digest and mode (a file added, changed or gone shows)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        out[str(path.relative_to(folder))] = (digest, st.st_mode)
    return out


def _player_folder(folder: Path, playing: str) -> Path:
    """A folder as a player leaves it: settings changed, statistics, the last finished game, a record
    in records/ (portable mode), and a game of ``playing`` in progress in save.json."""
    store = Store(folder)
    Settings.load(store).update({"player_name": "Анна", "animation_speed": "slow", "card_back": "classic"})
    stats = Stats.load(store)
    stats.record("uragan", ["club"], "win", game_id="u1")
    stats.record("eralash", ["master"], "loss", game_id="e1")
    other = Session(None, *_uragan_or_eralash("eralash" if playing == "uragan" else "uragan"))
    record = json.dumps(other.match.to_record(), ensure_ascii=False)
    (folder / LAST_GAME_FILE).write_text(record, "utf-8")
    (folder / "records").mkdir()
    (folder / "records" / "uragan-2026-11-30-1604.json").write_text(record, "utf-8")
    seats = [None, "club"] if playing == "uragan" else [None, "club", "novice"]
    session = Session.new(store, playing, {}, ["Анна", "Павел", "Юлия"][: len(seats)], seats, seed=4)
    for _ in range(9):
        session.play(session.match.legal_moves()[0])
    store.flush()
    return folder


def _uragan_or_eralash(game: str) -> tuple[object, object]:
    seats = [None, "club"] if game == "uragan" else [None, "club", "novice"]
    session = Session.new(None, game, {}, ["Анна", "Павел", "Юлия"][: len(seats)], seats, seed=3)
    for _ in range(7):
        session.play(session.match.legal_moves()[0])
    return session.saved, session.match


def _smoke(folder: Path, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env_extra or {})}
    env.pop("SALON_RECORDS_DIR", None)
    return subprocess.run([sys.executable, "-m", "game", "--smoke", "--size", "960x600", "--lang", "ru",
                           "--data-dir", str(folder)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("playing", ["uragan", "eralash"])
def test_smoke_leaves_a_real_data_folder_byte_for_byte(tmp_path, playing):
    folder = _player_folder(tmp_path / "data", playing)
    before = _snapshot(folder)
    assert "save.json" in before and "records/uragan-2026-11-30-1604.json" in before
    home = tmp_path / "home"
    home.mkdir()
    done = _smoke(folder, {"HOME": str(home), "XDG_DOCUMENTS_DIR": str(home / "Documents")})
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 0, (report, done.stderr[-2000:])
    assert report["problems"] == [] and report["screens"] > 50
    assert _snapshot(folder) == before  # nothing added (no save.corrupt-*), changed or removed
    assert list(home.rglob("*")) == []  # and no record saved in the documents folder either


def test_a_file_set_aside_during_the_run_is_a_problem_and_the_players_own_damage_is_not(tmp_path):
    from game.checks.smoke import damaged_already, set_aside_problems

    folder = tmp_path / "scratch"
    folder.mkdir()
    (folder / "stats.json").write_text("{broken", encoding="utf-8")  # the player's own damage
    damaged = damaged_already(folder)
    assert damaged == {"stats"}
    (folder / "stats.corrupt-20261201-101010.json").write_text("{broken", encoding="utf-8")
    assert set_aside_problems(folder, (960, 600), damaged) == []
    (folder / "save.corrupt-20261201-101011.json").write_text("{}", encoding="utf-8")  # planted: the run's
    found = set_aside_problems(folder, (960, 600), damaged)
    assert len(found) == 1 and "save.corrupt-20261201-101011.json" in found[0]["what"]


def test_the_crafted_uragan_story_deal_replays_from_its_save(tmp_path):
    from game.app import build_parser
    from game.checks.smoke import smoke
    from game.store.saves import load_game

    args = build_parser().parse_args(["--smoke", "--lang", "ru", "--data-dir", str(tmp_path)])
    report = smoke(args, (960, 600), only=lambda name: name == "Uragan story")
    assert report["problems"] == []
    store = Store(tmp_path)
    saved = load_game(store)
    assert saved is not None and store.notices == []  # before: "A four must take a four…", set aside
    assert saved.match.get("deals")  # the crafted cards are in the save, not only the seed
    assert not [p for p in os.listdir(tmp_path) if ".corrupt-" in p]

"""The menus and Statistics at 200 % text in the smallest window laid out for it (1920×1080), and
``--smoke-only`` (issue 31: the screens that are not tables reflow, nothing overlaps or is cut)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.checks.smoke import only_named

pytestmark = pytest.mark.slow

SCREENS = "main menu,new game,Settings,Statistics"


def test_smoke_only_keeps_the_visits_named_by_their_start():
    only = only_named(" main menu, Statistics")
    assert only is not None
    assert only("main menu") and only("Statistics per match") and not only("Uragan table")
    assert only_named("") is None and only_named(None) is None


# In a process of its own, as the contract's command (a fresh app, not what an earlier test left).
def test_the_menus_and_statistics_are_clean_at_200_percent(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--data-dir", str(tmp_path), "--lang", "ru",
         "--size", "1920x1080", "--text-size", "200", "--smoke-only", SCREENS],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["problems"] == [] and done.returncode == 0
    # every screen of the visits named, and no other: the menu, New game's five forms, Settings' four
    # pages, both Statistics sheets (one at a time at this size) with Eralash by table
    assert 12 <= report["screens"] <= 16

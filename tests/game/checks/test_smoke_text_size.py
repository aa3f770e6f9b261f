"""``salon --smoke --text-size N`` walks every screen at that size, and the layout is clean (issue 31)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


# Run as the contract's command, in a process of its own: the smoke is then judged on a fresh app, not on
# whatever an earlier test of the same worker left in the modules' state (a notice still showing).
@pytest.mark.parametrize(("size", "lang", "text_size"), [("1280x800", "ru", 150), ("960x600", "en", 125)])
def test_the_smoke_is_clean_at_a_larger_text_size(tmp_path, size, lang, text_size):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--data-dir", str(tmp_path), "--lang", lang, "--size", size,
         "--text-size", str(text_size)],
        capture_output=True, text=True, env=env, timeout=900, check=False,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["problems"] == [] and done.returncode == 0
    assert report["screens"] > 100

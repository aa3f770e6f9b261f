"""The tables at 200 % text in the smallest window laid out for it (1920×1080): the sheets over the
tables and the Eralash deal with three players and in pairs (the declarations plaque, the trump choice)
hold together (issue 31). A few of the smoke's visits, in a process of their own (a fresh app)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

VISITS = ("Uragan end of game", "Eralash table, 2, 3 players and pairs")

SCRIPT = """
import json, sys
from game.app import parse_args
from game.checks.smoke import smoke
data, lang, visits = sys.argv[1], sys.argv[2], sys.argv[3:]
args = parse_args(["--data-dir", data, "--lang", lang, "--size", "1920x1080", "--text-size", "200",
                   "--smoke"])
report = smoke(args, (1920, 1080), only=lambda name: name in visits)
print(json.dumps(report, ensure_ascii=False))
"""


@pytest.mark.parametrize("lang", ["en"])
def test_the_tables_hold_together_at_200_per_cent(tmp_path, lang):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SALON_RECORDS_DIR": str(tmp_path / "records")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "data"), lang, *VISITS],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["problems"] == [], report["problems"]
    # the visits ran to their ends: both sheets of Uragan's last deal and every Eralash prompt were seen
    assert report["screens"] >= 15

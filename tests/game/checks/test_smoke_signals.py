"""SIGTERM (or Ctrl+C) ends ``salon --smoke`` as it ends the app: at once, one line, its scratch folder
gone. Each visit's app used to take the signal for itself alone, and the tour went on to the next."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_sigterm_stops_the_whole_tour_and_leaves_no_scratch_folder(tmp_path):
    scratch_parent = tmp_path / "tmp"
    scratch_parent.mkdir()
    env = dict(os.environ, TMPDIR=str(scratch_parent), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--smoke", "--size", "960x600", "--data-dir", str(tmp_path / "data")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not any(p.name.startswith("salon-smoke-") for p in scratch_parent.iterdir()):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the tour never started"
            time.sleep(0.05)
        time.sleep(1.0)  # (into the first visits: any moment will do, this one is not at the very start)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 128 + signal.SIGTERM
    assert "salon --smoke: stopped by signal 15" in err and out == ""
    assert not any(p.name.startswith("salon-smoke-") for p in scratch_parent.iterdir())

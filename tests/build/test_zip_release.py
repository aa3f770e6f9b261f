"""tools/zip_release.py: the release archive keeps the folder's name, executables and symlinks, and a
budget it exceeds fails the step."""

from __future__ import annotations

from places import ROOT
import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

TOOL = ROOT / "tools" / "zip_release.py"


def _app(tmp_path: Path) -> Path:
    app = tmp_path / "salon"
    (app / "_internal" / "sprites").mkdir(parents=True)
    (app / "salon").write_bytes(b"\x7fELF" + os.urandom(2000))  # incompressible, ~2 kB
    (app / "salon").chmod(0o755)
    (app / "_internal" / "sprites" / "a.svg").write_text("<svg/>" * 100, encoding="utf-8")
    return app


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60)


def test_the_archive_holds_the_folder_by_name_with_its_modes(tmp_path: Path):
    app = _app(tmp_path)
    done = _run(str(app), str(tmp_path / "out.zip"), "--budget-mb", "1")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["files"] == 2 and report["zipped_bytes"] == (tmp_path / "out.zip").stat().st_size
    with zipfile.ZipFile(tmp_path / "out.zip") as zf:
        names = zf.namelist()
        assert "salon/salon" in names and "salon/_internal/sprites/a.svg" in names
        if sys.platform != "win32":  # Windows has no executable bit to keep
            assert (zf.getinfo("salon/salon").external_attr >> 16) & stat.S_IXUSR


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_symlinks_stay_links(tmp_path: Path):
    app = tmp_path / "Salon.app" / "Contents"
    (app / "Resources").mkdir(parents=True)
    (app / "Resources" / "lib.dylib").write_bytes(b"x")
    (app / "Frameworks").mkdir()
    os.symlink("../Resources/lib.dylib", app / "Frameworks" / "lib.dylib")
    assert _run(str(tmp_path / "Salon.app"), str(tmp_path / "mac.zip"), "--budget-mb", "1").returncode == 0
    with zipfile.ZipFile(tmp_path / "mac.zip") as zf:
        info = zf.getinfo("Salon.app/Contents/Frameworks/lib.dylib")
        assert stat.S_ISLNK(info.external_attr >> 16)
        assert zf.read(info) == b"../Resources/lib.dylib"


def test_an_archive_over_its_budget_fails(tmp_path: Path):
    app = _app(tmp_path)
    done = _run(str(app), str(tmp_path / "out.zip"), "--budget-mb", "0.001")  # 1 kB
    assert done.returncode == 1
    assert "over the budget" in done.stderr


def test_a_missing_folder_is_a_usage_error(tmp_path: Path):
    done = _run(str(tmp_path / "nothing"), str(tmp_path / "out.zip"), "--budget-mb", "1")
    assert done.returncode == 2 and done.stderr.count("\n") == 1

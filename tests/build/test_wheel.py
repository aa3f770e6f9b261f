"""The wheel: built from the checkout's files, it holds every asset the app uses; installed (not editable)
into a fresh virtualenv and run from outside the checkout, ``salon --version`` and ``salon --smoke`` work.

One build and one install per test module (~20 s plus two smoke runs); dependencies come from the
configured package index.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from shipping import (
    LANGS,
    ROOT,
    assert_smoke_like_the_checkout,
    assert_spoke,
    isolated_env,
    run_smoke,
    speech_log_args,
)

from game.looks.sound import NAMES as SOUNDS
from game.version import version

pytestmark = pytest.mark.slow

BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""
# (folder in the checkout, pattern): every such file must be in the wheel at the same path
ASSETS = [
    ("sprites", "*.svg"),
    ("sprites/icon", "salon*.png"),
    ("sounds", "*.wav"),
    ("game/fonts", "*.ttf"),
    ("game/themes", "*.json"),
    ("game/i18n", "*.json"),
    ("game/rules", "*.md"),
    ("game/data", "*"),
]


def _checkout_files() -> list[str]:
    """The checkout as a fresh clone would have it (tracked and new files, nothing ignored)."""
    done = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True
    )
    return [name for name in done.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("clean-checkout")
    for name in _checkout_files():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_bytes((ROOT / name).read_bytes())
    out = tmp_path_factory.mktemp("wheelhouse")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-w", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    (built,) = out.glob("salon-*.whl")
    return built


@pytest.fixture(scope="module")
def names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


@pytest.fixture(scope="module")
def salon(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``salon`` command of a fresh virtualenv (no system site-packages) with the wheel installed."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / BIN / f"python{EXE}"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return venv / BIN / f"salon{EXE}"


def test_the_wheel_holds_the_card_art_sounds_rules_and_icon(names: set[str]):
    assert len([n for n in names if n.startswith("sprites/") and n.endswith(".svg")]) >= 200
    assert {f"sounds/{s}.wav" for s in SOUNDS} <= names
    assert {"game/rules/rules.ru.md", "game/rules/rules.en.md"} <= names
    assert {"sprites/icon/salon.svg", "sprites/icon/salon-256.png"} <= names


@pytest.mark.parametrize(("folder", "pattern"), ASSETS)
def test_every_asset_of_the_checkout_is_in_the_wheel(names: set[str], folder: str, pattern: str):
    source = {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob(pattern) if p.is_file()}
    assert source, f"nothing matches {folder}/{pattern}"
    assert source - names == set()


def test_the_wheel_holds_no_tests_tools_or_build_leftovers(names: set[str]):
    tops = {n.split("/")[0] for n in names}
    assert tops == {"engine", "game", "sprites", "sounds", f"salon-{version()}.dist-info"}


def test_the_installed_salon_prints_its_version(salon: Path, tmp_path: Path):
    done = subprocess.run([str(salon), "--version"], cwd=tmp_path, env=isolated_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"salon {version()}"


def test_the_installed_app_uses_its_own_files_not_the_checkouts(salon: Path, tmp_path: Path):
    python = salon.parent / f"python{EXE}"
    code = "import game, sprites, sounds\nfor m in (game, sprites, sounds): print(m.__file__)"
    done = subprocess.run([str(python), "-c", code], cwd=tmp_path, env=isolated_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        assert "site-packages" in line and not Path(line).is_relative_to(ROOT)


@pytest.mark.parametrize("lang", LANGS)
def test_the_installed_salon_passes_smoke_like_the_checkout(salon: Path, tmp_path: Path, lang: str):
    home = tmp_path / "home"
    code, report, stderr = run_smoke([str(salon)], home, lang, *speech_log_args(home))
    assert report["screens"] >= 20
    assert_smoke_like_the_checkout(code, report, stderr, lang)
    assert_spoke(home, lang)  # the installed app speaks to the log backend (--speech-log)

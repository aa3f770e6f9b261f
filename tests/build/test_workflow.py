"""The release workflow: actionlint (with shellcheck on its run: steps) passes on it and catches planted
faults, and the workflow does what the release needs (triggers, platforms, the README's commands, the
frozen smoke, the size budget, artefacts and release assets)."""

from __future__ import annotations

from places import ROOT
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SCRIPTS = Path(sysconfig.get_path("scripts"))


def _actionlint(*files: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("actionlint", path=str(SCRIPTS)) or shutil.which("actionlint")
    assert exe, "actionlint is a [dev] dependency: pip install -e .[dev]"
    env = {**os.environ, "PATH": f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}"}  # its shellcheck
    return subprocess.run([exe, "-no-color", *map(str, files)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_actionlint_passes_on_every_workflow():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert WORKFLOW in workflows
    done = _actionlint(*workflows)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("good", "bad", "caught"),
    [
        ("name: Salon-${{ matrix.name }}", "name: Salon-${{ matrix.nmae }}", "nmae"),  # a typo'd matrix key
        # shellcheck: an unquoted command substitution
        ("test \"$(tr -d '\\r' < version.txt)\"", "test $(tr -d '\\r' < version.txt)", "SC2046"),
        ("actions/upload-artifact@v6", "actions/upload-artifact@v2", "upload-artifact@v2"),  # a dead action
    ],
)
def test_actionlint_catches_a_planted_fault(tmp_path: Path, good: str, bad: str, caught: str):
    text = WORKFLOW.read_text(encoding="utf-8")
    assert good in text
    planted = tmp_path / ".github" / "workflows" / "release.yml"
    planted.parent.mkdir(parents=True)
    planted.write_text(text.replace(good, bad, 1), encoding="utf-8")
    done = _actionlint(planted, cwd=tmp_path)
    assert done.returncode == 1
    assert caught in done.stdout


def _readme_command(heading: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split(heading, 1)[1]
    return re.search(r"```sh\n(.+?)\n```", block, re.S).group(1).strip()


def test_the_workflow_ships_every_platform_the_readme_way():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r'^  push:\n    tags: \["v\*"\]\n  workflow_dispatch:', text, re.M)
    for os_label in ("windows-latest", "macos-latest", "macos-15-intel", "ubuntu-22.04"):
        assert f"- os: {os_label}\n" in text
    tests_command = _readme_command("**Install and run the tests**")
    assert f"run: {tests_command}" in text
    assert f"run: {_readme_command('**Build the executable**').split('&& ')[-1]}" in text
    for needed in ("--smoke --lang", "tools/zip_release.py", "--budget-mb", "actions/upload-artifact@",
                   "softprops/action-gh-release@", "if: github.ref_type == 'tag'"):
        assert needed in text


def _job(text: str, name: str) -> str:
    """The lines of one job of the workflow, up to the next job."""
    return re.search(rf"^  {name}:\n(.*?)(?=^  \S|\Z)", text, re.M | re.S).group(1)


def test_the_tests_run_on_every_supported_python_with_mypy():
    tests = _job(WORKFLOW.read_text(encoding="utf-8"), "tests")
    matrix = re.search(r"^        python: \[(.*)\]$", tests, re.M)
    assert matrix, tests
    assert [v.strip().strip('"') for v in matrix.group(1).split(",")] == ["3.11", "3.12", "3.13", "3.14"]
    assert "python-version: ${{ matrix.python }}" in tests
    assert "run: bash .ci/run" in tests
    assert "run: python -m mypy" in tests


@pytest.mark.parametrize(("good", "bad"), [(', "3.14"]', "]"), ("run: python -m mypy", "run: python -m ruff")])
def test_the_python_check_catches_a_missing_version_or_mypy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            good: str, bad: str):
    text = WORKFLOW.read_text(encoding="utf-8")
    assert good in text
    planted = tmp_path / "release.yml"
    planted.write_text(text.replace(good, bad, 1), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "WORKFLOW", planted)
    with pytest.raises(AssertionError):
        test_the_tests_run_on_every_supported_python_with_mypy()

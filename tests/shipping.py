"""Helpers for the tests of what Salon ships (the wheel, the frozen app): run a built ``salon`` away from
the checkout with the user folders redirected, and the checkout's own ``--smoke`` report to compare with."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ru", "en")


def isolated_env(home: Path) -> dict[str, str]:
    """The environment for a built app: headless, and every user folder inside ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "SALON_"))}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "AppData" / "Roaming"),
        LOCALAPPDATA=str(home / "AppData" / "Local"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
    )
    return env


def json_line(stdout: str) -> dict:
    lines = [line for line in stdout.splitlines() if line.strip().startswith("{")]
    assert lines, f"no JSON line on stdout:\n{stdout[-2000:]}"
    return json.loads(lines[-1])


def run_smoke(command: list[str], home: Path, lang: str, *extra: str) -> tuple[int, dict, str]:
    """``command --smoke --lang LANG [extra]`` run from ``home``: (exit code, the report without timing,
    stderr)."""
    home.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [*command, "--smoke", "--lang", lang, "--data-dir", str(home / "data"), *extra],
        cwd=home,  # away from the checkout, so nothing can be found there by accident
        env=isolated_env(home),
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = json_line(done.stdout)
    report.pop("seconds", None)
    return done.returncode, report, done.stderr


@functools.cache
def reference_smoke(lang: str) -> dict:
    """The checkout's own ``python -m game --smoke`` report: a built app must give the same one (until
    every screen is clean this holds the known layout problems, which are not the build's fault).
    Made once per test run: the wheel's and the frozen app's tests may sit in two xdist workers, which
    then share it through a file named for the run."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return _checkout_smoke(lang)
    from filelock import FileLock

    shared = Path(tempfile.gettempdir()) / f"salon-smoke-ref-{run}-{lang}.json"
    with FileLock(f"{shared}.lock"):
        if shared.exists():
            return json.loads(shared.read_text(encoding="utf-8"))
        report = _checkout_smoke(lang)
        shared.write_text(json.dumps(report), encoding="utf-8")
        return report


def _checkout_smoke(lang: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="salon-smoke-ref-") as tmp:
        _, report, stderr = run_smoke([sys.executable, "-m", "game"], Path(tmp), lang)
    assert report["screens"] > 0, stderr
    return report


def assert_smoke_like_the_checkout(code: int, report: dict, stderr: str, lang: str) -> None:
    assert "Traceback" not in stderr, stderr[-4000:]
    assert code == (0 if not report["problems"] else 1), stderr[-2000:]
    reference = reference_smoke(lang)
    only_here = [p for p in report["problems"] if p not in reference["problems"]]
    only_there = [p for p in reference["problems"] if p not in report["problems"]]
    assert (report["screens"], only_here, only_there) == (reference["screens"], [], []), (
        "the built app's smoke differs from the checkout's (screens; problems only in the built app; "
        "problems only in the checkout)"
    )


def speech_log_args(home: Path) -> tuple[str, ...]:
    """``--speech-log FILE`` for a smoke run from ``home`` (the app speaks to the log backend)."""
    return ("--speech-log", str(home / "speech.jsonl"))


def assert_spoke(home: Path, lang: str) -> None:
    """The smoke run from ``home`` wrote announcements to its speech log, one JSON line each, in ``lang``
    (docs/records.md, ``salon --speech-log``)."""
    lines = (home / "speech.jsonl").read_text(encoding="utf-8").splitlines()
    said = [json.loads(line) for line in lines]
    assert said, "the app said nothing to --speech-log"
    kinds = {"focus", "screen", "turn", "move", "deal", "score", "end", "refused", "coach", "answer"}
    assert all(set(x) == {"kind", "text", "lang"} and x["kind"] in kinds and x["text"] for x in said)
    assert {x["lang"] for x in said} == {lang} and {"deal", "move"} <= {x["kind"] for x in said}

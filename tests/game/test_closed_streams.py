"""The command lines on real closed and full streams, real FIFOs and devices, and real signals: one line
on stderr and a non-zero status, never a traceback, a hang or a silent success (issue 30, items 9-12)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shells, FIFOs and /dev/full")

PY = shlex.quote(sys.executable)


def shell(command: str, timeout: float = 60.0, env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess[str]:
    base = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**base, **(env or {})})


def one_line_refusal(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


@pytest.fixture
def record(tmp_path: Path) -> Path:
    from engine.games import game_named

    module = game_named("uragan")
    match = module.Match.new(module.Options.from_dict({"target": 1}), ["A", "B"], 3, None)
    while not match.is_over():
        match.play(match.legal_moves()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["replay {record}",
                                     "arena --game uragan --bots random,random --games 1 --seed 1"])
def test_the_engine_command_line_with_stdout_closed_is_one_line_and_status_2(record, command):
    done = shell(f"{PY} -m engine {command.format(record=shlex.quote(str(record)))} >&-")
    assert "standard output is closed" in one_line_refusal(done)


def test_the_engine_command_line_on_a_full_stdout_is_one_line_and_status_2(record):
    done = shell(f"{PY} -m engine replay {shlex.quote(str(record))} > /dev/full")
    assert "No space left" in one_line_refusal(done)


@pytest.mark.parametrize("flags", ["--smoke", "--bench-idle 1"])
def test_salon_checks_with_stdout_closed_are_one_line_and_status_2(tmp_path, flags):
    done = shell(f"{PY} -m game {flags} --data-dir {shlex.quote(str(tmp_path))} >&-")
    assert "standard output is closed" in one_line_refusal(done)


@pytest.mark.parametrize("redirect", ["> /dev/full", ">&-"])
def test_salon_version_that_cannot_be_written_is_not_a_silent_success(redirect):
    one_line_refusal(shell(f"{PY} -m game --version {redirect}"))
    assert shell(f"{PY} -m game --version").stdout.startswith("salon ")


@pytest.mark.parametrize("what, command", [("fifo", "replay"), ("/dev/zero", "replay"), ("huge", "replay"),
                                           ("fifo", "review --seat 0")])
def test_the_engine_reads_records_through_the_guarded_reader(tmp_path, what, command):
    if what == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)  # nobody writes: a plain read would wait for ever
    elif what == "huge":
        path = tmp_path / "huge.json"
        with open(path, "wb") as f:
            f.truncate(64 * 1024 * 1024)  # sparse: 64 MB of nothing, far past any record
    else:
        path = Path(what)
    verb, *rest = command.split()
    done = shell(f"{PY} -m engine {verb} {shlex.quote(str(path))} {' '.join(rest)}", timeout=30)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "not a regular file" in done.stderr or "larger than" in done.stderr, done.stderr


@pytest.mark.parametrize("value", ["inf", "nan"])
def test_bench_idle_refuses_a_time_that_never_ends_or_means_nothing(value):
    assert "--bench-idle" in one_line_refusal(shell(f"{PY} -m game --bench-idle {value}"))


@pytest.mark.slow
def test_bench_idle_ends_on_sigterm(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    argv = [sys.executable, "-m", "game", "--bench-idle", "600", "--data-dir", str(tmp_path)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)
    try:
        first = proc.stderr.readline()  # the first screen is being measured: the loop is running
        assert first.startswith("salon --bench-idle: "), first + proc.stderr.read()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 128 + signal.SIGTERM, (code, proc.stderr.read())
    assert proc.stdout.read() == ""


def test_the_entry_point_hides_pygame_s_banner():
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", "import game.__main__, pygame"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout == "", done.stdout


@pytest.mark.slow
def test_a_salon_check_prints_only_its_json_line_on_stdout(tmp_path):
    folder = shlex.quote(str(tmp_path))
    done = shell(f"env -u PYGAME_HIDE_SUPPORT_PROMPT {PY} -m game --bench 1 --data-dir {folder}", timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and isinstance(json.loads(lines[0]), dict), done.stdout[:300]

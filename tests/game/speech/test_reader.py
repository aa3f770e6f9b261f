"""The screen reader's speaker (game.speech.reader): what the settings build, a backend that is missing
said once and then silence, the app rebuilding its speaker when speech is turned on, and on Linux a
sentence spoken for real through Prism's speech-dispatcher where it is installed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from helpers import frames, headless_app

from game.speech import Both, LogSpeaker, SilentSpeaker
from game.speech.reader import ReaderSpeaker, SpeechUnavailable, candidates, open_speaker


def settings(speech: bool, voice: str = "screen_reader") -> Any:
    return SimpleNamespace(speech=speech, speech_voice=voice)


def test_speech_off_is_silent_and_the_log_alone_writes(tmp_path: Any) -> None:
    assert isinstance(open_speaker(settings(False)), SilentSpeaker)
    log = open_speaker(settings(False), str(tmp_path / "said.jsonl"))
    assert isinstance(log, LogSpeaker)  # --speech-log alone: the log, no real voice
    log.say("turn", "Your turn")
    log.close()
    line = json.loads((tmp_path / "said.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert line == {"kind": "turn", "text": "Your turn", "lang": line["lang"]}


def test_speech_on_with_a_log_speaks_to_both(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("game.speech.reader.open_backend", _missing)
    both = open_speaker(settings(True), str(tmp_path / "said.jsonl"))
    assert isinstance(both, Both) and isinstance(both.first, ReaderSpeaker)
    both.close()


def test_the_built_in_voice_only_when_asked() -> None:
    assert "SPEECH_DISPATCHER" in candidates("builtin") and "SAPI" in candidates("builtin")
    assert "SPEECH_DISPATCHER" not in candidates("screen_reader") and "NVDA" in candidates("screen_reader")


def _missing(voice: str) -> Any:
    raise SpeechUnavailable("none on this system")


class FakeBackend:
    name = "Fake Reader"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def output(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    speak = output

    def stop(self) -> None:
        self.said.append(("", True))


def test_a_missing_backend_is_said_once_then_silence() -> None:
    problems: list[str] = []
    reader = ReaderSpeaker("screen_reader", problems.append, opener=_missing)
    assert reader.ready.wait(10)
    reader.say("turn", "Your turn")
    reader.say("move", "Svetlana: Ace of spades to the table")
    assert problems == ["none on this system"] and reader.problem == problems[0]
    reader.close()


def test_the_reader_speaks_in_order_and_an_interruption_drops_the_queue() -> None:
    backend = FakeBackend()
    reader = ReaderSpeaker("screen_reader", opener=lambda voice: backend)
    assert reader.ready.wait(10)
    reader.say("move", "one")
    reader.say("move", "two", interrupt=False)
    assert reader.wait_spoken(2, 10)
    assert backend.said == [("one", True), ("two", False)] and reader.name == "fake-reader"
    reader.close()


def test_turning_speech_on_rebuilds_the_speaker_and_a_missing_reader_is_told(monkeypatch: Any) -> None:
    monkeypatch.setattr("game.speech.reader.open_backend", _missing)
    app = headless_app("en")
    try:
        assert app.speech.name == "silent"
        app.settings.set("speech", True)  # what the Settings entry and the key chord do
        reader = app.speech
        assert isinstance(reader, ReaderSpeaker)
        assert reader.ready.wait(10)
        frames(app, 1)
        assert app.toast is not None and "screen reader" in app.toast[0]
        shown = app.toast
        frames(app, 1)
        assert app.toast == shown  # said once: not renewed every frame
        app.settings.set("speech", False)
        assert isinstance(app.speech, SilentSpeaker)
    finally:
        app.close()


@pytest.mark.slow  # it starts the system's speech server
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="speech-dispatcher is Linux's speech server")
def test_a_sentence_is_spoken_for_real_through_speech_dispatcher() -> None:
    if shutil.which("speech-dispatcher") is None or shutil.which("espeak-ng") is None:
        pytest.skip("speech-dispatcher and espeak-ng are not installed on this system")
    try:  # the system's own client first: with no audio output the server cannot speak
        done = subprocess.run(["spd-say", "--wait", "Salon"], capture_output=True, timeout=30)
        spoke = done.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        spoke = False
    if not spoke:
        pytest.skip("speech-dispatcher is installed but cannot speak here (spd-say failed: no audio output)")
    reader = ReaderSpeaker("builtin")
    try:
        assert reader.ready.wait(60), "speech-dispatcher did not answer"
        assert reader.problem is None, reader.problem
        assert reader.name == "speech-dispatcher"
        reader.say("turn", "Salon speaks: your turn")
        assert reader.wait_spoken(1, 30)
        assert reader.problem is None, reader.problem
    finally:
        reader.close()

"""The speech core: the announcement kinds of the --speech-log contract, and the log backend."""

import json

import pytest

from game.speech import KINDS, LogSpeaker, RecordingSpeaker, SilentSpeaker


def test_log_speaker_writes_one_json_line_per_announcement(tmp_path):
    path = tmp_path / "speech.jsonl"
    speaker = LogSpeaker(path)
    speaker.say("turn", "Ваш ход")
    speaker.say("move", "Pavel plays K♠ and takes 7♦")
    speaker.close()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    said = [(d["kind"], d["text"]) for d in lines]
    assert said == [("turn", "Ваш ход"), ("move", "Pavel plays K♠ and takes 7♦")]
    assert all(d["lang"] in ("ru", "en") for d in lines)


def test_log_speaker_appends(tmp_path):
    path = tmp_path / "speech.jsonl"
    path.write_text('{"kind": "screen", "text": "old", "lang": "en"}\n', encoding="utf-8")
    speaker = LogSpeaker(path)
    speaker.say("screen", "new")
    speaker.close()
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2


def test_an_unwritable_log_is_said_once_and_play_goes_on(tmp_path, capsys):
    speaker = LogSpeaker(tmp_path / "no-such-folder" / "speech.jsonl")
    speaker.say("turn", "a")
    speaker.say("turn", "b")
    assert capsys.readouterr().err.count("cannot write the speech log") == 1


@pytest.mark.parametrize("speaker", [SilentSpeaker(), RecordingSpeaker()])
def test_unknown_kinds_are_refused(speaker):
    with pytest.raises(ValueError):
        speaker.say("shout", "x")
    for kind in KINDS:
        speaker.say(kind, "x")
